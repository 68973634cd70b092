"""How often the default gate fails a model that truly meets it (false alarm) and one that truly misses it
(detection power), at the default sample sizes — simulated, and cross-checked against exact binomial sums.

The numbers in the README's "Release gates" section come from ``python -m tests.test_gate_simulation``.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.gates import Gate, simulate_proportion_gate

# The quick profile's sample sizes (prompt suites: 40 items; perturbation suites: 20) and the ESAP study's 91.
SIZES = (20, 40, 91)


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
    assert power[20] < power[40] < power[91]
    assert exact_failure_rate(0.6, 40, gate) > exact_failure_rate(0.45, 40, gate)


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
