"""What the plugin adds around each test's phases: a capability the backend lacks skips the test, a run that cannot
be done is reported once, a metric that failed its release gate fails the test after its body has recorded
everything, and anything else a test body raises is a fault of the run, never the model's failure.

A behavioral test fails the model only through a failed expectation: a release gate (``expect``), ``pytest.fail``
or a plain ``assert`` in a user's suite. Any other exception (a backend error, CUDA out of memory, a bug of ours or
of the user's suite) still fails the test as far as pytest is concerned — its traceback stays in pytest's output —
but the test carries the exception in one line (:data:`FAULT_PROPERTY`) and the verdict calls the run incomplete.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from ..backends.base import CapabilityError
from ..verdict.recorder import FAILED_GATES_KEY
from ..verdict.records import BLOCKED_PROPERTY, FAULT_PROPERTY, MetricRecord
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
    except (AssertionError, pytest.fail.Exception, pytest.skip.Exception, pytest.xfail.Exception):
        raise  # an expectation the model failed, or a decision to skip: the test's own outcome
    except Exception as exc:
        item.user_properties.append((FAULT_PROPERTY, fault_line(exc)))
        raise
    failed: list[MetricRecord] = item.stash.get(FAILED_GATES_KEY, [])
    if failed:
        lines = [f"{r.metric_id}: {r.verdict.value if r.verdict else ''} — {r.reason}" for r in failed]
        pytest.fail("release gate(s) not met:\n  " + "\n  ".join(lines), pytrace=False)
    return result


def fault_line(exc: BaseException) -> str:
    """An exception in one line: its type and the first line of its message (shortened)."""
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    return f"{type(exc).__name__}: {first}"[:300] if first else type(exc).__name__
