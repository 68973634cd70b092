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

from ..rendering.terminal import TerminalCard
from ..verdict.artifacts import ITEMS_FILE, write_items, write_json
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
    TestLedger,
    unmatched_conditions,
)
from .session import SessionState

RESULTS_FILE = "medllm-results.json"


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
                self.behavioral.add(suite_name(item.nodeid))

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
        # A suite says something about the whole run (e.g. where its few-shot examples came from) with a record's
        # "run_note" detail: shown once on the card and in the JSON artifact's notes.
        notes += sorted({str(r.details["run_note"]) for r in records if (r.details or {}).get("run_note")})
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
            ReferenceRunError,
            compare,
            judge,
            load_reference,
        )

        try:
            reference = load_reference(self.state.run.compare_to)
        except ReferenceRunError as exc:  # checked before the run; the file changed since
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

