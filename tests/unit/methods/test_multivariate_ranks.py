"""The multivariate Kruskal-Wallis test (repeatability study, §2.5) against scipy, and on planted differences."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from pytest_medllm.methods.multivariate_ranks import multivariate_kruskal

ALPHA = 0.05


def _groups(rng: np.random.Generator, sizes, dims: int = 2, shift: float = 0.0, shifted_dim: int = 0,
            correlation: float = 0.5) -> list[np.ndarray]:
    """Groups of correlated normal pairs; the first group shifted by ``shift`` SDs in ``shifted_dim``."""
    cov = np.full((dims, dims), correlation) + (1 - correlation) * np.eye(dims)
    groups = [rng.multivariate_normal(np.zeros(dims), cov, size=n) for n in sizes]
    groups[0][:, shifted_dim] += shift
    return groups


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 6), min_size=1, max_size=12), min_size=2, max_size=5))
def test_in_one_dimension_the_statistic_is_scipys_tie_corrected_h(groups):
    """L = H exactly, ties included (mid-ranks, covariance with denominator N - 1), and the chi-square p-value is
    scipy's."""
    values = [v for g in groups for v in g]
    if len(set(values)) < 2:
        return
    result = multivariate_kruskal(groups, permutations=99)
    expected = scipy_stats.kruskal(*groups)
    assert result.statistic == pytest.approx(float(expected.statistic), rel=1e-9, abs=1e-9)
    assert result.asymptotic_pvalue == pytest.approx(float(expected.pvalue), rel=1e-7, abs=1e-12)
    assert result.df == len(groups) - 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_permutation_p_value_approaches_scipys_asymptotic_p_value_for_large_groups(seed):
    """Three groups of 100 with a small shift: the permutation p-value (9999 relabellings, Monte Carlo SE <= 0.005)
    is within 0.02 of scipy's chi-square p-value, the approximation being good at this size."""
    rng = np.random.default_rng(seed)
    groups = [rng.normal(0, 1, 100), rng.normal(0.25, 1, 100), rng.normal(0, 1, 100)]
    result = multivariate_kruskal(groups, permutations=9999, seed=seed)
    scipy_p = float(scipy_stats.kruskal(*groups).pvalue)
    assert result.permutations == 9999
    assert result.pvalue == pytest.approx(scipy_p, abs=0.02)


def test_small_groups_are_where_permutation_and_chi_square_part():
    """With three observations per group the chi-square approximation is poor; the permutation p-value is the
    exact one (all 1680 relabellings are enumerated), so the two must not be assumed equal there."""
    groups = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]
    result = multivariate_kruskal(groups, permutations=9999)
    assert result.permutations == 1680  # 9! / (3! 3! 3!): exact
    assert result.pvalue == pytest.approx(6 / 1680)  # only the 3! relabellings that keep the three blocks intact
    assert result.asymptotic_pvalue > 2 * result.pvalue


@pytest.mark.parametrize("shifted_dim", [0, 1])
def test_detects_a_shift_in_one_dimension_only(shifted_dim):
    """Power: five prompts x 30 cases, one prompt shifted by one SD on one axis only: rejected at 0.05 in at least
    36 of 40 simulations (normal-theory power is about 0.99)."""
    rng = np.random.default_rng(10 + shifted_dim)
    rejections = sum(multivariate_kruskal(_groups(rng, [30] * 5, shift=1.0, shifted_dim=shifted_dim),
                                          permutations=199, seed=s).pvalue <= ALPHA for s in range(40))
    assert rejections >= 36


def test_a_shift_in_internal_scores_alone_is_missed_by_the_univariate_semantic_test():
    """Why the suite tests the pair: a prompt that moves only the internal score is found by the bivariate test
    and not, beyond chance, by Kruskal-Wallis on the semantic score alone (what the suite did before)."""
    rng = np.random.default_rng(7)
    bivariate = univariate = 0
    for s in range(40):
        groups = _groups(rng, [30] * 5, shift=1.0, shifted_dim=1, correlation=0.0)
        bivariate += multivariate_kruskal(groups, permutations=199, seed=s).pvalue <= ALPHA
        univariate += float(scipy_stats.kruskal(*[g[:, 0] for g in groups]).pvalue) <= ALPHA
    assert bivariate >= 36
    assert univariate <= 8  # 40 x 0.05 = 2 expected; 8 is beyond the 99.9th percentile of Binomial(40, 0.05)


@pytest.mark.parametrize("dims, correlation", [(1, 0.0), (2, 0.0), (2, 0.8)])
def test_holds_its_level_under_the_null(dims, correlation):
    """Size: over 400 simulated nulls (five groups of 20, correlated or not) the rejection rate at 0.05 is within
    binomial error of 0.05 (two-sided binomial test at 0.001; 400 x 0.05 = 20 expected rejections)."""
    rng = np.random.default_rng(100 + dims + int(10 * correlation))
    rejections = sum(multivariate_kruskal(_groups(rng, [20] * 5, dims=dims, correlation=correlation),
                                          permutations=199, seed=s).pvalue <= ALPHA for s in range(400))
    assert scipy_stats.binomtest(int(rejections), 400, ALPHA).pvalue > 0.001, rejections


def test_depends_on_ranks_only():
    """A monotone transformation of one axis (the scores' rescaling, a log) changes nothing."""
    rng = np.random.default_rng(3)
    groups = _groups(rng, [15, 20, 25])
    moved = [np.c_[np.exp(g[:, 0]), 3 * g[:, 1] - 1] for g in groups]
    first, second = multivariate_kruskal(groups, seed=1), multivariate_kruskal(moved, seed=1)
    assert first.statistic == pytest.approx(second.statistic)
    assert first.pvalue == second.pvalue


def test_a_constant_dimension_drops_out():
    """An axis on which every case scores the same (e.g. internal repeatability 1 everywhere) carries no
    information: the test is the univariate one on the other axis, with G - 1 degrees of freedom."""
    rng = np.random.default_rng(5)
    semantic = [rng.normal(m, 1, 25) for m in (0, 0.5, 1)]
    result = multivariate_kruskal([np.c_[s, np.ones_like(s)] for s in semantic], permutations=999)
    assert result.df == 2
    assert result.statistic == pytest.approx(float(scipy_stats.kruskal(*semantic).statistic))


def test_incomplete_rows_are_left_out_and_counted():
    groups = [np.array([[0.1, 0.2], [np.nan, 0.3], [0.4, 0.5]]), np.array([[0.6, np.nan], [0.7, 0.8], [0.9, 1.0]])]
    result = multivariate_kruskal(groups, permutations=99)
    assert (result.n, result.dropped, result.groups, result.dimensions) == (4, 2, 2, 2)
    complete = [np.array([[0.1, 0.2], [0.4, 0.5]]), np.array([[0.7, 0.8], [0.9, 1.0]])]
    assert result.statistic == pytest.approx(multivariate_kruskal(complete, permutations=99).statistic)


@pytest.mark.parametrize("groups, reason", [
    ([[0.5, 0.5], [0.5, 0.5, 0.5]], "every observation is the same"),
    ([[0.1, 0.2], []], "fewer than two groups"),
    ([[0.1, np.nan], [np.nan]], "fewer than two groups"),
])
def test_nothing_to_compare_is_undefined_not_a_p_value(groups, reason):
    result = multivariate_kruskal(groups)
    assert np.isnan(result.pvalue) and result.undefined.startswith(reason)


def test_groups_must_share_their_dimensions():
    with pytest.raises(ValueError, match="different numbers of dimensions"):
        multivariate_kruskal([np.zeros((3, 2)), np.zeros((3, 3))])


def test_the_same_seed_gives_the_same_p_value():
    rng = np.random.default_rng(9)
    groups = _groups(rng, [10, 10, 10])
    assert multivariate_kruskal(groups, permutations=499, seed=4).pvalue == \
        multivariate_kruskal(groups, permutations=499, seed=4).pvalue


def test_a_group_of_one_observation_is_tested_like_any_other():
    """scipy's independent-samples permutation test needs two observations per group; with a singleton group the
    relabelling is a shuffle of all rows cut into the groups' sizes. Its p-value agrees with a relabelling done
    here by hand (2000 shuffles, scipy's H on each; Monte Carlo SE about 0.01 for either)."""
    rng = np.random.default_rng(11)
    groups = [rng.normal(0, 1, 1), rng.normal(0, 1, 40), rng.normal(0.3, 1, 40)]
    result = multivariate_kruskal(groups, permutations=9999, seed=2)
    observed = float(scipy_stats.kruskal(*groups).statistic)
    assert result.statistic == pytest.approx(observed)
    pooled, cuts = np.concatenate(groups), np.cumsum([len(g) for g in groups])[:-1]
    shuffles = np.random.default_rng(3)
    by_hand = np.mean([float(scipy_stats.kruskal(*np.split(shuffles.permutation(pooled), cuts)).statistic)
                       >= observed - 1e-9 for _ in range(2000)])
    assert result.pvalue == pytest.approx(by_hand, abs=0.04)
