"""Release comparison: is the candidate at least as stable as the model in production?

``--compare-to PATH`` reads a previous run's artifacts (``medllm-results.json``; the folder holding it will do) —
typically the production model's run, kept with the release. Every metric found in both runs gets the candidate
value, the reference value and their difference with a 95% interval:

* **paired** when both runs measured the metric on the same units (items, or item × sampling seed, or note ×
  counterfactual), by :func:`paired_interval`: for 0/1 outcomes, Tango's score interval for a difference of
  paired proportions (:func:`pytest_medllm.methods.stats.paired_proportion_difference_ci`) plus McNemar's exact test;
  for other per-item values, a percentile bootstrap of the mean difference that resamples whole *items* — one
  set of draws for every metric of the comparison, so that metrics measured on the same items move together;
* **unpaired** otherwise (a statistic that is not a mean over items, such as kappa or position bias, or runs
  whose units differ for that metric): a normal approximation from the two runs' own 95% intervals, labelled so.

Non-inferiority gates use the gate language with ``baseline`` in the threshold (``option_order.flip_rate <=
baseline + 0.05 @noninferior``): the gate passes only when the whole interval of the difference clears the margin.
``@superior`` is the reverse claim (the candidate is better by at least the margin). There are no default
non-inferiority gates: a team states its margins.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from ..methods import stats
from ..verdict.gates import Gate
from ..verdict.records import MetricRecord, Verdict

Z95 = 1.959963984540054


class ReferenceRunError(ValueError):
    """The reference run cannot be read or compared; the message says why."""


@dataclass(frozen=True)
class Reference:
    """A previous run, as its JSON artifact recorded it."""

    path: str
    metrics: dict[str, dict]
    facts: dict
    run: dict

    @property
    def selection(self) -> dict[str, list[str]]:
        """Dataset name -> the item ids the reference run asked."""
        return {name: list((info.get("selection") or {}).get("ids") or [])
                for name, info in (self.facts.get("datasets") or {}).items()}


def load_reference(path: str | Path) -> Reference:
    """Read ``medllm-results.json`` (or the folder holding it); a one-line error when it cannot be used."""
    file = Path(path).expanduser()
    if file.is_dir():
        file = file / "medllm-results.json"
    if not file.is_file():
        raise ReferenceRunError(f"--compare-to {path}: no medllm-results.json there (give the report folder of the "
                             f"reference run or its medllm-results.json)")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReferenceRunError(f"--compare-to {file}: not readable JSON ({exc})") from None
    schema = str(data.get("schema", ""))
    if not schema.startswith("pytest-medllm/results/") or schema.endswith("/1"):
        raise ReferenceRunError(f"--compare-to {file}: schema {schema!r} is not a pytest-medllm results artifact with "
                             f"per-item values (pytest-medllm/results/2); rerun the reference with this version")
    metrics = {}
    for record in data.get("metrics") or []:
        key = f"{record['suite']}.{record['name']}" + (f"[{record['condition']}]" if record.get("condition") else "")
        metrics[key] = record
    return Reference(path=str(file), metrics=metrics, facts=data.get("facts") or {}, run=data.get("run") or {})


def dataset_identity(spec: str | None) -> str | None:
    """What names a ``--dataset`` across machines: a bundled name as is, a file by its file name (the kept
    reference may have run from another checkout or folder, so the full path may differ for the same file); a
    ``:FORMAT`` suffix is left out (it changes how a file is read, not which items it holds)."""
    if not spec:
        return None
    from ..data.loaders import split_spec

    return Path(split_spec(spec)[0]).name


def same_items_problem(reference: Reference, selection: dict[str, list[str]], run: dict) -> str | None:
    """Why the two runs cannot be compared item by item (another dataset, other items, profile or seed), or None.

    ``selection`` is this run's ``--dataset`` spec -> the item ids it will ask. Another dataset is refused even
    when its ids happen to coincide with the reference's (``q1``, ``q2``… are common): only the same dataset's
    items pair. Within the same dataset (named alike; a file by its file name), the ids must be the same set.
    """
    theirs = reference.selection
    ref_spec = reference.run.get("dataset")
    now_spec = run.get("dataset")
    if dataset_identity(ref_spec) and dataset_identity(now_spec) and \
            dataset_identity(ref_spec) != dataset_identity(now_spec):
        ref_ids = theirs.get(str(ref_spec)) or []
        now_ids = selection.get(str(now_spec)) or []
        ref_items = f"{len(ref_ids)} items" if ref_ids else "its items"
        return (f"refusing to compare with --compare-to {reference.path}: the reference asked {ref_items} of "
                f"--dataset {ref_spec} {sorted(ref_ids)[:3]}, this run {len(now_ids)} items of --dataset "
                f"{now_spec} {sorted(now_ids)[:3]}; a release comparison pairs the same items: run the candidate "
                f"with --dataset {ref_spec} (other models, prompts and stacks are allowed)")
    for name, ids in selection.items():
        # The reference recorded its selection under its own spelling of the dataset (a path may differ).
        mine = theirs.get(name, theirs.get(str(ref_spec)) if name == now_spec else None)
        if mine is not None and set(mine) != set(ids):
            only_ref = sorted(set(mine) - set(ids))[:3]
            only_now = sorted(set(ids) - set(mine))[:3]
            return (f"refusing to compare with --compare-to {reference.path}: the runs asked different items of "
                    f"{name} ({len(mine)} in the reference, {len(ids)} now; only in the reference: {only_ref}; "
                    f"only now: {only_now}); use the same --dataset, --max-items, --profile and --seed")
    for key, label in (("seed", "--seed"),):
        if reference.run.get(key) != run.get(key):
            return (f"refusing to compare with --compare-to {reference.path}: the reference used {label} "
                    f"{reference.run.get(key)}, this run {run.get(key)} (other items and samples)")
    ref_profile, profile = (reference.run.get("profile") or {}).get("name"), (run.get("profile") or {}).get("name")
    if ref_profile != profile:
        return (f"refusing to compare with --compare-to {reference.path}: the reference ran the {ref_profile!r} "
                f"profile, this run {profile!r} (other items, runs and tokens)")
    return None


def item_of(unit: str) -> str:
    """The item a unit belongs to: ``q17#1234001`` (a sampled run) and ``icu-7|-2`` (a counterfactual) are
    resampled with their item ``q17`` / ``icu-7``."""
    return re.split(r"[#|]", unit, maxsplit=1)[0]


@dataclass(frozen=True)
class Difference:
    """One metric in both runs."""

    metric_id: str
    suite: str
    name: str
    condition: str | None
    direction: str | None
    candidate: float | None
    reference: float | None
    difference: float | None
    low: float | None
    high: float | None
    method: str
    paired: bool
    n: int
    mcnemar_p: float | None = None

    @property
    def ci(self) -> tuple[float, float] | None:
        return None if self.low is None or self.high is None else (self.low, self.high)

    @property
    def status(self) -> str:
        """``improved``, ``regressed`` or ``held`` (the interval covers no change), from the metric's direction;
        ``changed`` for a metric without a direction; ``not judged`` without an interval."""
        if self.difference is None:
            return "not judged"
        if self.ci is None:
            return "not judged"
        if self.direction not in ("higher", "lower"):
            return "held" if self.low <= 0 <= self.high else "changed"  # type: ignore[operator]
        good_low, good_high = (self.low, self.high) if self.direction == "higher" else (-self.high, -self.low)
        if good_low > 0:  # type: ignore[operator]
            return "improved"
        if good_high < 0:  # type: ignore[operator]
            return "regressed"
        return "held"

    def to_dict(self) -> dict:
        return {**asdict(self), "status": self.status}


class ItemResampler:
    """One set of bootstrap draws over items, shared by every metric of a comparison (drawn on first use: a
    comparison whose paired metrics are all 0/1 outcomes needs none)."""

    def __init__(self, items: Iterable[str], resamples: int, seed: int) -> None:
        self.items = sorted(set(items))
        self.index = {item: i for i, item in enumerate(self.items)}
        self.resamples = resamples
        self.seed = seed

    @cached_property
    def counts(self) -> np.ndarray:
        """``counts[b, i]``: how often item ``i`` is drawn in resample ``b`` (a multinomial draw of n items)."""
        rng = np.random.default_rng(self.seed)
        n = len(self.items)
        return rng.multinomial(n, [1 / n] * n, size=self.resamples) if n else np.zeros((self.resamples, 0))

    def mean_difference_ci(self, units: Sequence[str], differences: np.ndarray) -> tuple[float, float]:
        weights = self.counts[:, [self.index[item_of(u)] for u in units]]
        totals = weights.sum(axis=1)
        keep = totals > 0
        replicates = (weights[keep] @ differences) / totals[keep]
        low, high = np.quantile(replicates, [0.025, 0.975])
        return float(low), float(high)


def _binary(*values: np.ndarray) -> bool:
    """Whether every value is 0 or 1 (paired outcomes that McNemar and Tango's interval apply to)."""
    return all(bool(np.isin(v, (0.0, 1.0)).all()) for v in values)


def paired_interval(units: Sequence[str], candidate: np.ndarray, reference: np.ndarray,
                    resampler: ItemResampler) -> tuple[float, float, str]:
    """95% interval of ``mean(candidate - reference)`` over paired units, and the method's label.

    * 0/1 outcomes, one unit per item: Tango's score interval for paired proportions. A bootstrap cannot be used
      here: it resamples only the discordant items it saw, so two runs that agree on every item get [0, 0] and
      pass any non-inferiority margin on any number of items (on 20 items a candidate truly 5 points worse, and
      answering alike on 90% of items, passed ``<= baseline + 0.05`` in about a quarter of comparisons). Tango's
      interval keeps the uncertainty of what was not seen (±0.161 on 20 agreeing items), and its bound within
      the margin is Tango's score test of non-inferiority at one-sided 2.5%.
    * 0/1 outcomes, several units per item (sampling seeds, counterfactuals of one note): units of one item are
      not independent, so Tango's interval is taken on the counts scaled to the number of items (the design
      effect of units that always agree within an item — the worst case, as nothing else can be shown when no
      unit disagrees), and widened to cover the bootstrap over items, which sees how clustered the observed
      disagreements really are.
    * Other values: the percentile bootstrap over items (one set of draws shared by every metric).
    """
    differences = candidate - reference
    if not _binary(candidate, reference):
        low, high = resampler.mean_difference_ci(units, differences)
        return low, high, (f"paired bootstrap over items (B={resampler.resamples}, items resampled across every "
                           f"metric)")
    gained = float(np.sum((candidate == 1) & (reference == 0)))
    lost = float(np.sum((candidate == 0) & (reference == 1)))
    n_items = len({item_of(u) for u in units})
    if n_items == len(units):
        low, high = stats.paired_proportion_difference_ci(gained, lost, len(units))
        return low, high, f"paired: Tango score interval for paired proportions ({len(units)} items)"
    scale = n_items / len(units)
    low, high = stats.paired_proportion_difference_ci(gained * scale, lost * scale, n_items)
    boot_low, boot_high = resampler.mean_difference_ci(units, differences)
    return (min(low, boot_low), max(high, boot_high),
            f"paired: Tango score interval on {len(units)} units scaled to {n_items} items, widened to the "
            f"bootstrap over items (B={resampler.resamples})")


def compare(candidate: Sequence[MetricRecord], reference: Reference, resamples: int, seed: int
            ) -> list[Difference]:
    """Every metric present in both runs, candidate minus reference."""
    pairs = [(record, reference.metrics[record.metric_id]) for record in candidate
             if record.metric_id in reference.metrics]
    units = [u for record, ref in pairs if record.per_item and ref.get("per_item")
             for u in list(record.per_item) + list(ref["per_item"])]
    resampler = ItemResampler((item_of(u) for u in units), resamples, seed)
    return [_difference(record, ref, resampler) for record, ref in pairs]


def _difference(record: MetricRecord, ref: dict, resampler: ItemResampler) -> Difference:
    common = dict(suite=record.suite, name=record.name, condition=record.condition, direction=record.direction,
                  candidate=record.value, reference=ref.get("value"), metric_id=record.metric_id)
    if record.value is None or ref.get("value") is None:
        return Difference(**common, difference=None, low=None, high=None, n=0, paired=False,
                          method="no difference: a value is missing in one run")
    ours, theirs = record.per_item or {}, ref.get("per_item") or {}
    if ours and theirs and set(ours) == set(theirs) and all(v is not None for v in [*ours.values(),
                                                                                  *theirs.values()]):
        units = sorted(ours)
        a = np.array([float(ours[u]) for u in units])
        b = np.array([float(theirs[u]) for u in units])
        low, high, method = paired_interval(units, a, b, resampler)
        mcnemar = None
        if _binary(a, b):
            mcnemar = stats.mcnemar_exact(a.astype(bool), b.astype(bool)).pvalue
        return Difference(**common, difference=float(a.mean() - b.mean()), low=low, high=high, paired=True,
                          n=len(units), mcnemar_p=mcnemar, method=method)
    difference = float(record.value) - float(ref["value"])
    halves = [_half_width(record.ci_low, record.ci_high), _half_width(ref.get("ci_low"), ref.get("ci_high"))]
    if any(h is None for h in halves):
        return Difference(**common, difference=difference, low=None, high=None, paired=False,
                          n=int(record.n or 0), method="unpaired; no interval (a run has none for this metric)")
    spread = Z95 * math.sqrt(sum((h / Z95) ** 2 for h in halves))  # type: ignore[operator]
    return Difference(**common, difference=difference, low=difference - spread, high=difference + spread,
                      paired=False, n=int(record.n or 0),
                      method="unpaired: normal approximation from the two runs' 95% intervals")


def _half_width(low: float | None, high: float | None) -> float | None:
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return None
    return (high - low) / 2


@dataclass
class Comparison:
    """The release comparison the summary carries: the reference, every difference, the non-inferiority verdicts."""

    reference: str
    reference_facts: dict
    differences: list[Difference]
    verdicts: list[dict] = field(default_factory=list)
    refused: str | None = None

    @property
    def failing(self) -> list[dict]:
        return [v for v in self.verdicts if v["verdict"] != Verdict.PASS.value]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for d in self.differences:
            out[d.status] = out.get(d.status, 0) + 1
        return out

    def to_dict(self) -> dict:
        return {"reference": self.reference, "refused": self.refused, "counts": self.counts(),
                "reference_model": (self.reference_facts.get("model") or {}).get("spec", {}).get("alias"),
                "reference_fingerprint": self.reference_facts.get("fingerprint"),
                "differences": [d.to_dict() for d in self.differences], "gates": self.verdicts}


def judge(gates: Sequence[Gate], differences: Sequence[Difference], candidate: Sequence[MetricRecord]
          ) -> list[dict]:
    """Every non-inferiority / superiority gate against every candidate metric it matches."""
    by_id = {d.metric_id: d for d in differences}
    verdicts = []
    for gate in gates:
        for record in candidate:
            if not gate.matches(record.metric_id, record.base_id):
                continue
            found = by_id.get(record.metric_id)
            verdict, reason = gate.judge_difference(None if found is None else found.difference,
                                                    None if found is None else found.ci)
            if found is None:
                reason = f"the reference run has no {record.metric_id}, so {gate.text} cannot pass"
            verdicts.append({"metric": record.metric_id, "gate": gate.text, "source": gate.source,
                             "verdict": verdict.value, "reason": reason})
    return verdicts


def simulate_noninferiority(p_reference: float, delta: float, n: int, coupling: float, gate: Gate,
                            draws: int = 1000, resamples: int = 1000, seed: int = 0) -> float:
    """Share of simulated comparisons in which a relative ``gate`` on a proportion (e.g. a flip rate) fails.

    Per item, the reference shows the event with probability ``p_reference`` and the candidate with
    ``p_reference + delta``; with probability ``coupling`` an item's two outcomes share one uniform draw (the two
    models behave alike on it), otherwise they are independent — the marginals stay exact. Each comparison is
    judged exactly as a run is: :func:`paired_interval` (Tango's score interval, the outcomes being 0/1 with one
    unit per item), then :meth:`Gate.judge_difference`. ``delta = 0`` gives the false-alarm rate, ``delta =
    margin`` the share of candidates exactly at the margin that fail (should be at least 97.5%), ``delta >
    margin`` the power.
    """
    rng = np.random.default_rng(seed)
    p_candidate = min(max(p_reference + delta, 0.0), 1.0)
    failed = 0
    units = [f"item{i}" for i in range(n)]
    for draw in range(draws):
        shared = rng.random(n)
        coupled = rng.random(n) < coupling
        other = np.where(coupled, shared, rng.random(n))
        reference = (shared < p_reference).astype(float)
        candidate = (other < p_candidate).astype(float)
        resampler = ItemResampler(units, resamples, seed + draw + 1)  # drawn only if the method needs it
        low, high, _ = paired_interval(units, candidate, reference, resampler)
        verdict, _ = gate.judge_difference(float(candidate.mean() - reference.mean()), (low, high))
        failed += not verdict.passed
    return failed / draws


SIMULATION_SIZES = {"quick (option-order items)": 20, "paper, ESAP-sized (91 items)": 91,
                    "paper, PubMedQA-sized (1,000 items)": 1000}
SIMULATION_DELTAS = (0.0, 0.05, 0.10, 0.20)
SIMULATION_COUPLINGS = (0.5, 0.9)


def simulation_table(draws: int = 1000, resamples: int = 1000, sizes: dict[str, int] | None = None) -> str:
    """The README's table: how often ``flip_rate <= baseline + 0.05 @noninferior`` fails, by sample size, how
    alike the two models behave per item, and the true difference of flip rates (reference flip rate 0.3)."""
    from ..verdict.gates import parse_gate

    gate = parse_gate("x.flip_rate <= baseline + 0.05 @noninferior")
    header = "| items | coupling | " + " | ".join(f"true +{d:.2f}" for d in SIMULATION_DELTAS) + " |"
    rows = [header, "|" + "---|" * (2 + len(SIMULATION_DELTAS))]
    for label, n in (sizes or SIMULATION_SIZES).items():
        for coupling in SIMULATION_COUPLINGS:
            cells = [simulate_noninferiority(0.3, d, n, coupling, gate, draws, resamples, seed=n)
                     for d in SIMULATION_DELTAS]
            rows.append(f"| {label} | {coupling:.1f} | " + " | ".join(f"{100 * c:.1f}%" for c in cells) + " |")
    return "\n".join(rows)
