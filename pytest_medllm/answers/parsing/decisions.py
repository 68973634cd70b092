"""Evidence questions (PubMedQA-shaped): a yes / no / maybe decision, MULTIPLE for a hedge or the choices listed
back, NONE with its reason."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .continuation import find_continuation
from .reply_text import (
    CORRECTION,
    Categorized,
    Category,
    final_segment,
    normalize,
    unwrap_markdown,
)


@dataclass(frozen=True)
class ParsedDecision(Categorized):
    """A yes/no/maybe answer: ``category`` "option" (with ``label``), "multiple" or "none" (with ``reason``)."""

    category: Category
    decision: str | None = None
    decisions: tuple[str, ...] = field(default_factory=tuple)
    method: str = ""
    reason: str = ""

    def _chosen(self) -> str | None:
        return self.decision

    def to_dict(self) -> dict:
        return {"category": self.category, "decision": self.decision, "decisions": list(self.decisions),
                "method": self.method, "reason": self.reason}


_DECISION = r"(?P<d>yes|no|maybe|uncertain|unsure|cannot\s+be\s+determined)"
_DECISION_CUES = re.compile(
    r"(?:(?P<final>final\s+)?(?:answer|decision|verdict|conclusion)s?\s*(?:is|would\s+be|:|=|-)|"
    r"\bI\s+(?:would\s+)?(?:say|answer|conclude)|\bmy\s+(?:final\s+)?answer\s*(?:is|:)?)\s*[\"'(]?", re.I)


# One decision word inside a list or hedge: not followed by a further word ("no adverse events" is a determiner).
_LISTED = r"(?:yes|no|maybe)\b(?!\s+(?!or\b)[^\W\d_])"
_DECISION_LIST = re.compile(rf"\b{_LISTED}(?:\s*(?:,\s*(?:or\s+)?|/\s*|or\s+){_LISTED})+", re.I)


def _decision_word(word: str) -> str:
    word = word.lower()
    return "maybe" if word in ("uncertain", "unsure") or word.startswith("cannot") else word


def parse_decision(text: str | None, reasoning: str | None = None, question: str | None = None
                   ) -> ParsedDecision:
    """Parse a yes/no/maybe answer to an evidence question ("Answer: yes", "No, because…", "The answer is maybe",
    "Final decision: no"); a hedge between decisions ("yes or maybe") and a list of them ("yes, no, or maybe" — the
    instruction's choices repeated back, common in small models) are MULTIPLE unless a decision follows them;
    disagreeing decisions without a correction are NONE ("contradiction"). "No" used as a determiner ("Yes, no
    adverse events occurred") is not a decision. Text from an invented continuation on (a new question, a leaked
    dialogue turn; see :mod:`.continuation`) is not read; ``question`` (the research question) tells a restated
    question from an invented one."""
    if text is None or not text.strip():
        return ParsedDecision("none", reason="no answer found: empty reply")
    continuation = find_continuation(text, question=question)
    if continuation is not None:  # only what answers the question asked counts (see continuation.py)
        text = text[:continuation.start]
        if not re.search(r"\w", text):
            return ParsedDecision("none", method="continuation",
                                  reason=f"no answer before an invented continuation ({continuation.kind})")
    final, why = final_segment(text, reasoning)
    if final is None:
        return ParsedDecision("none", method="reasoning", reason=why)
    body = unwrap_markdown(normalize(final)).strip()
    found: list[tuple[int, str, bool, bool]] = []  # (position, decision, final, corrected)
    corrections = [m.end() for m in CORRECTION.finditer(body)]
    for cue in _DECISION_CUES.finditer(body):
        match = re.match(rf"\s*(?:(?P<neg>not)\s+)?{_DECISION}\b", body[cue.end():], re.I)
        if match and not match.group("neg"):
            found.append((cue.start(), _decision_word(match["d"]), bool(cue.group("final")), False))
    lead = re.match(rf"\W*{_DECISION}\b(?!\s+(?:one|of|more|less|further|other|doubt))", body, re.I)
    if lead:
        found.append((0, _decision_word(lead["d"]), False, False))
    found.sort()
    for listed in _DECISION_LIST.finditer(body):
        words = tuple(dict.fromkeys(w.lower() for w in re.findall(r"yes|no|maybe", listed.group(), re.I)))
        if len(words) > 1 and not any(f[0] >= listed.end() for f in found):
            ordered = tuple(d for d in ("yes", "no", "maybe") if d in words)
            if len(ordered) == 3 or "," in listed.group():
                return ParsedDecision("multiple", decisions=ordered, method="choices-listed",
                                      reason=f"lists the choices {', '.join(ordered)} without choosing one")
            return ParsedDecision("multiple", decisions=ordered, method="hedge",
                                  reason=f"hedge: {' or '.join(ordered)}")
    if not found:
        return ParsedDecision("none", reason="no answer found")
    finals = [f for f in found if f[2]]
    chosen = finals[-1] if finals else found[-1]
    others = {f[1] for f in found if f[0] < chosen[0]} - {chosen[1]}
    corrected = any(max((f[0] for f in found if f[0] < chosen[0]), default=-1) < c <= chosen[0]
                    for c in corrections)
    if others and not finals and not corrected:
        return ParsedDecision("none", method="resolution",
                              reason=f"contradiction: {' and '.join(sorted(others | {chosen[1]}))}")
    return ParsedDecision("option", chosen[1], (chosen[1],), "answer-phrase-final" if chosen[2] else
                          ("leading" if chosen[0] == 0 and lead else "answer-phrase"))

