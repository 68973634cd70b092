"""Metric records: what a behavioral test measured, with its interval, sample size and gate verdict.

A record is plain builtins so it travels through ``user_properties`` from an xdist worker to the controller
unchanged; the controller collects the same records with and without xdist.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Literal

USER_PROPERTY = "medllm_metric"
#: Per-item rows of the run artifact (outputs, parsed answers, label probabilities).
ITEMS_PROPERTY = "medllm_items"
#: Failing cases shown in the HTML report.
EXAMPLES_PROPERTY = "medllm_examples"
Direction = Literal["higher", "lower"]


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
    gate: str | None = None
    verdict: str | None = None
    reason: str | None = None
    details: dict = field(default_factory=dict)

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

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "MetricRecord":
        return cls(**data)

    def with_verdict(self, gate: str | None, verdict: str | None, reason: str | None) -> "MetricRecord":
        return replace(self, gate=gate, verdict=verdict, reason=reason)


def _clean(value: object) -> float | None:
    if value is None:
        return None
    number = float(value)  # numpy scalars included
    return None if math.isnan(number) else number


def make_record(suite: str, name: str, value: object, *, n: int | None = None,
                ci: tuple[object, object] | None = None, ci_method: str | None = None,
                direction: str | None = None, condition: str | None = None, test_type: str | None = None,
                nodeid: str = "", details: dict | None = None) -> MetricRecord:
    """Build a record from numbers of any numeric type; NaN becomes None (unmeasured)."""
    if direction not in (None, "higher", "lower"):
        raise ValueError(f"direction must be 'higher', 'lower' or None, got {direction!r}")
    if test_type not in (None, "MFT", "INV", "DIR"):
        raise ValueError(f"test_type must be MFT, INV, DIR or None, got {test_type!r}")
    low, high = (ci if ci is not None else (None, None))
    return MetricRecord(suite=suite, name=name, value=_clean(value), n=None if n is None else int(n),
                        ci_low=_clean(low), ci_high=_clean(high), ci_method=ci_method, direction=direction,
                        condition=condition, test_type=test_type, nodeid=nodeid,
                        details=jsonable(details or {}))


def jsonable(obj: object) -> object:
    """Builtins that survive strict JSON and xdist's serializer: numpy scalars and tuples become builtins, NaN
    and infinities become None (unmeasured)."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalar
        return jsonable(obj.item())
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def suite_name(module_name: str) -> str:
    """``test_option_order.py`` → ``option_order``."""
    base = module_name.rsplit("/", 1)[-1].rsplit("::", 1)[0]
    base = base[:-3] if base.endswith(".py") else base
    return base[5:] if base.startswith("test_") else base
