"""The run summary: one typed object built on the controller at session finish.

Tests (crashed ones included), metrics with their gate verdicts, configuration problems, facts (model,
fingerprints, cache statistics, datasets) and the verdict of the run. The terminal card, the JSON artifact and the
HTML report only render it, so the three can never disagree — in particular never "all gates passed" while pytest
exits 1 because a worker crashed.

Exit statuses (``RunVerdict.exit_status``): 0 every test and release gate passed; 1 the model failed a gate or a
behavioral test, or a test crashed (the verdict then says the run is incomplete); 4 the run could not be done as
configured (usage error); 5 nothing was judged (every test skipped); 2 and 3 keep pytest's meaning
(interrupted, internal error).

A suite whose tests were all skipped (an optional library missing, a server backend lacking a capability) is
judged by no gate. The verdict then still follows the suites that were judged, but every rendering names the
unjudged suites with the first skip reason (:meth:`RunSummary.unjudged_suites`): "All 40 release gates passed"
alone would claim more than the run showed.
"""

from __future__ import annotations

import fnmatch
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Protocol

import pytest

from .gates import Gate
from .records import BLOCKED_PROPERTY, MetricRecord, jsonable, suite_name

SCHEMA = "pytest-medllm/results/2"


class ComparisonVerdicts(Protocol):
    """What the verdict needs of a release comparison (:class:`pytest_medllm.comparisons.reference.Comparison`):
    the gates judged against the reference, those that failed, and its JSON form. The comparison is computed a
    layer above; the summary only reads it."""

    @property
    def verdicts(self) -> list[dict]: ...

    @property
    def failing(self) -> list[dict]: ...

    def to_dict(self) -> dict: ...


class Outcome(str, Enum):
    """What happened to one test, worst phase first."""

    CRASHED = "crashed"
    ERROR = "error"
    FAILED = "failed"
    XPASSED = "xpassed"
    PASSED = "passed"
    XFAILED = "xfailed"
    SKIPPED = "skipped"

    @property
    def severity(self) -> int:
        return list(Outcome).index(self)


class RunVerdict(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    INCOMPLETE = "incomplete"
    NOT_RUN = "not run"


@dataclass
class TestResult:
    nodeid: str
    suite: str
    outcome: Outcome
    duration: float = 0.0
    message: str = ""


def outcome_of(report: pytest.TestReport) -> Outcome | None:
    """The outcome one phase report implies, or None when the phase says nothing new (a passed setup)."""
    if report.when not in ("setup", "call", "teardown"):
        return Outcome.CRASHED if report.failed else None  # xdist reports a dead worker with when="???"
    xfail = hasattr(report, "wasxfail")
    if report.when == "call":
        if report.passed:
            return Outcome.XPASSED if xfail else Outcome.PASSED
        if report.skipped:
            return Outcome.XFAILED if xfail else Outcome.SKIPPED
        return Outcome.FAILED
    if report.failed:
        return Outcome.ERROR
    if report.skipped:
        return Outcome.XFAILED if xfail else Outcome.SKIPPED
    return None


def short_message(report: pytest.TestReport) -> str:
    """The first meaningful line of a failure (for the card); the full text stays in pytest's output."""
    text = getattr(report, "longreprtext", "") or ""
    if report.skipped and isinstance(report.longrepr, tuple):
        text = str(report.longrepr[2])
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    picked = next((line for line in lines if line.startswith("E ")), lines[-1] if lines else "")
    return picked.removeprefix("E ").strip()[:300]


class TestLedger:
    """Outcomes per test, fed with every phase report; the worst phase decides (a crash beats a later pass)."""

    def __init__(self) -> None:
        self.results: dict[str, TestResult] = {}
        self.blocked: list[str] = []
        #: Seconds spent per suite, over every phase (a session fixture's work counts where it first ran).
        self.seconds: dict[str, float] = {}

    def add(self, report: pytest.TestReport) -> None:
        suite = suite_of_nodeid(report.nodeid)
        self.seconds[suite] = self.seconds.get(suite, 0.0) + float(report.duration or 0.0)
        for key, value in report.user_properties:
            if key == BLOCKED_PROPERTY and value not in self.blocked:
                self.blocked.append(value)
        outcome = outcome_of(report)
        if outcome is None:
            self.results.setdefault(report.nodeid, TestResult(report.nodeid, suite_of_nodeid(report.nodeid),
                                                              Outcome.PASSED))
            return
        current = self.results.get(report.nodeid)
        if current is None or outcome.severity < current.outcome.severity or (
                current.outcome is Outcome.PASSED and report.when == "call"):
            message = short_message(report) if outcome not in (Outcome.PASSED, Outcome.XFAILED) else ""
            if outcome is Outcome.CRASHED:
                message = f"crashed: {message}" if message else "crashed: the worker process died"
            self.results[report.nodeid] = TestResult(report.nodeid, suite_of_nodeid(report.nodeid), outcome,
                                                     report.duration, message)


def suite_of_nodeid(nodeid: str) -> str:
    """The suite a test belongs to: its file's suite name."""
    return suite_name(nodeid.split("::", 1)[0])


@dataclass
class SuiteTally:
    """One suite's line on the card: tests passed, gates passed, and its failing metrics worst first."""

    suite: str
    tests_passed: int
    tests_total: int
    gates_passed: int
    gates_total: int
    failing: list[MetricRecord]
    broken_tests: list[TestResult]
    skipped: int = 0


@dataclass(frozen=True)
class UnjudgedSuite:
    """A collected suite that no gate judged because every one of its tests was skipped."""

    suite: str
    skipped: int
    #: The first skip reason, in node id order (e.g. "the model's backend cannot do what this test needs: ...").
    reason: str

    def to_dict(self) -> dict:
        return {"suite": self.suite, "skipped": self.skipped, "reason": self.reason}


#: Longest skip reason quoted in the headline (the JSON artifact's ``verdict.unjudged`` keeps it whole).
HEADLINE_REASON_CHARS = 160


@dataclass
class RunSummary:
    run: dict
    gates_configured: list[str]
    facts: dict
    tests: list[TestResult]
    metrics: list[MetricRecord]
    problems: list[str]
    pytest_status: int
    #: Things a reader should know that do not change the verdict (a gate that judged nothing in a partial run).
    notes: list[str] = field(default_factory=list)
    #: The release comparison with a reference run (--compare-to), when one was asked for.
    comparison: ComparisonVerdicts | None = None
    blocked: list[str] = field(default_factory=list)
    #: Seconds spent in each suite's tests (all phases).
    seconds_by_suite: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.time)
    finished: float = field(default_factory=time.time)
    #: Suites (named after their files, as tests are) of the modules that declare a behavioral suite; None when
    #: unknown, then every suite of the tests counts. Keeps a skipped helper test out of "not judged".
    behavioral_suites: set[str] | None = None

    # -- derived views ---------------------------------------------------------------------------------------
    def by_outcome(self, *outcomes: Outcome) -> list[TestResult]:
        return [t for t in self.tests if t.outcome in outcomes]

    @property
    def gated(self) -> list[MetricRecord]:
        return [m for m in self.metrics if m.verdict is not None]

    @property
    def failing(self) -> list[MetricRecord]:
        return [m for m in self.metrics if m.failed]

    @property
    def failing_comparisons(self) -> list[dict]:
        """Non-inferiority or superiority gates against the reference run that did not pass."""
        return self.comparison.failing if self.comparison is not None else []

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for test in self.tests:
            out[test.outcome.value] = out.get(test.outcome.value, 0) + 1
        return out

    def suites(self) -> list[SuiteTally]:
        """Per-suite tallies (the terminal card and the HTML report both show them)."""
        names = sorted({m.suite for m in self.metrics} | {t.suite for t in self.tests})
        tallies = []
        for name in names:
            mine = [m for m in self.metrics if m.suite == name]
            tests = [t for t in self.tests if t.suite == name]
            broken = [t for t in tests if t.outcome in (Outcome.FAILED, Outcome.ERROR, Outcome.CRASHED)]
            counted = [t for t in tests if t.outcome not in (Outcome.SKIPPED, Outcome.XFAILED)]
            gated = [m for m in mine if m.verdict is not None]
            failing = sorted((m for m in gated if m.failed), key=lambda m: (m.verdict != "fail", m.metric_id))
            tallies.append(SuiteTally(name, len(counted) - len(broken), len(counted), len(gated) - len(failing),
                                      len(gated), failing, broken, len(tests) - len(counted)))
        return tallies

    def unjudged_suites(self) -> list[UnjudgedSuite]:
        """Collected suites judged by no gate because every one of their tests was skipped, with the first skip
        reason. Deselected tests (-k, -m) never reach the summary: a suite left out on purpose is not listed."""
        judged = {m.suite for m in self.gated}
        by_suite: dict[str, list[TestResult]] = {}
        for test in sorted(self.tests, key=lambda t: t.nodeid):
            by_suite.setdefault(test.suite, []).append(test)
        out = []
        for suite, tests in sorted(by_suite.items()):
            if suite in judged or (self.behavioral_suites is not None and suite not in self.behavioral_suites):
                continue
            if all(t.outcome is Outcome.SKIPPED for t in tests):
                reason = next((_skip_reason(t.message) for t in tests if t.message), "no reason given")
                out.append(UnjudgedSuite(suite, len(tests), reason))
        return out

    def _not_judged(self) -> str:
        """``"; not judged: a, b (skipped: reason); c (skipped: other reason)"`` — suites grouped by their first
        skip reason, so that a server lacking one capability does not repeat it for every suite it skipped."""
        groups: dict[str, list[str]] = {}
        for unjudged in self.unjudged_suites():
            reason = unjudged.reason
            if len(reason) > HEADLINE_REASON_CHARS:
                reason = reason[:HEADLINE_REASON_CHARS - 1].rstrip() + "…"
            groups.setdefault(reason, []).append(unjudged.suite)
        if not groups:
            return ""
        return "; not judged: " + "; ".join(f"{', '.join(suites)} (skipped: {reason})"
                                            for reason, suites in groups.items())

    # -- the verdict -------------------------------------------------------------------------------------------
    @property
    def verdict(self) -> RunVerdict:
        if self.problems or self.blocked:
            return RunVerdict.NOT_RUN
        if self.by_outcome(Outcome.CRASHED, Outcome.ERROR) or self.pytest_status in (2, 3):
            return RunVerdict.INCOMPLETE
        if self.by_outcome(Outcome.FAILED, Outcome.XPASSED) or self.failing or self.failing_comparisons:
            return RunVerdict.FAILED
        if not self.gated:
            return RunVerdict.INCOMPLETE
        # Suites whose tests were all skipped (unjudged_suites) do not turn a pass into "incomplete": a skip is a
        # decision the suite makes about this environment (no sentence-transformers; a server that cannot give
        # prompt log-probabilities, where an approximation would be a wrong number), and it is the same on every
        # run there. Exit status 1 or 5 for it would fail every CI run against such a server until the user
        # deselects the suite with -k — which hides it for good, where a pass that names it keeps it visible.
        # So the status stays 0 and the headline, card, JSON verdict (``unjudged``) and HTML page name each
        # unjudged suite with its reason; a run in which nothing at all was judged is still incomplete (5).
        return RunVerdict.PASSED

    @property
    def exit_status(self) -> int:
        verdict = self.verdict
        if verdict is RunVerdict.NOT_RUN:
            return int(pytest.ExitCode.USAGE_ERROR)
        if verdict is RunVerdict.PASSED:
            return int(pytest.ExitCode.OK)
        if verdict is RunVerdict.FAILED:
            return int(pytest.ExitCode.TESTS_FAILED)
        if self.pytest_status in (2, 3):
            return self.pytest_status
        if self.by_outcome(Outcome.CRASHED, Outcome.ERROR):
            return int(pytest.ExitCode.TESTS_FAILED)
        return int(pytest.ExitCode.NO_TESTS_COLLECTED)  # nothing was judged: neither a pass nor a failure

    @property
    def headline(self) -> str:
        verdict = self.verdict
        gated, failing = self.gated, self.failing
        if verdict is RunVerdict.NOT_RUN:
            reasons = self.problems + self.blocked
            return f"Not run: {reasons[0]}" + (f" (and {len(reasons) - 1} more problems)" if len(reasons) > 1 else "")
        if verdict is RunVerdict.INCOMPLETE:
            crashed = self.by_outcome(Outcome.CRASHED)
            errors = self.by_outcome(Outcome.ERROR)
            parts = []
            if crashed:
                parts.append(f"{len(crashed)} test{'s' if len(crashed) > 1 else ''} crashed "
                             f"({', '.join(t.nodeid for t in crashed[:3])})")
            if errors:
                parts.append(f"{len(errors)} test{'s' if len(errors) > 1 else ''} could not run (errors)")
            if self.pytest_status in (2, 3):
                parts.append("the run was interrupted" if self.pytest_status == 2 else "pytest hit an internal error")
            if not parts:
                skipped = self.by_outcome(Outcome.SKIPPED)
                parts.append(f"no release gate was judged ({len(skipped)} tests skipped)")
            judged = f"; {len(gated) - len(failing)} of {len(gated)} gates judged passed" if gated else ""
            return "Run incomplete: " + "; ".join(parts) + judged + self._not_judged()
        against = ""
        if self.comparison is not None and self.comparison.verdicts:
            against = (f"; {len(self.failing_comparisons)} of {len(self.comparison.verdicts)} gates against the "
                       f"reference failed")
        if verdict is RunVerdict.FAILED:
            suites = sorted({m.suite for m in failing} | {t.suite for t in self.by_outcome(Outcome.FAILED)}
                            | {v["metric"].split(".")[0] for v in self.failing_comparisons})
            failed_tests = self.by_outcome(Outcome.FAILED)
            return (f"Not stable enough: {len(failing)} of {len(gated)} release gates failed"
                    f" ({len(failed_tests)} tests failed){against}, in {', '.join(suites)}{self._not_judged()}")
        if self.comparison is not None and self.comparison.verdicts:
            against = f"; all {len(self.comparison.verdicts)} gates against the reference passed"
        return f"All {len(gated)} release gates passed{against}{self._not_judged()}"

    def timing(self) -> list[dict]:
        """Where each suite's time went: model prefill and decode passes (from the backend's clock) and the rest
        (building prompts, tokenizing, parsing, statistics, pytest). Slowest suite first."""
        model_time = self.facts.get("model_time") or {}
        rows = []
        for suite, seconds in self.seconds_by_suite.items():
            phases = model_time.get(suite) or {}
            prefill = float((phases.get("prefill") or {}).get("seconds", 0.0))
            decode = float((phases.get("decode") or {}).get("seconds", 0.0))
            rows.append({"suite": suite, "seconds": round(seconds, 2), "prefill_seconds": round(prefill, 2),
                         "decode_seconds": round(decode, 2),
                         "other_seconds": round(max(0.0, seconds - prefill - decode), 2),
                         "prefill_positions": int((phases.get("prefill") or {}).get("positions", 0)),
                         "decode_steps": int((phases.get("decode") or {}).get("passes", 0))})
        return sorted(rows, key=lambda r: -r["seconds"])

    def gate_verdicts(self) -> list[dict]:
        return [{"metric": m.metric_id, "gate": m.gate, "source": m.gate_source,
                 "verdict": m.verdict.value if m.verdict else None, "reason": m.reason} for m in self.gated]

    def to_json(self) -> dict:
        """The JSON artifact (schema ``pytest_medllm/verdict/results.schema.json``)."""
        return jsonable({
            "schema": SCHEMA,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.finished)),
            "duration_seconds": round(self.finished - self.started, 2),
            "verdict": {"status": self.verdict.value, "headline": self.headline, "exit_status": self.exit_status,
                        "problems": self.problems + self.blocked, "notes": self.notes,
                        "unjudged": [u.to_dict() for u in self.unjudged_suites()]},
            "run": self.run,
            "gates_configured": self.gates_configured,
            "facts": self.facts,
            "tests": {"outcomes": self.counts(), "exit_status": self.exit_status,
                      "results": [{"nodeid": t.nodeid, "suite": t.suite, "outcome": t.outcome.value,
                                   "duration": round(t.duration, 3), "message": t.message} for t in self.tests]},
            "metrics": [m.to_dict() for m in self.metrics],
            "gate_verdicts": self.gate_verdicts(),
            "comparison": None if self.comparison is None else self.comparison.to_dict(),
            "timing": {"model_load_seconds": (self.facts.get("model") or {}).get("load_seconds"),
                       "suites": self.timing()},
        })  # type: ignore[return-value]


def _skip_reason(message: str) -> str:
    """A skip's reason without pytest's ``Skipped:`` prefix (the headline says "skipped: ..." itself)."""
    return message.removeprefix("Skipped:").strip() or "no reason given"


def unmatched_conditions(gates: Iterable[Gate], metrics: list[MetricRecord], incomplete_suites: set[str]
                         ) -> tuple[list[str], list[str]]:
    """Configured gates with a ``[condition]`` part whose metric was recorded, but under no condition they match
    (a typo like ``flip_rate[*gendr]`` leaves the suite's default in charge). ``(errors, notes)``: an error when
    the gate's suite ran in full, a note when some of its tests were skipped or deselected (the condition may
    belong to a test that did not run)."""
    errors, notes = [], []
    for gate in gates:
        if gate.source == "suite" or "[" not in gate.pattern:
            continue
        base = gate.pattern.partition("[")[0]
        recorded = [m for m in metrics if fnmatch.fnmatchcase(m.base_id, base)]
        if recorded and not any(gate.matches(m.metric_id, m.base_id) for m in recorded):
            conditions = sorted({m.condition or "" for m in recorded})[:8]
            text = (f"gate {gate.text!r} ({gate.source}) matches no recorded condition of {base}; recorded "
                    f"conditions: {', '.join(conditions)}")
            partial = {m.suite for m in recorded} & incomplete_suites
            (notes if partial else errors).append(text)
    return errors, notes
