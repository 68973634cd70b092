"""What a release gate could have caught: its power against the metric's unacceptable value.

A gate's worst error is a pass that should have been a failure. Every gated metric declares the value a release
must catch (``unacceptable``, :mod:`pytest_medllm.verdict.declarations`); for every judged gate this module says

* ``probability`` — the probability that this gate, at this run's sample size and mode, FAILS a model whose true
  value is the unacceptable one (the gate's power against it), and
* ``detectable`` — the smallest violation it catches with probability :data:`DETECTION_TARGET` (80%): the true
  value closest to the threshold that the gate fails in at least 80% of runs,

computed the soundest way the statistic allows:

* **exact** for proportions with a Wilson interval (also shifted ones, e.g. accuracy minus chance): binomial sums
  over the counts ``k = 0..n`` of the judgement :meth:`Gate.judge` gives ``k/n`` and its Wilson interval — the same
  code that judges the run. The set of failing counts is one-sided (Wilson bounds grow with ``k``), so the power is
  monotone in the true value and the detectable value is a root of a polynomial (``brentq``);
* **simulated** for means with a percentile bootstrap interval whose per-unit values the record holds: runs are
  drawn by resampling the observed per-unit values shifted to the unacceptable mean, each judged on its own
  percentile bootstrap interval (:data:`SIMULATIONS` runs of :data:`RESAMPLES` resamples). A shift moves every
  bootstrap mean by the same amount, so one set of simulated runs gives the power at every true mean;
* **simulated** for Cohen's kappa at an unacceptable value of 0 (no agreement beyond chance): the two answers of
  each item drawn independently from the observed marginals, kappa and its bootstrap interval recomputed;
* **not computed**, with the reason, for everything else (a position bias, a ratio, a rank correlation or a
  point estimate: no per-unit values to resample and no single model of the data at the unacceptable value) —
  never a made-up number.

Exact results are cached by ``(n, gate, shift)``; simulations use a seed derived from the metric id, so that two
identical runs write identical artifacts.
"""

from __future__ import annotations

import math
import re
import zlib
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from ..methods.stats import kappa_of_tables
from .gates import _OPS, Gate
from .records import MetricRecord

#: A gate is powered when it fails a model at the unacceptable value at least this often (the brief of every
#: power analysis: 80%); also the probability at which the smallest detectable violation is stated.
DETECTION_TARGET = 0.8
#: Simulated runs per simulated gate, and bootstrap resamples per simulated run (the recorded intervals use the
#: profile's B; a smaller inner B estimates the same percentiles with a little more noise, which averages out
#: over the runs). 400 runs give the power within about ±2.5 points (one standard error at 50%).
SIMULATIONS = 400
RESAMPLES = 250
#: Keep a simulation within about this many resampled values (runs x resamples x n), about 0.1 s, so that a
#: quick run's simulated gates add about a second; beyond it (paper-sized runs) fewer runs and resamples are
#: used, never fewer than 100 each.
SIMULATION_BUDGET = 3_000_000

EXACT = "exact"
SIMULATION = "simulation"
NOT_COMPUTED = "not computed"


@dataclass(frozen=True)
class Power:
    """How strong a gate's verdict is: its power against the unacceptable value and what it would catch."""

    #: The true value the gate must catch (declared, or written on the gate line), or None when none is known.
    unacceptable: float | None
    #: Why that value is unacceptable.
    unacceptable_because: str
    #: Where the unacceptable value came from: "suite" (the metric's declaration), or the gate's source
    #: (ini, policy, cli) when the gate line gave it.
    unacceptable_source: str | None
    #: Probability that this gate, at this n and mode, fails a model whose true value is ``unacceptable``.
    probability: float | None
    #: The smallest violation (true value closest to the threshold) that the gate fails with probability
    #: ``target``; None when no value on the metric's scale is caught that often, or when not computed.
    detectable: float | None
    target: float
    #: "exact", "simulation" or "not computed".
    method: str
    #: One line: how it was computed, or why it was not.
    how: str
    n: int | None = None

    @property
    def computed(self) -> bool:
        return self.probability is not None

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Power":
        return cls(**{k: data.get(k) for k in cls.__dataclass_fields__})


def not_computed(why: str, unacceptable: float | None = None, because: str = "", source: str | None = None,
                 n: int | None = None, target: float = DETECTION_TARGET) -> Power:
    return Power(unacceptable, because, source, None, None, target, NOT_COMPUTED, why, n)


# -- judging many runs at once -----------------------------------------------------------------------------------

def gate_fails(gate: Gate, values: np.ndarray, lows: np.ndarray, highs: np.ndarray) -> np.ndarray:
    """Whether ``gate`` fails each (estimate, interval), vectorized: the same rule as :meth:`Gate.judge` (a
    missing value or interval is unmeasured, which fails). Tested against :meth:`Gate.judge`."""
    compare = _OPS[gate.op]
    values = np.asarray(values, dtype=float)
    with np.errstate(invalid="ignore"):
        if gate.mode == "point":
            return ~(np.isfinite(values) & compare(values, gate.threshold))
        lows, highs = np.asarray(lows, dtype=float), np.asarray(highs, dtype=float)
        favourable, unfavourable = (highs, lows) if gate.wants_high else (lows, highs)
        bound = favourable if gate.mode == "lenient" else unfavourable
        measured = np.isfinite(values) & np.isfinite(lows) & np.isfinite(highs)
        return ~(measured & compare(bound, gate.threshold))


def _decisive(gate: Gate, values: np.ndarray, lows: np.ndarray, highs: np.ndarray) -> np.ndarray:
    """The number the gate compares with its threshold in each run (estimate or one interval bound)."""
    if gate.mode == "point":
        return values
    favourable, unfavourable = (highs, lows) if gate.wants_high else (lows, highs)
    return favourable if gate.mode == "lenient" else unfavourable


# -- exact: proportions with a Wilson interval ------------------------------------------------------------------

@lru_cache(maxsize=2048)
def _failing_counts(n: int, op: str, threshold: float, mode: str, shift: float) -> np.ndarray:
    """For k = 0..n, whether the gate fails the estimate ``k/n + shift`` with its (shifted, rounded as
    :func:`pytest_medllm.methods.stats.shifted` rounds) Wilson 95% interval: :func:`gate_fails`, the vectorized
    :meth:`Gate.judge` (tests check the two agree on every count)."""
    from statsmodels.stats.proportion import proportion_confint

    counts = np.arange(n + 1)
    lows, highs = proportion_confint(counts, n, alpha=0.05, method="wilson")
    values = counts / n
    if shift:
        values, lows, highs = (np.round(a + shift, 12) + 0.0 for a in (values, lows, highs))
    fails = gate_fails(Gate("x", op, threshold, mode), values, lows, highs)
    fails.flags.writeable = False
    return fails


@lru_cache(maxsize=8192)
def _exact_failure(n: int, op: str, threshold: float, mode: str, shift: float, p: float) -> float:
    from scipy.stats import binom

    fails = _failing_counts(n, op, threshold, mode, shift)
    pmf = binom.pmf(np.arange(n + 1), n, min(max(p, 0.0), 1.0))
    return float(min(1.0, pmf[fails].sum()))


def exact_proportion_failure(p_true: float, n: int, gate: Gate, shift: float = 0.0) -> float:
    """Probability that ``gate`` fails a proportion measured on ``n`` items (Wilson 95% interval) whose true
    value is ``p_true`` (on the raw 0-1 scale; the metric is the proportion plus ``shift``): the power when
    ``p_true + shift`` misses the gate, the false-alarm rate when it meets it."""
    return _exact_failure(int(n), gate.op, float(gate.threshold), gate.mode, _key(shift), float(p_true))


def _key(shift: float) -> float:
    return round(float(shift), 12) + 0.0


@lru_cache(maxsize=2048)
def _exact_detectable(n: int, op: str, threshold: float, mode: str, shift: float, target: float) -> float | None:
    from scipy.optimize import brentq

    wants_high = op in (">=", ">")
    edge = min(max(threshold - shift, 0.0), 1.0)  # the threshold on the raw scale
    far = 0.0 if wants_high else 1.0

    def power(p: float) -> float:
        return _exact_failure(n, op, threshold, mode, shift, p)

    if power(edge) >= target:
        return threshold  # every violation is caught at least that often
    if power(far) < target:
        return None
    root = brentq(lambda p: power(p) - target, *sorted((edge, far)), xtol=1e-10)
    return float(root + shift)


def exact_proportion_detectable(n: int, gate: Gate, shift: float = 0.0, target: float = DETECTION_TARGET
                                ) -> float | None:
    """The true value (on the metric's scale) closest to the threshold that ``gate`` fails with probability
    ``target`` on ``n`` items; the threshold itself when every violation is caught that often, None when no
    proportion is (the sample is too small for the gate)."""
    return _exact_detectable(int(n), gate.op, float(gate.threshold), gate.mode, _key(shift), float(target))


_SHIFT = re.compile(r"shifted by ([-+]?[0-9.]+(?:e[-+]?\d+)?)")


def _wilson_shift(record: MetricRecord) -> tuple[int, float] | str:
    """``(k, shift)`` of a Wilson record (``value = k/n + shift``), checked against the recorded interval; or why
    the record is not the Wilson proportion it says it is."""
    n, value = record.n or 0, record.value
    assert value is not None
    approximate = sum(float(s) for s in _SHIFT.findall(record.ci_method or ""))
    k = round((value - approximate) * n)
    shift = value - k / n  # exact, where the method string keeps four significant digits
    if not 0 <= k <= n or abs(shift - approximate) > 1e-3:
        return f"the estimate {value:.4g} is not a count out of n = {n}"
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(k, n, alpha=0.05, method="wilson")
    if record.ci is None or abs(record.ci_low - (low + shift)) > 1e-8 or abs(record.ci_high - (high + shift)) > 1e-8:
        return f"the recorded interval is not the Wilson 95% interval of {k}/{n}"
    return k, _key(shift)


def _exact(record: MetricRecord, gate: Gate, unacceptable: float, because: str, source: str | None,
           target: float) -> Power:
    found = _wilson_shift(record)
    n = int(record.n or 0)
    if isinstance(found, str):
        return not_computed(found, unacceptable, because, source, n, target)
    _, shift = found
    raw = unacceptable - shift
    if not 0.0 <= raw <= 1.0:
        return not_computed(f"the unacceptable value {unacceptable:g} lies outside the proportion's range "
                            f"[{shift:.4g}, {1 + shift:.4g}]", unacceptable, because, source, n, target)
    probability = exact_proportion_failure(raw, n, gate, shift)
    detectable = exact_proportion_detectable(n, gate, shift, target)
    shifted = f" shifted by {shift:+.4g}" if shift else ""
    return Power(unacceptable, because, source, probability, detectable, target, EXACT,
                 f"binomial sums over the Wilson 95% intervals of k/{n}{shifted}, each judged by the gate", n)


# -- simulation: bootstrap means of per-unit values ---------------------------------------------------------------

def _seed(*parts: object) -> int:
    return zlib.crc32("|".join(str(p) for p in parts).encode("utf-8"))


def _sizes(n: int, simulations: int, resamples: int) -> tuple[int, int]:
    """Runs and resamples within :data:`SIMULATION_BUDGET` (never below 100 each)."""
    scale = math.sqrt(SIMULATION_BUDGET / max(1, simulations * resamples * n))
    if scale >= 1:
        return simulations, resamples
    return max(100, int(simulations * scale)), max(100, int(resamples * scale))


def simulate_mean_runs(values: Sequence[float], simulations: int = SIMULATIONS, resamples: int = RESAMPLES,
                       seed: int = 0, alpha: float = 0.05) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Runs drawn from the observed per-unit values centred on 0: for each, the mean and its percentile bootstrap
    interval. A model whose true mean is ``mu`` gives ``mean + mu`` and ``[low + mu, high + mu]`` (resampling
    commutes with a shift)."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    centred = x - x.mean()
    rng = np.random.default_rng(seed)
    runs = centred[rng.integers(0, n, size=(simulations, n), dtype=np.int32)]
    means = runs.mean(axis=1)
    lows, highs = np.empty(simulations), np.empty(simulations)
    chunk = max(1, 2_000_000 // max(1, resamples * n))
    for start in range(0, simulations, chunk):
        part = runs[start:start + chunk]
        picks = rng.integers(0, n, size=(len(part), resamples, n), dtype=np.int32)
        boot = part[np.arange(len(part))[:, None, None], picks].mean(axis=2)
        lows[start:start + chunk], highs[start:start + chunk] = np.quantile(boot, [alpha / 2, 1 - alpha / 2], axis=1)
    return means, lows, highs


def shifted_mean_power(gate: Gate, runs: tuple[np.ndarray, np.ndarray, np.ndarray], mu: float) -> float:
    """Share of the simulated runs (centred) in which ``gate`` fails a model whose true mean is ``mu``."""
    means, lows, highs = runs
    return float(gate_fails(gate, means + mu, lows + mu, highs + mu).mean())


def shifted_mean_detectable(gate: Gate, runs: tuple[np.ndarray, np.ndarray, np.ndarray],
                            target: float = DETECTION_TARGET) -> float:
    """The true mean closest to the threshold that ``gate`` fails in at least ``target`` of the runs: each run
    fails for every true mean beyond ``threshold - decisive number``, so it is a quantile of those switch
    points (the threshold when every violation is caught that often)."""
    means, lows, highs = runs
    switch = gate.threshold - _decisive(gate, means, lows, highs)
    needed = math.ceil(target * len(switch) - 1e-9)
    if gate.wants_high:  # fails for mu below its switch point: the needed-th largest switch point
        edge = float(np.sort(switch)[::-1][needed - 1])
        return min(edge, gate.threshold)
    edge = float(np.sort(switch)[needed - 1])
    return max(edge, gate.threshold)


def _bootstrap_mean(record: MetricRecord, gate: Gate, unacceptable: float, because: str, source: str | None,
                    target: float) -> Power:
    values = np.array([v for v in (record.per_item or {}).values() if v is not None], dtype=float)
    n = len(values)
    if n < 2:
        return not_computed("fewer than two per-unit values to resample", unacceptable, because, source, n, target)
    if record.value is None or abs(values.mean() - record.value) > 1e-9 * max(1.0, abs(record.value)):
        return not_computed("the estimate is not the mean of the recorded per-unit values", unacceptable, because,
                            source, n, target)
    if np.ptp(values) == 0:
        return not_computed("every per-unit value is the same, so resampling them says nothing about the spread "
                            "of a model at the unacceptable value", unacceptable, because, source, n, target)
    simulations, resamples = _sizes(n, SIMULATIONS, RESAMPLES)
    runs = simulate_mean_runs(values, simulations, resamples, seed=_seed(record.metric_id, n))
    probability = shifted_mean_power(gate, runs, unacceptable)
    detectable = shifted_mean_detectable(gate, runs, target)
    return Power(unacceptable, because, source, probability, detectable, target, SIMULATION,
                 f"{simulations} simulated runs: the {n} observed per-unit values shifted to the unacceptable mean "
                 f"and resampled, each judged on its percentile bootstrap interval (B = {resamples})", n)


# -- simulation: Cohen's kappa at no agreement beyond chance ------------------------------------------------------


def simulate_independent_kappa_runs(table: np.ndarray, simulations: int = SIMULATIONS, resamples: int = RESAMPLES,
                                    seed: int = 0, alpha: float = 0.05
                                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Runs of ``n`` items whose two answers are drawn independently from the table's marginals (kappa 0): the
    kappa of each and its percentile bootstrap interval (undefined resamples dropped, as the suites do)."""
    table = np.asarray(table, dtype=float)
    k = table.shape[0]
    n = int(round(table.sum()))
    joint = np.outer(table.sum(axis=1), table.sum(axis=0)).ravel() / n ** 2
    rng = np.random.default_rng(seed)
    codes = rng.choice(k * k, size=(simulations, n), p=joint / joint.sum())
    values = kappa_of_tables(_tables(codes, k))
    lows, highs = np.full(simulations, np.nan), np.full(simulations, np.nan)
    for s in range(simulations):
        if not np.isfinite(values[s]):
            continue  # undefined kappa: unmeasured, the gate fails
        boot = kappa_of_tables(_tables(codes[s][rng.integers(0, n, size=(resamples, n))], k))
        boot = boot[np.isfinite(boot)]
        if len(boot):
            lows[s], highs[s] = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    return values, lows, highs


def _tables(codes: np.ndarray, k: int) -> np.ndarray:
    rows = codes.shape[0]
    flat = (codes + (np.arange(rows) * k * k)[:, None]).ravel()
    return np.bincount(flat, minlength=rows * k * k).reshape(rows, k, k)


def _kappa(record: MetricRecord, gate: Gate, unacceptable: float, because: str, source: str | None,
           target: float) -> Power:
    table = np.asarray(record.details.get("table"), dtype=float)
    n = int(record.n or 0)
    if unacceptable != 0:
        return not_computed(f"kappa is simulated only at 0 (the two answers independent, given the observed "
                            f"marginals); no single model of the answers has kappa {unacceptable:g}", unacceptable,
                            because, source, n, target)
    if table.ndim != 2 or table.shape[0] != table.shape[1] or int(round(table.sum())) != n or n < 2:
        return not_computed("the record's answer table does not match its n", unacceptable, because, source, n,
                            target)
    kappa = float(kappa_of_tables(table[None])[0])
    if record.value is None or not math.isfinite(kappa) or abs(kappa - record.value) > 1e-9:
        return not_computed("the record's answer table does not give its kappa", unacceptable, because, source, n,
                            target)
    simulations, resamples = _sizes(n, SIMULATIONS, RESAMPLES // 2)
    values, lows, highs = simulate_independent_kappa_runs(table, simulations, resamples,
                                                          seed=_seed(record.metric_id, n))
    probability = float(gate_fails(gate, values, lows, highs).mean())
    return Power(unacceptable, because, source, probability, None, target, SIMULATION,
                 f"{simulations} simulated runs of {n} items whose two answers are drawn independently from the "
                 f"observed marginals (kappa 0), each judged on its percentile bootstrap interval (B = {resamples}); "
                 f"the smallest detectable kappa is not computed (only independence is simulated)", n)


# -- what a record's gate could catch ----------------------------------------------------------------------------

def gate_power(record: MetricRecord, gate: Gate, unacceptable: float | None, because: str = "",
               source: str | None = "suite", target: float = DETECTION_TARGET) -> Power:
    """The power of ``gate`` (which judged ``record``) against ``unacceptable``: exact, simulated, or not computed
    with the reason."""
    n = record.n
    if gate.relative:
        return not_computed("a gate against the reference run judges a difference", None, "", None, n, target)
    if unacceptable is None:
        return not_computed("no unacceptable value is declared for this metric (declare unacceptable= beside its "
                            "expectation, or write 'unacceptable X' on the gate line)", None, "", None, n, target)
    if not gate.violated_by(unacceptable):
        return not_computed(f"the unacceptable value {unacceptable:g} meets this gate's threshold "
                            f"({gate.op} {gate.threshold:g}), so it is no violation of it; write 'unacceptable X' "
                            f"on the gate line", unacceptable, because, source, n, target)
    if record.value is None or not n:
        return not_computed("the metric has no value in this run, so there is no sample to compute the power "
                            "of", unacceptable, because, source, n, target)
    method = record.ci_method or ""
    if method.startswith("wilson"):
        return _exact(record, gate, unacceptable, because, source, target)
    if method.startswith("bootstrap percentile"):
        if record.per_item:
            return _bootstrap_mean(record, gate, unacceptable, because, source, target)
        if "kappa" in record.name and isinstance(record.details.get("table"), list):
            return _kappa(record, gate, unacceptable, because, source, target)
        return not_computed("a bootstrap interval of a statistic that is not a mean of per-unit values the record "
                            "holds (a position bias, a ratio, a rank correlation): no per-unit values to resample "
                            "and no single model of the data at the unacceptable value", unacceptable, because,
                            source, n, target)
    return not_computed("a point estimate without an interval or per-unit values: no sampling model to compute "
                        "the power with", unacceptable, because, source, n, target)
