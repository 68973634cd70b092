"""Reading a dataset file: its text, and where each record starts.

The file is decoded as UTF-8 (encoding problems are located to the line and byte), JSON is decoded one record at a
time with :meth:`json.JSONDecoder.raw_decode` so every record and every error carries the true line of the file
(also in pretty-printed JSON), and CSV records carry the line where they start. The rules are listed in
:mod:`pytest_medllm.data.loaders`.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Iterator

#: Longest text field: the csv module's default field limit, applied to every format alike.
MAX_TEXT = 131_072
#: Keys that mark a record as PubMedQA's.
PUBMEDQA_KEYS = frozenset({"QUESTION", "CONTEXTS", "LABELS", "final_decision", "LONG_ANSWER"})


class DatasetError(ValueError):
    """The dataset cannot be read; the one-line message says where and what was expected."""


def show(value: object, limit: int = 60) -> str:
    """A value for a one-line message: repr escapes line breaks; long values are cut."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- reading the file as text ---------------------------------------------------------------------------------

def read_text(path: Path) -> str:
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
        line, column = LineIndex(text).position(nul)
        raise DatasetError(f"{path}: line {line} column {column}: NUL character; this is a binary file or not "
                           f"UTF-8 text (UTF-16?); save the file as UTF-8 text")
    return text


class LineIndex:
    """Line and column of a character offset (lines counted by ``\\n``, as JSON's own messages count them)."""

    def __init__(self, text: str) -> None:
        self._breaks = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        """The line of offset ``pos``, counted from 1."""
        return bisect_left(self._breaks, pos) + 1

    def position(self, pos: int) -> tuple[int, int]:
        """``(line, column)`` of offset ``pos``, both counted from 1."""
        line = self.line(pos)
        start = self._breaks[line - 2] + 1 if line > 1 else 0
        return line, pos - start + 1


@dataclass(frozen=True)
class Record:
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
        self.path, self.text, self.lines = path, text, LineIndex(text)

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
            if exc.msg.startswith("Unterminated string"):  # the decoder ran to the end of the file inside it
                raise self.fail(exc.pos, "not valid JSON (a string that starts here is never closed: the file ends "
                                         "inside it; is it truncated?)") from None
            raise self.fail(exc.pos, f"not valid JSON ({exc.msg}){self.truncated(exc.pos)}") from None
        except _DuplicateKey as exc:
            raise self.fail(pos, f"key {show(exc.key)} appears twice in one object of the record that starts here "
                                 f"(JSON would keep only the last)") from None
        except RecursionError:
            raise self.fail(pos, "the record is nested too deeply to be a dataset record") from None
        except ValueError as exc:  # e.g. an integer longer than Python's 4300-digit limit
            raise self.fail(pos, f"not valid JSON for a dataset ({str(exc).splitlines()[0][:120]})") from None

    def expect(self, pos: int, what: str) -> DatasetError:
        return self.fail(pos, f"not valid JSON (expecting {what}){self.truncated(pos)}")

    def array(self, pos: int) -> tuple[list[Record], int]:
        records: list[Record] = []
        pos = self.skip(pos + 1)
        if self.text.startswith("]", pos):
            return records, pos + 1
        while True:
            value, end = self.value(pos)
            records.append(Record(self.lines.line(pos), value, number=len(records) + 1))
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
                raise self.fail(pos, f"{what} {show(key)} appears twice (lines {first[key]} and {line}); "
                                     f"JSON would keep only the last")
            first[key] = line

    def records(self) -> tuple[str, list[Record]]:
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
                return "keyed", [Record(self.lines.line(p), value, key, self.lines.line(p))
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

    def numbered(self, pos: int, value: object) -> Record:
        line = self.lines.line(pos)
        return Record(line, value, number=line)

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


def csv_header(path: Path, line: int, row: list[str]) -> dict[str, int]:
    """Column index by lower-cased name; unnamed columns (a pandas index) are ignored, repeated names refused."""
    columns: dict[str, int] = {}
    for index, cell in enumerate(row):
        name = cell.strip().lower()
        if not name:
            continue
        if name in columns:
            raise DatasetError(f"{path}: line {line}: the header names column {show(cell.strip())} twice")
        columns[name] = index
    return columns


# -- the file, read once --------------------------------------------------------------------------------------

@dataclass
class Source:
    """A dataset file read once: its text, read as JSON records or CSV rows on demand."""

    path: Path
    text: str

    @cached_property
    def json(self) -> tuple[str, list[Record]]:
        """``(shape, records)`` of the file as JSON; decoded once, as detection and the reader both need them."""
        return _JsonScanner(self.path, self.text).records()

    def csv_rows(self) -> Iterator[tuple[int, list[str]]]:
        """Non-blank CSV records with the line where each starts."""
        return _csv_rows(self.path, self.text)

    def records(self) -> list[Record]:
        """The JSON records; a file without any is an error."""
        shape, records = self.json
        if not records:
            raise DatasetError(f"{self.path}: line 1: the file holds no records")
        return records
