"""Every behavioral test can fail: each suite declares its metrics, each test states at least one expectation, and
the README's table of default gates is the one the declarations give."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pytest_medllm.runner.collection import import_suite_file, load_suite_modules
from pytest_medllm.verdict.declarations import Metric, Suite, gate_table
from tests.conftest import PROJECT_DIR

SUITE_FILES = sorted((PROJECT_DIR / "suites").glob("test_*.py"))
#: Helpers that record a gated metric through the recorder they are given (checked below, not assumed).
GATED_HELPERS = {"expect_answer_metrics", "expect_position_metrics", "expect_comparison"}


def _tests(path: Path) -> list[ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


def _gated_metric_names(path: Path) -> set[str]:
    """Module-level names bound to metrics with an expectation."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(f"_declarations_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # as an import does: dataclasses in a suite look their module up there
    spec.loader.exec_module(module)
    namespace = vars(module)
    names = set()
    for name, value in namespace.items():
        if isinstance(value, Metric) and value.gated:
            names.add(name)
        elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):  # families: ANSWERS.usable_rate, POSITIONS.position_bias
            for field in value.__dataclass_fields__:
                member = getattr(value, field)
                if isinstance(member, Metric) and member.gated:
                    names.add(f"{name}.{field}")
    return names


def _expectations_in(function: ast.FunctionDef, gated: set[str]) -> list[str]:
    """The gated metrics a test function passes to ``expect(...)`` and the gated helpers it calls."""
    found = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id == "expect" and node.args:
            name = ast.unparse(node.args[0])
            if name in gated:
                found.append(name)
        elif isinstance(node.func, ast.Name) and node.func.id in GATED_HELPERS:
            found.append(node.func.id)
        elif isinstance(node.func, ast.Attribute) and node.func.attr in GATED_HELPERS:  # baseline.expect_comparison
            found.append(node.func.attr)
    return found


@pytest.mark.parametrize("path", SUITE_FILES, ids=lambda p: p.stem)
def test_each_suite_declares_itself_under_its_file_name(path):
    suite = import_suite_file(path)
    assert isinstance(suite, Suite), f"{path.name} declares no SUITE = Suite(...)"
    assert path.stem == f"test_{suite.id}", "the metric ids start with the suite id: keep the file name in step"
    assert suite.metrics, f"{path.name} declares no metric"
    assert any(m.gated for m in suite.metrics.values()), f"{path.name} has no metric with an expectation"


@pytest.mark.parametrize("path", SUITE_FILES, ids=lambda p: p.stem)
def test_every_behavioral_test_states_a_gated_expectation(path):
    gated = _gated_metric_names(path)
    missing = []
    for function in _tests(path):
        takes_expect = any(arg.arg == "expect" for arg in function.args.args)
        if not takes_expect or not _expectations_in(function, gated):
            missing.append(function.name)
    assert not missing, f"{path.name}: these tests can never fail a release gate: {missing}"


def test_every_declared_expectation_says_why():
    for suite in load_suite_modules(str(PROJECT_DIR / "suites")):
        for metric in suite.metrics.values():
            if metric.gated:
                assert len(metric.because) > 30, f"{metric.id}: say which study figure motivates {metric.expect}"
                assert metric.meaning, f"{metric.id}: one line of meaning"
                assert metric.better in ("higher", "lower"), f"{metric.id}: a gated metric has a direction"


def test_the_gated_helpers_record_a_gated_metric():
    """The static check above trusts GATED_HELPERS: prove each records at least one gated metric."""
    from pytest_medllm.answers.jobs import Answer
    from pytest_medllm.answers.parsing import ParsedAnswer
    from pytest_medllm.comparisons.baseline import Comparison, expect_comparison
    from pytest_medllm.methods import stats
    from pytest_medllm.perturb.option_order import identity
    from pytest_medllm.verdict.answer_metrics import (
        answer_metrics,
        expect_answer_metrics,
        expect_position_metrics,
        position_metrics,
    )
    from pytest_medllm.verdict.declarations import comparison_metrics

    class Stub:
        def __init__(self):
            self.gated: list[str] = []

        def __call__(self, metric, estimate, **kw):
            assert metric.gated
            self.gated.append(metric.id)

        def record(self, metric, estimate, **kw):
            pass

    from pytest_medllm.data.schemas import MCQItem

    item = MCQItem(id="q1", question="?", options=(("A", "x"), ("B", "y")), answer="A")
    shown = identity(item)
    answers = [Answer("c", "q1", shown.item, shown.order, ParsedAnswer("option", "A", ("A",), "explicit"), "A",
                      "eos", "p", "A", True)]
    suite = Suite("helper_check", "the helpers' own check")
    stub = Stub()
    expect_answer_metrics(stub, answer_metrics(suite), answers, "c")
    expect_position_metrics(stub, position_metrics(suite), answers, "c", resamples=50, seed=1)
    comparison = Comparison(n=1, match=stats.proportion([True]), kappa=None, homogeneity=None,
                            accuracy_reference=None, accuracy_current=None, mcnemar=None, identical_text=None,
                            first_divergence=[], max_probability_difference=None)
    expect_comparison(stub, comparison_metrics(suite, "x"), comparison, "c")
    assert {"helper_check.usable_rate", "helper_check.position_bias", "helper_check.x_match_rate"} <= set(stub.gated)


def test_readme_gate_table_is_generated_from_the_declarations():
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- gate-table:start -->\n(.*?)\n<!-- gate-table:end -->", readme, re.S)
    assert found, "README.md lacks the generated gate table between its markers"
    expected = gate_table(load_suite_modules(str(PROJECT_DIR / "suites")))
    assert found.group(1).strip() == expected.strip(), (
        "the README's gate table is out of date: run `python -m pytest_medllm gates` and paste its output "
        "between the gate-table markers")


def test_the_check_catches_a_test_that_cannot_fail(tmp_path):
    suite = tmp_path / "test_toothless.py"
    suite.write_text(
        "from pytest_medllm.verdict.declarations import Suite\n"
        "SUITE = Suite('toothless', 'a suite that records without expecting')\n"
        "SEEN = SUITE.metric('seen', 'a descriptive metric')\n"
        "GATED = SUITE.metric('gated', 'a gated metric', better='higher', expect='>= 1 @point',\n"
        "                     because='this sentence explains the threshold well enough')\n"
        "def test_records_only(expect):\n"
        "    expect.record(SEEN, 1.0)\n"
        "def test_expects(expect):\n"
        "    expect(GATED, 1.0)\n")
    gated = _gated_metric_names(suite)
    tests = {f.name: _expectations_in(f, gated) for f in _tests(suite)}
    assert tests == {"test_records_only": [], "test_expects": ["GATED"]}


def test_a_suite_with_a_dataclass_can_be_imported_from_its_file(tmp_path):
    from pytest_medllm.runner.collection import import_suite_file

    path = tmp_path / "test_dataclass_suite.py"
    path.write_text("from dataclasses import dataclass\nfrom pytest_medllm.verdict.declarations import Suite\n"
                    "SUITE = Suite('dataclass_suite', 'a test')\n\n@dataclass\nclass Reply:\n    text: str\n")
    suite = import_suite_file(path)
    assert suite is not None and suite.id == "dataclass_suite"
