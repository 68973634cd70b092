"""How often the default gate fails a model that truly meets it (false alarm) and one that truly misses it
(detection power), at the default sample sizes — simulated, and cross-checked against exact binomial sums.

The numbers in the README's "Release gates" section come from ``python -m tests.unit.verdict.test_gate_simulation``.

The non-inferiority gates of ``--compare-to`` are checked the same way: the interval they judge (Tango's score
interval for paired proportions) against an independent implementation that maximises the likelihood
numerically, and the README's simulated non-inferiority table against exact sums over the trinomial
distribution of discordant items.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats
from scipy.optimize import brentq, minimize_scalar
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.methods.stats import paired_proportion_difference_ci
from pytest_medllm.verdict.gates import Gate, parse_gate, simulate_proportion_gate
from tests.conftest import PROJECT_DIR

# The quick profile's sample sizes (prompt suites: 24 items; perturbation suites: 20) and the ESAP study's 91.
SIZES = (20, 24, 91)


def exact_failure_rate(p_true: float, n: int, gate: Gate) -> float:
    total = 0.0
    for k in range(n + 1):
        low, high = proportion_confint(k, n, method="wilson")
        if gate.judge(k / n, (float(low), float(high)))[0] != "pass":
            total += scipy_stats.binom.pmf(k, n, p_true)
    return total


@pytest.mark.parametrize("n", SIZES)
def test_lenient_gate_rarely_fails_a_model_at_the_threshold(n):
    gate = Gate("x.flip_rate", "<=", 0.2, "lenient")
    false_alarm = simulate_proportion_gate(0.2, n, gate, draws=20000, seed=n)
    assert false_alarm == pytest.approx(exact_failure_rate(0.2, n, gate), abs=0.01)
    assert false_alarm <= 0.05  # at most about the 2.5% one-sided error of a 95% interval, plus discreteness


@pytest.mark.parametrize("n", SIZES)
def test_strict_gate_rarely_passes_a_model_that_misses(n):
    gate = Gate("x.flip_rate", "<=", 0.2, "strict")
    waved_through = 1 - simulate_proportion_gate(0.2, n, gate, draws=20000, seed=n)
    assert waved_through == pytest.approx(1 - exact_failure_rate(0.2, n, gate), abs=0.01)
    assert waved_through <= 0.05


def test_power_grows_with_sample_size_and_effect():
    gate = Gate("x.flip_rate", "<=", 0.2, "lenient")
    power = {n: exact_failure_rate(0.45, n, gate) for n in SIZES}
    assert power[20] < power[24] < power[91]
    assert exact_failure_rate(0.6, 24, gate) > exact_failure_rate(0.45, 24, gate)


def tango_by_likelihood(b: int, c: int, n: int, alpha: float = 0.05) -> tuple[float, float]:
    """Tango's score interval computed from its definition, without the closed forms of the package's version:
    for a difference d, the null maximum-likelihood probability of the second discordance is found by
    maximising the trinomial likelihood numerically (scipy), the score statistic is built from it, and the
    bounds are where it crosses ±z."""
    z = scipy_stats.norm.ppf(1 - alpha / 2)
    concordant = n - b - c

    def statistic(d: float) -> float:
        def negative_log_likelihood(p21: float) -> float:
            cells = ((b, p21 + d), (c, p21), (concordant, 1 - 2 * p21 - d))
            return -sum(k * math.log(max(p, 1e-300)) for k, p in cells if k)

        # p21 >= 0, p12 = p21 + d >= 0 and p12 + p21 <= 1.
        found = minimize_scalar(negative_log_likelihood, bounds=(max(0.0, -d), (1 - d) / 2), method="bounded",
                                options={"xatol": 1e-13})
        return (b - c - n * d) / math.sqrt(n * (2 * found.x + d * (1 - d)))

    estimate = (b - c) / n
    low = -1.0 if estimate == -1 else brentq(lambda d: statistic(d) - z, -1 + 1e-9, estimate - 1e-12)
    high = 1.0 if estimate == 1 else brentq(lambda d: statistic(d) + z, estimate + 1e-12, 1 - 1e-9)
    return low, high


@pytest.mark.parametrize("b, c, n", [(0, 0, 20), (4, 0, 20), (0, 4, 20), (1, 7, 21), (40, 20, 160), (2, 3, 91),
                                     (0, 5, 30), (20, 0, 20), (12, 9, 1000), (3.5, 0.5, 10)])
def test_tango_interval_matches_its_definition(b, c, n):
    assert paired_proportion_difference_ci(b, c, n) == pytest.approx(tango_by_likelihood(b, c, n), abs=1e-7)


def test_tango_interval_without_discordant_pairs_is_not_a_point():
    # With b = c = 0 the score equation reduces to n d / (1 - d) = z²: bounds ±z²/(n + z²).
    z2 = scipy_stats.norm.ppf(0.975) ** 2
    for n in (20, 91, 1000):
        low, high = paired_proportion_difference_ci(0, 0, n)
        assert high == pytest.approx(z2 / (n + z2), abs=1e-10) and low == pytest.approx(-high, abs=1e-10)
    assert all(math.isnan(bound) for bound in paired_proportion_difference_ci(0, 0, 0))  # nothing measured
    with pytest.raises(ValueError):
        paired_proportion_difference_ci(3, 2, 4)


def discordance(p_reference: float, delta: float, coupling: float) -> tuple[float, float]:
    """P(candidate 1, reference 0) and P(candidate 0, reference 1) per item in the model of
    :func:`pytest_medllm.comparisons.reference.simulate_noninferiority`: a coupled item's outcomes share one uniform draw, so it
    differs only when that draw falls in [p, p + delta); an uncoupled item's outcomes are independent."""
    gained = coupling * delta + (1 - coupling) * (p_reference + delta) * (1 - p_reference)
    lost = (1 - coupling) * p_reference * (1 - p_reference - delta)
    return gained, lost


def exact_noninferiority_failure(p_reference: float, delta: float, n: int, coupling: float, gate: Gate) -> float:
    """Probability that the gate fails, summed over the trinomial distribution of (gained, lost, agreeing)."""
    gained, lost = discordance(p_reference, delta, coupling)
    total = 0.0
    for b in range(n + 1):
        c = np.arange(n + 1 - b)
        probabilities = scipy_stats.multinomial.pmf(np.stack([np.full_like(c, b), c, n - b - c], axis=1), n,
                                                    [gained, lost, 1 - gained - lost])
        for cc, probability in zip(c, probabilities):
            if probability < 1e-12:
                continue
            interval = paired_proportion_difference_ci(b, int(cc), n)
            total += probability * (not gate.judge_difference((b - cc) / n, interval)[0].passed)
    return total


def readme_noninferiority_rows() -> dict[tuple[int, float], list[float]]:
    """The README's non-inferiority table: (items, coupling) -> failure rates per true difference."""
    from pytest_medllm.comparisons.reference import SIMULATION_SIZES

    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- noninferiority-table:start -->")[1].split("<!-- noninferiority-table:end -->")[0]
    rows = {}
    for line in block.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in SIMULATION_SIZES:
            rows[(SIMULATION_SIZES[cells[0]], float(cells[1]))] = [float(c.rstrip("%")) / 100 for c in cells[2:]]
    assert len(rows) == 2 * len(SIMULATION_SIZES), "the README's non-inferiority table lost rows"
    return rows


@pytest.mark.parametrize("n", [20, 91])
@pytest.mark.parametrize("coupling", [0.5, 0.9])
def test_readme_noninferiority_table_agrees_with_exact_sums(n, coupling):
    """The README's rows are 1,000 simulated comparisons each; the exact failure probability must lie within
    Monte Carlo error of them, and a candidate exactly at the margin must pass at most ~2.5% of the time."""
    from pytest_medllm.comparisons.reference import SIMULATION_DELTAS

    gate = parse_gate("x.flip_rate <= baseline + 0.05 @noninferior")
    simulated = readme_noninferiority_rows()[(n, coupling)]
    for delta, rate in zip(SIMULATION_DELTAS, simulated):
        exact = exact_noninferiority_failure(0.3, delta, n, coupling, gate)
        tolerance = 4 * math.sqrt(max(exact * (1 - exact), 1e-4) / 1000) + 0.001  # 4 SE, plus rounding
        assert rate == pytest.approx(exact, abs=tolerance), (delta, rate, exact)
        if delta == 0.05:
            assert 1 - exact <= 0.03  # one-sided 2.5% error of the 95% interval, plus discreteness


def table() -> str:
    """Failure probability of the gate 'flip_rate <= 0.2' by true flip rate, sample size and mode."""
    truths = (0.1, 0.2, 0.3, 0.4, 0.6)
    lines = ["| mode | n | " + " | ".join(f"true {t:.0%}" for t in truths) + " |",
             "|---|---|" + "---|" * len(truths)]
    for mode in ("lenient", "point", "strict"):
        gate = Gate("x.flip_rate", "<=", 0.2, mode)
        for n in SIZES:
            cells = [f"{exact_failure_rate(t, n, gate):.1%}" for t in truths]
            lines.append(f"| {mode} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    print(table())
