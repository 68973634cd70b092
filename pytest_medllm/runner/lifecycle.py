"""The session's life in a pytest process: configured (run configuration, gates, state; on the controller the
results collector and the xdist and pytest-html hooks), narrowed by deselection, finished on a worker (facts shipped
to the controller)."""

from __future__ import annotations

import json

import pytest

from ..verdict.gates import GateSyntaxError, parse_gates
from ..verdict.recorder import declared_suite
from .collection import group_suites_by_module
from .command_line import RUN_CONFIG_KEY, build_run_config
from .controller import ResultsCollector, XdistHooks
from .html_hooks import HtmlHooks
from .preflight import check_before_tests
from .session import STATE_KEY, SessionState


def configure(config: pytest.Config) -> None:
    """Build the run configuration and this process's session state; on the controller (or the only process),
    register the results collector and the xdist and pytest-html hooks."""
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
        group_suites_by_module(config)

        collector = ResultsCollector(config, state)
        config.pluginmanager.register(collector, "medllm-results")
        if config.pluginmanager.hasplugin("xdist"):
            config.pluginmanager.register(XdistHooks(collector, check_before_tests), "medllm-xdist")
        if config.pluginmanager.hasplugin("html"):
            config.pluginmanager.register(HtmlHooks(collector), "medllm-html")


def finish_worker(session: pytest.Session) -> None:
    """On an xdist worker: release the model and ship this process's facts to the controller."""
    config = session.config
    if hasattr(config, "workerinput") and STATE_KEY in config.stash:
        state = config.stash[STATE_KEY]
        state.finish()
        if state.facts:
            # execnet ships builtins only (a TorchVersion is a str subclass it refuses): round-trip through JSON.
            facts = json.loads(json.dumps(state.facts, default=str))
            config.workeroutput["medllm_facts"] = facts  # type: ignore[attr-defined]


def deselected(items: list[pytest.Item]) -> None:
    """Remember which suites run only in part (-k, -m), so that their unused gates are notes, not errors."""
    from .session import STATE_KEY

    for item in items:
        config = item.config
        if STATE_KEY in config.stash and isinstance(item, pytest.Function):
            config.stash[STATE_KEY].deselected_suites.add(declared_suite(item).id)
