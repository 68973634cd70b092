"""The label table of :mod:`.labels` as a reviewer reads it: each label, its language, the vital sign it names, when
it is read and what it stands for."""

from __future__ import annotations

from .labels import ECG_CONTEXT, LABELS, PAIR_ONLY


def label_table() -> list[dict[str, str]]:
    """The label table for a reviewer: name, language, vital sign, when it is read, and what it stands for."""
    rows = []
    for label in LABELS:
        either = []
        if label.only_in:
            codes = "/".join(label.only_in)
            either.append(f"in a note that shows {codes} or next to another {codes} label on its line")
        if label.unit:
            either.append("with its unit after the value")
        if label.context:
            either.append("after ECG/EKG/telemetry on its line" if label.context == ECG_CONTEXT else
                          "on the line of the heart's examination")
        read = " or ".join(either) or "always"
        if label.weak:
            read = "next to another vital"
        if label.needs_percent:
            read = "with % after the value"
        if label.name in PAIR_ONLY:
            read = "as a pair with a systolic of 50 mmHg or more"
        rows.append({"label": label.name, "language": label.language, "vital": label.family, "read": read,
                     "meaning": label.meaning})
    return rows
