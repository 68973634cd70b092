"""Reader of the hand-annotated clinical-note corpora in ``tests/data/notes/``.

Each record holds a note written for the project with its annotations inline, so that text and annotation cannot
drift apart: ``[[KIND|text]]`` marks a span, ``[[KIND*|text]]`` the mention the documented rule must choose.

KIND is one of the vital signs ``HR``, ``SBP``, ``DBP``, ``RR``, ``SPO2``, ``TEMP_F``, ``TEMP_C`` (the span is the
number only: ``[[SBP|148]]/[[DBP|86]]``, ``[[TEMP_C|38.2]]C``), or a demographic mention: ``AGE`` (the number
only), ``SEX`` (a word that marks the patient's sex: pronoun, noun, title, "M"/"F"), ``ETH`` (an ethnicity or race
mention). Everything outside the brackets is the note's text.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

VITAL_KINDS = {"HR": "heart_rate", "SBP": "systolic_bp", "DBP": "diastolic_bp", "RR": "respiratory_rate",
               "SPO2": "oxygen_saturation", "TEMP_F": "temperature", "TEMP_C": "temperature"}
DEMOGRAPHIC_KINDS = {"AGE": "age", "SEX": "gender", "ETH": "ethnicity"}
_MARK = re.compile(r"\[\[(?P<kind>[A-Z_0-9]+)(?P<star>\*?)\|(?P<text>[^\[\]|]*)\]\]")
NOTES_DIR = Path(__file__).resolve().parents[1] / "data" / "notes"


@dataclass(frozen=True)
class Span:
    kind: str          # the markup kind, e.g. "TEMP_C"
    variable: str      # heart_rate, ..., temperature, age, gender, ethnicity
    start: int
    end: int
    text: str
    primary: bool

    @property
    def unit(self) -> str | None:
        return {"TEMP_F": "F", "TEMP_C": "C"}.get(self.kind)


@dataclass(frozen=True)
class AnnotatedNote:
    id: str
    text: str
    spans: tuple[Span, ...]
    record: dict

    def vitals(self) -> tuple[Span, ...]:
        return tuple(s for s in self.spans if s.kind in VITAL_KINDS)

    def primary(self, variable: str) -> Span | None:
        found = [s for s in self.spans if s.variable == variable and s.primary]
        return found[0] if found else None


def unmark(marked: str) -> tuple[str, tuple[Span, ...]]:
    """The plain text of a marked note and its spans (offsets into the plain text)."""
    out: list[str] = []
    spans: list[Span] = []
    position = 0
    length = 0
    for match in _MARK.finditer(marked):
        before = marked[position:match.start()]
        out.append(before)
        length += len(before)
        kind, text = match["kind"], match["text"]
        if kind not in VITAL_KINDS and kind not in DEMOGRAPHIC_KINDS:
            raise ValueError(f"unknown kind {kind!r} in {match.group()!r}")
        variable = VITAL_KINDS.get(kind) or DEMOGRAPHIC_KINDS[kind]
        spans.append(Span(kind, variable, length, length + len(text), text, bool(match["star"])))
        out.append(text)
        length += len(text)
        position = match.end()
    rest = marked[position:]
    if "[[" in rest or "]]" in rest or any("[[" in s or "]]" in s for s in out):
        raise ValueError(f"unbalanced markup near {rest[:60]!r}")
    out.append(rest)
    return "".join(out), tuple(spans)


def check(note: AnnotatedNote) -> list[str]:
    """Problems of one annotated note: numbers that are not numbers, two primaries of one variable, a vital with
    mentions but no primary."""
    problems = []
    for span in note.spans:
        if span.kind in VITAL_KINDS or span.kind == "AGE":
            if not re.fullmatch(r"\d+(?:[.,]\d+)?", span.text):  # "38,2" as European notes write it
                problems.append(f"{span.kind} span {span.text!r} is not a number")
    for variable in set(VITAL_KINDS.values()):
        mentions = [s for s in note.spans if s.variable == variable]
        primaries = [s for s in mentions if s.primary]
        if len(primaries) > 1:
            problems.append(f"{variable}: {len(primaries)} primary mentions")
        if mentions and not primaries:
            problems.append(f"{variable}: mentions but no primary (mark one with *)")
    return problems


def load(name: str) -> list[AnnotatedNote]:
    """The annotated notes of ``tests/data/notes/NAME.jsonl``, or of its parts ``NAMEa.jsonl``, ``NAMEb.jsonl`` …
    (a corpus written by several authors, each in a file of their own)."""
    notes = []
    path = NOTES_DIR / f"{name}.jsonl"
    paths = [path] if path.exists() else sorted(NOTES_DIR.glob(f"{name}[a-z].jsonl"))
    if not paths:
        raise FileNotFoundError(f"no corpus {name!r} in {NOTES_DIR}")
    for part in paths:
        for line in part.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            record = json.loads(line)
            text, spans = unmark(record["marked"])
            notes.append(AnnotatedNote(record["id"], text, spans, record))
    return notes


if __name__ == "__main__":  # python -m tests.helpers.notes_markup NAME: check a corpus
    import sys
    from collections import Counter

    corpus = load(sys.argv[1] if len(sys.argv) > 1 else "dev")
    kinds = Counter(s.kind for n in corpus for s in n.spans)
    bad = 0
    for n in corpus:
        for problem in check(n):
            bad += 1
            print(f"{n.id}: {problem}")
    print(f"{len(corpus)} notes, {sum(kinds.values())} spans: {dict(sorted(kinds.items()))}; {bad} problems")
