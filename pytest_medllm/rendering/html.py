"""pytest-html integration: a metrics column per test and the stability card above the results table.

Model output is untrusted text: every value that reaches the page goes through :func:`html.escape`.
"""

from __future__ import annotations

from html import escape

from ..verdict.power import DETECTION_TARGET
from ..verdict.records import MetricRecord
from ..verdict.summary import Outcome, RunSummary, RunVerdict
from .formatting import format_ci, format_detectable, format_power, format_value, power_note
from .terminal import embedding_line, unusable_text, verdict_text

CARD_STYLE = """
<style>
.medllm-card{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
.medllm-card th,.medllm-card td{border:1px solid #ccc;padding:3px 8px;text-align:left;color:#202124}
.medllm-card th{background:#f2f2f2}
.medllm-pass{background:#e6f4ea;color:#202124}.medllm-fail{background:#fce8e6;color:#202124}.medllm-unmeasured{background:#fef7e0;color:#202124}
.medllm-underpowered{background:#fef7e0;color:#202124}
.medllm-metrics{font-family:monospace;font-size:12px;white-space:pre-line}
.medllm-facts{font-size:12px;color:#333}
.medllm-verdict{font-size:15px;font-weight:bold;color:#202124;padding:6px 10px;border-radius:4px;display:inline-block;margin:4px 0}
.medllm-example{border-left:3px solid #d93025;margin:6px 0;padding:4px 8px;background:#fafafa}
.medllm-example pre{white-space:pre-wrap;font-size:11px;margin:2px 0;max-height:220px;overflow:auto}
.medllm-chart{display:inline-block;margin:6px;vertical-align:top}
.medllm-chart img{max-width:720px;border:1px solid #ddd}
</style>
"""


def metric_line(record: MetricRecord) -> str:
    verdict = f" {record.verdict.value.upper()}" if record.verdict else ""
    if record.underpowered(DETECTION_TARGET):
        verdict += f" (underpowered: power {format_power(record)})"
    ci = format_ci(record)
    return f"{record.metric_id} = {format_value(record.value)}{' ' + ci if ci else ''}{verdict}"


def _metric_table(summary: RunSummary, records: list[MetricRecord]) -> str:
    parts = ['<table class="medllm-card"><thead><tr><th>metric</th><th>condition</th><th>value</th><th>95% CI</th>'
             "<th>n</th><th>better</th><th>gate</th><th>verdict</th><th>power vs unacceptable</th>"
             "<th>catches (80%)</th></tr></thead><tbody>"]
    order = {"fail": 0, "unmeasured": 1, "pass": 2, None: 3}
    for r in sorted(records, key=lambda r: (order.get(r.verdict.value if r.verdict else None, 3), r.name,
                                            r.condition or "")):
        verdict = verdict_text(summary, r)
        kind = "underpowered" if "underpowered" in verdict else r.verdict.value if r.verdict else ""
        css = f' class="medllm-{escape(kind)}"' if kind else ""
        title = " — ".join(x for x in (r.meaning, r.reason, power_note(r) if r.verdict else "") if x)
        value = format_value(r.value) if r.value is not None else (r.undefined or "—")
        cells = [r.name, r.condition or "", value, format_ci(r), "" if r.n is None else str(r.n),
                 r.direction or "", r.gate or "", verdict, format_power(r) if r.verdict else "",
                 format_detectable(r) if r.verdict else ""]
        parts.append(f'<tr{css} title="{escape(title)}">' + "".join(f"<td>{escape(c)}</td>" for c in cells)
                     + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _where_it_breaks(summary: RunSummary) -> str:
    parts = ['<h3>Where it breaks</h3><table class="medllm-card"><thead><tr><th>suite</th><th>tests passed</th>'
             "<th>gates passed</th><th>failing metrics (value, 95% CI, gate) and broken tests</th></tr></thead>"
             "<tbody>"]
    for tally in summary.suites():
        failed = tally.failing or any(t.outcome is Outcome.FAILED for t in tally.broken_tests)
        faulted = any(t.outcome is not Outcome.FAILED for t in tally.broken_tests)
        # Red is the model's failure; a fault (the tool's) is amber, with its exception in the row.
        css = (' class="medllm-fail"' if failed else ' class="medllm-unmeasured"' if faulted else
               ' class="medllm-underpowered"' if tally.underpowered else
               ' class="medllm-pass"' if tally.gates_total else "")
        lines = [escape(f"{r.metric_id} = {format_value(r.value) if r.value is not None else r.undefined or '—'}"
                        f" {format_ci(r)}  ({r.gate})") for r in tally.failing[:4]]
        if len(tally.failing) > 4:
            lines.append(f"… and {len(tally.failing) - 4} more")
        lines += [f"<b>{escape(t.outcome.value.upper())}</b> (not the model's) {escape(t.nodeid)}: {escape(t.message)}"
                  for t in tally.broken_tests if t.outcome is not Outcome.FAILED]
        unusable = summary.unusable_replies().get(tally.suite)
        if unusable:
            lines.append("unusable replies: " + escape(unusable_text(unusable)))
        parts.append(f"<tr{css}><td><b>{escape(tally.suite)}</b></td>"
                     f"<td>{tally.tests_passed}/{tally.tests_total}"
                     f"{f' ({tally.skipped} skipped)' if tally.skipped else ''}</td>"
                     f"<td>{tally.gates_passed}/{tally.gates_total}"
                     f"{f' ({tally.underpowered} underpowered)' if tally.underpowered else ''}</td>"
                     f"<td>{'<br>'.join(lines)}</td></tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _comparison_html(summary: RunSummary) -> str:
    """Candidate vs reference: per suite, the metrics that regressed, improved and held, with intervals; the
    gates against the reference; the two fingerprints side by side; a forest plot of the differences."""
    comparison = summary.comparison
    assert comparison is not None
    parts = [f"<h3>Candidate vs reference ({escape(comparison.reference)})</h3>"]
    if comparison.refused:
        return parts[0] + f'<p class="medllm-facts">{escape(comparison.refused)}</p>'
    for verdict in comparison.verdicts:
        css = "medllm-pass" if verdict["verdict"] == "pass" else "medllm-fail"
        parts.append(f'<div class="{css}">{escape(verdict["verdict"].upper())} {escape(verdict["metric"])}: '
                     f'{escape(verdict["reason"])}</div>')
    from .charts import forest_plot

    chart = forest_plot(comparison.differences)
    if chart is not None:
        parts.append(f'<div class="medllm-chart"><img alt="{escape(chart[0])}" '
                     f'src="data:image/png;base64,{chart[1]}"></div>')
    order = {"regressed": 0, "improved": 1, "held": 2}
    for suite in sorted({d.suite for d in comparison.differences}):
        mine = sorted((d for d in comparison.differences if d.suite == suite),
                      key=lambda d: (order.get(d.status, 3), d.metric_id))
        counts = {s: sum(d.status == s for d in mine) for s in ("regressed", "improved", "held")}
        rows = []
        for d in mine:
            css = {"regressed": ' class="medllm-fail"', "improved": ' class="medllm-pass"'}.get(d.status, "")
            interval = "" if d.ci is None else f"[{d.low:+.3f}, {d.high:+.3f}]"
            difference = "—" if d.difference is None else f"{d.difference:+.3f}"
            cells = [d.metric_id, format_value(d.reference), format_value(d.candidate), difference, interval,
                     d.status, d.method + (f"; McNemar p = {d.mcnemar_p:.3g}" if d.mcnemar_p is not None else "")]
            rows.append(f"<tr{css}>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        parts.append(f"<details{' open' if counts['regressed'] else ''}><summary><b>{escape(suite)}</b> — "
                     f"{counts['regressed']} regressed, {counts['improved']} improved, {counts['held']} held"
                     f'</summary><table class="medllm-card"><thead><tr><th>metric</th><th>reference</th>'
                     f"<th>candidate</th><th>difference</th><th>95% CI</th><th>status</th><th>method</th></tr>"
                     f"</thead><tbody>{''.join(rows)}</tbody></table></details>")
    theirs = comparison.reference_facts.get("fingerprint") or {}
    ours = summary.facts.get("fingerprint") or {}
    keys = sorted(set(theirs) | set(ours))
    cells = "".join(f'<tr{" class=medllm-fail" if theirs.get(k) != ours.get(k) else ""}><td>{escape(str(k))}</td>'
                    f"<td>{escape(str(theirs.get(k)))}</td><td>{escape(str(ours.get(k)))}</td></tr>" for k in keys)
    model = lambda facts: (facts.get("model") or {}).get("spec", {}).get("alias")  # noqa: E731
    parts.append('<details><summary>fingerprints: reference vs candidate</summary><table class="medllm-card">'
                 f"<thead><tr><th></th><th>reference ({escape(str(model(comparison.reference_facts)))})</th>"
                 f"<th>candidate ({escape(str(model(summary.facts)))})</th></tr></thead><tbody>{cells}</tbody>"
                 "</table></details>")
    return "".join(parts)


def card_html(summary: RunSummary, charts: list[tuple[str, str]] | None = None) -> str:
    """The stability card: the verdict, where the model breaks (per suite), charts, every metric by suite, and
    the environment fingerprint."""
    parts = [CARD_STYLE, "<h2>pytest-medllm stability card</h2>"]
    unjudged = summary.unjudged_suites()
    colour = "#e6f4ea" if summary.verdict is RunVerdict.PASSED else "#fce8e6"
    if (summary.verdict is RunVerdict.PASSED and (unjudged or summary.underpowered)) \
            or summary.verdict is RunVerdict.INCOMPLETE:
        colour = "#fef7e0"  # not everything was judged, or judged on weak evidence: not green, not red
    parts.append(f'<div class="medllm-verdict" style="background:{colour}">{escape(summary.headline)}</div>')
    for problem in summary.problems + summary.blocked:
        parts.append(f'<div class="medllm-facts">{escape(problem)}</div>')
    for suite in unjudged:
        parts.append(f'<div class="medllm-facts"><b>not judged</b> {escape(suite.suite)}: all {suite.skipped} tests '
                     f"skipped ({escape(suite.reason)})</div>")
    facts = summary.facts
    model = facts.get("model") or {}
    fp = facts.get("fingerprint") or {}
    if model:
        spec = model.get("spec") or {}
        parts.append('<p class="medllm-facts">model <b>' + escape(str(spec.get("alias"))) + "</b> ("
                     + escape(str(spec.get("hub_id"))) + ") · " + escape(f"{fp.get('device')} {fp.get('dtype')}")
                     + " · torch " + escape(str(fp.get("torch"))) + " · transformers "
                     + escape(str(fp.get("transformers"))) + "</p>")
    embedding = facts.get("embedding_model")
    if embedding:
        parts.append(f'<p class="medllm-facts">{escape(embedding_line(embedding))}</p>')
    parts.append(_where_it_breaks(summary))
    if summary.comparison is not None:
        parts.append(_comparison_html(summary))
    for title, png in charts or []:
        parts.append(f'<div class="medllm-chart"><div><b>{escape(title)}</b></div>'
                     f'<img alt="{escape(title)}" src="data:image/png;base64,{png}"></div>')
    parts.append("<h3>Every metric, by suite</h3>")
    for suite in sorted({r.suite for r in summary.metrics}):
        mine = [r for r in summary.metrics if r.suite == suite]
        bad = any(r.failed for r in mine)
        parts.append(f"<details{' open' if bad else ''}><summary><b>{escape(suite)}</b> — {len(mine)} metrics"
                     f"</summary>{_metric_table(summary, mine)}</details>")
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
    timing = [t for t in summary.timing() if t["seconds"] >= 0.5]
    if timing:
        load = model.get("load_seconds")
        rows = "".join(
            f"<tr><td>{escape(t['suite'])}</td><td>{t['seconds']:.1f}</td><td>{t['prefill_seconds']:.1f}</td>"
            f"<td>{t['decode_seconds']:.1f}</td><td>{t['other_seconds']:.1f}</td></tr>" for t in timing)
        parts.append("<details><summary>where the time went"
                     + (f" (model load {float(load):.1f} s)" if load is not None else "")
                     + '</summary><table class="medllm-card"><thead><tr><th>suite</th><th>seconds</th>'
                     "<th>prefill</th><th>decode</th><th>the rest (prompts, parsing, statistics)</th></tr></thead>"
                     f"<tbody>{rows}</tbody></table></details>")
    if fp:
        rows = "".join(f"<tr><td>{escape(str(k))}</td><td>{escape(str(v))}</td></tr>" for k, v in fp.items())
        parts.append('<details><summary>environment fingerprint</summary><table class="medllm-card">'
                     f"{rows}</table></details>")
    return "".join(parts)


EXAMPLE_FIELDS = ("item_id", "condition", "expected", "parsed", "unusable", "method", "reason", "finish_reason", "cut")
