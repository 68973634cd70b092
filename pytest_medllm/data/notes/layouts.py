"""Vital signs given by their place rather than a label next to each number: positional runs, tables and rows.

* **positional run** — MIMIC's unlabelled run after "VS:", "Vitals:", "vitals were", "triage VS:": "98.1 84 122/68 16
  98%RA" is temperature, pulse, blood pressure, respiratory rate, saturation, and each number is given the one slot its
  shape allows (decimals are temperatures, "N/N" pressures, "N%" or MIMIC's "98RA" saturations, a last bare number a
  saturation, a number with "/min" a rate, with "mmHg" a pressure). A leading pain score (MIMIC's triage order: "pain 8,
  101.3 108 …", "0 99.6 110 …") is skipped; route, arm and posture words between the numbers ("98.4 PO 132 / 74 L Lying
  78 18 97 RA") are skipped; the numbers may be separated by spaces, commas, pipes or — all of them — dashes
  ("98.2-76-118/70-16-97%") or spaced slashes ("38.2 / 116 / 94/58 / 28 / 89%": the pressure is the pair written without
  spaces; at least four numbers). "VS: afebrile, 88, 120/80, 16, 98%" has no temperature slot. The trigger may carry a
  time ("Last VS @ 2000:", "Vitals (10:40):"); MIMIC's history also writes a run after "On arrival to the floor,"
  without the word (then at least four vitals); a Korean run may spell its order out first ("V/S: BP-PR-RR-BT =
  112/68-102-20-38.8℃"). A run whose numbers could be read two ways is not taken;
* **table** — a header row naming vital columns ("Time | Temp (C) | HR | BP | RR | SpO2", also "Puls", "FC", "TA",
  "SatO2", "B/P", Japanese "膀胱温(℃)") and the rows under it; an "RR" column of pressure-shaped pairs is the German blood pressure, and a column
  whose header names the parts of its "N/N" cells ("RR (set/total)") gives the measured one;
* **row** — a line that opens with a label and lists several values across columns ("HR (bpm)  118  112  106", "Temp (C,
  bladder)  38.6  --  38.1", "BP  110/65  104/60"); empty cells ("--", "n/a") and Epic's "(!)" flags before a cell
  ("Pulse:  (!) 118  (!) 106  99") are passed over. A run's saturation without "%" is at least 50, so a MIMIC run
  without one ("VS: 98.2 142 / 88 98 22 4L") ends with its respiratory rate.
"""

from __future__ import annotations

import re
import unicodedata

from .column_names import COLUMN_NAMES, COLUMN_NAMES_IN_LANGUAGE, MEASURED_PART
from .languages import note_languages
from .values import ANY_TEMP_UNIT, NUMBER, RATE_UNIT, TEMP_UNIT, Found, pressure_at, read, read_single, read_temperature

#: (the longer "vital signs" before "vital": MIMIC's "initial vital signs: 98.0 56 198/110 20 97% RA")
_RUN_TRIGGER = re.compile(r"(?<![A-Za-z])(?P<t>VSS|VS|V/S|[Vv]ital\s+[Ss]igns?|[Vv]itals?|VITALS?|[Oo]bs|OBS|"
                          r"(?m:^[ \t]*O(?=:))|"
                          # a nursing record's dated line of dashed values: "3/8 22:00  134/78-84-18-37.2"
                          r"(?m:^[ \t]*\d{1,2}/\d{1,2}[ \t]+\d{1,2}:\d{2}(?=[ \t]+\d{2,3}/\d{2,3}-\d{2,3}-\d))|"
                          # a flowsheet's dated row of a dash-separated run: "02/05 16:00 (post-fall)  97.6 - 72 - …"
                          r"(?m:^[ \t]*\d{1,2}/\d{1,2}[ \t]+\d{1,2}:?\d{2}(?:[ \t]+\([^()\n]{1,20}\))?"
                          r"(?=[ \t]+\d{2,3}(?:\.\d)?[ \t]+-[ \t]+\d))|"
                          # MIMIC's history without the word: "On arrival to the floor, 99.2 110 122/70 16 98% RA"
                          r"(?P<arrival>(?:[Oo]n|[Uu]pon)[ \t]+arrival(?:[ \t]+to[ \t]+(?:the[ \t]+)?[A-Za-z]+)?"
                          # (and "In the ED: 99.6 112 146/84 32 86% 4L")
                          r"[ \t]*,|[Ii]n[ \t]+the[ \t]+(?:ED|ER)[ \t]*:))"
                          # "Vitals on day of discharge:"; MIMIC's hard wrap between the word and "prior to transfer:"
                          r"(?:(?:[ \t]+|[ \t]*\n[ \t]*(?=prior\s+to\s))"
                          r"(?:were|was|are|of(?:\s+[A-Za-z]+)?|on\s+\w+|in\s+(?:the\s+)?[A-Za-z]+|"
                          r"prior\s+to\s+\w+|"
                          r"(?:at|@)[ \t]*\d{1,2}:?\d{2}h?|"
                          r"\(?\d{1,2}/\d{1,2}(?:/\d{2,4})?\)?(?=[ \t]*(?:\([a-z ]{1,20}\)[ \t]*)?:)|"
                          # (a Korean one too: "V/S (내원 시):")
                          r"\([a-z\uac00-\ud7a3 ]{1,20}\)(?=[ \t]*:)|\d{3,4}h?(?=[ \t]*:)|\(\d{1,2}:?\d{2}h?\)|"
                          # "V/S (triage 02:16):"
                          r"\([A-Za-z]{1,12}[ \t]+\d{1,2}:?\d{2}h?\)(?=[ \t]*:)|"
                          # a Korean nursing record's "V/S 측정:" (measured)
                          r"측정(?=[ \t]*:)))*"
                          r"[ \t]*[:\-—]?[ \t]*"
                          # the order spelled out before the numbers, as Korean EMRs do: "V/S: BP-PR-RR-BT = 112/68-…"
                          r"(?:(?:BP|PR|HR|RR|BT|T|SpO2)(?:[ \t]*-[ \t]*(?:BP|PR|HR|RR|BT|T|SpO2)){2,4}[ \t]*=[ \t]*)?"
                          r"(?P<afebrile>(?:(?:[Aa]febrile|AFEBRILE|[Aa]feb)[ \t]*[,;/]?|AF[ \t]*[,;/])[ \t]*)?")
_RUN_NUMBER = r"\d{1,3}(?:\.\d{1,2}|,\d(?!\d))?"
#: The unit a run may write after a number: a saturation's "%" (or "RA" glued to it, MIMIC's "98RA"), a
#: temperature's, a rate's ("88/min", "16 bpm") or a pressure's ("120/80 mmHg").
_RUN_UNIT = rf"(?P<u>[ \t]*%|(?P<ra>(?=RA\b))|{TEMP_UNIT}|(?P<rate>{RATE_UNIT})|(?P<mmhg>[ \t]*mm[ \t]*Hg))"
#: A run token; in a run whose numbers are separated by spaced slashes ("38.2 / 116 / 94/58 / 28 / 89%") a pressure
#: is the pair written without spaces.
_RUN_TOKEN = re.compile(rf"(?P<pain>[Pp]ain[ \t:]*)?(?P<n>{_RUN_NUMBER})(?:[ \t]*/[ \t]*(?P<d>\d{{1,3}}))?"
                        rf"{_RUN_UNIT}?(?![\d:])")
_SLASH_TOKEN = re.compile(rf"(?P<pain>[Pp]ain[ \t:]*)?(?P<n>{_RUN_NUMBER})(?:/(?P<d>\d{{1,3}}))?{_RUN_UNIT}?(?![\d:])")
_SLASH_SEP = re.compile(r"[ \t]+/[ \t]+(?=\d)")
#: Words a run may hold between its numbers: the route of a temperature, the arm and posture of a pressure.
_FILLER = r"(?:PO|po|[Oo]ral|[Aa]x(?:illary)?|[Rr]ectal|[Tt]ympanic|[Tt]emporal|TA|[LR]|[Ll]eft|[Rr]ight|" \
          r"[Ll]ying|[Ss]itting|[Ss]tanding|[Ss]upine|arm)"
_RUN_SEP = re.compile(rf"[ \t]*(?P<sep>[,|;]|-(?=\d)|(?<=[ \t])[-–](?=[ \t]+\d))?[ \t]*"
                      rf"(?:\([\d /\-–]{{3,20}}\)[ \t]+(?=\d))?"  # a bracketed range: "136/70 (118-150/60-80) 70"
                      rf"(?:{_FILLER}[ \t]+(?=[A-Za-z]*[ \t]*\d))*")
_OTHER_AFTER = re.compile(r"[ \t]*(?:L\b(?![ \t]+(?:[Ll]ying|[Ss]itting|[Ss]tanding|[Ss]upine|arm))|L/min|lpm|"
                          r"mg|kg|mL|ml|min|h\b|hrs?|days?|x\b)")
#: The orders runs are written in: MIMIC's (T, HR, BP, RR, SpO2, after a triage pain score), Epic's (T, BP, pulse,
#: RR, SpO2), nursing flowsheets' (T, HR, RR, BP, SpO2), the pulse first (HR, BP, RR, SpO2, T) and the pressure first
#: (BP, HR, RR, T, SpO2, as Korean and Japanese EMRs write "V/S: 102/68 - 110 - 22 - 38.2"). Heart rate comes before
#: respiratory rate in every one of them. A run is read in whichever order fits its numbers' shapes; one that fits
#: two orders differently is not taken.
_ORDERS = (("pain", "temperature", "heart_rate", "blood_pressure", "respiratory_rate", "oxygen_saturation"),
           ("pain", "temperature", "blood_pressure", "heart_rate", "respiratory_rate", "oxygen_saturation"),
           ("pain", "temperature", "heart_rate", "respiratory_rate", "blood_pressure", "oxygen_saturation"),
           ("heart_rate", "blood_pressure", "respiratory_rate", "oxygen_saturation", "temperature"),
           ("blood_pressure", "heart_rate", "respiratory_rate", "temperature", "oxygen_saturation"))


def _unit(token: re.Match) -> str:
    """What the unit written after a run's number says: "%" (also MIMIC's "98RA"), "temp", "rate", "mmHg" or ""."""
    if token["u"] is None:
        return ""
    if token["ra"] is not None or token["u"].strip() == "%":
        return "%"
    return "rate" if token["rate"] else "mmHg" if token["mmhg"] else "temp"


def _slot_fits(slot: str, token: re.Match, first: bool, last: bool, followed_by_number: bool) -> bool:
    number, unit = token["n"], _unit(token)
    value = float(number.replace(",", "."))
    if slot == "pain":  # MIMIC's triage order starts with the pain score: never a vital, only skipped
        return first and token["d"] is None and not unit and re.fullmatch(r"\d{1,2}", number) is not None \
            and value <= 10
    if token["pain"]:
        return False
    if slot == "blood_pressure":
        return token["d"] is not None and unit in ("", "mmHg")
    if token["d"] is not None or unit == "mmHg":
        return False
    if unit == "%":
        return slot == "oxygen_saturation"
    if unit == "temp":
        return slot == "temperature"
    decimal = re.search(r"[.,]", number) is not None
    if slot == "temperature":
        if decimal:
            return 21 <= value <= 45 or 70 <= value <= 110
        return not unit and followed_by_number and (34 <= value <= 42 or 93 <= value <= 106)
    if decimal:
        return False
    # whole numbers within DeVisE's ranges; the order of the run tells heart rate, respiratory rate and saturation apart
    if slot == "heart_rate":
        return 1 <= value <= 200
    if slot == "respiratory_rate":
        return 1 <= value <= 50
    # saturation without "%": only as the run's last number, and never below 50 (so "98.2 142 / 88 98 22", the run
    # without a saturation, ends with its respiratory rate)
    return last and not unit and 50 <= value <= 100


def _assignments(tokens: list[re.Match], order: tuple[str, ...], slot: int = 0, first: bool = True
                 ) -> list[list[str]]:
    """Every way to give the run's numbers increasing slots of ``order`` that their shapes allow."""
    if not tokens:
        return [[]]
    out = []
    for index in range(slot, len(order)):
        if tokens[0]["pain"] and order[index] == "pain" and first:
            return [["pain"] + rest for rest in _assignments(tokens[1:], order, 1, False)]
        if _slot_fits(order[index], tokens[0], first, len(tokens) == 1, len(tokens) > 1):
            out += [[order[index]] + rest for rest in _assignments(tokens[1:], order, index + 1, False)]
    return out


def _run_tokens(text: str, pos: int, slashes: bool) -> tuple[list[re.Match], list[str]]:
    """The numbers of a run from ``pos`` and the separator after each; ``slashes``: a run separated by spaced
    slashes (every separator must be one, else the run is empty)."""
    tokens: list[re.Match] = []
    separators: list[str] = []
    while True:
        token = (_SLASH_TOKEN if slashes else _RUN_TOKEN).match(text, pos)
        if not token or (token["u"] is None and re.match(r"[A-Za-z]", text[token.end():token.end() + 1])):
            break  # "4L", "2 L": not a vital sign
        if token["u"] is None and _OTHER_AFTER.match(text, token.end()):
            break
        tokens.append(token)
        sep = _SLASH_SEP.match(text, token.end()) if slashes else _RUN_SEP.match(text, token.end())
        if sep is None:
            break
        separators.append("/" if slashes else (sep["sep"] or " ").replace("–", "-"))
        pos = sep.end()
    if slashes and len(separators) < 3:
        return [], []  # "98.1 / 96": too short to tell from a ratio
    return tokens, separators


def positional(text: str) -> list[Found]:
    found = []
    for trigger in _RUN_TRIGGER.finditer(text):
        tokens, separators = _run_tokens(text, trigger.end(), slashes=True)
        slashes = bool(tokens)
        if not slashes:
            tokens, separators = _run_tokens(text, trigger.end(), slashes=False)
        pressure_first = len(tokens) == 3 and tokens[0]["d"] is not None and not any(t["d"] for t in tokens[1:])
        if any(s == "-" for s in separators[:len(tokens) - 1]) and (
                (len(tokens) < 4 and not pressure_first) or any(s != "-" for s in separators[:len(tokens) - 1])):
            continue  # dashes separate a whole run ("98.2-76-118/70-16-97%", "128/76 - 68 - 18"), else ranges
        orders = [tuple(s for s in order if s != "temperature") if trigger["afebrile"] else order
                  for order in _ORDERS]  # "VS: afebrile, 88, 120/80, 16, 98%": no temperature to find
        ways = sorted({tuple(way) for order in orders for way in _assignments(tokens, order)})
        if len(ways) > 1:  # "94 110/62 16 99%": a pulse of 30 or more, rather than none or one of 16
            plausible = [way for way in ways if "heart_rate" in way and
                         float(tokens[way.index("heart_rate")]["n"].replace(",", ".")) >= 30]
            ways = plausible if len(plausible) == 1 else ways
        if not tokens or len(ways) != 1:
            continue  # nothing, or a run whose numbers could be read two ways: take none of it
        vitals = [t for slot, t in zip(ways[0], tokens) if slot != "pain"]
        if trigger["arrival"] and len(vitals) < 4:
            continue  # without a word for vitals only a whole run says what its numbers are
        if len(vitals) == 1 and (not (vitals[0]["d"] or _unit(vitals[0]) or re.search(r"[.,]", vitals[0]["n"])) or
                                 text[vitals[0].end():vitals[0].end() + 1] == ":"):
            continue  # one bare number, or "Vitals 12/04:" (a date heading its list)
        how = f"positional run after {trigger['t']!r}"
        for slot, token in zip(ways[0], tokens):
            if slot == "pain":
                continue
            if slot == "blood_pressure":
                found += pressure_at(text, token.start("n"), how, in_slash_run=slashes)
                continue
            after = text[token.end("n"):token.end("n") + 12]
            item, _ = read_single(slot, text, token.start("n"), token.end("n"), how,
                                  after=re.sub(r"^[ \t]+/[ \t]+", " ", after) if slashes else after)
            if item:
                found.append(item)
    return found


def _column(cell: str, languages: frozenset[str] = frozenset()) -> tuple[str | None, str | None, int | None]:
    """The vital a table header cell names, the temperature unit it gives ("Temp (C)"), and which number of a
    "N/N" cell is the measured one when the header says ("RR (set/total)": the second). ``languages``: those the
    note shows, for the column names only they use."""
    words = cell.strip().lower()
    if re.search(r"\bl\s*/\s*min\b|\bflow\b|\bdevice\b|\bfio2\b|^o2\s*\(\s*lpm\s*\)", words):  # ("FC (lpm)" is a pulse)
        return None, None, None  # "O2 (L/min)", "O2 flow", "Ilt (l/min)": the oxygen given, not a saturation
    unit = re.search(r"\(\s*°?\s*([cf])\s*[,)]|°\s*([cf])\b",
                     words.replace("℃", "°c").replace("°م", "°c").replace("º", "°"))
    parts = re.search(r"\(\s*([a-z]+)\s*/\s*([a-z]+)\s*\)", words)
    part = None
    if parts:
        part = 0 if re.fullmatch(MEASURED_PART, parts[1]) else 1 if re.fullmatch(MEASURED_PART, parts[2]) else None
    if re.fullmatch(r"bt\s*\((?:膀胱|腋窩|直腸|口腔|鼓膜|肛温|腋温)\)", words):
        return "temperature", "°C", None  # a Japanese chart's "BT(膀胱)" (body temperature, bladder; Swedish BT a pressure)
    if re.fullmatch(r"ef\s*\(\s*x?\s*/\s*min\s*\)", words):
        return "respiratory_rate", None, None  # Latvian elpošanas frekvence; English EF is the ejection fraction
    # (per minute in Hindi, Bengali and Arabic too: "नाड़ी/मि.", "النبض/د")
    bare = re.sub(r"\(.*?\)|\[.*?\]|°\s*[cf]\b|°\s*م|\bin\s+%|%|\bbpm\b|\bmm\s*hg\b|/min\b|/\s*(?:मि|মি)\.?|"
                  r"/\s*د(?![\u0600-\u06FF])", "", words)
    bare = bare.strip().rstrip(".:").strip()
    bare = re.sub(r"\s*,.*$", "", bare)  # the unit after a comma: "АТ, мм рт. ст.", "ЧСС, уд/хв"
    # the value measured, not set: French "FR mesurée", "RR measured"
    bare = re.sub(r"\s+(?:mesur[ée]e?s?|measured|gemessen|medida|misurata|gemeten)$", "", bare)
    # a time of day or a posture before the vital: "AM BP", "PM HR", "Sitting BP"
    bare = re.sub(r"^(?:am|pm|a\.m\.|p\.m\.|morning|evening|night|mean|avg|average|home|lying|sitting|standing)\s+",
                  "", bare)
    if re.fullmatch(r"[a-z](?:\.\s*[a-z]){1,2}", bare):
        bare = re.sub(r"[.\s]", "", bare)  # initials with their periods: Spanish "P.A. (mmHg)", "F.C. (x')", "F.R."
    if re.fullmatch(r"(?:bp|b/p|nibp|blood\s+pressure)\s*/\s*(?:hr|p|pulse|puls|heart\s+rate)", bare):
        return "pressure and pulse", None, None  # a home log's "AM BP / HR" column: "146/92 / 74"
    for variable, pattern in COLUMN_NAMES.items():
        if re.fullmatch(pattern, bare):
            letter = unit and (unit[1] or unit[2])
            if letter and variable == "blood_pressure":
                variable = "temperature"  # Korean and Thai "BT(℃)" (body temperature), Swedish BT a pressure
            if variable in ("heart_rate", "respiratory_rate") and re.search(r"\bmm\s*hg\b", words):
                # Latvian "AS (mmHg)" (asinsspiediens; Slovak "AS" is the heart's action), Polish "RR [mmHg]"
                variable = "blood_pressure"
            return variable, {"c": "°C", "f": "°F"}.get(letter or ""), part
    for language in languages & COLUMN_NAMES_IN_LANGUAGE.keys():
        for variable, pattern in COLUMN_NAMES_IN_LANGUAGE[language].items():
            if re.fullmatch(pattern, bare):
                return variable, None, part
    return None, None, None


def _cell(text: str, at: int, variable: str, unit: str | None, part: int | None = None) -> list[Found]:
    """The value of one table cell in a column of ``variable`` (``part``: the measured number of a "N/N" cell)."""
    pair = re.match(r"(\d{1,3})[ \t]*/[ \t]*(\d{1,3})(?![\d/])", text[at:at + 12])
    if pair and part is not None and variable not in ("blood_pressure", "systolic_bp", "diastolic_bp"):
        start, end = at + pair.start(part + 1), at + pair.end(part + 1)
        rest = text[at + pair.end():at + pair.end() + 12]
        item, _ = read_single(variable, text, start, end, "table column", after=rest)
        return [item] if item else []
    if variable == "pressure and pulse":
        pressure = pressure_at(text, at, "table column", in_slash_run=True)  # its pulse follows after a slash
        pulse = re.match(r"[ \t]*/[ \t]*(\d{2,3})(?![\d/])", text[pressure[-1].end:]) if pressure else None
        if pulse is None:
            return pressure
        start = pressure[-1].end + pulse.start(1)
        item, _ = read_single("heart_rate", text, start, start + len(pulse[1]), "table column")
        return pressure + ([item] if item else [])
    if variable == "oxygen_saturation" and text[at:at + 1] == "%":
        at += 1  # the percent sign before the value, as Turkish writes it: "%96"
    if variable == "blood_pressure" or (variable == "respiratory_rate" and
                                        re.match(r"\d{2,3}[ \t]*/[ \t]*\d", text[at:])):
        # an "RR" column of pressures is the German blood pressure (Riva-Rocci)
        return pressure_at(text, at, "table column", lowest_systolic=1.0 if variable == "blood_pressure" else 50.0)
    number = re.match(rf"{NUMBER}(?:,\d)?(?![\d.])", text[at:at + 8])
    if number is None or re.match(r"[ \t]?[-–][ \t]?\d", text[at + number.end():]):
        return []  # nothing, or a range ("91-98": the day's lowest and highest)
    # the cell ends at the gap after its value: the next cell's "%94" is no unit of this one
    cell_ends = re.match(r"[ \t]{2,}|[ \t]*[|\t]", text[at + number.end():])
    # a single value ("28/30" in a saturation column is refused by read_single: not written as this vital)
    item, _ = (read_temperature(text, at, number.end() + at, "table column", unit) if variable == "temperature"
               else read_single(variable, text, at, number.end() + at, "table column", after="" if cell_ends else None))
    return [item] if item else []


def _cells(line: str, offset: int) -> tuple[list[tuple[int, str]], bool]:
    """The cells of a table line with their offsets, and whether they are delimited (pipes, tabs) rather than
    aligned by spaces. Delimited cells keep their place even when empty."""
    if "|" in line or "\t" in line:
        cells, position = [], 0
        for part in re.split(r"[|\t]", line):
            cells.append((offset + position, part))
            position += len(part) + 1
        if line.strip().startswith("|"):
            cells = cells[1:]
        if line.strip().endswith("|"):
            cells = cells[:-1]
        return cells, True
    return [(offset + m.start(), m[0]) for m in re.finditer(r"\S+(?: \S+)*", line)], False


#: How far (in characters) a cell aligned by spaces may stand from its header, and what leaving a cell without a
#: header costs (a comment after the row's values: "PERRL  (pt restless)").
_ALIGN_REACH = 12
_UNMATCHED_CELL = 10
#: A row as long as its header that moves more than this per cell to line up with it, or leaves two cells without a
#: header, was pasted with its header spread wide, and goes by place.
_SPREAD_WIDE = 3


def _aligned(cells: list[tuple[int, int]], headers: list[tuple[int, int]]) -> list[int | None]:
    """Each cell's header (its index, or None) in a table aligned by spaces: the order-keeping match of cells to
    headers that moves them least, measured at the start or at the end (values may be left- or right-aligned under
    their header, or all shifted a few characters: "1412    162/104      123    92" under "Time    BP      MAP
    Pulse"); a header may have no cell (a reading not taken: "0430   150/84    92         95%"), a cell no header. A
    row as long as its header that lines up with it nowhere goes by place."""
    n, m = len(cells), len(headers)
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    step: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            here = cost[i][j]
            if here == inf:
                continue
            moves = []
            if j < m:
                moves.append((i, j + 1, here))  # a header without a cell
            if i < n:
                moves.append((i + 1, j, here + _UNMATCHED_CELL))  # a cell without a header
            if i < n and j < m:
                distance = min(abs(cells[i][0] - headers[j][0]), abs(cells[i][1] - headers[j][1]))
                if distance <= _ALIGN_REACH:
                    moves.append((i + 1, j + 1, here + distance))
            for a, b, c in moves:
                if c < cost[a][b]:
                    cost[a][b], step[a][b] = c, (i, j)
    places: list[int | None] = [None] * n
    i, j = n, m
    while (i, j) != (0, 0):
        previous = step[i][j]
        assert previous is not None
        if previous == (i - 1, j - 1):
            places[i - 1] = j - 1
        i, j = previous
    if n == m and (places.count(None) >= 2 or cost[n][m] > _SPREAD_WIDE * n):
        return list(range(n))  # a flowsheet pasted with its header spread wide: each cell to its header by place
    return places


def _display_spans(line: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` of ``line`` in the columns a screen shows them at: a wide character (Chinese, Japanese, Korean)
    takes two, so a header of wide characters lines up with the numbers its author aligned under it."""
    if line.isascii():
        return spans
    columns = [0]
    for character in line:
        columns.append(columns[-1] + (2 if unicodedata.east_asian_width(character) in "WF" else 1))
    return [(columns[start], columns[end]) for start, end in spans]


def tables(text: str) -> list[Found]:
    """Values under a header row of vital columns. Delimited cells go by their place; cells aligned by spaces go to
    the header the order-keeping alignment of the row with the header gives them (:func:`_aligned`), or by their place
    when the row has as many cells as the header and lines up with none of it (a flowsheet pasted with its header
    spread wide)."""
    found: list[Found] = []
    columns: list[tuple[int, str | None, str | None, int | None]] | None = None
    header_spans: list[tuple[int, int]] = []
    delimited = True
    timed_rows = False  # the rows so far open with a time ("08:14   134/82 …")
    offset = 0
    text = text.replace("｜", "|")  # a Chinese record's full-width bar: one character for one, so spans do not move
    languages = note_languages(text)
    for line in text.split("\n"):
        cells, bounded = _cells(line, offset)
        filled = [(start, cell) for start, cell in cells if cell.strip()]
        if filled and all(re.fullmatch(r"[\s:=\-–—+]+", c) for _, c in filled):
            pass  # a rule under the header ("| --- | --- |"): the table goes on
        elif len(filled) >= 3 and not any(re.fullmatch(r"[\s\d.,:/%\-]*\d[\s\d.,:/%\-]*", c) for _, c in filled):
            named = [(start - offset, *_column(cell, languages)) for start, cell in cells]
            header_spans = _display_spans(line, [(start - offset, start - offset + len(cell)) for start, cell in cells])
            columns = named if sum(v is not None for _, v, _, _ in named) >= 2 and (
                bounded or len(filled) == len(cells)) \
                else None
            delimited = bounded
        elif columns and timed_rows and len(filled) == 1 and re.fullmatch(r"[ \t]*[^\W\d_][\w \-/()]{0,30}:[ \t]*",
                                                                            line):
            pass  # a timed table's sub-heading ("Recovery:" between a sedation record's rows): the table goes on
        elif columns and len(filled) >= 2 and bounded == delimited:
            timed_rows = bool(re.match(r"[ \t|]*\d{1,2}:?\d{2}\b", line))
            # (a value aligns where it starts, after Epic's "(!)" flag: "(!) 124" under "Pulse")
            places = list(range(len(cells))) if delimited else _aligned(_display_spans(line, [
                (start - offset + len(re.match(r"\(!\)[ \t]*|", cell)[0]), start - offset + len(cell))
                for start, cell in cells]), header_spans)
            for index, (start, cell) in enumerate(cells):
                if not cell.strip() or places[index] is None or places[index] >= len(columns):
                    continue
                at = start + len(cell) - len(cell.lstrip())  # the cell's value starts the cell
                flag = re.match(r"\(!\)[ \t]*", text[at:])  # Epic's abnormal flag before the value: "(!) 168/96"
                at += flag.end() if flag else 0
                _, variable, unit, part = columns[places[index]]
                if variable is not None:
                    found += _cell(text, at, variable, unit, part)
        else:
            columns = None
            timed_rows = False
        offset += len(line) + 1
    return found


_CELL_GAP = r"(?:[ \t]{2,}|[ \t]*\|[ \t]*|\t)"
_EMPTY_CELL = re.compile(rf"{_CELL_GAP}(?:-{{1,3}}|—|–|n/?a|N/?A|\.|\*|x)(?=[ \t|]|$)", re.M)
#: Epic's abnormal flag before a cell's value: "Pulse:   (!) 118   (!) 106   99".
_FLAG_BEFORE = r"(?:\(!\)[ \t]*)?"
_ROW_VALUE = re.compile(rf"{_CELL_GAP}{_FLAG_BEFORE}(?P<v>{NUMBER}(?:,\d)?)(?![\d/]|[ \t]?[-–][ \t]?\d)")
_ROW_PAIR = re.compile(rf"{_CELL_GAP}{_FLAG_BEFORE}(?P<v>\d{{1,3}})[ \t]*/[ \t]*\d{{1,3}}(?![\d/])")
_ROW_LABEL = re.compile(r"[ \t|]*[A-Za-zÀ-ÿА-Яа-яЁёЇїІіЄєΑ-Ωα-ω][A-Za-zÀ-ÿА-Яа-яЁёЇїІіЄєΑ-Ωα-ω0-9 ()/°.,;→%#\-]{0,30}?"
                        r"[ \t:|]*(?:\(!\)[ \t]*)?")


#: A unit written in every cell of a flowsheet row: "98 bpm   104 bpm", "22 br/min", "108 mmHg", "37.8 DegC".
_CELL_UNIT = r"[ \t]*(?:bpm|b/min|br/min|breaths/min|/min|mm[ \t]?Hg|Deg[ \t]?[CF])(?![A-Za-z])"


def row_values(text: str, item: Found, after: int, line_start: int, line_end: int) -> list[Found]:
    """A row that opens with the label and lists several values: "HR   96   102   108", "ЧСС | 102 | 118"."""
    if (item.variable == "diastolic_bp" and item.partner) or not _ROW_LABEL.fullmatch(text[line_start:item.start]):
        return []
    pair = item.variable == "systolic_bp" and item.partner is not None  # "Systolic BP  128  118" is a row of singles
    more: list[Found] = []
    pos = item.partner[1] if pair and item.partner else after  # a row of pressures goes on after the diastolic
    cell_unit = re.match(_CELL_UNIT, text[pos:])  # "98 bpm   104 bpm": every cell writes it, "26/min   3" is a score
    pos += len(re.match(rf"(?:{ANY_TEMP_UNIT}|{_CELL_UNIT}|[ \t]*%)?", text[pos:])[0])  # type: ignore[index]
    air = re.match(r"[ \t]*(?:RA|r/a|NC|\d{1,2}(?:\.\d)?[ \t]?L(?:PM)?)\b(?=[ \t]{2,}|\t)", text[pos:])
    pos += air.end() if air else 0  # "SpO2      95 RA   94 RA": the first value's air
    while pos < line_end:
        empty = _EMPTY_CELL.match(text, pos)
        if empty:
            pos = empty.end()
            continue
        row = (_ROW_PAIR if pair else _ROW_VALUE).match(text, pos)
        if not row or row.start("v") >= line_end:
            break
        pos = row.end() + (text[row.end():row.end() + 1] == "%")
        if cell_unit and not re.match(_CELL_UNIT, text[pos:]):
            break
        new = read(item.variable, text, row.start("v"), row.end("v"), "flowsheet row", item.unit, pair=pair)
        if not new:
            break
        more += new
        pos += len(re.match(rf"(?:{ANY_TEMP_UNIT}|{_CELL_UNIT})?", text[pos:])[0])  # type: ignore[index]
        flag = re.match(r"[ \t]*(?:\(!\)|(?:RA|r/a|NC|\d{1,2}(?:\.\d)?[ \t]?L(?:PM)?)\b)", text[pos:])
        # "114 (!)": Epic's abnormal flag after a cell's value; "95 RA   94 1L": a saturation's air
        pos += flag.end() if flag else 0
    return more
