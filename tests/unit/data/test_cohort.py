"""The synthetic ICU cohort: seeded, faithful to DeVisE Table 4, rendered with exact variable spans."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.data.cohort import (
    COHORT_STATS,
    draw_patients,
    find_vital_spans,
    news2_points,
    render_note,
    synthetic_labels,
)
from pytest_medllm.data.schemas import VITAL_SIGNS
from pytest_medllm.data.severity import (
    AGE_BINS,
    SEVERITY_SCALES,
    age_bin,
    severity_shift,
)


@pytest.fixture(scope="module")
def cohort():
    return draw_patients(3000, seed=5)


def test_same_seed_same_patients_other_seed_other_patients():
    assert draw_patients(20, 1) == draw_patients(20, 1)
    assert draw_patients(20, 1) != draw_patients(20, 2)


def test_demographics_follow_table_4(cohort):
    n = len(cohort)
    female = sum(p.gender == "female" for p in cohort) / n
    assert female == pytest.approx(COHORT_STATS["sex"]["female"], abs=0.03)
    race = Counter(p.ethnicity for p in cohort)
    for name, share in COHORT_STATS["race"].items():
        assert race[name] / n == pytest.approx(share, abs=0.025)
    ages = [p.age for p in cohort]
    assert statistics.mean(ages) == pytest.approx(63.64, abs=2.5)  # truncated to DeVisE's 18-91
    assert min(ages) >= 18 and max(ages) <= 91


@pytest.mark.parametrize("vital", VITAL_SIGNS)
def test_vitals_follow_table_4_within_the_admissible_range(cohort, vital):
    mean, sd, missing = COHORT_STATS["vitals"][vital]
    values = [p.vital_map[vital] for p in cohort if p.vital_map[vital] is not None]
    assert 1 - len(values) / len(cohort) == pytest.approx(missing, abs=0.025)
    low, high = SEVERITY_SCALES[vital].bounds
    assert all(low <= v <= high for v in values)
    # Truncation at physiological bounds pulls SpO2 (capped at 100) and DBP (below SBP) down a little.
    assert statistics.mean(values) == pytest.approx(mean, abs=0.05 * mean)


def test_blood_pressure_is_missing_as_one_reading_and_has_a_pulse_pressure(cohort):
    for p in cohort:
        v = p.vital_map
        assert (v["systolic_bp"] is None) == (v["diastolic_bp"] is None)
        if v["systolic_bp"] is not None:
            assert v["diastolic_bp"] <= v["systolic_bp"] - 10


def test_template_note_has_the_study_format():
    patient = draw_patients(1, seed=3)[0]
    note = render_note(patient, "template")
    lines = note.text.strip().splitlines()
    assert lines[3] == "Vitals:"
    assert {line.split(":")[0] for line in lines[:3]} == {"Age", "Gender", "Ethnicity"}
    for variable, start, end in note.spans:
        value = note.text[start:end]
        if variable in VITAL_SIGNS:
            assert float(value) == patient.vital_map[variable]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_raw_notes_can_be_read_back_whatever_the_notation(seed):
    for patient in draw_patients(3, seed):
        note = render_note(patient, "raw")
        found = find_vital_spans(note.text)
        recorded = {v: (a, b) for v, a, b in note.spans if v in VITAL_SIGNS}
        assert found == recorded, (patient.layout["notation"], note.text)
        assert note.span_text("age") == [str(patient.age)] * 2


def test_variable_spans_cover_every_written_value():
    patient = draw_patients(1, seed=11)[0]
    for style in ("template", "raw"):
        note = render_note(patient, style)
        written = {v for v, _, _ in note.spans}
        expected = {"age", "gender", "ethnicity"} | {k for k, v in patient.vitals if v is not None}
        assert written == expected


def news2_reference(rr, spo2, sbp, hr, temp_c):
    """NEWS2 chart (RCP 2017), written independently as explicit ranges."""
    score = 0
    score += 3 if rr <= 8 else 1 if 9 <= rr <= 11 else 0 if 12 <= rr <= 20 else 2 if 21 <= rr <= 24 else 3
    score += 3 if spo2 <= 91 else 2 if spo2 in (92, 93) else 1 if spo2 in (94, 95) else 0
    score += 3 if sbp <= 90 else 2 if 91 <= sbp <= 100 else 1 if 101 <= sbp <= 110 else 0 if sbp <= 219 else 3
    score += 3 if hr <= 40 else 1 if hr <= 50 else 0 if hr <= 90 else 1 if hr <= 110 else 2 if hr <= 130 else 3
    score += 3 if temp_c <= 35.0 else 1 if temp_c <= 36.0 else 0 if temp_c <= 38.0 else 1 if temp_c <= 39.0 else 2
    return score


@given(rr=st.integers(1, 50), spo2=st.integers(1, 100), sbp=st.integers(1, 220), hr=st.integers(1, 200),
       temp_f=st.integers(700, 1100).map(lambda x: x / 10))
def test_news2_matches_an_independent_chart(rr, spo2, sbp, hr, temp_f):
    vitals = {"respiratory_rate": rr, "oxygen_saturation": spo2, "systolic_bp": sbp, "heart_rate": hr,
              "temperature": temp_f}
    temp_c = round((temp_f - 32) * 5 / 9, 1)
    assert sum(news2_points(vitals).values()) == news2_reference(rr, spo2, sbp, hr, temp_c)


def test_synthetic_labels_are_marked_and_follow_the_rule(cohort):
    note = render_note(cohort[0], "template")
    assert note.synthetic
    for p in cohort[:300]:
        labels = synthetic_labels(p)
        assert labels["mortality"] == ("1" if labels["risk_score"] >= 8 else "0")
        assert labels["los"] in "1234"
    mortality = sum(synthetic_labels(p)["mortality"] == "1" for p in cohort) / len(cohort)
    assert 0.04 < mortality < 0.15


def test_severity_scales_are_table_2():
    hr = SEVERITY_SCALES["heart_rate"]
    assert [hr.level(v) for v in (40, 41, 50, 51, 90, 91, 110, 111)] == [-2, -1, -1, 0, 0, 1, 1, 2]
    assert SEVERITY_SCALES["oxygen_saturation"].levels == (-2, -1, 0)
    assert SEVERITY_SCALES["temperature"].level(89.4) == -2 and SEVERITY_SCALES["temperature"].level(89.5) == -1
    with pytest.raises(ValueError):
        hr.level(250)
    assert severity_shift("heart_rate", 80, 120) == 2 and severity_shift("heart_rate", 120, 45) == -1
    assert [age_bin(a) for a in (18, 35, 36, 75, 76, 91)] == ["young adults", "young adults", "middle aged adults",
                                                               "older adults", "elderly", "elderly"]
    assert list(AGE_BINS) == ["young adults", "middle aged adults", "older adults", "elderly"]
