"""Counterfactual notes and DeVisE's metrics, against hand computations and the study's definitions."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.data.cohort import draw_patients, render_note
from pytest_medllm.data.schemas import VITAL_SIGNS
from pytest_medllm.data.severity import AGE_BINS, SEVERITY_SCALES
from pytest_medllm.methods.devise import (
    LOS_DEFAULT_HOURS,
    TASKS,
    Pair,
    is_monotonic,
    js_divergence,
    kl_divergence,
    mean_shift_by_severity,
)
from pytest_medllm.perturb.clinical import (
    CounterfactualError,
    check_only_variable_changed,
    demographic_counterfactuals,
    substitute,
    vital_counterfactuals,
)
from pytest_medllm.perturb.units import REWRITES, rewrite


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5000), st.sampled_from(["template", "raw"]))
def test_vital_counterfactuals_change_only_their_value_and_cover_every_level(seed, style):
    note = render_note(draw_patients(1, seed)[0], style)
    for variable in VITAL_SIGNS:
        cfs = vital_counterfactuals(note, variable, per_class=2, seed=seed)
        original = note.vital_map[variable]
        if original is None:
            assert cfs == []
            continue
        scale = SEVERITY_SCALES[variable]
        for cf in cfs:
            low, high = scale.range_of(int(cf.value_class))
            assert low <= cf.value <= high and cf.value != original
            assert cf.severity_shift == abs(scale.level(cf.value)) - abs(scale.level(original))
            assert cf.note.vital_map[variable] == cf.value
            vitals = cf.note.vital_map
            if vitals["systolic_bp"] is not None:
                assert vitals["diastolic_bp"] < vitals["systolic_bp"]
            check_only_variable_changed(note, cf.note, variable)
        assert {cf.value_class for cf in cfs} <= {str(level) for level in scale.levels}
        if variable not in ("systolic_bp", "diastolic_bp"):
            assert {cf.value_class for cf in cfs} == {str(level) for level in scale.levels}


def test_demographic_counterfactuals_follow_tables_1():
    note = render_note(draw_patients(1, 4)[0], "raw")
    ages = demographic_counterfactuals(note, "age", per_class=3, seed=1)
    assert len(ages) == 3 * len(AGE_BINS) and all(cf.value != note.age for cf in ages)
    for cf in ages:
        low, high = AGE_BINS[cf.value_class]
        assert low <= cf.value <= high
        assert cf.note.span_text("age") == [str(cf.value)] * 2  # header and present illness both change
    genders = demographic_counterfactuals(note, "gender", 1, 1)
    assert len(genders) == 1 and genders[0].value != note.gender
    assert len(demographic_counterfactuals(note, "ethnicity", 1, 1)) == 4


def test_an_edit_outside_the_variable_is_an_error_not_a_skip():
    note = render_note(draw_patients(1, 2)[0], "template")
    changed = substitute(note, "age", 45)
    broken = replace(changed, text=changed.text.replace("Vitals:", "Vital signs:"))
    with pytest.raises(CounterfactualError, match="outside the variable"):
        check_only_variable_changed(note, broken, "age")


def test_unit_rewrites_convert_correctly_and_touch_one_value():
    note = render_note(draw_patients(1, 3)[0], "template")
    celsius = rewrite(note, "temperature-celsius")
    value = note.vital_map["temperature"]
    written = float(re.search(r"(\d+\.\d+) °C", celsius.note.text).group(1))
    assert abs(written - (value - 32) * 5 / 9) <= 0.05  # 0.1 °C or finer
    for name in REWRITES:
        result = rewrite(note, name)
        if result is not None:
            diff = [a for a, b in zip(note.text.splitlines(), result.note.text.splitlines()) if a != b]
            assert len(diff) == 1


# DeVisE Table 2, temperature in °F, typed here again so that the check does not rely on the code under test.
TEMPERATURE_CLASSES = [(-2, 70.0, 89.4), (-1, 89.5, 94.9), (0, 95.0, 100.2), (1, 100.3, 103.9), (2, 104.0, 110.0)]


def _temperature_class(fahrenheit: float) -> int:
    written = round(fahrenheit, 1)  # DeVisE's ranges are written to 0.1 °F
    return next(level for level, low, high in TEMPERATURE_CLASSES if written <= high)


@pytest.mark.parametrize("style", ["template", "raw"])
def test_celsius_rewrites_never_cross_a_severity_boundary_in_the_paper_cohort(style):
    crossings, rewritten, refused = [], 0, 0
    for patient in draw_patients(1001, 1234):
        note = render_note(patient, style)
        if note.vital_map.get("temperature") is None:
            continue
        result = rewrite(note, "temperature-celsius")
        if result is None:
            refused += 1
            continue
        rewritten += 1
        celsius = float(re.search(r"(-?\d+(?:\.\d+)?) °C", result.note.text).group(1))
        original = note.vital_map["temperature"]
        if _temperature_class(celsius * 9 / 5 + 32) != _temperature_class(original):
            crossings.append((original, celsius))
    assert rewritten > 500 and not crossings, crossings[:5]
    assert refused <= rewritten // 100  # refusing is the exception, not the rule


def test_the_boundary_values_the_audit_found_are_kept_in_class():
    from pytest_medllm.perturb.units import celsius_text

    assert celsius_text(100.3) == "37.94 °C"  # 37.9 °C would be 100.22 °F: normal instead of high
    assert _temperature_class(float(celsius_text(89.5).split()[0]) * 9 / 5 + 32) == -1


def test_kl_and_js_match_their_definitions():
    p, q = [0.7, 0.2, 0.1, 0.0], [0.25, 0.25, 0.25, 0.25]
    assert kl_divergence(p, q) == pytest.approx(sum(a * math.log(a / b) for a, b in zip(p, q) if a > 0))
    m = [(a + b) / 2 for a, b in zip(p, q)]
    half = lambda x: sum(a * math.log(a / b) for a, b in zip(x, m) if a > 0)  # noqa: E731
    assert js_divergence(p, q) == pytest.approx(0.5 * half(p) + 0.5 * half(q))
    assert kl_divergence(q, p) == math.inf  # KL is not symmetric and not bounded; JS is both
    assert js_divergence(q, p) == pytest.approx(js_divergence(p, q))


def _pair(shift, delta, base=0.3):
    return Pair("p", "heart_rate", "0", shift, (1 - base, base), (1 - base - delta, base + delta), base, base + delta)


def test_direction_and_monotonicity_follow_equations_4_to_6():
    pairs = [_pair(-2, -0.2), _pair(-1, -0.05), _pair(0, 0.01), _pair(1, 0.1), _pair(2, 0.3)]
    m = mean_shift_by_severity(pairs)
    assert m == pytest.approx({-2: -0.2, -1: -0.05, 0: 0.01, 1: 0.1, 2: 0.3})
    assert is_monotonic(m) is True
    assert [p.correct_direction for p in pairs] == [True, True, None, True, True]
    assert is_monotonic({**m, 1: 0.4}) is False        # m(1) > m(2): not ordered
    assert is_monotonic({**m, -1: 0.0, 0: 0.0}) is False  # m(-1) must be negative
    assert is_monotonic({-2: None, -1: None, 0: 0.1, 1: None, 2: None}) is None
    assert _pair(1, -0.1).correct_direction is False


def test_expected_outcomes():
    assert TASKS["mortality"].expected((0.8, 0.2)) == pytest.approx(0.2)
    probs = (0.1, 0.2, 0.3, 0.4)
    assert TASKS["los"].expected(probs) == pytest.approx(sum(p * LOS_DEFAULT_HOURS[k] for p, k in
                                                             zip(probs, "1234")))
    means = [LOS_DEFAULT_HOURS[k] for k in "1234"]
    assert means == sorted(means)
