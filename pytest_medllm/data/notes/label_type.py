"""The shape of a label of :mod:`.labels`: how notes name a vital sign, in which language, and when it is read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Label:
    """A way notes label a vital sign (see the module docstring for the fields)."""

    name: str
    pattern: str
    family: str
    language: str = "en"
    only_in: tuple[str, ...] = ()
    unit: str | None = None
    context: str | None = None
    weak: bool = False
    case_sensitive: bool = False
    needs_percent: bool = False
    #: Words right before the label that make it something else (read case-insensitively).
    not_after: str | None = None
    #: What the abbreviation stands for, where the name does not say it.
    meaning: str = ""
    #: A label whose ``unit`` may be missing on a line of other vital signs or in a flowsheet row of its values
    #: (India's "PR 94", the Philippines' "CR 112": an ECG's PR interval is written in ms).
    unit_or_vitals_line: bool = False
