"""Recording a test's metrics and judging them, in the process that runs the test.

The ``expect`` fixture hands a suite a :class:`Recorder`; a test states what must hold in one line::

    expect(FLIP_RATE, flips, condition="rotate-1")      # a declared, gated metric
    expect.record(ACCURACY_DROP, drop, condition=...)   # a descriptive metric (also: the record_metric fixture)

Each call builds a :class:`~pytest_medllm.verdict.records.MetricRecord`, judges it against the first configured gate that
matches its id (``--gate``, ``--gate-policy``, ``medllm_gates``) or else the metric's declared default, and appends
it to the test's ``user_properties`` — the path that carries it to the controller with and without xdist. A failed
gate fails the test after its body has recorded everything.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import pytest

from ..methods.stats import Estimate, point
from .declarations import SUITES, DeclarationError, Metric, Suite
from .gates import Gate, find_gate
from .power import gate_power
from .records import USER_PROPERTY, MetricRecord, clean_number, jsonable, suite_name

#: Records of a test whose gate did not pass; read by the plugin's runtest wrapper to fail the test.
FAILED_GATES_KEY = pytest.StashKey[list]()


def declared_suite(node: pytest.Item) -> Suite:
    """The suite a test belongs to: its module's ``SUITE`` declaration, else one named after the file (so that a
    user's own suite works before it declares anything)."""
    module = getattr(node, "module", None)
    declared = getattr(module, "SUITE", None)
    if isinstance(declared, Suite):
        return declared
    name = suite_name(node.path.name)
    return SUITES.get(name) or Suite(name, f"undeclared suite in {node.path.name}")


def as_estimate(value: Estimate | float | int | None, n: int | None = None) -> Estimate:
    """Accept an Estimate, or a bare number (a point estimate) for convenience."""
    if isinstance(value, Estimate):
        return value
    return point(value, n or 0)


class Recorder:
    """Records and judges the metrics of one test (see the module docstring)."""

    def __init__(self, node: pytest.Item, gates: Sequence[Gate]) -> None:
        self.node = node
        self.gates = list(gates)
        self.suite = declared_suite(node)

    def __call__(self, metric: Metric, estimate: Estimate | float | None, *, condition: str | None = None,
                 details: dict | None = None) -> MetricRecord:
        """Record ``metric`` and judge it against its expectation; the metric must declare one."""
        if not isinstance(metric, Metric) or not metric.gated:
            name = getattr(metric, "id", metric)
            raise DeclarationError(f"expect({name}) needs a metric declared with an expectation; record a "
                                   f"descriptive metric with expect.record(...) or record_metric(...)")
        return self.record(metric, estimate, condition=condition, details=details)

    def record(self, metric: Metric | str, estimate: Estimate | float | None, *, condition: str | None = None,
               details: dict | None = None, n: int | None = None) -> MetricRecord:
        """Record ``metric`` (declared, or a name in this test's suite); configured gates still judge it."""
        if isinstance(metric, str):
            metric = self.suite.metric(metric, "")
        estimate = as_estimate(estimate, n)
        record = MetricRecord(
            suite=metric.suite, name=metric.name, value=clean_number(estimate.value), n=estimate.n,
            ci_low=clean_number(estimate.low), ci_high=clean_number(estimate.high),
            ci_method=estimate.method or None, direction=metric.better, condition=condition,
            test_type=metric.test_type, nodeid=self.node.nodeid, meaning=metric.meaning,
            undefined=estimate.undefined if math.isnan(estimate.value) else "", chart=metric.chart,
            details=jsonable(details or {}),  # type: ignore[arg-type]
            per_item=dict(estimate.per_item) if estimate.per_item else None)
        record = judge(record, self.gates, metric.default_gate(), metric)
        if record.failed:
            self.node.stash.setdefault(FAILED_GATES_KEY, []).append(record)
        self.node.user_properties.append((USER_PROPERTY, record.to_dict()))
        return record


def judge(record: MetricRecord, gates: Sequence[Gate], default: Gate | None, metric: Metric | None = None
          ) -> MetricRecord:
    """The record with the verdict of the first configured gate matching it, else of the declared default, and
    what that gate could have caught: its power against the unacceptable value written on the gate line, else
    the one ``metric`` declares (:mod:`pytest_medllm.verdict.power`)."""
    gate = find_gate(gates, record.metric_id, record.base_id) or default
    if gate is None:
        return record
    verdict, reason = gate.judge(record.value, record.ci, record.undefined)
    if gate.unacceptable is not None:
        unacceptable, because, source = gate.unacceptable, f"written on the gate line ({gate.source})", gate.source
    elif metric is not None and metric.unacceptable is not None:
        unacceptable, because, source = metric.unacceptable, metric.unacceptable_because, "suite"
    else:
        unacceptable, because, source = None, "", None
    power = gate_power(record, gate, unacceptable, because, source)
    return record.with_verdict(gate.text, gate.source, verdict, reason, power.to_dict())


RecordFn = Callable[..., MetricRecord]
