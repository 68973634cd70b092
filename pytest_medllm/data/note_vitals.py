"""Vital signs in the free text of a clinical note: every mention, and the one DeVisE's counterfactual rewrites.

A *mention* is a number that states a measured vital sign of the patient: heart rate, systolic or diastolic blood
pressure, respiratory rate, oxygen saturation or temperature. Its span is the NUMBER only ("148" and "86" of
"BP 148/86"), which is what a counterfactual replaces. A number is taken when one of these rules finds it
(the ``how`` of the mention says which):

* **label** — a label of the vital's family (:data:`LABELS`: "HR", "pulse", "BP", "blood pressure", "RR",
  "respirations", "SpO2", "sats", "pulse oximetry", "Tmax", "temperature", "febrile to", …) followed, on the same
  line, by the value; between them only separators and a few words such as "of", "is", "was", "fell to",
  "(rectal)", "R arm" (:data:`_GAP`). One-letter labels ("P", "R", "T" without a decimal or unit) are *weak*: they
  count only next to another vital mention, as in "T 97.8, P 118, BP 86/50, R 20";
* **positional** — MIMIC's unlabelled run after "VS:", "Vitals:" or "vitals were": "98.1 84 122/68 16 98%RA" is
  temperature, pulse, blood pressure, respiratory rate, saturation, and each number is given the one slot its shape
  allows (decimals are temperatures, "N/N" pressures, "N%" saturations); an ambiguous run is not taken;
* **table** — a header row naming vital columns ("Time | Temp (C) | HR | BP | RR | SpO2") and the rows under it;
  a row that starts with a label and lists several values ("HR   96   102   108") gives each of them;
* **continuation** — a further value of the vital just mentioned: "SpO2 88% RA -> 94% on 4L", "(was 97%)",
  "HR 38 lying, 64 standing", "BP R arm 228/134, L arm 224/130", "Temp 98.6 °F (37 °C)", and "lying 138/84".

A labelled number is NOT taken (and is listed in ``rejected`` with the reason) when it is a range ("HR 80-110",
"SBP 100s"), a target or threshold ("goal SBP < 140", "keep sat > 92%", "T < 38.5"), followed by a unit of
something else ("RR 30 mg"), not a whole number where one is due, or outside :data:`~.schemas.VITAL_LIMITS` (a
blood-pressure reading is taken or refused whole: "BP 228/134" is refused, its systolic being above 220 mmHg).
Weights, heights, BMI, pain scores, FiO2, ventilator set rates, doses, fluids, labs, GCS, MAP, PA pressures, ages
and dates carry no vital label and are never taken. Temperatures keep the unit written ("38.2C", "°F",
"degrees Fahrenheit") or implied by the value: 21-45 is °C, 70-110 is °F.

Sections: a line that starts with a label and a colon ("Physical Exam:", "O:", "VS:", "DISCHARGE EXAM:") or a
known heading alone on its line opens a section; its kind comes from its words (:data:`SECTION_KINDS`):
``discharge`` (a discharge exam or vitals, not a "discharge summary" title), ``exam`` (physical exam,
examination, O/E, objective, vitals/VS/obs blocks — inside a discharge section they stay discharge —, on
arrival, triage, initial vitals, primary survey) or ``other`` (history, ED course, labs, plan, hospital course,
addenda, rechecks). A label the table does not know ("Gen:", "CV:", "A:") continues the section it is in.

The chosen mention (one per vital sign, what a counterfactual rewrites):

1. the first mention in an admission examination (a section of kind ``exam``);
2. otherwise the first mention outside discharge sections (e.g. ED vitals in the history);
3. otherwise the first mention in a discharge section.

Pure functions of the text; nothing here logs or keeps the note.

Why one module: the label table, the four readers, the refusals and the choice rule are one procedure, read
together when asking why a number was or was not taken; split across modules, that answer would be too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .schemas import VITAL_LIMITS, VITAL_SIGNS

UNITS = {"heart_rate": "bpm", "systolic_bp": "mmHg", "diastolic_bp": "mmHg", "respiratory_rate": "breaths/min",
         "oxygen_saturation": "%"}


def to_fahrenheit(celsius: float) -> float:
    return celsius * 9.0 / 5.0 + 32.0


def devise_temperature(celsius: float) -> float:
    """A °C temperature in °F to 0.1 °F: what DeVisE's scale and range read (21.1 °C is 70.0 °F, in range)."""
    return round(to_fahrenheit(celsius), 1)


@dataclass(frozen=True)
class Section:
    """A stretch of the note under one heading; ``label`` is the heading as written ("" before the first)."""

    label: str
    kind: str  # "exam", "discharge" or "other"
    start: int
    end: int


@dataclass(frozen=True)
class VitalMention:
    """One number that states a vital sign, where it is, and which rule found it."""

    variable: str
    #: The value in the unit written or implied (a °C temperature stays °C; saturation in percent, also "0.97").
    value: float
    unit: str
    #: True when the unit is written next to the number ("38.2C", "97%", "bpm"), False when implied.
    unit_written: bool
    start: int
    end: int
    #: The number as written (what a rewrite replaces).
    text: str
    section: str
    section_kind: str
    #: The rule and label that found it, e.g. "label 'HR'", "positional run after 'VS:'".
    how: str
    #: "decimal", or "percent"/"fraction" for saturation.
    notation: str = "decimal"
    #: The other half of a blood-pressure reading (its number's span), if any.
    partner: tuple[int, int] | None = None

    @property
    def decimals(self) -> int:
        """Digits after the decimal point (or decimal comma, "37,8")."""
        return len(re.split(r"[.,]", self.text)[1]) if re.search(r"[.,]", self.text) else 0

    @property
    def devise_value(self) -> float:
        """The value in DeVisE's units (Table 2): temperatures in °F (to 0.1, as the scale reads them), saturation
        in percent."""
        return devise_temperature(self.value) if self.unit == "°C" else self.value

    def to_json(self) -> dict:
        return {"variable": self.variable, "value": self.value, "unit": self.unit, "unit_written": self.unit_written,
                "span": [self.start, self.end], "section": self.section, "section_kind": self.section_kind,
                "how": self.how, "notation": self.notation}


@dataclass(frozen=True)
class Rejected:
    """A labelled number that was not taken, and why (for a reader checking the extractor)."""

    variable: str
    start: int
    end: int
    reason: str

    def to_json(self) -> dict:
        return {"variable": self.variable, "span": [self.start, self.end], "reason": self.reason}


@dataclass(frozen=True)
class NoteVitals:
    """Every vital-sign mention of a note (text order), the chosen one per vital sign and the rule that chose it."""

    mentions: tuple[VitalMention, ...]
    #: ``(variable, mention, rule)`` with rule 1, 2 or 3 (see the module docstring).
    chosen: tuple[tuple[str, VitalMention, int], ...]
    rejected: tuple[Rejected, ...] = ()
    sections: tuple[Section, ...] = field(default=(), repr=False)

    def chosen_mention(self, variable: str) -> VitalMention | None:
        return next((m for name, m, _ in self.chosen if name == variable), None)

    def rule(self, variable: str) -> int | None:
        return next((rule for name, _, rule in self.chosen if name == variable), None)

    def to_json(self) -> list[dict]:
        chosen = {(m.start, m.end): rule for _, m, rule in self.chosen}
        return [{**m.to_json(), "chosen": (m.start, m.end) in chosen, "rule": chosen.get((m.start, m.end))}
                for m in self.mentions]


# -- sections ---------------------------------------------------------------------------------------------------

#: Kinds of section headings, by the words of the heading (first match wins; matched lower-cased).
SECTION_KINDS: tuple[tuple[str, str], ...] = (
    ("discharge", r"\bdischarge\b(?!\s+(?:summary|letter|note|date))|\b(?:on|at)\s+discharge\b"),
    ("other", r"history\s+and\s+physical|\bh\s*&\s*p\b"),  # a document title, not the exam
    ("block", r"^(?:vitals?|vital\s+signs?|vs|v/s|obs|observations)\b|\b(?:vitals?|vs|obs)\s*(?:\(|$)"),
    ("exam", r"\bphysical\b|\bexam\w*|^o/?e$|^o$|^pe$|\bobjective\b|\bvitals?\b|\bvital\s+signs\b|^vs\b|\bvs\b|"
             r"\bobs\b|\bobservations\b|\barrival\b|\btriage\b|\binitial\b|\bprimary\s+survey\b|"
             r"\bassessment\s+at\b|\bon\s+admission\b"),
    ("other", r"\b(?:addend\w*|update\w*|recheck\w*|re-?assess\w*|re-?evaluat\w*|repeat|post-?\w*|after|"
              r"overnight|course|history|hpi|hpc|pmh|psh|ros|meds?|medications?|allerg\w*|labs?|laboratory|data|"
              r"results?|imaging|ecg|ekg|cxr|ct|mri|micro\w*|impression|assessment|a/p|plan|recs?|"
              r"recommendations?|mdm|dispo\w*|diagnos\w*|procedure|ed|ems|osh|prehospital|ambulance|referring|"
              r"social|family|sh|fh|dh|pc|cc|chief|complaint|reason|subjective|background|situation|i&o|i/o|"
              r"drips?|bloods?|ix|abg|vbg|treatment|actions?|comments?|code|indication|consent|intake|output|"
              r"cooling|interventions?|events?|summary|date)\b|^[sp]$"),
)
_HEADING = re.compile(
    r"^[ \t]*(?:[-*•#]+[ \t]*)?(?P<label>(?:[A-Za-z0-9][A-Za-z0-9/&.,'\- ]*?|\d{1,2}:\d{2})"
    r"(?:\s*\([^()\n]{0,40}\))?(?:[ \t]+\d{1,2}:\d{2})?)[ \t]*:(?=\s|$)", re.M)
#: A heading alone on its line: "PHYSICAL EXAM", "## Physical exam", "**Vital signs**", "Physical Examination".
_BARE_HEADING = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*|\*\*)?(?P<label>[A-Z][A-Za-z /&]{1,60}?)(?:\*\*)?[ \t]*:?[ \t]*$",
                           re.M)


def _kind(label: str, current: str) -> str | None:
    """The kind a heading gives its section; None for a label the table does not know (it continues ``current``)."""
    words = label.strip().lower()
    for kind, pattern in SECTION_KINDS:
        if re.search(pattern, words):
            if kind == "block":  # a vitals block inside a discharge section is the discharge vitals
                return "discharge" if current == "discharge" else "exam"
            return kind
    return None


def find_sections(text: str) -> list[Section]:
    """The note cut at its headings; unknown labels ("Gen:", "A:") do not cut it."""
    cuts: list[tuple[int, str, str]] = []
    current = "other"
    headings = sorted([(m.start(), m["label"], False) for m in _HEADING.finditer(text)]
                      + [(m.start(), m["label"], True) for m in _BARE_HEADING.finditer(text)])
    for start, label, bare in headings:
        kind = _kind(label, current)
        if kind is None or (bare and (len(label.split()) > 5 or (kind == "other" and len(label.split()) > 3))):
            continue  # a title line ("MICU ADMISSION NOTE"), a sentence or a sub-label: the section goes on
        if len(label) > 60:
            continue
        cuts.append((start, label.strip(), kind))
        current = kind
    sections, previous = [], (0, "", "other")
    for cut in cuts:
        if cut[0] > previous[0]:
            sections.append(Section(previous[1], previous[2], previous[0], cut[0]))
        previous = cut
    sections.append(Section(previous[1], previous[2], previous[0], len(text)))
    return sections


# -- labels and values ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Label:
    """A way notes label a vital sign. ``family`` is a vital sign or "blood_pressure" (systolic/diastolic)."""

    name: str
    pattern: str
    family: str
    weak: bool = False
    case_sensitive: bool = False
    #: The value must be written with "%" (bare "O2 98%": "O2: 2 L NC" is oxygen, not saturation).
    needs_percent: bool = False


_L = Label
#: Labels by family. Longer forms come first where one label is a prefix of another.
LABELS: tuple[Label, ...] = (
    _L("heart rate", r"heart\s+rate", "heart_rate"),
    _L("HR", r"HR", "heart_rate", case_sensitive=True),
    _L("pulse", r"(?:apical\s+)?pulse(?:\s+rate)?(?!\s*(?:ox|pressure|s\b))", "heart_rate"),
    _L("rhythm at", r"(?:sinus\s+(?:rhythm|tachycardia|bradycardia)|NSR|AF(?:ib)?|atrial\s+(?:fibrillation|flutter))"
                    r"(?:\s+with\s+RVR)?\s+(?:at|with\s+(?:a\s+)?rate\s+of|rate(?:\s+of)?)", "heart_rate"),
    _L("tachycardic to", r"(?:tachy|brady)cardic\s+(?:to|at|in\s+the)", "heart_rate"),
    _L("P", r"P", "heart_rate", weak=True, case_sensitive=True),
    _L("blood pressure", r"(?:(?:non-?invasive|arterial|cuff)\s+)?blood\s+pressure", "blood_pressure"),
    _L("BP", r"(?:NI)?BP|B/P|ABP", "blood_pressure"),
    _L("hypotensive to", r"hypo(?:tensive)?\s+to|(?:hypo|hyper)tensive\s+(?:to|at|with)", "blood_pressure"),
    _L("SBP", r"SBPs?|systolic(?:\s+(?:blood\s+)?pressure)?", "systolic_bp"),
    _L("DBP", r"DBPs?|diastolic(?:\s+(?:blood\s+)?pressure)?", "diastolic_bp"),
    _L("respiratory rate", r"resp(?:iratory|iration)?\s+rate|respirations?|resps?", "respiratory_rate"),
    _L("RR", r"RR", "respiratory_rate", case_sensitive=True),
    _L("tachypneic to", r"tachypn(?:o|e)ic\s+(?:to|at|in\s+the)|breathing\s+at", "respiratory_rate"),
    _L("R", r"R", "respiratory_rate", weak=True, case_sensitive=True),
    _L("SpO2", r"SpO2|SaO2|SO2|O2\s*sat(?:uration)?s?|oxygen\s+sat(?:uration)?s?|pulse[\s-]?ox(?:imetry)?|"
               r"p\s?ox|oximetry|sat(?:uration)?(?:'?s)?|sat'?(?:t)?ing|saturating|desat(?:urat)?(?:ed|ing)?\s+to|"
               r"hypox(?:ic|emic)\s+to", "oxygen_saturation"),
    _L("O2", r"O2", "oxygen_saturation", needs_percent=True, case_sensitive=True),
    _L("temperature", r"(?:(?:core|rectal|oral|tympanic|axillary|temporal)\s+)?(?:temperature|temp)s?", "temperature"),
    _L("Tmax", r"T\s?max|TMAX|T\s?curr(?:ent)?|Tm|Tc|Tt", "temperature", case_sensitive=True),
    _L("febrile to", r"(?:febrile|pyrexial|hypothermic|spiked(?:\s+a\s+(?:temp(?:erature)?|fever))?|"
                     r"fevers?(?:\s+(?:peak|spike))?)\s+(?:up\s+)?(?:to|of|at)|fever\s+(?:peak|spike)", "temperature"),
    _L("T", r"T", "temperature", weak=True, case_sensitive=True),
)
del _L

#: What may stand between a label and its value: separators, a few words, a qualifier in parentheses.
_GAP_WORD = (r"of|is|was|were|are|at|now|only|improved|improving|fell|falling|rose|rising|dropped|dropping|"
             r"increased|decreased|came\s+down|down|up|reading|measured|recorded|noted|remained|remains|still|"
             r"initially|on\s+arrival|in\s+triage|at\s+triage|max(?:imum)?|current(?:ly)?|today|tonight|"
             r"overnight|yesterday|this\s+(?:morning|afternoon|evening)|went|came|reached|peaked|trended|trending|"
             r"recovered|settled|stable|stabili[sz]ed|approx(?:imately|\.)?|about|around|~|"
             r"[LR]\s+arm|(?:left|right)\s+arm|manual(?:ly)?|supine|sitting|seated|standing|lying|upright|"
             r"oral(?:ly)?|rectal(?:ly)?|tympanic|axillary|core|temporal|by\s+\w+|to")
_GAP = rf"(?:[ \t]*(?:[:=|\-–]|\((?:[^()\d\n]{{1,30}})\)|(?:{_GAP_WORD})\b))*[ \t]*"
#: Comparison words and marks that make a labelled number a threshold or a target, not a reading.
_THRESHOLD = r"(?:<=?|>=?|≤|≥|=<|=>|less\s+than|greater\s+than|more\s+than|under|below|above|at\s+least|" \
             r"no\s+more\s+than|goal|target|aim)"
_BEFORE_TARGET = re.compile(r"\b(?:goal|target|keep|maintain|aim|titrat\w*\s+to|wean\w*\s+\w+\s+to|if|until|"
                            r"unless|parameters?|roughly|toward|towards)\W+(?:\w+\W+){0,1}$", re.I)
_NUMBER = r"\d{1,3}(?:\.\d{1,2})?"
_TEMP_UNIT = r"[ \t]*(?:\(?[ \t]*(?:°|º|˚|deg(?:rees?)?\.?)[ \t]*(?P<u1>F|C|Fahrenheit|Celsius|centigrade)?\)?|" \
             r"(?P<u2>F|C)(?![A-Za-z])|[ \t]+(?P<u3>Fahrenheit|Celsius|F|C)(?![A-Za-z]))"
_VALUE_END = r"(?![\d.]*\d)(?!:\d)"
#: A temperature unit without named groups, for lookaheads.
_ANY_TEMP_UNIT = re.sub(r"\?P<u\d>", "?:", _TEMP_UNIT)


def _label_regex(label: Label) -> re.Pattern:
    flags = 0 if label.case_sensitive else re.I
    body = (r"(?P<n1>\d{1,3})[ \t]*(?:/|[ \t]over[ \t])[ \t]*(?P<n2>\d{1,3})" if label.family == "blood_pressure"
            else r"(?P<n1>\d{1,3}(?:[.,]\d{1,2})?)" if label.family == "temperature" else rf"(?P<n1>{_NUMBER})")
    return re.compile(rf"(?<![A-Za-z0-9/])(?P<label>{label.pattern})(?![A-Za-z/])"
                      rf"(?P<gap>(?:{_GAP}|[ \t]*{_THRESHOLD}[ \t]*)*?)(?<![\d.]){body}{_VALUE_END}", flags)


_LABEL_REGEXES = tuple((label, _label_regex(label)) for label in LABELS)


@dataclass
class _Found:
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


def _temperature(text: str, start: int, end: int, how: str, unit_hint: str | None = None
                 ) -> tuple[_Found | None, str]:
    """A temperature read at ``text[start:end]`` with the unit written after it, or the reason it is not one."""
    value = float(text[start:end].replace(",", "."))  # "37,8": a decimal comma
    unit_match = re.match(_TEMP_UNIT, text[end:end + 16])
    written = None
    if unit_match:
        letter = (unit_match["u1"] or unit_match["u2"] or unit_match["u3"] or "")[:1].upper()
        written = {"F": "°F", "C": "°C"}.get(letter)
    unit = written or unit_hint
    if unit is None:
        # the two ranges of DeVisE's Table 2 (70-110 °F is 21.1-43.3 °C) do not overlap: the value tells the unit
        unit = "°C" if 21 <= value <= 45 else "°F" if 70 <= value <= 110 else None
    if unit is None:
        return None, "neither a °C (21-45) nor a °F (70-110) temperature"
    fahrenheit = devise_temperature(value) if unit == "°C" else value
    low, high = VITAL_LIMITS["temperature"]
    if not low <= fahrenheit <= high:
        return None, f"outside DeVisE's range {low}-{high} °F"
    return _Found("temperature", value, unit, written is not None, start, end, how), ""


def _single(variable: str, text: str, start: int, end: int, how: str, *, needs_percent: bool = False
            ) -> tuple[_Found | None, str]:
    """A heart rate, respiratory rate, saturation or lone systolic/diastolic value, or why it is not one."""
    written = text[start:end]
    after = text[end:end + 12]
    if variable == "temperature":
        return _temperature(text, start, end, how)
    value, notation, unit_written = float(written), "decimal", False
    if variable == "oxygen_saturation":
        if re.match(r"[ \t]*%", after):
            notation, unit_written = "percent", True
        elif needs_percent:
            return None, "no % after the number"
        elif value <= 1 and re.fullmatch(r"[01]\.\d{2}", written):
            value, notation = round(value * 100, 4), "fraction"
        if re.match(r"[ \t]*%?[ \t]*(?:FiO2|predicted|venturi|Venturi|VM\b)", after):
            return None, "an oxygen fraction, not a saturation"
    else:
        if "." in written:
            return None, "not a whole number"
        if re.match(r"[ \t]*/[ \t]*\d", after) or re.match(r"[ \t]*%", after):
            return None, "not written as this vital sign"
        unit_written = bool(re.match(r"[ \t]*(?:bpm|/min|b/min|beats|breaths|mm[ \t]*Hg)", after, re.I))
    if re.match(r"[A-Za-z]", after) or re.match(
            r"[ \t]*(?:mg|mcg|g|kg|lbs?|mL|ml|L\b|mmol|mEq|units?|U\b|ms\b|mm\b(?![ \t]*Hg)|cm|min\b|h\b|hr|"
            r"hours?|days?|weeks?|wks?|months?|years?|yrs?|ago|times|x\b|kPa|Gy|mA)", after):
        return None, "followed by the unit of something else"
    low, high = VITAL_LIMITS[variable]
    if not low <= value <= high:
        return None, f"outside DeVisE's range {low:g}-{high:g}"
    return _Found(variable, value, UNITS[variable], unit_written, start, end, how, notation), ""


def _pressure(text: str, m: re.Match, how: str) -> tuple[list[_Found], str]:
    systolic, diastolic = float(m["n1"]), float(m["n2"])
    if systolic <= diastolic:
        return [], "the second number is not below the first: not a blood pressure"
    if re.match(r"[ \t]*/[ \t]*\d|[ \t]*(?:Gy|mm\b(?![ \t]*Hg)|cm)", text[m.end():]):
        return [], "a fraction of something else"
    for variable, value in (("systolic_bp", systolic), ("diastolic_bp", diastolic)):
        low, high = VITAL_LIMITS[variable]
        if not low <= value <= high:
            return [], f"{variable} outside DeVisE's range {low:g}-{high:g}"
    unit_written = bool(re.match(r"[ \t]*mm[ \t]*Hg", text[m.end():], re.I))
    spans = ((m.start("n1"), m.end("n1")), (m.start("n2"), m.end("n2")))
    return [_Found("systolic_bp", systolic, "mmHg", unit_written, *spans[0], how, partner=spans[1]),
            _Found("diastolic_bp", diastolic, "mmHg", unit_written, *spans[1], how, partner=spans[0])], ""


def _not_a_reading(text: str, m: re.Match, label_start: int) -> str:
    """Why a labelled number is a range, threshold or target rather than a reading ("" if it is a reading)."""
    end = m.end()
    if re.match(r"[ \t]*(?:-|–|to\b)[ \t]*\d", text[end:]) or re.match(r"'?s\b", text[end:]):
        return "a range"
    if re.search(_THRESHOLD, m["gap"], re.I):
        return "a threshold or target"
    line_start = text.rfind("\n", 0, label_start) + 1
    if _BEFORE_TARGET.search(text[max(line_start, label_start - 40):label_start]):
        return "a threshold or target"
    return ""


def _labelled(text: str) -> tuple[list[_Found], list[Rejected]]:
    found: list[_Found] = []
    rejected: list[Rejected] = []
    taken: set[int] = set()
    for label, regex in _LABEL_REGEXES:
        for m in regex.finditer(text):
            if m.start("n1") in taken:
                continue
            how = f"label {m['label']!r}"
            variable = label.family
            reason = _not_a_reading(text, m, m.start("label"))
            if not reason and label.family == "blood_pressure":
                items, reason = _pressure(text, m, how)
            elif not reason:
                if variable in ("systolic_bp", "diastolic_bp") and re.match(r"[ \t]*/[ \t]*\d", text[m.end():]):
                    continue  # "SBP 120/80": the blood-pressure labels read it
                item, reason = _single(variable, text, m.start("n1"), m.end("n1"), how,
                                       needs_percent=label.needs_percent)
                items = [item] if item else []
            if reason:
                if not label.weak:
                    var = "systolic_bp" if variable == "blood_pressure" else variable
                    rejected.append(Rejected(var, m.start("n1"), m.end("n1"), reason))
                continue
            for item in items:
                # "T 38.2" or "T 38C" is a temperature on its own; a bare "T 37" needs company like "P" and "R"
                item.weak = label.weak and not (label.name == "T" and (
                    "." in text[item.start:item.end] or item.unit_written))
                found.append(item)
                taken.add(item.start)
    return found, rejected


# -- positional runs, tables, continuations ------------------------------------------------------------------------

_RUN_TRIGGER = re.compile(r"(?<![A-Za-z])(?P<t>VS|V/S|[Vv]itals?|[Vv]ital\s+[Ss]igns?|VITALS?)"
                          r"(?:[ \t]+(?:were|was|are|of|on\s+\w+|at\s+\d{1,2}:?\d{2}))*[ \t]*[:\-—]?[ \t]*")
_RUN_TOKEN = re.compile(rf"(?P<n>{_NUMBER})(?:[ \t]*/[ \t]*(?P<d>\d{{1,3}}))?(?P<u>[ \t]*%|{_TEMP_UNIT})?(?![\d:])")
_RUN_SEP = re.compile(r"[ \t]*[,|;]?[ \t]*")
_SLOTS = ("temperature", "heart_rate", "blood_pressure", "respiratory_rate", "oxygen_saturation")


def _slot_fits(slot: str, token: re.Match, last: bool, followed_by_number: bool) -> bool:
    number, unit = token["n"], (token["u"] or "").strip()
    value = float(number)
    if slot == "blood_pressure":
        return token["d"] is not None
    if token["d"] is not None:
        return False
    if unit == "%":
        return slot == "oxygen_saturation"
    if unit:  # a temperature unit
        return slot == "temperature"
    if slot == "temperature":
        if "." in number:
            return 21 <= value <= 45 or 70 <= value <= 110
        return followed_by_number and (34 <= value <= 42 or 93 <= value <= 106)
    if "." in number:
        return False
    # whole numbers within DeVisE's ranges; the order of the run tells heart rate, respiratory rate and saturation apart
    if slot == "heart_rate":
        return 1 <= value <= 200
    if slot == "respiratory_rate":
        return 1 <= value <= 50
    return last and 1 <= value <= 100  # saturation without "%": only as the run's last number


def _assignments(tokens: list[re.Match], slot: int = 0) -> list[list[str]]:
    """Every way to give the run's numbers increasing slots of T, HR, BP, RR, SpO2 that their shapes allow."""
    if not tokens:
        return [[]]
    out = []
    for index in range(slot, len(_SLOTS)):
        if _slot_fits(_SLOTS[index], tokens[0], len(tokens) == 1, len(tokens) > 1):
            out += [[_SLOTS[index]] + rest for rest in _assignments(tokens[1:], index + 1)]
    return out


def _positional(text: str) -> list[_Found]:
    found = []
    for trigger in _RUN_TRIGGER.finditer(text):
        pos, tokens = trigger.end(), []
        while True:
            token = _RUN_TOKEN.match(text, pos)
            if not token or (not token["u"] and re.match(r"[A-Za-z]", text[token.end():token.end() + 1])):
                break  # "4L", "2 L": not a vital sign
            tokens.append(token)
            pos = _RUN_SEP.match(text, token.end()).end()  # type: ignore[union-attr]
        ways = _assignments(tokens)
        if not tokens or len(ways) != 1:
            continue  # nothing, or a run whose numbers could be read two ways: take none of it
        if len(tokens) == 1 and not (tokens[0]["d"] or tokens[0]["u"] or "." in tokens[0]["n"]):
            continue
        how = f"positional run after {trigger['t']!r}"
        for slot, token in zip(ways[0], tokens):
            if slot == "blood_pressure":
                found += _pressure_at(text, token.start(), how)
                continue
            item, _ = _single(slot, text, token.start("n"), token.end("n"), how)
            if item:
                found.append(item)
    return found


_PAIR = re.compile(r"(?P<n1>\d{1,3})[ \t]*/[ \t]*(?P<n2>\d{1,3})")


def _pressure_at(text: str, start: int, how: str) -> list[_Found]:
    """The blood-pressure reading "N/N" that starts at ``start`` (empty if it is not one)."""
    m = _PAIR.match(text, start)
    return _pressure(text, m, how)[0] if m else []


_COLUMN_NAMES = {"temperature": r"t|temp\w*|tmax|t\s*\(\s*°?[cf]\s*\)", "heart_rate": r"hr|pulse|p|heart\s+rate",
                 "blood_pressure": r"bp|nibp|blood\s+pressure", "systolic_bp": r"sbp|systolic",
                 "diastolic_bp": r"dbp|diastolic", "respiratory_rate": r"rr|resp\w*|r",
                 "oxygen_saturation": r"spo2|sao2|o2\s*sat\w*|sats?|o2"}


def _column(cell: str) -> tuple[str | None, str | None]:
    """The vital a table header cell names, and the temperature unit it gives ("Temp (C)")."""
    words = cell.strip().lower()
    unit = re.search(r"\(\s*°?\s*([cf])\s*\)|°\s*([cf])\b", words)
    bare = re.sub(r"\(.*?\)|°\s*[cf]\b", "", words).strip()
    for variable, pattern in _COLUMN_NAMES.items():
        if re.fullmatch(pattern, bare):
            letter = unit and (unit[1] or unit[2])
            return variable, {"c": "°C", "f": "°F"}.get(letter or "")
    return None, None


def _tables(text: str) -> list[_Found]:
    found: list[_Found] = []
    columns: list[tuple[str | None, str | None]] | None = None
    offset = 0
    for line in text.split("\n"):
        cells = [(m.start(1) + offset, m[1]) for m in re.finditer(r"([^|\t]+)", line)] if "|" in line or "\t" in line \
            else []
        if len(cells) >= 3 and not any(re.fullmatch(r"[\s\d.:/%\-]*\d[\s\d.:/%\-]*", c) for _, c in cells):
            named = [_column(c) for _, c in cells]
            columns = named if sum(v is not None for v, _ in named) >= 2 else None
        elif columns and len(cells) >= 2:
            for (start, cell), (variable, unit) in zip(cells, columns):
                at = start + len(cell) - len(cell.lstrip())  # the cell's value starts the cell
                number = re.match(rf"{_NUMBER}(?![\d.])", text[at:at + 8])
                if variable is None or number is None:
                    continue
                if variable == "blood_pressure":
                    found += _pressure_at(text, at, "table column")
                    continue
                # a single value ("28/30" in a saturation column is refused by _single: not written as this vital)
                item, _ = (_temperature(text, at, number.end() + at, "table column", unit) if variable == "temperature"
                           else _single(variable, text, at, number.end() + at, "table column"))
                found += [item] if item else []
        else:
            columns = None
        offset += len(line) + 1
    return found


#: Continuations: (vital, pattern right after a mention of it; group "v" is the further value).
_THEN = r"(?:->|→|=>|-->|,?[ \t]*(?:then|improving\s+to|improved\s+to|increasing\s+to|increased\s+to|" \
        r"decreasing\s+to|decreased\s+to|down\s+to|up\s+to|and\s+then))"
_POSTURE = r"(?:standing|upright|sitting|seated|lying|supine)"
_CONTINUATIONS: tuple[tuple[str, re.Pattern], ...] = tuple((variable, re.compile(pattern)) for variable, pattern in (
    ("*", rf"[ \t]*{_THEN}[ \t]*(?P<v>{_NUMBER})(?![ \t]*/[ \t]*\d)"),  # "88% -> 94%", "HR 120 then 96"
    ("systolic_bp", rf"[ \t]*/[ \t]*\d{{1,3}}[ \t]*{_THEN}[ \t]*(?P<v>\d{{1,3}})[ \t]*/[ \t]*\d"),  # "210/120 -> 180/100"
    ("temperature", rf"(?:{_ANY_TEMP_UNIT})?[ \t]*[(/][ \t]*(?P<v>{_NUMBER})(?={_ANY_TEMP_UNIT})"),  # "98.6 °F (37 °C)"
    ("heart_rate", rf"[ \t]*{_POSTURE}?[ \t]*[,;][ \t]*(?P<v>\d{{2,3}})[ \t]+(?={_POSTURE})"),  # "38 lying, 64 standing"
    ("systolic_bp", rf"[ \t]*/[ \t]*\d{{1,3}}(?:[ \t]*mm[ \t]*Hg)?(?:[ \t]+\(?{_POSTURE}\)?)?[ \t]*,[ \t]*"
                    rf"(?P<v>\d{{2,3}})[ \t]*/[ \t]*\d{{1,3}}(?=[ \t]*\(?{_POSTURE})"),  # "84/50 lying, 76/48 standing"
))
#: "lying 138/84", "standing at 3 min 112/70", "L arm 224/130": a posture or an arm makes "N/N" a blood pressure.
_POSTURE_BP = re.compile(rf"(?<![A-Za-z])(?:{_POSTURE}|(?:[LR]|left|right)\s+arm)(?:\s+(?:at\s+)?\d+\s*min(?:utes)?)?"
                         r"[ \t:]*(?P<n1>\d{2,3})[ \t]*/[ \t]*(?P<n2>\d{2,3})(?![\d/])", re.I)
_ROW_VALUE = re.compile(rf"(?:[ \t]{{2,}}|[ \t]*\|[ \t]*|\t)(?P<v>{_NUMBER})(?![\d/])")
_ROW_PAIR = re.compile(r"(?:[ \t]{2,}|[ \t]*\|[ \t]*|\t)(?P<v>\d{1,3})[ \t]*/[ \t]*\d{1,3}(?![\d/])")
_ROW_LABEL = re.compile(r"[ \t|]*[A-Za-z][A-Za-z0-9 ()/°.]{0,24}?[ \t:|]*")
_FURTHER_PERCENT = re.compile(r"(?<![\d.\-–])(?P<v>\d{1,3})[ \t]*%")


def _read(variable: str, text: str, start: int, end: int, how: str, unit: str | None = None) -> list[_Found]:
    """The mention of ``variable`` at ``text[start:end]``, or nothing if it is not one."""
    if variable == "systolic_bp":
        return _pressure_at(text, start, how)
    item, _ = (_temperature(text, start, end, how, unit) if variable == "temperature"
               else _single(variable, text, start, end, how))
    return [item] if item else []


def _further_values(text: str, item: _Found, after: int, stop: int) -> list[_Found]:
    """Values of :data:`_CONTINUATIONS` right after ``item`` (before the next mention, ``stop``)."""
    more: list[_Found] = []
    how = f"continuation of the {item.variable.replace('_', ' ')} before it"
    for variable, pattern in _CONTINUATIONS:
        m = pattern.match(text, after) if variable in ("*", item.variable) else None
        if m and m.start("v") < stop:
            more += _read(item.variable, text, m.start("v"), m.end("v"), how)
    return more


def _further_saturations(text: str, after: int, stop: int) -> list[_Found]:
    """Percentages after a saturation in its clause: "88% on RA, improving to 93% on 3 L", "(was 97% at 1600)"."""
    window = text[after:stop]
    clause = re.search(r"\.\s+[A-Z]|;", window)
    more: list[_Found] = []
    for m in _FURTHER_PERCENT.finditer(window[:clause.start() if clause else len(window)]):
        left = text[max(0, after + m.start() - 10):after + m.start()]
        if re.search(r"(?:FiO2|on|at)[ \t]*$", left, re.I) or re.match(
                r"[ \t]*%?[ \t]*(?:FiO2|venturi|VM\b|predicted|O2\b)", window[m.end():], re.I):
            continue  # "on 28% venturi", "FiO2 60%": oxygen given, not saturation
        more += _read("oxygen_saturation", text, after + m.start("v"), after + m.end("v"),
                      "continuation of the saturation before it")
    return more


def _flowsheet_row(text: str, item: _Found, after: int, line_start: int, line_end: int) -> list[_Found]:
    """A row that opens with the label and lists several values: "HR   96   102   108", "BP  110/65  104/60"."""
    if item.variable == "diastolic_bp" or not _ROW_LABEL.fullmatch(text[line_start:item.start]):
        return []
    pair = item.variable == "systolic_bp"
    more: list[_Found] = []
    pos = item.partner[1] if pair and item.partner else after  # a row of pressures goes on after the diastolic
    while (row := (_ROW_PAIR if pair else _ROW_VALUE).match(text, pos)) and row.start("v") < line_end:
        new = _read(item.variable, text, row.start("v"), row.end("v"), "flowsheet row", item.unit)
        if not new:
            break
        more += new
        pos = row.end() + (text[row.end():row.end() + 1] == "%")
    return more


def _continued(text: str, found: list[_Found]) -> list[_Found]:
    """Further values of a vital just mentioned, and blood pressures after a posture (see the module docstring)."""
    more: list[_Found] = []
    starts = sorted(f.start for f in found)
    for item in sorted(found, key=lambda f: f.start):
        after = item.end + (text[item.end:item.end + 1] == "%")
        line_start = text.rfind("\n", 0, item.start) + 1
        line_end = text.find("\n", item.end) % (len(text) + 1)  # -1 (no newline) becomes the text's end
        stop = min(line_end, next((s for s in starts if s > item.end and (item.partner is None or s != item.partner[0])),
                                  len(text)))
        more += _further_values(text, item, after, stop)
        if item.variable == "oxygen_saturation":
            more += _further_saturations(text, after, min(stop, after + 80))
        more += _flowsheet_row(text, item, after, line_start, line_end)
    for m in _POSTURE_BP.finditer(text):
        more += _pressure(text, m, "blood pressure after a posture")[0]
    return more


def _confirm_weak(found: list[_Found], text: str) -> list[_Found]:
    """Keep a weak one-letter label's value only when another mention stands within 40 characters on its line."""
    confirmed = [f for f in found if not f.weak]
    pending = [f for f in found if f.weak]
    while True:
        near = [item for item in pending if any(
            abs(item.start - other.start) <= 40 and "\n" not in text[min(item.start, other.start):
                                                                    max(item.start, other.start)]
            for other in confirmed)]
        if not near:
            return confirmed
        confirmed += near
        pending = [item for item in pending if item not in near]


def find_vital_mentions(text: str, sections: list[Section] | None = None
                        ) -> tuple[list[VitalMention], list[Rejected]]:
    """Every vital-sign mention of ``text`` in text order, and the labelled numbers refused (with reasons)."""
    labelled, rejected = _labelled(text)
    found = labelled + _positional(text) + _tables(text)
    found += _continued(text, found)
    found = _confirm_weak(found, text)
    by_start: dict[int, _Found] = {}
    for item in found:  # the first rule to find a number keeps it
        by_start.setdefault(item.start, item)
    sections = sections if sections is not None else find_sections(text)
    mentions = []
    for item in sorted(by_start.values(), key=lambda f: f.start):
        section = next(s for s in sections if s.start <= item.start < s.end or s.end == len(text))
        mentions.append(VitalMention(item.variable, item.value, item.unit, item.unit_written, item.start, item.end,
                                     text[item.start:item.end], section.label, section.kind, item.how,
                                     item.notation, item.partner))
    taken = set(by_start)
    return mentions, [r for r in rejected if r.start not in taken]


def choose_mentions(mentions: list[VitalMention]) -> list[tuple[str, VitalMention, int]]:
    """The documented rule: per vital sign, the first mention in an admission examination (rule 1), else the first
    outside discharge sections (rule 2), else the first in a discharge section (rule 3)."""
    chosen = []
    for variable in VITAL_SIGNS:
        ordered = sorted((m for m in mentions if m.variable == variable), key=lambda m: m.start)
        for rule, keep in ((1, lambda m: m.section_kind == "exam"), (2, lambda m: m.section_kind != "discharge"),
                           (3, lambda m: True)):
            first = next((m for m in ordered if keep(m)), None)
            if first is not None:
                chosen.append((variable, first, rule))
                break
    return chosen


def extract_vitals(text: str) -> NoteVitals:
    """Mentions, chosen mentions and refusals of one note (see the module docstring for the rules)."""
    sections = find_sections(text)
    mentions, rejected = find_vital_mentions(text, sections)
    return NoteVitals(tuple(mentions), tuple(choose_mentions(mentions)), tuple(rejected), tuple(sections))
