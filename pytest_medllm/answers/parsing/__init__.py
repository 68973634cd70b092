"""Reading model replies: one option, MULTIPLE or NONE for multiple-choice questions (:mod:`.choices`, whose
docstring holds the grammar table), a preference and an agreement level for self-assessment (:mod:`.judgements`),
yes / no / maybe for evidence questions (:mod:`.decisions`); what they share in :mod:`.reply_text`."""

from ...data.schemas import DECISIONS, MULTIPLE, NONE
from .choices import UNUSABLE_CLASSES, ParsedAnswer, parse_answer, unusable_class
from .decisions import ParsedDecision, parse_decision
from .judgements import (
           ParsedPreference,
           parse_agreement,
           parse_preference,
           read_preference,
)
from .reply_text import REASONING_FORMATS, Category, final_segment, fold, normalize

__all__ = ["DECISIONS", "MULTIPLE", "NONE", "REASONING_FORMATS", "Category", "ParsedAnswer", "ParsedDecision",
           "ParsedPreference", "final_segment", "fold", "normalize", "parse_agreement", "parse_answer",
           "parse_decision", "parse_preference", "read_preference", "UNUSABLE_CLASSES", "unusable_class"]
