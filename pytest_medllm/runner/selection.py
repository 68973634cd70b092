"""What the session's selected tests need from a shared model-output fixture, so that a ``-k`` selection (CI's reduced
run on a second model family, a user checking one condition) computes only that: the values of one parameter among
the selected tests that use the fixture.

A fixture that asks here still computes everything a selected test could read: a selected test that uses the fixture
but is not parametrized by the parameter (a test across all conditions) needs every value.
"""

from __future__ import annotations

from typing import Iterable, TypeVar

import pytest

T = TypeVar("T")


def selected_values(session: pytest.Session, fixture: str, parameter: str, every: Iterable[T]) -> list[T]:
    """The values of ``every`` (in its order) that the session's selected tests using ``fixture`` (directly or
    through other fixtures) are parametrized with by ``parameter``; all of them when one such test is not
    parametrized by it, or when no selected test is known (a fixture requested outside a collected session)."""
    every = list(every)
    items = [item for item in getattr(session, "items", None) or []
             if fixture in getattr(item, "fixturenames", ())]
    if not items:
        return every
    wanted = set()
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or parameter not in callspec.params:
            return every
        wanted.add(callspec.params[parameter])
    return [value for value in every if value in wanted]
