"""pytest-medllm plugin: options, fixtures and hooks. Imports no ML library at import time.

The plugin is active in every pytest session of an environment where it is installed, so nothing here may load a
model or read data until a test asks for it through a fixture.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Callable, Iterator

import pytest

from .gates import GateSyntaxError, find_gate, parse_gates
from .options import RUN_CONFIG_KEY, RunConfig, build_run_config
from .options import pytest_addoption as _addoption
from .profiles import Profile
from .results import EXAMPLES_PROPERTY, ITEMS_PROPERTY, USER_PROPERTY, MetricRecord, make_record, suite_name
from .session import STATE_KEY, SessionState

FAILED_GATES_KEY = pytest.StashKey[list]()


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
        from .report import ResultsCollector, XdistHooks

        collector = ResultsCollector(config, state)
        config.pluginmanager.register(collector, "medllm-results")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(XdistHooks(collector), "medllm-xdist")
        if config.pluginmanager.hasplugin("html"):
            from .html_report import HtmlHooks

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
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After the test body: fail the test if a metric it recorded failed its release gate."""
    result = yield
    failed: list[MetricRecord] = item.stash.get(FAILED_GATES_KEY, [])
    if failed:
        lines = [f"{r.metric_id}: {r.verdict} — {r.reason}" for r in failed]
        pytest.fail("release gate(s) not met:\n  " + "\n  ".join(lines), pytrace=False)
    return result


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
def record_metric(request: pytest.FixtureRequest) -> Callable[..., MetricRecord]:
    """Record a named metric of this test (with n, confidence interval and direction) for the report.

    Call it as ``record_metric(name, value, n=..., ci=(low, high), ci_method=..., direction="higher"|"lower",
    condition=..., test_type="MFT"|"INV"|"DIR", details={...})``. The metric's release gate, if one matches, is
    judged at once; a failed gate fails the test after its body has run (so every metric is still recorded).
    """
    state: SessionState = request.config.stash[STATE_KEY]
    suite = suite_name(request.node.path.name)

    def record(name: str, value: object, *, n: int | None = None, ci: tuple[object, object] | None = None,
               ci_method: str | None = None, direction: str | None = None, condition: str | None = None,
               test_type: str | None = None, details: dict | None = None, gated: bool = True) -> MetricRecord:
        rec = make_record(suite, name, value, n=n, ci=ci, ci_method=ci_method, direction=direction,
                          condition=condition, test_type=test_type, nodeid=request.node.nodeid, details=details)
        gate = find_gate(state.gates, rec.metric_id, rec.base_id) if gated else None
        if gate is not None:
            verdict, reason = gate.judge(rec.value, rec.ci)
            rec = rec.with_verdict(gate.text, verdict, reason)
            if verdict != "pass":
                request.node.stash.setdefault(FAILED_GATES_KEY, []).append(rec)
        request.node.user_properties.append((USER_PROPERTY, rec.to_dict()))
        return rec

    return record


@pytest.fixture
def record_answers(request: pytest.FixtureRequest) -> Callable[..., None]:
    """Keep per-item results of this test for the run artifact (``medllm-items.jsonl``) and show up to
    ``examples`` failing cases in the HTML report.

    Accepts :class:`~pytest_medllm.runs.Answer` objects or plain dicts (e.g. label probabilities of a note).
    """
    suite = suite_name(request.node.path.name)

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
            _compare_with_baseline(request, state, suite, rows)

    return record


def _compare_with_baseline(request: pytest.FixtureRequest, state: SessionState, suite: str, rows: list[dict]) -> None:
    """With --baseline, compare these rows item by item with the stored run's rows of the same condition."""
    from .compare import NotComparable, compare, pair_rows, record_comparison

    record_metric = request.getfixturevalue("record_metric")
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
        record_comparison(record_metric, comparison, "baseline", condition)


@pytest.fixture(scope="session")
def mcq_dataset(pytestconfig: pytest.Config):
    """The multiple-choice dataset of ``--dataset`` (default: the bundled demo), with the deterministic,
    stratified subset of ``--max-items`` (or the profile's limit) already applied."""
    from .data.loaders import DatasetError, load_dataset
    from .data.schemas import MCQItem
    from .data.select import stratified_subset

    state: SessionState = pytestconfig.stash[STATE_KEY]
    run = state.run
    try:
        dataset = load_dataset(run.dataset, state.rootpath)
    except DatasetError as exc:
        pytest.fail(f"pytest-medllm: {exc}", pytrace=False)
    if not all(isinstance(item, MCQItem) for item in dataset.items):
        pytest.fail(f"pytest-medllm: --dataset {run.dataset!r} holds {dataset.format} items, but the "
                    f"multiple-choice suites need multiple-choice items", pytrace=False)
    limit = run.items_limit
    total = len(dataset.items)
    chosen = stratified_subset(dataset.items, limit, seed=run.seed)
    selection = {"n_selected": len(chosen), "limit": limit, "seed": run.seed,
                 "method": "stratified by subject and answer position" if len(chosen) < total else "all items",
                 "ids": [item.id for item in chosen]}
    dataset = replace(dataset, items=tuple(chosen), selection=selection)
    state.datasets[run.dataset] = {**dataset.summary(), "n_items": total}
    return dataset
