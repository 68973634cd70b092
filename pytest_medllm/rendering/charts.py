"""Charts for the HTML report, drawn from metric records (PNG, embedded as base64 so the page stays one file).

Each chart function takes the run's records and returns ``(title, png_base64)`` or None when the run has nothing
to draw. matplotlib is imported only here, only on the controller, only when an HTML report is written.
"""

from __future__ import annotations

import base64
import io
from dataclasses import replace
from typing import Callable, Sequence

from ..verdict.records import MetricRecord

Chart = tuple[str, str]


def _figure(width: float = 7.0, height: float = 3.2):
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    return plt, fig, ax


def _png(plt, fig) -> str:
    buffer = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _select(records: Sequence[MetricRecord], suite: str, name: str) -> list[MetricRecord]:
    return [r for r in records if r.suite == suite and r.name == name and r.value is not None]


def _bars_with_ci(records: list[MetricRecord], title: str, ylabel: str, threshold: float | None = None
                  ) -> Chart | None:
    if not records:
        return None
    plt, fig, ax = _figure()
    labels = [r.condition or r.name for r in records]
    values = [r.value for r in records]
    lower = [max(0.0, r.value - r.ci_low) if r.ci_low is not None else 0.0 for r in records]
    upper = [max(0.0, r.ci_high - r.value) if r.ci_high is not None else 0.0 for r in records]
    colors = ["#d93025" if r.failed else "#1e8e3e" if r.verdict is not None else "#5f6368" for r in records]
    ax.bar(range(len(values)), values, yerr=[lower, upper], color=colors, capsize=4)
    ax.set_xticks(range(len(values)), labels, rotation=20, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    if threshold is not None:
        ax.axhline(threshold, color="#202124", linestyle="--", linewidth=1, label=f"gate {threshold:g}")
        ax.legend(fontsize=8)
    return title, _png(plt, fig)


def _gate_threshold(records: list[MetricRecord]) -> float | None:
    """The threshold of the first gate (``PATTERN OP THRESHOLD @MODE [unacceptable X]``)."""
    from .formatting import gate_parts

    for r in records:
        if r.gate:
            return gate_parts(r.gate)[1]
    return None


def interval_charts(records: Sequence[MetricRecord]) -> list[Chart]:
    """One bar chart with 95% intervals per metric declared with ``chart="intervals"``, bars per condition,
    coloured by verdict, with the gate's threshold."""
    groups: dict[tuple[str, str], list[MetricRecord]] = {}
    for r in records:
        if r.chart == "intervals" and r.value is not None:
            groups.setdefault((r.suite, r.name), []).append(r)
    charts = []
    for (suite, name), chosen in sorted(groups.items()):
        meaning = chosen[0].meaning or name
        chart = _bars_with_ci(chosen[:24], f"{suite}.{name}: {meaning} (95% CI)", name, _gate_threshold(chosen))
        if chart is not None:
            charts.append(chart)
    return charts


def answer_positions(records: Sequence[MetricRecord]) -> Chart | None:
    """Predicted versus true answer-position distributions, one panel per measured condition."""
    chosen = [r for r in records if r.chart == "positions" and r.details.get("predicted_positions")]
    if not chosen:
        return None
    chosen = chosen[:6]
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(chosen), figsize=(2.4 * len(chosen) + 1, 2.8), dpi=100, squeeze=False)
    for ax, record in zip(axes[0], chosen):
        predicted = record.details["predicted_positions"]
        truth = record.details.get("true_positions", {})
        letters = list(predicted)
        total_p = sum(predicted.values()) or 1
        total_t = sum(truth.values()) or 1
        xs = range(len(letters))
        ax.bar([x - 0.2 for x in xs], [predicted[k] / total_p for k in letters], width=0.4, label="predicted",
               color="#1a73e8")
        ax.bar([x + 0.2 for x in xs], [truth.get(k, 0) / total_t for k in letters], width=0.4, label="truth",
               color="#bdc1c6")
        ax.set_xticks(list(xs), letters)
        ax.set_title(f"{record.suite}\n{record.condition} (bias {record.value:.2f})", fontsize=8)
    axes[0][0].set_ylabel("share of answers")
    axes[0][0].legend(fontsize=7)
    return "Answer positions: predicted vs truth", _png(plt, fig)


def consistency_bubbles(records: Sequence[MetricRecord]) -> Chart | None:
    """Consistency (majority size) against correctness (correct runs) per temperature — the pediatric
    endocrinology study's Figure 1."""
    chosen = [r for r in records if r.chart == "bubbles" and r.details.get("bubbles")]
    if not chosen:
        return None
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(chosen), figsize=(3.0 * len(chosen) + 1, 3.0), dpi=100, squeeze=False)
    for ax, record in zip(axes[0], chosen):
        bubbles = record.details["bubbles"]  # [[correct_runs, majority_size, count], ...]
        runs = record.details.get("runs", 10)
        if bubbles:
            xs, ys, counts = zip(*bubbles)
            ax.scatter(xs, ys, s=[40 * c for c in counts], alpha=0.6, color="#1a73e8")
        ax.set_xlim(-0.5, runs + 0.5)
        ax.set_ylim(0, runs + 0.5)
        ax.set_xlabel("correct runs")
        ax.set_title(record.condition or "", fontsize=9)
    axes[0][0].set_ylabel("majority size")
    return "Consistency vs correctness (bubble size = items)", _png(plt, fig)


def _curves(records: Sequence[MetricRecord], chart: str, key: str, title: str, ylabel: str,
            panel: Callable[[MetricRecord], str] = lambda r: "") -> Chart | None:
    """Lines over severity shifts, one panel per ``panel(record)`` (tasks with different units stay apart)."""
    chosen = [r for r in records if r.chart == chart and r.details.get(key)]
    if not chosen:
        return None
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    panels = sorted({panel(r) for r in chosen})
    fig, axes = plt.subplots(1, len(panels), figsize=(4.6 * len(panels) + 1, 3.4), dpi=100, squeeze=False)
    for ax, group in zip(axes[0], panels):
        for record in [r for r in chosen if panel(r) == group][:12]:
            points = sorted((int(s), v) for s, v in record.details[key].items() if v is not None)
            if points:
                label = (record.condition or "").split(" | ")[-1]
                ax.plot([s for s, _ in points], [v for _, v in points], marker="o", label=label)
        ax.axhline(0, color="#5f6368", linewidth=0.8)
        ax.set_xticks([-2, -1, 0, 1, 2])
        ax.set_xlabel("severity shift")
        ax.set_title(group or title, fontsize=9)
        ax.legend(fontsize=6, ncol=2)
    axes[0][0].set_ylabel(ylabel)
    return title, _png(plt, fig)


def _task(record: MetricRecord) -> str:
    parts = (record.condition or "").split("/")
    return {"mortality": "mortality: P(death)", "los": "length of stay: expected hours"}.get(
        parts[1] if len(parts) > 1 else "", "")


def monotonicity(records: Sequence[MetricRecord]) -> Chart | None:
    """Mean shift of the expected outcome m(s) per severity shift s, per vital sign, one panel per task."""
    chosen = [r for r in records if r.chart == "m_of_s"]
    relabelled = [replace(r, condition=_relabel(r)) for r in chosen]
    return _curves(relabelled, "m_of_s", "m_of_s", "Mean shift m(s) of the expected outcome per severity shift",
                   "m(s)", panel=lambda r: r.condition.split(" | ")[0])


def _relabel(record: MetricRecord) -> str:
    style, task, vital = ((record.condition or "//").split("/") + ["", "", ""])[:3]
    return f"{_task(record)} | {style}/{vital}"


def delta_perplexity(records: Sequence[MetricRecord]) -> Chart | None:
    """Mean ΔPPL between counterfactual and original note per severity shift."""
    return _curves(records, "delta_ppl", "delta_ppl_by_shift", "Mean ΔPPL per severity shift", "mean ΔPPL")


def forest_plot(differences: Sequence, limit: int = 40) -> Chart | None:
    """Candidate minus reference per metric with 95% intervals (regressions red, improvements green), worst first."""
    chosen = [d for d in differences if d.ci is not None and d.difference is not None]
    if not chosen:
        return None
    order = {"regressed": 0, "improved": 1, "held": 2, "changed": 3}
    chosen = sorted(chosen, key=lambda d: (order.get(d.status, 4), d.metric_id))[:limit]
    plt, fig, ax = _figure(width=8.0, height=0.28 * len(chosen) + 1.2)
    colours = {"regressed": "#d93025", "improved": "#1e8e3e"}
    for row, d in enumerate(chosen):
        colour = colours.get(d.status, "#5f6368")
        ax.errorbar([d.difference], [row], xerr=[[d.difference - d.low], [d.high - d.difference]], fmt="o",
                    color=colour, capsize=3, markersize=4)
    ax.axvline(0, color="#202124", linewidth=0.8)
    ax.set_yticks(range(len(chosen)), [f"{d.metric_id} ({d.direction or '?'} better)"[:70] for d in chosen],
                  fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("candidate minus reference (95% CI)")
    return "Candidate vs reference: differences with 95% intervals", _png(plt, fig)


CHARTS: list[Callable[[Sequence[MetricRecord]], Chart | None]] = [
    answer_positions, consistency_bubbles, monotonicity, delta_perplexity,
]


def all_charts(records: Sequence[MetricRecord]) -> list[Chart]:
    """Every chart the records' declarations ask for."""
    charts = interval_charts(records)
    for make in CHARTS:
        chart = make(records)
        if chart is not None:
            charts.append(chart)
    return charts
