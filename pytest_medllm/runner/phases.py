"""What the plugin adds around each test's phases: a capability the backend lacks skips the test, a run that cannot
be done is reported once, a metric that failed its release gate fails the test after its body has recorded
everything."""

from __future__ import annotations

from typing import Iterator

import pytest

from ..backends.base import CapabilityError
from ..verdict.recorder import FAILED_GATES_KEY
from ..verdict.records import BLOCKED_PROPERTY, MetricRecord
from .session import RunBlocked


def setup_phase(item: pytest.Item) -> Iterator[None]:
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


def call_phase(item: pytest.Item) -> Iterator[None]:
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
