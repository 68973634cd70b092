"""Metric records: what a behavioral test measured, with its interval, sample size and gate verdict.

A record is plain builtins so it travels through ``user_properties`` from an xdist worker to the controller
unchanged; the controller collects the same records with and without xdist. The verdict is judged once, in the
process that ran the test (:mod:`pytest_medllm.verdict.recorder`), because only there are the suite's declared default
gates known.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from enum import Enum

USER_PROPERTY = "medllm_metric"
#: Per-item rows of the run artifact (outputs, parsed answers, label probabilities).
ITEMS_PROPERTY = "medllm_items"
#: Failing cases shown in the HTML report.
EXAMPLES_PROPERTY = "medllm_examples"
#: A reason the run could not be done (model not loadable, ...), carried by the report of the test that found it.
BLOCKED_PROPERTY = "medllm_blocked"
#: A test body that raised something other than a failed expectation: the exception, in one line (a fault of the
#: tool or its environment, never the model's failure).
FAULT_PROPERTY = "medllm_fault"


class Verdict(str, Enum):
    """A release gate's judgement of one metric. ``UNMEASURED`` fails the gate: no value, no pass."""

    PASS = "pass"
    FAIL = "fail"
    UNMEASURED = "unmeasured"

    @property
    def passed(self) -> bool:
        return self is Verdict.PASS


@dataclass(frozen=True)
class MetricRecord:
    """One measured quantity of one behavioral test."""

    suite: str
    name: str
    value: float | None
    n: int | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    ci_method: str | None = None
    #: Which way is better: "higher" (accuracy, agreement) or "lower" (flip rate, bias); None if neither.
    direction: str | None = None
    #: The perturbation, prompt, temperature... this value belongs to.
    condition: str | None = None
    #: CheckList test type: MFT (minimum functionality), INV (invariance) or DIR (directional expectation).
    test_type: str | None = None
    nodeid: str = ""
    #: One line saying what the metric means (from the suite's declaration).
    meaning: str = ""
    #: Why the value is undefined, when it is ("undefined: every answer was A in both conditions").
    undefined: str = ""
    #: The chart the HTML report draws this metric in (see :data:`pytest_medllm.verdict.declarations.CHARTS`).
    chart: str | None = None
    gate: str | None = None
    #: Where the gate came from: "suite" (the declared default), "ini", "policy" or "cli".
    gate_source: str | None = None
    verdict: Verdict | None = None
    reason: str | None = None
    details: dict = field(default_factory=dict)
    #: Per-item values (unit id -> value) when the metric is a mean over items: ``--compare-to`` pairs runs on them.
    per_item: dict | None = None
    #: What the gate could have caught (:class:`pytest_medllm.verdict.power.Power` as a dict): the probability that
    #: it fails a model at the metric's unacceptable value, the smallest violation it catches with 80%, and how
    #: that was computed (exact, simulation, or not computed with the reason). None for a metric no gate judged.
    power: dict | None = None

    @property
    def base_id(self) -> str:
        return f"{self.suite}.{self.name}"

    @property
    def metric_id(self) -> str:
        return f"{self.base_id}[{self.condition}]" if self.condition else self.base_id

    @property
    def ci(self) -> tuple[float, float] | None:
        if self.ci_low is None or self.ci_high is None:
            return None
        return (self.ci_low, self.ci_high)

    @property
    def failed(self) -> bool:
        """Judged by a gate and not passed (failed or unmeasured)."""
        return self.verdict is not None and not self.verdict.passed

    def to_dict(self) -> dict:
        data = asdict(self)
        data["verdict"] = None if self.verdict is None else self.verdict.value
        return data

    @property
    def power_probability(self) -> float | None:
        """The gate's power against the unacceptable value, when it could be computed."""
        return None if not self.power else self.power.get("probability")

    def underpowered(self, target: float) -> bool:
        """A pass whose gate fails a model at the unacceptable value less often than ``target``."""
        probability = self.power_probability
        return self.verdict is Verdict.PASS and probability is not None and probability < target

    @property
    def power_unknown(self) -> bool:
        """A pass whose power could not be computed (the reason is in ``power['how']``)."""
        return self.verdict is Verdict.PASS and self.power_probability is None

    @classmethod
    def from_dict(cls, data: dict) -> "MetricRecord":
        verdict = data.get("verdict")
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}  # artifacts may carry more
        return cls(**{**known, "verdict": None if verdict is None else Verdict(verdict)})

    def with_verdict(self, gate: str | None, source: str | None, verdict: Verdict | None,
                     reason: str | None, power: dict | None = None) -> "MetricRecord":
        return replace(self, gate=gate, gate_source=source, verdict=verdict, reason=reason, power=power)


def clean_number(value: object) -> float | None:
    """A float, or None for missing and NaN values (numpy scalars included)."""
    if value is None:
        return None
    number = float(value)  # type: ignore[arg-type]
    return None if math.isnan(number) else number


def jsonable(obj: object) -> object:
    """Builtins that survive strict JSON and xdist's serializer: numpy scalars and tuples become builtins, NaN
    and infinities become None (unmeasured), enums their values."""
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalar
        return jsonable(obj.item())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def suite_name(where: str) -> str:
    """The suite a file or test is named after: ``suites/test_option_order.py`` or a node id
    ``suites/test_option_order.py::test_x[...]`` → ``option_order`` (the id of a module that declares no suite,
    and how the ledger groups tests)."""
    base = where.split("::", 1)[0].rsplit("/", 1)[-1]
    base = base[:-3] if base.endswith(".py") else base
    return base[5:] if base.startswith("test_") else base
