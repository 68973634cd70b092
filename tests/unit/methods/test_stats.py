"""Statistics cross-checked against independent computations and published figures."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as scipy_stats
from sklearn.metrics import cohen_kappa_score

from pytest_medllm.methods import stats

Z = scipy_stats.norm.ppf(0.975)


def wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    p = k / n
    center = (p + Z ** 2 / (2 * n)) / (1 + Z ** 2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z ** 2 / (4 * n ** 2)) / (1 + Z ** 2 / n)
    return center - half, center + half


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_matches_the_closed_form(kn):
    k, n = kn
    est = stats.wilson(k, n)
    low, high = wilson_by_hand(k, n)
    assert est.value == pytest.approx(k / n)
    assert est.low == pytest.approx(low, abs=1e-9) and est.high == pytest.approx(high, abs=1e-9)


@pytest.mark.parametrize("k, n, published", [
    (32, 91, (0.35, 0.26, 0.45)),  # HuatuoGPT-o1-8B, prompt A (pediatric endocrinology study, Table 1)
    (4, 91, (0.04, 0.02, 0.11)),   # MedFound-7B, prompt A
    (18, 91, (0.20, 0.13, 0.29)),  # ClinicalGPT-base-zh
    (58, 91, (0.64, 0.53, 0.73)),  # match rate, HuatuoGPT A vs B (Table 2)
])
def test_wilson_reproduces_the_studys_published_intervals(k, n, published):
    est = stats.wilson(k, n)
    assert (round(est.value, 2), round(est.low, 2), round(est.high, 2)) == published


def test_wilson_of_nothing_is_unmeasured_not_zero():
    est = stats.wilson(0, 0)
    assert math.isnan(est.value) and math.isnan(est.low)
    with pytest.raises(ValueError):
        stats.wilson(5, 3)


labels = st.sampled_from(["A", "B", "C", "D", "E", "NONE", "MULTIPLE"])


@settings(max_examples=200)
@given(st.lists(st.tuples(labels, labels), min_size=2, max_size=120))
def test_kappa_matches_sklearn(pairs):
    first, second = [a for a, _ in pairs], [b for _, b in pairs]
    ours = stats.cohen_kappa(first, second)
    if len(set(first) | set(second)) == 1:
        assert math.isnan(ours)  # both raters constant and identical: kappa is undefined
        return
    theirs = cohen_kappa_score(first, second)
    assert ours == pytest.approx(theirs, abs=1e-12)


def test_kappa_uses_observed_marginals_not_a_fixed_one_fifth():
    # Regression: a published "kappa" was (match - 0.2) / 0.8. With skewed marginals the two differ widely.
    first = ["C"] * 40 + ["A"] * 10
    second = ["C"] * 38 + ["A"] * 2 + ["A"] * 6 + ["C"] * 4
    match = np.mean([a == b for a, b in zip(first, second)])
    assert stats.cohen_kappa(first, second) == pytest.approx(cohen_kappa_score(first, second))
    assert abs(stats.cohen_kappa(first, second) - (match - 0.2) / 0.8) > 0.2


def test_kappa_bootstrap_is_seeded_and_agrees_with_scipy():
    rng = np.random.default_rng(7)
    first = rng.choice(list("ABCDE"), size=91)
    second = np.where(rng.random(91) < 0.6, first, rng.choice(list("ABCDE"), size=91))
    a = stats.kappa_bootstrap(list(first), list(second), resamples=4000, seed=11)
    b = stats.kappa_bootstrap(list(first), list(second), resamples=4000, seed=11)
    assert a == b
    assert a.low < a.value < a.high

    def kappa(x, y):
        return cohen_kappa_score(x, y)

    ref = scipy_stats.bootstrap((first, second), kappa, paired=True, vectorized=False, n_resamples=4000,
                                method="percentile", rng=np.random.default_rng(3))
    assert a.low == pytest.approx(ref.confidence_interval.low, abs=0.03)
    assert a.high == pytest.approx(ref.confidence_interval.high, abs=0.03)


@given(st.lists(st.tuples(st.booleans(), st.booleans()), max_size=80))
def test_mcnemar_exact_is_the_binomial_test_on_discordant_pairs(pairs):
    first, second = [a for a, _ in pairs], [b for _, b in pairs]
    result = stats.mcnemar_exact(first, second)
    b = sum(a and not c for a, c in pairs)
    c = sum(c and not a for a, c in pairs)
    assert (result.b, result.c) == (b, c)
    if not pairs:
        assert math.isnan(result.pvalue)
    elif b + c == 0:
        assert result.pvalue == pytest.approx(1.0)
    else:
        assert result.pvalue == pytest.approx(scipy_stats.binomtest(b, b + c, 0.5).pvalue, rel=1e-9)


def stuart_maxwell_by_hand(table: np.ndarray) -> tuple[float, int]:
    k = table.shape[0]
    d = (table.sum(axis=1) - table.sum(axis=0))[: k - 1]
    s = -(table + table.T).astype(float)
    np.fill_diagonal(s, table.sum(axis=1) + table.sum(axis=0) - 2 * np.diag(table))
    s = s[: k - 1, : k - 1]
    return float(d @ np.linalg.solve(s, d)), k - 1


def test_stuart_maxwell_matches_the_formula():
    rng = np.random.default_rng(1)
    for _ in range(50):
        first = rng.choice(list("ABCD"), size=120)
        second = np.where(rng.random(120) < 0.5, first, rng.choice(list("ABCD"), size=120, p=[.4, .3, .2, .1]))
        result = stats.stuart_maxwell(list(first), list(second), categories=list("ABCD"))
        table, _ = stats.square_table(list(first), list(second), list("ABCD"))
        statistic, df = stuart_maxwell_by_hand(table)
        assert result.statistic == pytest.approx(statistic, rel=1e-9)
        assert result.df == df
        assert result.pvalue == pytest.approx(scipy_stats.chi2.sf(statistic, df), rel=1e-9)


def test_stuart_maxwell_is_not_a_test_of_association():
    # Regression: a published "Stuart-Maxwell" was a chi-square test of association. A symmetric table has
    # perfectly homogeneous marginals (statistic 0) yet a strong association.
    first = ["A"] * 30 + ["B"] * 30 + ["A"] * 5 + ["B"] * 5
    second = ["A"] * 30 + ["B"] * 30 + ["B"] * 5 + ["A"] * 5
    result = stats.stuart_maxwell(first, second)
    table, _ = stats.square_table(first, second)
    association = scipy_stats.chi2_contingency(table)
    assert result.statistic == pytest.approx(0.0)
    assert result.pvalue == pytest.approx(1.0)
    assert association.pvalue < 1e-6


def test_stuart_maxwell_keeps_only_categories_that_changed():
    result = stats.stuart_maxwell(["A", "B", "A", "C"], ["B", "A", "A", "C"], categories=["A", "B", "C", "NONE"])
    assert result.categories == ("A", "B")  # C only on the diagonal, NONE unused: both uninformative
    identical = stats.stuart_maxwell(["A", "B", "C"], ["A", "B", "C"])
    assert (identical.statistic, identical.pvalue) == (0.0, 1.0)  # nothing changed: marginals are equal
    assert math.isnan(stats.stuart_maxwell([], []).pvalue)


def test_stuart_maxwell_without_diagonal_only_categories_equals_full_formula():
    # Removing a diagonal-only category does not change the statistic where the full matrix is invertible.
    rng = np.random.default_rng(3)
    first = list(rng.choice(list("ABC"), size=80)) + ["D"] * 5
    second = [x if rng.random() < 0.6 else rng.choice(list("ABC")) for x in first[:80]] + ["D"] * 5
    reduced = stats.stuart_maxwell(first, second)
    table, _ = stats.square_table(first[:80], second[:80], list("ABC"))
    statistic, _ = stuart_maxwell_by_hand(table)
    assert reduced.statistic == pytest.approx(statistic, rel=1e-9)


def test_match_rate_and_length_checks():
    est = stats.match_rate(list("AABBC"), list("ABBBC"))
    assert est.value == pytest.approx(0.8) and est.n == 5
    with pytest.raises(ValueError):
        stats.match_rate(["A"], ["A", "B"])


def test_position_bias_is_the_total_variation_distance_of_position_shares():
    # Always answering A on items keyed A, B, C, D (25% each): |1-.25| + 3 * |0-.25| = 1.5, halved -> 0.75 (the
    # share of predictions that would have to move); see test_position_bias_scale.py for the published scale.
    assert stats.position_bias([0, 0, 0, 0], [0, 1, 2, 3], 4) == pytest.approx(0.75)
    assert stats.position_bias([0, 1, 2, 3], [3, 2, 1, 0], 4) == pytest.approx(0.0)  # shares match, answers don't
    # NONE answers have no position and are left out of both distributions.
    assert stats.position_bias([0, None], [0, 3], 4) == pytest.approx(0.0)
    assert math.isnan(stats.position_bias([None], [1], 4))


def test_chi_square_uniform_matches_the_formula():
    predicted = [0] * 10 + [1] * 5 + [2] * 3 + [3] * 2
    result = stats.chi_square_uniform(predicted + [None], 4)
    expected = sum((o - 5) ** 2 / 5 for o in (10, 5, 3, 2))
    assert result.statistic == pytest.approx(expected)
    assert result.pvalue == pytest.approx(scipy_stats.chi2.sf(expected, 3))
    assert result.observed == (10, 5, 3, 2)


def test_relative_spread_and_per_position_accuracy():
    assert stats.relative_spread([0.5, 0.5, 0.5]) == pytest.approx(0.0)
    assert stats.relative_spread([0.2, 0.6]) == pytest.approx(np.std([0.2, 0.6]) / 0.4)
    assert math.isnan(stats.relative_spread([0.0, 0.0]))
    per = stats.per_position_accuracy([True, False, True, True], [0, 0, 1, 2], 4)
    assert [p.value for p in per[:3]] == [0.5, 1.0, 1.0] and math.isnan(per[3].value)


def test_bonferroni_adjust_agrees_with_statsmodels_on_a_family():
    family = [0.004, 0.03, 0.2, 0.5, 0.01, 0.9]
    assert [stats.bonferroni_adjust(p, len(family)) for p in family] == pytest.approx(stats.bonferroni(family))
    assert stats.bonferroni_adjust(float("nan"), 3) is None


def test_bonferroni_is_m_times_p_capped_at_one():
    assert stats.bonferroni([0.01, 0.2, float("nan")]) == pytest.approx([0.02, 0.4, float("nan")], nan_ok=True)
    assert stats.bonferroni([0.6, 0.9]) == [1.0, 1.0]


def test_bootstrap_ci_is_seeded_and_brackets_the_mean():
    values = list(np.random.default_rng(0).normal(size=60))
    a = stats.bootstrap_ci(values, lambda s: float(np.mean(s)), resamples=2000, seed=5)
    assert a == stats.bootstrap_ci(values, lambda s: float(np.mean(s)), resamples=2000, seed=5)
    assert a.low < float(np.mean(values)) < a.high
    se = np.std(values, ddof=1) / math.sqrt(60)
    assert a.high - a.low == pytest.approx(2 * 1.96 * se, rel=0.15)


def test_the_vectorized_mean_interval_draws_the_same_resamples_as_one_call_per_resample():
    values = list(np.random.default_rng(1).exponential(size=37))
    fast = stats.bootstrap_mean_ci(values, resamples=1000, seed=9)
    slow = stats.bootstrap_ci(values, lambda s: sum(s) / len(s), resamples=1000, seed=9)
    assert (fast.value, fast.low, fast.high) == pytest.approx((slow.value, slow.low, slow.high), abs=1e-12)
    # Independently: the same generator's index draws, the mean of each, numpy's percentiles.
    draws = np.random.default_rng(9).integers(0, 37, size=(1000, 37))
    means = np.asarray(values)[draws].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    assert (fast.low, fast.high) == pytest.approx((low, high), rel=1e-9)
    assert fast.method == slow.method == "bootstrap percentile B=1000"


def test_spearman_along_rows_is_scipys_spearmanr_of_each_row():
    from scipy.stats import spearmanr

    rng = np.random.default_rng(4)
    x = rng.integers(0, 3, size=(200, 9)).astype(float)  # many ties, some constant rows
    y = np.round(rng.normal(size=(200, 9)), 1)
    y[7] = 2.0
    got = stats.spearman_along(x, y)
    for row in range(200):
        if len(set(x[row])) < 2 or len(set(y[row])) < 2:
            assert math.isnan(got[row])
        else:
            assert got[row] == pytest.approx(spearmanr(x[row], y[row]).statistic, abs=1e-12)
    assert math.isnan(got[7])


def test_a_paired_vectorized_statistic_draws_the_same_resamples_as_one_call_per_resample():
    from scipy.stats import spearmanr

    rng = np.random.default_rng(2)
    pairs = [(float(abs(s)), float(d)) for s, d in zip(rng.integers(-2, 3, 30), np.round(rng.normal(size=30), 2))]

    def rho(sample):
        xs, ys = [a for a, _ in sample], [b for _, b in sample]
        return float("nan") if len(set(xs)) < 2 or len(set(ys)) < 2 else float(spearmanr(xs, ys).statistic)

    few = [(0.0, 1.0), (1.0, 2.0), (2.0, 2.5), (0.0, 0.3), (1.0, 1.1), (2.0, 0.2)]  # some resamples undefined
    for sample, seed in ((pairs, 8), (few, 3)):
        slow = stats.bootstrap_ci(sample, rho, resamples=500, seed=seed)
        fast = stats.bootstrap_ci(sample, rho, resamples=500, seed=seed, vectorized=stats.spearman_along)
        assert (fast.value, fast.low, fast.high) == pytest.approx((slow.value, slow.low, slow.high), abs=1e-12)
        assert fast.method == slow.method
    assert "1 undefined resamples dropped" in fast.method


def test_bootstrap_ci_drops_undefined_resamples_quietly_and_counts_them():
    # A ratio of means, undefined (NaN) when a resample holds no item with a nonzero denominator.
    pairs = [(1.0, 1.0)] + [(0.0, 0.0)] * 7 + [(0.5, 1.0)]

    def ratio(sample):
        below = sum(d for _, d in sample)
        return sum(n for n, _ in sample) / below if below else float("nan")

    import re
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scipy's DegenerateDataWarning must not reach the user
        estimate = stats.bootstrap_ci(pairs, ratio, resamples=400, seed=3)
    assert estimate.value == pytest.approx(0.75)
    assert 0 <= estimate.low <= estimate.high <= 1
    # A resample is undefined when it misses both items with a denominator: probability (7/9)^9 = 0.104, so about
    # 42 of 400 (binomial 99.9% range 20-67).
    dropped = int(re.search(r"(\d+) undefined resamples dropped", estimate.method).group(1))
    assert 20 <= dropped <= 67
