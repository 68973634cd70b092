"""A chart whose cells hold a day's two readings, morning and evening, as Russian and other Eastern European
discharge summaries paste a ward's temperature sheet::

               | 1-е у / в        | 2-е у / в
    t, °C      | 36,7 / 37,1      | 36,6 / 36,9
    АД         | 186/104 / 164/96 | 150/90 / 146/88
    Пульс      | 104 / 96         | 88 / 84

A row opens with the name of a vital sign's column (:data:`.column_names.COLUMN_NAMES`, its unit after a comma or in
brackets taken off), then two or more cells between pipes, each two readings apart by a spaced slash (a pressure's are
two pairs). Every number of such a row is a reading of the row's vital; a row with any other cell is not taken (the
table readers of :mod:`.layouts` read single values). A pure function of the text.
"""

from __future__ import annotations

import re

from .column_names import COLUMN_NAMES
from .values import Found, pressure_at, read_single, read_temperature

#: A row of the chart: its label, then its cells between pipes.
_ROW = re.compile(r"^[ \t]*(?P<label>[^|\n]{1,24}?)[ \t]*\|(?P<cells>[^\n]*)$", re.M)
_READING = r"\d{2,3}(?:[.,]\d)?(?:/\d{2,3})?"
#: One cell: two readings apart by a spaced slash ("104 / 96", "186/104 / 164/96").
_CELL = re.compile(rf"[ \t]*(?P<a>{_READING})[ \t]+/[ \t]+(?P<b>{_READING})[ \t]*")
#: What a row label carries after its vital's name: its unit after a comma or in brackets ("t, °C", "Пульс (уд/мин)").
_LABEL_UNIT = re.compile(r"[ \t]*(?:,[^|]*|\([^()]*\))$")


def _variable(label: str) -> str | None:
    """The vital sign a row label names (``blood_pressure`` for a pressure's row), or None."""
    name = _LABEL_UNIT.sub("", label.strip()).strip().lower()
    return next((variable for variable, names in COLUMN_NAMES.items()
                 if variable not in ("systolic_bp", "diastolic_bp") and re.fullmatch(names, name)), None)


def twice_daily_rows(text: str) -> list[Found]:
    """The readings of the rows of a morning-and-evening chart (see the module docstring)."""
    found: list[Found] = []
    for row in _ROW.finditer(text):
        variable = _variable(row["label"])
        cells = row["cells"].rstrip().rstrip("|").split("|")
        if variable is None or len(cells) < 2:
            continue
        matches, at = [], row.start("cells")
        for cell in cells:
            m = _CELL.fullmatch(cell)
            if m is None or ("/" in m["a"]) != (variable == "blood_pressure") or ("/" in m["b"]) != ("/" in m["a"]):
                break
            matches.append((at, m))
            at += len(cell) + 1
        else:
            how = "a morning-and-evening chart's row"
            for cell_start, m in matches:
                for group in ("a", "b"):
                    start, end = cell_start + m.start(group), cell_start + m.end(group)
                    if variable == "blood_pressure":
                        found += pressure_at(text, start, how, in_slash_run=True)
                    elif variable == "temperature":
                        item, _ = read_temperature(text, start, end, how)
                        found += [item] if item else []
                    else:
                        item, _ = read_single(variable, text, start, end, how, after="")
                        found += [item] if item else []
    return found
