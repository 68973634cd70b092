"""Statistics, delegated to statsmodels and scipy, with empty and degenerate input handled explicitly.

Each function returns plain numbers (NaN where a quantity is undefined, e.g. a proportion of nothing) so that a
suite can record "unmeasured" instead of crashing or inventing a value. The studies' published code had two
errors we guard against with regression tests: a "Stuart–Maxwell" cell that was a chi-square test of association,
and a "Cohen's kappa" that fixed chance agreement at 1/5 instead of using the observed marginals.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, replace
from typing import Hashable, Mapping, Sequence

import numpy as np

NAN = float("nan")


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its confidence interval and sample size — what a suite hands to ``expect``.

    ``value`` is NaN when the quantity is undefined; ``undefined`` then says why in words a reader of the report
    understands ("undefined: every answer was A under both prompts"). ``low``/``high`` are NaN when there is no
    interval (a p-value, a correlation measured once).
    """

    value: float
    low: float = NAN
    high: float = NAN
    n: int = 0
    method: str = ""
    undefined: str = ""
    #: ``(unit id, value)`` per item when the estimate is a mean over items (a proportion is a mean of 0/1): what
    #: lets ``--compare-to`` pair two runs item by item.
    per_item: tuple[tuple[str, float], ...] = ()

    @property
    def ci(self) -> tuple[float, float]:
        return (self.low, self.high)

    @property
    def defined(self) -> bool:
        return not math.isnan(self.value)

    def because(self, reason: str) -> "Estimate":
        """This estimate with ``reason`` as the explanation of an undefined value (kept only when undefined)."""
        if self.defined or self.undefined:
            return self
        return replace(self, undefined=reason if reason.startswith("undefined") else f"undefined: {reason}")


def point(value: float | None, n: int, method: str = "point estimate", undefined: str = "") -> Estimate:
    """An estimate without an interval (a p-value, a difference, a correlation); ``undefined`` explains a
    missing value."""
    number = NAN if value is None else float(value)
    return Estimate(number, NAN, NAN, int(n), method).because(undefined) if undefined else \
        Estimate(number, NAN, NAN, int(n), method)


def shifted(estimate: Estimate, delta: float) -> Estimate:
    """The same estimate moved by a constant (e.g. accuracy minus the accuracy of random guessing)."""
    # Rounded so that 0.2 - 0.2 reads 0, not -8e-17 (a reader would take the sign for a finding) — and without
    # the sign of a rounded-away negative: round(-8e-17, 12) is -0.0, which reports print as "-0".
    return replace(estimate, value=_unsigned_round(estimate.value + delta), low=_unsigned_round(estimate.low + delta),
                   high=_unsigned_round(estimate.high + delta), method=f"{estimate.method}, shifted by {delta:+.4g}")


def _unsigned_round(value: float, decimals: int = 12) -> float:
    """``value`` rounded, with negative zero made plain zero (adding 0.0 turns -0.0 into 0.0; NaN stays NaN)."""
    return round(value, decimals) + 0.0


def paired_difference(first: Sequence[bool | float], second: Sequence[bool | float], resamples: int, seed: int,
                      ids: Sequence[str] | None = None) -> Estimate:
    """Mean of ``second - first`` over paired items with a percentile bootstrap interval over items (e.g. the
    accuracy change of a prompt condition against the reference condition on the same items)."""
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    differences = [float(b) - float(a) for a, b in zip(first, second)]
    if ids is not None:
        return mean_ci(dict(zip(ids, differences)), resamples, seed)
    return bootstrap_mean_ci(differences, resamples, seed)


def wilson(successes: int, n: int, alpha: float = 0.05) -> Estimate:
    """Proportion with a Wilson score interval (statsmodels); NaN for n = 0."""
    from statsmodels.stats.proportion import proportion_confint

    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return Estimate(NAN, NAN, NAN, 0, "wilson", "undefined: no items to measure")
    low, high = proportion_confint(successes, n, alpha=alpha, method="wilson")
    return Estimate(successes / n, float(low), float(high), n, "wilson")


def proportion(flags: Sequence[bool] | Mapping[str, bool], alpha: float = 0.05) -> Estimate:
    """Share of true values, with a Wilson interval. Given ``{unit id: flag}``, the estimate keeps the per-item
    values, so that another run can be compared with it item by item."""
    if isinstance(flags, Mapping):
        ids = list(flags)
        values = [bool(flags[k]) for k in ids]
        estimate = wilson(sum(values), len(values), alpha)
        return replace(estimate, per_item=tuple((str(k), float(v)) for k, v in zip(ids, values)))
    values = [bool(f) for f in flags]
    return wilson(sum(values), len(values), alpha)


def mean_ci(values: Mapping[str, float], resamples: int, seed: int, undefined: str = "") -> Estimate:
    """Mean over items with a percentile bootstrap interval, keeping the per-item values; NaN values (items
    where the quantity is undefined) are left out."""
    kept = {str(k): float(v) for k, v in values.items() if not math.isnan(float(v))}
    estimate = bootstrap_mean_ci(list(kept.values()), resamples, seed, undefined=undefined)
    return replace(estimate, per_item=tuple(kept.items()))


@dataclass(frozen=True)
class McNemarResult:
    statistic: float
    pvalue: float
    #: Discordant pairs: first correct only (b) and second correct only (c).
    b: int
    c: int
    n: int


def mcnemar_exact(first: Sequence[bool], second: Sequence[bool]) -> McNemarResult:
    """McNemar's exact (binomial) test on paired correctness; p = 1 when there are no discordant pairs."""
    from statsmodels.stats.contingency_tables import mcnemar

    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    a = np.asarray(first, dtype=bool)
    b = np.asarray(second, dtype=bool)
    table = np.array([[np.sum(a & b), np.sum(a & ~b)], [np.sum(~a & b), np.sum(~a & ~b)]])
    if len(a) == 0:
        return McNemarResult(NAN, NAN, 0, 0, 0)
    result = mcnemar(table, exact=True)
    return McNemarResult(float(result.statistic), float(result.pvalue), int(table[0, 1]), int(table[1, 0]), len(a))


def paired_proportion_difference_ci(b: float, c: float, n: float, alpha: float = 0.05) -> tuple[float, float]:
    """Tango's score interval for ``p1 - p2`` of two proportions measured on the same ``n`` units.

    ``b`` counts the units with the event under the first measurement only, ``c`` under the second only (the
    discordant pairs; the difference is ``(b - c) / n``). The interval is the set of differences ``d`` that the
    score test does not reject::

        T(d) = (b - c - n d) / sqrt(n (2 q(d) + d (1 - d))),   |T(d)| < z_{1 - alpha/2}

    with ``q(d)`` the maximum-likelihood probability of the second kind of discordance under ``d`` (closed form:
    the root of ``2n q^2 + B q + C = 0`` with ``B = -b - c + (2n - b + c) d`` and ``C = -c d (1 - d)``).
    Reference: T. Tango, "Equivalence test and confidence interval for the difference in proportions for the
    paired-sample design", Statistics in Medicine 17 (1998) 891-908 (also in Fagerland, Lydersen & Laake,
    *Statistical Analysis of Contingency Tables*, 2017, ch. 8).

    Why this interval and not a bootstrap: a bootstrap of paired 0/1 outcomes only ever resamples the discordant
    pairs it saw, so with none it collapses to [0, 0] and "shows" any margin; Tango's interval does not — with
    ``b = c = 0`` its bounds are ``±z²/(n + z²)`` (0.161 on 20 units), the paired analogue of Wilson's interval.
    Its upper bound lies below a margin exactly when Tango's one-sided score test of non-inferiority rejects at
    ``alpha/2``. Counts may be fractional (a design-effect correction for clustered units scales them). Returns
    NaN bounds for ``n = 0``.
    """
    from scipy.optimize import brentq
    from scipy.stats import norm

    if n <= 0:
        return NAN, NAN
    if b < 0 or c < 0 or b + c > n * (1 + 1e-12):
        raise ValueError(f"need 0 <= b, c and b + c <= n, got b={b}, c={c}, n={n}")
    z = float(norm.ppf(1 - alpha / 2))
    estimate = (b - c) / n

    def score(d: float) -> float:
        numerator = b - c - n * d
        if numerator == 0:  # at the estimate; also 0/0 when b = c = 0 there
            return 0.0
        big_a, big_b, big_c = 2 * n, -b - c + (2 * n - b + c) * d, -c * d * (1 - d)
        root = math.sqrt(max(big_b * big_b - 4 * big_a * big_c, 0.0))
        # The root (sqrt(D) - B) / 2A, written without cancellation when B > 0.
        q = (root - big_b) / (2 * big_a) if big_b <= 0 else -2 * big_c / (root + big_b)
        variance = n * (2 * q + d * (1 - d))
        if variance <= 0:
            return math.copysign(math.inf, numerator)
        return numerator / math.sqrt(variance)

    edge = 1e-10  # T is infinite at d = ±1 (no variance left); the roots lie strictly inside
    low = -1.0 if estimate <= -1 + edge else brentq(lambda d: score(d) - z, -1 + edge, estimate, xtol=1e-12)
    high = 1.0 if estimate >= 1 - edge else brentq(lambda d: score(d) + z, estimate, 1 - edge, xtol=1e-12)
    return float(low), float(high)


def square_table(first: Sequence[Hashable], second: Sequence[Hashable],
                 categories: Sequence[Hashable] | None = None) -> tuple[np.ndarray, list]:
    """Counts of (first, second) label pairs on a square table over the same categories."""
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    cats = list(categories) if categories is not None else sorted(set(first) | set(second), key=str)
    index = {c: i for i, c in enumerate(cats)}
    missing = (set(first) | set(second)) - set(index)
    if missing:
        raise ValueError(f"labels {sorted(missing, key=str)} are not among the categories {cats}")
    table = np.zeros((len(cats), len(cats)), dtype=np.int64)
    for x, y in zip(first, second):
        table[index[x], index[y]] += 1
    return table, cats


def kappa_of_tables(tables: np.ndarray) -> np.ndarray:
    """Cohen's kappa for a stack of square tables [..., K, K], observed marginals; NaN where chance = 1."""
    tables = tables.astype(float)
    n = tables.sum(axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = np.trace(tables, axis1=-2, axis2=-1) / n
        expected = np.sum(tables.sum(axis=-1) * tables.sum(axis=-2), axis=-1) / n ** 2
        kappa = (observed - expected) / (1.0 - expected)
    return np.where(np.isclose(expected, 1.0), np.nan, kappa)


def cohen_kappa(first: Sequence[Hashable], second: Sequence[Hashable],
                categories: Sequence[Hashable] | None = None) -> float:
    """Cohen's kappa with chance agreement from the observed marginals (NaN when both raters are constant and
    identical, where kappa is undefined)."""
    table, _ = square_table(first, second, categories)
    if table.sum() == 0:
        return NAN
    return float(kappa_of_tables(table))


def _kappa_undefined(first: Sequence[Hashable], second: Sequence[Hashable]) -> str:
    """Why Cohen's kappa has no value: no items, or one label for everything (chance agreement is 1)."""
    if len(first) == 0:
        return "undefined: no items to compare"
    labels = sorted(set(first) | set(second), key=str)
    if len(labels) == 1:
        return f"undefined: every answer was {labels[0]} in both conditions, so agreement beyond chance cannot be told"
    return "undefined: chance agreement is 1"


def kappa_bootstrap(first: Sequence[Hashable], second: Sequence[Hashable], resamples: int, seed: int,
                    categories: Sequence[Hashable] | None = None, alpha: float = 0.05) -> Estimate:
    """Cohen's kappa with a percentile bootstrap interval over items (pairs resampled together).

    Resamples whose kappa is undefined (all labels one category) are dropped, and their number is part of the
    method string so that a reader can tell.
    """
    value = cohen_kappa(first, second, categories)
    n = len(first)
    if n == 0 or math.isnan(value):
        return Estimate(value, NAN, NAN, n, f"bootstrap percentile B={resamples}", _kappa_undefined(first, second))
    _, cats = square_table(first, second, categories)
    index = {c: i for i, c in enumerate(cats)}
    k = len(cats)
    codes = np.array([index[x] * k + index[y] for x, y in zip(first, second)])
    rng = np.random.default_rng(seed)
    kappas = []
    for start in range(0, resamples, 2000):  # chunks keep memory flat for B = 10000 and large n
        size = min(2000, resamples - start)
        draws = codes[rng.integers(0, n, size=(size, n))]
        flat = (draws + (np.arange(size) * k * k)[:, None]).ravel()
        tables = np.bincount(flat, minlength=size * k * k).reshape(size, k, k)
        kappas.append(kappa_of_tables(tables))
    samples = np.concatenate(kappas)
    valid = samples[~np.isnan(samples)]
    dropped = len(samples) - len(valid)
    method = f"bootstrap percentile B={resamples}" + (f", {dropped} undefined resamples dropped" if dropped else "")
    if len(valid) == 0:
        return Estimate(value, NAN, NAN, n, method, "no interval: kappa is undefined in every resample")
    low, high = np.quantile(valid, [alpha / 2, 1 - alpha / 2])
    return Estimate(value, float(low), float(high), n, method)


@dataclass(frozen=True)
class HomogeneityResult:
    statistic: float
    df: int
    pvalue: float
    categories: tuple


def stuart_maxwell(first: Sequence[Hashable], second: Sequence[Hashable],
                   categories: Sequence[Hashable] | None = None) -> HomogeneityResult:
    """Stuart–Maxwell test of marginal homogeneity (statsmodels ``SquareTable.homogeneity``).

    Only off-diagonal cells (items whose answer changed) carry information about the marginals. A category that no
    changed answer touches has a zero row in the covariance matrix, which would make it singular, so it is left
    out; when no answer changed at all the marginals are identical (statistic 0, p = 1). With no items the test
    is undefined (NaN).
    """
    from statsmodels.stats.contingency_tables import SquareTable

    table, cats = square_table(first, second, categories)
    if table.sum() == 0:
        return HomogeneityResult(NAN, 0, NAN, tuple(cats))
    off = table - np.diag(np.diag(table))
    active = (off.sum(axis=0) + off.sum(axis=1)) > 0
    if active.sum() < 2:
        return HomogeneityResult(0.0, 0, 1.0, tuple(c for c, a in zip(cats, active) if a))
    table = table[np.ix_(active, active)]
    cats = [c for c, a in zip(cats, active) if a]
    try:
        result = SquareTable(table, shift_zeros=False).homogeneity(method="stuart_maxwell")
    except np.linalg.LinAlgError:
        return HomogeneityResult(NAN, len(cats) - 1, NAN, tuple(cats))
    return HomogeneityResult(float(result.statistic), int(result.df), float(result.pvalue), tuple(cats))


def match_rate(first: Sequence[Hashable], second: Sequence[Hashable], alpha: float = 0.05,
               ids: Sequence[str] | None = None) -> Estimate:
    """Share of items with the same label under both conditions, with a Wilson interval."""
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    same = [x == y for x, y in zip(first, second)]
    return proportion(dict(zip(ids, same)) if ids is not None else same, alpha)


def bonferroni(pvalues: Sequence[float]) -> list[float]:
    """Bonferroni-adjusted p-values (statsmodels ``multipletests``); NaN stays NaN."""
    from statsmodels.stats.multitest import multipletests

    values = np.asarray(pvalues, dtype=float)
    out = np.full(values.shape, np.nan)
    ok = ~np.isnan(values)
    if ok.any():
        out[ok] = multipletests(values[ok], method="bonferroni")[1]
    return out.tolist()


def bonferroni_adjust(pvalue: float, comparisons: int) -> float | None:
    """One p-value adjusted for ``comparisons`` tests: min(1, m * p); None when p is undefined."""
    if pvalue is None or pvalue != pvalue:
        return None
    return min(1.0, pvalue * comparisons)


def position_bias(predicted: Sequence[int | None], truth: Sequence[int], n_positions: int) -> float:
    """Prediction-frequency bias of the MedGemma prompt-sensitivity study, on the scale of its published values:
    the total variation distance between the predicted and the keyed answer-position distributions,

        Bias = (1/2) * sum_i |P_pred(i) - P_truth(i)|

    P_pred(i): share of *usable* predictions at position i (NONE/MULTIPLE have no position and are left out);
    P_truth(i): share of keyed answers at i over the same items. 0: positions picked exactly as often as they are
    correct; 1: the distributions share no position (the share of predictions that would have to move).

    Why 1/2, not the printed 1/4 (section 3.5): the published values are on this scale. Table 11's zero-shot
    direct distribution (45.9/22.1/17.8/14.2% vs keyed 32.2/25.1/21.4/21.3%) gives exactly the reported 0.137
    (Table 4) as the half-sum, 0.069 as the quarter-sum; few-shot over-predicts A alone by 43.8 points (appendix
    C), so 1/4 could not reach the reported 0.472. The half-sum also means the same for any number of options.
    """
    pairs = [(p, t) for p, t in zip(predicted, truth) if p is not None]
    if not pairs:
        return NAN
    pred = np.bincount([p for p, _ in pairs], minlength=n_positions) / len(pairs)
    true = np.bincount([t for _, t in pairs], minlength=n_positions) / len(pairs)
    return float(np.abs(pred - true).sum() / 2)


def seed_mean_ci(values: Mapping[str, float], alpha: float = 0.05, undefined: str = "",
                 bounds: tuple[float, float] | None = None) -> Estimate:
    """Mean over a few seeds' values (``{seed label: value}``) with a Student t interval, as the MedGemma study
    reports its randomised perturbations ("mean and 95% confidence intervals" over seeds 42, 123, 456).

    Why t and not a bootstrap: with three values a bootstrap has ten distinct resamples and its percentile interval
    cannot reach beyond the observed range; the t interval (scipy.stats.t, n - 1 degrees of freedom) widens as it
    should for so few. Identical values give a zero-width interval; one value gives no interval. NaN values (a
    seed whose quantity is undefined) are left out. ``bounds`` (e.g. (0, 1) for a share) clips the interval to the
    values the quantity can take: the t interval is symmetric and can reach past them. Seeds are not items: no
    per-item values are kept (``--compare-to`` compares seed means unpaired)."""
    from scipy import stats as scipy_stats

    kept = {str(k): float(v) for k, v in values.items() if not math.isnan(float(v))}
    data = np.array(list(kept.values()), dtype=float)
    n = len(data)
    if n == 0:
        return Estimate(NAN, n=0, method="mean over seeds", undefined=undefined or "no seed gave a value")
    mean = float(data.mean())
    method = f"mean over {n} seeds, t interval (df={n - 1})"
    if n == 1:
        return Estimate(mean, n=1, method=method)
    sem = float(data.std(ddof=1) / math.sqrt(n))
    if sem == 0.0:
        return Estimate(mean, mean, mean, n, method)
    low, high = (float(x) for x in scipy_stats.t.interval(1 - alpha, n - 1, loc=mean, scale=sem))
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
        method += f", clipped to [{bounds[0]:g}, {bounds[1]:g}]"
    return Estimate(mean, low, high, n, method)


def bootstrap_ci(values: Sequence, statistic, resamples: int, seed: int, alpha: float = 0.05,
                 undefined: str = "", vectorized=None) -> Estimate:
    """Percentile bootstrap interval of ``statistic(list_of_items)`` over items (scipy.stats.bootstrap).

    Resamples where the statistic is undefined (NaN) are dropped from the percentile computation. ``undefined``
    explains a NaN statistic on the report card (e.g. "every item has the same correctness"). ``vectorized``, for
    items that are numbers or tuples of numbers: the same statistic as ``f(*columns, axis)``, which scipy evaluates
    on all resamples at once (the same resamples and interval as one Python call per resample, which took seconds
    per run).
    """
    from scipy.stats import DegenerateDataWarning, bootstrap

    data = list(values)
    method = f"bootstrap percentile B={resamples}"
    if not data:
        return Estimate(NAN, NAN, NAN, 0, method, "undefined: no items to measure")
    value = float(statistic(data))
    if math.isnan(value):
        return Estimate(value, NAN, NAN, len(data), method).because(undefined or "the statistic has no value on "
                                                                                  "these items")
    if len(data) < 2:
        return Estimate(value, NAN, NAN, len(data), method)
    index = np.arange(len(data))

    def on_indices(idx: np.ndarray) -> float:
        return float(statistic([data[i] for i in idx]))

    sample, evaluate = ((index,), on_indices)
    if vectorized is not None:  # numbers, or tuples of numbers: one paired sample per position in the tuple
        array = np.asarray(data, dtype=float)
        sample, evaluate = ((array,) if array.ndim == 1 else tuple(array.T)), vectorized
    with warnings.catch_warnings():
        # scipy warns (naming BCa even for percentile intervals) when some resamples are undefined; they are
        # dropped below and counted in the method string instead.
        warnings.simplefilter("ignore", DegenerateDataWarning)
        result = bootstrap(sample, evaluate, vectorized=vectorized is not None, paired=len(sample) > 1,
                           n_resamples=resamples, method="percentile", confidence_level=1 - alpha,
                           rng=np.random.default_rng(seed))
    low, high = float(result.confidence_interval.low), float(result.confidence_interval.high)
    if math.isnan(low) or math.isnan(high):  # some resamples undefined: fall back to the defined ones
        samples = np.asarray(result.bootstrap_distribution, dtype=float)
        defined = samples[~np.isnan(samples)]
        method += f", {len(samples) - len(defined)} undefined resamples dropped"
        if len(defined) == 0:
            return Estimate(value, NAN, NAN, len(data), method, "no interval: the statistic is undefined in every "
                                                                "resample")
        low, high = (float(q) for q in np.quantile(defined, [alpha / 2, 1 - alpha / 2]))
    return Estimate(value, low, high, len(data), method)


def bootstrap_mean_ci(values: Sequence[float], resamples: int, seed: int, alpha: float = 0.05,
                      undefined: str = "") -> Estimate:
    """Mean over items with a percentile bootstrap interval over items (:func:`bootstrap_ci` of the mean,
    evaluated by scipy on all resamples at once)."""
    return bootstrap_ci(values, lambda s: float(np.mean(s)), resamples, seed, alpha, undefined, vectorized=np.mean)


def spearman_along(x: np.ndarray, y: np.ndarray, axis: int = -1) -> np.ndarray:
    """Spearman's rank correlation of ``x`` and ``y`` along ``axis`` (average ranks for ties, scipy's rankdata),
    NaN where either side does not vary: ``scipy.stats.spearmanr`` for many samples at once."""
    from scipy.stats import rankdata

    rx, ry = rankdata(x, axis=axis), rankdata(y, axis=axis)
    rx = rx - rx.mean(axis=axis, keepdims=True)
    ry = ry - ry.mean(axis=axis, keepdims=True)
    spread = np.sqrt((rx * rx).sum(axis=axis) * (ry * ry).sum(axis=axis))
    with np.errstate(invalid="ignore", divide="ignore"):
        rho = (rx * ry).sum(axis=axis) / spread
    return np.where(spread > 0, np.clip(rho, -1.0, 1.0), np.nan)


@dataclass(frozen=True)
class UniformityResult:
    statistic: float
    pvalue: float
    observed: tuple[int, ...]


def chi_square_uniform(predicted: Sequence[int | None], n_positions: int) -> UniformityResult:
    """CKLD of the MedGemma study: sum_i (O_i - E_i)^2 / E_i with E_i = n/K, the departure of the predicted
    positions from uniform (scipy.stats.chisquare); usable predictions only."""
    from scipy.stats import chisquare

    usable = [p for p in predicted if p is not None]
    observed = np.bincount(usable, minlength=n_positions) if usable else np.zeros(n_positions, dtype=int)
    if not usable:
        return UniformityResult(NAN, NAN, tuple(int(x) for x in observed))
    result = chisquare(observed)
    return UniformityResult(float(result.statistic), float(result.pvalue), tuple(int(x) for x in observed))


def per_position_accuracy(correct: Sequence[bool], truth: Sequence[int], n_positions: int) -> list[Estimate]:
    """Accuracy conditioned on the keyed answer being at each position, with Wilson intervals."""
    out = []
    for position in range(n_positions):
        flags = [c for c, t in zip(correct, truth) if t == position]
        out.append(proportion(flags))
    return out


def relative_spread(values: Sequence[float]) -> float:
    """RStd of the MedGemma study: sigma/mu of per-position accuracies (population SD, ddof=0); NaN when the
    mean is 0 or a position has no items."""
    array = np.asarray(values, dtype=float)
    if array.size == 0 or np.isnan(array).any() or array.mean() == 0:
        return NAN
    return float(array.std(ddof=0) / array.mean())
