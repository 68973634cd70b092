"""pytest-html's hooks: a metrics column per test, failing examples under a test's row, the stability card above
the results table, and whole-page writes. Registered on the controller only when pytest-html is active (its hook
names are unknown otherwise). The page's content comes from :mod:`pytest_medllm.rendering.html`."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from ..rendering.html import EXAMPLE_FIELDS, card_html, metric_line
from ..verdict.records import USER_PROPERTY, MetricRecord
from .controller import ResultsCollector


class HtmlHooks:
    """Registered only when pytest-html is active (its hook names are unknown otherwise)."""

    def __init__(self, collector: ResultsCollector) -> None:
        self.collector = collector

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """pytest-html writes its page in place; an interrupted run would leave half a page. Route its writes
        through a temporary file and a rename, so the page on disk is always a whole one (the previous or the
        new). pytest-html has no public hook for this: its writer method is wrapped, when it has the expected
        shape, and left alone otherwise."""
        html = _pytest_html_plugin(self.collector.config)
        if html is None or not callable(getattr(html, "_write_report", None)) or not hasattr(html, "_report_path"):
            return
        from ..verdict.artifacts import atomic_write

        def write_report(rendered: str) -> None:
            atomic_write(Path(html._report_path), lambda handle: handle.write(rendered))

        html._write_report = write_report

    @pytest.hookimpl
    def pytest_html_results_table_header(self, cells: list) -> None:
        cells.insert(2, "<th>Metrics</th>")

    @pytest.hookimpl
    def pytest_html_results_table_row(self, report: pytest.TestReport, cells: list) -> None:
        # Every report (setup, call, teardown) gets the cell, or pytest-html's columns shift.
        # Collection reports carry no user_properties.
        lines = [metric_line(MetricRecord.from_dict(v)) for k, v in getattr(report, "user_properties", ())
                 if k == USER_PROPERTY]
        body = escape("\n".join(lines)) if report.when == "call" else ""
        cells.insert(2, f'<td class="col-metrics medllm-metrics">{body}</td>')

    @pytest.hookimpl
    def pytest_html_results_table_html(self, report: pytest.TestReport, data: list) -> None:
        """Failing cases under a test's row: the end of the prompt, the model's reply, how it was parsed."""
        if report.when != "call":
            return
        for example in self.collector.examples.get(report.nodeid, []):
            fields = [f"{k}: {example[k]}" for k in EXAMPLE_FIELDS if example.get(k) not in (None, "")]
            block = ['<div class="medllm-example"><div>' + escape(" · ".join(fields)) + "</div>"]
            for key, title in (("prompt_tail", "prompt tail"), ("output", "output"),
                               ("read", "what was read (the reply before its invented continuation)")):
                if example.get(key):
                    block.append(f"<div>{escape(title)}:</div><pre>{escape(str(example[key]))}</pre>")
            data.append("".join(block) + "</div>")

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """pytest-html lists a test once its teardown report arrives; a crashed xdist worker sends none (only a
        report with ``when="???"``). Hand pytest-html the crash as a failed call and a teardown, so that the
        page counts it as a failed test, named as a crash."""
        if report.when in ("setup", "call", "teardown") or not report.failed:
            return
        html = _pytest_html_plugin(self.collector.config)
        if html is None:
            return
        common = {"nodeid": report.nodeid, "location": report.location, "keywords": dict(report.keywords),
                  "user_properties": list(report.user_properties)}
        html.pytest_runtest_logreport(pytest.TestReport(
            outcome="failed", when="call", longrepr=f"CRASHED: {report.longreprtext}", duration=report.duration,
            **common))
        html.pytest_runtest_logreport(pytest.TestReport(outcome="passed", when="teardown", longrepr=None,
                                                        **common))

    @pytest.hookimpl
    def pytest_html_results_summary(self, prefix: list, summary: list, postfix: list, session) -> None:
        run = self.collector.summary
        if run is not None:
            from ..rendering.charts import all_charts

            prefix.append(card_html(run, all_charts(run.metrics)))


def _pytest_html_plugin(config: pytest.Config):
    """pytest-html's report object (registered without a name)."""
    from pytest_html.basereport import BaseReport

    return next((p for p in config.pluginmanager.get_plugins() if isinstance(p, BaseReport)), None)
