"""The two ends of a range of a vital sign, read as mentions set apart.

A range is the span of many readings, not one: "HR 72-88", "BP 100-130/60-80", "SBP 110s-120s", "rates in the 40s",
a flowsheet's "Pulse: [78-158] 96" or "BP: (104-142)/(62-94) 118/76", a 24-hour minimum and maximum after the current
value ("HR 94 (82-118)", "BP 112/58 (94-138/48-70)"), a Cerner grid's "Min  Max" columns, "zwischen 168 und 212 mmHg
systolisch", "PA 96x58 - 118x70 mmHg", decades in prose ("-> HR 110s", "tachycardic to the 130s", "SR 80s-90s",
"hypotensive to 80s systolic", "desaturated to the 70s", "140s-150s over 90s"). Each end is a mention of its vital with ``range_end=True``: it counts as
found (the annotators of the corpora mark it), it is listed in the JSON artifact, and it is never chosen nor
rewritten — a counterfactual changes one reading, and moving one end of a range would change what the range says.

What is not a range end: a target or a threshold ("keep HR 60-100", "goal SpO2 88-92%", "SBP < 140"), a reference
range ("normal 60-100"), and what the label reader refuses for other reasons. Each end must be a plausible value of
its vital, and the second end of a two-sided range must not be below the first by more than a reading's own scatter
would explain (a range is written low to high; "from 110s to 80s" is a fall, written high to low, and is taken too).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .label_type import Label
from .values import (BP_DECADES, PLAUSIBLE_PRESSURE, PLAUSIBLE_RATE, RATE_UNIT, UNITS, Found, number_value,
                     read_temperature)
from ..schemas import VITAL_LIMITS

#: A number of a range: up to three digits, a decimal for temperatures ("36,2", "97.5").
_N = r"\d{1,3}(?:[.,]\d{1,2})?"
#: What joins the two ends: a dash, a wave dash (Japanese, Chinese), "to", and the words of other languages.
_TO = r"(?:-|–|—|〜|～|~|\bto\b|\bà\b|\ba\b|\bbis\b|\btil\b|\btill\b|\btot\b|\bal\b|\bdo\b|\bи\b|\bдо\b|\bتا\b)"
#: Between an end and the dash: the decade's "s", a unit ("93 %-98 %", "36,2 °C - 37,4 °C", "84/min").
_UNIT = r"(?:'?s\b)?[ \t]*(?:%|°[ \t]*[CF]?|º[ \t]*[CF]?|bpm|/[ \t]?min|mm[ \t]*Hg)?"
#: "a-b" (or one decade "a0s"): the groups a, b.
_SIMPLE = re.compile(rf"(?P<a>{_N}){_UNIT}[ \t]*{_TO}[ \t]*(?:the[ \t]+)?(?:(?:high|low|mid|upper|lower)[ \t-]+)?"
                     rf"(?P<b>{_N})(?P<bs>'?s\b)?")
_DECADE = re.compile(r"(?P<a>\d{1,2}0)'?s\b")
#: A blood pressure's range: "100-130/60-80", "130s-150s/80s", "128-145/70-82", "(104-142)/(62-94)", "140s/80s".
_PRESSURE = re.compile(rf"\(?(?P<a>\d{{2,3}})(?:'?s)?[ \t]*(?:{_TO}[ \t]*(?P<b>\d{{2,3}})(?:'?s)?)?\)?"
                       rf"(?:[ \t]*/[ \t]*|[ \t]+over[ \t]+(?=\d{{2,3}}'?s))\(?(?P<c>\d{{2,3}})(?P<cs>'?s)?(?:[ \t]*{_TO}[ \t]*(?P<d>\d{{2,3}})(?:'?s)?"
                       # not a second pair ("90s/50s-110s/60s") nor a date ("138/76 - 10/14/2025")
                       rf"(?![ \t]*/))?\)?")
#: Two pressures joined as a range: "96x58 - 118x70", "104/58 – 148/76", "{100/51(65) - 140/83(98)}".
_PAIR_TO_PAIR = re.compile(rf"(?P<a>\d{{2,3}})(?:'?s)?[ \t]*[/xX][ \t]*(?P<c>\d{{2,3}})(?:'?s)?(?:[ \t]*\(\d{{2,3}}\))?"
                           rf"[ \t]*(?:-|–|—|to|bis|à|a)[ \t]*"
                           rf"(?P<b>\d{{2,3}})(?:'?s)?[ \t]*[/xX][ \t]*(?P<d>\d{{2,3}})(?:'?s)?(?:[ \t]*\(\d{{2,3}}\))?"
                           rf"(?![ \t]*/)")
#: A range in brackets right after a reading (a flowsheet's minimum and maximum of the last hours).
_AFTER_READING = re.compile(rf"[ \t]*(?:%|°[ \t]*[CF]|bpm|/min|mm[ \t]*Hg|br/min)?(?:\(\d{{2,3}}\))?[ \t]*[(\[{{][ \t]*"
                            rf"(?:24[ \t]*h(?:rs?)?:?[ \t]*)?(?:range:?[ \t]*)?")
#: A blood pressure's range written with its unit, whatever words come before it: Polish "w granicach 130–150/70–85
#: mmHg", Croatian "kretao se 140–170/80–95 mmHg", Hungarian "150–160/90 Hgmm" (only the systolic a range).
_PRESSURE_RANGE_WITH_UNIT = re.compile(r"(?<![\d/.,])\d{2,3}[ \t]*[-–][ \t]*\d{2,3}[ \t]*/[ \t]*\d{2,3}"
                                       r"(?:[ \t]*[-–][ \t]*\d{2,3})?[ \t]*(?:mm[ \t]*Hg|Hgmm|мм[ \t]*рт)")
#: A table's next cell holding a range after a reading's cell: "| HR | 94 (AF) | 78-118 |".
_NEXT_CELL = re.compile(r"[ \t]*(?:%|°[ \t]*[CF]|bpm)?(?:[ \t]*\([^()\n]{1,15}\))?[ \t]*\|[ \t]*"
                        r"(?=\d{2,3}(?:[.,]\d)?[ \t]*(?:-|–)[ \t]*\d{2,3}(?:[.,]\d)?"
                        r"(?:/\d{2,3}[ \t]*[-–][ \t]*\d{2,3})?[ \t]*\|)")
#: Epic's round brackets before a reading on a flowsheet's line, which may hold each end in two units and its unit
#: ("Temp:  (36.9 °C (98.4 °F)-38.4 °C (101.1 °F)) 37.6 °C", "SpO2:  (92 %-99 %) 95 %"): the bracket's span.
_ROUND_BEFORE_READING = re.compile(r"^[ \t]*[^\W\d][^:\n]{0,30}:[ \t]*"
                                   r"(?P<b>\((?P<in>(?:[^()\n]|\([^()\n]{0,20}\)){3,80})\))[ \t]*(?=\d)", re.M)


def round_ranges_before_readings(text: str) -> list[tuple[int, int]]:
    """The spans of Epic's bracketed ranges before a flowsheet line's reading whose ends carry their unit or a second
    unit in brackets: their numbers are the range's ends, never readings (:func:`_bracketed` reads them as ends)."""
    return [m.span("b") for m in _ROUND_BEFORE_READING.finditer(text)
            if re.search(r"\d[ \t]*(?:%|[°º][ \t]*[CF]?[ \t]*\)?|\))[ \t]*[-–][ \t]*\d", m["in"])]


#: A range in brackets right before a reading: Epic's "Pulse: [78-158] 96", "BP: (104-142)/(62-94) 118/76".
_BEFORE_READING = re.compile(r"[\[(][^\[\]()\n]{0,40}[\])](?:[ \t]*/[ \t]*\([^()\n]{0,20}\))?[ \t]*$")
#: Words before a range that make it a target, a threshold, an order or a reference, not readings.
_NOT_READINGS = re.compile(r"\b(?:goals?|targets?|aim(?:ing)?|keep|maintain\w*|titrat\w*|parameters?|normal|ref\w*|"
                           r"(?<!\bfor\s)call|notify|if|until|below|above|under|over|less|greater|wean\w*|permissive|"
                           r"objectif|cible|Ziel\w*|objetivo|obiettivo|doel|mål\w*|meta|alvo|"
                           r"tavoite\w*|hedef\w*|cél\w*|هدف|"
                           r"maintenir|mantener|mantenere|halten|ciljn\w*|normoks\w*|normox\w*|protect\w*|protek\w*|"
                           r"O2[ \t]+(?:to|til|till|para|por|for|na|do)|sotto|sopra|unter|über|sous|vis\w*|normokap\w*|"
                           r"normocap\w*|stop\w*|cool\w*|cooling|rewarm\w*|titreren|criteri\w*|triggers?|zones?|yellow|amber|"
                           r"escalat\w*|țint\w*|tint[aă]|целев\w*|целе\w*|цільов\w*|sasaran|lengo|streef\w*|mục\s+tiêu|docelow\w*|"
                           r"accept\w*|allow(?=\s+(?:SBP|DBP|BP|MAP|HR|sats?|SpO2)\b)|cíl\w*)\b|"
                           # an arrow ("-> HR 110s", "=> 120s") is a change, not a threshold
                           r"(?<![-=])>|<(?![-=])|[≤≥＜＞≦≧]|目標|目标|목표|بهدف|الهدف|هدف|יעד|מטרה", re.I)
#: "nicardipine for SBP 100-120": a drug given for a range of numbers is its target (not "called for HR 150s").
_FOR_VITAL = re.compile(r"\b(?:for|pour|para|per|für|för|για)[ \t]+(?:the[ \t]+)?"
                        r"(?:SBP|DBP|MAP|HR|BP|SpO2|sats?|SatO2|T|"
                        r"temp)\b[ \t:]*$", re.I)
#: What right after a range makes it a target or a score's item: "SpO2 92-96%目標", "92〜96%を目標に", "%92–96 hedefli", "pulse 101-120 = 2".
_TARGET_AFTER = re.compile(r"[ \t]*(?:%|°[ \t]*[CF]?)?[ \t]*(?:を|に)?(?:目標|目标|목표|hedef\w*|target\w*|goal\b|=[ \t]*\d)", re.I)
#: Unlabelled heart rates in decades: "rates 70s-80s", "RVR to 150s-160s", "rates in the 40s, dropping to the high 30s".
_RATES = re.compile(r"\b(?:(?:heart|ventricular|pulse)[ \t]+)?rates?[ \t]+(?:(?:in|of|to|at)[ \t]+)?(?:the[ \t]+)?"
                    r"(?:(?:high|low|mid|upper|lower)[ \t-]+)?(?P<n>\d{1,2}0'?s\b)|"
                    # "heart rates 140-160 while sitting": a heart rate's range by its own name
                    r"\b(?:heart|ventricular|pulse)[ \t]+rates?[ \t]+(?:of[ \t]+)?(?P<j>\d{2,3}[ \t]*(?:-|–|to)[ \t]*\d{2,3}\b)|"
                    # an atrial fibrillation's rates: "AFib: Rates 100-115 on admission"
                    r"\b(?:AF(?:ib)?|A-?fib|atrial[ \t]+fibrillation)[ \t]*[:,\-–]?[ \t]*[Rr]ates?[ \t]+(?:of[ \t]+)?"
                    r"(?P<f>\d{2,3}[ \t]*(?:-|–|to)[ \t]*\d{2,3}\b)|"
                    r"\b(?:RVR|AF|AFib|a-?fib|SVT|tachycardi[ac]|bradycardi[ac]|tachy|brady|N?SR|"
                    r"sinus(?:[ \t]+(?:brady|tachy|rhythm)\w*)?)[ \t]+"
                    # "tachycardia on telemetry to the 150s", "tachy ~110s", "SR 80s-90s", "sinus rhythm 60s"
                    r"(?:on[ \t]+(?:tele\w*|(?:the[ \t]+)?monitor)[ \t]+)?(?:(?:to|in|at|into)[ \t]+)?(?:the[ \t]+)?"
                    r"(?:~[ \t]*)?"
                    r"(?:(?:high|low|mid|upper|lower)[ \t-]+)?(?P<m>\d{1,2}0'?s\b)|"
                    r"\b(?:dropping|falling|rising|down|up)[ \t]+to[ \t]+the[ \t]+(?:(?:high|low|mid)[ \t]+)?"
                    r"(?P<k>\d{1,2}0'?s\b)", re.I)
#: A further range or decade of the same vital later in the clause: "SBPs 150s-160s on admission, trended to
#: 110s-120s", "HR 80-110 overnight, then 70s".
_FURTHER = re.compile(r"[^.;\n\d]{0,40}?\b(?:to|then|and|now|later|was|were)[ \t]+(?:the[ \t]+)?"
                      r"(?:(?:high|low|mid|upper|lower)[ \t-]+)?(?=\d{1,2}0'?s\b)")
#: A Cerner grid's header of minimum and maximum columns ("Last Charted   Min   Max").
_MIN_MAX_HEADER = re.compile(r"^[^\n]*\bMin(?:imum)?\b[ \t]+\bMax(?:imum)?\b[ \t]*$", re.M | re.I)
#: After a reading on such a grid's row: its unit and time, then the minimum and the maximum.
_MIN_MAX_CELLS = re.compile(r"[ \t]*(?:%|bpm|br/min|mmHg|Deg[CF]|°[CF])?[ \t]*(?:\(\d{1,2}:\d{2}\))?[ \t]+"
                            r"(?P<a>\d{1,3}(?:[.,]\d)?)[ \t]+(?P<b>\d{1,3}(?:[.,]\d)?)[ \t]*$", re.M)
#: "between 168 and 212", "zwischen 125 und 142", "välillä 138-164", "entre 90 et 110".
_BETWEEN = re.compile(rf"(?:\b(?:between|zwischen|entre|tra|tussen|mellan|välillä|från|from|ranged?[ \t]+from|ranging"
                      rf"[ \t]+from)|بين)[ \t]+(?P<a>{_N})(?:'?s)?[ \t]*"
                      # (Catalan "entre 130 i 150"; Arabic "بين 38.2 و38.7", its "and" joined to the number)
                      rf"(?:(?:and|und|et|y|e|i|en|och|to|-|–)[ \t]+|و[ \t]*)"
                      rf"(?P<b>{_N})(?P<bs>'?s\b)?", re.I)


#: A vital's word, a few words, then its decades or its range: "HR in the 80s per RN", "SBP in the 70s-80s",
#: "readings mostly in the 120s to 130s", "HR ranging 38-46", "AF - rates 78-118", "(was 80s this morning)".
_WORD_THEN_RANGE = re.compile(
    r"\b(?P<word>HR|[Hh]eart\s+rates?|[Pp]ulse|[Rr]ates?|SBPs?|[Ss]ystolic(?:\s+BP)?|BPs?|[Bb]lood\s+pressures?|"
    r"[Rr]eadings|[Ss]ats?|SpO2|O2\s+sats?|[Ss]aturations?|RR|[Rr]esp(?:iratory)?\s+rates?|"
    # "hypotensive to 80s systolic", "desaturated to the 70s"
    r"[Hh]ypotensive|[Hh]ypertensive|[Dd]esat\w*|[Tt]achypn(?:o|e)ic)\b"
    r"(?P<gap>[^\d\n.;(),]{0,30}?)\b(?:in|into|to|at|of|mostly|usually|around|was|were|ran|ranging|ranged|range|between|"
    r"normali[sz]ed\s+to|remained|stayed|sustained|hovering|running)"
    r"[ \t]+(?:the[ \t]+)?(?:(?:high|low|mid|upper|lower)[ \t-]+)?"
    r"(?=\d{1,2}0'?s\b|\d{2,3}[ \t]*(?:-|–|to)[ \t]*\d{2,3}(?:'?s)?\b)")
_WORD_VARIABLE = (("heart_rate", r"(?i:hr|heart|pulse|rates?)"),
                  ("oxygen_saturation", r"(?i:sats?|spo2|o2|saturat|desat)"),
                  ("respiratory_rate", r"(?i:rr|resp|tachyp)"),
                  ("systolic_bp", r"(?i:sbp|systolic|bp|blood|readings|hypotensive|hypertensive)"))
#: A vital's word in the gap of :data:`_WORD_THEN_RANGE`.
_A_VITAL_WORD = re.compile(r"\b(?:HR|[Hh]eart\s+rates?|[Pp]ulse|SBPs?|[Ss]ystolic|BPs?|[Ss]ats?|SpO2|RR|"
                           r"[Rr]esp(?:iratory)?\s+rates?)\b")
#: A word before a reading's bracket that makes a decade in it the same vital's: "HR 118 (was 80s this morning)".
_BRACKET_DECADE = re.compile(r"[ \t]*(?:%|bpm|/min)?[ \t]*\((?:[^()\n\d]{0,25}?)\b"
                             r"(?:was|baseline|usual(?:ly)?|normally|previously|prior|earlier)[ \t]+(?=\d{1,2}0'?s\b)",
                             re.I)
#: A saturation's range written with its percent signs and nothing else to say what it is: "usually 95-96%",
#: "back to 92-94% within 2 min". Both ends from 80 (an ejection fraction or an oxygen's fraction is lower, and is
#: named: "EF 60-65%", "FiO2 40-60%").
_PERCENT_RANGE = re.compile(r"(?<![\d.])(?P<a>8\d|9\d|100)[ \t]*%?[ \t]*(?:-|–|to)[ \t]*(?P<b>8\d|9\d|100)[ \t]*%")
_NOT_SATURATION = re.compile(r"(?i:\b(?:EF|LVEF|ejection|FiO2|O2\s+at|humidity|oxygen\s+at|probability|sensitivity|"
                             r"specificity|stenosis|occlusion|percentile|confidence))[^\n]{0,20}$")


def _end(variable: str, text: str, start: int, end: int, how: str, unit: str | None = None) -> Found | None:
    """One end of a range at ``text[start:end]`` as a mention set apart, or None when it is no value of the vital."""
    if variable == "temperature":
        item, _ = read_temperature(text, start, end, how, unit)
        if item is not None:
            item.range_end = True
        return item
    written = text[start:end]
    if "," in written or ("." in written and not re.fullmatch(r"\d+\.0", written)):
        return None
    value = float(written)
    low, high = {**PLAUSIBLE_PRESSURE, **PLAUSIBLE_RATE}.get(variable, VITAL_LIMITS[variable])
    if variable == "oxygen_saturation":
        low = 50.0  # "40-60%" is an oxygen's fraction; a saturation range starts higher
    if not low <= value <= high:
        return None
    unit_written = bool(re.match(rf"'?s?(?:{RATE_UNIT}|[ \t]*mm[ \t]*Hg|[ \t]*%)", text[end:end + 12], re.I))
    limits = VITAL_LIMITS[variable]
    return Found(variable, value, UNITS[variable], unit_written, start, end, how,
                 "percent" if variable == "oxygen_saturation" else "decimal", in_range=limits[0] <= value <= limits[1],
                 range_end=True)


def _ordered(a: float, b: float, decades: bool) -> bool:
    """Whether two numbers read as the ends of one range: low to high (a fall "from 110s to 80s" may be written high
    to low only in decades), and not too far apart to be one vital's values."""
    return (a <= b or decades) and abs(b - a) <= max(60.0, 0.6 * max(a, b))


def _temperature_unit(text: str, end: int) -> str | None:
    """The unit written after a range's second end ("38-39 °C"), which the first end shares."""
    m = re.match(r"[ \t]*(?:°|º|˚|deg\w*)?[ \t]*(?P<u>[CF])(?![A-Za-z])", text[end:end + 10])
    return {"C": "°C", "F": "°F"}[m["u"]] if m else None


def _simple(variable: str, text: str, at: int, how: str) -> list[Found]:
    """The range (or the one decade) of one vital whose first number starts at ``at``."""
    m = _SIMPLE.match(text, at)
    if m:
        a, b = number_value(m["a"]), number_value(m["b"])
        decades = bool(m["bs"]) or bool(re.match(r"\d+'?s", text[m.start("a"):m.end("a") + 2]))
        if _ordered(a, b, decades):
            unit = _temperature_unit(text, m.end("b")) if variable == "temperature" else None
            ends = [_end(variable, text, m.start(g), m.end(g), how, unit) for g in ("a", "b")]
            return [e for e in ends if e is not None]
    m = _DECADE.match(text, at)
    if m and variable != "temperature":
        item = _end(variable, text, m.start("a"), m.end("a"), how)
        return [item] if item else []
    return []


def _pressure(text: str, at: int, how: str) -> list[Found]:
    """A blood pressure's range (or decades) whose first number starts at ``at``: systolic ends, then diastolic."""
    m = _PAIR_TO_PAIR.match(text, at)
    if m and int(m["a"]) > int(m["c"]) and int(m["b"]) > int(m["d"]):
        return [f for f in (_end("systolic_bp", text, m.start("a"), m.end("a"), how),
                            _end("diastolic_bp", text, m.start("c"), m.end("c"), how),
                            _end("systolic_bp", text, m.start("b"), m.end("b"), how),
                            _end("diastolic_bp", text, m.start("d"), m.end("d"), how)) if f]
    m = _PRESSURE.match(text, at)
    if m and (m["b"] or m["d"] or re.match(r"\d+'?s", text[m.start("a"):m.end("a") + 2])):
        systolic = [g for g in ("a", "b") if m[g]]
        diastolic = [g for g in ("c", "d") if m[g]]
        decades = bool(re.match(r"\d+'?s", text[m.start("a"):m.end("a") + 2]))
        if int(m["a"]) <= int(m["c"]) or (m["b"] and not _ordered(int(m["a"]), int(m["b"]), decades)) or \
                (m["d"] and not _ordered(int(m["c"]), int(m["d"]), decades)):
            return []
        ends = [_end("systolic_bp", text, m.start(g), m.end(g), how) for g in systolic] + \
               [_end("diastolic_bp", text, m.start(g), m.end(g), how) for g in diastolic]
        return [e for e in ends if e is not None]
    return _simple("systolic_bp", text, at, how)


def _range_at(variable: str, text: str, at: int, how: str) -> list[Found]:
    """The range (or decades) of ``variable`` whose first number starts at ``at``; a systolic's may be a pressure's."""
    return _pressure(text, at, how) if variable == "systolic_bp" else _simple(variable, text, at, how)


def _is_target(text: str, at: int, ends: list[Found] | None = None) -> bool:
    """Whether the words just before a range on its line (or just after its last end) make it a target, threshold,
    reference or a score's item."""
    line_start = text.rfind("\n", 0, at) + 1
    if ends and _TARGET_AFTER.match(text, max(e.end for e in ends)):
        return True
    before = text[max(line_start, at - 50):at]
    # the clause only: "Agree with above. On my exam … sats 92-95%"; a Chinese sentence's own clause after a target
    # in brackets: "給予誘導性高血壓（目標 SBP 160-180 mmHg）… 此期間血壓約 170-185/90-100 mmHg"
    before = re.split(r"[.;][ \t]|[。；）]|\)[ \t]", before)[-1]
    return bool(_NOT_READINGS.search(before) or (_FOR_VITAL.search(before) and not re.match(r"\d+'?s\b", text[at:])))


def _labelled_pressure_ranges(text: str, labels: tuple[Label, ...], languages: frozenset[str]) -> list[int]:
    """Where a blood-pressure range after its label starts ("TA 128-145/70-82", "BP 100s-120s/60s-70s"): the label
    reader reads only "N/N" and never sees these. A label bound to other languages ("TA", "PA") counts only in a
    note of one of them."""
    starts = []
    for label in labels:
        if label.family != "blood_pressure" or (label.only_in and not languages & set(label.only_in)):
            continue
        starts += [m.end() for m in _pressure_range_regex(label).finditer(text)]
    return starts


@lru_cache(maxsize=None)
def _pressure_range_regex(label: Label) -> re.Pattern:
    """A blood-pressure label, the words that may follow it, and the range's first number right after (compiled once
    per label)."""
    return re.compile(rf"(?<![A-Za-zÀ-ÿ0-9/])(?:{label.pattern})(?![A-Za-zÀ-ÿ/])[ \t:]*"
                      rf"(?:(?:{_RANGE_GAP_WORDS})[ \t]+)*"
                      rf"(?=\(?\d{{2,3}}(?:'?s)?[ \t]*(?:{_TO}|/[ \t]*\(?\d{{1,3}}"
                      rf"(?:'?s|[ \t]*{_TO})))", 0 if label.case_sensitive else re.I)


#: Words between a blood-pressure label and its range: "BP ranged 100-130/60-80", "TA remontée", "RR re".
_RANGE_GAP_WORDS = r"ranged?|ranging|mostly|usually|were|was|of|in|the|from|range|overnight|home|log|nuit|re|li|" \
                   r"osastolla|vaihdellut|vaihteli|välillä|lagen|lag|im|verlauf"


def read_range_ends(text: str, found: list[Found], ranges: list[tuple[str, int]],
                    labels: tuple[Label, ...] = (), languages: frozenset[str] = frozenset()) -> list[Found]:
    """The ends of ranges: those the label reader refused as ranges (``ranges``: the vital and where the range's
    first number starts), blood-pressure ranges after a label of ``labels`` (in the note's ``languages``), the
    bracketed ranges before or after a reading in ``found``, the minimum and maximum columns of a grid, "between X
    and Y" after a vital's word, and unlabelled heart rates in decades."""
    ends: list[Found] = []
    seeds = list(ranges) + [("systolic_bp", m.start()) for m in BP_DECADES.finditer(text)]
    seeds += [("systolic_bp", at) for at in _labelled_pressure_ranges(text, labels, languages)]
    seeds += [("systolic_bp", m.start()) for m in _PRESSURE_RANGE_WITH_UNIT.finditer(text)]
    for variable, at in seeds:
        how = f"end of a range of the {variable.replace('_', ' ')}"
        more = _range_at(variable, text, at, how)
        while more and not _is_target(text, at, more):
            ends += more
            last = max(e.end for e in more)
            further = _FURTHER.match(text, last + len(re.match(r"'?s?", text[last:])[0]))  # after a decade's "s"
            if not further:
                break
            at = further.end()
            more = _range_at(variable, text, at, how)
    for item in found:
        if not item.range_end:
            ends += _bracketed(text, item)
    ends += _min_max_columns(text, found)
    for m in _WORD_THEN_RANGE.finditer(text):
        if re.search(r"(?i)\b(?:goal|target|keep|call|if|parameters?)\b", m["gap"]) or _is_target(text, m.start()):
            continue
        # the last vital's word before the range names it: "BP … low 100s systolic with heart rates in the 60s"
        word = ([w[0] for w in _A_VITAL_WORD.finditer(m["gap"])] or [m["word"]])[-1]
        variable = next(v for v, w in _WORD_VARIABLE if re.match(w, word))
        how = f"end of a range of the {variable.replace('_', ' ')}"
        ends += _range_at(variable, text, m.end(), how)
    for item in found:
        bracket = _BRACKET_DECADE.match(text, item.end)
        if bracket:  # "BP 98/56 (usual 130s systolic)": a pressure's one decade is its systolic
            variable = "systolic_bp" if item.variable == "diastolic_bp" else item.variable
            ends += _simple(variable, text, bracket.end(), "a decade in brackets after a reading")
    for m in _PERCENT_RANGE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        more = _simple("oxygen_saturation", text, m.start("a"), "a range of percentages of 80 or more")
        if not _NOT_SATURATION.search(text[line_start:m.start()]) and not _is_target(text, m.start(), more):
            ends += more
    ends += _between(text) + _temperature_ranges(text)
    for m in _RATES.finditer(text):
        group = next(g for g in ("n", "j", "f", "m", "k") if m[g])
        if not _is_target(text, m.start()):
            ends += _simple("heart_rate", text, m.start(group), "heart rates in decades")
    return ends


def _bracketed(text: str, item: Found) -> list[Found]:
    """A range in brackets just after a reading ("HR 94 (82-118)", "BP 112/58 (94-138/48-70)") or just before it
    ("Pulse: [78-158] 96", "BP: (104-142)/(62-94) 118/76"), of the reading's vital."""
    how = f"end of a bracketed range of the {item.variable.replace('_', ' ')}"
    if item.variable == "systolic_bp" and item.partner is not None:
        return []  # the pair's range is read after its diastolic value, or before its systolic one below
    variable = "systolic_bp" if item.variable == "diastolic_bp" else item.variable
    after = _AFTER_READING.match(text, item.end)
    cell = _NEXT_CELL.match(text, item.end)
    if cell:  # "| HR | 94 (AF) | 78-118 |": the next cell of a table's row
        ends = _range_at(variable, text, cell.end(), how)
        if ends:
            return ends
    if after:  # its bracket opens: "(82-118)", "[70-144]", "{88/46(60) - 136/74(94)}"
        at = after.end()
        closing = re.match(r"[^{}\[\]\n]{3,40}[)\]}]", text[at:])
        ends = _range_at(variable, text, at, how) if closing else []
        if ends:
            return ends  # not "98.1 °F (36.7 °C)": the same reading in the other unit
    start = item.start if item.partner is None or item.variable != "diastolic_bp" else item.partner[0]
    line_start = text.rfind("\n", 0, start) + 1
    if item.variable == "temperature":  # "Temp: [36.4 °C (97.5 °F)-37.2 °C (99 °F)] 36.9 °C": each end in two units
        square = (re.search(r"\[(?P<in>[^\[\]\n]{3,80})\][ \t]*$", text[line_start:start])
                  or re.search(r"\((?P<in>(?:[^()\n]|\([^()\n]{0,20}\)){3,80})\)[ \t]*$", text[line_start:start]))
        if square and re.search(r"\d[ \t]*(?:°[ \t]*[CF])?\)?[ \t]*[-–]", square["in"]):
            at = line_start + square.start("in")
            ends = [_end("temperature", text, at + n.start(), at + n.end(), how)
                    for n in re.finditer(r"\d{2,3}(?:[.,]\d{1,2})?(?=[ \t]*°)", square["in"])]
            return [e for e in ends if e is not None]
    before = _BEFORE_READING.search(text, line_start, start)
    if before:
        at = before.start() + 1
        if re.match(r"[ \t]*\d", text[at:]):
            at += len(re.match(r"[ \t]*", text[at:])[0])
            if variable == "systolic_bp":
                return _pressure(text, at, how)
            unit = item.unit if item.variable == "temperature" else None
            return [e for e in _simple(variable, text, at, how) if variable != "temperature" or e.unit == unit]
    return []


def _min_max_columns(text: str, found: list[Found]) -> list[Found]:
    """The minimum and maximum cells after a reading on a row of a grid whose header names them."""
    ends: list[Found] = []
    for header in _MIN_MAX_HEADER.finditer(text):
        block_end = text.find("\n\n", header.end())
        block_end = len(text) if block_end < 0 else block_end
        for item in found:
            if not header.end() < item.start < block_end or item.range_end:
                continue
            cells = _MIN_MAX_CELLS.match(text, item.end)
            if cells:
                unit = item.unit if item.variable == "temperature" else None
                how = "minimum and maximum columns"
                ends += [e for e in (_end(item.variable, text, cells.start(g), cells.end(g), how, unit)
                                     for g in ("a", "b")) if e]
    return ends


#: A word of the patient's temperature or fever in the sentence before such a range (a water bath's "37–39 °C" or the
#: weather's "32–34°C" is no reading of the patient).
_FEVER_WORD = re.compile(r"(?i)\b(?:temp\w*|t°|tmax|fever\w*|febr\w*|afebr\w*|pyrex\w*|spikes?|fièvre|fiebre|febbre|"
                         r"fieber|febre|demam|sốt|kuume\w*|lämpö\w*|horeč\w*|gorączk\w*|ateş\w*|láz\w*|"
                         r"температур\w*|лихорад\w*|θερμ\w*|πυρετ\w*)\b|"
                         r"बुखार|ज्वर|तापमान|জ্বর|体温|发热|發熱|発熱|熱|حرار|حمى|تب")


#: The word of a vital right before "between X and Y" (or after it: "168 und 212 mmHg systolisch").
_BETWEEN_VITAL = (("systolic_bp", re.compile(r"\b(?:SBP|systolic\w*|systolisch\w*|systoliq\w*|sist[óo]lic\w*)\b|"
                                             r"mm[ \t]*Hg[ \t]+(?:syst|sys)", re.I)),
                  ("heart_rate", re.compile(r"\b(?:HR|heart[ \t]+rates?|pulse|Puls|HF|FC|pols|syke|"
                                            r"fr[ée]quence[ \t]+cardiaque|frecuencia[ \t]+card[íi]aca|"
                                            r"frequenza[ \t]+cardiaca|frequ[êe]ncia[ \t]+card[íi]aca)\b", re.I)),
                  ("respiratory_rate", re.compile(r"\b(?:RR|respiratory[ \t]+rates?|AF|FR)\b(?![ \t]*\d+/)", re.I)),
                  ("oxygen_saturation", re.compile(r"\b(?:SpO2|sats?|saturation\w*|SaO2|Sättigung)\b", re.I)),
                  # a temperature's or a fever's word: Arabic "الحرارة", "fever between 38.2 and 38.7"
                  ("temperature", _FEVER_WORD))


#: Two blood pressures as the ends of a range after "between": "TA aux CPN entre 110/70 et 120/80".
_BETWEEN_PAIRS = re.compile(r"\b(?:between|zwischen|entre|tra|tussen|mellan)[ \t]+(?P<a>\d{2,3})[ \t]*/[ \t]*"
                            r"(?P<c>\d{2,3})(?:[ \t]*mm[ \t]*Hg)?[ \t]+(?:and|und|et|y|e|en|och)[ \t]+(?P<b>\d{2,3})"
                            r"[ \t]*/[ \t]*(?P<d>\d{2,3})(?![\d/])", re.I)
#: A pressure's word before such a range (in the same clause).
_PRESSURE_WORD = re.compile(r"\b(?:BP|TA|PA|RR|BD|BT|TK|pressure|tension|pression|Blutdruck|presi[óo]n|pressione|"
                            r"press[ãa]o|bloeddruk|blodtryck)\b", re.I)
#: A blood pressure's range with both of its numbers ranges and nothing else: "ערכים 135-150/80-90" (its values),
#: Chinese and Korean "150~170/80~90".
_DOUBLE_RANGE = re.compile(r"(?<![\d/.,])(?P<a>\d{2,3})[ \t]*[-–~〜～][ \t]*(?P<b>\d{2,3})[ \t]*/[ \t]*(?P<c>\d{2,3})"
                           r"[ \t]*[-–~〜～][ \t]*(?P<d>\d{2,3})(?![\d/]|[.,]\d)")


def _pressure_pairs(text: str) -> list[Found]:
    """The four ends of a blood pressure's range written as two pairs after "between" (with a pressure's word
    before it in its clause or mmHg after it), or as two ranges over a slash ("135-150/80-90")."""
    ends: list[Found] = []
    for m in _BETWEEN_PAIRS.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        before = re.split(r"[(),;]|\.[ \t]", text[max(line_start, m.start() - 40):m.start()])[-1]
        if not (_PRESSURE_WORD.search(before) or re.match(r"[ \t]*mm[ \t]*Hg", text[m.end():])) or \
                _is_target(text, m.start()):
            continue
        ends += _pressure_ends(text, m)
    for m in _DOUBLE_RANGE.finditer(text):
        if not _is_target(text, m.start()):
            ends += _pressure_ends(text, m)
    return ends


def _pressure_ends(text: str, m: re.Match) -> list[Found]:
    """The systolic ends a, b and the diastolic ends c, d of a pressure's range, if both are ordered and each
    systolic is above its diastolic."""
    a, b, c, d = (number_value(m[g]) for g in "abcd")
    if not (a < b and c < d and 60 <= a and 30 <= c and a > c and b > d):
        return []
    how = "end of a range of the blood pressure"
    found = [_end("systolic_bp", text, m.start(g), m.end(g), how) for g in "ab"]
    found += [_end("diastolic_bp", text, m.start(g), m.end(g), how) for g in "cd"]
    return [e for e in found if e]


#: A temperature's range written with its unit after the second end, whatever words come before it: "Temp spikes
#: 101-103°F", Hindi "बुखार 101–103°F", Indonesian "demam naik turun 38–39,5 °C", Vietnamese "đo tại nhà 39–40 °C".
_TEMPERATURE_RANGE_WITH_UNIT = re.compile(r"(?<![\d.,/])(?P<a>\d{2,3}(?:[.,]\d{1,2})?)[ \t]*(?:[°º][ \t]*[CF]?)?[ \t]*"
                                          r"[-–][ \t]*(?P<b>\d{2,3}(?:[.,]\d{1,2})?)(?=[ \t]*(?:[°º][ \t]*[CF]|℃|℉))")


def _temperature_ranges(text: str) -> list[Found]:
    """The ends of :data:`_TEMPERATURE_RANGE_WITH_UNIT` after a word of :data:`_FEVER_WORD` in the same sentence (not
    a target's: "keep 36-37.5 °C"), each in the unit written after the second."""
    ends: list[Found] = []
    for m in _TEMPERATURE_RANGE_WITH_UNIT.finditer(text):
        sentence = re.split(r"[.!?。;\n](?:\s|$)|\n", text[max(0, m.start() - 60):m.start()])[-1]
        if not _FEVER_WORD.search(sentence):
            continue
        second = _end("temperature", text, m.start("b"), m.end("b"), "end of a range of the temperature")
        if second is None or _is_target(text, m.start(), [second]):
            continue
        first = _end("temperature", text, m.start("a"), m.end("a"), second.how, second.unit)
        if first is not None and first.unit == second.unit and _ordered(first.value, second.value, False):
            ends += [first, second]
    return ends


def _between(text: str) -> list[Found]:
    """"RR-Werte zwischen 125 und 142 mmHg systolisch", "HR ranged from 88 to 110": the two ends, of the vital a word
    just before (or, for a pressure, "systolisch" just after) names."""
    ends: list[Found] = _pressure_pairs(text)
    for m in _BETWEEN.finditer(text):
        a, b = number_value(m["a"]), number_value(m["b"])
        if not _ordered(a, b, bool(m["bs"])) or _is_target(text, m.start()):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        # the clause only: "pulse -> ROSC at 14:26 (EtCO2 rose from 14 to 38 mmHg)" is the end-tidal CO2's
        before = re.split(r"[(),;]|->|\.[ \t]", text[max(line_start, m.start() - 40):m.start()])[-1]
        after = text[m.end():m.end() + 25]
        for variable, word in _BETWEEN_VITAL:
            if word.search(before) or (variable == "systolic_bp" and word.search(after)):
                how = f"end of a range of the {variable.replace('_', ' ')}"
                ends += [e for e in (_end(variable, text, m.start(g), m.end(g), how) for g in ("a", "b")) if e]
                break
    return ends
