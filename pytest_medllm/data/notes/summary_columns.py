"""A flowsheet's summary of the last hours in columns: the minimum, the maximum and the current value of each vital.

ICU progress notes paste it under a header that names its columns, in the note's language::

    SINAIS VITAIS (últimas 24h):
                      Mín          Máx          Atual
    PA (mmHg)     92/48      146/78      118/62
    FC (bpm)        84           121           96

    Tageskurve (24 h)          min        max        akt.
    HF (/min)                  72         108        86

The minimum and the maximum are the ends of the day's range (listed, never chosen nor rewritten, like every range
end: :mod:`.ranges`); the current column, and any other column the header names, holds readings. A reader of rows
(:mod:`.layouts`) or of labels takes every cell as a reading first; :func:`mark_summary_columns` then sets the cells of
the minimum and maximum columns apart. A Cerner grid whose minimum and maximum close the row after the reading ("Last
Charted  Min  Max") is read by :mod:`.ranges` itself.
"""

from __future__ import annotations

import re

from .values import Found

_MIN = r"min\.?|mín\.?|minimum|mínimo|minimo|minimal|mini|мин\.?|мін\.?|最低|最小|최저|최소"
_MAX = r"max\.?|máx\.?|maximum|máximo|massimo|maximal|maxi|макс\.?|最高|最大|최고|최대"
_CURRENT = (r"akt\.?|aktuell|atual|actual|actuel(?:le)?|attuale|current|curr\.?|now|latest|last|letzte[rs]?|jetzt|"
            r"ahora|agora|текущ\w*|сейчас|現在値?|当前|目前|현재|nu|nyt|nå|teraz|obecnie|aktuální|huidig|laatste")
#: One column's word on a header line, between spaces or at the line's ends.
_COLUMN = re.compile(rf"(?<!\S)(?:(?P<min>{_MIN})|(?P<max>{_MAX})|(?P<current>{_CURRENT}))(?!\S)", re.I)
#: A cell of a row: a number or a pair, alone between spaces ("84", "36,4", "92/48").
_CELL = re.compile(r"(?<!\S)\d{1,3}(?:[.,]\d{1,2})?(?:[ \t]*/[ \t]*\d{1,3})?(?![^\s,;])")


def _columns(line: str) -> list[str] | None:
    """The kinds of a summary header's columns in order ("min", "max", "current"), or None when the line is not one:
    it names a minimum, a maximum and a current column, and nothing after them."""
    found = list(_COLUMN.finditer(line))
    kinds = [next(k for k in ("min", "max", "current") if m[k]) for m in found]
    if sorted(set(kinds)) != ["current", "max", "min"] or len(kinds) != 3 or line[found[-1].end():].strip():
        return None
    return kinds


def mark_summary_columns(text: str, found: list[Found]) -> None:
    """Set apart as range ends (in place) the items of ``found`` that stand in the minimum or maximum column of a
    summary's row, on the rows right under its header (to the first blank line or the first row without cells)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for number, line in enumerate(lines):
        kinds = _columns(line)
        if kinds is None:
            continue
        for row in range(number + 1, len(lines)):
            cells = list(_CELL.finditer(lines[row]))
            if len(cells) < len(kinds):
                break
            for kind, cell in zip(kinds, cells):
                if kind == "current":
                    continue
                start, end = offsets[row] + cell.start(), offsets[row] + cell.end()
                for item in found:
                    if start <= item.start < end:
                        item.range_end = True
                        item.how = "minimum and maximum columns"
