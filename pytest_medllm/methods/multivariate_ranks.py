"""The multivariate Kruskal-Wallis test: do groups of vector observations differ in location?

The repeatability study (``001``, §2.5 and Figures 2-3) compares case-level (semantic, internal) score pairs across
the five reasoning prompts with "two-sided multivariate Kruskal-Wallis tests at the 0.05 level". This module is that
test, built from scipy:

* each dimension is ranked over the pooled observations (mid-ranks for ties, ``scipy.stats.rankdata``);
* the statistic is the rank MANOVA form of Puri & Sen (1971, §5.4), the componentwise-rank test that Choi & Marden
  (1997) extend: ``L = sum_g n_g (Rbar_g - Rbar)' V^+ (Rbar_g - Rbar)``, with ``V`` the sample covariance of the
  ranks (denominator N - 1) and ``V^+`` its pseudo-inverse (a dimension that is constant carries no information
  and drops out instead of making ``V`` singular). In one dimension ``L`` *is* Kruskal-Wallis' H with the tie
  correction, exactly, so the test reduces to ``scipy.stats.kruskal`` there;
* the p-value is a permutation p-value (``scipy.stats.permutation_test``, group labels reassigned at random): exact
  in finite samples whatever the dependence between the dimensions, which the chi-square approximation (with
  ``rank(V) * (G - 1)`` degrees of freedom, also reported) is only for large groups.

"Two-sided" in the study means a departure in either direction on either axis: ``L`` is a quadratic form, large
for any shift, so the permutation p-value is its upper tail.

Observations are assumed exchangeable between groups under the null, as in the study's test. (In the suite the
same cases appear under every prompt, so the groups are paired; the study's test ignores that, and so does this
one when it reproduces it.)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as scipy_stats

#: Group-label permutations for the p-value when the caller does not say (scipy's default): a p-value of 0.05 then
#: has a Monte Carlo standard error of 0.002.
DEFAULT_PERMUTATIONS = 9999


@dataclass(frozen=True)
class RankTestResult:
    """A multivariate Kruskal-Wallis test. ``pvalue`` is the permutation p-value; NaN with ``undefined`` saying why
    when there is nothing to compare."""

    statistic: float
    pvalue: float
    asymptotic_pvalue: float
    df: int
    #: Complete observations used (rows with a NaN in any dimension are left out and counted in ``dropped``).
    n: int
    dropped: int
    groups: int
    dimensions: int
    permutations: int
    undefined: str = ""

    @property
    def method(self) -> str:
        kind = "Kruskal-Wallis" if self.dimensions == 1 else f"{self.dimensions}-variate Kruskal-Wallis"
        return (f"{kind} (rank statistic L = {self.statistic:.3g}, df = {self.df}, permutation p over "
                f"{self.permutations} relabellings; chi-square p = {self.asymptotic_pvalue:.3g})")


def _as_rows(group: Sequence | np.ndarray) -> np.ndarray:
    """One group as a 2-D array: observations in rows, dimensions in columns (a 1-D group is one dimension)."""
    rows = np.asarray(group, dtype=float)
    if rows.ndim == 1:
        rows = rows[:, None]
    if rows.ndim != 2:
        raise ValueError(f"a group must be 1-D or 2-D (observations x dimensions), got shape {rows.shape}")
    return rows


def _undefined(result_groups: list[np.ndarray], n: int, dropped: int, p: int, why: str) -> RankTestResult:
    return RankTestResult(math.nan, math.nan, math.nan, 0, n, dropped, len(result_groups), p, 0, undefined=why)


def rank_statistic(ranks: np.ndarray, sizes: Sequence[int]) -> tuple[float, int]:
    """``L`` and its chi-square degrees of freedom for pooled ``ranks`` (N x p, groups stacked in order of
    ``sizes``)."""
    centered = ranks - ranks.mean(axis=0)
    covariance = np.atleast_2d(np.cov(centered, rowvar=False, ddof=1))
    inverse = np.linalg.pinv(covariance)
    bounds = np.cumsum([0, *sizes])
    statistic = 0.0
    for start, stop in itertools.pairwise(bounds):
        mean = centered[start:stop].mean(axis=0)
        statistic += (stop - start) * float(mean @ inverse @ mean)
    return statistic, int(np.linalg.matrix_rank(covariance)) * (len(sizes) - 1)


def multivariate_kruskal(groups: Sequence[Sequence | np.ndarray], permutations: int = DEFAULT_PERMUTATIONS,
                         seed: int = 0) -> RankTestResult:
    """Test whether ``groups`` (each observations x dimensions, or 1-D) differ in location, by the multivariate
    Kruskal-Wallis statistic and a permutation p-value (see the module docstring).

    Rows with a NaN are left out (the study's scores are undefined for a case without content tokens). Groups left
    empty do not count. The result is undefined (NaN p-value, ``undefined`` says why) with fewer than two non-empty
    groups or when every observation is the same.
    """
    arrays = [_as_rows(g) for g in groups]
    dims = {a.shape[1] for a in arrays if a.size}
    if len(dims) > 1:
        raise ValueError(f"groups have different numbers of dimensions: {sorted(dims)}")
    p = dims.pop() if dims else 1
    complete = [a[~np.isnan(a).any(axis=1)] for a in arrays]
    dropped = sum(len(a) for a in arrays) - sum(len(c) for c in complete)
    kept = [c for c in complete if len(c)]
    n = sum(len(c) for c in kept)
    if len(kept) < 2:
        return _undefined(kept, n, dropped, p, "fewer than two groups with a complete observation")
    pooled = np.concatenate(kept)
    if np.all(pooled == pooled[0]):
        return _undefined(kept, n, dropped, p, "every observation is the same")
    ranks = scipy_stats.rankdata(pooled, axis=0)
    sizes = [len(c) for c in kept]
    observed, df = rank_statistic(ranks, sizes)

    # Ranks of the pooled sample do not change when labels are permuted, nor does their covariance: a relabelling
    # only regroups rows. So the permutation test runs on row indices and looks the centred ranks up.
    centered = ranks - ranks.mean(axis=0)
    inverse = np.linalg.pinv(np.atleast_2d(np.cov(centered, rowvar=False, ddof=1)))

    bounds = np.cumsum([0, *sizes])

    def statistic(*indices: np.ndarray, axis: int = -1) -> np.ndarray:
        if len(indices) == 1:  # one relabelled order of all rows: the groups are its consecutive blocks
            order = np.moveaxis(indices[0], axis, -1)
            indices = tuple(order[..., start:stop] for start, stop in itertools.pairwise(bounds))
            axis = -1
        total = 0.0
        for index in indices:
            means = centered[np.moveaxis(index, axis, -1)].mean(axis=-2)  # (..., p)
            total = total + index.shape[axis] * np.einsum("...i,ij,...j->...", means, inverse, means)
        return total

    index_groups = [np.arange(start, stop) for start, stop in itertools.pairwise(bounds)]
    if min(sizes) >= 2:
        # scipy enumerates the distinct relabellings when there are fewer than ``permutations``: an exact p-value.
        data, kind = index_groups, "independent"
    else:
        # scipy's independent-samples test needs two observations per group; a shuffle of all rows cut into the
        # groups' sizes is the same relabelling distribution.
        data, kind = (np.arange(n),), "pairings"
    test = scipy_stats.permutation_test(data, statistic, permutation_type=kind, vectorized=True,
                                        n_resamples=permutations, alternative="greater",
                                        rng=np.random.default_rng(seed))
    used = min(permutations, len(test.null_distribution))
    return RankTestResult(statistic=float(observed), pvalue=float(test.pvalue),
                          asymptotic_pvalue=float(scipy_stats.chi2.sf(observed, df)) if df else math.nan, df=df,
                          n=n, dropped=dropped, groups=len(kept), dimensions=p, permutations=used)
