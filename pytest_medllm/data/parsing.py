"""Answer parsing: from free model text to one option, MULTIPLE, or NONE — never a guess.

One study's code took the first A–D character anywhere in the output, so "Based on…" counted as answer B. Here a
letter only counts when the text uses it as an answer: in an explicit statement ("The answer is C", "Answer:
**C**", "C is correct"), as the leading token of the reply ("C.", "(C)", "C) Hypothyroidism"), next to its own
option text, in brackets, or alone on a line. Without letters (the study's "prompt A without letters"), the option
is recognised by its text. Reasoning models' final sections are found first ("## Final Response", "</think>",
gpt-oss's final channel). Everything else is a visible category with a reason: MULTIPLE when two or more options
are chosen, NONE when there is no answer, a contradiction, or degenerate text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal, Mapping, Sequence

Category = Literal["option", "multiple", "none"]
MULTIPLE = "MULTIPLE"
NONE = "NONE"


@dataclass(frozen=True)
class ParsedAnswer:
    """What a response chose: ``category`` "option" (with ``letter``), "multiple" or "none" (with ``reason``)."""

    category: Category
    letter: str | None = None
    letters: tuple[str, ...] = ()
    method: str = ""
    reason: str = ""

    @property
    def usable(self) -> bool:
        return self.category == "option"

    @property
    def label(self) -> str:
        """The answer as one category label: a letter, ``MULTIPLE`` or ``NONE`` (for agreement statistics)."""
        if self.category == "option":
            assert self.letter is not None
            return self.letter
        return MULTIPLE if self.category == "multiple" else NONE

    def to_dict(self) -> dict:
        return {"category": self.category, "letter": self.letter, "letters": list(self.letters),
                "method": self.method, "reason": self.reason}


def _none(reason: str, method: str = "") -> ParsedAnswer:
    return ParsedAnswer("none", None, (), method, reason)


def _chosen(letters: Sequence[str], method: str) -> ParsedAnswer:
    unique = tuple(dict.fromkeys(letters))
    if len(unique) == 1:
        return ParsedAnswer("option", unique[0], unique, method)
    return ParsedAnswer("multiple", None, tuple(sorted(unique)), method, "more than one option chosen")


# -- final segment of reasoning models --------------------------------------------------------------------

_HARMONY_FINAL = re.compile(r"<\|channel\|>\s*final\s*<\|message\|>", re.I)
_FINAL_HEADINGS = re.compile(r"^\s*#{1,6}\s*final\s+(?:response|answer)\s*:?\s*$", re.I | re.M)
_THINKING_HEADING = re.compile(r"^\s*#{1,6}\s*thinking\b", re.I | re.M)


def final_segment(text: str) -> tuple[str | None, str]:
    """The part of ``text`` that holds the final answer, or ``(None, reason)`` when reasoning never finished."""
    harmony = list(_HARMONY_FINAL.finditer(text))
    if harmony:
        text = text[harmony[-1].end():]
        return re.sub(r"<\|(?:end|return|call)\|>.*", "", text, flags=re.S), ""
    if "<|channel|>" in text:
        return None, "reasoning channel without a final channel"
    if "</think>" in text:
        return text.rsplit("</think>", 1)[1], ""
    if "<think>" in text:
        return None, "reasoning (<think>) never finished"
    headings = list(_FINAL_HEADINGS.finditer(text))
    if headings:
        return text[headings[-1].end():], ""
    if _THINKING_HEADING.search(text):
        return None, "'## Thinking' without a '## Final Response'"
    return text, ""


# -- normalisation ----------------------------------------------------------------------------------------------

def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"\\boxed\s*\{\s*(?:\\text\s*\{)?\s*([^{}]*?)\s*\}?\s*\}", r"\1", text)
    text = re.sub(r"\\text(?:bf)?\s*\{([^{}]*)\}", r"\1", text)
    text = text.replace("$", "")
    text = re.sub(r"(\*\*|__|\*|`)", "", text)  # markdown emphasis and code ticks
    text = re.sub(r"<\|[^|>]{1,40}\|>", " ", text)  # leftover special tokens
    return text


def _fold(text: str) -> str:
    return " ".join(re.sub(r"[^\w%/+.-]+", " ", text.casefold()).split())


def _is_degenerate(text: str) -> str:
    if not re.search(r"[A-Za-z]", text):
        return "no letters or words in the reply"
    words = re.findall(r"\w+", text.casefold())
    if len(words) >= 12 and len(set(words)) / len(words) < 0.15:
        return "degenerate repetition"
    return ""


# -- patterns ---------------------------------------------------------------------------------------------------

_L = r"(?<![A-Za-z0-9])[\(\[\"']?(?P<letter>[A-Z])[\)\]\"']?(?![A-Za-z0-9])"
_LETTER = re.compile(_L)
_ANSWER_PHRASES = [
    # "The (final/correct) answer is C", "Answer: C", "answers are A and C", "answer choice - C"
    r"\b(?:(?P<final>final)\s+|correct\s+|best\s+|right\s+|most\s+(?:likely|appropriate)\s+)?answers?"
    r"(?:\s+(?:choice|option))?\s*(?:is|are|would\s+be|will\s+be|should\s+be|lies\s+(?:in|at|within|with)|:|=|-|–)"
    r"\s*",
    # "The correct option is C", "the most likely diagnosis in this patient is Turner syndrome"
    r"\b(?:correct|best|right|most\s+(?:likely|appropriate|accurate|probable))\s+"
    r"(?:option|choice|response|diagnosis|answer|management|next\s+step|treatment|cause|explanation)"
    r"(?:\s+\w+){0,3}?\s*(?:is|would\s+be|:)\s*",
    # "I would choose C", "My final answer: C", "I select option C"
    r"\b(?:I\s+(?:would\s+|will\s+)?(?:choose|select|pick|go\s+with)|my\s+(?P<final>final\s+)?"
    r"(?:choice|answer|selection)\s*(?:is|would\s+be|:))\s*",
    r"\b(?P<final>final)\s+(?:choice|selection)\s*(?:is|:)\s*",
    # "I think it's C", "I believe it is option B"
    r"\bI\s+(?:think|believe)\s+(?:that\s+)?it(?:'s|\s+is|\s+would\s+be)\s*",
]
_ANSWER_RE = [re.compile(p, re.I) for p in _ANSWER_PHRASES]
# "Option C is correct", "(C) is the best answer", "C is the most likely diagnosis" (only the words ignore case)
_LETTER_FIRST_RE = re.compile(
    r"(?:\b(?i:option|choice|answer)\s*)?" + _L +
    r"\s*(?i:is|would\s+be|seems\s+to\s+be|appears\s+to\s+be)\s+(?i:the\s+)?"
    r"(?i:correct|right|best|most\s+(?:likely|appropriate|accurate))\b")
_SEPARATOR = re.compile(r"\s*(?:,|/|&|\band/or\b|\band\b|\bor\b|\bplus\b)\s*(?:option\s+|choice\s+)?", re.I)
_TERMINATOR = re.compile(r"\s*(?:[.,;:!?)\]\n]|$)")
_CONTINUES = re.compile(r"(?i:is|would|because|since|as|for|seems|appears|and|but|so|which|given|due)\b")


def _single_letter_ends(tail: str, end: int, letter: str, options: Mapping[str, str]) -> bool:
    """Whether a lone capital at ``tail[:end]`` is used as an answer and not as a word ("A 10-year-old")."""
    if end >= len(tail) or tail[end] in ".):]\n,;!?":
        return True
    if tail[end] not in " \t":
        return False
    rest = tail[end:].lstrip(" \t")
    if not rest or rest[0] in "-–—:\n(":
        return True
    if _CONTINUES.match(rest):
        return True
    return letter in options and _starts_with_option(rest, options[letter])


def _letter_list(tail: str, options: Mapping[str, str]) -> tuple[list[str], int] | None:
    """Parse 'C', '(C)', 'option C', 'A and C', 'B, D' at the start of ``tail``; return (letters, end)."""
    prefix = re.match(r"\s*(?:(?i:option|choice|letter)\s+)?", tail)
    match = _LETTER.match(tail, prefix.end() if prefix else 0)
    if not match:
        return None
    found = [match["letter"]]
    end = match.end()
    while True:
        sep = _SEPARATOR.match(tail, end)
        if not sep:
            break
        nxt = _LETTER.match(tail, sep.end())
        if not nxt or not _TERMINATOR.match(tail, nxt.end()):
            break  # "A and B is wrong" lists nothing: the last letter must end the list
        found.append(nxt["letter"])
        end = nxt.end()
    if len(found) == 1 and not _single_letter_ends(tail, end, found[0], options):
        return None
    return found, end


def _starts_with_option(text: str, option: str) -> bool:
    folded, needle = _fold(text[:400]), _fold(option)
    return bool(needle) and folded.startswith(needle) and (len(folded) == len(needle)
                                                           or not folded[len(needle)].isalnum())


def _option_text_at(tail: str, options: Mapping[str, str]) -> str | None:
    """The option whose text ``tail`` starts with (longest first: 'Central hypothyroidism' before
    'Hypothyroidism')."""
    for letter, text in sorted(options.items(), key=lambda kv: -len(kv[1])):
        if _starts_with_option(tail, text):
            return letter
    return None


def _explicit(text: str, options: Mapping[str, str]) -> list[tuple[int, list[str], bool]]:
    """Explicit answer statements as (position, letters, marked final)."""
    found: list[tuple[int, list[str], bool]] = []
    for regex in _ANSWER_RE:
        for match in regex.finditer(text):
            tail = text[match.end():]
            is_final = bool(match.groupdict().get("final"))
            parsed = _letter_list(tail, options)
            if parsed is not None:
                found.append((match.start(), parsed[0], is_final))
                continue
            letter = _option_text_at(tail, options)
            if letter is not None:
                found.append((match.start(), [letter], is_final))
    for match in _LETTER_FIRST_RE.finditer(text):
        found.append((match.start(), [match["letter"]], False))
    # "The most likely diagnosis is X" can repeat the same statement through two phrases: keep each position once.
    unique: dict[int, tuple[int, list[str], bool]] = {}
    for entry in sorted(found, key=lambda e: e[0]):
        unique.setdefault(entry[0], entry)
    return list(unique.values())


def _text_first_explicit(text: str, options: Mapping[str, str]) -> list[str]:
    """'Hypochondroplasia is the most likely diagnosis' (option text, then the verdict)."""
    chosen = []
    folded = _fold(text)
    for letter, option in options.items():
        pattern = re.escape(_fold(option)) + r" (?:is|would be|seems to be|appears to be) (?:the )?" \
                                            r"(?:correct|right|best|most (?:likely|appropriate|accurate|probable))"
        if re.search(r"(?<![\w])" + pattern, folded):
            chosen.append(letter)
    return chosen


def _mentioned_options(text: str, options: Mapping[str, str]) -> list[str]:
    """Options whose text appears in ``text``; longer texts are matched first and masked out."""
    folded = " " + _fold(text) + " "
    found = []
    for letter, option in sorted(options.items(), key=lambda kv: -len(kv[1])):
        needle = _fold(option)
        if not needle:
            continue
        pattern = re.compile(r"(?<=[\s(\[\"'])" + re.escape(needle) + r"(?=[\s)\].,;:!?\"'])")
        if pattern.search(folded):
            found.append(letter)
            folded = pattern.sub(" ", folded)
    return found


# -- the parser ---------------------------------------------------------------------------------------------------

def parse_answer(text: str | None, options: Mapping[str, str] | Sequence[tuple[str, str]],
                 letters_shown: bool = True) -> ParsedAnswer:
    """Parse a model's reply to a multiple-choice question.

    ``options`` maps letters to option texts. With ``letters_shown=False`` (options were listed without letters)
    only option texts count, since any letter in the reply would be the model's own invention.
    """
    option_map = dict(options)
    if text is None or not text.strip():
        return _none("empty reply")
    final, why = final_segment(text)
    if final is None:
        return _none(why, "reasoning")
    final = _clean(final).strip()
    if not final:
        return _none("empty final answer")
    degenerate = _is_degenerate(final)
    if degenerate:
        return _none(degenerate)

    explicit = _explicit(final, option_map) if letters_shown else _explicit_texts_only(final, option_map)
    if explicit:
        invalid = sorted({x for _, ls, _ in explicit for x in ls if x not in option_map})
        finals = [e for e in explicit if e[2]]
        candidates = finals[-1:] if finals else explicit
        sets = {tuple(sorted(set(ls))) for _, ls, _ in candidates}
        if len(sets) == 1:
            chosen = list(next(iter(sets)))
            bad = [x for x in chosen if x not in option_map]
            if bad:
                return _none(f"chose {', '.join(bad)}, which is not an option", "explicit")
            return _chosen(chosen, "explicit-final" if finals else "explicit")
        if invalid and len(sets) == 2:
            valid_sets = [s for s in sets if all(x in option_map for x in s)]
            if len(valid_sets) == 1:
                return _chosen(list(valid_sets[0]), "explicit")
        return _none(f"contradictory answers {sorted(sets)}", "explicit")

    if letters_shown:
        leading = _letter_list(final, option_map)
        if leading is not None:
            chosen = leading[0]
            if all(x in option_map for x in chosen):
                return _chosen(chosen, "leading")
        with_text = _letters_with_own_text(final, option_map)
        if len(with_text) == 1:
            return _chosen(with_text, "letter-with-text")
        bracketed = sorted({m.group(1) for m in re.finditer(r"[\(\[]([A-Z])[\)\]]", final)} & set(option_map))
        if len(bracketed) == 1 and len(with_text) == 0:
            return _chosen(bracketed, "bracketed")
        alone = sorted({m.group(1) for m in re.finditer(r"(?m)^\s*([A-Z])\s*[.)]?\s*$", final)} & set(option_map))
        if len(alone) == 1:
            return _chosen(alone, "letter-alone")

    verdicts = _text_first_explicit(final, option_map)
    if len(verdicts) == 1:
        return _chosen(verdicts, "option-text-verdict")
    mentioned = _mentioned_options(final, option_map)
    if len(mentioned) == 1:
        return _chosen(mentioned, "option-text")
    if len(mentioned) > 1:
        return _none(f"mentions options {''.join(sorted(mentioned))} without choosing one", "option-text")
    return _none("no answer found")


def _explicit_texts_only(final: str, options: Mapping[str, str]) -> list[tuple[int, list[str], bool]]:
    """Explicit statements whose answer is given as option text (for prompts that showed no letters)."""
    found = []
    for regex in _ANSWER_RE:
        for match in regex.finditer(final):
            letter = _option_text_at(final[match.end():], options)
            if letter is not None:
                found.append((match.start(), [letter], bool(match.groupdict().get("final"))))
    unique: dict[int, tuple[int, list[str], bool]] = {}
    for entry in sorted(found, key=lambda e: e[0]):
        unique.setdefault(entry[0], entry)
    return list(unique.values())


def _text_pattern(option: str) -> str:
    """A regex for an option text: case-insensitive, any run of spaces between words."""
    return "(?i:" + r"\s+".join(re.escape(word) for word in option.split()) + ")"


def _letters_with_own_text(text: str, options: Mapping[str, str]) -> list[str]:
    """Letters written together with their own option text ('C. Hypothyroidism', '(C) Hypothyroidism').

    The letter stays case-sensitive: 'a hypothyroid state' is an article, not option A."""
    found = []
    for letter, option in options.items():
        if not option.strip():
            continue
        pattern = r"(?<![A-Za-z0-9])[\(\[]?" + letter + r"[\)\]]?[.):-]?\s+" + _text_pattern(option) + r"(?!\w)"
        if re.search(pattern, text):
            found.append(letter)
    return found


# -- self-assessment replies (pediatric endocrinology study, Experiment 3) -------------------------------------------

_REF = (r"(?:(?:explanation|response)\s*(?:#\s*)?(?P<n>[12]|one|two)\b"
        r"|(?:the\s+)?(?P<ord>first|second)\s+(?:explanation|response|one)\b)")
_NUMBERS = {"1": 1, "2": 2, "one": 1, "two": 2, "first": 1, "second": 2}
_PREFERENCE_CUES = [
    # "The most clinically correct option is explanation 2", "... makes more clinical sense is the first one"
    r"\b(?:most|more)\s+(?:clinical(?:ly)?\s+)?(?:correct|accurate|sensible|appropriate)\b[^.\n]{0,60}?"
    r"\b(?:is|was|would\s+be|:)\s*",
    # "The answer lies within Explanation 1"
    r"\b(?:answer|choice|preference)\s+(?:lies|is)\s+(?:with)?in\s*",
    r"\b(?:makes?|made)\s+(?:more|the\s+most)\s+clinical\s+sense\b[^.\n]{0,20}?(?:is|:)\s*",
    # "I would choose explanation 1", "The better explanation is the second one"
    r"\b(?:I\s+(?:would\s+)?(?:choose|select|prefer|pick|go\s+with)|(?:the\s+)?(?:better|preferred|best)\s+"
    r"(?:one|choice|explanation|option)\s+(?:is|:))\s*",
]
# "Explanation 1 is more clinically correct", "The first explanation makes more clinical sense"
_VERDICT = re.compile(_REF + r"\s+(?:is|seems|appears|makes|provides|gives|offers)\s+(?:to\s+be\s+)?(?:the\s+|a\s+)?"
                      r"(?:more|most|better|best)\b", re.I)


def _ref_number(match: re.Match) -> int:
    return _NUMBERS[(match["n"] or match["ord"]).lower()]


def parse_preference(text: str | None) -> int | None:
    """Which of two explanations a reply prefers (1 or 2), or None when it picks neither, both, or something new.

    Understands "Explanation 1 is more clinically correct", "The most clinically correct option is explanation 2",
    "I would choose the second explanation", "The first explanation makes more clinical sense"; contradictory
    choices give None.
    """
    if not text:
        return None
    final, _ = final_segment(text)
    if final is None:
        return None
    body = _clean(final)
    choices: list[int] = []
    for cue in _PREFERENCE_CUES:
        for match in re.finditer(cue, body, re.I):
            ref = re.match(r"\s*(?:option\s+)?" + _REF, body[match.end():], re.I)
            if ref:
                choices.append(_ref_number(ref))
    choices.extend(_ref_number(m) for m in _VERDICT.finditer(body))
    distinct = set(choices)
    return distinct.pop() if len(distinct) == 1 else None


def parse_agreement(text: str | None) -> int | None:
    """The agreement level 0-5 a reply states ("agreement level: 4", "I would rate the agreement 3/5")."""
    if not text:
        return None
    final, _ = final_segment(text)
    body = _clean(final or "")
    value = r"(?:a\s+|about\s+|around\s+|level\s+)?(?P<v>[0-5])(?:\s*(?:/|out\s+of)\s*5)?(?![\d.])"
    patterns = [
        r"agreement(?:\s+(?:level|score|rating))?\s*(?:is|of|:|=|at|would\s+be)\s*" + value,
        r"agreement\s+between\b[^.\n]{0,80}?\b(?:is|:|=|at|would\s+be)\s*" + value,
        r"(?P<v>[0-5])\s*(?:/|out\s+of)\s*5\b",
        r"(?:rate|score)\s+(?:the\s+|their\s+)?(?:agreement|similarity)\b[^.\n]{0,30}?\b(?:as|at)?\s*" + value,
    ]
    values = {int(m["v"]) for p in patterns for m in re.finditer(p, body, re.I)}
    return values.pop() if len(values) == 1 else None
