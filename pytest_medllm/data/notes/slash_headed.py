"""Runs of vital signs whose heading spells their order with slashes, as Taiwanese and Indian nursing notes write
them: "T/P/R：38.7/108/22", "TPR 98.6/88/20", "T/P/R/BP: 37.2/88/18/120/80". Each number takes the slot its heading
names (the pressure two); a run whose count of numbers does not fit its heading is not taken. A pure function of the
text; :mod:`.layouts` reads the runs without such a heading.
"""

from __future__ import annotations

import re

from .values import Found, pressure_at, read_single

#: A run whose order its heading spells with slashes: "T/P/R：38.7/108/22", "TPR 98.6/88/20", "T/P/R/BP:
#: 37.2/88/18/120/80" (the pressure takes two numbers).
_SLASH_HEADING = re.compile(r"(?<![A-Za-z/])(?P<h>(?:T|BT|P|PR|HR|R|RR|BP)(?:/(?:T|BT|P|PR|HR|R|RR|BP)){2,4}|TPR)"
                            r"[ \t]*[:：=]?[ \t]*"
                            r"(?P<v>\d{2,3}(?:\.\d)?(?:[ \t]*/[ \t]*\d{2,3}(?:\.\d)?){2,5})(?![\d/.])")
_HEADING_SLOT = {"T": "temperature", "BT": "temperature", "P": "heart_rate", "PR": "heart_rate", "HR": "heart_rate",
                 "R": "respiratory_rate", "RR": "respiratory_rate", "BP": "blood_pressure"}


def slash_headed_runs(text: str) -> list[Found]:
    """The runs of :data:`_SLASH_HEADING`, each number given the slot its heading names (nothing when the count of
    numbers does not fit the heading)."""
    found: list[Found] = []
    for m in _SLASH_HEADING.finditer(text):
        slots = ["T", "P", "R"] if m["h"] == "TPR" else m["h"].split("/")
        numbers = list(re.finditer(r"\d{2,3}(?:\.\d)?", m["v"]))
        if len(numbers) != len(slots) + slots.count("BP"):
            continue
        how = f"run after its order {m['h']!r}"
        index = 0
        for slot in slots:
            start = m.start("v") + numbers[index].start()
            if _HEADING_SLOT[slot] == "blood_pressure":
                found += pressure_at(text, start, how)
                index += 2
                continue
            end = m.start("v") + numbers[index].end()
            item, _ = read_single(_HEADING_SLOT[slot], text, start, end, how, after="")
            if item:
                found.append(item)
            index += 1
    return found
