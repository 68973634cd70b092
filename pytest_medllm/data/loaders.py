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

The file is read, and its records located, by :mod:`.sources`; the rules for each field are in :mod:`.fields`;
this module detects the format and turns the records into items.
"""

from __future__ import annotations

import io
import json
import os
import string
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from .fields import (
    MAX_ID,
    MAX_OPTIONS,
    FieldProblem,
    ItemBuilder,
    Skipped,
    add_mcq,
    answer_letter,
    as_object,
    checked_text,
    evidence_item,
    id_text,
    kind,
    lettered_options,
    line_and_id,
    medmcqa_base,
    medmcqa_cop,
    optional_text,
    required_field,
    required_text,
)
from .schemas import ItemError, MCQItem, unique_ids
from .sources import (
    MAX_TEXT,
    PUBMEDQA_KEYS,
    DatasetError,
    Record,
    Source,
    csv_header,
    read_text,
    show,
)

# The data layer's public names, the rule limits and the error included, are imported from here.
__all__ = ["BUILTIN", "FORMATS", "MAX_ID", "MAX_OPTIONS", "MAX_TEXT", "PUBMEDQA_KEYS", "Dataset", "DatasetError",
           "Skipped", "detect_format", "fixtures_dir", "iter_mcq_jsonl", "load_dataset", "split_spec"]

FORMATS = ("mcq", "mcq-csv", "medqa", "medmcqa", "medmcqa-0based", "medmcqa-1based", "pubmedqa", "mmlu")
BUILTIN = {"demo": ("demo_mcq.jsonl", "mcq"), "demo-evidence": ("demo_evidence_qa.json", "pubmedqa")}


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


# -- locating files -------------------------------------------------------------------------------------------

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
    source = Source(path, read_text(path))
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


def detect_format(path: Path) -> str:
    """The format of the file at ``path``, from its extension and its first record."""
    return _detect(Source(path, read_text(path)))


def _detect(source: Source) -> str:
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
        raise DatasetError(f"{path}: line {first.line}: expected a JSON object, got {kind(first.value)}")
    keys = set(first.value)
    if keys & PUBMEDQA_KEYS:
        return "pubmedqa"
    if keys & {"answer_idx", "meta_info", "metamap_phrases"}:  # MedQA's own fields, even if one is missing
        return "medqa"
    if len(keys & {"opa", "opb", "opc", "opd", "cop"}) >= 2:
        return "medmcqa"
    if len(keys & {"question", "options", "answer"}) >= 2:
        return "mcq"
    fields = show(sorted(keys), 200)
    raise DatasetError(f"{path}: line {first.line}: cannot tell the format from the fields {fields}; "
                       f"expected MedQA (answer_idx, meta_info), MedMCQA (opa..opd, cop), PubMedQA (QUESTION, "
                       f"CONTEXTS) or generic (question, options, answer). Name it with --dataset PATH:FORMAT")


# -- readers --------------------------------------------------------------------------------------------------

def _dataset(builder: ItemBuilder, fmt: str) -> Dataset:
    """The items the reader collected, as the file's :class:`Dataset`."""
    path = builder.path
    return Dataset(name=path.name, path=str(path), format=fmt, items=tuple(builder.items),
                   skipped=tuple(builder.skipped), notes=tuple(builder.notes))


def _mcq_records(source: Source) -> list[Record]:
    shape, records = source.json
    if shape == "keyed":
        raise DatasetError(f"{source.path}: line {records[0].line}: an object of records keyed by id is "
                           f"PubMedQA's layout; multiple-choice formats need JSON Lines or a JSON list of records")
    return source.records()


def _claimed(builder: ItemBuilder, record, default_id: str) -> tuple[dict, str, str]:  # noqa: ANN001
    """A JSON record's fields, its id (field 'id', else ``default_id``) and where it is, once the id is claimed.
    A bad record or id ends the load with an error located at the record."""
    where = line_and_id(record.line, None)
    try:
        fields = as_object(record)
        explicit = id_text(fields.get("id"), "field 'id'")
        where = line_and_id(record.line, explicit)
        builder.claim(explicit or default_id, record.line)
    except FieldProblem as exc:
        raise builder.fail(where, exc) from None
    return fields, explicit or default_id, where


def _read_mcq(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    for record in _mcq_records(source):
        line = record.line
        fields, item_id, where = _claimed(builder, record, f"{path.stem}-{record.number}")
        try:
            question = required_text(fields, "question")
            raw = required_field(fields, "options", "an object letter→text or a list of texts")
            if isinstance(raw, dict):
                options = lettered_options([(key.strip().upper(), text) for key, text in raw.items()])
            elif isinstance(raw, list):
                if len(raw) > MAX_OPTIONS:
                    raise FieldProblem(f"field 'options' has {len(raw)} options; at most {MAX_OPTIONS} (letters A-Z)")
                options = lettered_options(list(zip(string.ascii_uppercase, raw)))
            else:
                raise FieldProblem(f"field 'options' must be an object letter→text or a list of texts, got "
                                   f"{kind(raw)}")
            answer = answer_letter(required_field(fields, "answer", "the correct option letter"), "answer", options)
            make = _generic_item(fields, item_id, question, options, answer, f"{path.name}:{line}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        add_mcq(builder, line, where, item_id, options, make)
    return _dataset(builder, fmt)


def _generic_item(fields: dict, item_id: str, question: str, options: list[tuple[str, str]], answer: str,
                  source: str) -> partial:
    """The item of a generic record (JSON or CSV), with its optional fields checked, built when it is added."""
    return partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                   description=optional_text(fields, "description", "context"),
                   explanation=optional_text(fields, "explanation", "rationale"),
                   subject=optional_text(fields, "subject"), source=source)


def _read_mcq_csv(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    rows = source.csv_rows()
    header_line, header = next(rows, (1, []))
    columns = csv_header(path, header_line, header)
    letter_columns = [(c.upper(), columns[c]) for c in string.ascii_lowercase if c in columns]
    if not letter_columns:
        letter_columns = [(c.upper(), columns[f"option_{c}"]) for c in string.ascii_lowercase
                          if f"option_{c}" in columns]
    letters = "".join(letter for letter, _ in letter_columns)
    missing = [name for name in ("question", "answer") if name not in columns]
    if missing or len(letter_columns) < 2 or letters != string.ascii_uppercase[: len(letters)]:
        raise DatasetError(f"{path}: line {header_line}: the header needs columns 'question', 'answer' and option "
                           f"columns A, B, … without gaps (or option_a, option_b, …); found "
                           f"{show([c.strip() for c in header], 200)}")
    for line, row in rows:
        where = line_and_id(line, None)
        try:
            if len(row) != len(header):
                raise FieldProblem(f"{len(row)} cells, but the header (line {header_line}) has {len(header)} columns")
            record = {name: row[index] for name, index in columns.items()}
            explicit = id_text(record.get("id"), "column 'id'")
            item_id = explicit or f"{path.stem}-{line}"
            where = line_and_id(line, explicit)
            builder.claim(item_id, line)
            options = [(letter, row[index].strip()) for letter, index in letter_columns]
            while options and not options[-1][1]:  # items with fewer options leave trailing columns empty
                options.pop()
            if len(options) < 2:
                raise FieldProblem(f"needs at least 2 options, got {len(options)}")
            question = checked_text(record["question"].strip(), "column 'question'")
            answer = answer_letter(record["answer"], "answer", options)
            make = _generic_item(record, item_id, question, options, answer, f"{path.name}:{line}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        add_mcq(builder, line, where, item_id, options, make)
    return _dataset(builder, fmt)


def _read_medqa(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    for record in _mcq_records(source):
        line = record.line
        fields, item_id, where = _claimed(builder, record, f"medqa-{path.stem}-{record.number}")
        try:
            question = required_text(fields, "question")
            raw = required_field(fields, "options", "an object {A: text, ...}")
            if not isinstance(raw, dict) or sorted(raw) not in (list("ABCD"), list("ABCDE")):
                shown = sorted(raw) if isinstance(raw, dict) else kind(raw)
                raise FieldProblem(f"field 'options' must be an object with the keys A-D or A-E, got {show(shown)}")
            options = lettered_options(list(raw.items()))
            answer = answer_letter(required_field(fields, "answer_idx", "the correct letter"), "answer_idx", options)
            stated = fields.get("answer")
            if stated is not None and checked_text(stated, "field 'answer'", required=False).strip() and \
                    " ".join(stated.split()).casefold() != " ".join(raw[answer].split()).casefold():
                raise FieldProblem(f"'answer' {show(stated)} is not the text of option answer_idx={answer!r} "
                                   f"({show(raw[answer])})")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           subject=optional_text(fields, "meta_info"), source=f"{path.name}:{line}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        add_mcq(builder, line, where, item_id, options, make)
    return _dataset(builder, fmt)


def _read_medmcqa(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    records = _mcq_records(source)
    keys: list[int | None] = []  # each record's 'cop', read once: the base is decided over all of them first
    for record in records:
        try:
            keys.append(medmcqa_cop(record))
        except FieldProblem as exc:
            raise builder.fail(line_and_id(record.line, None), exc) from None
    cops = [(record.line, cop) for record, cop in zip(records, keys) if cop is not None]
    base = medmcqa_base(path, fmt, cops)
    if fmt == "medmcqa" and base is not None:
        values = [cop for _, cop in cops]
        builder.notes.append(f"MedMCQA 'cop' read as {base}-based (values {min(values)}-{max(values)} seen)")
    for record, cop in zip(records, keys):
        line = record.line
        fields, item_id, where = _claimed(builder, record, f"medmcqa-{record.number}")
        try:
            question = required_text(fields, "question")
            options = [(letter, checked_text(required_field(fields, key, "option text"), f"field {key!r}",
                                             required=False))
                       for letter, key in zip("ABCD", ("opa", "opb", "opc", "opd"))]
            explanation = optional_text(fields, "exp")
            subject = optional_text(fields, "subject_name")
            choice_type = optional_text(fields, "choice_type")
            if cop is None or base is None:
                builder.skip(line, item_id, "no answer key ('cop' missing or -1, as in the test split)")
                continue
            if not 0 <= cop - base <= 3:
                raise FieldProblem(f"field 'cop' {cop} is out of range for {base}-based indexing")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options),
                           answer="ABCD"[cop - base], explanation=explanation, subject=subject,
                           source=f"{path.name}:{line}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        if choice_type == "multi":
            builder.notes.append(f"{item_id}: choice_type 'multi' kept with its single keyed answer")
        add_mcq(builder, line, where, item_id, options, make)
    return _dataset(builder, fmt if fmt != "medmcqa" or base is None else f"medmcqa-{base}based")


def _read_pubmedqa(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    for record in source.records():
        line = record.line
        where = line_and_id(line, None)
        try:
            fields = as_object(record)
            if record.key is not None:
                item_id = id_text(record.key, "the record key (PMID)")
                if item_id is None:
                    raise FieldProblem("the record key (PMID) is empty")
                where = f"line {line} (record {item_id})"
            else:
                explicit = id_text(fields.get("id"), "field 'id'")
                item_id = explicit or f"{path.stem}-{record.number}"
                where = f"line {line} (record {explicit})" if explicit else where
            builder.claim(item_id, line, "PMID" if record.key is not None else "id")
            make = evidence_item(fields, item_id, f"{path.name}:{item_id}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        builder.add(where, make)
    return _dataset(builder, fmt)


def _mmlu_subject(path: Path) -> str:
    subject = path.stem
    for suffix in ("_test", "_dev", "_val"):
        if subject.endswith(suffix):
            subject = subject[: -len(suffix)]
    return subject.replace("_", " ")


def _read_mmlu(source: Source, fmt: str) -> Dataset:
    path, builder = source.path, ItemBuilder(source.path)
    subject = _mmlu_subject(path)
    for line, row in source.csv_rows():
        where = line_and_id(line, None)
        item_id = f"mmlu-{path.stem}-{line}"
        try:
            if len(row) != 6:
                raise FieldProblem(f"expected 6 columns (question, A, B, C, D, answer), got {len(row)}")
            question = checked_text(row[0].strip(), "column 1 (question)")
            options = list(zip("ABCD", (cell.strip() for cell in row[1:5])))
            answer = row[5].strip().upper()
            if answer not in ("A", "B", "C", "D"):
                raise FieldProblem(f"column 6 (answer) must be A, B, C or D, got {show(row[5])}")
            make = partial(MCQItem, id=item_id, question=question, options=tuple(options), answer=answer,
                           subject=subject, source=f"{path.name}:{line}")
        except FieldProblem as exc:
            raise builder.fail(where, exc) from None
        add_mcq(builder, line, where, item_id, options, make)
    return _dataset(builder, fmt)


_READERS: dict[str, Callable[[Source, str], Dataset]] = {
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
