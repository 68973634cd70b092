"""The numbers of vital signs: how a number next to a label, in a column or in a run is read as a value, or why not.

Every reader of :mod:`pytest_medllm.data.note_vitals` ends here. :func:`read_temperature` takes the unit written
after the number ("38.2C", "°F", "degrees Celsius", a column's "(C)") or implied by the value (21-45 is °C, 70-110
is °F: the two ranges of DeVisE's Table 2 do not overlap once converted) and a decimal comma ("38,2"); it refuses a
temperature outside DeVisE's range. :func:`read_single` reads a heart rate, respiratory rate, saturation ("97%",
"0.97") or a lone systolic or diastolic value, refusing a decimal where a whole number is due, a number followed by
the unit of something else ("30 mg", "4 L", "14 Fr") and a value outside DeVisE's range. :func:`read_pressure`
reads "N/N" as one reading, taken or refused whole: the second number must be below the first and the pair must be
a plausible pressure (:data:`PLAUSIBLE_PRESSURE`); a plausible value beyond DeVisE's range (a systolic above
220 mmHg, a diastolic above 140 mmHg: a hypertensive emergency) is a real measurement, taken and flagged
``in_range=False`` so that the choice rule is unchanged and the rewrite says it is not applicable.
:func:`ventilator_rate` tells a ventilated patient's measured rate from the ventilator's set rate.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..schemas import VITAL_LIMITS

UNITS = {"heart_rate": "bpm", "systolic_bp": "mmHg", "diastolic_bp": "mmHg", "respiratory_rate": "breaths/min",
         "oxygen_saturation": "%"}
#: Blood pressures a cuff or a line can read; beyond DeVisE's range (Table 2) but within these a value is a real
#: measurement, taken and flagged out of range. Outside them "N/N" is something else (a ratio, a score).
PLAUSIBLE_PRESSURE = {"systolic_bp": (1.0, 300.0), "diastolic_bp": (1.0, 200.0)}
#: Real readings beyond DeVisE's range, kept with ``in_range=False`` like such pressures: a child's or an infant's
#: heart rate above 200 and respiratory rate above 50 ("RR 62 b/min" in a febrile toddler).
PLAUSIBLE_RATE = {"heart_rate": (20.0, 300.0), "respiratory_rate": (4.0, 100.0)}
#: The words before a label that make the reading a relative's: "maternal BP 158/102", "Maternal Tmax 38.3 °C".
SOMEONE_ELSES = re.compile(r"\b(?:maternal|paternal|mother['’]?s|father['’]?s|wife['’]?s|husband['’]?s|"
                           r"partner['’]?s|son['’]?s|daughter['’]?s|sibling['’]?s|brother['’]?s|sister['’]?s)"
                           r"[ \t]+$", re.I)
#: A line about a relative, who is its topic: "- Wife (separate chart) HR 61, BP 118/70", "Mother: BP 150/96"; the
#: readings right after the relative (and after each other) are the relative's.
_RELATIVE_TOPIC = re.compile(r"(?:^|[\n;])[ \t]*(?:[-*•][ \t]*)?(?:(?:the|his|her|pt['’]s|patient['’]s)[ \t]+)?"
                             r"(?:wife|husband|partner|spouse|mother|father|mum|mom|dad|son|daughter|brother|sister|"
                             r"sibling|baby|infant|twin|neonate|newborn)"
                             r"(?:[ \t]*\([^()\n]{0,60}\)[ \t]*:?|[ \t]*:)"
                             r"(?:[ \t]*[A-Za-z][A-Za-z0-9]{0,5}[ \t:]*\d{1,3}(?:[./]\d{1,3})?%?[ \t]*[,;]?)*"
                             r"(?:[ \t]*(?:HR|BP|B/P|RR|SpO2|sats?|T|temp|pulse|P|R)[ \t:]*)?[ \t]*$", re.I)


def someone_elses(text: str, label_start: int) -> bool:
    """Whether the reading whose label starts at ``label_start`` is a relative's: "maternal BP", "wife's HR", or a
    reading on a line whose topic is a relative ("- Wife (separate chart) HR 61")."""
    line_start = text.rfind("\n", 0, label_start) + 1
    return bool(SOMEONE_ELSES.search(text[max(line_start, label_start - 25):label_start]) or
                _RELATIVE_TOPIC.search(text, max(0, line_start - 1), label_start) or
                _OTHER_PEOPLE_ASIDE.search(text[line_start:label_start]))


#: Readings in brackets after other people the note mentions: "2 co-workers also brought in (one T 39.9, HR 130 -
#: separate files)".
_OTHER_PEOPLE_ASIDE = re.compile(r"\b(?:co-?workers?|colleagues?|friends?|other\s+patients?|another\s+patient|"
                                 r"room-?mates?|cell-?mates?|passengers?|(?:other\s+)?drivers?)\b[^()\n]{0,40}"
                                 r"\([^()\n]{0,40}$", re.I)


#: A number as notes write vital signs: up to three digits and two decimals.
NUMBER = r"\d{1,3}(?:\.\d{1,2})?"
#: A temperature may also be written with a decimal comma ("38,2").
TEMP_NUMBER = r"\d{1,3}(?:[.,]\d{1,2})?"
# (Russian writes the degree's C in Cyrillic: "38,5°С")
# (Arabic writes it with the first letter of "مئوية", centigrade: "42.1 °م")
TEMP_UNIT = r"[ \t]*(?:\(?[ \t]*(?:°|º|˚|deg(?:rees?)?\.?)[ \t]*(?P<u1>F|C|С|م|ሴ|Fahrenheit|Celsius|centigrade)?\)?|" \
            r"(?P<u2>F|C)(?![A-Za-z])|[ \t]+(?P<u3>Fahrenheit|Celsius|F|C)(?![A-Za-z]))"
#: A temperature unit without named groups, for lookaheads.
ANY_TEMP_UNIT = re.sub(r"\?P<u\d>", "?:", TEMP_UNIT)
#: Decades of a blood pressure, which only a blood pressure is written in: "140s-150s/80s-90s", "90s/50s",
#: "170s-180s/100s".
BP_DECADES = re.compile(r"(?<![\d/])\d{1,2}0'?s(?:[ \t]*[-–][ \t]*\d{1,2}0'?s)?(?:[ \t]*/[ \t]*|[ \t]+over[ \t]+)\d{1,2}0'?s"
                        r"(?:[ \t]*[-–][ \t]*\d{1,2}0'?s)?")
#: A flowsheet's range of the last hours before its current value: "Pulse: [88-104] 96", "Temp: [36.5 °C (97.7 °F)-37.2
#: °C (99 °F)] 36.9 °C". Its bounds are not readings.
#: Words after a value (and its unit) that make it a bound, not a reading: Korean and Japanese "or more"/"or less"/
#: "below" ("이상", "以下", "未満"), Turkish "üzerinde"/"altında", Hungarian "alatt"/"felett", Bengali "-এর বেশি".
BOUND_AFTER_WORDS = (r"(?:이상|이하|以上|以下|未満|を超え|üzerin\w*|altın\w*|alatt|felett|fölött|"
                     r"-?এর[ \t]+(?:বেশি|নিচে|কম|উপরে)|"
                     # Hindi "३० से ऊपर" (above 30), "से कम" (below)
                     r"से[ \t]+(?:ऊपर|कम|अधिक|ज़्यादा|नीचे))")
RANGE_IN_BRACKETS = r"\[[^\[\]\n]{0,60}?\d[^\[\]\n]{0,30}?[-–][^\[\]\n]{0,30}?\d[^\[\]\n]{0,20}\]"
#: Units that say a number is a rate per minute ("88/min", "118 lpm", "16 atti/min", "72 bpm").
RATE_UNIT = r"[ \t]*(?:bpm|b/min|b/m\b|c/m\b|c/min\b|beats|breaths|/[ \t]?min|/'|x['´’]|lpm|rpm|irpm|ipm|spm|cpm|" \
            r"atti|cycles|" \
            r"/[ \t]?perc\b|/[ \t]?λεπτό|/[ \t]?dak\b|уд\.?[ \t]*/[ \t]*мин|k\.[ \t]*/[ \t]*min\b|/[ \t]?د(?![\u0600-\u06FF])|" \
            r"/[ \t]?ደቂቃ|" \
            r"x[ \t]*/?[ \t]*(?:menit|mnt|min|m)\b|times[ \t]*/[ \t]*min|/[ \t]?dk\b|" \
            r"resp(?:irations)?/min|r/min\b|" \
            r"Schläge|Atemzüge|slag|/[ \t]?mín\b|[ \t]?წთ-ში)"
#: What after a number makes it the value of something else: a dose, a volume, a duration, a size, oxygen flow.
_OTHER_UNIT = re.compile(r"[ \t]*(?:mg|mcg|µg|g\b|kg|lbs?|mL|ml|L\b|L/min|l/min|mmol|mEq|units?|U\b|ms\b|"
                         r"ng|pg|[nµup]mol|mU|kU|IU|/[µu]?[lL]\b|x[ \t]?10|G/[lL]\b|"
                         r"mm\b(?![ \t]*(?:of[ \t]+)?Hg)|cm|min\b|h\b|hr|hours?|days?|weeks?|wks?|months?|years?|yrs?|"
                         r"ago|times|x\b|kPa|Gy|mA|Fr\b|French|ppm|-?lead)")


def to_fahrenheit(celsius: float) -> float:
    return celsius * 9.0 / 5.0 + 32.0


def devise_temperature(celsius: float) -> float:
    """A °C temperature in °F to 0.1 °F: what DeVisE's scale and range read (21.1 °C is 70.0 °F, in range)."""
    return round(to_fahrenheit(celsius), 1)


def number_value(written: str) -> float:
    """The value of a number as written, a decimal comma included ("38,2" is 38.2)."""
    return float(written.replace(",", "."))


@dataclass
class Found:
    """A mention while the note is read (mutable: weak labels are confirmed later)."""

    variable: str
    value: float
    unit: str
    unit_written: bool
    start: int
    end: int
    how: str
    notation: str = "decimal"
    partner: tuple[int, int] | None = None
    weak: bool = False
    in_range: bool = True
    #: One end of a range ("HR 72-88"): a mention that is never chosen nor rewritten (:mod:`.ranges`).
    range_end: bool = False


def read_temperature(text: str, start: int, end: int, how: str, unit_hint: str | None = None
                     ) -> tuple[Found | None, str]:
    """A temperature read at ``text[start:end]`` with the unit written after it, or the reason it is not one."""
    value = number_value(text[start:end])
    unit_match = re.match(TEMP_UNIT, text[end:end + 16])
    written = None
    if unit_match:
        letter = (unit_match["u1"] or unit_match["u2"] or unit_match["u3"] or "")[:1].upper()
        written = {"F": "°F", "C": "°C", "С": "°C", "م": "°C", "ሴ": "°C"}.get(letter)  # (Amharic "°ሴ", Celsius)
    # (not "Tmax 38.9 day 2": a number with a decimal is no count of days)
    if written is None and _OTHER_UNIT.match(text, end) and not (
            re.search(r"[.,]\d$", text[start:end]) and re.match(r"[ \t]+days?[ \t]+\d", text[end:])):
        return None, "followed by the unit of something else"
    unit = written or unit_hint
    if unit is None:
        unit = "°C" if 21 <= value <= 45 else "°F" if 70 <= value <= 110 else None
    if unit is None:
        return None, "neither a °C (21-45) nor a °F (70-110) temperature"
    fahrenheit = devise_temperature(value) if unit == "°C" else value
    low, high = VITAL_LIMITS["temperature"]
    if not low <= fahrenheit <= high:
        return None, f"outside DeVisE's range {low}-{high} °F"
    return Found("temperature", value, unit, written is not None, start, end, how), ""


def read_single(variable: str, text: str, start: int, end: int, how: str, *, needs_percent: bool = False,
                after: str | None = None) -> tuple[Found | None, str]:
    """A heart rate, respiratory rate, saturation or lone systolic/diastolic value, or why it is not one. ``after``:
    what follows the number when a layout says otherwise than the text (a run's separator "38.2 / 116 / …" passed
    over, the set rate after a measured one in a "set/total" column)."""
    if variable == "temperature":
        return read_temperature(text, start, end, how)
    written = text[start:end]
    after = text[end:end + 12] if after is None else after[:12]
    if "," in written:
        return None, "not a whole number"
    value, notation, unit_written = float(written), "decimal", False
    if variable == "oxygen_saturation":
        if re.match(r"[ \t]*%", after):
            notation, unit_written = "percent", True
        elif needs_percent and not re.match(r"[ \t]*\(?[ \t]*(?:RA|r/a|room[ \t]+air)\b", after):
            return None, "no % after the number"  # "O2: 96 (RA)" says its air instead
        elif value <= 1 and re.fullmatch(r"[01]\.\d{2}", written):
            value, notation = round(value * 100, 4), "fraction"
        # "40% FiO2" is the oxygen's fraction; "SpO2 91% FiO2 0.55" a saturation, the fraction given its own number
        if re.match(r"[ \t]*%?[ \t]*(?:FiO2(?![ \t:=]*(?:\d|0?\.\d|amb|RA\b|room))|predicted|venturi|Venturi|VM\b)",
                    after):
            return None, "an oxygen fraction, not a saturation"
        if re.match(r"[ \t]*/[ \t]*\d", after):
            return None, "not written as this vital sign"
        # Turkish "SAT 3 hafta önce": the last period's date, 3 weeks ago (not "sating 35 percent")
        if value < 50 and not re.match(r"[ \t]*(?:%|percent\b|per[ \t]+cent\b)", after):
            return None, "too low for a saturation written without %"
    else:
        if "." in written and not re.fullmatch(r"\d+\.0", written):  # "R 24.0" from a record's export is 24
            return None, "not a whole number"
        total_and_set = variable == "respiratory_rate" and re.match(  # "RR 22/14 (total/set)"
            r"[ \t]*/[ \t]*\d{1,2}[ \t]*\(?[ \t]*(?:set|total|vent|mandatory|spont)"
            r"(?![ \t]*/[ \t]*(?:total|measured|actual))",
            text[end:end + 30], re.I)  # "RR 14/22 (set/total)" is read at its second number by the label reader
        if (re.match(r"[ \t]*/[ \t]*\d", after) and not total_and_set) or re.match(r"[ \t]*%", after):
            return None, "not written as this vital sign"
        unit_written = bool(re.match(rf"{RATE_UNIT}|[ \t]*mm[ \t]*Hg", after, re.I))
    room_air = variable == "oxygen_saturation" and re.match(r"RA\b", after)  # MIMIC's "98RA"
    if not unit_written and not room_air and (re.match(r"[A-Za-z]", after) or _OTHER_UNIT.match(after)):
        return None, "followed by the unit of something else"
    if re.match(r"\+", after):
        return None, "a grade (pulse 2+), not a rate"
    in_range = True
    low, high = VITAL_LIMITS[variable]
    if not low <= value <= high:
        plausible = {**PLAUSIBLE_PRESSURE, **PLAUSIBLE_RATE}.get(variable)
        if plausible is None or not plausible[0] <= value <= plausible[1]:
            return None, f"outside DeVisE's range {low:g}-{high:g}"
        in_range = False
    return Found(variable, value, UNITS[variable], unit_written, start, end, how, notation, in_range=in_range), ""


#: A ventilated patient's rate written set first: "RR 14/22 (set/total)", "RR 20 set, total 24".
_SET_THEN_TOTAL = re.compile(r"[ \t]*(?:/[ \t]*(?P<v>\d{1,2})(?!\d)[ \t]*\(?[ \t]*set[ \t]*/[ \t]*"
                             r"(?:total|measured|actual)\b|"
                             r"\(?[ \t]*set\)?[ \t]*[,;]?[ \t]*(?:total|measured|actual)[ \t:=]*(?P<w>\d{1,2})(?!\d))",
                             re.I)
#: "RR 20 set": the number before "set" is the set rate ("RR 22 (set 14)" is the measured one, then the set one).
_SET_AFTER = re.compile(r"[ \t]*\(?[ \t]*set\b(?![ \t:=]*\d)", re.I)
#: A ventilator's mode, which opens the list of its settings: "Vent: VC-AC, Vt 380 ml, RR 18, PEEP 12".
_VENT_MODE = re.compile(r"\b(?:A/?C(?:/[VP]C)?|[VP]C-?AC|AC/?[VP]C|SIMV|PRVC|CMV|IPPV|VCV|PCV|VAC)\b|"
                        r"^[ \t]*(?:[-*•][ \t]*)?vent(?:ilator)?(?:[ \t]+settings?)?[ \t]*:", re.I | re.M)
#: Words on a ventilator's line that say which rate is set and which measured; a line with them is read as written.
_RATE_KIND = re.compile(r"\b(?:set|total|measured|actual|spont\w*|mandatory|patient|réglée?|mesurée?|totale|"
                        r"programad[ao]|medid[ao]|impostata|misurata|nastavljena|skupna)\b", re.I)


def ventilator_rate(text: str, label_start: int, end: int) -> tuple[tuple[int, int] | None, str]:
    """For a respiratory rate whose number ends at ``end``: the span of the measured rate when the set rate is written
    first ("RR 14/22 (set/total)", "RR 20 set, total 24"), or why the number is a ventilator's set rate ("RR 20 set",
    an unqualified "RR 16" among the settings that follow a ventilator's mode in its clause, with its PEEP (French
    "PEP"): "Vent: AC/VC, Vt 450, RR 16, PEEP 10", "VAC, Vt 400 mL, FR 22/min, PEP 8")."""
    measured = _SET_THEN_TOTAL.match(text, end)
    if measured:
        group = "v" if measured["v"] is not None else "w"
        return (measured.start(group), measured.end(group)), ""
    if _SET_AFTER.match(text, end):
        return None, "a ventilator's set rate"
    line_start = text.rfind("\n", 0, label_start) + 1
    line = text[line_start:(text.find("\n", end) + 1 or len(text) + 1) - 1]
    mode = _VENT_MODE.search(text, line_start, label_start)
    if mode and re.search(r"\bPE?EP\b", line) and not _RATE_KIND.search(text, mode.end(), end) and not re.search(
            r"[;.](?:\s|$)", text[mode.end():label_start]):  # in the clause of the mode's settings
        return None, "a ventilator's set rate"
    return None, ""


#: After "mm", the words of a column of mercury: "mm Hg", "mm of Hg", Azerbaijani "mm c.s." (civə sütunu), Uzbek
#: "mm sim. ust." (simob ustuni), Latvian "mm dz. st." (dzīvsudraba stabiņa).
_MERCURY_AFTER_MM = r"[ \t]*(?:of[ \t]+)?Hg|[ \t]+(?:c\.[ \t]*s\.|civə[ \t]+sütun|sim\.?[ \t]*ust|dz\.?[ \t]*st\.)"
#: A pressure's unit in millimetres of mercury, in the scripts that write it with Latin letters, Cyrillic ("мм рт. ст.",
#: Mongolian "мм.муб"), Armenian ("մմ ս.ս.") and Georgian ("მმ ვწყ. სვ.").
MM_HG = re.compile(rf"[ \t]*(?:mm(?:{_MERCURY_AFTER_MM})|Hgmm|мм\.?[ \t]*(?:рт|муб|сын)|"
                   r"մմ[ \t]*ս\.?[ \t]*ս|მმ[ \t]*ვწყ)", re.I)


def read_pressure(text: str, m: re.Match, how: str, *, lowest_systolic: float = 1.0, in_slash_run: bool = False,
                  centimetres_implied: bool = False) -> tuple[list[Found], str]:
    """The reading "N/N" of match ``m`` (groups ``n1`` and ``n2``) as systolic and diastolic, or why not (a spaced
    slash after it separates the next number of a run when ``in_slash_run``). With ``centimetres_implied`` (the French
    "TA" of a note in French or Arabic) a pair too small for millimetres and written without a unit is in centimetres
    of mercury, as Maghreb and West African notes write it: "TA 10/6" is 100/60 mmHg."""
    systolic, diastolic = float(m["n1"]), float(m["n2"])
    if m["n1"].startswith("0") or (int(m["n1"]) <= 31 and int(m["n2"]) <= 12 and
                                   re.match(r"[ \t]+\d{1,2}:\d{2}\b", text[m.end():])):
        return [], "a date: not a blood pressure"  # "last VS 06/03 08:00"
    if systolic <= diastolic:
        return [], "the second number is not below the first: not a blood pressure"
    # centimetres of mercury, as French and West African notes write a pressure: "TA 22/12 cmHg" is 220/120 mmHg
    per_unit = 10.0 if re.match(CM_HG, text[m.end():]) else 1.0
    if per_unit == 1.0 and centimetres_implied and 6 <= systolic <= 30 and 3 <= diastolic <= 20 and \
            not re.match(r"[ \t]*(?:mm|/|[.,]\d)", text[m.end():]):
        per_unit = 10.0
    if per_unit == 1.0 and re.match(rf"[ \t]*(?:Gy|mm\b(?!{_MERCURY_AFTER_MM})|cm)", text[m.end():]) or (
            re.match(r"[ \t]*/[ \t]*\d", text[m.end():]) and not in_slash_run):
        return [], "a fraction of something else"
    if systolic * per_unit < lowest_systolic:
        return [], f"a systolic below {lowest_systolic:g} mmHg: not a blood pressure"
    flags = []
    for variable, value in (("systolic_bp", systolic * per_unit), ("diastolic_bp", diastolic * per_unit)):
        low, high = PLAUSIBLE_PRESSURE[variable]
        if not low <= value <= high:
            return [], f"{variable} {value:g} is not a plausible blood pressure"
        flags.append(VITAL_LIMITS[variable][0] <= value <= VITAL_LIMITS[variable][1])
    unit_written = bool(CM_HG.match(text, m.end()) or MM_HG.match(text, m.end()))
    unit = "cmHg" if per_unit == 10.0 else "mmHg"
    spans = ((m.start("n1"), m.end("n1")), (m.start("n2"), m.end("n2")))
    return [Found("systolic_bp", systolic, unit, unit_written, *spans[0], how, partner=spans[1],
                  in_range=flags[0]),
            Found("diastolic_bp", diastolic, unit, unit_written, *spans[1], how, partner=spans[0],
                  in_range=flags[1])], ""


#: A pressure's unit when it is centimetres of mercury.
CM_HG = re.compile(r"[ \t]*cm[ \t]*Hg\b", re.I)


def in_devise_units(value: float, unit: str) -> float:
    """A value in DeVisE's units (Table 2): a °C temperature in °F (to 0.1, as the scale reads them), a pressure in
    cmHg in mmHg; others as they are."""
    if unit == "°C":
        return devise_temperature(value)
    return value * 10 if unit == "cmHg" else value


_PAIR = re.compile(r"(?P<n1>\d{1,3})[ \t]*(?:/|[xX](?=[ \t]*\d))[ \t]*(?P<n2>\d{1,3})")  # Brazil writes "110x64"


def pressure_at(text: str, start: int, how: str, *, lowest_systolic: float = 1.0, in_slash_run: bool = False
                ) -> list[Found]:
    """The blood-pressure reading "N/N" that starts at ``start`` (empty if it is not one)."""
    m = _PAIR.match(text, start)
    return read_pressure(text, m, how, lowest_systolic=lowest_systolic, in_slash_run=in_slash_run)[0] if m else []


def read(variable: str, text: str, start: int, end: int, how: str, unit: str | None = None, *,
         pair: bool = True) -> list[Found]:
    """The mention of ``variable`` at ``text[start:end]`` (a systolic of a ``pair``: the reading starting there), or
    nothing."""
    if variable == "systolic_bp" and pair:
        return pressure_at(text, start, how)
    item, _ = (read_temperature(text, start, end, how, unit) if variable == "temperature"
               else read_single(variable, text, start, end, how))
    return [item] if item else []
