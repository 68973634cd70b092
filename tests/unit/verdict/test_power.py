"""A gate's power against the metric's unacceptable value: the gate language, the exact binomial sums, the
simulations, and what a record says — every number checked against an independent computation (a plain loop over
:meth:`Gate.judge`, the package's own statistics on simulated data, scipy's bootstrap)."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.methods import stats
from pytest_medllm.verdict.declarations import DeclarationError, Suite, missing_unacceptable
from pytest_medllm.verdict.gates import Gate, GateSyntaxError, parse_gate, simulate_proportion_gate
from pytest_medllm.verdict.power import (
    DETECTION_TARGET,
    exact_proportion_detectable,
    exact_proportion_failure,
    gate_fails,
    gate_power,
    shifted_mean_detectable,
    shifted_mean_power,
    simulate_independent_kappa_runs,
    simulate_mean_runs,
)
from pytest_medllm.verdict.recorder import judge
from pytest_medllm.verdict.records import MetricRecord, Verdict
from tests.unit.verdict.test_gate_simulation import exact_failure_rate

# -- the gate language -------------------------------------------------------------------------------------------

def test_a_gate_line_may_carry_its_unacceptable_value():
    gate = parse_gate("option_order.flip_rate <= 0.2 @lenient unacceptable 0.5", source="cli")
    assert (gate.op, gate.threshold, gate.mode, gate.unacceptable) == ("<=", 0.2, "lenient", 0.5)
    assert gate.text == "option_order.flip_rate <= 0.2 @lenient unacceptable 0.5"
    assert parse_gate(gate.text) == Gate("option_order.flip_rate", "<=", 0.2, "lenient", "ini", unacceptable=0.5)
    assert gate.rule == "option_order.flip_rate <= 0.2 @lenient"
    assert "unacceptable" not in gate.judge(0.1, (0.05, 0.3))[1]  # reasons quote the rule
    assert parse_gate("x.y >= 0.6 unacceptable 0.5").mode == "lenient"  # the mode stays optional
    assert parse_gate("x.y > 0 @strict unacceptable 0").unacceptable == 0.0
    assert parse_gate("x.y <= 0.2").unacceptable is None and parse_gate("x.y <= 0.2").text == "x.y <= 0.2 @lenient"


@pytest.mark.parametrize("line, message", [
    ("x.y <= 0.2 @lenient unacceptable 0.1", "meets the threshold"),
    ("x.y >= 0.6 @lenient unacceptable 0.6", "meets the threshold"),
    ("x.y <= 0.2 @lenient unacceptable lots", "is not a number"),
    ("x.y <= 0.2 @lenient unacceptable nan", "is not a number"),
    ("x.y <= baseline + 0.05 @noninferior unacceptable 0.3", "reference run"),
    ("x.y <= 0.2 @lenient unacceptable", "does not parse"),
])
def test_a_bad_unacceptable_value_is_a_one_line_error(line, message):
    with pytest.raises(GateSyntaxError, match=message):
        parse_gate(line)


def test_a_declaration_states_an_unacceptable_value_with_its_reason_on_the_failing_side():
    suite = Suite("power_declarations", "unit test")
    metric = suite.metric("flips", "share flipped", better="lower", expect="<= 0.2 @lenient",
                          because="a reason long enough to explain the threshold", unacceptable=0.5,
                          unacceptable_because="the study's flip rate")
    assert (metric.unacceptable, metric.unacceptable_because) == (0.5, "the study's flip rate")
    with pytest.raises(DeclarationError, match="say why"):
        suite.metric("a", "m", better="lower", expect="<= 0.2 @lenient", because="why", unacceptable=0.5)
    with pytest.raises(DeclarationError, match="meets the default gate"):
        suite.metric("b", "m", better="lower", expect="<= 0.2 @lenient", because="why", unacceptable=0.1,
                     unacceptable_because="too low to be a violation")
    with pytest.raises(DeclarationError, match="with an expectation"):
        suite.metric("c", "m", unacceptable=0.1, unacceptable_because="a descriptive metric has no gate")
    with pytest.raises(DeclarationError, match="without an unacceptable value"):
        suite.metric("d", "m", unacceptable_because="no value")
    gated = suite.metric("e", "m", better="lower", expect="<= 0.2 @lenient", because="why")
    assert missing_unacceptable([suite]) == [gated.id]  # a declaration error for the project's suites


# -- judging many runs at once is judging each -------------------------------------------------------------------

@pytest.mark.parametrize("op", [">=", ">", "<=", "<"])
@pytest.mark.parametrize("mode", ["point", "lenient", "strict"])
def test_vectorized_judgement_is_gate_judge(op, mode):
    gate = Gate("x", op, 0.3, mode)
    rng = np.random.default_rng(7)
    values = np.round(rng.uniform(0, 0.6, 400), 2)
    lows, highs = np.round(values - rng.uniform(0, 0.3, 400), 2), np.round(values + rng.uniform(0, 0.3, 400), 2)
    values[::37], lows[::41], highs[::43] = np.nan, np.nan, np.nan
    lows[5], values[5], highs[5] = 0.3, 0.3, 0.3  # the threshold itself
    expected = [not gate.judge(None if math.isnan(v) else v, (lo, hi))[0].passed
                for v, lo, hi in zip(values, lows, highs)]
    assert gate_fails(gate, values, lows, highs).tolist() == expected


# -- exact: proportions with a Wilson interval -------------------------------------------------------------------

GATES = [Gate("x", "<=", 0.2, "lenient"), Gate("x", ">=", 0.6, "lenient"), Gate("x", "<=", 0.1, "point"),
         Gate("x", ">=", 0.8, "strict"), Gate("x", "<", 0.35, "lenient"), Gate("x", ">", 0.5, "point")]


@pytest.mark.parametrize("gate", GATES, ids=lambda g: g.text)
@pytest.mark.parametrize("n", [12, 20, 91])
def test_exact_power_is_the_plain_sum_over_gate_judge(gate, n):
    """Against tests/unit/verdict/test_gate_simulation.py's loop over Gate.judge and statsmodels' Wilson bounds."""
    for p in (0.05, 0.25, 0.4, 0.578, 0.9):
        assert exact_proportion_failure(p, n, gate) == pytest.approx(exact_failure_rate(p, n, gate), abs=1e-12)


@pytest.mark.parametrize("gate", GATES[:4], ids=lambda g: g.text)
def test_exact_power_agrees_with_simulation(gate):
    for n, p in ((20, 0.4), (24, 0.5), (91, 0.3)):
        simulated = simulate_proportion_gate(p, n, gate, draws=20000, seed=n)
        exact = exact_proportion_failure(p, n, gate)
        assert simulated == pytest.approx(exact, abs=4 * math.sqrt(max(exact * (1 - exact), 1e-4) / 20000))


def test_the_readme_example_numbers():
    """The issue's numbers: flip_rate <= 0.2 @lenient on 20 items passes a model with 40% flips in 42% of runs; a
    0.333 direction share on 12 counterfactuals passes >= 0.6 @lenient."""
    flips = Gate("x", "<=", 0.2, "lenient")
    assert 1 - exact_proportion_failure(0.4, 20, flips) == pytest.approx(0.416, abs=0.001)
    direction = Gate("x", ">=", 0.6, "lenient")
    low, high = proportion_confint(4, 12, method="wilson")
    assert direction.judge(4 / 12, (low, high))[0] is Verdict.PASS and high == pytest.approx(0.609, abs=0.001)
    assert exact_proportion_failure(0.5, 12, direction) < 0.1  # at chance it is caught under one run in ten


@pytest.mark.parametrize("gate", GATES[:4], ids=lambda g: g.text)
@pytest.mark.parametrize("n", [20, 91, 1000])
def test_the_detectable_value_is_caught_with_80_percent_and_nothing_closer_is(gate, n):
    detectable = exact_proportion_detectable(n, gate)
    if detectable is None:
        far = 0.0 if gate.wants_high else 1.0
        assert exact_failure_rate(far, n, gate) < DETECTION_TARGET
        return
    if detectable == gate.threshold:
        assert exact_failure_rate(gate.threshold, n, gate) >= DETECTION_TARGET
        return
    assert gate.violated_by(detectable)
    assert exact_failure_rate(detectable, n, gate) == pytest.approx(DETECTION_TARGET, abs=1e-6)
    closer = detectable + (0.005 if gate.wants_high else -0.005)
    assert exact_failure_rate(closer, n, gate) < DETECTION_TARGET
    # Power grows with the violation (the failing counts are one-sided).
    beyond = [detectable - 0.05 * i if gate.wants_high else detectable + 0.05 * i for i in range(4)]
    powers = [exact_failure_rate(min(max(p, 0), 1), n, gate) for p in beyond]
    assert all(b >= a - 1e-12 for a, b in zip(powers, powers[1:]))


def test_a_shifted_proportion_is_judged_on_its_own_scale():
    """accuracy_over_chance: accuracy minus chance (0.2) with the shifted Wilson interval, `> 0 @strict`."""
    gate = parse_gate("x.accuracy_over_chance > 0 @strict")
    n, chance = 24, 0.2

    def by_hand(p_raw: float) -> float:
        total = 0.0
        for k in range(n + 1):
            estimate = stats.shifted(stats.wilson(k, n), -chance)
            if not gate.judge(estimate.value, estimate.ci)[0].passed:
                total += scipy_stats.binom.pmf(k, n, p_raw)
        return total

    for p in (0.2, 0.3, 0.45):
        assert exact_proportion_failure(p, n, gate, -chance) == pytest.approx(by_hand(p), abs=1e-12)
    assert exact_proportion_failure(0.2, n, gate, -chance) >= 0.95  # strict: a model at chance rarely passes
    assert exact_proportion_detectable(n, gate, -chance) == 0.0  # every violation is caught with 80%


# -- simulation: bootstrap means ---------------------------------------------------------------------------------

def _independent_mean_power(values, mu, gate, runs=300, resamples=300, seed=11) -> float:
    """Power by brute force, through the package's own statistics: draw runs from the shifted per-unit values,
    compute each run's interval with stats.bootstrap_mean_ci (scipy's bootstrap) and judge it with Gate.judge."""
    x = np.asarray(values, dtype=float)
    shifted = x - x.mean() + mu
    rng = np.random.default_rng(seed)
    failed = 0
    for r in range(runs):
        sample = shifted[rng.integers(0, len(x), len(x))]
        estimate = stats.bootstrap_mean_ci(sample.tolist(), resamples, seed=r)
        failed += not gate.judge(estimate.value, estimate.ci)[0].passed
    return failed / runs


@pytest.mark.parametrize("expect, unacceptable", [(">= -0.1 @lenient", -0.2), (">= 0.7 @point", 0.6),
                                                  ("> 0 @strict", 0.0), ("<= 0.15 @lenient", 0.3)])
def test_simulated_mean_power_agrees_with_brute_force(expect, unacceptable):
    gate = parse_gate(f"x.m {expect}")
    values = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, -1, 0, 0, 1, 0, 0, 0]
    runs = simulate_mean_runs(values, 400, 250, seed=5)
    simulated = shifted_mean_power(gate, runs, unacceptable)
    brute = _independent_mean_power(values, unacceptable, gate)
    se = math.sqrt(max(brute * (1 - brute), 0.01) / 300) + math.sqrt(max(simulated * (1 - simulated), 0.01) / 400)
    assert simulated == pytest.approx(brute, abs=3.5 * se + 0.02), (simulated, brute)


def test_the_simulated_detectable_mean_is_a_quantile_of_the_runs():
    gate = parse_gate("x.m >= -0.1 @lenient")
    values = np.random.default_rng(3).normal(0, 0.5, 30)
    runs = simulate_mean_runs(values, 400, 250, seed=9)
    detectable = shifted_mean_detectable(gate, runs)
    assert gate.violated_by(detectable)
    assert shifted_mean_power(gate, runs, detectable - 1e-9) >= DETECTION_TARGET
    assert shifted_mean_power(gate, runs, detectable + 1e-6) < DETECTION_TARGET
    brute = _independent_mean_power(values, detectable, gate, runs=300, resamples=300)
    assert brute == pytest.approx(DETECTION_TARGET, abs=0.08)


# -- simulation: kappa at independence ---------------------------------------------------------------------------

def test_simulated_kappa_power_agrees_with_the_package_kappa_bootstrap():
    gate = parse_gate("x.kappa >= 0.4 @lenient")
    table = np.array([[5, 2, 1], [1, 6, 1], [2, 1, 5]])
    values, lows, highs = simulate_independent_kappa_runs(table, 300, 200, seed=4)
    simulated = float(gate_fails(gate, values, lows, highs).mean())
    rng = np.random.default_rng(21)
    rows, cols = table.sum(axis=1) / table.sum(), table.sum(axis=0) / table.sum()
    failed = 0
    for r in range(200):
        first = rng.choice(3, size=24, p=rows)
        second = rng.choice(3, size=24, p=cols)
        estimate = stats.kappa_bootstrap(first.tolist(), second.tolist(), 200, seed=r, categories=[0, 1, 2])
        failed += not gate.judge(estimate.value, estimate.ci)[0].passed
    brute = failed / 200
    assert abs(np.nanmean(values)) < 0.05  # the runs have no agreement beyond chance
    assert simulated == pytest.approx(brute, abs=0.1)


# -- what a record says ------------------------------------------------------------------------------------------

def _record(estimate: stats.Estimate, name: str = "flip_rate", details: dict | None = None) -> MetricRecord:
    return MetricRecord(suite="s", name=name, value=estimate.value, n=estimate.n, ci_low=estimate.low,
                        ci_high=estimate.high, ci_method=estimate.method, details=details or {},
                        per_item=dict(estimate.per_item) or None)


def test_a_wilson_record_gets_the_exact_power():
    gate = parse_gate("s.flip_rate <= 0.2 @lenient", source="suite")
    record = _record(stats.proportion({f"i{i}": i < 3 for i in range(20)}))
    power = gate_power(record, gate, 0.578, "the study", "suite")
    assert power.method == "exact" and power.n == 20
    assert power.probability == pytest.approx(exact_failure_rate(0.578, 20, gate), abs=1e-12)
    assert power.detectable == pytest.approx(exact_proportion_detectable(20, gate))
    assert gate_power(record, gate, 0.578, "the study", "suite") == power  # cached and deterministic


def test_a_shifted_wilson_record_is_recognised_by_its_interval():
    gate = parse_gate("s.accuracy_over_chance > 0 @strict")
    chance = 7 / 30  # not a round number: the method string keeps four digits only
    record = _record(stats.shifted(stats.wilson(9, 24), -chance), "accuracy_over_chance")
    power = gate_power(record, gate, 0.0)
    assert power.method == "exact"
    assert power.probability == pytest.approx(exact_proportion_failure(chance, 24, gate, -chance), abs=1e-9)


def test_a_record_whose_interval_is_not_wilson_gets_no_exact_power():
    gate = parse_gate("s.flip_rate <= 0.2 @lenient")
    record = MetricRecord("s", "flip_rate", 0.25, 20, 0.1, 0.5, "wilson")
    power = gate_power(record, gate, 0.578)
    assert power.method == "not computed" and power.probability is None and "not the Wilson" in power.how


def test_a_bootstrap_mean_record_is_simulated_and_other_statistics_are_not():
    gate = parse_gate("s.change >= -0.1 @lenient")
    values = {f"i{i}": float(v) for i, v in enumerate([0, 1, -1, 0, 0, 0, 1, 0, -1, 0, 0, 0])}
    record = _record(stats.mean_ci(values, 500, seed=1), "change")
    power = gate_power(record, gate, -0.119)
    assert power.method == "simulation" and 0 <= power.probability <= 1 and "shifted" in power.how
    assert gate_power(record, gate, -0.119) == power  # seeded by the metric id: identical runs, identical artifacts
    flat = _record(stats.mean_ci({f"i{i}": 0.0 for i in range(10)}, 500, seed=1), "change")
    assert "same" in gate_power(flat, gate, -0.119).how
    bias = _record(stats.bootstrap_ci([(0, 1), (1, 1), (2, 0)] * 5, lambda s: 0.2, 200, seed=1), "position_bias")
    power = gate_power(bias, parse_gate("s.position_bias <= 0.1"), 0.137)
    assert power.method == "not computed" and power.probability is None and "not a mean" in power.how
    point = MetricRecord("s", "rstd", 0.3, 5, None, None, "sigma/mu (population SD)")
    assert gate_power(point, parse_gate("s.rstd <= 0.5 @point"), 1.732).method == "not computed"


def test_no_unacceptable_value_or_one_that_meets_the_gate_computes_nothing():
    record = _record(stats.proportion([True] * 3 + [False] * 17))
    assert "no unacceptable value" in gate_power(record, parse_gate("s.flip_rate <= 0.2"), None).how
    meets = gate_power(record, parse_gate("s.flip_rate <= 0.6"), 0.578)
    assert meets.probability is None and "meets this gate's threshold" in meets.how


def test_judge_takes_the_unacceptable_value_of_the_gate_line_over_the_declaration():
    suite = Suite("power_judge", "unit test")
    metric = suite.metric("flip_rate", "share flipped", better="lower", expect="<= 0.2 @lenient",
                          because="a reason long enough to explain the threshold", unacceptable=0.578,
                          unacceptable_because="the study's flip rate")
    record = MetricRecord("power_judge", "flip_rate", 0.15, 20, *proportion_confint(3, 20, method="wilson"), "wilson")
    declared = judge(record, [], metric.default_gate(), metric)
    assert declared.power["unacceptable"] == 0.578 and declared.power["unacceptable_source"] == "suite"
    assert declared.power["unacceptable_because"] == "the study's flip rate"
    override = parse_gate("power_judge.flip_rate <= 0.2 @lenient unacceptable 0.4", source="policy")
    configured = judge(record, [override], metric.default_gate(), metric)
    assert configured.gate == override.text and configured.power["unacceptable"] == 0.4
    assert configured.power["unacceptable_source"] == "policy"
    assert configured.power["probability"] == pytest.approx(exact_failure_rate(0.4, 20, override))
    assert configured.underpowered(0.8) and not configured.underpowered(0.5)
    assert MetricRecord.from_dict({**configured.to_dict(), "gate_status": "passed"}) == configured


def test_a_quick_run_worth_of_gates_costs_little():
    """About 165 gates: ~130 Wilson proportions at a handful of sizes, ~25 bootstrap means, a few kappas. The
    exact ones are cached by (n, gate); CPU time, not wall time (the machine may be shared)."""
    from pytest_medllm.verdict import power as module

    module._failing_counts.cache_clear()
    module._exact_failure.cache_clear()
    module._exact_detectable.cache_clear()
    rng = np.random.default_rng(0)
    gates = [parse_gate(t) for t in ("s.a <= 0.2", "s.b >= 0.8", "s.c >= 0.6", "s.d <= 0.1", "s.e <= 0.35")]
    started = time.process_time()
    for i in range(130):
        n = (20, 24, 5, 6, 12)[i % 5]
        k = int(rng.integers(0, n + 1))
        gate_power(_record(stats.wilson(k, n), f"m{i}"), gates[i % 5], 0.5 if gates[i % 5].wants_high else 0.6)
    for i in range(25):
        values = {f"u{j}": float(v) for j, v in enumerate(rng.integers(-1, 2, 20))}
        gate_power(_record(stats.mean_ci(values, 200, seed=i), f"mean{i}"), parse_gate("s.x >= -0.1"), -0.2)
    table = [[4, 1, 1], [1, 5, 1], [1, 1, 9]]
    for i in range(3):
        record = MetricRecord("s", "kappa", stats.cohen_kappa(*_pairs(table)), 24, 0.1, 0.7,
                              "bootstrap percentile B=2000", details={"table": table})
        assert gate_power(record, parse_gate("s.kappa >= 0.4"), 0.0).method == "simulation"
    elapsed = time.process_time() - started
    assert elapsed < 8, f"{elapsed:.1f} s of CPU for a quick run's gates"


def _pairs(table):
    first, second = [], []
    for i, row in enumerate(table):
        for j, count in enumerate(row):
            first += [i] * count
            second += [j] * count
    return first, second
