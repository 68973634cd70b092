"""Controller-side reporting: collect metric records, judge gates, write the JSON artifact, print the card.

Records arrive through ``pytest_runtest_logreport`` — the same path with and without xdist, because xdist
serialises each TestReport (with its ``user_properties``) to the controller. Worker facts arrive through
``pytest_testnodedown``. Everything here runs on the controller only.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest

from .gates import find_gate
from .artifacts import ITEMS_FILE, write_items_atomic
from .results import EXAMPLES_PROPERTY, ITEMS_PROPERTY, USER_PROPERTY, MetricRecord, jsonable
from .session import SessionState

SCHEMA = "pytest-medllm/results/1"
RESULTS_FILE = "medllm-results.json"


def write_json_atomic(path: Path, data: object) -> None:
    """Write JSON to a temporary file in the same folder, then rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=2, ensure_ascii=False, sort_keys=False, allow_nan=False)
            handle.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


class ResultsCollector:
    """Registered on the controller (or the only process without xdist)."""

    def __init__(self, config: pytest.Config, state: SessionState) -> None:
        self.config = config
        self.state = state
        self.records: list[MetricRecord] = []
        self.items: list[dict] = []
        self.examples: dict[str, list[dict]] = {}
        self.outcomes: dict[str, str] = {}
        self.worker_facts: dict[str, dict] = {}
        self.started = time.time()
        self.artifact_path: Path | None = None
        self.items_path: Path | None = None

    # -- collection --------------------------------------------------------------------------------------------
    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call":  # every phase's report carries the item's user_properties: read them once
            for key, value in report.user_properties:
                if key == USER_PROPERTY:
                    self.records.append(MetricRecord.from_dict(value))
                elif key == ITEMS_PROPERTY:
                    self.items.extend(value)
                elif key == EXAMPLES_PROPERTY:
                    self.examples.setdefault(report.nodeid, []).extend(value)
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.outcomes[report.nodeid] = report.outcome
        elif report.when == "teardown" and report.outcome == "failed":
            self.outcomes[report.nodeid] = "error"

    def add_worker_facts(self, worker_id: str, facts: dict) -> None:
        self.worker_facts[worker_id] = facts

    # -- gates -------------------------------------------------------------------------------------------------
    def judged_records(self) -> list[MetricRecord]:
        """Records re-judged on the controller with the run's gates (the same gates the tests used)."""
        judged = []
        for record in self.records:
            gate = find_gate(self.state.gates, record.metric_id, record.base_id)
            if gate is None:
                judged.append(record.with_verdict(None, None, None))
            else:
                verdict, reason = gate.judge(record.value, record.ci)
                judged.append(record.with_verdict(gate.text, verdict, reason))
        return sorted(judged, key=lambda r: (r.suite, r.name, r.condition or ""))

    def facts(self) -> dict:
        """Facts from this process (no xdist) or from the first worker that reported each kind."""
        merged: dict = dict(self.state.facts)
        for worker_id in sorted(self.worker_facts):
            for key, value in self.worker_facts[worker_id].items():
                if key == "cache" and key in merged:
                    merged[key] = _sum_counts(merged[key], value)
                else:
                    merged.setdefault(key, value)
        if self.state.run.baseline and "baseline" not in merged:
            merged["baseline"] = self._baseline_facts(merged.get("fingerprint") or {})
        if self.worker_facts:
            merged["workers"] = {w: {"fingerprint": f.get("fingerprint"), "cache": f.get("cache"),
                                     "load_seconds": (f.get("model") or {}).get("load_seconds")}
                                 for w, f in sorted(self.worker_facts.items())}
        return merged

    def _baseline_facts(self, fingerprint: dict) -> dict:
        from .artifacts import ArtifactError, read_items
        from .env import fingerprint_diff

        try:
            header, rows = read_items(self.state.run.baseline)
        except ArtifactError as exc:
            return {"path": self.state.run.baseline, "error": str(exc)}
        theirs = header.get("fingerprint") or {}
        return {"path": self.state.run.baseline, "items": len(rows), "fingerprint": theirs,
                "model": (header.get("model") or {}).get("identity"),
                "differences": {k: {"baseline": a, "current": b}
                                for k, (a, b) in fingerprint_diff(theirs, fingerprint).items()}}

    # -- session end -------------------------------------------------------------------------------------------
    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        self.state.finish()
        records = self.judged_records()
        failing = [r for r in records if r.verdict in ("fail", "unmeasured")]
        if failing and session.exitstatus == 0:
            # A gate failed although every test passed (e.g. a test that swallowed its own failure): the exit
            # status must still stop the release.
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if not records and not self.state.facts and not self.worker_facts:
            return  # not a medllm run (the plugin is active in every pytest session of this environment)
        self.artifact_path = Path(self.state.run.report_dir) / RESULTS_FILE
        write_json_atomic(self.artifact_path, self.artifact(records, int(session.exitstatus)))
        if self.items:
            facts = self.facts()
            model = facts.get("model") or {}
            # Nothing that varies between identical runs (load times, dates) goes in: same seed and stack,
            # same bytes.
            header = {"model": {"spec": model.get("spec"), "identity": model.get("identity")},
                      "fingerprint": facts.get("fingerprint"), "run": self.state.run.to_dict()}
            # Sorted so that the artifact is byte-identical whatever order xdist workers finished in.
            rows = sorted(self.items, key=lambda r: (r.get("suite", ""), r.get("condition", ""),
                                                     str(r.get("item_id", "")), r.get("test", "")))
            self.items_path = Path(self.state.run.report_dir) / ITEMS_FILE
            write_items_atomic(self.items_path, jsonable(header), rows)

    def artifact(self, records: list[MetricRecord], exit_status: int) -> dict:
        counts: dict[str, int] = {}
        for outcome in self.outcomes.values():
            counts[outcome] = counts.get(outcome, 0) + 1
        gates = [{"metric": r.metric_id, "gate": r.gate, "verdict": r.verdict, "reason": r.reason}
                 for r in records if r.gate]
        return {
            "schema": SCHEMA,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "duration_seconds": round(time.time() - self.started, 2),
            "run": self.state.run.to_dict(),
            "gates_configured": [g.text for g in self.state.gates],
            "facts": jsonable(self.facts()),
            "tests": {"outcomes": counts, "exit_status": exit_status},
            "metrics": [jsonable(r.to_dict()) for r in records],
            "gate_verdicts": gates,
        }

    # -- terminal ----------------------------------------------------------------------------------------------
    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter, exitstatus: int, config: pytest.Config) -> None:
        records = self.judged_records()
        facts = self.facts()
        if not records and "model" not in facts:
            return
        tr = terminalreporter
        tr.write_sep("=", "pytest-medllm stability card")
        model = facts.get("model", {})
        fp = facts.get("fingerprint", {})
        if model:
            tr.write_line(f"model {model.get('spec', {}).get('alias')} · {fp.get('device')} {fp.get('dtype')} · "
                          f"torch {fp.get('torch')} · transformers {fp.get('transformers')} · "
                          f"profile {self.state.run.profile['name']} · seed {self.state.run.seed}")
        baseline = facts.get("baseline")
        if baseline:
            differences = baseline.get("differences") or {}
            shown = ", ".join(f"{k}: {v['baseline']} -> {v['current']}" for k, v in list(differences.items())[:6])
            tr.write_line(f"baseline {baseline.get('path')}: stack differences: {shown or 'none'}")
        cache = facts.get("cache")
        if cache:
            calls = sum((cache.get("model_calls") or {}).values())
            tr.write_line(f"response cache: {cache.get('hits', 0)} hits, {calls} model calls")
        for name, info in (facts.get("datasets") or {}).items():
            skipped = len(info.get("skipped", []))
            selection = info.get("selection", {})
            tr.write_line(f"dataset {name}: {selection.get('n_selected', info.get('n_items'))} of "
                          f"{info.get('n_items')} items ({info.get('format')}), {selection.get('method', '')}, "
                          f"seed {selection.get('seed')}; the ids are in the JSON artifact"
                          + (f", {skipped} records skipped (see the JSON artifact)" if skipped else ""))
        if records:
            verbose = config.option.verbose > 0
            shown = records if verbose else [r for r in records if r.verdict is not None]
            by_suite: dict[str, list[MetricRecord]] = {}
            for r in records:
                by_suite.setdefault(r.suite, []).append(r)
            for suite, mine in sorted(by_suite.items()):
                bad = sum(r.verdict in ("fail", "unmeasured") for r in mine)
                gated = sum(r.verdict is not None for r in mine)
                tr.write_line(f"{suite}: {len(mine)} metrics, {gated - bad}/{gated} gates pass",
                              **({"red": True} if bad else {"green": True} if gated else {}))
            rows = [(r.metric_id, format_value(r.value), format_ci(r), "" if r.n is None else str(r.n),
                     r.gate.replace(r.base_id, "").strip() if r.gate else "", r.verdict or "") for r in shown]
            if rows:
                header = ("metric", "value", "95% CI", "n", "gate", "verdict")
                widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
                widths[0] = min(widths[0], 64)
                tr.write_line("")
                tr.write_line("  ".join(h.ljust(w) for h, w in zip(header, widths)))
                order = {"fail": 0, "unmeasured": 1, "pass": 2, "": 3}
                for row in sorted(rows, key=lambda row: order.get(row[5], 3)):
                    verdict = row[5]
                    markup = {"red": True} if verdict in ("fail", "unmeasured") else \
                        {"green": True} if verdict == "pass" else {}
                    tr.write_line("  ".join(str(c)[:64].ljust(w) for c, w in zip(row, widths)), **markup)
            failing = sum(r.verdict in ("fail", "unmeasured") for r in records)
            gated = sum(r.verdict is not None for r in records)
            tr.write_line(f"{gated} gated metrics: {gated - failing} pass, {failing} fail"
                          + ("" if verbose else f" ({len(records) - gated} more metrics with -v, in the JSON "
                                                 f"artifact and the HTML report)"))
        if self.artifact_path is not None:
            tr.write_line(f"JSON artifact: {self.artifact_path}")
        if self.items_path is not None:
            tr.write_line(f"per-item artifact: {self.items_path} ({len(self.items)} rows)")


class XdistHooks:
    """Hooks that exist only when pytest-xdist is installed (registering them otherwise is an error)."""

    def __init__(self, collector: ResultsCollector) -> None:
        self.collector = collector

    @pytest.hookimpl
    def pytest_testnodedown(self, node, error) -> None:  # noqa: ANN001 - xdist's WorkerController
        facts = getattr(node, "workeroutput", {}).get("medllm_facts")
        if facts:
            worker_id = getattr(node, "workerinput", {}).get("workerid", str(len(self.collector.worker_facts)))
            self.collector.add_worker_facts(worker_id, facts)


def _sum_counts(a: dict, b: dict) -> dict:
    out = dict(a)
    for key, value in b.items():
        if isinstance(value, (int, float)) and isinstance(out.get(key), (int, float)):
            out[key] = out[key] + value
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _sum_counts(out[key], value)
        else:
            out.setdefault(key, value)
    return out
