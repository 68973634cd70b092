"""pytest-html integration: a metrics column per test and the stability card above the results table.

Model output is untrusted text: every value that reaches the page goes through :func:`html.escape`.
"""

from __future__ import annotations

from html import escape

import pytest

from .report import ResultsCollector, format_ci, format_value
from .results import USER_PROPERTY, MetricRecord

CARD_STYLE = """
<style>
.medllm-card{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
.medllm-card th,.medllm-card td{border:1px solid #ccc;padding:3px 8px;text-align:left;color:#202124}
.medllm-card th{background:#f2f2f2}
.medllm-pass{background:#e6f4ea}.medllm-fail{background:#fce8e6}.medllm-unmeasured{background:#fef7e0}
.medllm-metrics{font-family:monospace;font-size:12px;white-space:pre-line}
.medllm-facts{font-size:12px;color:#333}
.medllm-verdict{font-size:15px;padding:6px 10px;border-radius:4px;display:inline-block;margin:4px 0}
.medllm-example{border-left:3px solid #d93025;margin:6px 0;padding:4px 8px;background:#fafafa}
.medllm-example pre{white-space:pre-wrap;font-size:11px;margin:2px 0;max-height:220px;overflow:auto}
.medllm-chart{display:inline-block;margin:6px;vertical-align:top}
.medllm-chart img{max-width:720px;border:1px solid #ddd}
</style>
"""


def metric_line(record: MetricRecord) -> str:
    verdict = f" {record.verdict.upper()}" if record.verdict else ""
    ci = format_ci(record)
    return f"{record.metric_id} = {format_value(record.value)}{' ' + ci if ci else ''}{verdict}"


def _suite_rows(records: list[MetricRecord], outcomes: dict[str, str]) -> list[tuple[str, str, int, int, list]]:
    """Per suite: tests passed/failed, gates passed/failed, the failing metrics (worst first)."""
    suites = sorted({r.suite for r in records})
    rows = []
    for suite in suites:
        mine = [r for r in records if r.suite == suite]
        tests = {r.nodeid for r in mine}
        failed_tests = sum(outcomes.get(t) in ("failed", "error") for t in tests)
        failing = [r for r in mine if r.verdict in ("fail", "unmeasured")]
        gated = sum(r.verdict is not None for r in mine)
        rows.append((suite, f"{len(tests) - failed_tests}/{len(tests)}", gated - len(failing), gated, failing))
    return rows


def _metric_table(records: list[MetricRecord]) -> str:
    parts = ['<table class="medllm-card"><thead><tr><th>metric</th><th>condition</th><th>value</th><th>95% CI</th>'
             "<th>n</th><th>better</th><th>gate</th><th>verdict</th></tr></thead><tbody>"]
    order = {"fail": 0, "unmeasured": 1, "pass": 2, None: 3}
    for r in sorted(records, key=lambda r: (order.get(r.verdict, 3), r.name, r.condition or "")):
        css = f' class="medllm-{escape(r.verdict)}"' if r.verdict else ""
        title = f' title="{escape(r.reason or "")}"' if r.reason else ""
        cells = [r.name, r.condition or "", format_value(r.value), format_ci(r), "" if r.n is None else str(r.n),
                 r.direction or "", r.gate or "", r.verdict or ""]
        parts.append(f"<tr{css}{title}>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def card_html(records: list[MetricRecord], facts: dict, charts: list[tuple[str, str]] | None = None,
              outcomes: dict[str, str] | None = None) -> str:
    """The stability card: the verdict, where the model breaks (per suite), charts, every metric by suite, and
    the environment fingerprint."""
    parts = [CARD_STYLE, "<h2>pytest-medllm stability card</h2>"]
    gated = [r for r in records if r.verdict]
    failing = [r for r in gated if r.verdict != "pass"]
    if gated:
        suites = sorted({r.suite for r in failing})
        text = (f"Not stable enough: {len(failing)} of {len(gated)} release gates failed, in {', '.join(suites)}"
                if failing else f"All {len(gated)} release gates passed")
        colour = "#fce8e6" if failing else "#e6f4ea"
        parts.append(f'<div class="medllm-verdict" style="background:{colour}">{escape(text)}</div>')
    model = facts.get("model") or {}
    fp = facts.get("fingerprint") or {}
    if model:
        spec = model.get("spec") or {}
        parts.append('<p class="medllm-facts">model <b>' + escape(str(spec.get("alias"))) + "</b> ("
                     + escape(str(spec.get("hub_id"))) + ") · " + escape(f"{fp.get('device')} {fp.get('dtype')}")
                     + " · torch " + escape(str(fp.get("torch"))) + " · transformers "
                     + escape(str(fp.get("transformers"))) + "</p>")
    parts.append('<h3>Where it breaks</h3><table class="medllm-card"><thead><tr><th>suite</th><th>tests passed</th>'
                 "<th>gates passed</th><th>failing metrics (value, 95% CI, gate)</th></tr></thead><tbody>")
    for suite, tests, passed, total, bad in _suite_rows(records, outcomes or {}):
        css = ' class="medllm-fail"' if bad else (' class="medllm-pass"' if total else "")
        listed = "<br>".join(escape(f"{r.metric_id} = {format_value(r.value)} {format_ci(r)}  ({r.gate})")
                             for r in bad[:4])
        more = f"<br>… and {len(bad) - 4} more" if len(bad) > 4 else ""
        parts.append(f"<tr{css}><td><b>{escape(suite)}</b></td><td>{escape(tests)}</td>"
                     f"<td>{passed}/{total}</td><td>{listed}{more}</td></tr>")
    parts.append("</tbody></table>")
    for title, png in charts or []:
        parts.append(f'<div class="medllm-chart"><div><b>{escape(title)}</b></div>'
                     f'<img alt="{escape(title)}" src="data:image/png;base64,{png}"></div>')
    parts.append("<h3>Every metric, by suite</h3>")
    for suite in sorted({r.suite for r in records}):
        mine = [r for r in records if r.suite == suite]
        bad = any(r.verdict in ("fail", "unmeasured") for r in mine)
        parts.append(f"<details{' open' if bad else ''}><summary><b>{escape(suite)}</b> — {len(mine)} metrics"
                     f"</summary>{_metric_table(mine)}</details>")
    baseline = facts.get("baseline")
    if baseline and baseline.get("fingerprint") is not None:
        theirs = baseline["fingerprint"]
        keys = sorted(set(theirs) | set(fp))
        cells = "".join(
            f'<tr{" class=medllm-fail" if theirs.get(k) != fp.get(k) else ""}><td>{escape(str(k))}</td>'
            f"<td>{escape(str(theirs.get(k)))}</td><td>{escape(str(fp.get(k)))}</td></tr>" for k in keys)
        parts.append(f"<h3>Compared with baseline {escape(str(baseline.get('path')))}</h3>"
                     '<table class="medllm-card"><thead><tr><th>fingerprint</th><th>baseline</th><th>this run</th>'
                     f"</tr></thead><tbody>{cells}</tbody></table>")
    if fp:
        rows = "".join(f"<tr><td>{escape(str(k))}</td><td>{escape(str(v))}</td></tr>" for k, v in fp.items())
        parts.append('<details><summary>environment fingerprint</summary><table class="medllm-card">'
                     f"{rows}</table></details>")
    return "".join(parts)


class HtmlHooks:
    """Registered only when pytest-html is active (its hook names are unknown otherwise)."""

    def __init__(self, collector: ResultsCollector) -> None:
        self.collector = collector

    @pytest.hookimpl
    def pytest_html_results_table_header(self, cells: list) -> None:
        cells.insert(2, "<th>Metrics</th>")

    @pytest.hookimpl
    def pytest_html_results_table_row(self, report: pytest.TestReport, cells: list) -> None:
        # Every report (setup, call, teardown) gets the cell, or pytest-html's columns shift.
        lines = [metric_line(MetricRecord.from_dict(v)) for k, v in report.user_properties if k == USER_PROPERTY]
        body = escape("\n".join(lines)) if report.when == "call" else ""
        cells.insert(2, f'<td class="col-metrics medllm-metrics">{body}</td>')

    @pytest.hookimpl
    def pytest_html_results_table_html(self, report: pytest.TestReport, data: list) -> None:
        """Failing cases under a test's row: the end of the prompt, the model's reply, the parsed verdict."""
        if report.when != "call":
            return
        for example in self.collector.examples.get(report.nodeid, []):
            fields = [f"{k}: {example[k]}" for k in ("item_id", "condition", "expected", "parsed", "reason")
                      if example.get(k) not in (None, "")]
            block = ['<div class="medllm-example"><div>' + escape(" · ".join(fields)) + "</div>"]
            for key in ("prompt_tail", "output"):
                if example.get(key):
                    block.append(f"<div>{escape(key.replace('_', ' '))}:</div><pre>{escape(str(example[key]))}</pre>")
            data.append("".join(block) + "</div>")

    @pytest.hookimpl
    def pytest_html_results_summary(self, prefix: list, summary: list, postfix: list, session) -> None:
        records = self.collector.judged_records()
        if records or self.collector.facts().get("model"):
            from .plots import all_charts

            prefix.append(card_html(records, self.collector.facts(), all_charts(records), self.collector.outcomes))
