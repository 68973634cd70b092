"""Position bias on the MedGemma study's published scale (issue 26a, point 1) and the seed-mean interval (point 4).

The study prints Bias = 1/4 * sum_i |P_pred(i) - P_truth(i)| (section 3.5) but publishes values on the 1/2 scale
(total variation distance). Its Table 11 gives the full answer distributions, so the published numbers can be
recomputed: the zero-shot direct distribution gives exactly the reported 0.137 on the 1/2 scale; few-shot direct's
over-prediction of A alone (76.0% against 32.2%, appendix C) already puts it at 0.438 or more, out of reach of the
printed formula (at most 0.219 with these shares) next to the reported 0.472.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm.methods import stats

#: Table 11 of the MedGemma study: answer distribution over positions A-D, percent.
GROUND_TRUTH = (32.2, 25.1, 21.4, 21.3)
PREDICTED = {
    "zero_shot_direct": (45.9, 22.1, 17.8, 14.2),
    "zero_shot_cot": (52.3, 19.4, 15.7, 12.6),
    "few_shot_direct": (76.0, 12.0, 7.0, 5.0),
    "few_shot_cot": (68.4, 15.2, 9.8, 6.6),
    "answer_only": (41.2, 24.3, 19.1, 15.4),
}
#: Table 4 (and 8): the published position bias of each condition.
PUBLISHED = {"zero_shot_direct": 0.137, "zero_shot_cot": 0.275, "few_shot_direct": 0.472, "few_shot_cot": 0.413,
             "answer_only": 0.096}


def _labels(shares: tuple[float, ...], n: int = 1000) -> list[int]:
    """n position labels in the given percent shares (one decimal: n = 1000 represents them exactly)."""
    counts = [round(share * n / 100) for share in shares]
    assert sum(counts) == n, counts
    return [position for position, count in enumerate(counts) for _ in range(count)]


def _pairs(condition: str) -> tuple[list[int], list[int]]:
    # Predictions and keys are paired arbitrarily: the bias depends only on the two marginal distributions.
    return _labels(PREDICTED[condition]), _labels(GROUND_TRUTH)


def test_zero_shot_direct_recomputes_the_published_value_on_the_half_scale():
    predicted, truth = _pairs("zero_shot_direct")
    assert stats.position_bias(predicted, truth, 4) == pytest.approx(0.137, abs=5e-4)
    # The printed 1/4 formula would have given half of it: not what the paper reports.
    assert stats.position_bias(predicted, truth, 4) / 2 == pytest.approx(0.0685, abs=5e-4)


def test_few_shot_direct_published_value_is_impossible_under_the_printed_formula():
    # Appendix C: A predicted for 76% of items, keyed for 32.2%: 0.438 of deviation on A alone.
    a_deviation = 0.760 - 0.322
    predicted, truth = _pairs("few_shot_direct")
    half_scale = stats.position_bias(predicted, truth, 4)
    assert half_scale >= a_deviation - 1e-9  # on the half scale the A deviation alone is a lower bound
    quarter_scale = half_scale / 2
    assert quarter_scale < 0.472 / 2  # the printed formula cannot reach the published 0.472 from Table 11
    assert abs(half_scale - PUBLISHED["few_shot_direct"]) < abs(quarter_scale - PUBLISHED["few_shot_direct"])


@pytest.mark.parametrize("condition", sorted(PREDICTED))
def test_every_published_value_is_nearer_the_half_scale(condition):
    """Table 11 and Table 4 do not agree exactly beyond zero-shot direct (the tables may count different
    answers), but every published bias is nearer the half-sum than the quarter-sum of Table 11's distribution."""
    predicted, truth = _pairs(condition)
    half_scale = stats.position_bias(predicted, truth, 4)
    by_hand = sum(abs(p - t) for p, t in zip(PREDICTED[condition], GROUND_TRUTH)) / 100 / 2
    assert half_scale == pytest.approx(by_hand, abs=1e-9)
    assert abs(half_scale - PUBLISHED[condition]) < abs(half_scale / 2 - PUBLISHED[condition])


def test_position_bias_is_the_total_variation_distance_by_an_independent_computation():
    rng = np.random.default_rng(7)
    for k in (2, 4, 5):
        predicted = list(rng.integers(0, k, 200))
        truth = list(rng.integers(0, k, 200))
        p = np.bincount(predicted, minlength=k) / 200
        q = np.bincount(truth, minlength=k) / 200
        # scipy's Wasserstein on a 0/1 metric is not available; TVD = 1 - sum(min(p, q)) is an identity.
        assert stats.position_bias(predicted, truth, k) == pytest.approx(1 - np.minimum(p, q).sum())
    # Disjoint supports: the largest value, 1, whatever K.
    assert stats.position_bias([0] * 5, [1] * 5, 5) == pytest.approx(1.0)


def test_seed_mean_ci_is_scipys_t_interval():
    values = {"42": 0.578, "123": 0.561, "456": 0.602}
    estimate = stats.seed_mean_ci(values)
    data = np.array(list(values.values()))
    low, high = scipy_stats.t.interval(0.95, 2, loc=data.mean(), scale=scipy_stats.sem(data))
    assert estimate.value == pytest.approx(data.mean())
    assert (estimate.low, estimate.high) == (pytest.approx(low), pytest.approx(high))
    assert estimate.n == 3 and "t interval" in estimate.method
    # By hand: t_{0.975, 2} = 4.303.
    assert estimate.high - estimate.value == pytest.approx(4.3027 * data.std(ddof=1) / math.sqrt(3), rel=1e-4)


def test_seed_mean_ci_degenerate_inputs():
    assert math.isnan(stats.seed_mean_ci({}).value)
    one = stats.seed_mean_ci({"42": 0.5})
    assert one.value == 0.5 and math.isnan(one.low)
    same = stats.seed_mean_ci({"42": 0.2, "123": 0.2, "456": 0.2})
    assert [same.low, same.value, same.high] == pytest.approx([0.2, 0.2, 0.2])
    assert stats.seed_mean_ci({"42": 0.2, "123": float("nan")}).n == 1


def test_seed_mean_ci_clips_to_the_range_of_a_share():
    wide = stats.seed_mean_ci({"42": 1.0, "123": 0.5, "456": 1.0})
    assert wide.high > 1  # the t interval is symmetric
    clipped = stats.seed_mean_ci({"42": 1.0, "123": 0.5, "456": 1.0}, bounds=(0.0, 1.0))
    assert clipped.high == 1.0 and clipped.low == pytest.approx(wide.low) and "clipped" in clipped.method
