"""Vital signs in the free text of a clinical note: every mention, and the one DeVisE's counterfactual rewrites.

A *mention* is a number that states a measured vital sign of the patient: heart rate, systolic or diastolic blood
pressure, respiratory rate, oxygen saturation or temperature. Its span is the NUMBER only ("148" and "86" of "BP
148/86", "38,2" of "38,2 °C"), which is what a counterfactual replaces. The readers live in
:mod:`pytest_medllm.data.notes`, one module each, and the ``how`` of a mention says which one took it:

* **label** (:mod:`~pytest_medllm.data.notes.labels`) — a label of the label table followed on its line by the value:
  English ("HR", "BP", "B.P.", "RR", "SpO2", "Tmax", "Tm/Tc 38.1/37.2", "febrile to", "fever 38.9", "sinus tachycardia
  104", "tachy 104", "A-line 92/50", Indian and West African "PR 112/min", "RR 22 c/m") and German, Dutch, French,
  Spanish, Italian, Swedish, Portuguese and Polish ones ("RR 160/90 mmHg", "HF 88/min", "AF 18/min", "pols", "TA", "FC",
  "FR", "SatO2", "T°", "BT", "AH", Brazilian "PA 130x80", "tętno 116/min", "oddech 24/min"; the rate on the line of the
  heart's examination: "Cor: oregelbunden rytm, frekvens 112"; an ECG's rate in other languages, "sinustachycardie
  114/min"; Polish "AS niemiarowa 112/min"; a "home thermometer 39.4"; Chinese, Japanese and Korean "心率", "脈拍",
  "血压", "呼吸数", "指脉氧", "体温", "맥박", "혈압"; Russian, Ukrainian and Bulgarian "ЧСС", "Пульс", "АД", "ЧДД",
  "t тела"). Between label and value may stand a few words ("nadir",
  "as low as", "at home", "T actuelle", a quoted value, a time window "Tmax (24 h)", the value's own brackets "temp
  (100.1)"), and in a hard-wrapped note a line break (MIMIC's "BP" ending a line of 50 characters or more, "176/92
  prior to tPA" opening the next). Each label of the table names its language and vital (:func:`label_table`). An
  abbreviation that means something else in English ("AF", "HF", "PA", "FC", "FR", "TC", "BT", "AH") is read in its
  foreign sense only when the note shows that language (:mod:`~pytest_medllm.data.notes.languages`: three marker words
  such as "und", "Befund", "Raumluft"), when the unit written after the value confirms it ("FC 118 lpm", "HF 88/min"),
  or when another label of that language has a value on the same line ("TA 142/88, FC 118, FR 24"). "RR" followed by a
  pressure-shaped pair (a systolic of 50 mmHg or more) is the Riva-Rocci blood pressure in any note — a respiratory rate
  is never written "N/N" — and a single "RR" number is the respiratory rate, except a ventilator's set rate ("RR 20 set,
  total 24" is read at 24; an unqualified "RR 16" among the settings after a ventilator's mode, "Vent: AC/VC, Vt 450, RR
  16, PEEP 10", is the set rate). A value written with its temperature unit ("a 38.9 °C fever") is a temperature even
  without a label (:mod:`~pytest_medllm.data.notes.unlabelled`), unless the words before make it a setting or a target
  ("TTM 33 °C", "rewarm to 37 °C", "< 37.5 °C", "stop cooling when core temp reaches 39 °C (102.2 °F)");
* **positional run**, **table**, **row** (:mod:`~pytest_medllm.data.notes.layouts`) — MIMIC's and Epic's unlabelled runs
  after "VS:", "Last VS @ 2000:", "Vitals on day of discharge:" (a leading pain score or "afebrile", route and posture
  words, units, MIMIC's "98RA", dashes or spaced slashes between the numbers: "38.2 / 116 / 94/58 / 28 / 89%"), tables
  under a header row of vital columns (pipes, tabs or aligned columns; "RR (set/total)" gives the measured total), and a
  label's row of values across time columns ("HR (bpm)  118  112  106", empty cells "--" passed over); a run whose
  heading spells its order with slashes ("T/P/R：38.7/108/22", :mod:`~pytest_medllm.data.notes.slash_headed`) and
  the rows under a line that declares their order in words ("KT BP HR RR SpO2 の順"); a morning-and-evening chart's
  cells "104 / 96" (:mod:`~pytest_medllm.data.notes.twice_daily`);
* **continuation**, **posture or arm**, **repeat** (:mod:`~pytest_medllm.data.notes.continuations`) — further values of
  the vital just mentioned ("88% RA -> 94% on 4L", "38.4 °C overnight, now 37.6", "164/96 R arm, 160/94 L arm", "T 37.0
  (98.6)", "Tmax 100.4 at 2000 - acetaminophen given, recheck 99.1"), "lying 138/84", "Repeat 10 min later: 158/92";
  **topic line**: the readings of a line headed by a blood-pressure label ("BP for thrombolysis: labetalol 10 mg ->
  188/102; repeated -> 176/98"); **after a range**: the value after a range of the vital ("SBP 90s-100s, currently 112",
  "home log 140s/80s. Yesterday evening 162/98"); **blood-pressure sentence**: every pressure-shaped pair in the
  sentence of a blood-pressure word ("BP 188/104 this AM, 176/98 on recheck", "home BP log: 11/10 92/58, 11/12 88/54",
  "cuff reading 226/128"; not a threshold: "150/100 or higher"), on the timed lines under a heading that names blood
  pressure and ends with a colon, and any pair written with mmHg ("PA 130 x 80 mmHg") — never the targets of a plan
  ("lower SBP by 15% (roughly BP 180/100)", "then toward 150/90 over 24 h"); **series**: a chart's further rates after a
  label, to the field's end ("PR 84, 88 RR 18"). A relative's readings are not the patient's: "maternal BP", "wife's
  HR", and a line whose topic is the relative ("- Wife (separate chart) HR 61, BP 118/70");
* **reading of a dated log** (:mod:`~pytest_medllm.data.notes.dated_logs`) — the pairs, and the pulse after each, of
  two or more lines in a row that open with a date or a weekday ("03-03  158/98  p 74", "ma  ochtend 162/98 p 78");
* **end of a range** (:mod:`~pytest_medllm.data.notes.ranges`) — each end of a range of a vital ("HR 72-88", "SBP
  110s-120s", "TA 128-145/70-82", "Pulse: [78-158] 96", "HR 94 (82-118)", a grid's Min and Max columns, "rates in the
  40s", Epic's "SpO2:  (92 %-99 %) 95 %", a flowsheet summary's minimum and maximum columns before its current one:
  :mod:`~pytest_medllm.data.notes.summary_columns`) is a mention with ``range_end=True``: listed and counted, never
  chosen, never rewritten;
* **sentence temperature** (:func:`~pytest_medllm.data.notes.unlabelled.read_sentence_temperatures`) — a decimal of a
  temperature's range right after a verb of reading, in the sentence of a temperature word ("checked her temperature
  and it was 100.8", "Measured 100.9 on her home thermometer") or right after a verb of measuring in the sentence
  after one ("… with fever. She measured 38.4 at home"), and a decimal before the bare letter of its unit ("102.6 F";
  "88 F", without a decimal, is an age and a sex); a saturation an oxygen treatment improved ("Placed on 4L NC with
  improvement to 95%").

A labelled number is NOT taken as a reading (and is listed in ``rejected`` with the reason, unless it is read as the
end of a range) when it is a range, a target or threshold
("fever 100.4 or above"), followed by the unit of something else ("troponin T 24 ng/l", "Tmax 24h"), not a whole number
where one is due, an item of a score given as its points ("NEWS2 now 9 (RR 3, HR 2)", "COWS: resting pulse 2"; the
readings a score was computed from are taken: "NEWS2 6 (RR 28, HR 112)", "CIWA-Ar 14. HR 112"), or outside
:data:`~.schemas.VITAL_LIMITS` — except a blood pressure: a plausible reading beyond
DeVisE's range (systolic above 220 mmHg, diastolic above 140 mmHg, up to 300/200) is a real measurement, taken with
``in_range=False`` (:mod:`~pytest_medllm.data.notes.values`). A pressure written in centimetres of mercury, as French
and West African notes do ("TA 22/12 cmHg"), keeps that unit (its DeVisE value is ten times the number). Weights, heights, BMI, pain scores, FiO2, ventilator set
rates, doses, fluids, labs, GCS, MAP, PA pressures, ages and dates carry no vital label and are never taken.
Temperatures keep the unit written ("38.2C", "°F", "degrees Fahrenheit") or implied by the value (21-45 is °C, 70-110 is
°F) and the decimal comma written ("38,2").

**The choice rule** (one mention per vital sign: what a counterfactual rewrites). The note is cut into sections at its
headings (:mod:`~pytest_medllm.data.notes.sections`): a line that starts with a label and a colon, a known heading alone
on its line (also numbered or qualified: "3. PHYSICAL EXAMINATION", "DISCHARGE EXAM (transfer to floor)"), or a
paragraph of prose that opens with "On exam", "On arrival", "At discharge" (dictated notes without headings; the section
ends with the paragraph; only in a note where no heading names the examination). Each section is of kind ``exam``,
``discharge`` or ``other`` by its heading's words; a label the table does not know ("Gen:", "CV:", "A:") continues the
section it is in.

The ends of ranges take no part in it.

1. The first mention, in text order, inside a section of kind ``exam``. A section is ``exam`` when its heading names the
   examination the note documents or the first set of vitals of the encounter: physical exam, O/E, objective, status,
   admission findings, secondary survey, examination (in any of the nine languages: "Aufnahmebefund", "Lichamelijk
   onderzoek", "Exploración física", "EO (esame obiettivo)", "Status", "Exame físico", "Przy przyjęciu"), a
   vitals/VS/obs block ("Vitals:", "Obs @ triage:", "Signes vitaux:", "Constantes à l'arrivée :"), triage (also a
   nurse's "Triage note (RN): …" written under its heading), on arrival, initial vitals, primary survey, an A-E
   assessment, a baseline or pre-procedure block (not in a note written after the operation), or a timed assessment
   ("Assessment at 14:30", "Post-ROSC assessment (14:30)", also after an SBAR letter: "A: Assessment on RRT arrival
   (14:25):"); "P/E (ward)", "O/E (at MICU)", India's "S/E". So a nurse's triage block written before the
   physician's O/E is chosen, and a code note's post-ROSC assessment is chosen over the pre-arrest values its events
   narrative quotes. In a note the admitting team wrote
   (its first lines say admission, H&P, clerking, not the emergency department, an emergency unit or a ward that
   triages its own admissions), the team's own examination comes first: the emergency department's triage set or
   values it quotes under their own heading ("ED triage (01:55):", "@ED (triage):") are taken only for a vital the
   team's examination does not give — the admission exam first. In any note, an examination whose heading says the
   writer took it ("Physical exam (by me, 23:50):") comes first too.
2. Otherwise the first mention outside discharge sections (ED values in the history, a letter's prose, the only readings
   of a telephone note).
3. Otherwise the first mention in a discharge section.

A sentence that ends in a colon is not a heading when it reads as prose: it opens with a place or a time and a comma
("In the ED, initial vitals: 98.0 118 …", MIMIC's history quoting the ED), or ends with "were", "was", "showed",
"notable for". ``discharge`` sections are a discharge exam or discharge vitals (not a "Discharge summary" title; a
vitals block inside a discharge section stays discharge). ``other`` sections are everything else, and every repeat or
later set even when its heading names vitals or an exam: re-obs, rechecks, reassessments, repeat vitals, a second set
("VS 2", "second set of vitals"), interval events, "post-procedure vitals", "vitals after fluids", pre-hospital values
("EMS vitals", "Field vitals", the referring hospital's, an ambulance's "Ambo obs" or an ambulance service's by its
initials, "SWAST obs", "NIAS obs", firefighters' "Pompiers :", a crew's "On arrival of crew", the ED's "Vitals on
transfer", the ward's "Ward obs 12:00" that a MET call or an outreach team quotes before its own arrival, values quoted
from another team's record, "Pre-induction obs per anaesthetic chart", and in the note of a patient who came from
elsewhere the observations of that place, "Clinic obs 0600"), and a note's title alone on its line such as "OB Triage
Note". A mention out of DeVisE's range stays eligible: the rule chooses the same
reading either way, and the rewrite says it is not applicable. Pure functions of the text; nothing here logs or keeps
the note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .notes.continuations import confirm_weak, continued
from .notes.dated_logs import dated_logs
from .notes.label_listing import label_table
from .notes.labels import LABELS, Label, read_labelled
from .notes.languages import note_languages
from .notes.layouts import positional, tables
from .notes.ranges import read_range_ends, round_ranges_before_readings
from .notes.note_authors import admitting_team_note, quotes_the_emergency_department
from .notes.prose_vitals import read_prose_vitals
from .notes.slash_headed import declared_order_rows, slash_headed_runs
from .notes.summary_columns import mark_summary_columns
from .notes.twice_daily import twice_daily_rows
from .notes.sections import BY_THE_WRITER, SECTION_KINDS, Section, find_sections
from .notes.unlabelled import (read_ecg_rates, read_sentence_temperatures, read_unit_saturations,
                               read_unit_temperatures)
from .notes.values import RANGE_IN_BRACKETS, UNITS, Found, devise_temperature, in_devise_units, to_fahrenheit
from .schemas import VITAL_SIGNS

__all__ = ["LABELS", "SECTION_KINDS", "UNITS", "Label", "NoteVitals", "Rejected", "Section", "VitalMention",
           "choose_mentions", "devise_temperature", "extract_vitals", "find_sections", "find_vital_mentions",
           "label_table", "to_fahrenheit"]


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
    #: False for a real reading beyond DeVisE's range (a blood pressure above 220/140 mmHg): still a mention and
    #: still chosen by the rule, but no counterfactual can be made from it.
    in_range: bool = True
    #: One end of a range ("HR 72-88", "Pulse: [78-158] 96"): a mention of the vital, never chosen nor rewritten.
    range_end: bool = False

    @property
    def decimals(self) -> int:
        """Digits after the decimal point (or decimal comma, "37,8")."""
        return len(re.split(r"[.,]", self.text)[1]) if re.search(r"[.,]", self.text) else 0

    @property
    def devise_value(self) -> float:
        """The value in DeVisE's units (Table 2): temperatures in °F (to 0.1, as the scale reads them), pressures in
        mmHg (a French "22/12 cmHg" is 220/120), saturation in percent."""
        return in_devise_units(self.value, self.unit)

    def to_json(self) -> dict:
        return {"variable": self.variable, "value": self.value, "unit": self.unit, "unit_written": self.unit_written,
                "span": [self.start, self.end], "section": self.section, "section_kind": self.section_kind,
                "how": self.how, "notation": self.notation, "in_range": self.in_range,
                "range_end": self.range_end}


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


def find_vital_mentions(text: str, sections: list[Section] | None = None
                        ) -> tuple[list[VitalMention], list[Rejected]]:
    """Every vital-sign mention of ``text`` in text order, and the labelled numbers refused (with reasons)."""
    languages = note_languages(text)
    labelled, rejected = read_labelled(text, languages)
    found = labelled + positional(text) + slash_headed_runs(text) + declared_order_rows(text) + tables(text)
    found += twice_daily_rows(text)
    refused = {r[1] for r in rejected}
    for reader in (read_unit_temperatures, read_unit_saturations, read_sentence_temperatures, read_ecg_rates,
                   read_prose_vitals):
        found += reader(text, refused | {f.start for f in found})  # each skips what an earlier reader took
    found += continued(text, found, [(r[0], r[2]) for r in rejected if r[3] == "a range"]) + dated_logs(text)
    found = confirm_weak(found, text)
    mark_summary_columns(text, found)  # a flowsheet summary's minimum and maximum columns are a range's ends
    ranges = [(m.start(), m.end()) for m in re.finditer(RANGE_IN_BRACKETS, text)] + round_ranges_before_readings(text)
    found = [f for f in found if not any(a < f.start < b for a, b in ranges)]  # "[88-104] 96": bounds, not readings
    found += read_range_ends(text, found, [(r[0], r[1]) for r in rejected if r[3] == "a range"], LABELS, languages)
    by_start: dict[int, Found] = {}
    for item in found:  # the first rule to find a number keeps it
        by_start.setdefault(item.start, item)
    sections = sections if sections is not None else find_sections(text)
    mentions = []
    for item in sorted(by_start.values(), key=lambda f: f.start):
        section = next(s for s in sections if s.start <= item.start < s.end or s.end == len(text))
        mentions.append(VitalMention(item.variable, item.value, item.unit, item.unit_written, item.start, item.end,
                                     text[item.start:item.end], section.label, section.kind, item.how,
                                     item.notation, item.partner, item.in_range, item.range_end))
    taken = set(by_start)
    return mentions, [Rejected(*r) for r in rejected if r[1] not in taken]


def choose_mentions(mentions: list[VitalMention], admitting_team: bool = False) -> list[tuple[str, VitalMention, int]]:
    """The documented rule: per vital sign, the first mention in an admission examination (rule 1), else the first
    outside discharge sections (rule 2), else the first in a discharge section (rule 3). In a note the admitting team
    wrote (``admitting_team``, :func:`~.notes.note_authors.admitting_team_note`), rule 1 first looks in the team's own
    examination, passing over the emergency department's triage set or values the note quotes under their own
    heading; only when the team's examination has no mention of the vital does the quoted block count."""
    chosen = []
    # an examination whose heading says the writer took it ("Physical exam (by me, 23:50):") is the writer's own,
    # whoever else's values the note quotes under a heading of their own before it
    own_exam = [(1, lambda m: m.section_kind == "exam" and bool(BY_THE_WRITER.search(m.section)))]
    if admitting_team:
        own_exam.append((1, lambda m: m.section_kind == "exam" and not quotes_the_emergency_department(m.section)))
    for variable in VITAL_SIGNS:
        ordered = sorted((m for m in mentions if m.variable == variable and not m.range_end), key=lambda m: m.start)
        for rule, keep in own_exam + [(1, lambda m: m.section_kind == "exam"),
                                      (2, lambda m: m.section_kind != "discharge"), (3, lambda m: True)]:
            first = next((m for m in ordered if keep(m)), None)
            if first is not None:
                chosen.append((variable, first, rule))
                break
    return chosen


def extract_vitals(text: str) -> NoteVitals:
    """Mentions, chosen mentions and refusals of one note (see the module docstring for the rules)."""
    sections = find_sections(text)
    mentions, rejected = find_vital_mentions(text, sections)
    return NoteVitals(tuple(mentions), tuple(choose_mentions(mentions, admitting_team_note(text))), tuple(rejected),
                      tuple(sections))
