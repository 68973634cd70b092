"""The rules for one record's fields: text, ids, options, answers.

Each function turns a raw field into a checked value or raises :class:`FieldProblem`, whose message names the field
and what was expected; the reader adds the file and the line to make a :class:`~.sources.DatasetError`.
:class:`ItemBuilder` collects one file's items, skips and notes, and holds the rule that ids are unique in the file.
The rules are listed in :mod:`pytest_medllm.data.loaders`.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable

from .schemas import ContextSection, EvidenceItem, ItemError
from .sources import MAX_TEXT, DatasetError, Record, show

#: Longest id: ids appear in reports, file names of answers and error messages.
MAX_ID = 200
#: Most options an item can have: one per letter A–Z.
MAX_OPTIONS = len(string.ascii_uppercase)


class FieldProblem(Exception):
    """A record breaks a rule; the message names the field. The reader adds the file and the line."""


def kind(value: object) -> str:
    """The JSON name of a value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"number {show(value)}"
    if isinstance(value, str):
        return f"text {show(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def checked_text(value: object, label: str, required: bool = True) -> str:
    """``value`` if it is text fit for an item, else a :class:`FieldProblem` naming ``label``."""
    if not isinstance(value, str):
        raise FieldProblem(f"{label} must be text, got {kind(value)}")
    if "\x00" in value:
        raise FieldProblem(f"{label} holds a NUL character")
    if not value.isascii():  # only non-ASCII text can hold a surrogate; encoding is the slow check
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise FieldProblem(f"{label} holds an unpaired surrogate escape (\\ud800-\\udfff), not Unicode text"
                               ) from None
    if len(value) > MAX_TEXT:
        raise FieldProblem(f"{label} is longer than {MAX_TEXT} characters ({len(value)})")
    if required and not value.strip():
        raise FieldProblem(f"{label} must be non-empty text, got {show(value)}")
    return value


def required_field(record: dict, name: str, expected: str = "non-empty text") -> object:
    """``record[name]``; a missing field is a :class:`FieldProblem` saying what was ``expected``."""
    if name not in record:
        raise FieldProblem(f"missing field {name!r} ({expected})")
    return record[name]


def required_text(record: dict, name: str) -> str:
    """The text of a field the record must have."""
    return checked_text(required_field(record, name), f"field {name!r}")


def optional_text(record: dict, *names: str) -> str:
    """The first of ``names`` (aliases) with text; null or missing is empty. Every alias present is checked, so
    a wrong type is refused even where another alias gives the text."""
    found = ""
    for name in names:
        value = record.get(name)
        if value is not None and checked_text(value, f"field {name!r}", required=False).strip() and not found:
            found = value
    return found


def text_list(record: dict, name: str, expected: str) -> list[str]:
    """A field holding a non-empty list of texts (PubMedQA's sections and their labels)."""
    value = required_field(record, name, expected)
    if not isinstance(value, list) or not value:
        raise FieldProblem(f"field {name!r} must be {expected}, got {kind(value)}")
    return [checked_text(entry, f"field {name!r} entry {index + 1}") for index, entry in enumerate(value)]


def id_text(value: object, label: str) -> str | None:
    """An id given as text or a whole number; None when absent or empty (the reader makes one from the line)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise FieldProblem(f"{label} must be text or a whole number, got {kind(value)}")
    text = str(value).strip()
    if not text.isprintable() or len(text) > MAX_ID:
        raise FieldProblem(f"{label} must be one printable line of at most {MAX_ID} characters, got {show(text)}")
    return text


def lettered_options(options: list[tuple[str, object]], label: str = "field 'options'") -> list[tuple[str, str]]:
    """Options ordered by letter, checked: 2 to 26, lettered A, B, C, … without gaps, texts are text."""
    if len(options) < 2:
        raise FieldProblem(f"{label} needs at least 2 options, got {len(options)}")
    if len(options) > MAX_OPTIONS:
        raise FieldProblem(f"{label} has {len(options)} options; at most {MAX_OPTIONS} (letters A-Z)")
    letters = [letter for letter, _ in options]
    bad = [letter for letter in letters if len(letter) != 1 or letter not in string.ascii_uppercase]
    if bad:
        raise FieldProblem(f"{label}: option keys must be single letters A-Z, got {show(bad[0])}")
    if len(set(letters)) != len(letters):
        raise FieldProblem(f"{label}: option letter {show(next(x for x in letters if letters.count(x) > 1))} "
                           f"appears twice")
    ordered = sorted(options)
    expected = string.ascii_uppercase[: len(options)]
    if "".join(letter for letter, _ in ordered) != expected:
        raise FieldProblem(f"{label}: option letters must be {', '.join(expected)} without gaps, got "
                           f"{', '.join(letter for letter, _ in ordered)}")
    return [(letter, checked_text(text, f"{label} option {letter}", required=False)) for letter, text in ordered]


def answer_letter(value: object, name: str, options: list[tuple[str, str]]) -> str:
    """The answer as the upper-case letter of one of ``options``."""
    letters = "".join(letter for letter, _ in options)
    if not isinstance(value, str) or value.strip().upper() not in {letter for letter, _ in options}:
        raise FieldProblem(f"field {name!r} must be one of the option letters {letters}, got {kind(value)}")
    return value.strip().upper()


def skip_reason(options: list[tuple[str, str]]) -> str | None:
    """Why a record with otherwise valid fields has no usable answer (documented skips), or None."""
    empty = [letter for letter, text in options if not text.strip()]
    if empty:
        return f"option(s) {''.join(empty)} have no text"
    folded = [" ".join(text.casefold().split()) for _, text in options]
    dupes = sorted({options[i][1] for i, f in enumerate(folded) if folded.count(f) > 1})
    if dupes:
        return f"options repeat the same text {dupes}"
    return None


def as_object(record: Record) -> dict:
    """The record's fields; a record that is not a JSON object is a :class:`FieldProblem`."""
    if not isinstance(record.value, dict):
        raise FieldProblem(f"expected a JSON object, got {kind(record.value)}")
    return record.value


def line_and_id(line: int, item_id: str | None) -> str:
    """Where a record is, for a message: its line, and its id when the file gives one."""
    return f"line {line} (id {item_id})" if item_id else f"line {line}"


# -- one file's items -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Skipped:
    """A record left out by a documented rule (listed in the run summary, never dropped silently)."""

    location: str
    record_id: str | None
    reason: str

    def to_dict(self) -> dict:
        return {"location": self.location, "record_id": self.record_id, "reason": self.reason}


@dataclass
class ItemBuilder:
    """The items of one file as its reader checks them: ids claimed with their lines, skips, notes."""

    path: Path
    items: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    first_line: dict = field(default_factory=dict)

    def fail(self, where: str, problem: object) -> DatasetError:
        """The error for ``problem`` (a broken rule) at ``where`` in this file."""
        return DatasetError(f"{self.path}: {where}: {problem}")

    def claim(self, item_id: str, line: int, what: str = "id") -> None:
        """Ids key every result: a repeat is an error naming both lines (skipped records included)."""
        if item_id in self.first_line:
            raise DatasetError(f"{self.path}: line {line}: {what} {show(item_id)} is used twice (lines "
                               f"{self.first_line[item_id]} and {line}); {what}s must be unique")
        self.first_line[item_id] = line

    def add(self, where: str, make: Callable[[], object]) -> None:
        """Add the item ``make`` builds; a rule of the item itself (:class:`ItemError`) is located at ``where``."""
        try:
            self.items.append(make())
        except ItemError as exc:
            raise self.fail(where, exc) from None

    def skip(self, line: int, record_id: str | None, reason: str) -> None:
        """Count the record at ``line`` as skipped for a documented ``reason``."""
        self.skipped.append(Skipped(location=f"{self.path.name}:line {line}", record_id=record_id, reason=reason))


def add_mcq(builder: ItemBuilder, line: int, where: str, item_id: str, options: list[tuple[str, str]],
            make: Callable[[], object]) -> None:
    """Add a multiple-choice item, or skip it when its options leave no usable answer."""
    reason = skip_reason(options)
    if reason:
        builder.skip(line, item_id, reason)
    else:
        builder.add(where, make)


# -- format-specific fields -----------------------------------------------------------------------------------

def medmcqa_cop(record: Record) -> int | None:
    """The record's answer key as given (None when it has none: missing, null or -1)."""
    cop = as_object(record).get("cop")
    if cop is None or (cop == -1 and not isinstance(cop, bool) and isinstance(cop, int)):
        return None
    if isinstance(cop, bool) or not isinstance(cop, int) or not 0 <= cop <= 4:
        raise FieldProblem(f"field 'cop' must be an option index 0-3 or 1-4 (or -1: no answer key), got {kind(cop)}")
    return cop


def medmcqa_base(path: Path, fmt: str, cops: list[tuple[int, int]]) -> int | None:
    """0 or 1: forced by the format name, else told by a 0 or a 4 among the keys (None if no record has one)."""
    if fmt in ("medmcqa-0based", "medmcqa-1based"):
        return int(fmt[len("medmcqa-")])
    if not cops:
        return None
    zero = next((line for line, cop in cops if cop == 0), None)
    four = next((line for line, cop in cops if cop == 4), None)
    if zero and four:
        raise DatasetError(f"{path}: line {max(zero, four)}: field 'cop' holds both 0 (line {zero}) and 4 (line "
                           f"{four}), so it is neither 0-based nor 1-based")
    if zero is None and four is None:
        raise DatasetError(f"{path}: line {cops[0][0]}: field 'cop' only holds values 1-3 in all {len(cops)} "
                           f"labelled records, so 0-based and 1-based indexing cannot be told apart; name it: "
                           f"--dataset {path}:medmcqa-0based (Hugging Face copy) or :medmcqa-1based (original "
                           f"release)")
    return 0 if zero else 1


def evidence_item(fields: dict, item_id: str, source: str) -> Callable[[], EvidenceItem]:
    """A PubMedQA record's fields checked; the item is built when the reader adds it (its own rules located)."""
    question = required_text(fields, "QUESTION")
    contexts = text_list(fields, "CONTEXTS", "a non-empty list of section texts")
    labels = text_list(fields, "LABELS", "a non-empty list of section labels")
    if len(contexts) != len(labels):
        raise FieldProblem(f"'CONTEXTS' and 'LABELS' must be lists of the same length, got {len(contexts)} and "
                           f"{len(labels)}")
    decision = required_field(fields, "final_decision", "yes, no or maybe")
    if decision not in ("yes", "no", "maybe"):
        raise FieldProblem(f"field 'final_decision' must be yes, no or maybe, got {kind(decision)}")
    year = fields.get("YEAR")
    if year is not None and (isinstance(year, bool) or not isinstance(year, (str, int))):
        raise FieldProblem(f"field 'YEAR' must be text or a whole number, got {kind(year)}")
    meshes = fields.get("MESHES")
    if meshes is not None and not isinstance(meshes, list):
        raise FieldProblem(f"field 'MESHES' must be a list of texts, got {kind(meshes)}")
    return partial(EvidenceItem, id=item_id, question=question,
                   contexts=tuple(ContextSection(label=label.upper(), text=text)
                                  for label, text in zip(labels, contexts)),
                   decision=decision, long_answer=optional_text(fields, "LONG_ANSWER"),
                   year=checked_text(str(year), "field 'YEAR'") if year is not None and str(year).strip() else "",
                   meshes=tuple(checked_text(m, f"field 'MESHES' entry {i + 1}") for i, m in enumerate(meshes or ())),
                   source=source)
