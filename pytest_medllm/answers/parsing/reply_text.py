"""What every reply reader does first: cut the final answer out of reasoning models' output, normalise the text
the same way for replies and option texts, unwrap markdown, and drop what a model wrote after its answer (an
invented dialogue or question). Also the category base every parsed reply shares, and the correction cues
("actually", "wait") that let a later answer replace an earlier one.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from ...data.schemas import MULTIPLE, NONE

Category = Literal["option", "multiple", "none"]
REASONING_FORMATS = (None, "think-tags", "huatuo", "harmony")


class Categorized:
    """What parsed answers share: one category, and a label for agreement statistics."""

    category: Category

    @property
    def usable(self) -> bool:
        return self.category == "option"

    def _chosen(self) -> str | None:
        raise NotImplementedError

    @property
    def label(self) -> str:
        """The answer as one category label: the chosen option, ``MULTIPLE`` or ``NONE``."""
        if self.category == "option":
            chosen = self._chosen()
            assert chosen is not None
            return chosen
        return MULTIPLE if self.category == "multiple" else NONE


# -- 1. the final segment of reasoning models -----------------------------------------------------------------

_HARMONY_FINAL = re.compile(r"<\|channel\|>\s*final\s*<\|message\|>", re.I)
_FINAL_HEADINGS = re.compile(r"^\s*#{1,6}\s*final\s+(?:response|answer)\s*:?\s*$", re.I | re.M)
_THINKING_HEADING = re.compile(r"^\s*#{1,6}\s*thinking\b", re.I | re.M)


def final_segment(text: str, reasoning: str | None = None) -> tuple[str | None, str]:
    """The part of ``text`` that holds the final answer, or ``(None, reason)`` when reasoning never finished.

    ``reasoning`` is the model's declared format; None detects any of them."""
    if reasoning not in REASONING_FORMATS:
        raise ValueError(f"reasoning must be one of {REASONING_FORMATS}, got {reasoning!r}")
    harmony = list(_HARMONY_FINAL.finditer(text))
    if harmony:
        return re.sub(r"<\|(?:end|return|call)\|>.*", "", text[harmony[-1].end():], flags=re.S), ""
    if reasoning == "harmony" or "<|channel|>" in text:
        return None, "reasoning never finished: no final channel"
    if "</think>" in text:
        return text.rsplit("</think>", 1)[1], ""
    if reasoning == "think-tags" or "<think>" in text:
        return None, "reasoning never finished: no </think>"
    headings = list(_FINAL_HEADINGS.finditer(text))
    if headings:
        return text[headings[-1].end():], ""
    if reasoning == "huatuo" or _THINKING_HEADING.search(text):
        return None, "reasoning never finished: no '## Final Response'"
    return text, ""


def final_sections(text: str) -> list[str]:
    """Every final answer a reasoning model wrote, when it wrote more than one (a loop of "## Thinking" and
    "## Final Response", several ``</think>``, several final channels): each section up to the next reasoning
    part. One section or none: an empty list (:func:`final_segment` reads it)."""
    harmony = list(_HARMONY_FINAL.finditer(text))
    if len(harmony) > 1:
        return [re.sub(r"<\|(?:end|return|call)\|>.*", "", text[m.end():], flags=re.S) for m in harmony]
    if text.count("</think>") > 1:
        return [part.split("<think>", 1)[0] for part in text.split("</think>")[1:]]
    headings = list(_FINAL_HEADINGS.finditer(text))
    if len(headings) > 1:
        ends = [m.start() for m in headings[1:]] + [len(text)]
        sections = []
        for heading, end in zip(headings, ends):
            section = text[heading.end():end]
            thinking = _THINKING_HEADING.search(section)
            sections.append(section[:thinking.start()] if thinking else section)
        return sections
    return []


# -- 2. normalisation -----------------------------------------------------------------------------------------

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-")
_QUOTES = {ord("\u2018"): "'", ord("\u2019"): "'", ord("\u201c"): '"', ord("\u201d"): '"', ord("\u00ab"): '"',
           ord("\u00bb"): '"'}
_ANSWER_HEADING = re.compile(r"(?:final\s+)?(?:answer|choice|decision|verdict|conclusion|response)s?", re.I)


def normalize(text: str) -> str:
    """The same surface for replies and option texts: NFKC, ASCII dashes, quotes and comparison signs, no
    zero-width characters."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    text = text.replace("\u2265", ">=").replace("\u2264", "<=").replace("\u2260", "!=")
    return re.sub(r"[\u200b-\u200d\ufeff]", "", text)


# Small models often go on after their answer with a made-up dialogue or a new question (the pediatric study
# discarded "what was unrelated to the analysis of the clinical scenario"): only the part before counts.
_RUNAWAY = re.compile(r"\n\s*(?:user|human|assistant|patient|doctor|instruction|question\s*\d+|q\d+)\s*:", re.I)


def before_runaway(text: str) -> str:
    match = _RUNAWAY.search(text)
    return text[:match.start()] if match and match.start() > 0 else text


def fold(text: str) -> str:
    """Option-text comparison form: normalised, case-folded, single spaces, no surrounding punctuation."""
    return " ".join(normalize(text).casefold().split()).strip(" .;:,!?")


_CHECK_MARKS = re.compile(r"[\u2713\u2714\u2705\u2611]\ufe0f?\s*(?=\S)")
_CROSS_MARKS = re.compile(r"[\u2717\u2718\u274c\u274e\u2612]\ufe0f?\s*(?=\S)")


def unwrap_markdown(text: str) -> str:
    text = re.sub(r"\\boxed\s*\{\s*(?:\\text(?:bf)?\s*\{)?\s*([^{}]*?)\s*\}?\s*\}", r"\1", text)
    text = re.sub(r"\\text(?:bf)?\s*\{([^{}]*)\}", r"\1", text).replace("$", "")
    text = re.sub(r"<\|[^|>]{1,40}\|>", " ", text)  # leftover special tokens
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.count("|") >= 2:  # a table row: "| Final answer | C |" -> "Final answer: C"
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue
            line = ": ".join(c for c in cells if c)
        heading = re.match(r"^\s*#{1,6}\s*(.*?)\s*#*\s*$", line)
        if heading:  # "### Answer" -> "Answer:" (the letter follows on the next line)
            title = heading.group(1).strip("*_ :")
            line = f"{title}:" if _ANSWER_HEADING.fullmatch(title) else title
        line = re.sub(r"^\s*(?:[-*+\u2022>]|\d{1,2}[.)])\s+", "", line)  # list markers and quotes
        lines.append(line)
    text = "\n".join(lines)
    text = re.sub(r"\*\*|__|~~|`", "", text)
    # "✓ C" / "✗ A" in a checklist: read as "correct: C" / "incorrect: A"
    text = _CROSS_MARKS.sub("ruled out: ", _CHECK_MARKS.sub("correct answer: ", text))
    return re.sub(r"(?<![\w*])\*(?=\S)([^*\n]{1,80}?)(?<=\S)\*(?!\w)", r"\1", text)  # *C* -> C


CORRECTION_WORDS = (r"actually|wait|correction|sorry|edit|update|revised\s+answer|on\s+(?:second\s+thought|reflection)|"
                     r"scratch\s+that|i\s+mean|"
                     r"let\s+me\s+reconsider|i\s+change\s+my\s+answer|changing\s+my\s+answer|"
                     r"no\s*[,:;.!\-]\s*(?=\W*\w)|rather|instead")
CORRECTION = re.compile(rf"\b(?:{CORRECTION_WORDS})\b", re.I)
