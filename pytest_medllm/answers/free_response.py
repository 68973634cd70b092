"""Free-response reasoning prompts: the repeatability study's form of a multiple-choice item.

The study (``001``, §2.3) used MedQA cases "reformulated from multiple choice to free response format" (Savage et
al.'s set): the case and a question such as "What is the most likely diagnosis?", no options. This module writes an
item that way: its case, its question with the multiple-choice wording ("Which of the following is …") turned into
an open one ("What is …"), and one of the five reasoning instructions of Table 1 (``prompts.REASONING_PROMPTS``),
in the order and with the stops of ``prompts.reasoning_prompt`` — only the option lines are gone, so that the
option-listing and free-response forms differ in nothing else.

A reply to a free-response prompt is correct when it names the keyed option's text (read with ``parse_answer(...,
letters_shown=False)``: only option texts count, never a letter, which the model was not shown). A synonym or a
paraphrase of the keyed answer is therefore not counted correct: the study used physicians' labels instead.
"""

from __future__ import annotations

import re

from ..data.schemas import MCQItem
from .prompts import REASONING_PROMPTS, REASONING_STOPS, declares_stops

#: "Which of the following" before a verb or adverb becomes "What" ("Which of the following is the most likely
#: diagnosis?" -> "What is the most likely diagnosis?", Savage et al.'s wording); before a noun it becomes "Which"
#: ("Which of the following drugs …" -> "Which drugs …").
_WHICH_OF_THE_FOLLOWING = re.compile(r"\b([Ww])hich of the following\b(\s+)(\w+)")
_VERB_OR_ADVERB = frozenset({
    "is", "are", "was", "were", "best", "most", "would", "will", "could", "should", "can", "may", "might", "must",
    "has", "have", "had", "does", "do", "did", "describes", "explains", "accounts", "increases", "decreases",
    "causes", "represents", "indicates", "predisposes", "contributes", "confirms", "characterizes", "correctly",
    "likely", "also",
})
#: Other multiple-choice phrasings that name the options: "of the following" alone, "the options below".
_OF_THE_FOLLOWING = re.compile(r"\s*,?\s*\b(?:of|from|among) the (?:following|options(?: below)?)\b", re.IGNORECASE)


def open_question(question: str) -> str:
    """The item's question without reference to options that are no longer shown."""
    def which(match: re.Match) -> str:
        first, space, word = match.groups()
        opener = ("W" if first == "W" else "w") + ("hat" if word.lower() in _VERB_OR_ADVERB else "hich")
        return f"{opener}{space}{word}"

    text = _WHICH_OF_THE_FOLLOWING.sub(which, question.strip())
    return _OF_THE_FOLLOWING.sub("", text)


@declares_stops(REASONING_STOPS)
def free_response_reasoning_prompt(item: MCQItem, style: str) -> str:
    """The item's case and open question, followed by one of the five reasoning instructions (no options)."""
    case = f"{item.description.strip()} {open_question(item.question)}".strip()
    return f"{case}\n\n{REASONING_PROMPTS[style]}"
