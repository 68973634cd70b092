"""Fuzzing the dataset loaders: every file ends in one clear line or in exactly the right items.

The generators (tests/helpers/malformed_files.py) draw valid files in every format and layout, then break one record or the
whole file the ways an outside audit did (wrong types in every field, 1 or 27 options, answers that are not
options, repeated ids, truncated or pretty-printed JSON, another encoding, a NUL, a wrong CSV delimiter, huge
fields…). Each case says what must happen, so these tests fail both when a broken file is accepted and when a valid
file is refused or loaded wrong.

The default run tries a few hundred examples. ``MEDLLM_FUZZ_EXAMPLES=10000`` (``make fuzz``) shares that many
examples between the tests; add ``--hypothesis-show-statistics`` to see the outcome counts.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, note, settings

from pytest_medllm.data.loaders import DatasetError, load_dataset
from pytest_medllm.data.schemas import EvidenceItem, MCQItem
from tests.helpers.malformed_files import (
    Case,
    broken_files,
    broken_records,
    random_files,
    valid_files,
)

#: Examples of the whole file, shared between the tests below by weight.
BUDGET = int(os.environ.get("MEDLLM_FUZZ_EXAMPLES", "400"))
WEIGHTS = {"valid": 0.2, "records": 0.4, "files": 0.25, "random": 0.15}


def fuzz_settings(share: str) -> settings:
    return settings(max_examples=max(10, round(BUDGET * WEIGHTS[share])), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def item_key(item: object) -> tuple:
    """What a test compares: id, question, the options (or sections) and the answer (or decision)."""
    if isinstance(item, MCQItem):
        return item.id, item.question, item.options, item.answer
    assert isinstance(item, EvidenceItem)
    return item.id, item.question, tuple((s.label, s.text) for s in item.contexts), item.decision


def lines_named(message: str) -> list[int]:
    """Line numbers a message names, in order: ``line 3``, ``lines 2 and 7``, ``(line 4)``."""
    numbers = []
    for match in re.finditer(r"\blines? (\d+)(?: and (\d+))?", message):
        numbers += [int(n) for n in match.groups() if n]
    return numbers


def load(case: Case) -> str:
    """Load the case's file and check the outcome against what the case promises; return the outcome's name."""
    note(f"{case.label}: {case.content[:400]!r}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / case.name
        path.write_bytes(case.content)
        spec = f"{path}:{case.forced}" if case.forced else str(path)
        try:
            dataset = load_dataset(spec)
        except DatasetError as exc:
            message = str(exc)
            note(f"error: {message}")
            check_error(case, message)
            return "clean error"
    note(f"loaded {len(dataset.items)} items, skipped {[s.location for s in dataset.skipped]}")
    assert case.expect != "error", f"{case.label}: a broken file was accepted"
    for item in dataset.items:
        assert isinstance(item, (MCQItem, EvidenceItem))
        dataclasses.replace(item)  # validated again on construction: a loaded item is a valid item
    assert dataset.items, "a load gives items"
    if case.expect == "load":
        assert [item_key(item) for item in dataset.items] == list(case.items)
        assert [int(s.location.rsplit(" ", 1)[1]) for s in dataset.skipped] == list(case.skipped)
    return "load with skips" if dataset.skipped else "valid load"


def check_error(case: Case, message: str) -> None:
    assert len(message.splitlines()) == 1 and "\n" not in message, f"not one line: {message!r}"
    assert case.name in message, f"the file is not named: {message}"
    named = lines_named(message)
    assert named or message.endswith("the file is empty"), f"no line named: {message}"
    assert case.expect != "load", f"{case.label}: a valid file was refused: {message}"
    if case.lines:
        assert named[0] in case.lines, f"{case.label}: expected line {case.lines}, got: {message}"
        assert set(case.lines) <= set(named), f"{case.label}: expected lines {case.lines}, got: {message}"
    if case.field:
        assert re.search(case.field, message), f"{case.label}: field /{case.field}/ not named: {message}"


@fuzz_settings("valid")
@given(valid_files())
def test_valid_files_load_exactly_their_items(case):
    event(f"format: {case.label.split()[1]}")
    event(f"outcome: {load(case)}")


@fuzz_settings("records")
@given(broken_records())
def test_a_broken_record_is_refused_at_its_line_or_skipped_as_documented(case):
    event(f"expected: {case.expect}")
    event(f"outcome: {load(case)}")


@fuzz_settings("files")
@given(broken_files())
def test_a_broken_file_is_one_clear_line(case):
    event(f"damage: {case.label.split(': ')[-1].split(' (')[0]}")
    event(f"outcome: {load(case)}")


@fuzz_settings("random")
@given(random_files())
def test_random_input_is_a_clean_error_or_valid_items(case):
    event(f"outcome: {load(case)}")
