"""How numbers and intervals are written on the card, in the HTML report and in messages."""

from __future__ import annotations

import re

from ..verdict.records import MetricRecord


def format_value(value: float | None) -> str:
    if value is None:
        return "—"
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e4):
        return f"{value:.2e}"
    return f"{value:.3f}"


def format_ci(record: MetricRecord) -> str:
    if record.ci is None:
        return ""
    return f"[{format_value(record.ci_low)}, {format_value(record.ci_high)}]"


def format_power(record: MetricRecord) -> str:
    """The gate's power against the unacceptable value: ``42% vs 0.578``, or ``—`` when not computed."""
    power = record.power or {}
    probability, unacceptable = power.get("probability"), power.get("unacceptable")
    if probability is None:
        return "—"
    return f"{probability:.0%} vs {format_value(unacceptable)}"


def format_detectable(record: MetricRecord) -> str:
    """What the gate catches with 80%: ``>= 0.469`` (true values at or beyond it), ``any violation`` when even the
    threshold is, ``nothing`` when no value on the scale is, blank when not computed."""
    power = record.power or {}
    if power.get("probability") is None:
        return ""
    detectable = power.get("detectable")
    if detectable is None:
        return "not computed" if power.get("method") == "simulation" else "nothing"
    op, threshold = gate_parts(record.gate)
    wants_high = op in (">=", ">")
    if threshold is not None and abs(detectable - threshold) < 1e-12:
        return "any violation"
    return f"{'<=' if wants_high else '>='} {format_value(detectable)}"


def power_note(record: MetricRecord) -> str:
    """One line on the gate's power: how it was computed, or why not."""
    power = record.power or {}
    if not power:
        return ""
    head = f"power {power.get('method')}"
    if power.get("unacceptable") is not None:
        head += f" against unacceptable {format_value(power.get('unacceptable'))}"
    return f"{head}: {power.get('how')}"


_GATE_TAIL = re.compile(r"(>=|<=|>|<) (\S+) @\w+(?: unacceptable \S+)?$")


def gate_parts(gate: str | None) -> tuple[str, float | None]:
    """The operator and threshold of a gate's text (``PATTERN OP THRESHOLD @MODE [unacceptable X]``)."""
    found = _GATE_TAIL.search(gate or "")
    if not found:
        return "", None
    try:
        return found.group(1), float(found.group(2))
    except ValueError:
        return found.group(1), None
