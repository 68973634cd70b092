"""A verdict that never blames the model for the tool: a test fails the model only through a failed expectation
(a release gate, ``pytest.fail``, a plain ``assert``); any other exception in a test is a fault of the run —
verdict "incomplete", exit status 6, the test and the exception named in one line on the card, in the JSON
artifact and the HTML report. A custom backend that raises while it is imported is one usage message (exit 4)."""

from __future__ import annotations

import json

import pytest

from tests.integration.test_plugin import FAKE_BACKEND

USER_SUITE = '''
from pytest_medllm import Decoding, GenerationRequest, Suite, stats

SUITE = Suite("mine", "a user's suite")
RATE = SUITE.metric("ok_rate", "always 1", better="higher", expect=">= 0.5 @point", because="plumbing")


def test_ok(expect):
    expect(RATE, stats.proportion([True] * 10))


def test_tool_breaks(expect):
    expect(RATE, stats.proportion([True] * 10), condition="before the fault")
    raise RuntimeError("the backend lost its GPU\\nsecond line of the message")
'''

ASSERTING = '''
def test_plain_assert(model):
    answers = model.generate([])
    assert answers == ["something"], "a user's own expectation"
'''

GATE_FAILS = '''
from pytest_medllm import Suite, stats

SUITE = Suite("strict", "a suite whose model fails its gate")
RATE = SUITE.metric("ok_rate", "always 0", better="higher", expect=">= 0.5 @point", because="plumbing")


def test_fails_its_gate(expect):
    expect(RATE, stats.proportion([False] * 10))
'''

MODES = {"no-xdist": ["-p", "no:xdist"], "n2": ["-n", "2"]}


def _run(pytester, *args):
    pytester.makepyfile(fake_backend=FAKE_BACKEND)
    pytester.makeini("[pytest]\n")
    return pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                         str(pytester.path / "cache"), "-p", "no:cacheprovider", *args)


def _artifact(pytester) -> dict:
    return json.loads((pytester.path / "reports" / "medllm-results.json").read_text())


@pytest.mark.parametrize("mode", MODES)
def test_an_exception_in_a_test_is_a_fault_of_the_run_not_a_failure_of_the_model(pytester, mode):
    pytester.makepyfile(test_mine=USER_SUITE)
    result = _run(pytester, *MODES[mode], "--html", "report.html", "--self-contained-html")
    assert result.ret == 6, result.stdout.str()
    out = result.stdout.str()
    assert "Run incomplete: 1 test could not be judged because of a fault, not the model: " \
           "test_mine.py::test_tool_breaks (RuntimeError: the backend lost its GPU)" in out
    assert "Not stable enough" not in out
    result.stdout.fnmatch_lines(["*FAULT (not the model's) test_mine.py::test_tool_breaks: RuntimeError: the backend "
                                 "lost its GPU*"])
    data = _artifact(pytester)
    assert data["verdict"]["status"] == "incomplete" and data["verdict"]["exit_status"] == 6
    assert data["verdict"]["faults"] == [{"nodeid": "test_mine.py::test_tool_breaks", "outcome": "fault",
                                          "message": "RuntimeError: the backend lost its GPU"}]
    outcomes = {t["nodeid"]: t["outcome"] for t in data["tests"]["results"]}
    assert outcomes == {"test_mine.py::test_ok": "passed", "test_mine.py::test_tool_breaks": "fault"}
    # what the test recorded before the fault is kept, and judged
    assert {m["condition"] for m in data["metrics"]} == {None, "before the fault"}
    page = (pytester.path / "report.html").read_text()
    assert "could not be judged because of a fault" in page and "FAULT</b> (not the model" in page
    assert 'class="medllm-fail"' not in page.split("Where it breaks")[1].split("</table>")[0]


def test_a_plain_assert_in_a_users_suite_fails_the_model(pytester):
    pytester.makepyfile(test_asserting=ASSERTING)
    result = _run(pytester, "-p", "no:xdist")
    assert result.ret == 1, result.stdout.str()
    data = _artifact(pytester)
    assert data["verdict"]["status"] == "failed" and not data["verdict"]["faults"]
    assert [t["outcome"] for t in data["tests"]["results"]] == ["failed"]


def test_a_failed_gate_beside_a_fault_is_a_failed_run_that_names_the_fault(pytester):
    pytester.makepyfile(test_mine=USER_SUITE, test_strict=GATE_FAILS)
    result = _run(pytester, "-p", "no:xdist")
    assert result.ret == 1, result.stdout.str()
    headline = _artifact(pytester)["verdict"]["headline"]
    assert headline.startswith("Not stable enough: 1 of 3 release gates failed (1 tests failed), in strict;")
    assert "also incomplete: 1 test could not be judged because of a fault, not the model: " \
           "test_mine.py::test_tool_breaks (RuntimeError: the backend lost its GPU)" in headline
    assert "mine" not in headline.split(";")[0]  # the faulted suite is not listed as failing


def test_a_backend_module_that_raises_on_import_is_one_usage_message(pytester):
    pytester.makepyfile(broken_import="raise ValueError('missing API key in the module')\n",
                        test_mine=USER_SUITE)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_subprocess("--backend", "broken_import:factory", "-p", "no:cacheprovider")
    assert result.ret == 4
    err = result.stderr.str()
    assert "INTERNALERROR" not in err + result.stdout.str() and "Traceback" not in err
    assert "--backend 'broken_import:factory': importing 'broken_import' raised ValueError: missing API key in " \
           "the module" in err
