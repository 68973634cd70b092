"""What each suite measures and expects, declared next to its tests.

A suite module declares itself and its metrics at the top::

    SUITE = Suite("option_order", "MedGemma prompt-sensitivity study, Experiment 2")
    FLIP_RATE = SUITE.metric(
        "flip_rate", "share of items whose chosen option *content* changed under the reordering",
        better="lower", test_type="INV", chart="intervals",
        expect="<= 0.2 @lenient", because="the study saw 59% of answers flip under shuffling",
        unacceptable=0.578, unacceptable_because="MedGemma-4B's flip rate under shuffling (Table 6)")

and each test states what must hold in one line, through the ``expect`` fixture::

    expect(FLIP_RATE, flips, condition="rotate-1")

The declaration is the single source of a metric's id (``option_order.flip_rate`` — from the declaration, not the
file name), its direction, its meaning, its default release gate, the value a release must catch
(``unacceptable``, with its reason: the gate's power is the probability of failing a model that truly sits there,
see :mod:`pytest_medllm.verdict.power`) and its chart. ``pytest.ini`` (``medllm_gates``), ``--gate-policy`` and
``--gate`` override the default by metric id (``... unacceptable 0.5`` on the gate line overrides the declared value);
a configured gate that names no declared metric is a usage error. ``python -m pytest_medllm gates`` prints the
README's table of default gates, ``python -m pytest_medllm power`` what they can catch.

Every gated metric of the project's suites declares an unacceptable value (checked by
``tests/unit/verdict/test_unacceptable_values.py`` through :func:`missing_unacceptable`). A user's own suite
written before unacceptable values existed still runs: its gates report "power not computed: no unacceptable
value declared".
"""

from __future__ import annotations

import difflib
import fnmatch
import math
from dataclasses import dataclass, field
from typing import Iterable, Literal

from .gates import Gate, GateSyntaxError, parse_gate

Better = Literal["higher", "lower"]
TestType = Literal["MFT", "INV", "DIR"]
#: Chart kinds the HTML report knows how to draw from a metric's records (see :mod:`pytest_medllm.rendering.charts`).
CHARTS = ("intervals", "positions", "bubbles", "m_of_s", "delta_ppl")


class DeclarationError(ValueError):
    """A suite declares a metric inconsistently (unknown chart, bad expectation, two definitions of one id)."""


@dataclass(frozen=True)
class Metric:
    """One declared quantity of a suite: what it means, which way is better, and what it must satisfy."""

    suite: str
    name: str
    meaning: str
    better: Better | None = None
    test_type: TestType | None = None
    #: Default expectation ``OP THRESHOLD @MODE`` (e.g. ``<= 0.2 @lenient``), or None for a descriptive metric.
    expect: str | None = None
    #: The study figure (or reasoning) behind the default threshold.
    because: str = ""
    chart: str | None = None
    #: The value a release must catch (a study's measured failure, or the level at which the metric means nothing:
    #: chance, no agreement beyond chance); on the failing side of the default gate's threshold.
    unacceptable: float | None = None
    #: Why that value must be caught (the study figure, or why it makes the metric meaningless).
    unacceptable_because: str = ""

    @property
    def id(self) -> str:
        return f"{self.suite}.{self.name}"

    @property
    def gated(self) -> bool:
        return self.expect is not None

    def default_gate(self) -> Gate | None:
        """The suite's own release gate for this metric (overridden by configured gates)."""
        if self.expect is None:
            return None
        return parse_gate(f"{self.id} {self.expect}", source="suite")


@dataclass
class Suite:
    """A behavioral suite: its id (the first part of every metric id), the study it implements, its metrics."""

    id: str
    study: str
    metrics: dict[str, Metric] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.id.isidentifier():
            raise DeclarationError(f"suite id {self.id!r} must be a Python identifier (it starts metric ids)")
        existing = SUITES.get(self.id)
        if existing is not None and existing.study != self.study:
            raise DeclarationError(f"two suites declare the id {self.id!r}")
        if existing is not None:  # the same module imported twice (e.g. on an xdist controller): keep one
            self.metrics = existing.metrics
        SUITES[self.id] = self

    def metric(self, name: str, meaning: str, *, better: Better | None = None, test_type: TestType | None = None,
               expect: str | None = None, because: str = "", chart: str | None = None,
               unacceptable: float | None = None, unacceptable_because: str = "") -> Metric:
        """Declare a metric of this suite (idempotent: declaring the same metric twice returns it).

        ``unacceptable`` is the value a release must catch, ``unacceptable_because`` why: the report gives each
        gate's probability of failing a model whose true value is that (its power)."""
        declared = Metric(self.id, name, meaning, better, test_type, expect, because, chart,
                          None if unacceptable is None else float(unacceptable), unacceptable_because)
        if chart is not None and chart not in CHARTS:
            raise DeclarationError(f"{declared.id}: chart {chart!r} is not one of {', '.join(CHARTS)}")
        if expect is not None:
            if not because:
                raise DeclarationError(f"{declared.id}: say why the default expectation {expect!r} is what it is")
            try:
                declared.default_gate()
            except GateSyntaxError as exc:
                raise DeclarationError(f"{declared.id}: {exc}") from None
        check_unacceptable(declared)
        existing = self.metrics.get(name)
        if existing is not None and existing != declared:
            raise DeclarationError(f"{declared.id} is declared twice with different definitions")
        self.metrics[name] = declared
        return declared


def check_unacceptable(metric: Metric) -> None:
    """A declared unacceptable value comes with its reason, belongs to a gated metric and misses the default gate
    (it is what the gate must catch); raise :class:`DeclarationError` otherwise."""
    if metric.unacceptable is None:
        if metric.unacceptable_because:
            raise DeclarationError(f"{metric.id}: unacceptable_because without an unacceptable value")
        return
    value = metric.unacceptable
    if not math.isfinite(value):
        raise DeclarationError(f"{metric.id}: the unacceptable value must be a number, got {value!r}")
    if not metric.unacceptable_because:
        raise DeclarationError(f"{metric.id}: say why {value:g} is unacceptable (unacceptable_because=...)")
    gate = metric.default_gate()
    if gate is None:
        raise DeclarationError(f"{metric.id}: an unacceptable value belongs to a metric with an expectation")
    if not gate.violated_by(value):
        raise DeclarationError(f"{metric.id}: the unacceptable value {value:g} meets the default gate "
                               f"{metric.expect!r}; it is the level a release must catch, on the failing side")


def missing_unacceptable(suites: Iterable[Suite] | None = None) -> list[str]:
    """Gated metrics that declare no unacceptable value (a declaration error for the project's suites: without
    it no gate can say what it could have caught)."""
    return sorted(m.id for m in declared_metrics(suites) if m.gated and m.unacceptable is None)


# -- the metrics every suite gets when runs are compared (--baseline, perturbed reloads) ---------------------

@dataclass(frozen=True)
class ComparisonMetrics:
    """The declared metrics of one run-to-run comparison (prefix ``baseline`` or ``perturbed``)."""

    match_rate: Metric
    kappa: Metric
    stuart_maxwell_p: Metric
    accuracy_difference: Metric
    mcnemar_p: Metric
    identical_text: Metric
    first_divergence_token: Metric
    max_probability_difference: Metric


MATCH_BECAUSE = ("the pediatric endocrinology study saw CUDA 11.8 and 12.8 agree on only 45-75% of answers at equal "
                 "accuracy (Table 5); a change of software stack should leave at least 90% of answers unchanged")
MATCH_UNACCEPTABLE = 0.75
MATCH_UNACCEPTABLE_BECAUSE = ("the best agreement the pediatric endocrinology study measured between CUDA 11.8 and "
                              "12.8 (match rates 0.45-0.75, Table 5): a stack change that keeps only 75% of answers "
                              "changed a quarter of the clinical decisions, and a release must catch it")


#: The gate every suite gets with ``--baseline``, as the README's table shows it (``*`` = any suite).
BASELINE_MATCH_RATE = Metric("*", "baseline_match_rate", "share of items whose parsed answer is the same as in the "
                             "--baseline run", "higher", "INV", ">= 0.9 @lenient", MATCH_BECAUSE, None,
                             MATCH_UNACCEPTABLE, MATCH_UNACCEPTABLE_BECAUSE)


def comparison_metrics(suite: Suite, prefix: str) -> ComparisonMetrics:
    """Declare ``{prefix}_match_rate`` (gated) and the descriptive comparison metrics on ``suite``."""
    def m(name: str, meaning: str, **kw: object) -> Metric:
        return suite.metric(f"{prefix}_{name}", meaning, test_type="INV", **kw)  # type: ignore[arg-type]

    return ComparisonMetrics(
        match_rate=m("match_rate", "share of items whose parsed answer is the same in both runs", better="higher",
                     expect=">= 0.9 @lenient", because=MATCH_BECAUSE, chart="intervals",
                     unacceptable=MATCH_UNACCEPTABLE, unacceptable_because=MATCH_UNACCEPTABLE_BECAUSE),
        kappa=m("kappa", "Cohen's kappa between the two runs' answers (observed marginals)", better="higher"),
        stuart_maxwell_p=m("stuart_maxwell_p", "Stuart-Maxwell test of marginal homogeneity of the answers"),
        accuracy_difference=m("accuracy_difference", "accuracy of this run minus the reference run's"),
        mcnemar_p=m("mcnemar_p", "McNemar exact test on paired correctness"),
        identical_text=m("identical_text", "share of byte-identical outputs", better="higher"),
        first_divergence_token=m("first_divergence_token", "median index of the first differing output token"),
        max_probability_difference=m("max_probability_difference", "largest difference of a label probability",
                                     better="lower"),
    )


#: Every suite declared in this process, by id (filled as suite modules are imported).
SUITES: dict[str, Suite] = {}


def declared_metrics(suites: Iterable[Suite] | None = None) -> list[Metric]:
    return [m for s in (SUITES.values() if suites is None else suites) for m in s.metrics.values()]


def known_metric_ids(suites: Iterable[Suite]) -> list[str]:
    """Every metric id a gate may name for these suites: the declared ones, plus the ``--baseline`` comparison
    metrics the plugin adds to every suite when a run is compared (declared only once a comparison happens, so
    they are not in the suites' declarations before the run)."""
    from dataclasses import fields

    suites = list(suites)
    ids = [m.id for m in declared_metrics(suites)]
    added = [f"{s.id}.baseline_{f.name}" for s in suites for f in fields(ComparisonMetrics)]
    return sorted(set(ids) | set(added))


def nearest_metric_ids(base: str, ids: list[str], n: int = 3) -> list[str]:
    """The declared ids closest to a gate's ``suite.metric`` part, best first: ids whose metric name matches the
    gate's (``flip_rate`` → every suite's ``flip_rate``; a renamed or mistyped suite keeps its metric name),
    then ids with a similar metric name, then ids similar as a whole."""
    if not ids:
        return []
    name_part = base.partition(".")[2] if "." in base else base
    similarity = lambda i: difflib.SequenceMatcher(None, base, i).ratio()  # noqa: E731
    names = sorted({i.partition(".")[2] for i in ids})
    same = [i for i in ids if fnmatch.fnmatchcase(i.partition(".")[2], name_part)]
    close_names = set(difflib.get_close_matches(name_part, names, n=n, cutoff=0.6))
    close = [i for i in ids if i.partition(".")[2] in close_names]
    whole = difflib.get_close_matches(base, ids, n=n, cutoff=0.5)
    ranked = sorted(same, key=lambda i: (-similarity(i), i)) + sorted(close, key=lambda i: (-similarity(i), i))
    picked = list(dict.fromkeys(ranked + whole))[:n]
    return picked or sorted(ids)[:n]


def unmatched_gates(gates: Iterable[Gate], suites: Iterable[Suite], declared: Iterable[Suite] = (),
                    unreadable: Iterable[str] = ()) -> list[str]:
    """Configured gates that can never judge a metric, each with the nearest declared ids.

    ``suites`` are the suites of this run; ``declared`` every suite declared where the project keeps its suites
    (its ``testpaths``), whether this run selected it or not. A gate naming a metric of a declared suite that this
    run did not select is allowed — a policy file covers every suite, and ``pytest suites/test_accuracy.py`` with
    it must not fail. A gate naming no metric of any declared suite is a problem, also when its suite part names
    no suite of this run: ``flip_rate <= 0.1`` (no suite part) or ``answer_order.flip_rate`` (a renamed suite)
    would otherwise judge nothing, silently, and leave the default you meant to tighten in charge.
    ``unreadable`` lists suite files that could not be imported (they may declare the metric): they are named in
    the message rather than guessed at. Conditions (``[...]``) are checked at the end of the run, against what
    was recorded.
    """
    everything = {s.id: s for s in declared}
    everything.update({s.id: s for s in suites})
    ids = known_metric_ids(everything.values())
    unreadable = list(unreadable)
    problems = []
    for gate in gates:
        if gate.source == "suite":
            continue
        base = gate.pattern.partition("[")[0]
        if any(fnmatch.fnmatchcase(i, base) for i in ids):
            continue
        hint = "" if "." in base else " (a gate names SUITE.METRIC, e.g. option_order.flip_rate)"
        text = (f"gate {gate.text!r} ({gate.source}) matches no metric of any declared suite{hint}; nearest metric "
                f"ids: {', '.join(nearest_metric_ids(base, ids)) or 'none (no suite declares a metric)'}")
        if unreadable:
            text += f"; these suite files could not be read and may declare it: {'; '.join(unreadable[:3])}"
        problems.append(text)
    return problems


def gate_table(suites: Iterable[Suite] | None = None) -> str:
    """The README's table of default release gates, generated from the declarations (plus the plugin's own
    ``--baseline`` comparison, which every suite records)."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    rows = ["| metric | type | meaning | default gate | why |", "|---|---|---|---|---|"]
    metrics = sorted(declared_metrics(suites), key=lambda m: m.id) + [BASELINE_MATCH_RATE]
    for metric in metrics:
        if metric.gated:
            rows.append(f"| `{metric.id}` | {metric.test_type or ''} | {cell(metric.meaning)} | `{metric.expect}` | "
                        f"{cell(metric.because)} |")
    return "\n".join(rows)
