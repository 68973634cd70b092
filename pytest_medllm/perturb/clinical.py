"""Single-variable counterfactual notes (DeVisE, section 2.4).

For each patient and variable, values are drawn uniformly from every class — the five severity levels of a vital
sign (Table 2; oxygen saturation has no high levels), the age bins (Table 1), the other gender, every other
ethnicity — and written into the note in place of the original value. Every counterfactual is checked, like the
study's GNU diff step, to differ from the original only inside the spans of the changed variable; a note that
differs anywhere else is an error, never a silent skip. Vitals that the note does not mention have no
counterfactuals (DeVisE's counts differ by vital for this reason).

DIR: a more severe vital sign must move predicted mortality and length of stay up. INV: demographics alone should
not flip a prediction.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, replace
from typing import Callable

from ..data.cohort import RAW_RACE, format_vital
from ..data.schemas import VITAL_SIGNS, ClinicalNote
from ..data.severity import AGE_BINS, DEMOGRAPHIC_CLASSES, SEVERITY_SCALES


class CounterfactualError(ValueError):
    """A counterfactual note differs from its original outside the changed variable."""


@dataclass(frozen=True)
class Counterfactual:
    """One counterfactual of one note: which variable changed, from what to what, and the new note."""

    variable: str
    original_value: object
    value: object
    #: The class the new value was drawn from (severity level or demographic class).
    value_class: str
    #: DeVisE Eq. 3 for vital signs: |sev(counterfactual)| - |sev(original)|; None for demographics.
    severity_shift: int | None
    note: ClinicalNote
    original: ClinicalNote
    #: For a free-text note, the new value as written in it ("38.9", "0.91", "she"); empty for the cohort.
    written: str = ""


def _written(note: ClinicalNote, variable: str, span_text: str, value: object) -> str:
    """How ``value`` is written where ``span_text`` stood (same notation as the original)."""
    if variable in VITAL_SIGNS:
        return format_vital(variable, float(value))  # type: ignore[arg-type]
    if variable == "age":
        return str(value)
    if variable == "gender":
        if span_text in ("F", "M"):
            return "F" if value == "female" else "M"
        return str(value)
    if variable == "ethnicity":
        return RAW_RACE[str(value)] if span_text in RAW_RACE.values() else str(value)
    raise ValueError(f"unknown variable {variable!r}")


def replace_spans(note: ClinicalNote, edits: dict[tuple[int, int], str], suffix: str, **fields: object
                  ) -> ClinicalNote:
    """The note with each ``(start, end)`` of ``edits`` replaced by its text; the note's spans after an edit are
    shifted, an edited span takes the new text's length. Edits must not overlap. ``fields`` are replaced too."""
    ordered = sorted(edits)
    for (a, b), (c, _) in zip(ordered, ordered[1:]):
        if c < b:
            raise CounterfactualError(f"note {note.id!r}: edits {(a, b)} and {(c, _)} overlap")
    shifts = {start: len(edits[(start, end)]) - (end - start) for start, end in ordered}
    parts, cursor = [], 0
    for start, end in ordered:
        parts += [note.text[cursor:start], edits[(start, end)]]
        cursor = end
    parts.append(note.text[cursor:])

    def moved(position: int) -> int:
        return position + sum(shift for start, shift in shifts.items() if start < position)

    spans = []
    for name, start, end in note.spans:
        if (start, end) in edits:
            new_start = moved(start)
            spans.append((name, new_start, new_start + len(edits[(start, end)])))
        else:
            spans.append((name, moved(start), moved(end)))
    return replace(note, id=f"{note.id}|{suffix}", text="".join(parts), spans=tuple(spans), **fields)


def substitute(note: ClinicalNote, variable: str, value: object) -> ClinicalNote:
    """The note with every span of ``variable`` rewritten to ``value``; spans after an edit are shifted."""
    targets = [(start, end) for name, start, end in note.spans if name == variable]
    if not targets:
        raise CounterfactualError(f"note {note.id!r} does not mention {variable!r}")
    edits = {(start, end): _written(note, variable, note.text[start:end], value) for start, end in targets}
    fields: dict = {}
    if variable in VITAL_SIGNS:
        fields["vitals"] = tuple((k, float(value) if k == variable else v) for k, v in note.vitals)  # type: ignore
    else:
        fields[variable] = value
    return replace_spans(note, edits, f"{variable}={value}", **fields)


def check_only_variable_changed(original: ClinicalNote, counterfactual: ClinicalNote, variable: str) -> None:
    """Raise unless every difference between the texts lies inside a span of ``variable`` (a diff check)."""
    spans = [(a, b) for name, a, b in original.spans if name == variable]
    check_only_spans_changed(original.text, counterfactual.text, spans, f"{original.id!r} for {variable!r}")


def check_only_spans_changed(original: str, changed: str, spans: list[tuple[int, int]], what: str,
                             show_context: bool = True) -> None:
    """Raise :class:`CounterfactualError` unless every difference between the two texts (GNU diff's job in DeVisE,
    here :class:`difflib.SequenceMatcher`) lies inside one of ``spans`` of the original. ``show_context=False``
    keeps the note's text out of the message (user notes: offsets only)."""
    # The common head and tail are unchanged by definition (GNU diff trims them too); diffing only the middle keeps
    # the check linear in the note's length instead of quadratic.
    limit = min(len(original), len(changed))
    head = _common_length(lambda n: original[:n] == changed[:n], limit)
    tail = _common_length(lambda n: original[len(original) - n:] == changed[len(changed) - n:], limit - head)
    matcher = difflib.SequenceMatcher(a=original[head:len(original) - tail], b=changed[head:len(changed) - tail],
                                      autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag == "equal":
            continue
        i1, i2 = i1 + head, i2 + head
        if not any(a <= i1 and i2 <= b for a, b in spans):
            context = original[max(0, i1 - 20): i2 + 20].replace("\n", "\\n")
            near = f"near {context!r}" if show_context else f"at characters {i1}-{i2}"
            raise CounterfactualError(f"counterfactual of {what} also changes text outside the variable, {near}")


def _common_length(equal: Callable[[int], bool], limit: int) -> int:
    """The largest n <= ``limit`` with ``equal(n)`` (a bisection: string slices compare at C speed)."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if equal(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _draw_in(rng: random.Random, low: float, high: float, decimals: int) -> float:
    if decimals == 0:
        return float(rng.randint(int(low), int(high)))
    scale = 10 ** decimals
    return rng.randint(round(low * scale), round(high * scale)) / scale


def vital_counterfactuals(note: ClinicalNote, variable: str, per_class: int, seed: int) -> list[Counterfactual]:
    """``per_class`` values drawn uniformly from every severity level of ``variable`` (never the original value;
    systolic stays above diastolic). Empty when the note does not mention the vital sign."""
    original = note.vital_map.get(variable)
    if original is None:
        return []
    scale = SEVERITY_SCALES[variable]
    rng = random.Random(f"cf|{seed}|{note.patient_id or note.id}|{variable}")
    vitals = note.vital_map
    out = []
    for level in scale.levels:
        low, high = scale.range_of(level)
        if variable == "systolic_bp" and vitals.get("diastolic_bp") is not None:
            low = max(low, float(vitals["diastolic_bp"]) + 1)
        if variable == "diastolic_bp" and vitals.get("systolic_bp") is not None:
            high = min(high, float(vitals["systolic_bp"]) - 1)
        candidates_exist = low <= high and not (low == high == original)
        if not candidates_exist:
            continue  # e.g. a systolic level entirely below this patient's diastolic pressure
        drawn: list[float] = []
        attempts = 0
        while len(drawn) < per_class and attempts < 100:
            attempts += 1
            value = _draw_in(rng, low, high, scale.decimals)
            if value != original and value not in drawn:
                drawn.append(value)
        for value in drawn:
            new = substitute(note, variable, value)
            check_only_variable_changed(note, new, variable)
            out.append(Counterfactual(variable=variable, original_value=original, value=value,
                                      value_class=str(level),
                                      severity_shift=abs(level) - abs(scale.level(original)), note=new,
                                      original=note))
    return out


def demographic_counterfactuals(note: ClinicalNote, variable: str, per_class: int, seed: int
                                ) -> list[Counterfactual]:
    """Age: ``per_class`` ages per age bin (Table 1); gender: the other one; ethnicity: every other class."""
    rng = random.Random(f"cf|{seed}|{note.patient_id or note.id}|{variable}")
    out = []
    if variable == "age":
        for name, (low, high) in AGE_BINS.items():
            choices = [a for a in range(low, high + 1) if a != note.age]
            for value in rng.sample(choices, min(per_class, len(choices))):
                out.append((value, name))
    elif variable in ("gender", "ethnicity"):
        current = getattr(note, variable)
        out = [(value, value) for value in DEMOGRAPHIC_CLASSES[variable] if value != current]
    else:
        raise ValueError(f"{variable!r} is not a demographic variable")
    result = []
    for value, value_class in out:
        new = substitute(note, variable, value)
        check_only_variable_changed(note, new, variable)
        result.append(Counterfactual(variable=variable, original_value=getattr(note, variable), value=value,
                                     value_class=value_class, severity_shift=None, note=new, original=note))
    return result
