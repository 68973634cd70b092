"""The reader of labelled values, and what the fields of its label table (:mod:`.vital_labels`: every way the notes
name a vital sign, in which language) mean.

Each :class:`Label` says what it reads (``family``: a vital sign, or "blood_pressure" for a systolic/diastolic pair),
the language it is written in (``language``, for a reviewer: "en", "de", "fr/es/it", "any" …, and ``meaning`` for an
abbreviation) and, for an abbreviation that means something else elsewhere, when it may be read in this sense:
``only_in`` (the note shows one of these languages, :mod:`.languages`, or another label of one of them has a value on
the same line), ``unit`` (the value is followed by this unit: "PR 112/min" is the Indian pulse rate, "PR 180 ms" the ECG
interval), ``context`` (the line before the label: "SR 66" after "ECG:", "frekvens 112" after "Cor:"), ``weak``
(one-letter labels, kept only next to another vital), ``needs_percent`` ("O2 98%", not "O2: 2 L"), ``not_after`` (words
before the label that make it something else's: "troponin T", "room temperature"), ``unit_or_vitals_line`` (the unit may
be missing on a line of other vital signs or in a flowsheet row: "T 37.6, BP 130/76, PR 94"). A label with both
``only_in`` and ``unit`` is read when either holds. "RR" followed by a pressure-shaped pair is the German/Dutch blood
pressure in any note (a respiratory rate is never written "N/N"; a pair whose first number is below 50, "RR 18/14", is a
ventilator's total/set rate and is not a pressure); a single "RR" number is the respiratory rate; "RR 14/22 (set/total)"
and "RR 20 set, total 24" are read at the measured total, and a ventilator's set rate is no reading
(:func:`~.values.ventilator_rate`).
:func:`~.label_listing.label_table` lists the table for a reviewer.

The reader (:func:`read_labelled`) takes the value after a label on the same line; between them only separators, units
and a few words ("of", "is", "was", "fell to", "nadir", "as low as", "at home", "(rectal)", "R arm", "standing (1 min)",
"liggend", a quote mark, a time window "(24 h)", the value's own brackets "temp (100.1)": :data:`_GAP_PIECE`), in a
hard-wrapped note also across the line's end (a label ending a line of 50 characters or more, its value opening the
next line, not a list's next number), and the value never ends before a duration ("Tmax 24h: 38.9" is read at 38.9). A
labelled number is NOT taken (and is listed as rejected with the reason) when it is a range ("HR 80-110", "SBP 100s"), a
target or threshold ("goal SBP < 140", "keep sat > 92%", "T < 38.5", "fever 100.4 or above"), or refused by
:mod:`.values`. "Tm/Tc 38.1/37.2" gives two temperatures. "BP 80 palp" (by palpation, by Doppler, "88/P") is a systolic
without a diastolic. Values without a label (by their unit alone, or in a sentence about a temperature) are read by
:mod:`.unlabelled`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .first_characters import FirstCharacterIndex, finditer_at, first_characters
from .label_context import ECG_CONTEXT
from .label_type import Label
from .values import (
    BOUND_AFTER_WORDS,
    NUMBER,
    RANGE_IN_BRACKETS,
    RATE_UNIT,
    TEMP_NUMBER,
    Found,
    read_pressure,
    read_single,
    read_temperature,
    someone_elses,
    ventilator_rate,
)
from .vital_labels import LABELS

#: What may stand between a label and its value: separators, a few words, a qualifier in parentheses.
_GAP_WORD = (r"of|is|was|were|are|at|now|only|nadir|peak|lowest|highest|min(?:imum)?|at\s+home|home|low|high|"
             r"as\s+(?:low|high)\s+as|improved|improving|fell|falling|rose|rising|dropped|dropping|"
             r"increased|decreased|came\s+down|down|up|reading|measured|recorded|noted|remained|remains|still|"
             r"initially|on\s+arrival|in\s+triage|at\s+triage|max(?:imum)?|current(?:ly)?|today|tonight|"
             r"overnight|yesterday|this\s+(?:morning|afternoon|evening|AM|PM|a\.m\.|p\.m\.)|last\s+night|"
             r"went|came|reached|peaked|trended|trending|"
             r"recover(?:ed|ing)|settled|stable|stabili[sz]ed|approx(?:imately|\.)?|about|around|~|total|actual|"
             r"actuelle?|aktuell|attuale|atual|"
             r"spontaneous|resting|at\s+rest|as|back|to|était|à|war|fue|era|read|reads|pre|post|baseline|"
             r"re-?checked|repeated|counted|ventricular|ventricolare|ventriculaire|on\s+(?:RA|room\s+air)|"
             r"in\s+(?:the\s+)?(?:ED|ER|A&E|clinic)|"
             r"[LR]\s+arm|(?:left|right)\s+arm|manual(?:ly)?|supine|sitting|seated|standing|lying|upright|"
             r"liggend|staand|zittend|liegend|stehend|sitzend|couché|debout|assis|sentado|de\s+pie|supino|seduto|"
             r"in\s+piedi|liggande|stående|sittande|"
             r"oral(?:ly)?|rectal(?:ly)?|tympanic|axillary|core|temporal|by\s+\w+|to|de|di|von|van|"
             r"axillär|rektal|tympanal|sublingual|axillaire|rectale|buccale|axilar|ascellare|timpanica|corporea|"
             r"corporal|corporelle|basale?|ca\.?|cca\.?|um|ok\.|około|circa|около|re|li|rechts|links|"
             r"sağ\s+kol|sol\s+kol|rilevata(?:\s+sul\s+posto)?|remont[ée]e|totale|mesur[ée]e?|misurata|medida|"
             r"całkowita|máx|màx|tela|в\s+покое|peripheral|periph|naar|palpoiden|n\.|noin|dipped|dipping|dips|"
             # "puls aritmičan 110/min", "חום עד 38.7" (up to)
             r"(?:a)?ritmičan|(?:ne)?pravilan|עד|до|couchée|assise?|allongée?|"
             # Hebrew "ל"ד חוזר 100/58" (repeated), Slovenian "padec KT na 88/48" (a fall of the pressure to)
             r"חוזר|na|"
             # posture, arm and change in German, Polish, Russian; Spanish lowest/highest; "sats at GP 93%"; NEWS2's
             # "SpO2 Scale 1 (%)"
             r"im\s+(?:Sitzen|Liegen|Stehen)|in\s+Ruhe|na\s+(?:leżąco|siedząco|stojąco)|po\s+pionizacji|"
             r"на\s+(?:правой|левой)(?:\s+руке)?|снизил(?:ось|ся)|повысил(?:ось|ся)|"
             r"m[íi]nim[ao]|m[áa]xim[ao]|GP|scale\s+[12]|thready|feeble|weak|bounding|periferic|periférico|"
             # Finnish "käsi" (arm: "oik. käsi", right), Greek "at rest", Romanian "mean", Portuguese "kept at"
             r"käsi|ηρεμίας|medie|mantid[ao]\s+em|"
             # Spanish, Portuguese and French "to", "around" right before the value ("caída de TA a 82/50", "SpO2
             # recuperou para 93%", "FC autour de 80-90/min")
             r"(?:a|para|até|hasta|autour\s+de)(?=[ \t]*~?[ \t]*\d)|recuperou|subiu|desceu|baixou|caiu|"
             # Arabic and Persian "to" ("انخفضت الحرارة إلى 37.9", "فشار خون بیمار به 90/55"), Persian "during
             # activity"; Norwegian and Danish "on room air", a radial count ("puls radial ~104/min")
             r"إلى|الى|به|بیمار|حین\s+فعالیت|på\s+(?:rom|rum)?luft|radial|"
             r"périphérique|liggende|stående|sittende|every\s+\d+\s*(?:h|hrs?|hours?)|"
             # a time after the label: "FR às 11h45: 16 cpm", "temp at 0400: 38.1"
             r"(?:às|a\s+las|alle|um|at|@|kl\.?)\s*\d{1,2}[:h.]\d{2}h?")
#: Comparison words and marks that make a labelled number a threshold or a target, not a reading.
_THRESHOLD = r"(?:<=?|>=?|≤|≥|＜|＞|≦|≧|=<|=>|less\s+than|greater\s+than|more\s+than|under|below|above|at\s+least|" \
             r"no\s+more\s+than|goal|target|aim)"
#: One piece of what may stand between a label and its value; the gap is any number of them (none overlapping, so
#: that a label without a value fails fast).
_GAP_PIECE = (rf"[ \t]*(?:[:=|\-–—\"“”：]|\((?:[^()\d\n]{{1,30}})\)|"
              # a NEWS2 chart's saturation scale: "SpO2 (sc 2)   92", "SpO2 (Scale 1): 95 %"
              rf"\([Ss]c(?:ale)?\.?[ \t]*[12]\)|\(?\d{{1,2}}[ \t]*min(?:utes?|uten|\.)?\)?(?=[ \t])|"
              rf"{RANGE_IN_BRACKETS}|\(\d{{2,3}}[ \t]*[-–][ \t]*\d{{2,3}}\)/\(\d{{2,3}}[ \t]*[-–][ \t]*\d{{2,3}}\)|"
              # Epic's 24-hour range in round brackets before the current value: "Resp:  (14-24) 18"
              rf"\(\d{{2,3}}[ \t]*[-–][ \t]*\d{{2,3}}\)(?=[ \t]+\d)|"
              rf"\(?(?:(?:in|over|last|past|the)[ \t]+)*\d{{1,2}}[ \t]*(?:h|hrs?|hours?)\)?(?=[ \t:])|"
              rf"°[ \t]*[CF]?(?![A-Za-z])|%|bpm|mm[ \t]*Hg|/min|[LR](?=[ \t]*\d)|"
              # a flowsheet row's qualifier after a comma: "Systolic BP, Invasive   108 mmHg"
              r",(?=[ \t]*(?:non-?invasive|invasive|cuff|arterial|monitored)\b)|"
              r"(?:non-?invasive|invasive|cuff|arterial|monitored)\b|"
              # a pulse's quality and its comma: "Radial pulse: weak, 168/min"
              r"(?:weak|thready|feeble|bounding|faint|rapid|irregular|regular),|"
              # a Hungarian case ending on the label: "SpO2-t 91%-nak mérte"
              r"-(?:t|ja|je|át|ét)(?![^\W\d_])|"
              rf"(?:{_GAP_WORD})\b|{_THRESHOLD}|"
              # "frekvens ca. 100", "tachykardia ok. 120/min": about, abbreviated; Finnish "RR oik. 164/96" (right)
              r"(?:ca|cca|ok|approx|oik|vas)\.|"
              # a site, abbreviated: "T° rect. 39,4", "T ax. 37,9"
              r"(?:rect|ax|axil|tymp|buc)\.|"
              # the value in brackets right after its label: "Low-grade temp (100.1)", "HR (112)"
              r"\((?=[ \t]*\d{1,3}(?:[.,]\d{1,2})?[ \t]*(?:%|°[ \t]*[CF]?|bpm)?[ \t]*\)))")
_BEFORE_TARGET = re.compile(r"(?:\btitrat\w*\s+to\W+(?:\w+\W+){0,3}$|"  # "NS titrated to radial pulse / SBP 90"
                            r"\b(?:goal|target|keep|maintain|aim|titrat\w*\s+to|wean\w*\s+\w+\s+to|if|until|"
                            # "call parameters: SBP > 180" (a line that opens with "Parameters:" lists readings)
                            r"unless|(?<=\S[ \t])parameters?|roughly|toward|towards|هدف|"
                            r"alvo|objetivo|obiettivo|doel|ziel)"
                            r"\W+(?:\w+\W+){0,1}|"
                            r"(?:目標|目标)[^\n]{0,4})$",
                            re.I)
#: A value ends where its number ends, not before a time or a duration ("Tmax 24h: 38.9" is read at 38.9).
_VALUE_END = (r"(?![\d.]*\d)(?!:\d)(?!,\d)"
              # (a number with a decimal is no count of days: "Tmax 38.9 day 2")
              r"(?:(?<=[.,]\d)(?=[ \t]+days?[ \t]+\d)|"
              r"(?-i:(?![ \t]*(?:h|hrs?|hours?|d|days?|wks?|weeks?|mins?|minutes?|mo|months?|yrs?|years?)\b)))")
#: A systolic measured without a diastolic: "BP 80 palp", "BP 70/palp", "SBP 80 by Doppler".
_PALPATED = r"(?=[ \t]*/?[ \t]*(?:palp\w*|by\s+palpation|by\s+doppler|dopp\w*|systolic)\b|[ \t]*/[ \t]*P\b)"


#: Where a label may begin: not after a letter, a digit or a slash.
_LABEL_START = r"(?<![A-Za-zÀ-ÿ0-9/])"


def _label_regex(label: Label) -> re.Pattern:
    flags = 0 if label.case_sensitive else re.I
    if label.family == "blood_pressure":
        # "120x80" (Brazil), "RR 160 zu 90" (German)
        body = (r"(?:(?P<n1>\d{1,3})(?:[ \t]*(?:/|[ \t](?:over|zu)[ \t])[ \t]*|[xX])(?P<n2>\d{1,3})|"
                rf"(?P<p1>\d{{2,3}}){_PALPATED})")
    elif label.family == "temperature":
        body = rf"(?P<n1>{TEMP_NUMBER})"
    else:
        body = rf"(?P<n1>{NUMBER})"
    return re.compile(rf"{_LABEL_START}(?P<label>{label.pattern})(?![A-Za-zÀ-ÿ/])"
                      rf"(?P<gap>(?:{_GAP_PIECE})*?[ \t]*)(?P<wrap>\n[ \t]*)?(?<![\d.,]){body}{_VALUE_END}",
                      flags)


#: A hard-wrapped note (MIMIC's, at about 80 characters) breaks a line between a label and its value ("BP \n176/92
#: prior to tPA", "Febrile to \n101.6"): the label ends a line at least this long, and the value opens the next.
_WRAPPED_LINE = 50


def _wrapped_too_short(text: str, m: re.Match) -> bool:
    """A label whose value stands on the next line, on a line too short to be hard-wrapped prose (a header, a
    label alone on its line), or before the number of a list's next item ("discuss with resp\n6. Sputum"): no
    reading of it."""
    if m["wrap"] is None:
        return False
    return m.start("wrap") - (text.rfind("\n", 0, m.start("label")) + 1) < _WRAPPED_LINE or bool(
        re.match(r"\d{1,2}[.)](?:\s|$)", text[m.end("wrap"):]))


_LABEL_REGEXES = tuple((label, _label_regex(label)) for label in LABELS)
#: The characters each label can begin with: a note is tried only there (:mod:`.first_characters`; the same matches
#: as a scan of every position, four times faster over the corpora).
_LABEL_FIRSTS = tuple(first_characters(regex) for _, regex in _LABEL_REGEXES)
_LABEL_START_RE = re.compile(_LABEL_START)


def _label_matches(index: FirstCharacterIndex) -> Iterator[tuple[Label, re.Match]]:
    """Every label's matches in the indexed note, label by label (each label's as ``finditer`` gives them)."""
    for (label, regex), firsts in zip(_LABEL_REGEXES, _LABEL_FIRSTS):
        for m in finditer_at(regex, firsts, index):
            yield label, m


#: Labels read only as a pressure-shaped pair (alone they are a respiratory rate or a body temperature).
PAIR_ONLY = frozenset({"RR (Riva-Rocci)", "BT (pair)", "BD (pair)", "TD (pair)"})


def _not_a_reading(text: str, m: re.Match, label_start: int) -> str:
    """Why a labelled number is a range, threshold or target rather than a reading ("" if it is a reading)."""
    end = m.end()
    # "92〜96%": Japanese and Chinese write a range with a wave dash
    dash = re.match(r"[ \t]*(?:-|–|〜|～|~|to\b|à(?=[ \t])|bis\b)[ \t]*(?=\d)", text[end:])
    # (nor an ordinal after a spaced dash: "HR 130 - 1st unit PRBC started")
    not_a_range_end = r"\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}:\d{2}|\d{1,2}[ \t]*h(?:\d{2})?\b|" \
                      r"\d+(?:[.,]\d+)?[ \t]*(?:L\b|l/min|mg|mcg|ml|mL|units?)|\d{1,2}(?:st|nd|rd|th)\b"
    if (dash and not re.match(not_a_range_end, text[end + dash.end():])) or \
            re.match(r"'?s\b", text[end:]):
        return "a range"  # "HR 88-110"; not "BP 102/58 - 2/9/2024 15:20" (a record's date after the reading)
    if re.search(r"back-?up", m["gap"], re.I):
        return "a ventilator's backup rate"  # Italian "FR back-up 12": set on the machine, not breathed
    if re.search(r"[ \t(][-−]$", m["gap"]):
        return "a signed change, not a reading"  # "orthostatic drop (SBP -22 on standing)"
    if re.search(_THRESHOLD, m["gap"], re.I) or re.match(
            r"[ \t]*(?:°[ \t]*[CF]?|%|bpm|mm[ \t]*Hg)?[ \t]*or[ \t]+"
            r"(?:above|higher|more|greater|over|below|less|lower)\b",
            text[end:], re.I) or re.match(r"(?:[ \t]*/[ \t]*\d{2,3})?"
                                         r"[ \t]*(?:%|°[ \t]*[CF]?|℃|bpm|mm[ \t]*Hg|Hgmm)?[ \t]*"
                                         + BOUND_AFTER_WORDS,
                                         text[end:]):
        return "a threshold or target"  # Korean, Japanese, Bengali write "or more" after the value: "HR 110 이상"
    line_start = text.rfind("\n", 0, label_start) + 1
    # a closed bracket ends what it says: "sats 86% (below target range), HR 112" is a reading
    if _BEFORE_TARGET.search(text[max(line_start, label_start - 40):label_start].rsplit(")", 1)[-1]):
        return "a threshold or target"
    if _CALLING_CRITERIA.search(text[line_start:label_start]):
        return "a threshold or target"  # "Altered calling criteria (signed): HR 130, SBP 90": when to call
    if someone_elses(text, label_start):
        return "someone else's reading"
    if _SCORE_ITEM.search(text[max(line_start, label_start - 60):label_start]) and _score_points(m):
        return "an item of a score (its points)"
    return ""


#: A line of the values at which staff must call a doctor, changed for this patient (Australian "altered calling
#: criteria").
#: (not the criterion a call met: "Call criteria: Red zone - HR 152, SBP 86 on 02:45 obs")
_CALLING_CRITERIA = re.compile(r"\b(?:altered|modified|amended|adjusted|individuali[sz]ed)[ \t]+(?:calling|call|MET)"
                               r"[ \t]+criteria\b", re.I)
#: A withdrawal scale's items are scores, not readings: "COWS 0910: resting pulse 2, sweating 2" (not the vitals
#: after a scale's total: "CIWA 19, HR 134").
_SCORE_ITEM = re.compile(r"\b(?:COWS|CIWA(?:-Ar)?)\b(?![ \t]*(?:score[ \t]*)?[:=]?[ \t]*\d{1,2}\b(?![:\d]))[^\n]*$|"
                         # a score's items in brackets after its total: "Aldrete 7 (activity 1, resp 2, SpO2 1)"
                         # (Ireland's "INEWS 4 (HR 2, …)" too)
                         r"\b(?:Aldrete|COWS|CIWA(?:-Ar)?|APGAR|Apgar|q?SOFA|MEWS|PEWS|I?NEWS2?)"
                         r"(?:[ \t]+(?:now|score|total|was|is|of))*[ \t]*[:=]?[ \t]*\d{0,2}[ \t]*\([^()\n]*$")


def _score_points(m: re.Match) -> bool:
    """Whether a labelled number in a score's context is a score's points (0-7 for an item of NEWS2, MEWS, COWS, CIWA,
    Aldrete): "NEWS2 now 11 (RR 2, HR 1)" are points, "NEWS2 7 (RR 26, HR 108, T 38.6)" and "CIWA-Ar 11. BP 136/88,
    HR 106" are the readings the score was computed from."""
    return m["n1"] is None or float(m["n1"].replace(",", ".")) <= 7


def _line_support(text: str, matches: list[tuple[Label, re.Match]]) -> dict[int, set[tuple[str, str]]]:
    """Per line (by its start), the language-bound labels with a value on it: ``(label name, language)``."""
    support: dict[int, set[tuple[str, str]]] = {}
    for label, m in matches:
        if not label.only_in:
            continue
        if (label.family == "blood_pressure" and m["p1"] is not None) or _wrapped_too_short(text, m):
            continue
        value_ok = (read_pressure(text, m, "")[0] if label.family == "blood_pressure" else
                    read_single(label.family, text, m.start("n1"), m.end("n1"), "")[0])
        if not value_ok or _not_a_reading(text, m, m.start("label")):
            continue  # "FC 16 Fr": a catheter, which vouches for nothing
        line = text.rfind("\n", 0, m.start()) + 1
        support.setdefault(line, set()).update((label.name, code) for code in label.only_in)
    return support


def _allowed(label: Label, text: str, m: re.Match, languages: frozenset[str],
             support: dict[int, set[tuple[str, str]]]) -> bool:
    """Whether an abbreviation that means something else elsewhere may be read in this sense here: the note shows
    its language, a unit confirms it, or another label of that language has a value on the same line ("TA 142/88,
    FC 118, FR 24": three French abbreviations vouch for each other)."""
    end = m.end("n1") if m["n1"] is not None else m.end("p1")
    if label.not_after and re.search(label.not_after, text[max(0, m.start("label") - 20):m.start("label")], re.I):
        return False
    if label.name == "T" and m["n1"] is not None and m.end("label") == m.start("n1") and _ICD_LINE.search(
            text[text.rfind("\n", 0, m.start("label")) + 1:m.start("label")]):
        return False  # "Dijagnoze: T42.4 Otrovanje …, T39.1 …": injury codes of ICD-10, not temperatures
    if label.family == "blood_pressure" and m["n2"] is not None:
        end = m.end("n2")
    unit_after = bool(label.unit and re.match(label.unit, text[end:end + 16], re.I))
    if label.only_in:
        line = support.get(text.rfind("\n", 0, m.start()) + 1, set())
        neighbours = {code for name, code in line if name != label.name}
        return bool((languages | neighbours) & set(label.only_in)) or unit_after
    if label.context:
        line = text[text.rfind("\n", 0, m.start("label")) + 1:m.start("label")]
        return unit_after or bool(re.search(label.context, line))
    if label.unit and not unit_after:
        # "T 37.6, BP 130/76, PR 94, SpO2 98% RA": on a line of other vital signs "PR" and "CR" need no unit
        line = text[text.rfind("\n", 0, m.start("label")) + 1:(text.find("\n", end) + 1 or len(text) + 1) - 1]
        rest = text[m.start("n1") - 1:].split("\n", 1)[0] if m["n1"] is not None else ""
        row = re.fullmatch(r"[ \t:]*(?:\d{2,3}(?:[ \t]{2,}|\t|[ \t]*$)){3,}", rest)  # "PR   88   94   104": a row
        return label.unit_or_vitals_line and bool(_OTHER_VITAL_ON_LINE.search(line) or row)
    return True


#: A diagnosis line before a "T" glued to its number: a diagnosis label or another ICD-10 code on the line.
_ICD_LINE = re.compile(r"(?i:\b(?:diagnos\w*|dijagnoz\w*|diagnoz\w*|dg\.?|icd(?:-?10)?|mkb(?:-?10)?|cid(?:-?10)?)\b)|"
                       r"\b[A-Z]\d{2}\.\d{1,2}\b")


#: The other vital signs that vouch for a label with ``unit_or_vitals_line`` on its line.
_OTHER_VITAL_ON_LINE = re.compile(r"(?<![A-Za-z])(?:BP|B/P|SpO2|SPO2|SaO2|O2\s+sat|Sats?|SAT|Temp|T|RR|RBS|BT|[Pp]uls|"
                                  r"ΑΠ|ΣΦ|"  # Greek pressure and pulse: "16:20 ΑΠ 104/62, ΣΦ 110, ΑΣ 24"
                                  # Indonesian "11.45  TD 164/96, N 72" (tekanan darah), Turkish "TA 98/60, nb 108",
                                  # Russian "Ps 76, АД 130/80"
                                  r"(?:TD|TA|АД)(?=[ \t]*\d{2,3}/\d))"
                                  r"(?:[ \t:]+(?:was|is|of|supine|sitting|standing|lying))?[ \t:]*\d")


def read_labelled(text: str, languages: frozenset[str]) -> tuple[list[Found], list[tuple[str, int, int, str]]]:
    """Every labelled value of the note, and the labelled numbers refused as ``(variable, start, end, reason)``."""
    found: list[Found] = []
    rejected: list[tuple[str, int, int, str]] = []
    taken: set[int] = set()
    matches = list(_label_matches(FirstCharacterIndex(text, _LABEL_START_RE)))
    support = _line_support(text, matches)
    for label, m in matches:
        start = m.start("n1") if m["n1"] is not None else m.start("p1")
        if start in taken or _wrapped_too_short(text, m) or not _allowed(label, text, m, languages, support):
            continue
        how = f"label {m['label']!r}" + (f" ({re.split(r' [(]|:', label.meaning)[0]})" if label.meaning else "")
        variable = label.family
        reason = _not_a_reading(text, m, m.start("label"))
        items: list[Found] = []
        if not reason and label.family == "blood_pressure" and m["p1"] is not None:
            if label.name in PAIR_ONLY:
                continue
            item, reason = read_single("systolic_bp", text, m.start("p1"), m.end("p1"), how + " by palpation")
            items = [item] if item else []
        elif not reason and label.family == "blood_pressure":
            lowest = 50.0 if label.name in PAIR_ONLY else 1.0
            items, reason = read_pressure(text, m, how, lowest_systolic=lowest,
                                          centimetres_implied=label.name == "TA" and bool(languages & {"fr", "ar"}))
            if reason and label.name in PAIR_ONLY:
                continue  # "RR 18/14": not a pressure; the respiratory-rate label says why it is not one either
        elif not reason:
            if variable in ("systolic_bp", "diastolic_bp") and re.match(r"[ \t]*/[ \t]*\d", text[m.end():]):
                continue  # "SBP 120/80": the blood-pressure labels read it
            at, end = m.start("n1"), m.end("n1")
            measured, reason = ventilator_rate(text, m.start("label"), end) if variable == "respiratory_rate" \
                else (None, "")
            if measured:  # "RR 14/22 (set/total)", "RR 20 set, total 24": the measured rate comes second
                at, end = measured
            item, reason = read_single(variable, text, at, end, how, needs_percent=label.needs_percent) \
                if not reason else (None, reason)
            items = [item] if item else []
        if reason:
            # a one-letter label's range with its rate unit ("P 112-124/min") is a range all the same
            if not label.weak or (reason == "a range" and m["n1"] is not None and re.match(
                    rf"[ \t]*[-–][ \t]*\d{{2,3}}{RATE_UNIT}", text[m.end("n1"):])):
                var = "systolic_bp" if variable == "blood_pressure" else variable
                rejected.append((var, start, m.end("n1") if m["n1"] is not None else m.end("p1"), reason))
            continue
        for item in items:
            # "T 38.2" or "T 38C" is a temperature on its own; a bare "T 37" needs company like "P" and "R"
            item.weak = label.weak and not (label.name == "T" and (
                re.search(r"[.,]", text[item.start:item.end]) or item.unit_written))
            found.append(item)
            taken.add(item.start)
    for m in _PAIRED_TEMPERATURES.finditer(text):  # "Tm/Tc 38.1/37.2": the maximum, then the current one
        for group in ("n1", "n2"):
            item, _ = read_temperature(text, m.start(group), m.end(group), f"label {m['label']!r}")
            if item and item.start not in taken:
                found.append(item)
                taken.add(item.start)
    return found, rejected


#: Two temperature labels and their two values: "Tm/Tc 38.1/37.2", "Tmax/Tcurrent: 101.2/99.8".
_PAIRED_TEMPERATURES = re.compile(rf"(?<![A-Za-z])(?P<label>T\s?m(?:ax)?[ \t]*/[ \t]*T\s?c(?:urr?(?:ent)?)?)"
                                  rf"[ \t]*:?[ \t]*"
                                  rf"(?P<n1>{TEMP_NUMBER})[ \t]*/[ \t]*(?P<n2>{TEMP_NUMBER})(?![\d/])")
