"""Where a reply stops answering the question it was asked.

Models keep writing after their answer: a base model continues a few-shot prompt with new questions of its own, an
instruction-tuned one invents a "follow-up question", repeats the prompt's instruction and answers again, or leaks
the next turn of a dialogue ("<|im_end|><|im_start|>user ...", "User: ..."). The pediatric endocrinology study saw
output that "degenerates into simulated dialogues ... and, in some cases, newly generated MCQs" and graded "the first
part of the output". Only that first part answers the question asked: everything from the first invented block on
is no part of the answer, and a reply that is nothing but invented blocks answers nothing.

A block starts (the earliest of these, found line by line on the raw reply):

* a turn boundary or a new turn: an end-of-turn token (``<|im_end|>``, ``<|eot_id|>``, ``<end_of_turn>``,
  ``<|return|>`` after gpt-oss's final message), a user turn (``<|im_start|>user``, ``<start_of_turn>user``,
  ``User:``, ``Human:``, ``### Instruction``);
* a new question: a line that opens one ("Question:", "Q2:", "### Question", "**Follow-up question:**", "Case 2:",
  "Now try this one", "Here's another question");
* the prompt repeated: a line of the studies' prompts ("Answer the following medical question.", "Given the
  following clinical case, ...", "Answer with just the letter (A, B, C, or D):"); when it is the prompt's closing
  instruction, the invented question and options above it belong to the block;
* a list of options that are not the question's ("A. Rubella B. Mumps"), or the question's own options under a new
  question stem, with the stem above them;
* a separator line (``---``) whose next lines open any of the above.

A question that restates the one asked (its text, when the caller gives it; else one standing at the very start of
the reply) is no invented block: a model may restate the question and then answer it. Two answers to the restated
question are two answers.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Mapping

from .reply_text import fold


@dataclass(frozen=True)
class Continuation:
    """Where the invented part of a reply begins (``start``, an offset into the reply) and what it is."""

    start: int
    #: "dialogue turn", "invented question", "repeated prompt", "invented options"
    kind: str
    #: The line that shows it, shortened (for the report).
    evidence: str


_TURN_TOKEN = re.compile(
    r"<\|im_end\|>|<\|eot_id\|>|<end_of_turn>|<\|endoftext\|>|<\|end_of_text\|>|</s>|<\|return\|>|"
    r"<\|(?:im_start|start_header_id)\|>\s*(?:user|system)|<start_of_turn>\s*user|<\|start\|>\s*user|<\|user\|>",
    re.I)
# A line's decorations: markdown headings, bold, quotes, list markers.
_DECOR = re.compile(r"^[\s#>*_\-•]*")
_DIALOGUE = re.compile(r"(?:user|human|patient|doctor|student|instruction|assistant)\s*:|"
                       r"###\s*(?:instruction|human|user|input)\b", re.I)
_QUESTION_CUE = re.compile(
    r"(?:(?:new|next|another|follow[- ]?up|bonus|additional|practice|sample|related|similar|example)\s+)?"
    r"(?:question|q|mcq|case|item|vignette|scenario|problem)(?:\s*(?:no\.?|#)?\s*\d+)?\s*(?:[:.)\-]|\*\*|$)|"
    r"(?:now\s+)?(?:try|attempt|answer|solve)\s+(?:this|the\s+next|another|one\s+more)\b|"
    r"here(?:'s|\s+is|\s+are)\s+(?:a|an|another|the\s+next|some|more)\s+(?:new\s+|follow[- ]?up\s+|related\s+|"
    r"similar\s+|practice\s+|bonus\s+)?(?:questions?|cases?|ones?|mcqs?)\b|"
    r"next\s*(?:question|case|one)?\s*:|let(?:'s|\s+us)\s+(?:try|do|practice)\s+(?:another|one\s+more|more)",
    re.I)
# Lines of the studies' prompts (answers/prompts.py) and common instruction lines: a model that writes them has
# started a new prompt. Opening lines start the block themselves; closing lines end a block that began above them.
_PROMPT_OPENING = re.compile(
    r"(?:answer\s+the\s+following\s+(?:medical\s+)?(?:question|multiple[- ]choice\s+question)|"
    r"given\s+the\s+(?:case\s+the\s+)?following\s+clinical\s+case|consider\s+this\s+clinical\s+case|"
    r"based\s+on\s+the\s+following\s+context,?\s+answer)", re.I)
_PROMPT_CLOSING = re.compile(
    r"(?:answer\s+with\s+(?:just\s+|only\s+)?(?:the\s+|a\s+single\s+|one\s+)?(?:letter|word)|"
    r"let's\s+think\s+step\s+by\s+step,\s+then\s+provide\s+the\s+answer|"
    r"please,?\s+reduce\s+the\s+output\s+to\s+a\s+paragraph|please\s+do\s+provide\s+your\s+choice|"
    r"(?:select|choose)\s+(?:the\s+)?(?:single\s+)?(?:best|correct)\s+(?:answer|option)\s*[.:(]|"
    r"respond\s+with\s+(?:only\s+)?the\s+letter)", re.I)
_SEPARATOR = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$")
# One option as a question lists it: "A. text", "(B) text", "C) text", "D: text" — a short phrase, not a review
# ("B) Axillary nerve - incorrect because ...").
_OPTION = re.compile(r"[(\[]?([A-J])[.):\]]\s+(?=\S)")
_REVIEW = re.compile(r"\s(?:-|–|—)\s|:\s+\S|\b(?:because|since|incorrect|correct|wrong|right|not|unlikely|likely|"
                     r"is|are|was|would|causes?|fits?|explains?|true|false)\b|[✓✗✔✘❌✅]", re.I)
_ANSWER_LINE = re.compile(r"^(?:correct\s+|final\s+)?answer\s*[:\-]", re.I)


@dataclass(frozen=True)
class _Line:
    start: int
    raw: str
    #: The line without markdown decorations (for matching).
    text: str


def _lines(text: str) -> list[_Line]:
    out, position = [], 0
    for raw in text.split("\n"):
        stripped = _DECOR.sub("", raw).replace("**", "").replace("__", "").strip()
        out.append(_Line(position, raw, stripped))
        position += len(raw) + 1
    return out


def _option_segments(line: str) -> list[tuple[str, str]] | None:
    """The options a line lists — ``[("A", "Rubella"), ("B", "Mumps")]`` for "A. Rubella B. Mumps" or
    "Options: A. x; B. y" — or None when it lists none (a review line, prose, a single letter)."""
    body = re.sub(r"^options?\s*:\s*", "", line, flags=re.I)
    starts = [m for m in _OPTION.finditer(body) if m.start() == 0 or body[m.start() - 1] in " ;\t,"]
    if not starts or starts[0].start() != 0:
        return None
    segments = []
    for here, nxt in zip(starts, starts[1:] + [None]):
        text = body[here.end():nxt.start() if nxt else len(body)].strip(" ;,")
        if not text or len(text.split()) > 24 or _REVIEW.search(" " + text):
            return None
        segments.append((here.group(1).upper(), text))
    return segments


@dataclass(frozen=True)
class _OptionsBlock:
    first: int
    last: int
    options: tuple[tuple[str, str], ...]


def _options_blocks(lines: list[_Line]) -> list[_OptionsBlock]:
    """Runs of lines that list options with consecutive letters from A (a blank line may separate two lines)."""
    blocks, index = [], 0
    while index < len(lines):
        segments = _option_segments(lines[index].text)
        if not segments or segments[0][0] != "A":
            index += 1
            continue
        found, last, j = list(segments), index, index + 1
        while j < len(lines):
            if not lines[j].text:
                j += 1
                continue
            more = _option_segments(lines[j].text)
            if not more or ord(more[0][0]) != ord(found[-1][0]) + 1:
                break
            found += more
            last = j
            j += 1
        if len(found) >= 2:
            blocks.append(_OptionsBlock(index, last, tuple(found)))
        index = last + 1
    return blocks


def _question_like(text: str) -> bool:
    return text.rstrip().endswith(("?", ":")) or bool(
        re.search(r"\b(?:which|what|most\s+likely|next\s+step|diagnosis|true|false|except|following)\b", text, re.I))


def _stem_start(lines: list[_Line], index: int) -> int:
    """The first line of the paragraph above line ``index`` when it reads like a question stem, else ``index``."""
    j = index - 1
    while j >= 0 and not lines[j].text:
        j -= 1
    if j < 0:
        return index
    end = j
    while j >= 0 and lines[j].text and not _option_segments(lines[j].text):
        j -= 1
    paragraph = " ".join(line.text for line in lines[j + 1:end + 1])
    return j + 1 if _question_like(paragraph) and not _ANSWER_LINE.match(lines[end].text) else index


def _restates(stem: str, question: str | None) -> bool:
    """Whether a question block's text is the question asked (the model restating it)."""
    if not question:
        return False
    a, b = fold(stem)[:240], fold(question)[:240]
    if not a or not b:
        return False
    shorter = min(len(a), len(b))
    if shorter >= 30 and (a.startswith(b[:shorter]) or b.startswith(a[:shorter])):
        return True
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.85


def _paragraph(lines: list[_Line], index: int, skip_cue: bool) -> str:
    """Line ``index`` (without its cue when asked) and the lines after it up to a blank line or options."""
    parts = []
    first = lines[index].text
    if skip_cue:
        first = _QUESTION_CUE.sub("", first, count=1).strip()
    if first:
        parts.append(first)
    for line in lines[index + 1:]:
        if not line.text or _option_segments(line.text):
            if parts:
                break
            continue
        parts.append(line.text)
    return " ".join(parts)


def _at_start(lines: list[_Line], index: int) -> bool:
    return not any(re.search(r"\w", line.text) for line in lines[:index])


def find_continuation(text: str, options: Mapping[str, str] | None = None,
                      question: str | None = None) -> Continuation | None:
    """Where the reply's invented continuation begins (see the module docstring), or None when it has none.

    ``options`` are the question's own options (letter → text) and ``question`` its text: with them, a model that
    restates the asked question, or reuses its options under a question of its own, is told apart."""
    found: list[Continuation] = []
    token = _TURN_TOKEN.search(text)
    if token and token.start() > 0:
        found.append(Continuation(token.start(), "dialogue turn", token.group(0)))
    lines = _lines(text)
    asked = {fold(v) for v in (options or {}).values()}

    def add(index: int, kind: str, evidence_line: int | None = None) -> None:
        shown = lines[evidence_line if evidence_line is not None else index].raw.strip()[:120]
        found.append(Continuation(lines[index].start, kind, shown))

    for index, line in enumerate(lines):
        if not line.text:
            continue
        if _DIALOGUE.match(line.text) and not _at_start(lines, index):
            add(index, "dialogue turn")
        elif _QUESTION_CUE.match(line.text):
            stem = _paragraph(lines, index, skip_cue=True)
            number = re.match(r"(?:\w+\s+)?(?:question|q|mcq|case|item|vignette|scenario|problem)\s*(?:no\.?|#)?\s*(\d+)",
                              line.text, re.I)
            later = number is not None and int(number.group(1)) >= 2  # "Question 2": never the one asked
            restated = not later and (_restates(stem, question) or (question is None and _at_start(lines, index)))
            if not restated:
                add(index, "invented question")
        elif _PROMPT_OPENING.match(line.text) and not _at_start(lines, index):
            add(index, "repeated prompt")
        elif _PROMPT_CLOSING.match(line.text) and not _at_start(lines, index):
            start = index
            blocks = [b for b in _options_blocks(lines[:index]) if b.last < index]
            if blocks and not any(lines[k].text for k in range(blocks[-1].last + 1, index)):
                start = _stem_start(lines, blocks[-1].first)
                start = blocks[-1].first if start == blocks[-1].first else start
            else:
                start = _stem_start(lines, index)
            if not _at_start(lines, start):
                add(start, "repeated prompt", index)
    for block in _options_blocks(lines):
        texts = {fold(t) for _, t in block.options}
        foreign = bool(asked) and not texts <= asked
        start = _stem_start(lines, block.first)
        stem = " ".join(line.text for line in lines[start:block.first] if line.text)
        if _at_start(lines, start) and (question is None or not foreign or _restates(stem, question)):
            continue  # the reply restates the question before answering: no runaway
        if foreign and not _restates(stem, question):
            add(start, "invented options", block.first)
        elif not foreign and stem.rstrip().endswith("?") and start < block.first:
            answered = any(_ANSWER_LINE.match(line.text) for line in lines[block.last + 1:block.last + 4])
            if (question is not None and not _restates(stem, question)) or (question is None and answered):
                add(start, "invented question", block.first)
    for index, line in enumerate(lines):
        if _SEPARATOR.match(line.raw) and not _at_start(lines, index):
            following = [c for c in found if c.start > line.start]
            nxt = next((j for j in range(index + 1, len(lines)) if lines[j].text), None)
            if following and nxt is not None and min(c.start for c in following) <= lines[nxt].start + \
                    sum(len(lines[k].raw) + 1 for k in range(nxt, min(nxt + 3, len(lines)))):
                found.append(Continuation(line.start, following[0].kind, line.raw.strip()[:120]))
    return min(found, key=lambda c: c.start) if found else None
