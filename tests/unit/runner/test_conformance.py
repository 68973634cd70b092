"""The README's conformance table (what ``--profile paper`` does against each study) against the code it describes.

The table is prose for a reader, but its settings are the profile's: every ``name=value`` in code quotes must be
``--profile paper``'s value, every profile setting must appear (a new knob must say how it relates to the study),
every ``prompts.NAME`` must be a prompt builder, and every study lists the protocol elements a reproduction needs.
"""

from __future__ import annotations

import ast
import re
from dataclasses import fields

import pytest

from pytest_medllm.answers import prompts
from pytest_medllm.runner.profiles import PROFILES, Profile
from tests.conftest import PROJECT_DIR

ELEMENTS = ("items", "prompt", "chat template", "decoding", "runs", "statistic", "correction", "embedding")
STUDIES = ("(000)", "(001)", "(002)", "(004)")


def _table() -> str:
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- conformance:start -->\n(.*?)\n<!-- conformance:end -->", readme, re.S)
    assert found, "README.md lacks the conformance table between <!-- conformance:start/end --> markers"
    return found.group(1)


def _sections() -> dict[str, str]:
    parts = re.split(r"^### ", _table(), flags=re.M)
    return {part.splitlines()[0]: part for part in parts if part.strip()}


def _settings(text: str) -> list[tuple[str, str]]:
    names = {f.name for f in fields(Profile)}
    return [(name, value) for name, value in re.findall(r"`(\w+)=([^`]+)`", text) if name in names]


def test_every_quoted_setting_is_the_paper_profiles():
    quoted = _settings(_table())
    assert len(quoted) >= 15, quoted
    paper = PROFILES["paper"]
    for name, value in quoted:
        assert getattr(paper, name) == ast.literal_eval(value), f"README says {name}={value}, paper has " \
                                                               f"{getattr(paper, name)!r}"


def test_every_profile_setting_is_in_the_table():
    quoted = {name for name, _ in _settings(_table())}
    missing = {f.name for f in fields(Profile)} - {"name"} - quoted
    assert not missing, f"profile settings the conformance table does not state: {sorted(missing)}"


def test_every_named_prompt_builder_exists():
    named = set(re.findall(r"`prompts\.(\w+)`", _table()))
    assert {"prompt_a", "prompt_b", "zero_shot_direct", "reasoning_prompt", "evidence_prompt"} <= named
    for name in named:
        assert callable(getattr(prompts, name, None)), f"prompts.{name} is named in the README but does not exist"


@pytest.mark.parametrize("study", STUDIES)
def test_every_study_states_each_protocol_element(study):
    sections = [body for title, body in _sections().items() if study in title]
    assert len(sections) == 1, f"one section for study {study}"
    elements = [row.split("|")[1].strip() for row in sections[0].splitlines()
                if row.startswith("| ") and not row.startswith("| element")]
    for element in ELEMENTS:
        assert any(e.startswith(element) for e in elements), f"study {study}: no row for {element!r}"
    for row in sections[0].splitlines():
        if row.startswith("| ") and not row.startswith("| element"):
            assert row.count("|") - row.count("\\|") == 5, f"a row of four columns: {row}"
