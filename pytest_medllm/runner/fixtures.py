"""The plugin's fixtures: the run configuration and profile, the model behind the batched backend contract, the
datasets, and what a test uses to state and keep its results (``expect``, ``record_metric``, ``record_answers``).

Registered by :mod:`pytest_medllm.plugin` (``pytest_plugins``), so they are available in every suite and in a
user's own suites. Nothing here loads a model or reads data until a test asks for it.
"""

from __future__ import annotations

from typing import Callable

import pytest

from ..verdict.recorder import Recorder
from ..verdict.records import EXAMPLES_PROPERTY, ITEMS_PROPERTY, MetricRecord
from .command_line import RUN_CONFIG_KEY, RunConfig
from .profiles import Profile
from .session import STATE_KEY, RunBlocked, SessionState

_RECORDER_KEY = pytest.StashKey[Recorder]()


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
    from ..comparisons.baseline import (
        NotComparable,
        compare,
        expect_comparison,
        pair_rows,
    )
    from ..verdict.declarations import comparison_metrics

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
    from ..data.loaders import DatasetError
    from ..data.schemas import MCQItem
    from ..data.select import selected_dataset

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
    from ..data.loaders import DatasetError, load_dataset, split_spec
    from ..data.schemas import EvidenceItem
    from ..data.select import with_selection

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
