"""Controller-side reporting: collect what the tests recorded, build the run summary, write the artifacts, print
the card.

Records arrive through ``pytest_runtest_logreport`` — the same path with and without xdist, because xdist
serialises each TestReport (with its ``user_properties``) to the controller. Worker facts arrive through
``pytest_testnodedown``. Everything here runs on the controller only; the terminal card, the JSON artifact and the
HTML report (:mod:`pytest_medllm.rendering.html`) are renderings of one :class:`~pytest_medllm.verdict.summary.RunSummary`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pytest

from ..verdict.artifacts import ITEMS_FILE, atomic_write, write_items, write_json
from ..verdict.records import (
    EXAMPLES_PROPERTY,
    ITEMS_PROPERTY,
    USER_PROPERTY,
    MetricRecord,
    jsonable,
    suite_name,
)
from ..verdict.summary import (
    Outcome,
    RunSummary,
    RunVerdict,
    TestLedger,
    suite_of_nodeid,
    unmatched_conditions,
)
from .session import SessionState

RESULTS_FILE = "medllm-results.json"


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
        self.ledger = TestLedger()
        self.worker_facts: dict[str, dict] = {}
        self.started = time.time()
        self.summary: RunSummary | None = None
        self.artifact_path: Path | None = None
        self.items_path: Path | None = None
        #: Suites (named after their files, as the ledger names tests) of collected modules that declare a
        #: behavioral suite: on this process without xdist, from the controller's import of them under xdist.
        self.behavioral: set[str] = set()

    @pytest.hookimpl
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        from ..verdict.declarations import Suite

        for item in session.items:
            if isinstance(getattr(getattr(item, "module", None), "SUITE", None), Suite):
                self.behavioral.add(suite_of_nodeid(item.nodeid))

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
        self.ledger.add(report)

    def add_worker_facts(self, worker_id: str, facts: dict) -> None:
        self.worker_facts[worker_id] = facts

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
        from ..backends.fingerprint import fingerprint_diff
        from ..verdict.artifacts import ArtifactError, read_items

        try:
            header, rows = read_items(self.state.run.baseline)
        except ArtifactError as exc:
            return {"path": self.state.run.baseline, "error": str(exc)}
        theirs = header.get("fingerprint") or {}
        return {"path": self.state.run.baseline, "items": len(rows), "fingerprint": theirs,
                "model": (header.get("model") or {}).get("identity"),
                "differences": {k: {"baseline": a, "current": b}
                                for k, (a, b) in fingerprint_diff(theirs, fingerprint).items()}}

    def is_medllm_run(self) -> bool:
        """The plugin is active in every pytest session of its environment: speak only for sessions that
        recorded something, loaded a model, found the run could not be done, or ran a test of a behavioral suite
        (one whose tests were all skipped before the model loaded judged nothing: that must be said, with exit
        status 5, never pytest's silent 0 for an all-skipped session)."""
        ran_a_suite = any(t.suite in self.behavioral for t in self.ledger.results.values())
        return bool(self.records or self.state.facts or self.worker_facts or self.ledger.blocked or ran_a_suite)

    # -- session end -------------------------------------------------------------------------------------------
    def incomplete_suites(self) -> set[str]:
        """Suites some of whose tests did not run: deselected (on any worker), skipped, or the whole run was
        narrowed to single tests by node id."""
        if any("::" in str(arg) for arg in self.config.invocation_params.args):
            return {r.suite for r in self.records}
        deselected = set(self.state.deselected_suites)
        for facts in self.worker_facts.values():
            deselected.update(facts.get("deselected_suites", ()))
        skipped = {t.suite for t in self.ledger.results.values() if t.outcome is Outcome.SKIPPED}
        return deselected | skipped

    def build_summary(self, pytest_status: int) -> RunSummary:
        records = sorted(self.records, key=lambda r: (r.suite, r.name, r.condition or ""))
        errors, notes = unmatched_conditions(self.state.gates, records, self.incomplete_suites())
        return RunSummary(run=self.state.run.to_dict(), gates_configured=[g.text for g in self.state.gates],
                          facts=jsonable(self.facts()),  # type: ignore[arg-type]
                          tests=sorted(self.ledger.results.values(), key=lambda t: t.nodeid), metrics=records,
                          problems=errors, notes=notes, pytest_status=pytest_status,
                          blocked=list(self.ledger.blocked), seconds_by_suite=dict(self.ledger.seconds),
                          started=self.started, finished=time.time(),
                          comparison=self.release_comparison(records),
                          behavioral_suites=set(self.behavioral) or None)

    def release_comparison(self, records: list[MetricRecord]):
        """Candidate against the --compare-to reference: every shared metric, and the gates that judge the
        difference."""
        if self.state.run.compare_to is None:
            return None
        from ..comparisons.reference import (
            Comparison,
            ReferenceError,
            compare,
            judge,
            load_reference,
        )

        try:
            reference = load_reference(self.state.run.compare_to)
        except ReferenceError as exc:  # checked before the run; the file changed since
            return Comparison(self.state.run.compare_to, {}, [], refused=str(exc))
        profile = self.state.run.run_profile
        differences = compare(records, reference, profile.bootstrap_resamples, self.state.run.seed)
        relative = [g for g in self.state.gates if g.relative]
        return Comparison(reference.path, reference.facts, differences, judge(relative, differences, records))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        self.state.finish()
        if not self.is_medllm_run():
            return
        summary = self.build_summary(int(session.exitstatus))
        self.summary = summary
        session.exitstatus = summary.exit_status
        report_dir = Path(self.state.run.report_dir)
        self.artifact_path = report_dir / RESULTS_FILE
        # The item artifact is written for every run that writes a results JSON, with no rows if no test kept
        # any: left alone, the previous run's rows would sit beside this run's summary and be read as its
        # answers (by --baseline, or a person). Written before the results JSON, the run's last word: a new
        # results JSON on disk always has its own run's items beside it.
        facts = summary.facts
        model = facts.get("model") or {}
        # Nothing that varies between identical runs (load times, dates) goes in: same seed and stack, same bytes.
        header = {"model": {"spec": model.get("spec"), "identity": model.get("identity")},
                  "fingerprint": facts.get("fingerprint"), "run": self.state.run.to_dict()}
        # Sorted so that the artifact is byte-identical whatever order xdist workers finished in.
        rows = sorted(self.items, key=lambda r: (r.get("suite", ""), r.get("condition", ""),
                                                 str(r.get("item_id", "")), r.get("test", "")))
        self.items_path = report_dir / ITEMS_FILE
        write_items(self.items_path, jsonable(header), rows)  # type: ignore[arg-type]
        write_json(self.artifact_path, summary.to_json())

    # -- terminal ----------------------------------------------------------------------------------------------
    @pytest.hookimpl
    def pytest_terminal_summary(self, terminalreporter, exitstatus: int, config: pytest.Config) -> None:
        if self.summary is not None:
            TerminalCard(terminalreporter, verbose=config.option.verbose > 0).render(
                self.summary, self.artifact_path, self.items_path, len(self.items))


class TerminalCard:
    """The stability card in the terminal: verdict first, then per suite, then the gated metrics."""

    def __init__(self, terminalreporter, verbose: bool) -> None:
        self.tr = terminalreporter
        self.verbose = verbose

    def line(self, text: str, **markup: bool) -> None:
        self.tr.write_line(text, **markup)

    def render(self, summary: RunSummary, artifact: Path | None, items: Path | None, n_items: int) -> None:
        self.tr.write_sep("=", "pytest-medllm stability card")
        unjudged = {u.suite: u for u in summary.unjudged_suites()}
        colour = {RunVerdict.PASSED: {"green": True, "bold": True}}.get(summary.verdict, {"red": True, "bold": True})
        if summary.verdict is RunVerdict.PASSED and unjudged:
            colour = {"yellow": True, "bold": True}  # passed, but not everything collected was judged
        self.line(summary.headline, **colour)
        problems = summary.problems + summary.blocked
        for problem in problems if len(problems) > 1 else ():
            self.line(f"  {problem}", red=True)
        for note in summary.notes:
            self.line(f"  note: {note}", yellow=True)
        self._facts(summary)
        for tally in summary.suites():
            bad = bool(tally.failing or tally.broken_tests)
            skipped = f" ({tally.skipped} skipped)" if tally.skipped else ""
            if tally.suite in unjudged:
                self.line(f"{tally.suite}: NOT JUDGED, all {tally.skipped} tests skipped "
                          f"({unjudged[tally.suite].reason})", yellow=True)
                continue
            self.line(f"{tally.suite}: tests {tally.tests_passed}/{tally.tests_total} passed{skipped}, gates "
                      f"{tally.gates_passed}/{tally.gates_total} passed",
                      **({"red": True} if bad else {"green": True} if tally.gates_total else {}))
            for test in tally.broken_tests:
                if test.outcome is Outcome.CRASHED:
                    self.line(f"  CRASHED {test.nodeid}: {test.message}", red=True)
        self._metrics(summary)
        if summary.comparison is not None:
            self._comparison(summary)
        if artifact is not None:
            self.line(f"JSON artifact: {artifact}")
        if items is not None:
            self.line(f"per-item artifact: {items} ({n_items} rows)")

    def _facts(self, summary: RunSummary) -> None:
        facts = summary.facts
        model, fp = facts.get("model", {}), facts.get("fingerprint", {})
        if model:
            self.line(f"model {model.get('spec', {}).get('alias')} · {fp.get('device')} {fp.get('dtype')} · "
                      f"torch {fp.get('torch')} · transformers {fp.get('transformers')} · "
                      f"profile {summary.run['profile']['name']} · seed {summary.run['seed']}")
        baseline = facts.get("baseline")
        if baseline:
            differences = baseline.get("differences") or {}
            shown = ", ".join(f"{k}: {v['baseline']} -> {v['current']}" for k, v in list(differences.items())[:6])
            self.line(f"baseline {baseline.get('path')}: stack differences: {shown or 'none'}")
        cache = facts.get("cache")
        if cache:
            calls = sum((cache.get("model_calls") or {}).values())
            reused = cache.get("reused_in_process", 0)
            self.line(f"response cache: {cache.get('hits', 0)} hits, {calls} model calls"
                      + (f", {reused} requests asked again in this run answered from memory" if reused else ""))
        timing = [t for t in summary.timing() if t["seconds"] >= 1]
        if timing and any(t["prefill_seconds"] or t["decode_seconds"] for t in timing):
            total = sum(t["seconds"] for t in timing)
            model_s = sum(t["prefill_seconds"] + t["decode_seconds"] for t in timing)
            slowest = ", ".join(f"{t['suite']} {t['seconds']:.0f} s" for t in timing[:3])
            self.line(f"time in tests {total:.0f} s: model prefill {sum(t['prefill_seconds'] for t in timing):.0f} s,"
                      f" decode {sum(t['decode_seconds'] for t in timing):.0f} s, the rest {total - model_s:.0f} s; "
                      f"slowest: {slowest} (per suite in the JSON artifact's 'timing')")
        for name, info in (facts.get("datasets") or {}).items():
            skipped = len(info.get("skipped", []))
            selection = info.get("selection", {})
            self.line(f"dataset {name}: {selection.get('n_selected', info.get('n_items'))} of "
                      f"{info.get('n_items')} items ({info.get('format')}), {selection.get('method', '')}, "
                      f"seed {selection.get('seed')}; the ids are in the JSON artifact"
                      + (f", {skipped} records skipped (see the JSON artifact)" if skipped else ""))

    def _comparison(self, summary: RunSummary) -> None:
        comparison = summary.comparison
        assert comparison is not None
        self.line("")
        if comparison.refused:
            self.line(f"compared with {comparison.reference}: {comparison.refused}", red=True)
            return
        counts = comparison.counts()
        theirs = (comparison.reference_facts.get("model") or {}).get("spec", {}).get("alias")
        ours = (summary.facts.get("model") or {}).get("spec", {}).get("alias")
        self.line(f"candidate {ours} vs reference {theirs} ({comparison.reference}): "
                  f"{counts.get('improved', 0)} metrics improved, {counts.get('held', 0)} held, "
                  f"{counts.get('regressed', 0)} regressed")
        for d in sorted((d for d in comparison.differences if d.status == "regressed"), key=lambda d: d.metric_id):
            self.line(f"  regressed {d.metric_id}: {format_value(d.reference)} -> {format_value(d.candidate)} "
                      f"(difference {d.difference:+.3f} [{d.low:+.3f}, {d.high:+.3f}], "
                      f"{'paired' if d.paired else 'unpaired'})", red=True)
        for verdict in comparison.verdicts:
            markup = {"green": True} if verdict["verdict"] == "pass" else {"red": True}
            self.line(f"  {verdict['verdict']:<10} {verdict['metric']}: {verdict['reason']}", **markup)

    def _metrics(self, summary: RunSummary) -> None:
        records = summary.metrics
        if not records:
            return
        shown = records if self.verbose else summary.gated
        rows = [(r.metric_id, format_value(r.value), format_ci(r), "" if r.n is None else str(r.n),
                 r.gate.replace(r.base_id, "").strip() if r.gate else "", r.verdict.value if r.verdict else "",
                 r.undefined) for r in shown]
        if rows:
            header = ("metric", "value", "95% CI", "n", "gate", "verdict", "")
            widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
            widths[0] = min(widths[0], 64)
            self.line("")
            self.line("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
            order = {"fail": 0, "unmeasured": 1, "pass": 2, "": 3}
            for row in sorted(rows, key=lambda row: order.get(row[5], 3)):
                markup = {"red": True} if row[5] in ("fail", "unmeasured") else \
                    {"green": True} if row[5] == "pass" else {}
                self.line("  ".join(str(c)[:64].ljust(w) for c, w in zip(row, widths)).rstrip(), **markup)
        gated, failing = summary.gated, summary.failing
        self.line(f"{len(gated)} gated metrics: {len(gated) - len(failing)} pass, {len(failing)} fail"
                  + ("" if self.verbose else f" ({len(records) - len(gated)} more metrics with -v, in the JSON "
                                             f"artifact and the HTML report)"))


class XdistHooks:
    """Hooks that exist only when pytest-xdist is installed (registering them otherwise is an error)."""

    def __init__(self, collector: ResultsCollector, preflight: Callable[[pytest.Config, list], None]) -> None:
        self.collector = collector
        self.preflight = preflight
        self._checked = False

    @pytest.hookimpl
    def pytest_xdist_node_collection_finished(self, node, ids: list[str]) -> None:  # noqa: ANN001
        """Under xdist the controller collects nothing: import the collected suite modules the way pytest does,
        read their declarations, and stop before any test if the run cannot be done."""
        if self._checked:
            return
        self._checked = True
        from _pytest.pathlib import import_path

        from ..verdict.declarations import Suite

        config = self.collector.config
        rootpath = Path(str(config.rootpath))
        suites = []
        for file in sorted({nodeid.split("::", 1)[0] for nodeid in ids}):
            path = rootpath / file
            try:
                if "Suite(" not in path.read_text(encoding="utf-8", errors="replace"):
                    continue  # not a behavioral suite: leave it to the workers
                module = import_path(path, mode=config.getoption("importmode"), root=rootpath,
                                     consider_namespace_packages=bool(config.getini("consider_namespace_packages")))
            except Exception:  # noqa: BLE001 - the workers report the module's own import error
                continue
            declared = getattr(module, "SUITE", None)
            if isinstance(declared, Suite):
                suites.append(declared)
                self.collector.behavioral.add(suite_name(file))
        self.preflight(config, suites)

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


__all__ = ["ResultsCollector", "TerminalCard", "XdistHooks", "format_ci", "format_value", "atomic_write"]
