"""Vital signs known without a label: by the unit written after them, or in a sentence about a temperature.

* :func:`read_unit_temperatures` takes a number by its written temperature unit alone ("a 38.9 °C fever at home",
  "102.6 F"; the letter alone only after a decimal: "88 F" is an age and a sex), never a setting, a target or a
  threshold ("TTM 33 °C", "rewarm to 37 °C", "temp < 37.5 °C", "stop cooling when core temp reaches 39 °C (102.2 °F)":
  the same target in the other unit goes with it); "℃" glued to a number counts as the unit ("体温最高39.6℃",
  "膀胱温 41.6℃"), but not "38℃台" (the 38s), a target ("目標", Dutch "doel"), cooling ("冷却") or the air ("気温",
  "기온");
* :func:`read_sentence_temperatures` takes a decimal of a temperature's range right after a verb of reading in the
  sentence of a temperature word ("checked her temperature and it was 100.8", "Subjective fevers, measured 38.6 at
  home"), or in the sentence after one when a verb of measuring stands right before it ("… with fever. She measured
  38.4 at home");
* :func:`read_ecg_rates` takes the rate of an ECG's line: its first number with a rate unit ("ECG: AF, 110/min",
  "ЕКГ: синусна тахикардија 124/мин", "心電図：洞調律 106/分", "א.ק.ג: סינוס ברדיקרדיה 42 לדקה") or after "rate"
  ("ECG: AF w/ RVR, rate 112", "V rate 108");
* :func:`read_unit_saturations` takes a percentage by the air or oxygen it was measured on ("98% on RA", "94% on 2 L")
  or by the oxygen that improved it ("Placed on 4L NC with improvement to 95%").

The readers skip the numbers other readers took or refused (``taken``, ``refused``). Pure functions of the text.
"""

from __future__ import annotations

import re

from .values import TEMP_NUMBER, Found, read_single, read_temperature


#: A temperature known by its unit alone: "a 38.9 °C fever at home", "101.2 °F overnight", "39 degrees Celsius"; also
#: with the Cyrillic letter that Russian and Ukrainian keyboards put after the degree sign ("37,3 °С").
_UNIT_TEMPERATURE = re.compile(rf"(?<![\d.,/\-–])(?:(?P<n1>{TEMP_NUMBER})[ \t]*(?:°|º|˚|deg(?:rees?)?\.?)[ \t]*"
                               rf"(?:C|F|С|Celsius|Fahrenheit|centigrade)\b|"
                               # (Arabic "42.1 °م": centigrade's first letter)
                               rf"(?P<n4>{TEMP_NUMBER})[ \t]*°[ \t]*م(?![\u0600-\u06FF])|"
                               rf"(?P<n3>{TEMP_NUMBER})[ \t]*[℃℉](?!台)|"
                               # "102.6 F", "38.4C": the letter alone only after a decimal ("88 F" is an age and sex)
                               r"(?P<n2>\d{2,3}[.,]\d)[ \t]?[CF](?![\w°/]))(?![ \t]*(?:/|per\b))")
#: Words before a unit-only temperature that make it a setting, a target or a threshold rather than a reading.
_NOT_MEASURED = re.compile(r"(?:\b(?:target\w*|goal|TTM|expected|induced|keep|maintain\w*|avoid\w*|below|above|"
                           r"under|over|least|than|if|set|setpoint|bath|water|room|ambient|blanket|between|and|aim\w*|"
                           r"(?:re)?cool\w*|(?:re)?warm\w*|normotherm\w*|threshold|unless|until|trigger\w*|protocol|"
                           r"humidif\w*|incubator|device|machine|circuit|dialysate|dializátum(?:\s+hőmérséklete)?|dialysat\w*|fluids?|"
                           r"infusion|index|WBGT|"
                           r"outside|outdoor|væske|vätskor?|flüssigkeit\w*|líquidos?|fluidos?|liquides?|"
                           r"weather|doel|streefwaarde|ziel|cible|objetivo|obiettivo|mål)\b|"
                           r"إذا|اذا|تجاوز\w*|الجو|[<>≤≥＜＞≦≧=~]|目標|目标|室温|気温|水温|기온|冷却|降温|复温|復温)"
                           r"[^.;\n\d]{0,12}$|"
                           # "Outside temperature 41 °C", "ambient air temp of 38 °C": the air's, not the patient's
                           r"\b(?:outside|outdoor|ambient|room)[ \t]+(?:air[ \t]+)?temp\w*\b[^.;\n\d]{0,6}$|"
                           # a condition: "stop cooling when core temp reaches 39 °C"
                           r"\b(?:when|once|until|till|if)\b[^.;\n\d]{0,25}\breach(?:es)?[ \t]+$", re.I)


#: After a temperature, the words of a threshold: "100.4 °F or higher", "38 or above".
_OR_HIGHER = re.compile(r"[ \t]*(?:°[ \t]*)?[CF]?[ \t]*(?:or[ \t]+(?:higher|above|more|greater|over|lower|below|less)\b|"
                        # Turkish "38 °C üzerine çıkarsa" (if it rises above), Korean and Japanese "이상", "以上"
                        r"(?:üzerin|altın)\w*|이상|이하|以上|以下)", re.I)


def read_unit_temperatures(text: str, refused: set[int]) -> list[Found]:
    """Numbers that are temperatures by their written unit alone, outside the refused ones (``refused``: starts of
    labelled numbers refused as thresholds, targets or ranges) and not settings or targets (:data:`_NOT_MEASURED`)."""
    found = []
    passed_over = -1  # where the last setting or target passed over ends
    for m in _UNIT_TEMPERATURE.finditer(text):
        group = next(g for g in ("n1", "n2", "n3", "n4") if m[g] is not None)
        start, end = m.start(group), m.end(group)
        value = float(m[group].replace(",", "."))
        celsius = not re.search(r"F|Fahrenheit|℉", m[0][len(m[group]):])
        if start in refused or not (30 <= value <= 45 if celsius else 86 <= value <= 110):
            continue
        if _NOT_MEASURED.search(text[max(0, start - 30):start]) or _OR_HIGHER.match(text, m.end()) or (
                passed_over >= 0 and re.fullmatch(r"[ \t]*\([ \t]*", text[passed_over:start])):
            passed_over = m.end()
            continue  # a setting, a threshold ("100.4 °F or higher"), or one in the other unit ("39 °C (102.2 °F)")
        item, _ = read_temperature(text, start, end, "temperature unit")
        if item:
            found.append(item)
    return found


#: A word that makes a sentence about the patient's temperature: "checked his temperature yesterday evening and it
#: was 100.8", "Measured 100.9 on her home thermometer", "feber till 39,0".
_TEMPERATURE_WORD = re.compile(r"\b(?:temperature|temp|thermometer|a?febrile?|fevers?|feber|fieber|fièvre|fiebre|"
                               r"febbre|koorts|febre|pyrexi\w*|spiked?)\b", re.I)
#: The word right before such a sentence's value: a verb or preposition of a reading, never another label.
_READING_VERB = re.compile(r"(?:\b(?:was|is|were|of|to|at|as|measured|recorded|documented|reached|read|reading|"
                           r"peaked|till|bis|jusqu['’]à|hasta|tot|até|fino\s+a|highest|max(?:imum)?|peak|up\s+to|"
                           r"spikes?|spiked|à|a?febrile?)|"
                           r"[=:])[ \t]*$", re.I)
#: A verb of measuring right before a value, which may take its temperature word from the sentence before.
_MEASURING_VERB = re.compile(r"\b(?:measured|recorded|documented|checked|took)[ \t]+$", re.I)
_SENTENCE_DECIMAL = re.compile(r"(?<![\d.,/\-–])(?P<n1>\d{2,3}[.,]\d)(?![\d/%]|[.,]\d|[ \t]*(?:-|–|to\b|mg|g\b|mmol|"
                               r"µmol|umol|mEq|U\b|IU|ng|pg|k?Pa|cm|mm|kg|lbs?|L\b|mL|ml|%))")


def read_sentence_temperatures(text: str, taken: set[int]) -> list[Found]:
    """Decimals of a temperature's range (35.0-42.9 °C, 96.0-108.9 °F) in the sentence of a temperature word, right
    after a verb or preposition of a reading ("and it was 100.8", "Measured 100.9 on her home thermometer"), or in the
    sentence after one on its line right after a verb of measuring ("… with fever. She measured 38.4 at home"),
    outside ``taken`` and not targets (:data:`_NOT_MEASURED`)."""
    found = []
    for m in _SENTENCE_DECIMAL.finditer(text):
        start, end = m.start("n1"), m.end("n1")
        value = float(m["n1"].replace(",", "."))
        if start in taken or not (35.0 <= value < 43.0 or 96.0 <= value < 109.0):
            continue
        sentence_start = max(text.rfind("\n", 0, start), *(text.rfind(p, 0, start) for p in (". ", "; "))) + 1
        sentence_end = min((i for i in (text.find("\n", end), text.find(". ", end), text.find("; ", end))
                            if i != -1), default=len(text))
        words = [w for w in _TEMPERATURE_WORD.finditer(text, sentence_start, sentence_end)
                 if abs(w.start() - start) <= 80]
        if not words and _MEASURING_VERB.search(text, sentence_start, start) and text[sentence_start - 1] != "\n":
            words = [w for w in _TEMPERATURE_WORD.finditer(text, max(0, start - 80), sentence_start)
                     if "\n" not in text[w.start():start]]  # the sentence before, on the same line
        target = _NOT_MEASURED.search(text[max(sentence_start, start - 30):start])
        if not words or not _READING_VERB.search(text[max(sentence_start, start - 25):start]) or (
                target and not re.match(r"and\b", target[0], re.I)) or _OR_HIGHER.match(text, end):
            continue  # "… and it was 100.8" is no range; "fever is 100.4 °F or higher" is a threshold
        item, _ = read_temperature(text, start, end, "temperature in a sentence about it")
        if item:
            found.append(item)
    return found


#: A saturation known by the air or oxygen it was measured on: "98% on RA", "94% on 2 L NC", "91% room air".
_UNIT_SATURATION = re.compile(r"(?<![\d.,/\-–])(?P<n1>\d{2,3})[ \t]*%[ \t]*(?:on[ \t]+)?(?:RA|room[ \t]+air|r/a|"
                              r"\d{1,2}(?:\.\d)?[ \t]*(?:L|l|LPM|lpm|L/min|l/min)\b|NC\b|NRB\b|nasal[ \t]+cannula|"
                              r"face[ \t]?mask|high[- ]flow|HFNC|BiPAP|CPAP)", re.I)
#: Words before such a percentage that make it an oxygen fraction or something else: "FiO2 40% on CPAP".
_NOT_SATURATION = re.compile(r"(?:\b(?:O2|oxygen|EF|LVEF|efficiency|HbA1c|A1c)[ \t:=]*|"
                             r"\d[ \t]*L[ \t]*/[ \t]*|"  # a high-flow setting's oxygen fraction: "HFNC 40L/50%"
                             r"\b(?:FiO2|venturi|fraction)\b[^.;\n]{0,25})$", re.I)


#: A percentage an oxygen treatment brought a saturation up to: "Placed on 4L NC with improvement to 95%", "improved to
#: 93% on NRB" (in a sentence that, or the one before it, speaks of oxygen or a saturation).
_IMPROVED_SATURATION = re.compile(r"\b(?:improve(?:ment|d|s)?|improving|increase[ds]?|increasing|rise|ris(?:es|ing)|"
                                  r"rose|recover(?:y|ed|ing))\s+(?:in\s+(?:sats?|saturations?|SpO2|O2\s+sats?)\s+)?"
                                  r"to\s+(?P<n1>\d{2,3})[ \t]*%", re.I)
_OXYGEN_WORDS = re.compile(r"\b(?:NC|NRB|NRBM|nasal|cannula|mask|venturi|HFNC|BiPAP|CPAP|O2|oxygen|\d+\s*L|sats?|"
                           r"SpO2|saturations?|RA|room\s+air)\b", re.I)


#: A line of an ECG (or a monitor strip) in any language, to its end; also an ECG's sentence after another on its line
#: ("CXR: no infiltrates. ECG: sinus tachycardia, 110 bpm").
_ECG_LINE = re.compile(r"(?m)(?:^[ \t]*(?:[-*•][ \t]*)?(?:\d{1,2}[.)][ \t]*)?|(?<=[.;][ \t]))"
                       r"(?:(?:12[- ]lead[ \t]+)?(?i:ECG|EKG|ÉCG|ЕКГ|ЭКГ|ΗΚΓ)\b|"
                       r"心电图|心電図|심전도|تخطيط القلب|א\.?ק\.?ג\.?|אק[\"״]ג)[^\n]*")
#: The rate in such a line: a number with a rate unit, after "rate", or right after "sinus" ("ECG: sinus 62, deep
#: TWI").
_ECG_RATE = re.compile(r"(?<![\d.,/])(?P<n>\d{2,3})[ \t]*(?:/[ \t]?(?:min|мин|dk|分|دقيقة|perc)(?![A-Za-z])|"
                       r"bpm|b/min|lpm|spm|לדקה|lần/phút|x/menit|уд/мин)|"
                       r"\b(?:(?:V|ventricular|vent\.?)[ \t]+)?rates?[ \t:]+(?P<r>\d{2,3})\b(?![ \t]*(?:ms|mm|%))|"
                       r"\bsinus(?:[ \t]+rhythm)?[ \t]+(?P<s>\d{2,3})\b(?![ \t]*(?:ms|mm|%|/))", re.I)


def read_ecg_rates(text: str, taken: set[int]) -> list[Found]:
    """The heart rate an ECG's line states (its first rate), unless another reader took or refused that number."""
    found = []
    for line in _ECG_LINE.finditer(text):
        m = _ECG_RATE.search(line[0])
        if not m:
            continue
        group = next(g for g in ("n", "r", "s") if m[g])
        start, end = line.start() + m.start(group), line.start() + m.end(group)
        if start in taken or re.search(r"(?i)(?:\bP[- ]?(?:waves?|hull\w*|vl\w*)|atrial|pitvar\w*|vorhof\w*|auricul\w*|"
                                       r"\bpac(?:ing|ed|er|emaker)\b[^\n\d]{0,20}|\bset)"
                                       r"[^\n\d]{0,12}$", line[0][:m.start(group)]):
            continue  # "sinus P-hullámok 84/min": the atria's rate; "pacing at rate 70", "set at 70 bpm": a setting
        value = int(m[group])
        if 20 <= value <= 300:
            item, _ = read_single("heart_rate", text, start, end, "rate of an ECG's line",
                                  after=text[end:end + 12] if group == "n" else "")  # "rate 118": no unit after
            found += [item] if item else []
    return found


def read_unit_saturations(text: str, taken: set[int]) -> list[Found]:
    """Percentages that are saturations by the air or oxygen written after them ("98% on RA") or by the oxygen that
    improved them ("Placed on 4L NC with improvement to 95%"), outside ``taken``."""
    found = []
    for m in _IMPROVED_SATURATION.finditer(text):
        start, end = m.start("n1"), m.end("n1")
        before = text[max(0, m.start() - 120):m.start()]
        if start in taken or not 70 <= int(m["n1"]) <= 100 or not _OXYGEN_WORDS.search(before) or re.search(
                r"\b(?:FiO2|EF|LVEF)\b[^.;\n]{0,20}$", before, re.I):
            continue  # "FiO2 increased to 80%", "EF improved to 45%": not a saturation
        item, _ = read_single("oxygen_saturation", text, start, end, "saturation improved by oxygen")
        if item:
            found.append(item)
    for m in _UNIT_SATURATION.finditer(text):
        start, end = m.start("n1"), m.end("n1")
        if start in taken or not 70 <= int(m["n1"]) <= 100 or _NOT_SATURATION.search(text[max(0, start - 40):start]):
            continue
        item, _ = read_single("oxygen_saturation", text, start, end, "saturation by the air it was measured on")
        if item:
            found.append(item)
    return found
