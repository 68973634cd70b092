"""Vital signs in free text (pytest_medllm.data.note_vitals): the annotated dev corpus, the notations real notes
use, the numbers that are not vitals, sections and the choice rule, and a property test on random prose."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.data.note_vitals import choose_mentions, extract_vitals, find_sections, find_vital_mentions
from tests.helpers.note_extraction_report import VITAL_ORDER, score
from tests.helpers.notes_markup import load

GOAL = 0.95
#: Annotated readings whose systolic exceeds VITAL_LIMITS (220 mmHg): the brief rules such values out ("a value
#: outside VITAL_LIMITS is not a vital"), the annotators marked them. They are the only misses allowed below.
OVER_LIMIT = {"dev-030", "dev-059"}


@pytest.fixture(scope="module")
def dev_scores():
    return score(load("dev"))


@pytest.mark.parametrize("kind", VITAL_ORDER)
@pytest.mark.parametrize("which", ["all", "chosen"])
def test_dev_corpus_precision_and_recall(dev_scores, kind, which):
    tally = dev_scores[which][kind]
    assert tally.precision >= GOAL, f"{which} {kind}: spurious {tally.false_positive}"
    assert tally.recall >= GOAL, f"{which} {kind}: missed {tally.false_negative}"
    misses = {miss.split("@")[0] for miss in tally.false_negative + tally.false_positive}
    assert misses <= OVER_LIMIT, f"{which} {kind}: unexpected errors {tally.false_negative + tally.false_positive}"


def _found(text: str) -> list[tuple[str, str, str]]:
    return [(m.variable, text[m.start:m.end], m.unit) for m in extract_vitals(text).mentions]


@pytest.mark.parametrize("text, expected", [
    ("temperature of 99.1 degrees Fahrenheit, blood pressure of 148/86, pulse of 92, respirations 16, and pulse "
     "oximetry 97% on room air",
     [("temperature", "99.1", "°F"), ("systolic_bp", "148", "mmHg"), ("diastolic_bp", "86", "mmHg"),
      ("heart_rate", "92", "bpm"), ("respiratory_rate", "16", "breaths/min"), ("oxygen_saturation", "97", "%")]),
    ("BP: 118/70. Pulse: 74. Temp: 97.2 degrees.",
     [("systolic_bp", "118", "mmHg"), ("diastolic_bp", "70", "mmHg"), ("heart_rate", "74", "bpm"),
      ("temperature", "97.2", "°F")]),
    ("Tmax 101.6, HR 128", [("temperature", "101.6", "°F"), ("heart_rate", "128", "bpm")]),
    ("T 38.2C HR 110 BP 90/60 RR 24 SpO2 91% RA",
     [("temperature", "38.2", "°C"), ("heart_rate", "110", "bpm"), ("systolic_bp", "90", "mmHg"),
      ("diastolic_bp", "60", "mmHg"), ("respiratory_rate", "24", "breaths/min"), ("oxygen_saturation", "91", "%")]),
    ("sat is 95% on 2 L nasal cannula", [("oxygen_saturation", "95", "%")]),
    ("VS: 98.1 84 122/68 16 98%RA",
     [("temperature", "98.1", "°F"), ("heart_rate", "84", "bpm"), ("systolic_bp", "122", "mmHg"),
      ("diastolic_bp", "68", "mmHg"), ("respiratory_rate", "16", "breaths/min"), ("oxygen_saturation", "98", "%")]),
    ("Obs: T 36.9, HR 88, BP 130/80, RR 18, Sats 95% on air. NEWS 1.",
     [("temperature", "36.9", "°C"), ("heart_rate", "88", "bpm"), ("systolic_bp", "130", "mmHg"),
      ("diastolic_bp", "80", "mmHg"), ("respiratory_rate", "18", "breaths/min"), ("oxygen_saturation", "95", "%")]),
    ("T: 98.6F P: 72 R: 16 BP: 118/76 SaO2: 97%",
     [("temperature", "98.6", "°F"), ("heart_rate", "72", "bpm"), ("respiratory_rate", "16", "breaths/min"),
      ("systolic_bp", "118", "mmHg"), ("diastolic_bp", "76", "mmHg"), ("oxygen_saturation", "97", "%")]),
    ("Her blood pressure is 132 over 78, pulse is 64", [("systolic_bp", "132", "mmHg"),
                                                        ("diastolic_bp", "78", "mmHg"), ("heart_rate", "64", "bpm")]),
    ("Temp 98.6 °F (37 °C)", [("temperature", "98.6", "°F"), ("temperature", "37", "°C")]),
    ("SpO2 88% RA -> 94% on 4L NC", [("oxygen_saturation", "88", "%"), ("oxygen_saturation", "94", "%")]),
    ("HR 38 lying, 64 standing", [("heart_rate", "38", "bpm"), ("heart_rate", "64", "bpm")]),
    ("BP R arm 228/134, L arm 180/100", [("systolic_bp", "180", "mmHg"), ("diastolic_bp", "100", "mmHg")]),
    ("He was hypotensive to 78/40 and tachycardic to 130, febrile to 39.4",
     [("systolic_bp", "78", "mmHg"), ("diastolic_bp", "40", "mmHg"), ("heart_rate", "130", "bpm"),
      ("temperature", "39.4", "°C")]),
    ("SpO2 0.94 on room air", [("oxygen_saturation", "0.94", "%")]),
    ("Temp 37,8 C", [("temperature", "37,8", "°C")]),
])
def test_notations_of_real_notes(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize("text", [
    "HR 80-110 overnight, SBP 100s, HR in the 70s, BP 120s/70s",
    "goal SBP < 140; keep sat > 92%; return for fever > 100.4; titrated to HR < 110; SpO2 goal 88-92%",
    "Wt 82 kg, Ht 175 cm, BMI 26.8. Pain 7/10. FiO2 40%, set rate 14, PEEP 5.",
    "glucose 98, K 4.1, Na 140, Cr 1.2, GCS 15, MAP 65, PA 45/20, PCWP 18, SvO2 52%, HbS 88%",
    "# SBP (spontaneous bacterial peritonitis): ceftriaxone; hold nadolol for SBP < 90. Episode of SBP 3 weeks ago.",
    "74-year-old woman; dx age 11; follow-up 12/24/2023; T-score -3.1; T2DM; Troponin T 0.09; free T4 1.2",
    "I/O 1800/2250; RT 42/60 Gy; PSV 10/5; ABG 7.29/58/61; strength 0/5; MoCA 24/30",
    "O2: 2 L NC. Venturi 28%. FEV1 38% predicted. LVEF 25%.",
    "Rapid response at 05:10. AF at 03:00. HR 250.",
    "roughly BP 170/100, then toward 160/100",
])
def test_numbers_that_are_not_vitals(text):
    assert _found(text) == []


def test_refused_numbers_say_why():
    _, rejected = find_vital_mentions("HR 80-110, goal SBP < 140, HR 250")
    reasons = {(r.variable, r.reason.split(":")[0]) for r in rejected}
    assert reasons == {("heart_rate", "a range"), ("systolic_bp", "a threshold or target"),
                       ("heart_rate", "outside DeVisE's range 1-200")}


def test_one_letter_labels_need_a_neighbouring_vital():
    assert _found("P 88") == [] and _found("R 20 noted") == []
    assert [v for v, _, _ in _found("T 97.8, P 118, BP 86/50, R 20")] == [
        "temperature", "heart_rate", "systolic_bp", "diastolic_bp", "respiratory_rate"]


def test_an_ambiguous_positional_run_is_not_taken():
    assert _found("VS: 88") == []  # one bare number: heart rate? respiratory rate?
    assert [v for v, _, _ in _found("VS: 84 16 98%")] == ["heart_rate", "respiratory_rate", "oxygen_saturation"]


def test_a_table_gives_every_row_with_its_column_unit():
    text = ("Time | Temp (C) | HR | BP | RR | SpO2 | Pain\n0800 | 37.2 | 96 | 118/64 | 18 | 96% | 4/10\n"
            "1000 | -- | 102 | 110/60 | 20 | 95% | 6/10\n")
    found = _found(text)
    assert found[:6] == [("temperature", "37.2", "°C"), ("heart_rate", "96", "bpm"), ("systolic_bp", "118", "mmHg"),
                         ("diastolic_bp", "64", "mmHg"), ("respiratory_rate", "18", "breaths/min"),
                         ("oxygen_saturation", "96", "%")]
    assert len(found) == 11 and ("heart_rate", "102", "bpm") in found


def test_temperature_units_written_or_implied():
    mentions = extract_vitals("T 98.6, later T 37.2, Temp 38.9 C, Temp 101 °F").mentions
    assert [(m.text, m.unit, m.unit_written) for m in mentions] == [
        ("98.6", "°F", False), ("37.2", "°C", False), ("38.9", "°C", True), ("101", "°F", True)]
    assert mentions[1].devise_value == 99.0  # 37.2 °C is 98.96 °F, read to 0.1 °F as the scale reads it
    assert _found("Temp 55.0") == []  # neither a plausible °C nor °F temperature


def test_sections_and_their_kinds():
    text = ("HPI: seen in ED.\nPhysical Exam:\nADMISSION EXAM:\nVS: T 98\nGen: well\nDISCHARGE EXAM:\nVitals: T 99\n"
            "Gen: well\nBrief Hospital Course: fine\nDischarge Medications: none\n")
    kinds = [(s.label, s.kind) for s in find_sections(text)]
    assert kinds == [("HPI", "other"), ("Physical Exam", "exam"), ("ADMISSION EXAM", "exam"),
                     ("VS", "exam"), ("DISCHARGE EXAM", "discharge"), ("Vitals", "discharge"),
                     ("Brief Hospital Course", "other"), ("Discharge Medications", "discharge")]


def test_the_choice_rule_prefers_exam_then_non_discharge_then_discharge():
    text = ("DISCHARGE SUMMARY\nHPI: In the ED, HR 120, T 101.2.\nPhysical Exam:\nHR 104\n"
            "Discharge exam:\nHR 70, T 98.1, RR 16\n")
    vitals = extract_vitals(text)
    chosen = {variable: (text[m.start:m.end], rule) for variable, m, rule in vitals.chosen}
    assert chosen == {"heart_rate": ("104", 1), "temperature": ("101.2", 2), "respiratory_rate": ("16", 3)}
    assert choose_mentions([]) == []


def test_findings_are_offsets_and_values_not_text():
    vitals = extract_vitals("Exam: HR 104, BP 120/80")
    rows = vitals.to_json()
    assert rows[0] == {"variable": "heart_rate", "value": 104.0, "unit": "bpm", "unit_written": False,
                       "span": [9, 12], "section": "Exam", "section_kind": "exam", "how": "label 'HR'",
                       "notation": "decimal", "chosen": True, "rule": 1}
    assert rows[1]["variable"] == "systolic_bp" and rows[2]["variable"] == "diastolic_bp"


# -- property: a vital written into prose that holds none is found exactly there -------------------------------

_PROSE = st.lists(st.sampled_from(["the", "patient", "was", "seen", "today", "and", "reports", "feeling", "tired",
                                   "with", "mild", "cough", "no", "chest", "pain", "slept", "well", "overnight",
                                   "tolerating", "diet", "plan", "continue", "current", "management", "family",
                                   "updated", "at", "bedside", "on", "2", "L", "of", "oxygen", "since", "Monday"]),
                  min_size=0, max_size=25).map(" ".join)


@st.composite
def _vital(draw):
    """A vital-sign phrase, and the (variable, number as written) pairs it states."""
    kind = draw(st.sampled_from(["hr", "bp", "rr", "spo2", "temp_f", "temp_c"]))
    if kind == "hr":
        value = str(draw(st.integers(30, 190)))
        label = draw(st.sampled_from(["HR", "HR:", "heart rate", "Heart rate of", "pulse", "Pulse:", "pulse of"]))
        return f"{label} {value}", [("heart_rate", value)]
    if kind == "bp":
        diastolic = draw(st.integers(30, 120))
        systolic = str(draw(st.integers(diastolic + 10, 215)))
        label = draw(st.sampled_from(["BP", "BP:", "blood pressure", "blood pressure of", "Blood pressure is"]))
        return f"{label} {systolic}/{diastolic}", [("systolic_bp", systolic), ("diastolic_bp", str(diastolic))]
    if kind == "rr":
        value = str(draw(st.integers(6, 45)))
        label = draw(st.sampled_from(["RR", "RR:", "respiratory rate", "respirations", "Resp"]))
        return f"{label} {value}", [("respiratory_rate", value)]
    if kind == "spo2":
        value = str(draw(st.integers(70, 100)))
        label = draw(st.sampled_from(["SpO2", "SpO2:", "O2 sat", "sats", "oxygen saturation of", "pulse oximetry"]))
        return f"{label} {value}%", [("oxygen_saturation", value)]
    label = draw(st.sampled_from(["T", "Temp", "Temp:", "temperature", "temperature of", "Tmax"]))
    if kind == "temp_f":
        value = f"{draw(st.integers(950, 1049)) / 10:.1f}"
        unit = draw(st.sampled_from(["", " F", " °F", "F"]))
    else:
        value = f"{draw(st.integers(350, 419)) / 10:.1f}"
        unit = draw(st.sampled_from(["", " C", " °C", "C"]))
    return f"{label} {value}{unit}", [("temperature", value)]


@settings(max_examples=300, deadline=None)
@given(_PROSE, _vital(), _PROSE)
def test_a_vital_in_random_prose_is_found_at_its_span(before, vital, after):
    phrase, stated = vital
    prefix = f"{before}. " if before else ""
    text = f"{prefix}{phrase}. {after}"
    mentions = extract_vitals(text).mentions
    position = len(prefix)
    expected = []
    for variable, number in stated:
        start = text.index(number, position)
        expected.append((variable, start, start + len(number)))
        position = start + len(number)
    assert [(m.variable, m.start, m.end) for m in mentions] == expected


@settings(max_examples=100, deadline=None)
@given(_PROSE)
def test_prose_without_vitals_yields_none(text):
    assert extract_vitals(text).mentions == ()


_NOISE = st.lists(st.one_of(
    st.sampled_from(["HR", "BP", "RR", "T", "P", "R", "SpO2", "O2", "sat", "Temp", "VS:", "Vitals:", "Exam:", "|", "\t",
                     "\n", "/", "%", "-", "->", "(", ")", ",", ".", ":", "°C", "F", "C", "M", "yo", "he", "her",
                     "Time | Temp (C) | HR | BP | SpO2\n", "lying", "standing", "over", "goal", "<", "Discharge exam:"]),
    st.integers(0, 400).map(str), st.floats(0, 120, allow_nan=False).map(lambda x: f"{x:.1f}"),
    st.tuples(st.integers(0, 300), st.integers(0, 300)).map(lambda p: f"{p[0]}/{p[1]}")), max_size=40)


@settings(max_examples=500, deadline=None)
@given(_NOISE, st.lists(st.sampled_from([" ", "", "  ", " | "]), min_size=40, max_size=40))
def test_any_text_is_read_without_error(tokens, separators):
    text = "".join(token + separator for token, separator in zip(tokens, separators)) or "x"
    vitals = extract_vitals(text)
    for mention in vitals.mentions:
        assert text[mention.start:mention.end] == mention.text
        assert re.fullmatch(r"\d{1,3}(?:[.,]\d{1,2})?", mention.text)
