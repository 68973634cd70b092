"""pytest-medllm's pytest plugin: hook implementations that delegate, nothing else.

The plugin is active in every pytest session of an environment where it is installed, so nothing here (or in what
it imports) loads a model or reads data until a test asks for it through a fixture. Where each hook's work
happens: :mod:`.runner.command_line` (options), :mod:`.runner.lifecycle` (configure, deselection, a worker's end),
:mod:`.runner.preflight` (checks once the suites are known), :mod:`.runner.phases` (around each
test), :mod:`.runner.fixtures` (the fixtures), :mod:`.runner.controller` (results, artifacts, the card).
"""

from __future__ import annotations

from typing import Iterator

import pytest

from .runner import command_line, lifecycle, phases, preflight

pytest_plugins = ["pytest_medllm.runner.fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    command_line.pytest_addoption(parser)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    lifecycle.configure(config)


def pytest_collection_finish(session: pytest.Session) -> None:
    preflight.check_collected(session)


def pytest_deselected(items: list[pytest.Item]) -> None:
    lifecycle.deselected(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    return (yield from phases.setup_phase(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    return (yield from phases.call_phase(item))


def pytest_sessionfinish(session: pytest.Session) -> None:
    lifecycle.finish_worker(session)
