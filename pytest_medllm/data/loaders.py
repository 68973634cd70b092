"""Loaders for the formats the benchmarks publish, plus the bundled demo data.

``--dataset NAME_OR_PATH[:FORMAT]`` selects a file; the format is detected from the file unless given. Problems in
the file's structure are errors that name the file, the line or record id, the field and what was expected.
Records a benchmark legitimately ships without a usable answer (MedMCQA's unlabelled test split, repeated option
texts) are skipped, counted and listed in the run summary — never dropped silently.

Formats:

* ``mcq``       generic JSON Lines / JSON list: ``question``, ``options`` (letter→text object or list),
                ``answer`` (letter), optional ``id``, ``description`` (or ``context``), ``explanation`` (or
                ``rationale``), ``subject``
* ``mcq-csv``   generic CSV with a header: ``question``, ``answer``, option columns ``A``…``J`` (or
                ``option_a``…), optional ``id``, ``description``, ``explanation``, ``subject``
* ``medqa``     MedQA JSON Lines: ``question``, ``options`` {A..E}, ``answer_idx``
* ``medmcqa``   MedMCQA JSON Lines: ``opa``..``opd``, ``cop`` (0- or 1-based, detected and reported);
                ``medmcqa-0based`` / ``medmcqa-1based`` force the base
* ``pubmedqa``  PubMedQA ``ori_pqal.json``: ``QUESTION``, ``CONTEXTS``, ``LABELS``, ``final_decision``,
                ``LONG_ANSWER``
* ``mmlu``      MMLU CSV without header: question, A, B, C, D, answer
"""

from __future__ import annotations

import csv
import io
import json
import os
import string
from contextlib import contextmanager
from functools import partial
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from .schemas import ContextSection, EvidenceItem, ItemError, MCQItem, unique_ids

FORMATS = ("mcq", "mcq-csv", "medqa", "medmcqa", "medmcqa-0based", "medmcqa-1based", "pubmedqa", "mmlu")
BUILTIN = {"demo": ("demo_mcq.jsonl", "mcq"), "demo-evidence": ("demo_evidence_qa.json", "pubmedqa")}


class DatasetError(ValueError):
    """The dataset cannot be read; the message says where and what was expected."""


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
    """Load ``NAME_OR_PATH[:FORMAT]`` (``demo`` and ``demo-evidence`` are the bundled demo sets)."""
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
    fmt = forced or detect_format(path)
    reader = _READERS[fmt.split("-")[0] if fmt.startswith("medmcqa") else fmt]
    dataset = reader(path, fmt)
    unique_ids(dataset.items)
    if not dataset.items:
        detail = f"; {len(dataset.skipped)} records skipped, e.g. {dataset.skipped[0].reason}" \
            if dataset.skipped else ""
        raise DatasetError(f"{path}: no usable items{detail}")
    return Dataset(name=name, path=str(path), format=dataset.format, items=dataset.items, skipped=dataset.skipped,
                   notes=dataset.notes)


# -- format detection -------------------------------------------------------------------------------------

def detect_format(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        try:
            first = next(csv.reader(io.StringIO(_read_text(path), newline="")), None)
        except csv.Error as exc:
            raise DatasetError(f"{path}: line 1: not a readable CSV file ({exc})") from None
        if not first:
            raise DatasetError(f"{path}: the file is empty")
        header = {cell.strip().lower() for cell in first}
        if "question" in header and "answer" in header:
            return "mcq-csv"
        if len(first) == 6 and first[5].strip().upper() in ("A", "B", "C", "D"):
            return "mmlu"
        raise DatasetError(f"{path}: CSV line 1 is neither a header with 'question' and 'answer' columns (generic "
                           f"format) nor an MMLU row (question, A, B, C, D, answer letter)")
    records = _json_records(path)
    first_line, first = next(iter(records), (0, None))
    if first is None:
        raise DatasetError(f"{path}: the file holds no records")
    if isinstance(first, dict) and "QUESTION" in first:
        return "pubmedqa"
    if not isinstance(first, dict):
        raise DatasetError(f"{path}: line {first_line}: expected a JSON object, got {type(first).__name__}")
    keys = set(first)
    if "answer_idx" in keys:
        return "medqa"
    if {"opa", "cop"} <= keys:
        return "medmcqa"
    if {"question", "options", "answer"} <= keys:
        return "mcq"
    raise DatasetError(f"{path}: line {first_line}: cannot tell the format from the fields {sorted(keys)}; "
                       f"expected MedQA (answer_idx), MedMCQA (opa..opd, cop), PubMedQA (QUESTION, CONTEXTS) or "
                       f"generic (question, options, answer). Name it with --dataset PATH:FORMAT")


def _json_records(path: Path) -> list[tuple[int, object]]:
    """Records of a JSON file as ``(line, record)``: a JSON list, a PubMedQA-style object, or JSON Lines."""
    text = _read_text(path)
    stripped = text.lstrip()
    if not stripped:
        raise DatasetError(f"{path}: the file is empty")
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None  # JSON Lines (MedMCQA's *.json files are), or broken: the line reader reports the bad line
    if isinstance(whole, list):
        return [(i + 1, record) for i, record in enumerate(whole)]
    if isinstance(whole, dict):
        if whole and all(isinstance(v, dict) and "QUESTION" in v for v in whole.values()):
            return [(0, {"__id__": key, **value}) for key, value in whole.items()]
        return [(1, whole)]
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise DatasetError(f"{path}: line {number} column {exc.colno}: not valid JSON ({exc.msg})") from None
    return records


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DatasetError(f"{path}: byte {exc.start} is not UTF-8 text; save the file as UTF-8") from None


@contextmanager
def _csv_errors(path: Path) -> Iterator[None]:
    try:
        yield
    except csv.Error as exc:
        raise DatasetError(f"{path}: not a readable CSV file ({exc})") from None


# -- readers --------------------------------------------------------------------------------------------------

@dataclass
class _Builder:
    path: Path
    items: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def add(self, location: str, record_id: str | None, make: Callable[[], object]) -> None:
        try:
            self.items.append(make())
        except ItemError as exc:
            raise DatasetError(f"{self.path}: {location}: {exc}") from None

    def skip(self, location: str, record_id: str | None, reason: str) -> None:
        self.skipped.append(Skipped(location=f"{self.path.name}:{location}", record_id=record_id, reason=reason))

    def result(self, fmt: str) -> Dataset:
        return Dataset(name=self.path.name, path=str(self.path), format=fmt, items=tuple(self.items),
                       skipped=tuple(self.skipped), notes=tuple(self.notes))


def _field(path: Path, where: str, record: dict, name: str, expected: str = "non-empty text") -> object:
    if name not in record:
        raise DatasetError(f"{path}: {where}: missing field {name!r} ({expected})")
    return record[name]


def _text(path: Path, where: str, record: dict, name: str, optional: bool = False) -> str:
    if optional and record.get(name) in (None, ""):
        return ""
    value = _field(path, where, record, name)
    if not isinstance(value, str) or (not optional and not value.strip()):
        raise DatasetError(f"{path}: {where}: field {name!r} must be non-empty text, got {value!r}")
    return value


def _duplicate_options(options: list[tuple[str, str]]) -> list[str]:
    folded = [" ".join(text.casefold().split()) for _, text in options]
    return sorted({options[i][1] for i, f in enumerate(folded) if folded.count(f) > 1})


def _add_mcq(builder: _Builder, where: str, item_id: str, options: list[tuple[str, str]], make) -> None:
    dupes = _duplicate_options(options)
    if dupes:
        builder.skip(where, item_id, f"options repeat the same text {dupes}")
        return
    empty = [letter for letter, text in options if not str(text).strip()]
    if empty:
        builder.skip(where, item_id, f"option(s) {''.join(empty)} have no text")
        return
    builder.add(where, item_id, make)


def _object_records(path: Path) -> list[tuple[int, dict]]:
    """JSON records that must each be an object (MCQ formats)."""
    records = _json_records(path)
    for line, record in records:
        if not isinstance(record, dict):
            raise DatasetError(f"{path}: line {line}: expected a JSON object, got {type(record).__name__}")
    return records  # type: ignore[return-value]


def _read_mcq(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    for line, record in _object_records(path):
        item_id = str(record.get("id") or f"{path.stem}-{line}")
        where = f"line {line} (id {item_id})"
        question = _text(path, where, record, "question")
        raw_options = _field(path, where, record, "options", "an object letter→text or a list of texts")
        if isinstance(raw_options, dict):
            options = [(str(k).strip().upper(), v) for k, v in raw_options.items()]
        elif isinstance(raw_options, list):
            options = [(string.ascii_uppercase[i], v) for i, v in enumerate(raw_options)]
        else:
            raise DatasetError(f"{path}: {where}: field 'options' must be an object letter→text or a list, "
                               f"got {type(raw_options).__name__}")
        for letter, text in options:
            if not isinstance(text, str):
                raise DatasetError(f"{path}: {where}: option {letter!r} must be text, got {text!r}")
        answer = _field(path, where, record, "answer", "the correct option letter")
        if not isinstance(answer, str) or answer.strip().upper() not in {k for k, _ in options}:
            raise DatasetError(f"{path}: {where}: field 'answer' must be one of the option letters "
                               f"{''.join(k for k, _ in options)}, got {answer!r}")
        description = _text(path, where, record, "description", optional=True) or \
            _text(path, where, record, "context", optional=True)
        _add_mcq(builder, where, item_id, options, partial(MCQItem, 
            id=item_id, question=question, options=tuple(options), answer=answer.strip().upper(),
            description=description, explanation=_text(path, where, record, "explanation", optional=True)
            or _text(path, where, record, "rationale", optional=True),
            subject=_text(path, where, record, "subject", optional=True), source=f"{path.name}:{line}"))
    return builder.result(fmt)


def _read_mcq_csv(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    with _csv_errors(path), io.StringIO(_read_text(path), newline="") as handle:
        reader = csv.DictReader(handle)
        fields = [f.strip() for f in reader.fieldnames or []]
        lower = {f.lower(): f for f in fields}
        letter_columns = [(c, c) for c in string.ascii_uppercase[:10] if c in fields]
        if not letter_columns:
            letter_columns = [(c.upper(), lower[f"option_{c}"]) for c in string.ascii_lowercase[:10]
                              if f"option_{c}" in lower]
        if len(letter_columns) < 2:
            raise DatasetError(f"{path}: line 1: the header needs option columns A, B, … (or option_a, option_b, "
                               f"…); found {fields}")
        for row in reader:
            line = reader.line_num
            record = {k.strip().lower() if k else "": (v or "") for k, v in row.items()}
            item_id = record.get("id") or f"{path.stem}-{line}"
            where = f"line {line} (id {item_id})"
            options = [(letter, (row.get(column) or "").strip()) for letter, column in letter_columns]
            while options and not options[-1][1]:  # items with fewer options leave trailing columns empty
                options.pop()
            question = record.get("question", "").strip()
            if not question:
                raise DatasetError(f"{path}: {where}: field 'question' must be non-empty text")
            answer = record.get("answer", "").strip().upper()
            if answer not in {k for k, _ in options}:
                raise DatasetError(f"{path}: {where}: field 'answer' must be one of "
                                   f"{''.join(k for k, _ in options)}, got {record.get('answer')!r}")
            _add_mcq(builder, where, item_id, options, partial(MCQItem, 
                id=item_id, question=question, options=tuple(options), answer=answer,
                description=record.get("description") or record.get("context") or "",
                explanation=record.get("explanation", ""), subject=record.get("subject", ""),
                source=f"{path.name}:{line}"))
    return builder.result(fmt)


def _read_medqa(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    for line, record in _object_records(path):
        where = f"line {line}"
        item_id = str(record.get("id") or f"medqa-{path.stem}-{line}")
        question = _text(path, where, record, "question")
        raw = _field(path, where, record, "options", "an object {A: text, ...}")
        if not isinstance(raw, dict) or len(raw) not in (4, 5):
            raise DatasetError(f"{path}: {where}: field 'options' must be an object with 4 or 5 options A-E, "
                               f"got {raw!r}"[:300])
        options = [(str(k).upper(), v) for k, v in sorted(raw.items())]
        answer = _field(path, where, record, "answer_idx", "the correct letter")
        if answer not in raw:
            raise DatasetError(f"{path}: {where}: field 'answer_idx' must be one of {''.join(sorted(raw))}, "
                               f"got {answer!r}")
        if "answer" in record and isinstance(record["answer"], str) and record["answer"].strip() \
                and " ".join(record["answer"].split()).casefold() != " ".join(str(raw[answer]).split()).casefold():
            raise DatasetError(f"{path}: {where}: 'answer' {record['answer']!r} is not the text of option "
                               f"answer_idx={answer!r} ({raw[answer]!r})")
        meta = record.get("meta_info")
        _add_mcq(builder, where, item_id, options, partial(MCQItem, 
            id=item_id, question=question, options=tuple(options), answer=answer,
            subject=str(meta) if isinstance(meta, str) else "", source=f"{path.name}:{line}"))
    return builder.result(fmt)


def _read_medmcqa(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    records = _object_records(path)
    cops = []
    for line, record in records:
        cop = record.get("cop")
        if cop is not None and cop != -1:
            if isinstance(cop, bool) or not isinstance(cop, int) or not 0 <= cop <= 4:
                raise DatasetError(f"{path}: line {line} (id {record.get('id')}): field 'cop' must be an option "
                                   f"index 0-3 or 1-4, got {cop!r}")
            cops.append(cop)
    if fmt == "medmcqa-0based":
        base = 0
    elif fmt == "medmcqa-1based":
        base = 1
    else:
        has_zero, has_four = 0 in cops, 4 in cops
        if has_zero and has_four:
            raise DatasetError(f"{path}: field 'cop' holds both 0 and 4, so it is neither 0-based nor 1-based")
        if has_zero:
            base = 0
        elif has_four:
            base = 1
        else:
            raise DatasetError(f"{path}: field 'cop' only holds values 1-3, so 0-based and 1-based indexing cannot be "
                               f"told apart; name it: --dataset {path}:medmcqa-0based (Hugging Face copy) or "
                               f":medmcqa-1based (original release)")
        builder.notes.append(f"MedMCQA 'cop' read as {base}-based (values {min(cops)}-{max(cops)} seen)")
    for line, record in records:
        item_id = str(record.get("id") or f"medmcqa-{line}")
        where = f"line {line} (id {item_id})"
        question = _text(path, where, record, "question")
        options = []
        for letter, key in zip("ABCD", ("opa", "opb", "opc", "opd")):
            value = _field(path, where, record, key, "option text")
            if not isinstance(value, str):
                raise DatasetError(f"{path}: {where}: field {key!r} must be text, got {value!r}")
            options.append((letter, value))
        cop = record.get("cop")
        if cop is None or cop == -1:
            builder.skip(f"line {line}", item_id, "no answer key ('cop' missing or -1, as in the test split)")
            continue
        index = cop - base
        if not 0 <= index <= 3:
            raise DatasetError(f"{path}: {where}: 'cop' {cop} is out of range for {base}-based indexing")
        if record.get("choice_type") == "multi":
            builder.notes.append(f"{item_id}: choice_type 'multi' kept with its single keyed answer")
        _add_mcq(builder, where, item_id, options, partial(MCQItem, 
            id=item_id, question=question, options=tuple(options), answer="ABCD"[index],
            explanation=record.get("exp") or "", subject=record.get("subject_name") or "",
            source=f"{path.name}:{line}"))
    return builder.result(fmt if fmt != "medmcqa" else f"medmcqa-{base}based")


def _read_pubmedqa(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    for line, record in _json_records(path):
        if not isinstance(record, dict):
            raise DatasetError(f"{path}: expected an object of PubMedQA records keyed by PMID")
        item_id = str(record.get("__id__") or record.get("id") or line)
        where = f"record {item_id}"
        question = _text(path, where, record, "QUESTION")
        contexts = _field(path, where, record, "CONTEXTS", "a list of section texts")
        labels = _field(path, where, record, "LABELS", "a list of section labels")
        if not isinstance(contexts, list) or not isinstance(labels, list) or len(contexts) != len(labels):
            raise DatasetError(f"{path}: {where}: 'CONTEXTS' and 'LABELS' must be lists of the same length, "
                               f"got {len(contexts) if isinstance(contexts, list) else contexts!r} and "
                               f"{len(labels) if isinstance(labels, list) else labels!r}")
        decision = _field(path, where, record, "final_decision", "yes, no or maybe")
        if decision not in ("yes", "no", "maybe"):
            raise DatasetError(f"{path}: {where}: field 'final_decision' must be yes, no or maybe, got "
                               f"{decision!r}")
        builder.add(where, item_id, partial(EvidenceItem, 
            id=item_id, question=question,
            contexts=tuple(ContextSection(label=str(lab).upper(), text=str(txt)) for lab, txt in
                           zip(labels, contexts)),
            decision=decision, long_answer=str(record.get("LONG_ANSWER") or ""), year=str(record.get("YEAR") or ""),
            meshes=tuple(str(m) for m in record.get("MESHES") or ()), source=f"{path.name}:{item_id}"))
    return builder.result(fmt)


def _read_mmlu(path: Path, fmt: str) -> Dataset:
    builder = _Builder(path)
    subject = path.stem
    for suffix in ("_test", "_dev", "_val"):
        if subject.endswith(suffix):
            subject = subject[: -len(suffix)]
    subject = subject.replace("_", " ")
    with _csv_errors(path), io.StringIO(_read_text(path), newline="") as handle:
        reader = csv.reader(handle)
        for row in reader:
            line = reader.line_num
            where = f"line {line}"
            if not row or not any(cell.strip() for cell in row):
                continue
            if len(row) != 6:
                raise DatasetError(f"{path}: {where}: expected 6 columns (question, A, B, C, D, answer), "
                                   f"got {len(row)}")
            answer = row[5].strip().upper()
            if answer not in ("A", "B", "C", "D"):
                raise DatasetError(f"{path}: {where}: column 6 (answer) must be A, B, C or D, got {row[5]!r}")
            item_id = f"mmlu-{path.stem}-{line}"
            options = list(zip("ABCD", (cell.strip() for cell in row[1:5])))
            if not row[0].strip():
                raise DatasetError(f"{path}: {where}: column 1 (question) is empty")
            _add_mcq(builder, where, item_id, options, partial(MCQItem, 
                id=item_id, question=row[0].strip(), options=tuple(options), answer=answer, subject=subject,
                source=f"{path.name}:{line}"))
    return builder.result(fmt)


_READERS: dict[str, Callable[[Path, str], Dataset]] = {
    "mcq": _read_mcq,
    "mcq-csv": _read_mcq_csv,
    "medqa": _read_medqa,
    "medmcqa": _read_medmcqa,
    "pubmedqa": _read_pubmedqa,
    "mmlu": _read_mmlu,
}


def iter_mcq_jsonl(items: Iterator[MCQItem]) -> str:
    """Serialise MCQ items in the generic JSON Lines format (the inverse of the ``mcq`` reader)."""
    out = io.StringIO()
    for item in items:
        out.write(json.dumps({"id": item.id, "subject": item.subject, "description": item.description,
                              "question": item.question, "options": dict(item.options), "answer": item.answer,
                              "explanation": item.explanation}, ensure_ascii=False) + "\n")
    return out.getvalue()
