"""An underpowered pass is named everywhere, --require-power refuses it (exit status 7), and a failure is never
softened: the run summary, its JSON artifact (against the schema), the terminal card and the HTML report."""

from __future__ import annotations

import json

import pytest
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.rendering.charts import _gate_threshold
from pytest_medllm.rendering.html import card_html, metric_line
from pytest_medllm.rendering.terminal import TerminalCard
from pytest_medllm.verdict.declarations import Suite
from pytest_medllm.verdict.gates import parse_gate
from pytest_medllm.verdict.recorder import judge
from pytest_medllm.verdict.records import MetricRecord
from pytest_medllm.verdict.summary import EXIT_UNDERPOWERED, Outcome, RunSummary, RunVerdict
from pytest_medllm.verdict.summary import TestResult as Result
from tests.conftest import PROJECT_DIR

# Not named SUITE: a test module with a SUITE is a behavioral suite to the plugin, which would report on this run.
DECLARED = Suite("power_verdict", "unit test of underpowered passes")
FLIPS = DECLARED.metric("flip_rate", "share of items whose answer changed", better="lower", expect="<= 0.2 @lenient",
                     because="a reason long enough to explain the threshold", unacceptable=0.578,
                     unacceptable_because="MedGemma-4B's flip rate under shuffling")
USABLE = DECLARED.metric("usable_rate", "share of usable replies", better="higher", expect=">= 0.8 @lenient",
                      because="a reason long enough to explain the threshold", unacceptable=0.341,
                      unacceptable_because="MedFound-7B's usable rate")
RUN = {"profile": {"name": "quick"}, "seed": 1}


def record(metric, k: int, n: int, condition: str) -> MetricRecord:
    low, high = proportion_confint(k, n, method="wilson")
    raw = MetricRecord(metric.suite, metric.name, k / n, n, float(low), float(high), "wilson",
                       direction=metric.better, condition=condition, nodeid=f"test_power_verdict.py::t[{condition}]")
    return judge(raw, [], metric.default_gate(), metric)


def summary(metrics, run=None, outcome=Outcome.PASSED) -> RunSummary:
    tests = [Result(m.nodeid, "power_verdict", outcome if m.failed else Outcome.PASSED) for m in metrics]
    return RunSummary(run=run or RUN, gates_configured=[], facts={}, tests=tests, metrics=metrics, problems=[],
                      pytest_status=0, behavioral_suites={"power_verdict"})


@pytest.fixture
def weak():
    """Two flip-rate passes on 6 items (power about 23%) and a usable-rate pass on 40 (power 100%)."""
    return [record(FLIPS, 0, 6, "small-a"), record(FLIPS, 1, 6, "small-b"), record(USABLE, 40, 40, "large")]


def test_an_underpowered_pass_is_named_and_the_headline_says_what_to_run(weak):
    s = summary(weak)
    assert s.verdict is RunVerdict.PASSED and s.exit_status == 0
    assert [m.condition for m in s.underpowered] == ["small-a", "small-b"]
    assert [s.gate_status(m) for m in weak] == ["passed (underpowered)"] * 2 + ["passed"]
    power = weak[0].power["probability"]
    assert s.headline == (f"All 3 release gates passed; 2 of 3 passes underpowered (under 80% chance to fail a "
                          f"model at the metric's unacceptable value; weakest power_verdict.flip_rate[small-a] "
                          f"{power:.0%}): run --profile paper or more items (--max-items N), or --require-power 0.8 "
                          f"to refuse such passes")
    assert [t.underpowered for t in s.suites()] == [2]


def test_require_power_turns_underpowered_passes_into_not_judged_with_exit_status_7(weak):
    s = summary(weak, {**RUN, "require_power": 0.8})
    assert s.verdict is RunVerdict.INCOMPLETE and s.exit_status == EXIT_UNDERPOWERED == 7
    assert [s.gate_status(m) for m in weak] == ["not judged (underpowered)"] * 2 + ["passed"]
    assert s.headline.startswith("Run incomplete: 2 of 3 release gates not judged: they passed with under 80% "
                                 "chance to fail a model at the metric's unacceptable value (--require-power 0.8;")
    assert s.headline.endswith("run --profile paper or more items (--max-items N); 1 passed with the power asked for")
    powered = summary([weak[2]], {**RUN, "require_power": 0.8})
    assert powered.verdict is RunVerdict.PASSED and powered.exit_status == 0
    stricter = summary([weak[2]], {**RUN, "require_power": 0.9999999})  # 100% - 1e-12 in floating point
    assert stricter.exit_status in (0, 7)


def test_a_failed_gate_is_never_softened(weak):
    failing = record(FLIPS, 5, 6, "bad")
    assert failing.failed
    for run in (RUN, {**RUN, "require_power": 0.8}):
        s = summary(weak + [failing], run, outcome=Outcome.FAILED)
        assert s.verdict is RunVerdict.FAILED and s.exit_status == 1
        assert s.gate_status(failing) == "failed" and failing not in s.underpowered
        assert s.headline.startswith("Not stable enough: 1 of 4 release gates failed")
        assert "2 of 3 passes underpowered" in s.headline


def test_a_fault_still_wins_over_require_power(weak):
    s = summary(weak, {**RUN, "require_power": 0.8})
    s.tests.append(Result("test_power_verdict.py::boom", "power_verdict", Outcome.FAULT, message="Error: x"))
    assert s.exit_status == 6


def test_the_json_artifact_names_the_power_of_every_gate_and_follows_the_schema(weak):
    import jsonschema

    for run in (RUN, {**RUN, "require_power": 0.8}):
        data = json.loads(json.dumps(summary(weak, {**run, "model": "m", "model_spec": {}, "backend": "b",
                                                        "device": "cpu", "dtype": "float32", "batch_size": 1,
                                                        "dataset": "demo"}).to_json()))
        schema = json.loads((PROJECT_DIR / "pytest_medllm" / "verdict" / "results.schema.json").read_text())
        jsonschema.validate(data, schema)
        verdicts = {v["metric"]: v for v in data["gate_verdicts"]}
        small = verdicts["power_verdict.flip_rate[small-a]"]
        assert small["verdict"] == "pass" and small["power_method"] == "exact" and small["unacceptable"] == 0.578
        assert small["status"] == ("passed (underpowered)" if "require_power" not in run
                                   else "not judged (underpowered)")
        assert small["power"] == pytest.approx(weak[0].power["probability"])
        assert small["detectable"] is None or small["detectable"] > 0.2
        metrics = {(m["name"], m["condition"]): m for m in data["metrics"]}
        assert metrics[("flip_rate", "small-a")]["gate_status"] == small["status"]
        assert metrics[("usable_rate", "large")]["power"]["probability"] == pytest.approx(1.0, abs=1e-4)
        assert data["verdict"]["power"]["underpowered"] == ["power_verdict.flip_rate[small-a]",
                                                            "power_verdict.flip_rate[small-b]"]
        assert data["verdict"]["exit_status"] == (0 if "require_power" not in run else 7)


class Reporter:
    def __init__(self):
        self.lines: list[tuple[str, dict]] = []

    def write_sep(self, sep, title):
        self.lines.append((title, {}))

    def write_line(self, text, **markup):
        self.lines.append((text, markup))


def test_the_card_shows_power_and_marks_underpowered_passes(weak):
    reporter = Reporter()
    TerminalCard(reporter, verbose=False).render(summary(weak), None, None, 0)
    text = "\n".join(line for line, _ in reporter.lines)
    assert reporter.lines[1][1] == {"yellow": True, "bold": True}  # a pass on weak evidence is not green
    assert "power_verdict: tests 3/3 passed, gates 3/3 passed (2 underpowered)" in text
    header = next(line for line, _ in reporter.lines if line.startswith("metric"))
    assert "power" in header and "catches (80%)" in header
    row = next((line, markup) for line, markup in reporter.lines if line.startswith("power_verdict.flip_rate[small-a]"))
    assert "pass (underpowered)" in row[0] and "vs 0.578" in row[0] and row[1] == {"yellow": True}
    large = next(line for line, _ in reporter.lines if line.startswith("power_verdict.usable_rate[large]"))
    assert "100% vs 0.341" in large and "<= " in large
    assert "3 gated metrics: 3 pass (2 underpowered" in text
    required = Reporter()
    TerminalCard(required, verbose=False).render(summary(weak, {**RUN, "require_power": 0.8}), None, None, 0)
    assert any("not judged (underpowered)" in line for line, _ in required.lines)


def test_the_html_report_shows_power_and_marks_underpowered_passes(weak):
    page = card_html(summary(weak))
    assert "<th>power vs unacceptable</th>" in page and "<th>catches (80%)</th>" in page
    assert 'class="medllm-underpowered"' in page and "pass (underpowered)" in page
    assert "2 of 3 passes underpowered" in page and "background:#fef7e0" in page
    assert "power exact against unacceptable 0.578: binomial sums" in page  # the row's title says how
    assert "(underpowered: power" in metric_line(weak[0]) and "underpowered" not in metric_line(weak[2])
    required = card_html(summary(weak, {**RUN, "require_power": 0.8}))
    assert "not judged (underpowered)" in required and "Run incomplete: 2 of 3 release gates not judged" in required


def test_chart_thresholds_read_gates_with_an_unacceptable_value():
    gated = record(FLIPS, 0, 6, "x")
    configured = MetricRecord.from_dict({**gated.to_dict(), "gate": "s.flip_rate[a b] <= 0.25 @lenient unacceptable 0.5"})
    assert _gate_threshold([gated]) == 0.2 and _gate_threshold([configured]) == 0.25
    assert parse_gate(configured.gate).unacceptable == 0.5
