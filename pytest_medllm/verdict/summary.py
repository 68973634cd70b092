"""The run summary: one typed object built on the controller at session finish.

Tests (crashed ones included), metrics with their gate verdicts, configuration problems, facts (model,
fingerprints, cache statistics, datasets) and the verdict of the run. The terminal card, the JSON artifact and the
HTML report only render it, so the three can never disagree — in particular never "all gates passed" while pytest
exits 1 because a worker crashed.

Exit statuses (``RunVerdict.exit_status``): 0 every test and release gate passed; 1 the model failed a gate or a
behavioral test (a failed expectation: a gate, ``pytest.fail`` or an ``assert``); 6 the run is incomplete — a test
could not be judged because of a fault of the tool or its environment (any other exception in a test, an error while
setting one up, a crashed worker) and no gate failed; 4 the run could not be done as configured (usage error); 5
nothing was judged (every test skipped); 7 the run is incomplete because ``--require-power P`` refused passes
whose gate had less than P probability of failing a model at the metric's unacceptable value (no gate failed, no
fault); 2 and 3 keep pytest's meaning (interrupted, internal error). A fault never counts against the model: a run
whose model failed gates is "failed" (1) and also names its faults.

A pass says what it could have caught: each judged gate's power against the metric's unacceptable value
(:mod:`pytest_medllm.verdict.power`). A pass whose power is below 80% (or below ``--require-power``) is "passed
(underpowered)" on the card, in the JSON artifact and in the HTML report, and the headline counts them and says
what to run instead; with ``--require-power`` such passes are "not judged". A failed gate is never softened.

Why one module: the verdict, the exit status, the headline and the JSON artifact are one decision (which tests and
gates count, and how) stated four ways; kept together they cannot drift apart.

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
from .power import DETECTION_TARGET
from .records import BLOCKED_PROPERTY, FAULT_PROPERTY, MetricRecord, jsonable, suite_name

SCHEMA = "pytest-medllm/results/2"
#: The exit status of a run that a fault left incomplete (pytest's own statuses end at 5).
EXIT_INCOMPLETE = 6
#: The exit status of a run whose passes were refused by ``--require-power``: no gate failed, but some passed
#: without the required power against their unacceptable value, so the run cannot say the model is fit.
EXIT_UNDERPOWERED = 7
#: What to run instead of an underpowered quick run (the headline says it).
MORE_EVIDENCE = "run --profile paper or more items (--max-items N)"


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
    #: The test body raised something other than a failed expectation (see runner.phases): not the model's fault.
    FAULT = "fault"
    FAILED = "failed"
    XPASSED = "xpassed"
    PASSED = "passed"
    XFAILED = "xfailed"
    SKIPPED = "skipped"

    @property
    def severity(self) -> int:
        return list(Outcome).index(self)


#: Outcomes that are faults of the run (the tool, its environment), never of the model.
FAULT_OUTCOMES = (Outcome.CRASHED, Outcome.ERROR, Outcome.FAULT)


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
        if fault_of(report) is not None:
            return Outcome.FAULT
        return Outcome.FAILED
    if report.failed:
        return Outcome.ERROR
    if report.skipped:
        return Outcome.XFAILED if xfail else Outcome.SKIPPED
    return None


def fault_of(report: pytest.TestReport) -> str | None:
    """The one-line exception a test body raised outside any expectation, when it did."""
    return next((value for key, value in report.user_properties if key == FAULT_PROPERTY), None)


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
        suite = suite_name(report.nodeid)
        self.seconds[suite] = self.seconds.get(suite, 0.0) + float(report.duration or 0.0)
        for key, value in report.user_properties:
            if key == BLOCKED_PROPERTY and value not in self.blocked:
                self.blocked.append(value)
        outcome = outcome_of(report)
        if outcome is None:
            self.results.setdefault(report.nodeid, TestResult(report.nodeid, suite_name(report.nodeid),
                                                              Outcome.PASSED))
            return
        current = self.results.get(report.nodeid)
        if current is None or outcome.severity < current.outcome.severity or (
                current.outcome is Outcome.PASSED and report.when == "call"):
            message = short_message(report) if outcome not in (Outcome.PASSED, Outcome.XFAILED) else ""
            if outcome is Outcome.CRASHED:
                message = f"crashed: {message}" if message else "crashed: the worker process died"
            elif outcome is Outcome.FAULT:
                message = fault_of(report) or message
            self.results[report.nodeid] = TestResult(report.nodeid, suite_name(report.nodeid), outcome,
                                                     report.duration, message)


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
    #: Passed gates whose power against the unacceptable value is below the run's target.
    underpowered: int = 0


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
            broken = [t for t in tests if t.outcome in (Outcome.FAILED, *FAULT_OUTCOMES)]
            counted = [t for t in tests if t.outcome not in (Outcome.SKIPPED, Outcome.XFAILED)]
            gated = [m for m in mine if m.verdict is not None]
            failing = sorted((m for m in gated if m.failed), key=lambda m: (m.verdict != "fail", m.metric_id))
            weak = sum(m.underpowered(self.power_target) for m in gated)
            tallies.append(SuiteTally(name, len(counted) - len(broken), len(counted), len(gated) - len(failing),
                                      len(gated), failing, broken, len(tests) - len(counted), weak))
        return tallies

    # -- power: what the passes could have caught -----------------------------------------------------------------
    @property
    def required_power(self) -> float | None:
        """``--require-power P``: passes with less power than P are not judged (exit status 7)."""
        value = (self.run or {}).get("require_power")
        return None if value is None else float(value)

    @property
    def power_target(self) -> float:
        """The power below which a pass is underpowered: ``--require-power``, else 80%."""
        required = self.required_power
        return DETECTION_TARGET if required is None else required

    @property
    def underpowered(self) -> list[MetricRecord]:
        """Passes whose gate fails a model at the metric's unacceptable value less often than the target, weakest
        first."""
        target = self.power_target
        return sorted((m for m in self.gated if m.underpowered(target)),
                      key=lambda m: (m.power_probability, m.metric_id))

    @property
    def power_unknown(self) -> list[MetricRecord]:
        """Passes of a metric with an unacceptable value whose power could not be computed (the statistic allows
        neither exact sums nor a sound simulation); passes of metrics that declare no unacceptable value are
        shown as such per gate, not counted here."""
        return [m for m in self.gated if m.power_unknown and (m.power or {}).get("unacceptable") is not None]

    @property
    def not_judged_for_power(self) -> list[MetricRecord]:
        """With ``--require-power``: the underpowered passes, which do not count as passes."""
        return self.underpowered if self.required_power is not None else []

    def gate_status(self, record: MetricRecord) -> str:
        """How the card, the JSON artifact and the HTML report name one gate's outcome: passed, passed
        (underpowered), not judged (underpowered) under --require-power, failed or unmeasured."""
        if record.verdict is None:
            return ""
        if not record.verdict.passed:
            return "failed" if record.verdict.value == "fail" else "unmeasured"
        if record.underpowered(self.power_target):
            return "not judged (underpowered)" if self.required_power is not None else "passed (underpowered)"
        return "passed"

    def _power_line(self) -> str:
        """``; 150 of 165 passes underpowered (less than 80% chance to fail a model at the metric's unacceptable
        value; weakest option_order.flip_rate[rotate-1] 42%): run --profile paper ...``"""
        weak = self.underpowered
        if not weak:
            return ""
        passes = len(self.gated) - len(self.failing)
        first = weak[0]
        return (f"; {len(weak)} of {passes} passes underpowered (under {self.power_target:.0%} chance to fail a "
                f"model at the metric's unacceptable value; weakest {first.metric_id} "
                f"{first.power_probability:.0%}): {MORE_EVIDENCE}"
                + ("" if self.required_power is not None else f", or --require-power {self.power_target:g} to "
                                                                f"refuse such passes"))

    def _unknown_line(self) -> str:
        unknown = self.power_unknown
        return f"; power not computed for {len(unknown)} passes" if unknown else ""

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
    def faults(self) -> list[TestResult]:
        """Tests that could not be judged because of the tool or its environment, worst first."""
        return sorted(self.by_outcome(*FAULT_OUTCOMES), key=lambda t: (t.outcome.severity, t.nodeid))

    @property
    def verdict(self) -> RunVerdict:
        if self.problems or self.blocked:
            return RunVerdict.NOT_RUN
        if self.pytest_status in (2, 3):
            return RunVerdict.INCOMPLETE
        # The model failed what it was asked whatever else went wrong; a fault alone never fails it.
        if self.by_outcome(Outcome.FAILED, Outcome.XPASSED) or self.failing or self.failing_comparisons:
            return RunVerdict.FAILED
        if self.faults or not self.gated:
            return RunVerdict.INCOMPLETE
        if self.not_judged_for_power:
            return RunVerdict.INCOMPLETE  # --require-power: passes without the power asked for do not count
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
        if self.faults:
            return EXIT_INCOMPLETE
        if self.gated and self.not_judged_for_power:
            return EXIT_UNDERPOWERED
        return int(pytest.ExitCode.NO_TESTS_COLLECTED)  # nothing was judged: neither a pass nor a failure

    @property
    def headline(self) -> str:
        verdict = self.verdict
        gated, failing = self.gated, self.failing
        if verdict is RunVerdict.NOT_RUN:
            reasons = self.problems + self.blocked
            return f"Not run: {reasons[0]}" + (f" (and {len(reasons) - 1} more problems)" if len(reasons) > 1 else "")
        if verdict is RunVerdict.INCOMPLETE:
            parts = [self._faults_line()] if self.faults else []
            if self.pytest_status in (2, 3):
                parts.append("the run was interrupted" if self.pytest_status == 2 else "pytest hit an internal error")
            weak = self.not_judged_for_power
            if not parts and gated and weak:
                strong = len(gated) - len(failing) - len(weak)
                return (f"Run incomplete: {len(weak)} of {len(gated)} release gates not judged: they passed with "
                        f"under {self.power_target:.0%} chance to fail a model at the metric's unacceptable value "
                        f"(--require-power {self.power_target:g}; weakest {weak[0].metric_id} "
                        f"{weak[0].power_probability:.0%}): {MORE_EVIDENCE}; {strong} passed with the power "
                        f"asked for" + self._unknown_line() + self._not_judged())
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
            also = f"; also incomplete: {self._faults_line()}" if self.faults else ""
            return (f"Not stable enough: {len(failing)} of {len(gated)} release gates failed"
                    f" ({len(failed_tests)} tests failed){against}, in {', '.join(suites)}{also}"
                    f"{self._power_line()}{self._not_judged()}")
        if self.comparison is not None and self.comparison.verdicts:
            against = f"; all {len(self.comparison.verdicts)} gates against the reference passed"
        return (f"All {len(gated)} release gates passed{self._power_line()}{self._unknown_line()}{against}"
                f"{self._not_judged()}")

    def unusable_replies(self) -> dict[str, dict[str, dict[str, int]]]:
        """Replies that chose no single option, by suite, condition and reason (from the usable-rate records'
        ``unusable_by_reason``): whether the model, the parser or the token budget limits the usable rate."""
        out: dict[str, dict[str, dict[str, int]]] = {}
        for record in self.metrics:
            reasons = (record.details or {}).get("unusable_by_reason") if record.name == "usable_rate" else None
            if reasons:
                out.setdefault(record.suite, {})[record.condition or ""] = dict(reasons)
        return out

    def _faults_line(self) -> str:
        """``2 tests could not be judged because of a fault, not the model: NODEID (ExcType: message); …``"""
        faults = self.faults
        shown = "; ".join(f"{t.nodeid} ({t.message or t.outcome.value})" for t in faults[:2])
        more = f"; and {len(faults) - 2} more" if len(faults) > 2 else ""
        n = len(faults)
        return (f"{n} test{'s' if n > 1 else ''} could not be judged because of a fault, not the model: "
                f"{shown}{more}")

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
        out = []
        for m in self.gated:
            power = m.power or {}
            out.append({"metric": m.metric_id, "gate": m.gate, "source": m.gate_source,
                        "verdict": m.verdict.value if m.verdict else None, "reason": m.reason,
                        "status": self.gate_status(m), "unacceptable": power.get("unacceptable"),
                        "power": power.get("probability"), "detectable": power.get("detectable"),
                        "power_method": power.get("method"), "power_how": power.get("how")})
        return out

    def power_summary(self) -> dict:
        """The JSON artifact's ``verdict.power``: the target, the requirement, and the passes that fall short."""
        return {"target": self.power_target, "required": self.required_power,
                "underpowered": [m.metric_id for m in self.underpowered],
                "not_judged": [m.metric_id for m in self.not_judged_for_power],
                "power_not_computed": [m.metric_id for m in self.power_unknown]}

    def to_json(self) -> dict:
        """The JSON artifact (schema ``pytest_medllm/verdict/results.schema.json``)."""
        return jsonable({
            "schema": SCHEMA,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.finished)),
            "duration_seconds": round(self.finished - self.started, 2),
            "verdict": {"status": self.verdict.value, "headline": self.headline, "exit_status": self.exit_status,
                        "problems": self.problems + self.blocked, "notes": self.notes,
                        "faults": [{"nodeid": t.nodeid, "outcome": t.outcome.value, "message": t.message}
                                   for t in self.faults],
                        "unjudged": [u.to_dict() for u in self.unjudged_suites()],
                        "power": self.power_summary()},
            "run": self.run,
            "gates_configured": self.gates_configured,
            "facts": self.facts,
            "tests": {"outcomes": self.counts(), "exit_status": self.exit_status,
                      "results": [{"nodeid": t.nodeid, "suite": t.suite, "outcome": t.outcome.value,
                                   "duration": round(t.duration, 3), "message": t.message} for t in self.tests]},
            "metrics": [{**m.to_dict(), "gate_status": self.gate_status(m) or None} for m in self.metrics],
            "unusable_replies": self.unusable_replies(),
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
