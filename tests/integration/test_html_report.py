"""Failing examples in the HTML report say how each reply was read.

An answer's example shows the parse method and, for NONE/MULTIPLE, the reason; a self-assessment item's example
shows both judge replies, the preference read from each and how it was read. Checked on the rendered table
cell (fast) and on a page that pytest-html writes in a real run (the way users see it).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from html import unescape
from pathlib import Path
from types import SimpleNamespace

import pytest

from pytest_medllm.answers.jobs import Answer
from pytest_medllm.answers.parsing import parse_answer, read_preference
from pytest_medllm.data.schemas import MCQItem
from pytest_medllm.perturb.option_order import identity
from pytest_medllm.runner.html_hooks import HtmlHooks
from tests.conftest import PROJECT_DIR

SUITE_FILE = PROJECT_DIR / "suites" / "test_self_assessment.py"
FAKE_BACKEND = (Path(__file__).resolve().parents[1] / "helpers" / "fake_backend.py").read_text()

ITEM = MCQItem(id="thyroid-1", question="What is the most likely diagnosis?",
               options=(("A", "Graves disease"), ("B", "Hashimoto thyroiditis"), ("C", "Subacute thyroiditis"),
                        ("D", "Toxic multinodular goiter")), answer="D")
# Letter A given with option D's text: NONE, with a reason the report must show.
MCQ_REPLY = "A. Toxic multinodular goiter"
# The judge prefers its own explanation when the gold one comes first: a failing item.
GOLD_FIRST_REPLY = "Explanation 2 is more clinically correct. Agreement level: 3."
GOLD_SECOND_REPLY = "I would choose the second explanation. Agreement level: 4."


def load_self_assessment_suite():
    """The suite module, loaded from its file (suites/ is no package) and registered as an import would be (its
    dataclass looks its module up in sys.modules)."""
    name = "_medllm_test_self_assessment_suite"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, SUITE_FILE)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def mcq_answer() -> Answer:
    shown = identity(ITEM)
    parsed = parse_answer(MCQ_REPLY, shown.item.option_map)
    return Answer("prompt_a", ITEM.id, shown.item, shown.order, parsed, MCQ_REPLY, "eos",
                  "Question: What is the most likely diagnosis?\nAnswer:", shown.to_original(parsed.label),
                  parsed.usable and parsed.letter == ITEM.answer)


def judgement():
    suite = load_self_assessment_suite()
    return suite.Judgement("thyroid-1", False, (GOLD_FIRST_REPLY, GOLD_SECOND_REPLY),
                           (read_preference(GOLD_FIRST_REPLY), read_preference(GOLD_SECOND_REPLY)), (3, 4))


def rendered(examples: list[dict]) -> str:
    """The HTML pytest-html puts under a failing test's row, through the plugin's hook."""
    collector = SimpleNamespace(examples={"suite::test": examples})
    report = SimpleNamespace(when="call", nodeid="suite::test")
    data: list[str] = []
    HtmlHooks(collector).pytest_html_results_table_html(report, data)
    return unescape("".join(data))


def test_an_answer_example_shows_its_parse_method_and_reason():
    answer = mcq_answer()
    assert answer.parsed.label == "NONE" and not answer.correct  # a failing case, with a reason
    html = rendered([answer.to_example()])
    assert f"method: {answer.parsed.method}" in html and answer.parsed.method
    assert f"reason: {answer.parsed.reason}" in html and "text of option D" in answer.parsed.reason
    assert MCQ_REPLY in html


def test_a_self_assessment_example_shows_the_replies_and_how_they_were_read():
    row = judgement()
    assert row.outcome == "gold_only_when_second"  # failing: the gold explanation did not win in both orders
    example = row.to_example()
    html = rendered([example])
    assert GOLD_FIRST_REPLY in html and GOLD_SECOND_REPLY in html
    assert "gold first: explanation 2 (its own)" in html and "gold second: explanation 2 (gold)" in html
    assert "method: gold first: verdict; gold second: preference-phrase" in html
    # the artifact row keeps its keys and adds how each preference was read
    record = row.to_record()
    assert record["preference_gold_first"] == 2 and record["class"] == "gold_only_when_second"
    assert record["gold_first_reply"] == GOLD_FIRST_REPLY
    assert record["preference_parse_gold_second"]["method"] == "preference-phrase"


def test_an_unreadable_judge_reply_shows_why():
    suite = load_self_assessment_suite()
    replies = ("Both are fine.", "Explanation 1 is better but explanation 2 is more clinically correct.")
    row = suite.Judgement("x", False, replies, tuple(read_preference(r) for r in replies), (None, None))
    html = rendered([row.to_example()])
    assert row.outcome == "unparseable"
    assert "reason: gold first: no choice found; gold second: contradiction" in html


EXAMPLES_SUITE = f'''
import importlib.util
import sys

from pytest_medllm.methods import stats
from pytest_medllm.answers.parsing import parse_answer, read_preference
from pytest_medllm.data.schemas import MCQItem
from pytest_medllm.verdict.declarations import Suite
from pytest_medllm.perturb.option_order import identity
from pytest_medllm.answers.jobs import Answer

SUITE = Suite("examples", "failing examples in the HTML report")
SEEN = SUITE.metric("seen_rate", "always 1", better="higher")

spec = importlib.util.spec_from_file_location("self_assessment_suite", {str(SUITE_FILE)!r})
self_assessment = sys.modules["self_assessment_suite"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(self_assessment)


def test_mcq(expect, record_answers):
    item = MCQItem(id="thyroid-1", question="?", options={ITEM.options!r}, answer="D")
    shown = identity(item)
    parsed = parse_answer({MCQ_REPLY!r}, shown.item.option_map)
    record_answers([Answer("prompt_a", item.id, shown.item, shown.order, parsed, {MCQ_REPLY!r}, "eos",
                           "Question: ?", parsed.label, False)])
    expect.record(SEEN, stats.proportion([True]))


def test_judge(expect, record_answers):
    replies = ({GOLD_FIRST_REPLY!r}, {GOLD_SECOND_REPLY!r})
    row = self_assessment.Judgement("thyroid-1", False, replies, tuple(read_preference(r) for r in replies),
                                    (3, 4))
    record_answers([row], failing=lambda r: r.outcome != "gold_both_orders")
    expect.record(SEEN, stats.proportion([True]))
'''


def page_rows(page: str) -> str:
    """The table rows of a pytest-html page: kept as JSON in an HTML-escaped attribute, and our own HTML inside
    them is escaped once more — unescape both."""
    blob = page.split('data-jsonblob="', 1)[1].split('"', 1)[0]
    return unescape(json.dumps(json.loads(unescape(blob)), ensure_ascii=False))


def test_the_html_page_shows_failing_examples_with_how_they_were_read(pytester, monkeypatch):
    pytest.importorskip("pytest_html")
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_examples=EXAMPLES_SUITE)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                           str(pytester.path / "cache"), "-p", "no:cacheprovider", "-p", "no:xdist",
                                           "--html", "report.html", "--self-contained-html")
    result.assert_outcomes(passed=2)
    rows = page_rows((pytester.path / "report.html").read_text(encoding="utf-8"))
    parsed = parse_answer(MCQ_REPLY, ITEM.option_map)
    assert f"method: {parsed.method}" in rows and f"reason: {parsed.reason}" in rows
    assert GOLD_FIRST_REPLY in rows and GOLD_SECOND_REPLY in rows
    assert "gold first: explanation 2 (its own)" in rows
