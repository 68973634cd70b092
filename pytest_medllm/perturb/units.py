"""Unit and notation rewrites of vital signs (INV: the prediction must not change).

Beyond DeVisE: the same measurement written another way — temperature in °C instead of °F, oxygen saturation as a
fraction instead of a percentage, heart rate as "pulse … bpm" — carries the same information, so a model that
changes its prediction has read the notation, not the patient. Each rewrite edits only the value's span and its
immediate label or unit, is checked to change nothing else, and keeps the value in its DeVisE severity class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..data.schemas import ClinicalNote
from ..data.severity import SEVERITY_SCALES


@dataclass(frozen=True)
class Rewrite:
    name: str
    variable: str
    note: ClinicalNote
    original: ClinicalNote


def _span(note: ClinicalNote, variable: str) -> tuple[int, int] | None:
    """The (last) numeric span of a vital sign in the note, or None when the note does not mention it."""
    found = [(start, end) for name, start, end in note.spans
             if name == variable and re.fullmatch(r"[\d.]+", note.text[start:end])]
    return found[-1] if found else None


def _edit(note: ClinicalNote, start: int, end: int, replacement: str, name: str, variable: str) -> Rewrite:
    text = note.text[:start] + replacement + note.text[end:]
    shift = len(replacement) - (end - start)
    spans = tuple((v, a, b) if b <= start else (v, a + shift, b + shift) if a >= end else (v, start, start +
                  len(replacement)) for v, a, b in note.spans)
    new = replace(note, id=f"{note.id}|{name}", text=text, spans=spans)
    return Rewrite(name=name, variable=variable, note=new, original=note)


def celsius_text(fahrenheit: float) -> str | None:
    """The temperature in °C with as few decimals as keep it in its DeVisE severity class, or None.

    Rounding to 0.1 °C can move a value across a class boundary (100.3 °F is 37.94 °C; written "37.9 °C" it is
    100.22 °F, normal instead of high), and then the rewrite would change what the note says. The written value,
    converted back, must fall in the original value's class by the scale's own rule.
    """
    scale = SEVERITY_SCALES["temperature"]
    original = scale.level(fahrenheit)
    exact = (fahrenheit - 32) * 5 / 9
    for decimals in (1, 2):
        written = round(exact, decimals)
        try:
            if scale.level(written * 9 / 5 + 32) == original:
                return f"{written:.{decimals}f} °C"
        except ValueError:  # converted back outside the scale's range
            continue
    return None


def celsius(note: ClinicalNote) -> Rewrite | None:
    span = _span(note, "temperature")
    if span is None:
        return None
    start, end = span
    text = celsius_text(float(note.text[start:end]))
    if text is None:
        return None  # no short decimal keeps the severity class: refuse rather than change the note's meaning
    unit = re.match(r"\s*°?\s*F\b", note.text[end:])
    end_unit = end + (unit.end() if unit else 0)
    return _edit(note, start, end_unit, text, "temperature-celsius", "temperature")


def spo2_fraction(note: ClinicalNote) -> Rewrite | None:
    span = _span(note, "oxygen_saturation")
    if span is None or not note.text[span[1]:].startswith("%"):
        return None
    start, end = span
    # "97%RA" becomes "0.97 RA", not "0.97RA".
    gap = " " if note.text[end + 1:end + 2].isalnum() else ""
    return _edit(note, start, end + 1, f"{float(note.text[start:end]) / 100:.2f}{gap}", "spo2-fraction",
                 "oxygen_saturation")


_HR_LABEL = re.compile(r"(Heart Rate:|HR:?|\bP|pulse|heart rate)\s*$")


def pulse_bpm(note: ClinicalNote) -> Rewrite | None:
    span = _span(note, "heart_rate")
    if span is None:
        return None
    start, end = span
    label = _HR_LABEL.search(note.text[:start])
    if label is None:
        return None
    written = "Pulse: " if note.style == "template" else "pulse "
    return _edit(note, label.start(), end, f"{written}{note.text[start:end]} bpm", "pulse-bpm", "heart_rate")


def fahrenheit_text(fahrenheit: float) -> str | None:
    """The temperature in °F with one decimal (two if one would leave its DeVisE severity class), or None."""
    scale = SEVERITY_SCALES["temperature"]
    for decimals in (1, 2):
        written = round(fahrenheit, decimals)
        if scale.level(written) == scale.level(fahrenheit):
            return f"{written:.{decimals}f} °F"
    return None


def fahrenheit(note: ClinicalNote) -> Rewrite | None:
    """The cohort's notes write °F already: this rewrite exists for a user's notes in °C
    (:func:`~.note_rewrites.unit_rewrite`)."""
    return None


#: Rewrite name -> the cohort's rewrite. "temperature-fahrenheit" applies to notes written in °C (a user's).
REWRITES = {"temperature-celsius": celsius, "temperature-fahrenheit": fahrenheit, "spo2-fraction": spo2_fraction,
            "pulse-bpm": pulse_bpm}


def rewrite(note: ClinicalNote, name: str) -> Rewrite | None:
    """Apply the rewrite ``name``; None when the note does not mention that vital sign in a rewritable form."""
    result = REWRITES[name](note)
    if result is None:
        return None
    _check(note, result.note, name)
    return result


def _check(original: ClinicalNote, new: ClinicalNote, name: str) -> None:
    import difflib

    from .clinical import CounterfactualError

    matcher = difflib.SequenceMatcher(a=original.text, b=new.text, autojunk=False)
    changed = [(i1, i2) for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal"]
    if not changed:
        raise CounterfactualError(f"rewrite {name} left {original.id!r} unchanged")
    first, last = changed[0][0], changed[-1][1]
    region = original.text[first:last]
    if "\n" in region.strip() or last - first > 40:
        raise CounterfactualError(f"rewrite {name} of {original.id!r} changed more than one vital sign: {region!r}")
