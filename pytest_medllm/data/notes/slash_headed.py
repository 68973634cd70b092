"""Runs of vital signs whose heading spells their order with slashes, as Taiwanese and Indian nursing notes write
them: "T/P/R：38.7/108/22", "TPR 98.6/88/20", "T/P/R/BP: 37.2/88/18/120/80". Each number takes the slot its heading
names (the pressure two); a run whose count of numbers does not fit its heading is not taken. So are the rows under
a line that declares their order in words, as a nurse's record pasted into a Japanese note does ("看護記録より
（術後経過、KT BP HR RR SpO2 の順）" then "POD1  06:00  37.2 136/72 90 18 97RA"), or an English one ("(T, BP, HR, RR,
SpO2 in that order)"): each row's numbers outside brackets, after its day and time, take the declared slots, the
pressure one pair. A pure function of the text; :mod:`.layouts` reads the runs without such a heading.
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


#: A vital's name in a declared order.
_SLOT_WORD = r"(?:KT|BT|T|Temp|BP|HR|PR|P|RR|R|SpO2|SpO₂|Sat)"
_DECLARED_SLOT = {"KT": "temperature", "BT": "temperature", "T": "temperature", "TEMP": "temperature",
                  "BP": "blood_pressure", "HR": "heart_rate", "PR": "heart_rate", "P": "heart_rate",
                  "RR": "respiratory_rate", "R": "respiratory_rate", "SPO2": "oxygen_saturation",
                  "SPO₂": "oxygen_saturation", "SAT": "oxygen_saturation"}
#: A line that declares the order of the rows under it: "KT BP HR RR SpO2 の順", "T, BP, HR, RR, SpO2 in that order".
_DECLARED_ORDER = re.compile(rf"(?<![A-Za-z])(?P<slots>{_SLOT_WORD}(?:[ \t]*[,、/・]?[ \t]*{_SLOT_WORD}){{2,5}})[ \t]*"
                            r"(?:の順|in[ \t]+(?:that|this)[ \t]+order\b)[^\n]*$", re.M)
#: A row's number: a decimal or a pair, not inside a word ("POD0"), a time ("06:00") or a date.
_ROW_NUMBER = re.compile(r"(?<![\w:./])\d{2,3}(?:\.\d)?(?:/\d{2,3})?(?![\d:./])")


def declared_order_rows(text: str) -> list[Found]:
    """The readings of the rows under a line of :data:`_DECLARED_ORDER`, to the first row whose numbers do not fit."""
    found: list[Found] = []
    for m in _DECLARED_ORDER.finditer(text):
        slots = [_DECLARED_SLOT[s.upper()] for s in re.findall(_SLOT_WORD, m["slots"])]
        how = f"row under its declared order {m['slots']!r}"
        at = m.end() + 1
        while at < len(text):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            line = re.sub(r"\([^()\n]*\)|（[^（）\n]*）", lambda b: " " * len(b[0]), text[at:end])
            numbers = list(_ROW_NUMBER.finditer(line))
            pair_misplaced = "blood_pressure" in slots and len(numbers) == len(slots) and \
                "/" not in numbers[slots.index("blood_pressure")][0]
            if len(numbers) != len(slots) or pair_misplaced:
                break
            for slot, number in zip(slots, numbers):
                start = at + number.start()
                if slot == "blood_pressure":
                    found += pressure_at(text, start, how)
                    continue
                item, _ = read_single(slot, text, start, at + number.end(), how, after="")
                if item:
                    found.append(item)
            at = end + 1
    return found
