"""Every gated metric declares what is unacceptable — the value a release must catch, with its reason — and the
README's power tables are the ones the declarations give (as test_suite_declarations.py does for the gate table)."""

from __future__ import annotations

import re

import pytest

from pytest_medllm.runner.collection import load_suite_modules
from pytest_medllm.verdict.declarations import BASELINE_MATCH_RATE, declared_metrics, missing_unacceptable
from pytest_medllm.verdict.power_tables import RECORDED_AS, power_table, sizes_table
from tests.conftest import PROJECT_DIR


@pytest.fixture(scope="module")
def suites():
    return load_suite_modules(str(PROJECT_DIR / "suites"))


def test_every_gated_metric_declares_an_unacceptable_value(suites):
    assert missing_unacceptable(suites) == [], (
        "these gated metrics declare no unacceptable value: add unacceptable= and unacceptable_because= beside "
        "their expectation (a study's measured failure, or the level at which the metric means nothing)")


def test_every_unacceptable_value_says_why_and_lies_beyond_its_gate(suites):
    for metric in [m for m in declared_metrics(suites) if m.gated] + [BASELINE_MATCH_RATE]:
        gate = metric.default_gate()
        assert gate is not None and metric.unacceptable is not None
        assert gate.violated_by(metric.unacceptable), metric.id
        why = metric.unacceptable_because
        assert len(why) > 40, f"{metric.id}: say which study figure (or which meaningless level) {why!r} is"
        # A study figure (a table, a figure, a number) or the level at which the metric means nothing.
        assert re.search(r"Table|Figure|appendix|chance|\d", why) or "means nothing" in why, (metric.id, why)


def test_every_gated_metric_says_how_its_power_is_computed(suites):
    names = {m.name for m in declared_metrics(suites) if m.gated} | {BASELINE_MATCH_RATE.name}
    assert names <= set(RECORDED_AS), f"add these to power_tables.RECORDED_AS: {sorted(names - set(RECORDED_AS))}"


@pytest.mark.parametrize("marker, table", [("power-table", power_table), ("power-sizes", sizes_table)])
def test_readme_power_tables_are_generated_from_the_declarations(suites, marker, table):
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker}:start -->\n(.*?)\n<!-- {marker}:end -->", readme, re.S)
    assert found, f"README.md lacks the generated table between its <!-- {marker}:start/end --> markers"
    assert found.group(1).strip() == table(suites).strip(), (
        f"the README's {marker} table is out of date: run `python -m pytest_medllm power` and paste its output "
        f"between the {marker} markers")
