"""pytest-medllm plugin: options, fixtures and hooks. Imports no ML library at import time.

The plugin is active in every pytest session of an environment where it is installed, so nothing here may load a
model or read data until a test asks for it through a fixture.
"""

from __future__ import annotations

import json
from typing import Callable, Iterator

import pytest

from .backends.base import CapabilityError
from .runner.command_line import RUN_CONFIG_KEY, RunConfig, build_run_config
from .runner.command_line import pytest_addoption as _addoption
from .runner.preflight import RunBlocked
from .runner.profiles import Profile
from .runner.session import STATE_KEY, SessionState
from .verdict.declarations import Suite, unmatched_gates
from .verdict.gates import GateSyntaxError, parse_gates
from .verdict.recorder import FAILED_GATES_KEY, Recorder, suite_of
from .verdict.records import (
    BLOCKED_PROPERTY,
    EXAMPLES_PROPERTY,
    ITEMS_PROPERTY,
    MetricRecord,
)

_RECORDER_KEY = pytest.StashKey[Recorder]()


def pytest_addoption(parser: pytest.Parser) -> None:
    _addoption(parser)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "medllm: a behavioral test of a medical language model")
    config.addinivalue_line("markers", "model: the test loads a real language model (slow on CPU)")
    run = build_run_config(config)
    try:
        gates = parse_gates(run.gate_overrides, run.ini_gates, run.policy_gates)
    except GateSyntaxError as exc:
        raise pytest.UsageError(str(exc)) from None
    is_worker = hasattr(config, "workerinput")
    state = SessionState(run=run, gates=gates, is_worker=is_worker, rootpath=str(config.rootpath))
    config.stash[RUN_CONFIG_KEY] = run
    config.stash[STATE_KEY] = state
    if not is_worker:
        _group_suites_by_module(config)
        from .runner.controller import ResultsCollector, XdistHooks

        collector = ResultsCollector(config, state)
        config.pluginmanager.register(collector, "medllm-results")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(XdistHooks(collector, _preflight), "medllm-xdist")
        if config.pluginmanager.hasplugin("html"):
            from .rendering.html import HtmlHooks

            config.pluginmanager.register(HtmlHooks(collector), "medllm-html")


def _group_suites_by_module(config: pytest.Config) -> None:
    """Under xdist, send each suite module to one worker unless the user chose a ``--dist`` mode.

    A suite computes all its conditions in one batched module-scoped call; xdist's default ``load`` mode would
    spread its tests over workers and make every worker compute the whole batch.
    """
    if getattr(config.option, "dist", None) != "load":
        return
    args = config.invocation_params.args
    if any(str(a).startswith("--dist") or str(a) in ("-d",) for a in args):
        return
    config.option.dist = "loadscope"


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if hasattr(config, "workerinput") and STATE_KEY in config.stash:
        state = config.stash[STATE_KEY]
        state.finish()
        if state.facts:
            # execnet ships builtins only (a TorchVersion is a str subclass it refuses): round-trip through JSON.
            facts = json.loads(json.dumps(state.facts, default=str))
            config.workeroutput["medllm_facts"] = facts  # type: ignore[attr-defined]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """A capability the backend lacks (a server without prompt log-probabilities) skips the test with the
    backend's reason — never a failure, never a silent approximation. A run that cannot be done (the model does
    not load) is reported once: the test carries the reason to the controller and is not judged."""
    try:
        return (yield)
    except CapabilityError as exc:
        pytest.skip(f"the model's backend cannot do what this test needs: {exc}")
    except RunBlocked as exc:
        item.user_properties.append((BLOCKED_PROPERTY, str(exc)))
        pytest.skip(f"not run: {exc}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After the test body: fail the test if a metric it recorded failed its release gate."""
    try:
        result = yield
    except CapabilityError as exc:
        pytest.skip(f"the model's backend cannot do what this test needs: {exc}")
    failed: list[MetricRecord] = item.stash.get(FAILED_GATES_KEY, [])
    if failed:
        lines = [f"{r.metric_id}: {r.verdict.value if r.verdict else ''} — {r.reason}" for r in failed]
        pytest.fail("release gate(s) not met:\n  " + "\n  ".join(lines), pytrace=False)
    return result


def pytest_collection_finish(session: pytest.Session) -> None:
    """Without xdist (the controller collects): stop before any test if the run cannot be done."""
    config = session.config
    if hasattr(config, "workerinput") or STATE_KEY not in config.stash:
        return
    suites = {suite_of(item).id: suite_of(item) for item in session.items
              if isinstance(item, pytest.Function) and isinstance(getattr(item.module, "SUITE", None), Suite)}
    _preflight(config, list(suites.values()))


def _cache_problem(state: SessionState) -> str | None:
    """Open the response cache once before any test: a damaged file is reported, moved aside and rebuilt here
    (one line), and a cache that cannot be used at all stops the run."""
    from pathlib import Path

    from .backends.response_cache import CacheUnusable, ResponseCache

    try:
        ResponseCache(Path(state.run.cache_dir) / "responses.sqlite3", mode=state.run.cache_mode).close()
    except CacheUnusable as exc:
        return str(exc)
    return None


def declared_suites(config: pytest.Config) -> tuple[list[Suite], list[str]]:
    """Every suite the project declares, selected in this run or not: the suite modules under the ini's
    ``testpaths`` (relative to the rootdir, globs allowed), else under ``suites/`` in the rootdir. ``(suites,
    unreadable files)``. Modules pytest already imported are not imported again (the caller knows their suites).
    """
    import glob
    import sys
    from pathlib import Path

    from .verdict.declarations import discover_suites

    rootpath = Path(str(config.rootpath))
    testpaths = [str(p) for p in (config.getini("testpaths") or [])]
    roots: list[Path] = []
    for entry in testpaths:
        matched = sorted(glob.glob(str(rootpath / entry), recursive=True)) if glob.has_magic(entry) else \
            [str(rootpath / entry)]
        roots += [Path(m) for m in matched if Path(m).exists()]
    if not testpaths and (rootpath / "suites").is_dir():
        roots.append(rootpath / "suites")
    imported = [f for m in list(sys.modules.values()) if isinstance(f := getattr(m, "__file__", None), str)]
    return discover_suites(roots, file_patterns=config.getini("python_files") or ["test_*.py"],
                           skip_dirs=config.getini("norecursedirs") or [], already_imported=imported)


def _preflight(config: pytest.Config, suites: list) -> None:
    """When behavioral suites are about to run: configured gates must name declared metrics, and the output
    folders, device, model and dataset must be usable. Each problem is one line; together one usage error."""
    if not suites:
        return  # not a behavioral run (e.g. the plugin's own tests): nothing to check
    from .runner.preflight import comparison_problem, run_problems, writable_folder

    state: SessionState = config.stash[STATE_KEY]
    # A gate is checked against every declared suite, not only the selected ones: a gate for a suite this run did
    # not select is fine, a gate that names no declared metric at all judges nothing and is an error. The other
    # suite modules are imported only when a gate matches nothing selected (the usual run imports nothing more).
    problems = unmatched_gates(state.gates, suites)
    if problems:
        declared, unreadable = declared_suites(config)
        problems = unmatched_gates(state.gates, suites, declared, unreadable)
    problems.append(comparison_problem(state.run, state.rootpath, state.gates))
    problems.append(writable_folder(state.run.report_dir, "--report-dir"))
    if state.run.cache_mode != "off":
        problems.append(writable_folder(state.run.cache_dir, "--cache-dir") or _cache_problem(state))
    problems += run_problems(state.run, state.rootpath)
    problems = [p for p in problems if p]
    if problems:
        raise pytest.UsageError("pytest-medllm cannot run: " + "\n  ".join(problems))


def pytest_deselected(items: list[pytest.Item]) -> None:
    """Remember which suites run only in part (-k, -m), so that their unused gates are notes, not errors."""
    for item in items:
        config = item.config
        if STATE_KEY in config.stash and isinstance(item, pytest.Function):
            config.stash[STATE_KEY].deselected_suites.add(suite_of(item).id)


# -- fixtures ----------------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def medllm_config(pytestconfig: pytest.Config) -> RunConfig:
    """The validated run configuration (model, device, profile, seed, …) of this session."""
    return pytestconfig.stash[RUN_CONFIG_KEY]


@pytest.fixture(scope="session")
def medllm_profile(medllm_config: RunConfig) -> Profile:
    """The workload profile (``quick`` or ``paper``): items, runs, tokens and resamples for the suites."""
    return medllm_config.run_profile


@pytest.fixture(scope="session")
def model(pytestconfig: pytest.Config):
    """The model under test behind the batched backend contract, loaded once per worker process and answering
    repeated requests from the on-disk response cache."""
    return pytestconfig.stash[STATE_KEY].get_backend()


@pytest.fixture
def expect(request: pytest.FixtureRequest) -> Recorder:
    """State what must hold: ``expect(METRIC, estimate, condition=...)`` records a declared metric and judges it
    against its expectation (the suite's default, or the configured gate for its id); ``expect.record(...)``
    records a descriptive metric. A failed expectation fails the test after its body has recorded everything."""
    recorder = request.node.stash.get(_RECORDER_KEY, None)
    if recorder is None:
        recorder = Recorder(request.node, request.config.stash[STATE_KEY].gates)
        request.node.stash[_RECORDER_KEY] = recorder
    return recorder


@pytest.fixture
def record_metric(expect: Recorder) -> Callable[..., MetricRecord]:
    """Record a metric without an expectation of its own: ``record_metric(METRIC_or_name, estimate,
    condition=..., details=...)``; a configured gate that matches its id still judges it."""
    return expect.record


@pytest.fixture
def record_answers(request: pytest.FixtureRequest, expect: Recorder) -> Callable[..., None]:
    """Keep per-item results of this test for the run artifact (``medllm-items.jsonl``) and show up to
    ``examples`` failing cases in the HTML report.

    Accepts :class:`~pytest_medllm.answers.jobs.Answer` objects or plain dicts (e.g. label probabilities of a note).
    """
    suite = expect.suite.id
    state: SessionState = request.config.stash[STATE_KEY]

    def record(answers, *, examples: int = 3, failing: Callable[[object], bool] | None = None) -> None:
        rows = []
        for answer in answers:
            row = answer.to_record() if hasattr(answer, "to_record") else dict(answer)
            rows.append({"suite": suite, "test": request.node.nodeid, **row})
        request.node.user_properties.append((ITEMS_PROPERTY, rows))
        is_failing = failing or (lambda a: not getattr(a, "correct", True))
        shown = [a.to_example() if hasattr(a, "to_example") else dict(a) for a in answers if is_failing(a)]
        if shown and examples:
            request.node.user_properties.append((EXAMPLES_PROPERTY, shown[:examples]))
        if state.run.baseline is not None:
            _compare_with_baseline(expect, state, suite, rows)

    return record


def _compare_with_baseline(expect: Recorder, state: SessionState, suite: str, rows: list[dict]) -> None:
    """With --baseline, compare these rows item by item with the stored run's rows of the same condition."""
    from .comparisons.baseline import (
        NotComparable,
        compare,
        comparison_metrics,
        expect_comparison,
        pair_rows,
    )

    metrics = comparison_metrics(expect.suite, "baseline")
    profile = state.run.run_profile
    by_condition: dict[str, list[dict]] = {}
    for row in rows:
        by_condition.setdefault(str(row.get("condition", "")), []).append(row)
    for condition, current in by_condition.items():
        reference = state.baseline_rows(suite, condition)
        if not reference:
            continue  # the baseline run did not include this suite or condition
        try:
            pairs = pair_rows(reference, current, f"{suite}[{condition}]")
        except NotComparable as exc:
            pytest.fail(f"pytest-medllm: refusing to compare with --baseline: {exc}", pytrace=False)
        comparison = compare(pairs, None, profile.bootstrap_resamples, state.run.seed)
        expect_comparison(expect, metrics, comparison, condition)


@pytest.fixture(scope="session")
def mcq_dataset(pytestconfig: pytest.Config):
    """The multiple-choice dataset of ``--dataset`` (default: the bundled demo), with the deterministic,
    stratified subset of ``--max-items`` (or the profile's limit) already applied."""
    from .data.loaders import DatasetError
    from .data.schemas import MCQItem
    from .data.select import selected_dataset

    state: SessionState = pytestconfig.stash[STATE_KEY]
    run = state.run
    try:
        dataset = selected_dataset(run.dataset, state.rootpath, run.items_limit, run.seed)
    except DatasetError as exc:
        raise RunBlocked(str(exc)) from None
    if not all(isinstance(item, MCQItem) for item in dataset.items):
        pytest.skip(f"--dataset {run.dataset!r} holds {dataset.format} items; the multiple-choice suites need "
                    f"multiple-choice items")
    state.datasets[run.dataset] = {**dataset.summary(), "n_items": dataset.selection["n_loaded"]}
    return dataset


@pytest.fixture(scope="session")
def evidence_dataset(pytestconfig: pytest.Config):
    """The evidence (PubMedQA-shaped) dataset of the run: the bundled ``demo-evidence`` items when ``--dataset`` is
    ``demo`` (its multiple-choice half goes to the other suites), else the ``--dataset`` file itself when it holds
    evidence items. A deterministic subset stratified by the keyed decision is applied: ``--max-items`` if given,
    else the profile's ``evidence_items``."""
    from .data.loaders import DatasetError, load_dataset, split_spec
    from .data.schemas import EvidenceItem
    from .data.select import with_selection

    state: SessionState = pytestconfig.stash[STATE_KEY]
    run = state.run
    spec = "demo-evidence" if split_spec(run.dataset)[0] == "demo" else run.dataset
    try:
        dataset = load_dataset(spec, state.rootpath)
    except DatasetError as exc:
        raise RunBlocked(str(exc)) from None
    if not all(isinstance(item, EvidenceItem) for item in dataset.items):
        pytest.skip(f"--dataset {run.dataset!r} holds {dataset.format} items; the evidence suites need PubMedQA-"
                    f"shaped items (--dataset demo, or a PubMedQA ori_pqal.json file)")
    limit = run.max_items if run.max_items is not None else run.run_profile.evidence_items
    dataset = with_selection(dataset, limit, run.seed, by="keyed decision", subject=lambda item: "",
                             position=lambda item: item.decision)
    state.datasets[spec] = {**dataset.summary(), "n_items": dataset.selection["n_loaded"]}
    return dataset
