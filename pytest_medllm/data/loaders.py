"""Loaders for the formats the benchmarks publish, plus the bundled demo data.

``--dataset NAME_OR_PATH[:FORMAT]`` selects a file; the format is detected from the file unless given. A file that
breaks a rule below is refused with one line (a :class:`DatasetError`) naming the file, the line where the record
starts (the true line of the file, also in pretty-printed JSON), the record id when the record has one, the field
and what was expected. Records a benchmark legitimately ships without a usable answer are skipped, counted and
listed in the run summary — never dropped silently. Nothing else is skipped, repaired or coerced.

Formats:

* ``mcq``       generic JSON Lines / JSON list: ``question``, ``options`` (letter→text object or list),
                ``answer`` (letter), optional ``id``, ``description`` (or ``context``), ``explanation`` (or
                ``rationale``), ``subject``
* ``mcq-csv``   generic CSV with a header: ``question``, ``answer``, option columns ``A``…``Z`` (or
                ``option_a``…), optional ``id``, ``description`` (or ``context``), ``explanation`` (or
                ``rationale``), ``subject``; columns with other names are ignored
* ``medqa``     MedQA JSON Lines: ``question``, ``options`` {A..D} or {A..E}, ``answer_idx``, optional ``answer``
                (must be the text of that option), ``meta_info``
* ``medmcqa``   MedMCQA JSON Lines: ``opa``..``opd``, ``cop`` (0- or 1-based, detected and reported);
                ``medmcqa-0based`` / ``medmcqa-1based`` force the base; optional ``exp``, ``subject_name``
* ``pubmedqa``  PubMedQA ``ori_pqal.json`` (an object keyed by PMID; a JSON list or JSON Lines of records with
                ``id`` also works): ``QUESTION``, ``CONTEXTS``, ``LABELS``, ``final_decision``, optional
                ``LONG_ANSWER``, ``YEAR``, ``MESHES``
* ``mmlu``      MMLU CSV without header: question, A, B, C, D, answer

Rules every format follows:

* The file is UTF-8 text; a UTF-8 byte order mark is accepted. An empty file, UTF-16 or any other encoding, and a
  NUL character (what a binary file holds) are errors.
* Every field the loader reads must have its type: text is text (a number or list is never turned into text), at
  most :data:`MAX_TEXT` characters, without NUL characters or unpaired surrogate escapes. Fields the loader does
  not read are not checked.
* A key repeated inside one JSON object is an error (JSON would silently keep the last one).
* Options: at least 2 and at most :data:`MAX_OPTIONS` (the letters A–Z), lettered A, B, C, … without gaps (an
  object's keys may come in any order and any case); MedQA has 4 or 5 (A–E), MedMCQA and MMLU 4. The answer must
  be the letter of one of them.
* Ids (and PubMedQA PMIDs) are text or whole numbers, one printable line of at most :data:`MAX_ID` characters, and
  unique in the file: a repeat is an error naming both lines. A record without an id gets one made from the file
  name and its line (its position in a JSON list, where several records may share a line).
* JSON Lines hold one record per line; a JSON list or object must be closed (a truncated file is an error at the
  line where it ends). A record nested deeper than Python can read, or holding an integer of more than 4300
  digits, is an error at its line.
* CSV: every record has exactly as many cells as the header (MMLU: 6) — extra cells are an error, not ignored; a
  quote must be closed; header names are unique; a field longer than :data:`MAX_TEXT` characters is an error (the
  usual cause is an unclosed quote that swallows the lines after it). Blank lines are ignored.

Skipped (counted, listed in the JSON artifact and the stability card): records whose options repeat the same text,
records with an option without text (trailing empty option columns of ``mcq-csv`` are not options), and MedMCQA
records without an answer key (``cop`` -1 or missing, as in its test split). A file whose records are all skipped is
an error.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import re
import string
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .schemas import ContextSection, EvidenceItem, ItemError, MCQItem, unique_ids

FORMATS = ("mcq", "mcq-csv", "medqa", "medmcqa", "medmcqa-0based", "medmcqa-1based", "pubmedqa", "mmlu")
BUILTIN = {"demo": ("demo_mcq.jsonl", "mcq"), "demo-evidence": ("demo_evidence_qa.json", "pubmedqa")}
#: Longest text field: the csv module's default field limit, applied to every format alike.
MAX_TEXT = 131_072
#: Longest id: ids appear in reports, file names of answers and error messages.
MAX_ID = 200
#: Most options an item can have: one per letter A–Z.
MAX_OPTIONS = len(string.ascii_uppercase)
#: Keys that mark a record as PubMedQA's.
PUBMEDQA_KEYS = frozenset({"QUESTION", "CONTEXTS", "LABELS", "final_decision", "LONG_ANSWER"})


class DatasetError(ValueError):
    """The dataset cannot be read; the one-line message says where and what was expected."""


@dataclass(frozen=True)
class Skipped:
    location: str
    record_id: str | None
    reason: str

    def to_dict(self) -> dict:
        return {"location": self.location, "record_id": self.record_id, "reason": self.reason}


@dataclass(frozen=True)
class Dataset:
    """Items of one file, in file order, with what was skipped and what the loader noticed."""

    name: str
    path: str
    format: str
    items: tuple
    skipped: tuple[Skipped, ...] = ()
    notes: tuple[str, ...] = ()
    selection: dict = field(default_factory=dict)

    def summary(self) -> dict:
        return {"name": self.name, "path": self.path, "format": self.format, "n_items": len(self.items),
                "skipped": [s.to_dict() for s in self.skipped], "notes": list(self.notes),
                "selection": self.selection}


# -- locating files -----------------------------------------------------------------------------------------

def fixtures_dir(rootpath: str | os.PathLike[str] | None = None) -> Path:
    """The project's ``fixtures/`` folder: beside the pytest rootdir, else beside the installed package."""
    candidates = []
    if rootpath is not None:
        candidates.append(Path(rootpath) / "fixtures")
    candidates.append(Path(__file__).resolve().parents[2] / "fixtures")
    for candidate in candidates:
        if (candidate / BUILTIN["demo"][0]).is_file():
            return candidate
    raise DatasetError("the bundled demo data (fixtures/demo_mcq.jsonl) was not found: run pytest from a checkout "
                       "of pytest-medllm, or pass your own file with --dataset PATH")


def split_spec(spec: str) -> tuple[str, str | None]:
    """``"data/x.jsonl:medqa"`` → ``("data/x.jsonl", "medqa")``; a colon not followed by a format is a path."""
    head, sep, tail = spec.rpartition(":")
    if sep and tail in FORMATS and head:
        return head, tail
    return spec, None


def load_dataset(spec: str, rootpath: str | os.PathLike[str] | None = None) -> Dataset:
    """Load ``NAME_OR_PATH[:FORMAT]`` (``demo`` and ``demo-evidence`` are the bundled demo sets).

    Raises :class:`DatasetError` (one line: file, line, field, what was expected) for any file that breaks the
    rules of the module docstring; no other exception escapes for a file's content.
    """
    name, forced = split_spec(spec)
    if name in BUILTIN:
        filename, fmt = BUILTIN[name]
        path = fixtures_dir(rootpath) / filename
        forced = forced or fmt
    else:
        path = Path(os.path.expanduser(name))
        if not path.is_absolute() and rootpath is not None and not path.exists():
            path = Path(rootpath) / path
        if not path.is_file():
            raise DatasetError(f"--dataset {spec!r}: no such file {str(path)!r}. Give 'demo', 'demo-evidence' or "
                               f"a file in one of the formats {', '.join(FORMATS)}")
    source = _Source(path, _read_text(path))
    fmt = forced or _detect(source)
    reader = _READERS[fmt.split("-")[0] if fmt.startswith("medmcqa") else fmt]
    dataset = reader(source, fmt)
    try:
        unique_ids(dataset.items)  # readers check ids with their lines already; this guards new readers
    except ItemError as exc:
        raise DatasetError(f"{path}: {exc}") from None
    if not dataset.items:
        if not dataset.skipped:
            raise DatasetError(f"{path}: line 1: the file holds no records")
        first = dataset.skipped[0]
        raise DatasetError(f"{path}: no usable items: all {len(dataset.skipped)} records were skipped "
                           f"(first at {first.location}: {first.reason})")
    return Dataset(name=name, path=str(path), format=dataset.format, items=dataset.items, skipped=dataset.skipped,
                   notes=dataset.notes)


# -- reading the file as text --------------------------------------------------------------------------------

def _read_text(path: Path) -> str:
    """The file as text: UTF-8 (a byte order mark is dropped), not empty, no NUL characters."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DatasetError(f"{path}: the file cannot be read ({exc.strerror or exc})") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DatasetError(f"{path}: line 1: the file is UTF-16 text (it starts with a UTF-16 byte order mark); "
                           f"save it as UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DatasetError(f"{path}: line {line}: byte {column} of the line (0x{data[exc.start]:02X}) is not UTF-8 "
                           f"text (a binary file, or text saved as Latin-1 or Windows-1252?); save the file as UTF-8"
                           ) from None
    if not text.strip():
        raise DatasetError(f"{path}: the file is empty")
    nul = text.find("\x00")
    if nul >= 0:
        line, column = _Lines(text).position(nul)
        raise DatasetError(f"{path}: line {line} column {column}: NUL character; this is a binary file or not "
                           f"UTF-8 text (UTF-16?); save the file as UTF-8 text")
    return text


class _Lines:
    """Line and column of a character offset (lines counted by ``\\n``, as JSON's own messages count them)."""

    def __init__(self, text: str) -> None:
        self._breaks = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect_left(self._breaks, pos) + 1

    def position(self, pos: int) -> tuple[int, int]:
        line = self.line(pos)
        start = self._breaks[line - 2] + 1 if line > 1 else 0
        return line, pos - start + 1


@dataclass(frozen=True)
class _Record:
    """One JSON record and the true line of the file where it starts; ``key`` is its PMID in a keyed object;
    ``number`` goes into the ids the loader makes for records without one: the line in JSON Lines, the position in
    a JSON list (several records may share a line there)."""

    line: int
    value: object
    key: str | None = None
    number: int = 0


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_pairs(pairs: list[tuple[str, object]]) -> dict:
    """JSON objects keep the last of repeated keys; a dataset record with a repeated field is ambiguous."""
    record = dict(pairs)
    if len(record) != len(pairs):  # the common case costs one comparison; only a repeat is looked for
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return record


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_pairs)
_WHITESPACE = re.compile(r"[ \t\n\r]*")


class _JsonScanner:
    """Records of a JSON file with their true lines: a JSON list, an object of records keyed by id (PubMedQA's
    ``ori_pqal.json``), a single object, or JSON Lines. Values are decoded one record at a time
    (:meth:`json.JSONDecoder.raw_decode`), so every error points at the line of the file where it is."""

    def __init__(self, path: Path, text: str) -> None:
        self.path, self.text, self.lines = path, text, _Lines(text)

    def fail(self, pos: int, what: str) -> DatasetError:
        line, column = self.lines.position(min(pos, len(self.text)))
        return DatasetError(f"{self.path}: line {line} column {column}: {what}")

    def skip(self, pos: int) -> int:
        return _WHITESPACE.match(self.text, pos).end()  # type: ignore[union-attr]

    def truncated(self, pos: int) -> str:
        return " (the file ends here: is it truncated?)" if pos >= len(self.text.rstrip()) else ""

    def value(self, pos: int) -> tuple[object, int]:
        try:
            return _DECODER.raw_decode(self.text, pos)
        except json.JSONDecodeError as exc:
            raise self.fail(exc.pos, f"not valid JSON ({exc.msg}){self.truncated(exc.pos)}") from None
        except _DuplicateKey as exc:
            raise self.fail(pos, f"key {_show(exc.key)} appears twice in one object of the record that starts here "
                                 f"(JSON would keep only the last)") from None
        except RecursionError:
            raise self.fail(pos, "the record is nested too deeply to be a dataset record") from None
        except ValueError as exc:  # e.g. an integer longer than Python's 4300-digit limit
            raise self.fail(pos, f"not valid JSON for a dataset ({str(exc).splitlines()[0][:120]})") from None

    def expect(self, pos: int, what: str) -> DatasetError:
        return self.fail(pos, f"not valid JSON (expecting {what}){self.truncated(pos)}")

    def array(self, pos: int) -> tuple[list[_Record], int]:
        records: list[_Record] = []
        pos = self.skip(pos + 1)
        if self.text.startswith("]", pos):
            return records, pos + 1
        while True:
            value, end = self.value(pos)
            records.append(_Record(self.lines.line(pos), value, number=len(records) + 1))
            pos = self.skip(end)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
            elif self.text.startswith("]", pos):
                return records, pos + 1
            else:
                raise self.expect(pos, "',' or ']' after a record of the list")

    def entries(self, pos: int) -> tuple[list[tuple[str, int, object]], int]:
        """``(key, position of the key, value)`` of the object at ``pos``, repeated keys included (a record in a
        keyed object starts at its key)."""
        entries: list[tuple[str, int, object]] = []
        pos = self.skip(pos + 1)
        if self.text.startswith("}", pos):
            return entries, pos + 1
        while True:
            if not self.text.startswith('"', pos):
                raise self.expect(pos, "a key in double quotes")
            key_pos = pos
            key, end = self.value(pos)
            pos = self.skip(end)
            if not self.text.startswith(":", pos):
                raise self.expect(pos, "':' after a key")
            pos = self.skip(pos + 1)
            value, end = self.value(pos)
            entries.append((str(key), key_pos, value))
            pos = self.skip(end)
            if self.text.startswith(",", pos):
                pos = self.skip(pos + 1)
            elif self.text.startswith("}", pos):
                return entries, pos + 1
            else:
                raise self.expect(pos, "',' or '}' after a value")

    def repeated_key(self, entries: list[tuple[str, int, object]], what: str) -> None:
        first: dict[str, int] = {}
        for key, pos, _ in entries:
            line = self.lines.line(pos)
            if key in first:
                raise self.fail(pos, f"{what} {_show(key)} appears twice (lines {first[key]} and {line}); "
                                     f"JSON would keep only the last")
            first[key] = line

    def records(self) -> tuple[str, list[_Record]]:
        """``(shape, records)``; shape is ``list``, ``keyed`` or ``lines``."""
        pos = self.skip(0)
        if self.text.startswith("[", pos):
            records, end = self.array(pos)
            if self.skip(end) >= len(self.text):
                if not records:
                    raise self.fail(pos, "the JSON list holds no records")
                return "list", records
            # more after the list: JSON Lines whose first record is a list (refused by the readers, at line 1)
            self.nothing_after(end, "the record (JSON Lines hold one record per line)")
            records = [self.numbered(pos, [record.value for record in records])]
        elif self.text.startswith("{", pos):
            entries, end = self.entries(pos)
            if self.skip(end) >= len(self.text) and self.keyed(entries):
                self.repeated_key(entries, "the record key (PMID)")
                return "keyed", [_Record(self.lines.line(p), value, key, self.lines.line(p))
                                 for key, p, value in entries]
            self.repeated_key(entries, "the field")
            records = [self.numbered(pos, {key: value for key, _, value in entries})]
        else:
            value, end = self.value(pos)
            records = [self.numbered(pos, value)]
        while True:  # JSON Lines: one record per line
            self.nothing_after(end, "the record (JSON Lines hold one record per line)")
            pos = self.skip(end)
            if pos >= len(self.text):
                return "lines", records
            value, end = self.value(pos)
            records.append(self.numbered(pos, value))

    def numbered(self, pos: int, value: object) -> _Record:
        line = self.lines.line(pos)
        return _Record(line, value, number=line)

    @staticmethod
    def keyed(entries: list[tuple[str, int, object]]) -> bool:
        """A whole-file object is a collection of records keyed by id (PubMedQA's layout) when its values are all
        objects, or when any value is a PubMedQA record (then the others must be records too)."""
        values = [value for _, _, value in entries]
        return bool(values) and (all(isinstance(value, dict) for value in values)
                                 or any(isinstance(value, dict) and PUBMEDQA_KEYS & set(value) for value in values))

    def nothing_after(self, end: int, what: str) -> None:
        """Only whitespace may follow ``what`` on its line."""
        stop = self.text.find("\n", end)
        rest = self.text[end: len(self.text) if stop < 0 else stop]
        extra = len(rest) - len(rest.lstrip(" \t\r\n"))
        if rest.strip(" \t\r\n"):
            raise self.fail(end + extra, f"unexpected content after {what}")


# -- CSV ------------------------------------------------------------------------------------------------------

def _csv_rows(path: Path, text: str) -> Iterator[tuple[int, list[str]]]:
    """Non-blank CSV records with the true line where each starts (a quoted field may span lines)."""
    # strict: an unclosed quote at the end of the file, or text after a closing quote, is an error, not a field
    # silently swallowing the rest of the file
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            reason = str(exc)
            if "field limit" in reason:
                reason = (f"a field is longer than {MAX_TEXT} characters (read up to line {reader.line_num}); "
                          f"is a quote not closed?")
            elif "unexpected end of data" in reason:
                reason = "a quoted field is not closed before the end of the file"
            raise DatasetError(f"{path}: line {start}: not readable as CSV ({reason})") from None
        if any(cell.strip() for cell in row):
            yield start, row


# -- the file, read once -------------------------------------------------------------------------------------

@dataclass
class _Source:
    path: Path
    text: str

    @cached_property
    def json(self) -> tuple[str, list[_Record]]:
        return _JsonScanner(self.path, self.text).records()

    def csv_rows(self) -> Iterator[tuple[int, list[str]]]:
        return _csv_rows(self.path, self.text)

    def records(self) -> list[_Record]:
        shape, records = self.json
        if not records:
            raise DatasetError(f"{self.path}: line 1: the file holds no records")
        return records


def detect_format(path: Path) -> str:
    """The format of the file at ``path``, from its extension and its first record."""
    return _detect(_Source(path, _read_text(path)))


def _detect(source: _Source) -> str:
    path = source.path
    if path.suffix.lower() == ".csv":
        line, first = next(source.csv_rows(), (1, []))
        header = {cell.strip().lower() for cell in first}
        if "question" in header and "answer" in header:
            return "mcq-csv"
        if len(first) == 6 and first[5].strip().upper() in ("A", "B", "C", "D"):
            return "mmlu"
        raise DatasetError(f"{path}: line {line}: neither a header with 'question' and 'answer' columns (generic "
                           f"format) nor an MMLU row (question, A, B, C, D, answer letter); is the delimiter a "
                           f"comma? Name the format with --dataset PATH:FORMAT")
    shape, records = source.json
    if shape == "keyed":
        if any(isinstance(record.value, dict) and PUBMEDQA_KEYS & set(record.value) for record in records):
            return "pubmedqa"
        raise DatasetError(f"{path}: line {records[0].line}: an object of records keyed by id is PubMedQA's layout, "
                           f"but no record has PubMedQA's fields {sorted(PUBMEDQA_KEYS)}")
    first = source.records()[0]
    if not isinstance(first.value, dict):
        raise DatasetError(f"{path}: line {first.line}: expected a JSON object, got {_kind(first.value)}")
    keys = set(first.value)
    if keys & PUBMEDQA_KEYS:
        return "pubmedqa"
    if keys & {"answer_idx", "meta_info", "metamap_phrases"}:  # MedQA's own fields, even if one is missing
        return "medqa"
    if len(keys & {"opa", "opb", "opc", "opd", "cop"}) >= 2:
        return "medmcqa"
    if len(keys & {"question", "options", "answer"}) >= 2:
        return "mcq"
    fields = _show(sorted(keys), 200)
    raise DatasetError(f"{path}: line {first.line}: cannot tell the format from the fields {fields}; "
                       f"expected MedQA (answer_idx, meta_info), MedMCQA (opa..opd, cop), PubMedQA (QUESTION, "
                       f"CONTEXTS) or generic (question, options, answer). Name it with --dataset PATH:FORMAT")


# -- field rules --------------------------------------------------------------------------------------------

class _Problem(Exception):
    """A record breaks a rule; the message names the field. The reader adds the file and the line."""


def _show(value: object, limit: int = 60) -> str:
    """A value for a one-line message: repr escapes line breaks; long values are cut."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: object) -> str:
    """The JSON name of a value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"number {_show(value)}"
    if isinstance(value, str):
        return f"text {_show(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _text(value: object, label: str, required: bool = True) -> str:
    """``value`` if it is text fit for an item, else a :class:`_Problem` naming ``label``."""
    if not isinstance(value, str):
        raise _Problem(f"{label} must be text, got {_kind(value)}")
    if "\x00" in value:
        raise _Problem(f"{label} holds a NUL character")
    if not value.isascii():  # only non-ASCII text can hold a surrogate; encoding is the slow check
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Problem(f"{label} holds an unpaired surrogate escape (\\ud800-\\udfff), not Unicode text"
                           ) from None
    if len(value) > MAX_TEXT:
        raise _Problem(f"{label} is longer than {MAX_TEXT} characters ({len(value)})")
    if required and not value.strip():
        raise _Problem(f"{label} must be non-empty text, got {_show(value)}")
    return value


def _required(record: dict, name: str, expected: str = "non-empty text") -> object:
    if name not in record:
        raise _Problem(f"missing field {name!r} ({expected})")
    return record[name]


def _required_text(record: dict, name: str) -> str:
    return _text(_required(record, name), f"field {name!r}")


def _optional_text(record: dict, *names: str) -> str:
    """The first of ``names`` (aliases) with text; null or missing is empty. Every alias present is checked, so
    a wrong type is refused even where another alias gives the text."""
    found = ""
    for name in names:
        value = record.get(name)
        if value is not None and _text(value, f"field {name!r}", required=False).strip() and not found:
            found = value
    return found


def _id_text(value: object, label: str) -> str | None:
    """An id given as text or a whole number; None when absent or empty (the reader makes one from the line)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _Problem(f"{label} must be text or a whole number, got {_kind(value)}")
    text = str(value).strip()
    if not text.isprintable() or len(text) > MAX_ID:
        raise _Problem(f"{label} must be one printable line of at most {MAX_ID} characters, got {_show(text)}")
    return text


def _letters(options: list[tuple[str, object]], label: str = "field 'options'") -> list[tuple[str, str]]:
    """Options ordered by letter, checked: 2 to 26, lettered A, B, C, … without gaps, texts are text."""
    if len(options) < 2:
        raise _Problem(f"{label} needs at least 2 options, got {len(options)}")
    if len(options) > MAX_OPTIONS:
        raise _Problem(f"{label} has {len(options)} options; at most {MAX_OPTIONS} (letters A-Z)")
    letters = [letter for letter, _ in options]
    bad = [letter for letter in letters if len(letter) != 1 or letter not in string.ascii_uppercase]
    if bad:
        raise _Problem(f"{label}: option keys must be single letters A-Z, got {_show(bad[0])}")
    if len(set(letters)) != len(letters):
        raise _Problem(f"{label}: option letter {_show(next(x for x in letters if letters.count(x) > 1))} "
                       f"appears twice")
    ordered = sorted(options)
    expected = string.ascii_uppercase[: len(options)]
    if "".join(letter for letter, _ in ordered) != expected:
        raise _Problem(f"{label}: option letters must be {', '.join(expected)} without gaps, got "
                       f"{', '.join(letter for letter, _ in ordered)}")
    return [(letter, _text(text, f"{label} option {letter}", required=False)) for letter, text in ordered]


def _answer_letter(value: object, name: str, options: list[tuple[str, str]]) -> str:
    letters = "".join(letter for letter, _ in options)
    if not isinstance(value, str) or value.strip().upper() not in {letter for letter, _ in options}:
        raise _Problem(f"field {name!r} must be one of the option letters {letters}, got {_kind(value)}")
    return value.strip().upper()


def _as_object(record: _Record) -> dict:
    if not isinstance(record.value, dict):
        raise _Problem(f"expected a JSON object, got {_kind(record.value)}")
    return record.value


def _where(line: int, item_id: str | None) -> str:
    return f"line {line} (id {item_id})" if item_id else f"line {line}"


# -- readers --------------------------------------------------------------------------------------------------

@dataclass
class _Builder:
    path: Path
    items: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    first_line: dict = field(default_factory=dict)

    def fail(self, where: str, problem: object) -> DatasetError:
        return DatasetError(f"{self.path}: {where}: {problem}")

    def claim(self, item_id: str, line: int, what: str = "id") -> None:
        """Ids key every result: a repeat is an error naming both lines (skipped records included)."""
        if item_id in self.first_line:
            raise DatasetError(f"{self.path}: line {line}: {what} {_show(item_id)} is used twice (lines "
                               f"{self.first_line[item_id]} and {line}); {what}s must be unique")
        self.first_line[item_id] = line

    def add(self, where: str, make: Callable[[], object]) -> None:
        try:
            self.items.append(make())
        except ItemError as exc:
            raise self.fail(where, exc) from None

    def skip(self, line: int, record_id: str | None, reason: str) -> None:
        self.skipped.append(Skipped(location=f"{self.path.name}:line {line}", record_id=record_id, reason=reason))

    def result(self, fmt: str) -> Dataset:
        return Dataset(name=self.path.name, path=str(self.path), format=fmt, items=tuple(self.items),
                       skipped=tuple(self.skipped), notes=tuple(self.notes))


def _skip_reason(options: list[tuple[str, str]]) -> str | None:
    """Why a record with otherwise valid fields has no usable answer (documented skips), or None."""
    empty = [letter for letter, text in options if not text.strip()]
    if empty:
        return f"option(s) {''.join(empty)} have no text"
    folded = [" ".join(text.casefold().split()) for _, text in options]
    dupes = sorted({options[i][1] for i, f in enumerate(folded) if folded.count(f) > 1})
    if dupes:
        return f"options repeat the same text {dupes}"
    return None


def _add_mcq(builder: _Builder, line: int, where: str, item_id: str, options: list[tuple[str, str]],
             make: Callable[[], object]) -> None:
    reason = _skip_reason(options)
    if reason:
        builder.skip(line, item_id, reason)
    else:
        builder.add(where, make)


def _mcq_records(source: _Source) -> list[_Record]:
    shape, records = source.json
    if shape == "keyed":
        raise DatasetError(f"{source.path}: line {records[0].line}: an object of records keyed by id is "
                           f"PubMedQA's layout; multiple-choice formats need JSON Lines or a JSON list of records")
    return source.records()


def _read_mcq(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    for record in _mcq_records(source):
        line = record.line
        where = _where(line, None)
        try:
            fields = _as_object(record)
            explicit = _id_text(fields.get("id"), "field 'id'")
            item_id = explicit or f"{path.stem}-{record.number}"
            where = _where(line, explicit)
            builder.claim(item_id, line)
            question = _required_text(fields, "question")
            raw = _required(fields, "options", "an object letter→text or a list of texts")
            if isinstance(raw, dict):
                options = _letters([(key.strip().upper(), text) for key, text in raw.items()])
            elif isinstance(raw, list):
                if len(raw) > MAX_OPTIONS:
                    raise _Problem(f"field 'options' has {len(raw)} options; at most {MAX_OPTIONS} (letters A-Z)")
                options = _letters(list(zip(string.ascii_uppercase, raw)))
            else:
                raise _Problem(f"field 'options' must be an object letter→text or a list of texts, got "
                               f"{_kind(raw)}")
            answer = _answer_letter(_required(fields, "answer", "the correct option letter"), "answer", options)
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           description=_optional_text(fields, "description", "context"),
                           explanation=_optional_text(fields, "explanation", "rationale"),
                           subject=_optional_text(fields, "subject"), source=f"{path.name}:{line}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        _add_mcq(builder, line, where, item_id, options, make)
    return builder.result(fmt)


def _csv_header(path: Path, line: int, row: list[str]) -> dict[str, int]:
    """Column index by lower-cased name; unnamed columns (a pandas index) are ignored, repeated names refused."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(row):
        name = cell.strip().lower()
        if not name:
            continue
        if name in columns:
            raise DatasetError(f"{path}: line {line}: the header names column {_show(cell.strip())} twice")
        columns[name] = index
    return columns


def _read_mcq_csv(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    rows = source.csv_rows()
    header_line, header = next(rows, (1, []))
    columns = _csv_header(path, header_line, header)
    letter_columns = [(c.upper(), columns[c]) for c in string.ascii_lowercase if c in columns]
    if not letter_columns:
        letter_columns = [(c.upper(), columns[f"option_{c}"]) for c in string.ascii_lowercase
                          if f"option_{c}" in columns]
    letters = "".join(letter for letter, _ in letter_columns)
    missing = [name for name in ("question", "answer") if name not in columns]
    if missing or len(letter_columns) < 2 or letters != string.ascii_uppercase[: len(letters)]:
        raise DatasetError(f"{path}: line {header_line}: the header needs columns 'question', 'answer' and option "
                           f"columns A, B, … without gaps (or option_a, option_b, …); found "
                           f"{_show([c.strip() for c in header], 200)}")
    for line, row in rows:
        where = _where(line, None)
        try:
            if len(row) != len(header):
                raise _Problem(f"{len(row)} cells, but the header (line {header_line}) has {len(header)} columns")
            record = {name: row[index] for name, index in columns.items()}
            explicit = _id_text(record.get("id"), "column 'id'")
            item_id = explicit or f"{path.stem}-{line}"
            where = _where(line, explicit)
            builder.claim(item_id, line)
            options = [(letter, row[index].strip()) for letter, index in letter_columns]
            while options and not options[-1][1]:  # items with fewer options leave trailing columns empty
                options.pop()
            if len(options) < 2:
                raise _Problem(f"needs at least 2 options, got {len(options)}")
            question = _text(record["question"].strip(), "column 'question'")
            answer = _answer_letter(record["answer"], "answer", options)
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           description=_optional_text(record, "description", "context"),
                           explanation=_optional_text(record, "explanation", "rationale"),
                           subject=_optional_text(record, "subject"), source=f"{path.name}:{line}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        _add_mcq(builder, line, where, item_id, options, make)
    return builder.result(fmt)


def _read_medqa(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    for record in _mcq_records(source):
        line = record.line
        where = _where(line, None)
        try:
            fields = _as_object(record)
            explicit = _id_text(fields.get("id"), "field 'id'")
            item_id = explicit or f"medqa-{path.stem}-{record.number}"
            where = _where(line, explicit)
            builder.claim(item_id, line)
            question = _required_text(fields, "question")
            raw = _required(fields, "options", "an object {A: text, ...}")
            if not isinstance(raw, dict) or sorted(raw) not in (list("ABCD"), list("ABCDE")):
                shown = sorted(raw) if isinstance(raw, dict) else _kind(raw)
                raise _Problem(f"field 'options' must be an object with the keys A-D or A-E, got {_show(shown)}")
            options = _letters(list(raw.items()))
            answer = _answer_letter(_required(fields, "answer_idx", "the correct letter"), "answer_idx", options)
            stated = fields.get("answer")
            if stated is not None and _text(stated, "field 'answer'", required=False).strip() and \
                    " ".join(stated.split()).casefold() != " ".join(raw[answer].split()).casefold():
                raise _Problem(f"'answer' {_show(stated)} is not the text of option answer_idx={answer!r} "
                               f"({_show(raw[answer])})")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           subject=_optional_text(fields, "meta_info"), source=f"{path.name}:{line}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        _add_mcq(builder, line, where, item_id, options, make)
    return builder.result(fmt)


def _medmcqa_cop(record: _Record) -> int | None:
    """The record's answer key as given (None when it has none: missing, null or -1)."""
    cop = _as_object(record).get("cop")
    if cop is None or (cop == -1 and not isinstance(cop, bool) and isinstance(cop, int)):
        return None
    if isinstance(cop, bool) or not isinstance(cop, int) or not 0 <= cop <= 4:
        raise _Problem(f"field 'cop' must be an option index 0-3 or 1-4 (or -1: no answer key), got {_kind(cop)}")
    return cop


def _medmcqa_base(path: Path, fmt: str, cops: list[tuple[int, int]]) -> int | None:
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


def _read_medmcqa(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    records = _mcq_records(source)
    cops = []
    for record in records:
        try:
            cop = _medmcqa_cop(record)
        except _Problem as exc:
            raise builder.fail(_where(record.line, None), exc) from None
        if cop is not None:
            cops.append((record.line, cop))
    base = _medmcqa_base(path, fmt, cops)
    if fmt == "medmcqa" and base is not None:
        values = [cop for _, cop in cops]
        builder.notes.append(f"MedMCQA 'cop' read as {base}-based (values {min(values)}-{max(values)} seen)")
    for record in records:
        line, fields = record.line, _as_object(record)
        where = _where(line, None)
        try:
            explicit = _id_text(fields.get("id"), "field 'id'")
            item_id = explicit or f"medmcqa-{record.number}"
            where = _where(line, explicit)
            builder.claim(item_id, line)
            question = _required_text(fields, "question")
            options = [(letter, _text(_required(fields, key, "option text"), f"field {key!r}", required=False))
                       for letter, key in zip("ABCD", ("opa", "opb", "opc", "opd"))]
            explanation = _optional_text(fields, "exp")
            subject = _optional_text(fields, "subject_name")
            choice_type = _optional_text(fields, "choice_type")
            cop = _medmcqa_cop(record)
            if cop is None or base is None:
                builder.skip(line, item_id, "no answer key ('cop' missing or -1, as in the test split)")
                continue
            if not 0 <= cop - base <= 3:
                raise _Problem(f"field 'cop' {cop} is out of range for {base}-based indexing")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options),
                           answer="ABCD"[cop - base], explanation=explanation, subject=subject,
                           source=f"{path.name}:{line}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        if choice_type == "multi":
            builder.notes.append(f"{item_id}: choice_type 'multi' kept with its single keyed answer")
        _add_mcq(builder, line, where, item_id, options, make)
    return builder.result(fmt if fmt != "medmcqa" or base is None else f"medmcqa-{base}based")


def _text_list(record: dict, name: str, expected: str) -> list[str]:
    value = _required(record, name, expected)
    if not isinstance(value, list) or not value:
        raise _Problem(f"field {name!r} must be {expected}, got {_kind(value)}")
    return [_text(entry, f"field {name!r} entry {index + 1}") for index, entry in enumerate(value)]


def _evidence_item(fields: dict, item_id: str, source: str) -> Callable[[], EvidenceItem]:
    question = _required_text(fields, "QUESTION")
    contexts = _text_list(fields, "CONTEXTS", "a non-empty list of section texts")
    labels = _text_list(fields, "LABELS", "a non-empty list of section labels")
    if len(contexts) != len(labels):
        raise _Problem(f"'CONTEXTS' and 'LABELS' must be lists of the same length, got {len(contexts)} and "
                       f"{len(labels)}")
    decision = _required(fields, "final_decision", "yes, no or maybe")
    if decision not in ("yes", "no", "maybe"):
        raise _Problem(f"field 'final_decision' must be yes, no or maybe, got {_kind(decision)}")
    year = fields.get("YEAR")
    if year is not None and (isinstance(year, bool) or not isinstance(year, (str, int))):
        raise _Problem(f"field 'YEAR' must be text or a whole number, got {_kind(year)}")
    meshes = fields.get("MESHES")
    if meshes is not None and not isinstance(meshes, list):
        raise _Problem(f"field 'MESHES' must be a list of texts, got {_kind(meshes)}")
    return partial(EvidenceItem, id=item_id, question=question,
                   contexts=tuple(ContextSection(label=label.upper(), text=text)
                                  for label, text in zip(labels, contexts)),
                   decision=decision, long_answer=_optional_text(fields, "LONG_ANSWER"),
                   year=_text(str(year), "field 'YEAR'") if year is not None and str(year).strip() else "",
                   meshes=tuple(_text(m, f"field 'MESHES' entry {i + 1}") for i, m in enumerate(meshes or ())),
                   source=source)


def _read_pubmedqa(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    for record in source.records():
        line = record.line
        where = _where(line, None)
        try:
            fields = _as_object(record)
            if record.key is not None:
                item_id = _id_text(record.key, "the record key (PMID)")
                if item_id is None:
                    raise _Problem("the record key (PMID) is empty")
                where = f"line {line} (record {item_id})"
            else:
                explicit = _id_text(fields.get("id"), "field 'id'")
                item_id = explicit or f"{path.stem}-{record.number}"
                where = f"line {line} (record {explicit})" if explicit else where
            builder.claim(item_id, line, "PMID" if record.key is not None else "id")
            make = _evidence_item(fields, item_id, f"{path.name}:{item_id}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        builder.add(where, make)
    return builder.result(fmt)


def _mmlu_subject(path: Path) -> str:
    subject = path.stem
    for suffix in ("_test", "_dev", "_val"):
        if subject.endswith(suffix):
            subject = subject[: -len(suffix)]
    return subject.replace("_", " ")


def _read_mmlu(source: _Source, fmt: str) -> Dataset:
    path, builder = source.path, _Builder(source.path)
    subject = _mmlu_subject(path)
    for line, row in source.csv_rows():
        where = _where(line, None)
        item_id = f"mmlu-{path.stem}-{line}"
        try:
            if len(row) != 6:
                raise _Problem(f"expected 6 columns (question, A, B, C, D, answer), got {len(row)}")
            question = _text(row[0].strip(), "column 1 (question)")
            options = list(zip("ABCD", (cell.strip() for cell in row[1:5])))
            answer = row[5].strip().upper()
            if answer not in ("A", "B", "C", "D"):
                raise _Problem(f"column 6 (answer) must be A, B, C or D, got {_show(row[5])}")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           subject=subject, source=f"{path.name}:{line}")
        except _Problem as exc:
            raise builder.fail(where, exc) from None
        _add_mcq(builder, line, where, item_id, options, make)
    return builder.result(fmt)


_READERS: dict[str, Callable[[_Source, str], Dataset]] = {
    "mcq": _read_mcq,
    "mcq-csv": _read_mcq_csv,
    "medqa": _read_medqa,
    "medmcqa": _read_medmcqa,
    "pubmedqa": _read_pubmedqa,
    "mmlu": _read_mmlu,
}


def iter_mcq_jsonl(items: Iterable[MCQItem]) -> str:
    """Serialise MCQ items in the generic JSON Lines format (the inverse of the ``mcq`` reader)."""
    out = io.StringIO()
    for item in items:
        out.write(json.dumps({"id": item.id, "subject": item.subject, "description": item.description,
                              "question": item.question, "options": dict(item.options), "answer": item.answer,
                              "explanation": item.explanation}, ensure_ascii=False) + "\n")
    return out.getvalue()
