"""A shared model-output fixture computes what the selected tests read: one value per selected parametrization, every
value when a selected test reads them all (checked in a real pytest session, with and without xdist)."""

from __future__ import annotations

import pytest

_SUITE = '''
import json, os
import pytest
from pytest_medllm import selected_values

STYLES = ("x1", "x2", "x3")


@pytest.fixture(scope="session")
def outputs(request):
    styles = selected_values(request.session, "outputs", "style", STYLES)
    with open(os.environ["COMPUTED_LOG"], "a") as log:
        log.write(json.dumps(styles) + "\\n")
    return {style: style.upper() for style in styles}


@pytest.fixture
def derived(outputs):
    return outputs


@pytest.mark.parametrize("style", STYLES)
def test_one(style, outputs):
    assert outputs[style] == style.upper()


def test_all(derived):
    assert sorted(derived) == list(STYLES)


def test_other():
    pass
'''


@pytest.fixture
def suite(pytester, tmp_path, monkeypatch):
    pytester.makepyfile(test_suite=_SUITE)
    log = tmp_path / "computed.log"
    monkeypatch.setenv("COMPUTED_LOG", str(log))
    return pytester, log


def _computed(log) -> list[list[str]]:
    import json

    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.mark.parametrize("selection, computed, passed, xdist", [
    (["-k", "test_one and x2"], [["x2"]], 1, []),
    (["-k", "test_one and (x1 or x3)"], [["x1", "x3"]], 2, []),
    (["-k", "test_one and (x1 or x3)"], [["x1", "x3"]], 2, ["-n", "2"]),
    (["-k", "test_one or test_all"], [["x1", "x2", "x3"]], 4, []),   # a test across all values needs every one
    (["-k", "test_all"], [["x1", "x2", "x3"]], 1, ["-n", "2"]),      # through another fixture too
    ([], [["x1", "x2", "x3"]], 5, []),
])
def test_the_fixture_computes_what_the_selected_tests_read(suite, selection, computed, passed, xdist):
    pytester, log = suite
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *xdist, *selection)
    result.assert_outcomes(passed=passed)
    # each worker computes the union the whole selection needs (the same under xdist as without)
    assert all(run == computed[0] for run in _computed(log)), _computed(log)
    assert _computed(log), "the fixture was never used"


def test_outside_a_collected_session_every_value_is_computed():
    from pytest_medllm.runner.selection import selected_values

    class NoItems:
        items: list = []

    assert selected_values(NoItems(), "outputs", "style", ["x", "y"]) == ["x", "y"]
