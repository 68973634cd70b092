"""Further values of a vital sign just mentioned, and the one-letter labels that need a neighbour.

* **continuation** — after a mention, on its line and before the next mention, a further value of the same vital: after
  an arrow or a word of change ("SpO2 88% RA -> 94% on 4L", "HR 120 then 96", "Tmax 38.4 °C overnight, now 37.6", "BP
  84/50 at 03:00 -> 104/62"), in parentheses ("(was 97%)"), by posture or arm ("HR 38 lying, 64 standing", "BP 164/96 R
  arm, 160/94 L arm", "98/56 lying and 84/50 standing"), in the other unit ("Temp 98.6 °F (37 °C)", also without units
  when the values say it: "T 37.0 (98.6)"), further percentages of a saturation's clause ("88% on RA, improving to 93%
  on 3 L") and of the next sentence when it opens with a change ("… SpO2 84%. Recovered to 90% within 60 s"), a
  recheck later on its line ("Tmax 100.4 at 2000 - acetaminophen given, recheck 99.1 at 2200"), a Turkish saturation
  written "%91" after "%84", and the values of a row (see :mod:`.layouts`) — never an oxygen given ("(28% V)", "FiO2 up
  to 80%") nor a percentage below 50;
* **series** — a chart's further rates after a label, separated by commas to the field's end ("PR 84, 88   RR 18"),
  each within 40 of the first;
* **posture or arm** — "lying 138/84", "standing (1 min) 112/70", "L arm 224/130", "staand 118/70": a posture or an arm
  makes "N/N" a blood pressure;
* **repeat** — "Repeat 10 min later: 158/92", "repeat after 15 min quiet rest 236/132": a repeated or rechecked pair is
  a blood pressure;
* **topic line** — a line headed by a blood-pressure label and a colon ("BP for thrombolysis: labetalol 10 mg ->
  188/102; repeated -> 176/98", "Home BP log: 152/94 (am), 148/90 (pm)") lists readings: every pressure-shaped pair on
  it that is not a target, a threshold or a range;
* **after a range** — a value after a range or decades of the vital ("HR 80-110 overnight, now 72", "SBP 90s-100s,
  currently 112", "home readings 140s-150s/80s-90s. Yesterday evening 162/98"): brought by a word of change or time on
  its line, or opening the next sentence with a time ("Yesterday evening", "This morning"), or "current 102".

A value of a one-letter label ("P", "R", a "T" without a decimal or unit) is kept only when another mention stands
within 40 characters on its line, as in "T 97.8, P 118, BP 86/50, R 20" (:func:`confirm_weak`).
"""

from __future__ import annotations

import re

from .layouts import row_values
from .values import (ANY_TEMP_UNIT, BOUND_AFTER_WORDS, BP_DECADES, MM_HG, NUMBER, TEMP_NUMBER, Found, in_devise_units,
                     read, read_pressure, read_single, someone_elses)

_THEN = r"(?:->|→|=>|-->|[,;]?[ \t]*(?:then|now|currently|current|improving\s+to|improved\s+to|increasing\s+to|" \
        r"increased\s+to|decreasing\s+to|decreased\s+to|down\s+to|up\s+to|rising\s+to|rose\s+to|falling\s+to|" \
        r"fell\s+to|dropping\s+to|dropped\s+to|and\s+then|was|previously|back\s+to|recovering\s+to|" \
        r"recovered\s+to|settled\s+to|settling\s+to|rechecked|re-?checked\s+at|peak|nadir|recovery\s+to|" \
        r"and\s+again|from(?=[ \t]+\d)))"
#: What may stand between a value and the word that brings its next value: its unit, a time, a few words.
_FILLER = r"(?:[ \t]*(?:°[ \t]*[CF]\b|[CF]\b|%|bpm|/min|mm[ \t]*Hg|\((?:[^()\n\d]|\d{1,2}:\d{2}){0,25}\)|" \
          r"(?:at|@)[ \t]*\d{1,2}:?\d{2}h?|overnight|earlier|initially|yesterday|today|this\s+morning|at\s+rest|" \
          r"on\s+arrival|in\s+(?:the\s+)?ED|on\s+(?:RA|room\s+air|air)|sinus|irregular|regular|lying|supine|" \
          r"sitting|seated|standing)){0,3}"
_POSTURE = r"(?:standing|upright|sitting|seated|lying|supine|liggend|staand|zittend|liegend|stehend|sitzend|" \
           r"clinostatismo|ortostatismo(?:[ \t]+a[ \t]+\d+['’])?|" \
           r"couché|debout|assis|sentado|de\s+pie|supino|seduto|in\s+piedi|liggande|stående|sittande)"
_PLACE = rf"(?:{_POSTURE}|(?:[LR]|left|right)\s+(?:arm|leg|thigh|ankle)|(?:au\s+)?bras\s+(?:droit|gauche|[DG]\b)|" \
         r"brazo\s+(?:derecho|izquierdo)|braccio\s+(?:destro|sinistro)|braço\s+(?:direito|esquerdo))"
_CONTINUATIONS: tuple[tuple[str, re.Pattern], ...] = tuple((variable, re.compile(pattern)) for variable, pattern in (
    ("*", rf"{_FILLER}[ \t]*{_THEN}[ \t]*(?P<v>{TEMP_NUMBER})(?![ \t]*/[ \t]*\d)"),  # "88% -> 94%", "HR 120 then 96"
    ("systolic_bp", rf"[ \t]*/[ \t]*\d{{1,3}}{_FILLER}[ \t]*{_THEN}[ \t]*(?P<v>\d{{1,3}})[ \t]*/[ \t]*\d"),
    # "labetalol for SBP 182 and 186.": a second reading joined by "and" where its clause ends
    ("*", r"[ \t]+and[ \t]+(?P<v>\d{2,3})(?=[ \t]*(?:mm[ \t]*Hg|bpm|%)?[ \t]*(?:[.;)\n]|$))"),
    # "HR 118 (78 yesterday evening)": an earlier reading of the same vital in brackets
    ("*", r"[ \t]*(?:%|bpm|/min)?[ \t]*\([ \t]*(?:was[ \t]+)?(?P<v>\d{2,3})[ \t]*(?:%|bpm|/min)?[ \t]+(?:yesterday|"
          r"earlier|last\s+night|overnight|on\s+admission|at\s+\d|this\s+morning|pre-?op)"),
    # "Tmax 100.4 at 2000 - acetaminophen given, recheck 99.1 at 2200": a recheck later on the line is the same vital
    ("*", rf"[^\n]{{0,60}}?\bre-?check(?:ed)?[ \t]*(?:was[ \t]+|of[ \t]+|:[ \t]*)?(?P<v>{TEMP_NUMBER})"
          r"(?![\d.,]|[ \t]*/[ \t]*\d)"),
    # "98.6 °F (37 °C)"
    ("temperature", rf"(?:{ANY_TEMP_UNIT})?[ \t]*[(/][ \t]*(?P<v>{TEMP_NUMBER})(?={ANY_TEMP_UNIT})"),
    # "38 lying, 64 standing", "52 lying and 58 standing"
    ("heart_rate", rf"[ \t]*{_POSTURE}?[ \t]*(?:[,;]|and\b|&)[ \t]*(?P<v>\d{{2,3}})[ \t]+(?={_POSTURE})"),
    # "120/80 (R) 118/78 (L)"
    ("systolic_bp", r"[ \t]*/[ \t]*\d{1,3}[ \t]*\((?:[LR]|left|right)\)[ \t]*[,;]?[ \t]*(?P<v>\d{2,3})[ \t]*/"
                    r"[ \t]*\d{1,3}(?=[ \t]*\((?:[LR]|left|right)\))"),
    ("systolic_bp", rf"[ \t]*/[ \t]*\d{{1,3}}(?:[ \t]*[cm]m[ \t]*Hg)?(?:[ \t]+\(?{_PLACE}\)?)?[ \t]*(?:[,;]|and|&)[ \t]*"
                    # "84/50 lying, 76/48 standing", "22/12 cmHg au bras droit, 21/12 cmHg au bras gauche"
                    rf"(?P<v>\d{{2,3}})[ \t]*/[ \t]*\d{{1,3}}(?=(?:[ \t]*[cm]m[ \t]*Hg)?[ \t]*\(?{_PLACE})"),
))
#: "lying 138/84", "standing at 3 min 112/70", "L arm 224/130": a posture or an arm makes "N/N" a blood pressure.
_POSTURE_BP = re.compile(rf"(?<![A-Za-z])(?:{_PLACE})(?:[ \t]+up)?"
                         r"(?:[ \t]+\(?(?:at[ \t]+)?\d+[ \t]*min(?:utes?|uten)?\)?)?"
                         r"[ \t:]*(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})(?![\d/])", re.I)
#: "Repeat 10 min later: 158/92", "repeat after 15 min quiet rest 236/132", "rechecked BP 150/90".
_REPEAT_BP = re.compile(r"(?<![A-Za-z])(?:repeat(?:ed)?|re-?check(?:ed)?|"
                        # a second measurement: Dutch "2e meting", French "2e mesure", German "2. Messung"
                        r"2(?:e|ème|nd|\.)?[ \t]+(?:meting|mesure|Messung|reading|measurement))"
                        r"(?:[ \t]+(?:BP|blood\s+pressure|after|at|in|"
                        r"later|quiet|rest|of|was|is|\d{1,2}[ \t]*min(?:utes?)?|\d{1,2}:\d{2}))*[ \t]*:?[ \t]*"
                        r"(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})(?![\d/])", re.I)
#: "BP: R 164/96, L 160/94": the other arm's reading right after a blood pressure.
_OTHER_ARM = re.compile(r"[ \t]*(?:mm[ \t]*Hg)?[ \t]*(?:[,;]|and)[ \t]*(?:[LR]|left|right)(?:[ \t]+arm)?[ \t:]+"
                        r"(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})(?![\d/])", re.I)
#: "RR 150/86 (oik.), 146/84 (vas.)": each arm named in brackets after its reading (Finnish right and left).
_OTHER_ARM_IN_BRACKETS = re.compile(r"[ \t]*(?:mm[ \t]*Hg)?[ \t]*\([^()\n\d]{1,15}\)[ \t]*[,;][ \t]*"
                                    r"(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})"
                                    r"(?=[ \t]*(?:mm[ \t]*Hg)?[ \t]*\([^()\n\d]{1,15}\))", re.I)
#: A further percentage: not a percentile ("53 %ile"), a threshold (">= 88%", "< 90%"; an arrow "-> 95%" is no
#: threshold), or a time share after a threshold ("below 90% 14%").
_FURTHER_PERCENT = re.compile(r"(?<![\d.\-–])(?<![^-]>=)(?<!<=)(?<![^-][<>≥≤＜＞≦≧][ \t])(?<![^-][<>≥≤＜＞≦≧])(?<!%[ \t])"
                              r"(?P<v>\d{1,3})[ \t]*%(?!ile)")
#: A percentage written before its number, as Turkish notes do: "%91".
_PERCENT_BEFORE = re.compile(r"(?<![\w%])%[ \t]?(?P<v>\d{2,3})(?![\d.,])")
_NEXT_SENTENCE_CHANGE = re.compile(r"[^.\n]*?\.[ \t]+(?:[Rr]ecovered|[Ii]mproved|[Ii]ncreased|[Rr]ose|"
                                   r"[Cc]ame\s+(?:back\s+)?up|[Bb]ack\s+up|[Dd]ropped|[Ff]ell|[Dd]ecreased|[Dd]esat(?:urat)?(?:ed|ted)|"
                                   r"[Tt]hen)\b[^.\n%\d]{0,20}?\bto[ \t]+(?P<v>\d{1,3})[ \t]*%")


#: A further value below these is not the same vital going on ("HR 110, then 3 doses of adenosine").
_LOWEST_FURTHER = {"heart_rate": 20, "respiratory_rate": 4, "oxygen_saturation": 50, "systolic_bp": 40,
                   "diastolic_bp": 20}


_OTHER_UNIT_IN_PARENTHESES = re.compile(rf"(?:{ANY_TEMP_UNIT})?[ \t]*\([ \t]*(?P<v>{TEMP_NUMBER})[ \t]*\)")


#: A chart's series of one vital after its label, to the field's end: "PR 84, 88   RR 18" (a 4-hourly chart).
_SERIES = re.compile(r"(?:[ \t]*,[ \t]*\d{2,3}(?![\d.,/%]))+(?=[ \t]{2,}|[ \t]*(?:;|$))", re.M)


def _series(text: str, item: Found, stop: int) -> list[Found]:
    """Further whole values of a heart or breathing rate after it, separated by commas, that end its field ("PR 84, 88
    RR 18"), each within 40 of the first (no other vital written without its label)."""
    if item.variable not in ("heart_rate", "respiratory_rate") or item.weak:
        return []
    m = _SERIES.match(text, item.end)
    if not m or m.end() > stop:
        return []
    more: list[Found] = []
    for number in re.finditer(r"\d{2,3}", m[0]):
        value = read(item.variable, text, m.start() + number.start(), m.start() + number.end(),
                     f"series of the {item.variable.replace('_', ' ')} before it")
        if not value or abs(value[0].value - item.value) > 40:
            break
        more += value
    return more


def _further_values(text: str, item: Found, after: int, stop: int) -> list[Found]:
    """Values of :data:`_CONTINUATIONS` right after ``item`` (before the next mention, ``stop``)."""
    more: list[Found] = []
    how = f"continuation of the {item.variable.replace('_', ' ')} before it"
    for variable, pattern in _CONTINUATIONS:
        m = pattern.match(text, after) if variable in ("*", item.variable) else None
        if m and m.start("v") < stop:
            number = re.match(NUMBER if item.variable != "temperature" else TEMP_NUMBER, text[m.start("v"):])
            new = read(item.variable, text, m.start("v"), m.start("v") + number.end(), how,  # type: ignore[union-attr]
                       pair=item.partner is not None or variable != "*")
            if all(in_devise_units(f.value, f.unit) >= _LOWEST_FURTHER.get(f.variable, 0) for f in new):
                more += new  # a pair stays whole: never its diastolic without its systolic
    other = _OTHER_UNIT_IN_PARENTHESES.match(text, after) if item.variable == "temperature" else None
    if other and other.start("v") < stop:  # "T 37.0 (98.6)": the same reading in the other unit, by its value
        more += [f for f in read("temperature", text, other.start("v"), other.end("v"), how) if f.unit != item.unit]
    return more


def _further_saturations(text: str, item_start: int, after: int, stop: int, line_end: int) -> list[Found]:
    """Percentages after a saturation in its clause: "88% on RA, improving to 93% on 3 L", "(was 97% at 1600)", and
    the first of the next sentence on its line when that sentence opens with a change ("Recovered to 90%")."""
    window = text[after:stop]
    # a semicolon ends the clause, unless a saturation on oxygen follows: "78% at room air; 88% with 4 L/min O2"
    # (a full-width semicolon or colon ends it too: "SpO2 96%（未吸氧）；血常规：WBC …，N 86%" is a lab's percentage)
    clause = re.search(r"\.\s+[A-Z]|[；：]|;(?![ \t]*\d{2,3}[ \t]*%[ \t]*(?:with|on|after|during|while|walking|"
                       r"ambulat\w*)\b)", window)
    more: list[Found] = []
    clause_window = window[:clause.start() if clause else len(window)]
    percents = list(_FURTHER_PERCENT.finditer(clause_window))
    if text[item_start - 1:item_start] == "%":  # Turkish "SpO2: %84 (oda havası), %91 (5 L/dk O2)"
        percents += list(_PERCENT_BEFORE.finditer(clause_window))
    for m in percents:
        left = text[max(0, after + m.start() - 10):after + m.start()]
        # "high-flow 40 L/60%": a flow and its FiO2
        if re.search(r"(?:FiO2|on|at|below|above|under|over|venturi|wean\w*(?:[ \t]+back)?[ \t]+to|<|(?<![-=])>|≤|≥|"
                     r"＜|＞|≦|≧|<=|>=|\d[ \t]*L[ \t]*/)[ \t]*$", text[max(0, after + m.start() - 20):after + m.start()],
                     re.I) or re.match(
                r"[ \t]*%?[ \t]*(?:FiO2|venturi|VM\b|V\b|predicted|O2\b)", window[m.end():], re.I) or re.search(
                r"FiO2[^\d%\n]{0,15}$|\b(?:PEFR?|FEV1)\b[^%\n]{0,20}$", text[max(0, after + m.start() - 25):after + m.start()],
                re.I):
            continue  # "on 28% venturi", "(28% V)", "FiO2 60%", "FiO2 up to 80%", "40 L/60%", "Venturi 50 %": oxygen given
        more += [f for f in read("oxygen_saturation", text, after + m.start("v"), after + m.end("v"),
                                 "continuation of the saturation before it") if f.value >= 50]
    change = _NEXT_SENTENCE_CHANGE.match(text[:line_end], after)
    if change:
        more += read("oxygen_saturation", text, change.start("v"), change.end("v"),
                     "continuation of the saturation before it")
    return more


#: A line headed by a blood-pressure label: "BP for thrombolysis:", "Home BP log:", "Blood pressures (clinic):".
_BP_TOPIC = re.compile(r"^[ \t]*(?:[-*•]+[ \t]*)?(?:(?:home|clinic|office|ambulatory|serial|repeat(?:ed)?)[ \t]+)?"
                       r"(?:BP|B/P|NIBP|blood[ \t]+pressures?)\b(?![ \t]+(?:med\w*|drugs?|goals?|targets?|control|plan|"
                       r"cuff|parameters?|limits?|threshold\w*|range))(?:[ \t]+[A-Za-z(][\w()/-]*){0,4}[ \t]*:"
                       r"(?P<rest>.*)$",
                       re.M | re.I)
#: A pair on such a line; not one end of a range or of a monitor's minimum-maximum ("{100/51(65) - 140/83(98)}").
_TOPIC_PAIR = re.compile(r"(?<![\d/.,])(?<![{\[\-–][ \t])(?<![{\[\-–])(?P<n1>\d{2,3})(?:[ \t]*/[ \t]*|[ \t]+over[ \t]+)"
                         r"(?P<n2>\d{2,3})"
                         r"(?![\d/]|'?s\b|(?:\(\d{2,3}\))?[ \t]*(?:-(?![->])|–|to\b|[}\]]))")
#: The same pairs, or written with an "x" as Brazil writes a pressure ("158x96"): read on a dated log's lines only.
_TOPIC_OR_X_PAIR = re.compile(_TOPIC_PAIR.pattern.replace(r"(?:[ \t]*/[ \t]*|", r"(?:[ \t]*[/x][ \t]*|", 1))
_NOT_READING_BEFORE = re.compile(r"(?:<|(?<![-=])>|≤|≥|＜|＞|≦|≧|\b(?:goal|target|aim|keep|maintain|below|under|above|"
                                 r"über|unter|sous|au-dessus|encima|sopra|sotto|boven|onder|ridurre|abaixo|debajo|senken|baisser|"
                                 # French "ne pas descendre en dessous de 160/100" (a floor)
                                 r"dessous|descendre|"
                                 # Croatian and Serbian below/above ("tlak održavan ispod 180/105 mmHg"), Polish
                                 r"ispod|iznad|poniżej|powyżej|"
                                 r"less\s+than|"
                                 r"more\s+than|greater\s+than|if|until(?!\s+(?:recently|now|today|yesterday)))\b)"
                                 r"[^\d;,]{0,14}$", re.I)
#: A French or Dutch range "entre … et …" of pressures, before its first or its second pair: "TA entre 105/65 et
#: 125/85" (the range reader's ends, not readings; German "lagen zwischen 118/70 und 134/82" tells readings).
_BETWEEN_PAIRS = re.compile(r"(?<![^\W\d_])(?:entre|tussen)[ \t]+"
                            r"(?:\d{2,3}[ \t]*/[ \t]*\d{2,3}[ \t]+(?:et|en)[ \t]+)?$", re.I)
#: The shape a reading on a topic line must have (stricter than a labelled reading: nothing names the pair).
_TOPIC_SHAPE = {"systolic_bp": (60, 260), "diastolic_bp": (30, 160)}
#: The rest of a range after its first number: "-110", "s-100s", "'s", "s/90s".
_RANGE_TAIL = re.compile(r"(?:'?s)?(?:[ \t]*(?:-|–|to)[ \t]*\d{1,3}(?:'?s)?)?(?:[ \t]*/[ \t]*\d{1,3}'?s"
                         r"(?:[ \t]*[-–][ \t]*\d{1,3}'?s)?)?")
_TIME_OPENING = r"(?:(?:yesterday|today|tonight|this|last|morning|evening|night|afternoon|overnight|later|at|home|" \
                r"on|arrival)[ \t]+){1,3}"
#: Pressures other than the systolic and diastolic, named between a range and the value after it.
_ANOTHER_PRESSURE = re.compile(r"\b(?:MAP|CVP|ICP|CPP|PAP|EtCO2|mean)\b", re.I)
_AFTER_RANGE = re.compile(rf"[^\d\n.;]{{0,25}}?(?:{_THEN}|[,;]?[ \t]*(?:today|tonight|this\s+(?:morning|afternoon|"
                          rf"evening)|on\s+arrival|on\s+my\s+exam)|\.[ \t]+(?i:{_TIME_OPENING}))[ \t]*:?[ \t]*"
                          r"(?:(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})|(?P<v>\d{1,3}(?:[.,]\d{1,2})?))"
                          r"(?![\d/]|'?s\b)")


def _topic_lines(text: str) -> list[Found]:
    """Pressure-shaped pairs on a line headed by a blood-pressure label (not targets, thresholds or ranges)."""
    more: list[Found] = []
    for line in _BP_TOPIC.finditer(text):
        more += pairs_in(text, line.start("rest"), line.end("rest"), "reading on a blood-pressure line", plans=False)
    return more


#: A blood-pressure word in prose: "BP", "SBP", "blood pressure(s)", "cuff reading" (not its medicines or goals).
_BP_WORD = re.compile(r"(?<![A-Za-z])(?:BPs?|B/P|NIBP|SBP|[Bb]lood[ \t]+[Pp]ressures?|[Cc]uff[ \t]+readings?|"
                      r"(?:[Hh]is|[Hh]er|[Tt]he|[Aa]rterial)[ \t]+pressures?|"
                      r"[Tt]ensi[óo]n(?:[ \t]+art[ée]rielle)?|[Pp]ress[ãa]o(?:[ \t]+arterial)?|[Pp]ressione|"
                      r"[Bb]lutdruck(?:werte?)?|[Bb]loeddruk|[Bb]loeddrukmeting(?:en)?|[Bb]lutdruckmessung|ABPM|ABDM|"
                      r"[Hh]ome[ \t]+cuff|(?<![А-Яа-яЁё])АД(?![А-Яа-яЁё])|"
                      # French and Italian "TA", Nordic, Azerbaijani, Uzbek, Armenian and Georgian words: "TA 152/98
                      # puis 148/96", "Blodtrykket måles til 158/92 i høyre arm og 154/90 i venstre"
                      r"TA|[Bb]lodtry[ck]k\w*|[Tt]əzyiq\w*|AQB|(?<![\u0530-\u058F])ճնշում\w*|წნევა|"
                      # Arabic "ضغط الدم", "قياس الضغط" (the pressure measured)
                      r"(?:ال)?ضغط(?:[ \t]+الدم)?)"
                      r"(?![A-Za-z])(?![ \t]+(?:med\w*|drugs?|goals?|targets?|control|plan|parameters?|limits?|"
                      r"threshold\w*|range|agents?|lowering))")
#: Where a blood-pressure sentence ends: a full stop before a space or the line's end, or the line's end (a
#: semicolon goes on: "BP 98/60 at 16:30; nadir 86/54").
_SENTENCE_END = re.compile(r"(?<!\Wsim)(?<!\Wust)[.](?=[ \t]|$)|\n", re.M)  # (not Uzbek "mm sim. ust.")
#: A line that lists one timed reading under a blood-pressure heading: "  14:40  176/98", "- 0300 84/50".
#: (also after a day and its half: "5/07 PM  156/96", "Today 0800  136/84")
_TIMED_READING_LINE = re.compile(r"[ \t]*(?:[-*•][ \t]*)?(?:(?:Today|Yesterday|Now)[ \t]+)?"
                                 r"(?:\d{1,2}[:h.]?\d{2}h?|\d{1,2}/\d{1,2})?(?:[ \t]+(?:[AaPp]\.?[Mm]\.?))?"
                                 r"[ \t]*[:\-]?[ \t]*"
                                 r"\d{2,3}[ \t]*/[ \t]*\d{2,3}\b[^\n]{0,100}$", re.M)
#: "130 x 80 mmHg", "120/80 mmHg": a pair with the pressure's unit is a blood pressure wherever it stands.
_PAIR_WITH_UNIT = re.compile(r"(?<![\d/.,])(?<!\d[ \t][-–][ \t])(?<!\d[-–][ \t])(?<![-–])(?P<n1>\d{2,3})[ \t]*(?:/|[ \t][x×][ \t]|x)[ \t]*"
                             r"(?P<n2>\d{2,3})"
                             # (or the first of two pairs the unit ends: "150/100 y 156/102 mmHg")
                             rf"(?={MM_HG.pattern}|[ \t]*ملم[ \t]*زئبق|"
                             r"[ \t]+(?:y|and|et|e|und|og|och|en|i)[ \t]+"
                             r"\d{2,3}[ \t]*/[ \t]*\d{2,3}[ \t]*(?:mm[ \t]*Hg|Hgmm))")


#: A bound after a pair and its unit (the words of :data:`~.values.BOUND_AFTER_WORDS`, and German "unter", "über",
#: which after a labelled value can begin a clause: "RR 140 unter Therapie").
_BOUND_AFTER = re.compile(rf"[ \t]*(?:mm[ \t]*Hg|Hgmm)?[ \t]*(?:{BOUND_AFTER_WORDS}|unter\b|über\b)")


#: Words of a plan on a line: the pairs after them are targets ("lower MAP by no more than 25%", "titrate to").
_PLAN = re.compile(r"\b(?:lower(?:ing)?|reduc\w+|titrat\w+|targets?|goals?|aim\w*|towards?|roughly|permissive)\b",
                   re.I)


def pairs_in(text: str, start: int, end: int, how: str, *, plans: bool = True, in_slash_run: bool = False,
              x_pairs: bool = False) -> list[Found]:
    """The pressure-shaped pairs of ``text[start:end]`` that are readings: not a target, a threshold, a range or a
    combination drug's doses, with a systolic at least 10 mmHg above the diastolic; with ``plans``, not in a sentence
    that plans a lowering either (a blood-pressure line's heading has said what its pairs are); with ``x_pairs``,
    also pairs written with an "x" ("158x96")."""
    more: list[Found] = []
    for m in (_TOPIC_OR_X_PAIR if x_pairs else _TOPIC_PAIR).finditer(text, start, end):
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        line = line[line.rfind(". ") + 1:]  # the pair's own sentence: "… somewhat lower. Highest 168/102"
        if plans and (_PLAN.search(line) or re.match(r"[ \t]*over[ \t]+(?:the[ \t]+next[ \t]+)?\d", text[m.end():])):
            continue  # a plan's target: "lower MAP by 25% (roughly BP 170/100), then toward 160/100 over 2-6 h"
        if _NOT_READING_BEFORE.search(text[max(start, m.start() - 30):m.start()]) or \
                _BETWEEN_PAIRS.search(text, max(start, m.start() - 40), m.start()) or re.match(
                r"[ \t]*(?:mg|mcg|µg|g\b|%|mL|ml|units?|mmol)|[ \t]*(?:mm[ \t]*Hg)?[ \t]*or[ \t]+(?:above|higher|more|"
                r"greater|over|below|less|lower)\b", text[m.end():], re.I):
            continue  # a target, a threshold ("150/100 or higher"), a combination drug's doses ("losartan/HCTZ 100/25")
        pair = read_pressure(text, m, how, lowest_systolic=50.0, in_slash_run=in_slash_run)[0]
        if pair and all(_TOPIC_SHAPE[f.variable][0] <= f.value <= _TOPIC_SHAPE[f.variable][1] for f in pair) and \
                pair[0].value - pair[1].value >= 10:
            more += pair
    return more


#: The highest or lowest reading of a series: a pressure-shaped pair after these words is a blood pressure.
_EXTREME_PAIR = re.compile(r"\b(?:[Hh]ighest|[Ll]owest|[Nn]adir|[Pp]eak|[Mm]ax(?:imum)?|[Mm]in(?:imum)?|[Aa]vg|"
                           r"[Aa]verage|"
                           r"[Mm]ean|gem\.|[Hh]oogste|[Ll]aagste|"
                           # "Averaging roughly 138/84", "Post-induction hypotension 82/46"
                           r"[Aa]veraging|[Hh]ypotension|"
                           # India's highest and usual pressures ("HBP 220/120, UBP 140/90"), Catalan "valor màxim"
                           r"HBP|UBP|(?:[Vv]alor[ \t]+)?m[àá]xim[oa]?|m[íi]nim[oa]?|"
                           # Icelandic "hæst 168/98", Russian "максимальное: 200/110"
                           r"hæst|максимальн\w*)(?:[ \t]*[:—–][ \t]*|[ \t]+)"
                           r"(?:(?:was|of|to|roughly|about|around|approximately)[ \t]+|~[ \t]*)?"
                           r"(?P<n1>\d{2,3})[ \t]*/[ \t]*\d{2,3}(?![\d/])")
#: A line that gives a heart rate by its label: a pressure-shaped pair on it is the blood pressure taken with it.
_HEART_RATE_LINE = re.compile(r"^[^\n]*(?:(?<![A-Za-z])(?:HR|[Pp]ulse?|PR|맥박|脉搏|脈搏|пульс)[ \t:]*\d{2,3}\b|"
                              # a home log's "148/94  P 78": the pulse right after the pair
                              r"\d{2,3}/\d{2,3}[ \t]+P[ \t]*\d{2,3}\b)[^\n]*$", re.M)


#: A heading that names a temperature and ends with a colon ("Rectal temp:", "Temperature (core):"), and one timed
#: reading a line under it ("17:03  40,7").
_TEMPERATURE_HEADING = re.compile(r"\b(?:temp|temperature|temperatur|température|temperatura)\b[^\n:.]{0,20}:[ \t]*$",
                                  re.M | re.I)
_TIMED_TEMPERATURE_LINE = re.compile(rf"[ \t]*(?:\d{{1,2}}[:h.]?\d{{2}}h?)[ \t]+(?P<v>{TEMP_NUMBER})(?![\d/])"
                                     r"[^\n]{0,80}$", re.M)


def _timed_temperatures(text: str) -> list[Found]:
    """Readings on the timed lines under a temperature heading ("Rectal temp:" then "17:03  40,7")."""
    more: list[Found] = []
    for heading in _TEMPERATURE_HEADING.finditer(text):
        position = heading.end() + 1
        while (line := _TIMED_TEMPERATURE_LINE.match(text, position)) is not None and line.end() > position:
            more += read("temperature", text, line.start("v"), line.end("v"), "reading under a temperature heading")
            position = line.end() + 1
    return more


def _blood_pressure_sentences(text: str) -> list[Found]:
    """Readings in the sentence of a blood-pressure word ("BP 188/104 this AM, 176/98 on recheck", "home BP log: 11/10
    92/58, 11/12 88/54", "Home cuff reading 226/128"), on the timed lines under a heading that names blood pressure
    and ends with a colon ("Post-lytic BP checks (goal < 180/105):" then "14:40  176/98"), and any pair written with
    mmHg ("PA 130 x 80 mmHg")."""
    more: list[Found] = []
    for word in _BP_WORD.finditer(text):
        if someone_elses(text, word.start()):
            continue  # "maternal BP 158/102": the mother's; "- Wife (separate chart) HR 61, BP 118/70": the wife's
        end = _SENTENCE_END.search(text, word.end())
        stop = end.start() if end else len(text)
        more += pairs_in(text, word.end(), stop, "reading in a blood-pressure sentence")
        line_end = text.find("\n", word.end())
        if line_end != -1 and text[word.end():line_end].rstrip().endswith(":"):
            position = line_end + 1
            while (line := _TIMED_READING_LINE.match(text, position)) is not None and line.end() > position:
                more += pairs_in(text, line.start(), line.end(), "reading under a blood-pressure heading")
                position = line.end() + 1
    for line in _HEART_RATE_LINE.finditer(text):  # "4/02  AM  152/94  HR 71": a pair beside a pulse
        more += [f for f in pairs_in(text, line.start(), line.end(), "reading on a line with a heart rate")
                 if not someone_elses(text, min(f.start, *(f.partner or ())))]
    for m in _EXTREME_PAIR.finditer(text):  # "Highest 168/102 on 4/22. Lowest 126/78."
        # no plan: "Averaging roughly 138/84" is a home log's mean, not "roughly" a target
        more += pairs_in(text, m.start("n1"), m.end(), "highest or lowest blood pressure", plans=False)
    for m in _PAIR_WITH_UNIT.finditer(text):
        if _BOUND_AFTER.match(text, m.end()):
            continue  # a bound: Hungarian "180/105 Hgmm alatt tartottuk" (kept below), Japanese "125/75 mmHg未満"
        if not _NOT_READING_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
            more += read_pressure(text, m, "pair written with mmHg", lowest_systolic=50.0)[0]
    return more


def _after_ranges(text: str, ranges: list[tuple[str, int]]) -> list[Found]:
    """The value after a range or decades of a vital (``ranges``: the vital and where the range's first number
    ends), and after the decades of a blood pressure anywhere."""
    more: list[Found] = []
    seeds = list(ranges) + [("systolic_bp", m.start() + len(re.match(r"\d+", m[0])[0]))
                            for m in BP_DECADES.finditer(text)]
    for variable, end in seeds:
        link = _AFTER_RANGE.match(text, _RANGE_TAIL.match(text, end).end())  # type: ignore[union-attr]
        if not link:
            continue
        how = f"value after a range of the {variable.replace('_', ' ')}"
        if _ANOTHER_PRESSURE.search(text, link.start(), link.start("n1" if link["n1"] else "v")):
            continue  # "SBP 88-126 (MAP nadir 61 …)": a mean arterial pressure's value, not the systolic's
        if link["n1"] and variable == "systolic_bp":
            more += read_pressure(text, link, how, lowest_systolic=50.0)[0]
        elif link["v"] and not _NOT_READING_BEFORE.search(text[link.start():link.start("v")]):
            more += [f for f in read(variable, text, link.start("v"), link.end("v"), how, pair=False)
                     if f.value >= _LOWEST_FURTHER.get(f.variable, 0)]
    return more


def _chained(text: str, found: list[Found], last: list[Found]) -> list[Found]:
    """The continuations of continuations: "temp every 4 hours: 100.6 -> 99.8 -> 98.9" (each value goes on to the
    next), a few links at most."""
    more: list[Found] = []
    taken = {f.start for f in found} | {f.start for f in last}
    for _ in range(6):
        starts = sorted(taken)
        new: list[Found] = []
        for item in last:
            line_end = text.find("\n", item.end) % (len(text) + 1)
            stop = min(line_end, next((s for s in starts if s > item.end), len(text)))
            after = item.end + (text[item.end:item.end + 1] == "%")
            for value in _further_values(text, item, after, stop):
                if value.start not in taken:
                    value.weak = item.weak
                    new.append(value)
        if not new:
            break
        taken |= {f.start for f in new}
        more += new
        last = new
    return more


def continued(text: str, found: list[Found], ranges: list[tuple[str, int]] | None = None) -> list[Found]:
    """Further values of a vital just mentioned, blood pressures after a posture, an arm or a repeat and on a
    blood-pressure line, and values after a range (``ranges``: the vital and the end of each range's first
    number, which the label reader refused)."""
    more: list[Found] = []
    starts = sorted(f.start for f in found)
    for item in sorted(found, key=lambda f: f.start):
        after = item.end + (text[item.end:item.end + 1] == "%")
        line_start = text.rfind("\n", 0, item.start) + 1
        line_end = text.find("\n", item.end) % (len(text) + 1)  # -1 (no newline) becomes the text's end
        following = (s for s in starts if s > item.end and (item.partner is None or s != item.partner[0]))
        stop = min(line_end, next(following, len(text)))
        further = _further_values(text, item, after, stop)
        if item.variable == "oxygen_saturation":
            further += _further_saturations(text, item.start, after, min(stop, after + 80), line_end)
        further += _series(text, item, stop)
        further += row_values(text, item, after, line_start, line_end)
        if item.variable == "systolic_bp" and item.partner and (arm := _OTHER_ARM.match(text, item.partner[1]) or
                                                                _OTHER_ARM_IN_BRACKETS.match(text, item.partner[1])):
            further += read_pressure(text, arm, "continuation of the blood pressure before it",
                                     lowest_systolic=30.0)[0]
        for value in further:  # the value of a one-letter label goes on as weak as it ("troponin T 24 -> 26")
            value.weak = item.weak
        more += further
    more += _chained(text, found, [f for f in more if f.how.startswith("continuation of")])
    for m in _POSTURE_BP.finditer(text):
        more += read_pressure(text, m, "blood pressure after a posture or an arm", lowest_systolic=30.0)[0]
    for m in _REPEAT_BP.finditer(text):
        more += read_pressure(text, m, "repeated blood pressure", lowest_systolic=30.0)[0]
    return (more + _topic_lines(text) + _blood_pressure_sentences(text) + _timed_temperatures(text) +
            _after_ranges(text, ranges or []))


def _line_of(text: str, at: int) -> int:
    return text.count("\n", 0, at)


def _listed(text: str, item: Found) -> bool:
    """A value whose one-letter label opens its line: "T: 97.7 F", " P: 78 (03/05 09:48)", a vitals list (also
    without colons, the label and its value apart: "  P   104 irregular")."""
    start = text.rfind("\n", 0, item.start) + 1
    return re.fullmatch(r"[ \t]*[A-Za-z](?:[ \t]*:[ \t]*|[ \t]+)", text[start:item.start]) is not None


def confirm_weak(found: list[Found], text: str) -> list[Found]:
    """Keep a weak one-letter label's value only when another mention stands within 40 characters on its line, or,
    for a label that opens its line ("P: 78"), on the line just before or after it (a vitals list)."""
    confirmed = [f for f in found if not f.weak]
    pending = [f for f in found if f.weak]
    while True:
        near = [item for item in pending if any(
            (abs(item.start - other.start) <= 40 and "\n" not in text[min(item.start, other.start):
                                                                     max(item.start, other.start)]) or
            (_listed(text, item) and abs(_line_of(text, item.start) - _line_of(text, other.start)) == 1)
            for other in confirmed)]
        if not near:
            return confirmed
        confirmed += near
        pending = [item for item in pending if item not in near]
