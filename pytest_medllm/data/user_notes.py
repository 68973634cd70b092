"""A user's own clinical notes: read a JSON Lines or CSV file, find the variables DeVisE rewrites in each text.

The file holds one note per record (JSON Lines, a JSON list, or CSV with a header). Fields:

* ``id`` (required) — text or a whole number, unique in the file;
* ``text`` (required) — the note;
* ``age`` — whole years 0-130; ``sex`` — M, F, male or female (any case); ``ethnicity`` — one of DeVisE's classes
  (:data:`~.schemas.ETHNICITIES`) or a term the extractor knows ("Asian", "African American", "Latino", …),
  "Other" or "Unknown";
* ``mortality`` — 0 or 1; ``los_days`` or ``los_hours`` (not both) — the length of stay, a number >= 0, turned into
  DeVisE's bucket (Appendix A.6: [[1]] 24-38 h, [[2]] 39-59 h, [[3]] 60-112 h, [[4]] 113 h and more; a stay under
  24 h has no bucket, as DeVisE excluded such stays).

Other fields are ignored; an empty CSV cell or a JSON null is a field not given. A malformed file is refused with
one :class:`~.sources.DatasetError` naming the file, the line where the record starts (and its id when known) and
the field, as :mod:`.loaders` does for benchmarks. The file is decoded and its records located by :mod:`.sources`.

Each record becomes a :class:`UserNote`: a :class:`~.schemas.ClinicalNote` of style "user" (labels are the file's
real outcomes; age, gender and ethnicity are the file's when given, else what the text says, else unknown) whose
spans are the chosen vital-sign mentions (:mod:`.note_vitals`) and the patient's age, sex and ethnicity words
(:mod:`.note_demographics`); plus the findings for the JSON artifact. A chosen reading beyond DeVisE's range (a
blood pressure above 220/140 mmHg) keeps its span but has no value in the note's ``vitals`` (None: DeVisE's
scale cannot class it), and its counterfactuals are not applicable. A note whose text has no vital sign is kept,
with ``no_vitals_reason`` saying so, for the suites to count and skip. Note texts never leave the machine: nothing
here logs them, and no error message quotes them.

Use::

    notes = load_user_notes(path)          # [UserNote], in file order; DatasetError for a malformed file
    user.note                              # the ClinicalNote (style "user") a model reads
    user.no_vitals_reason                  # None, or why the vital-sign suites skip the note
    user.findings()                        # JSON-able: mentions (chosen or not, by which rule), refusals, demographics
    note_counterfactuals(user, per_class, seed)  # pytest_medllm.perturb.note_rewrites: every counterfactual
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from .fields import FieldProblem, checked_text, id_text, kind, line_and_id
from .note_demographics import ETHNICITY_TERMS, NoteDemographics, extract_demographics
from .note_vitals import NoteVitals, extract_vitals
from .schemas import ETHNICITIES, VITAL_SIGNS, ClinicalNote, ItemError
from .sources import DatasetError, Source, csv_header, read_text, show

#: DeVisE's length-of-stay buckets (Appendix A.6), as (label, lowest hours, first hour of the next bucket).
LOS_BUCKETS = (("1", 24.0, 39.0), ("2", 39.0, 60.0), ("3", 60.0, 113.0), ("4", 113.0, math.inf))
_SEXES = {"m": "male", "male": "male", "man": "male", "f": "female", "female": "female", "woman": "female"}
NO_VITALS = "the text mentions no vital sign the extractor recognises"


@dataclass(frozen=True)
class UserNote:
    """One note of the user's file: the note the suites use, what was found in its text, and where it came from."""

    note: ClinicalNote
    vitals: NoteVitals
    demographics: NoteDemographics
    #: ``file:line`` of the record.
    source: str = ""
    #: Why the vital-sign suites cannot use the note (None when at least one vital sign was found).
    no_vitals_reason: str | None = None
    #: Length of stay in hours as the file gave it (None if not given); ``note.labels`` holds the bucket.
    los_hours: float | None = None
    #: What the file's own fields say (age, sex, ethnicity; None where not given), to compare with the text.
    declared: tuple[tuple[str, object], ...] = ()

    @property
    def id(self) -> str:
        return self.note.id

    def findings(self) -> dict:
        """What the extractors found, for the JSON artifact: offsets, values and section kinds only, never the note's
        text (nor a section heading, which is the note's own words)."""
        found = {"age": self.demographics.age, "sex": self.demographics.sex, "ethnicity": self.demographics.ethnicity}
        declared = dict(self.declared)
        disagree = sorted(k for k, v in declared.items() if v is not None and found[k] is not None and v != found[k])
        return {"id": self.note.id, "source": self.source, "no_vitals_reason": self.no_vitals_reason,
                # a section's label is the note's own words (its heading, or its first line): only its kind is kept
                "vitals": [{k: v for k, v in row.items() if k != "section"} for row in self.vitals.to_json()],
                "rejected": [r.to_json() for r in self.vitals.rejected],
                "demographics": self.demographics.to_json(), "declared": declared,
                "declared_and_text_disagree": disagree, "labels": dict(self.note.labels),
                "los_hours": self.los_hours}


def los_bucket(hours: float) -> str | None:
    """DeVisE's length-of-stay label for a stay of ``hours``; None under 24 h (no bucket)."""
    for label, low, high in LOS_BUCKETS:
        if low <= hours < high:
            return label
    return None


def build_user_note(note_id: str, text: str, *, age: int | None = None, sex: str | None = None,
                    ethnicity: str | None = None, mortality: int | None = None, los_hours: float | None = None,
                    source: str = "") -> UserNote:
    """The :class:`UserNote` for one text (``sex`` "male"/"female", ``ethnicity`` one of DeVisE's classes)."""
    vitals = extract_vitals(text)
    demographics = extract_demographics(text, declared_sex=sex)
    values: dict[str, float | None] = {name: None for name in VITAL_SIGNS}
    spans: list[tuple[str, int, int]] = []
    for variable, mention, _ in vitals.chosen:
        # a reading beyond DeVisE's range (BP 242/138) is the note's own, but not a value of the scale: unknown here
        values[variable] = mention.devise_value if mention.in_range else None
        spans.append((variable, mention.start, mention.end))
    spans += [("age", m.start, m.end) for m in demographics.age_mentions]
    spans += [("gender", m.start, m.end) for m in demographics.sex_mentions]
    spans += [("ethnicity", m.start, m.end) for m in demographics.ethnicity_mentions]
    labels: list[tuple[str, str]] = []
    if mortality is not None:
        labels.append(("mortality", str(mortality)))
    bucket = None if los_hours is None else los_bucket(los_hours)
    if bucket is not None:
        labels.append(("los", bucket))
    note = ClinicalNote(id=note_id, age=age if age is not None else demographics.age,
                        gender=sex or demographics.sex, ethnicity=ethnicity or demographics.ethnicity,
                        vitals=tuple((name, values[name]) for name in VITAL_SIGNS), text=text, style="user",
                        spans=tuple(sorted(spans, key=lambda s: s[1])), labels=tuple(labels), synthetic=False,
                        patient_id=note_id)
    return UserNote(note, vitals, demographics, source, None if vitals.chosen else NO_VITALS, los_hours,
                    (("age", age), ("sex", sex), ("ethnicity", ethnicity)))


# -- fields ------------------------------------------------------------------------------------------------------

def _given(record: dict, name: str) -> object:
    value = record.get(name)
    return None if value is None or (isinstance(value, str) and not value.strip()) else value


def _number(value: object, label: str) -> float:
    if isinstance(value, bool):
        raise FieldProblem(f"{label} must be a number, got {kind(value)}")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise FieldProblem(f"{label} must be a number, got {kind(value)}") from None
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        raise FieldProblem(f"{label} must be a number, got {kind(value)}")
    return float(value)


def _age(record: dict) -> int | None:
    value = _given(record, "age")
    if value is None:
        return None
    number = _number(value, "field 'age'")
    if number != int(number) or not 0 <= number <= 130:
        raise FieldProblem(f"field 'age' must be whole years 0-130, got {kind(value)}")
    return int(number)


def _sex(record: dict) -> str | None:
    value = _given(record, "sex")
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().lower() not in _SEXES:
        raise FieldProblem(f"field 'sex' must be M, F, male or female, got {kind(value)}")
    return _SEXES[value.strip().lower()]


def _ethnicity(record: dict) -> str | None:
    value = _given(record, "ethnicity")
    if value is None:
        return None
    names = {name.lower(): name for name in ETHNICITIES} | {"other": "Other/Unknown", "unknown": "Other/Unknown"}
    text = value.strip().lower() if isinstance(value, str) else None
    found = text and (names.get(text) or ETHNICITY_TERMS.get(text))
    if not found:
        raise FieldProblem(f"field 'ethnicity' must be one of {', '.join(ETHNICITIES)} (or a race/ethnicity term "
                           f"such as 'Asian' or 'African American'), got {kind(value)}")
    return found


def _mortality(record: dict) -> int | None:
    value = _given(record, "mortality")
    if value is None:
        return None
    if isinstance(value, bool) or value not in (0, 1, "0", "1"):
        raise FieldProblem(f"field 'mortality' must be 0 or 1, got {kind(value)}")
    return int(value)  # type: ignore[arg-type]


def _los_hours(record: dict) -> float | None:
    days, hours = _given(record, "los_days"), _given(record, "los_hours")
    if days is not None and hours is not None:
        raise FieldProblem("give field 'los_days' or field 'los_hours', not both")
    name, value, factor = ("los_days", days, 24.0) if days is not None else ("los_hours", hours, 1.0)
    if value is None:
        return None
    number = _number(value, f"field {name!r}")
    if number < 0:
        raise FieldProblem(f"field {name!r} must be >= 0, got {kind(value)}")
    return number * factor


def _note(record: dict, line: int, path: Path, seen: dict[str, int]) -> UserNote:
    """One record as a :class:`UserNote`; a broken rule is a :class:`DatasetError` at the record's line."""
    where = line_and_id(line, None)
    try:
        note_id = id_text(record.get("id"), "field 'id'")
        if note_id is None:
            raise FieldProblem("missing field 'id' (text or a whole number)")
        where = line_and_id(line, note_id)
        if note_id in seen:
            raise FieldProblem(f"id {show(note_id)} is used twice (lines {seen[note_id]} and {line}); ids must be "
                               f"unique")
        seen[note_id] = line
        if "text" not in record or record["text"] is None:
            raise FieldProblem("missing field 'text' (the note)")
        text = record["text"]
        if not isinstance(text, str):
            raise FieldProblem(f"field 'text' must be text, got {kind(text)}")
        checked_text(text, "field 'text'")  # its messages name the problem, never the note's content
        return build_user_note(note_id, text, age=_age(record), sex=_sex(record), ethnicity=_ethnicity(record),
                               mortality=_mortality(record), los_hours=_los_hours(record),
                               source=f"{path.name}:{line}")
    except FieldProblem as exc:
        raise DatasetError(f"{path}: {where}: {exc}") from None
    except ItemError as exc:
        raise DatasetError(f"{path}: {where}: {exc}") from None


def _records(path: Path, text: str) -> list[tuple[int, dict]]:
    """``(line, fields)`` of every record: JSON (Lines or a list) by extension or first character, else CSV."""
    source = Source(path, text)
    as_json = path.suffix.lower() in (".jsonl", ".json", ".ndjson") or (
        path.suffix.lower() != ".csv" and text.lstrip()[:1] in ("{", "["))
    if as_json:
        records = []
        for record in source.records():
            if not isinstance(record.value, dict):  # a bare string may be a note: never quote it
                what = "text" if isinstance(record.value, str) else kind(record.value)
                raise DatasetError(f"{path}: line {record.line}: expected a JSON object with 'id' and 'text', got "
                                   f"{what}")
            records.append((record.line, record.value))
        return records
    rows = list(source.csv_rows())
    if not rows:
        raise DatasetError(f"{path}: line 1: the file holds no records")
    header_line, header = rows[0]
    columns = csv_header(path, header_line, header)
    missing = [name for name in ("id", "text") if name not in columns]
    if missing:
        raise DatasetError(f"{path}: line {header_line}: the header needs the columns 'id' and 'text'; missing "
                           f"{', '.join(repr(m) for m in missing)}")
    out = []
    for line, row in rows[1:]:
        if len(row) != len(header):
            raise DatasetError(f"{path}: line {line}: {len(row)} cells, but the header (line {header_line}) has "
                               f"{len(header)} columns")
        out.append((line, {name: row[index] for name, index in columns.items()}))
    if not out:
        raise DatasetError(f"{path}: line {header_line}: the file has a header but no records")
    return out


def load_user_notes(path: str | Path) -> list[UserNote]:
    """Every note of the user's file, in file order (see the module docstring for the format and the rules)."""
    path = Path(path)
    seen: dict[str, int] = {}
    return [_note(record, line, path, seen) for line, record in _records(path, read_text(path))]



def notes_summary(path: str | Path, notes: list[UserNote] | tuple[UserNote, ...], in_file: int | None = None
                  ) -> dict:
    """What a run on the user's notes reports (the JSON artifact's ``facts.user_notes``; the card's count line):
    how many notes had each vital sign, how many had none (skipped by the vital-sign suites, with the reason), how
    many carry each outcome label, and per note what was found — kind, value, unit and span, never the text.
    ``in_file``: how many notes the file holds when the run uses only the first ``len(notes)``."""
    with_vital = {name: sum(u.vitals.chosen_mention(name) is not None for u in notes) for name in VITAL_SIGNS}
    without = [u.id for u in notes if u.no_vitals_reason]
    per_note = []
    for u in notes:
        chosen = {(m.start, m.end) for _, m, _ in u.vitals.chosen}
        found = [{"kind": m.variable, "value": m.value, "unit": m.unit, "span": [m.start, m.end],
                  "chosen": (m.start, m.end) in chosen, "range_end": m.range_end} for m in u.vitals.mentions]
        per_note.append({"id": u.id, "source": u.source, "found": found, "skipped": u.no_vitals_reason,
                         "findings": u.findings()})
    return {"file": Path(path).name, "n_notes": len(notes), "n_in_file": len(notes) if in_file is None else in_file,
            "with_vital": with_vital,
            "without_vitals": {"count": len(without), "reason": NO_VITALS, "ids": without},
            "labelled": {task: sum(any(k == task for k, _ in u.note.labels) for u in notes)
                         for task in ("mortality", "los")},
            "los_hours_given": sum(u.los_hours is not None for u in notes),
            "notes": per_note}
