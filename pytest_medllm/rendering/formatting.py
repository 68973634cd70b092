"""How numbers and intervals are written on the card, in the HTML report and in messages."""

from __future__ import annotations

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
