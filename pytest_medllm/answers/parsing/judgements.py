"""Self-assessment replies (the pediatric endocrinology study's Experiment 3): which of two explanations a judge
prefers, read with the same care as answers, and the agreement level 0-5 it states."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .continuation import find_continuation
from .reply_text import (
    CORRECTION,
    before_runaway,
    final_segment,
    normalize,
    unwrap_markdown,
)

_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "first": 1, "second": 2}
_REF = (r"(?:(?:explanation|response|option|answer)\s*(?:#|no\.?|number)?\s*(?P<n>[12]|one|two)\b"
        r"|(?:the\s+)?(?P<ord>first|second|former|latter)(?:\s+(?:explanation|response|one|option))?\b)")
_PREFERENCE_CUES = [
    r"\b(?:most|more)\s+(?:clinical(?:ly)?\s+)?(?:correct|accurate|sensible|appropriate|sound)\b[^.\n]{0,60}?"
    r"\b(?:is|was|would\s+be|:)\s*",
    r"\b(?:answer|choice|preference)\s+(?:lies|is)\s+(?:with)?in\s*",
    r"\b(?:makes?|made)\s+(?:more|the\s+most)\s+clinical\s+sense\b[^.\n]{0,20}?(?:is|:)\s*",
    r"\b(?:I\s+(?:would\s+|'d\s+)?(?:choose|select|prefer|pick|go\s+with)|(?:the\s+)?(?:better|preferred|best|"
    r"superior|stronger)\s+(?:one|choice|explanation|option|response)\s+(?:is|:)|I\s+prefer|prefer(?:red|ence)?\s*:|"
    r"I(?:'d|\s+would)?\s+go\s+with|the\s+(?:correct|right)\s+one\s+is)\s*",
]
_VERDICT = re.compile(_REF + r"\s+(?:is|seems|appears|makes|provides|gives|offers|was)\s+(?:to\s+be\s+)?"
                      r"(?:clearly\s+|definitely\s+)?(?:the\s+|a\s+)?(?:more|most|better|best|superior|preferable|"
                      r"preferred)\b", re.I)
_NEGATED_VERDICT = re.compile(_REF + r"\s+(?:is|seems|was)\s+(?:not|less)\b", re.I)


def _ref_number(match: re.Match) -> int:
    word = (match["n"] or match["ord"]).lower()
    return {"former": 1, "latter": 2}.get(word) or _NUMBER_WORDS.get(word) or int(word)


@dataclass(frozen=True)
class ParsedPreference:
    """Which explanation a self-assessment reply prefers (``preference`` 1 or 2, or None) and how it was read:
    ``method`` names the rule that decided, ``reason`` says why there is no preference (as for answers, so that a
    failing example in the report shows how its reply was read)."""

    preference: int | None
    method: str = ""
    reason: str = ""

    def to_dict(self) -> dict:
        return {"preference": self.preference, "method": self.method, "reason": self.reason}


def read_preference(text: str | None) -> ParsedPreference:
    """Which of two explanations a reply prefers, with the rule that decided or the reason it is None (see
    :func:`parse_preference` for the grammar).

    Methods: ``preference-phrase`` ("I would choose the second explanation"), ``verdict`` ("Explanation 2 is
    better"), ``elliptical`` ("…; explanation 2 is."), ``alone`` ("The second one."), ``elimination``
    ("explanation 1 is not better" leaves 2), ``correction`` (a later choice after "wait", "actually")."""
    if not text:
        return ParsedPreference(None, reason="no choice found: empty reply")
    continuation = find_continuation(text)
    if continuation is not None:  # a judge that goes on to invent a new case: only its first part judges
        text = text[:continuation.start]
    final, why = final_segment(text)
    if final is None:
        return ParsedPreference(None, "reasoning", why)
    body = before_runaway(unwrap_markdown(normalize(final)))
    choices: list[tuple[int, int, str]] = []  # (position, explanation, method)
    rejected = {_ref_number(m) for m in _NEGATED_VERDICT.finditer(body)}
    for cue in _PREFERENCE_CUES:
        for match in re.finditer(cue, body, re.I):
            ref = re.match(r"\s*(?:option\s+)?" + _REF, body[match.end():], re.I)
            if ref:
                choices.append((match.end(), _ref_number(ref), "preference-phrase"))
    choices.extend((m.start(), _ref_number(m), "verdict") for m in _VERDICT.finditer(body))
    for match in re.finditer(r"(?:^|[.;:,!]\s*)(?:wait|actually|no)?\s*,?\s*" + _REF + r"\s+is\s*[.!;]", body, re.I):
        # "…; explanation 2 is." / "Wait, explanation 2 is."
        choices.append((match.start(), _ref_number(match), "elliptical"))
    alone = re.fullmatch(r"\W*(?:the\s+)?(?P<ord>first|second)(?:\s+(?:one|explanation|response))?\W*", body, re.I)
    if alone:
        choices.append((0, _NUMBER_WORDS[alone["ord"].lower()], "alone"))
    choices.sort()
    wanted = [c for c in choices if c[1] not in rejected]
    distinct = {c[1] for c in wanted}
    if not distinct:
        if len(rejected) == 1 and not choices:  # "explanation 1 is not better" leaves the other one
            return ParsedPreference(3 - next(iter(rejected)), "elimination")
        if choices:
            chosen = sorted({c[1] for c in choices})
            return ParsedPreference(None, "resolution", "contradiction: chooses and rejects explanation "
                                    + " and ".join(map(str, chosen)))
        if rejected:
            return ParsedPreference(None, "resolution", "no choice found: rejects both explanations")
        return ParsedPreference(None, reason="no choice found")
    if len(distinct) == 1:
        return ParsedPreference(wanted[-1][1], wanted[-1][2])
    last = wanted[-1]
    previous = max(c[0] for c in wanted if c[1] != last[1])
    if any(previous < m.end() <= last[0] + 12 for m in CORRECTION.finditer(body)):
        return ParsedPreference(last[1], "correction")
    return ParsedPreference(None, "resolution", "contradiction: prefers explanation 1 and explanation 2")


def parse_preference(text: str | None) -> int | None:
    """Which of two explanations a reply prefers (1 or 2), or None when it picks neither, both, or something new.

    Understands "Explanation 1 is more clinically correct", "The most clinically correct option is explanation 2",
    "I would choose the second explanation", "Explanation 2 is better", "I prefer the first", "Explanation #1",
    "Preference: explanation 2", a reply that is only "The second one."; "Explanation 1 is not more correct;
    explanation 2 is" is 2; a later choice after a correction ("Wait, explanation 2 is.") wins; other contradictory
    choices give None. :func:`read_preference` also says how the reply was read.
    """
    return read_preference(text).preference


_SCORE = r"(?P<v>[0-5]|zero|one|two|three|four|five)"


def _score(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def parse_agreement(text: str | None) -> int | None:
    """The agreement level 0-5 a reply states ("agreement level: 4", "3/5", "3 out of 5", "three", "level 3.").

    Numbers that are no score ("5 mg", "type 2 diabetes", "explanation 2", "7/10") are not read."""
    if not text:
        return None
    final, _ = final_segment(text)
    body = unwrap_markdown(normalize(final or ""))
    value = rf"(?:a\s+|about\s+|around\s+|level\s+(?:of\s+)?|score\s+(?:of\s+)?)?{_SCORE}(?:\s*(?:/|out\s+of)\s*5)?" \
            rf"(?!\s*(?:/|out\s+of)\s*\d)(?![\d\w]|\.\d|\s*(?:mg|ml|kg|%|years?))"
    patterns = [
        rf"agreement(?:\s+(?:level|score|rating))?\s*(?:is|of|:|=|at|would\s+be|-)\s*(?:rated\s+)?{value}",
        rf"agreement(?:\s+(?:level|score))?\s+between\b[^.\n]{{0,80}}?(?:\bis|:|=|\bat|\bwould\s+be)\s*{value}",
        rf"agreement\s*\(\s*{_SCORE}\s*\)", rf"\b{_SCORE}\s+agreement\b",
        rf"\blevel\s+{_SCORE}\s+agreement\b", rf"\bagreement[^.\n]{{0,40}}?\(\s*{_SCORE}\s*\)",
        rf"(?:level|degree)\s+of\s+agreement\s*(?:is|:|=|at|would\s+be|-)?\s*{value}",
        rf"\b{_SCORE}\s*(?:/|out\s+of)\s*5\b",
        rf"\b(?:rate|score|put)\s+(?:the\s+|their\s+|this\s+|it\s+)?(?:agreement|similarity)\b[^.\n]{{0,30}}?"
        rf"\b(?:as|at|a)?\s*{value}",
    ]
    values = {_score(m["v"]) for p in patterns for m in re.finditer(p, body, re.I)}
    return values.pop() if len(values) == 1 else None


