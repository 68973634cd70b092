"""Each prompt builder's stop sequences: derived from the prompt as it is written, and never cutting an answer.

The replies of the parser corpus (written in the styles of the registry's models) are cut at the first stop of any
prompt format and parsed again: an answer that is cut away would change the parse. The runaway corpus (replies that
go on into invented questions, repeated prompts and dialogue turns) is cut the same way: the parse may change only
where the text after the stop restates the asked question and answers it again — a second answer the stop spares
the reply (the stopped reply is judged on its first).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_medllm.answers import prompts
from pytest_medllm.answers.parsing import parse_answer
from pytest_medllm.backends.base import find_stop
from pytest_medllm.data.schemas import ContextSection
from tests.conftest import PROJECT_DIR

CORPUS = PROJECT_DIR / "tests" / "data" / "parser_corpus.jsonl"
RUNAWAY = PROJECT_DIR / "tests" / "data" / "parser_corpus_written_runaway.jsonl"
BUILDERS = ("prompt_a", "prompt_b", "zero_shot_direct", "zero_shot_cot", "answer_only", "few_shot",
            "evidence_prompt", "self_assessment_prompt", "reasoning_prompt")
ALL_STOPS = tuple(sorted({s for stops in prompts.all_stop_sets().values() for s in stops}))


def test_every_builder_of_a_generated_prompt_declares_its_stops():
    declared = prompts.all_stop_sets()
    assert set(BUILDERS) <= set(declared)
    for name in BUILDERS:
        stops = getattr(prompts, name).stops
        assert stops == declared[name] == tuple(sorted(set(stops)))
        assert set(prompts.TURN_STOPS) <= set(stops)
        # A stop starts a line (a restatement that opens a reply is no stop) or is a chat-turn marker.
        assert all(s.startswith("\n") or s in prompts.TURN_STOPS for s in stops)


def _texts(name: str, item) -> list[str]:  # noqa: ANN001 - an MCQItem
    """The prompts of the family whose stop set a builder shares (prompts A and B; the MedGemma templates)."""
    if name in ("prompt_a", "prompt_b"):
        return [prompts.prompt_a(item), prompts.prompt_b(item)]
    if name in ("zero_shot_direct", "zero_shot_cot", "answer_only", "few_shot"):
        return [prompts.zero_shot_direct(item), prompts.zero_shot_cot(item), prompts.answer_only(item),
                prompts.few_shot(item, [item], cot=False), prompts.few_shot(item, [item], cot=True)]
    if name == "evidence_prompt":
        return [prompts.evidence_prompt(item.question, [ContextSection("RESULTS", "It did.")])]
    if name == "self_assessment_prompt":
        return [prompts.self_assessment_prompt(item, "one", "two")]
    if name == "reasoning_prompt":
        return [prompts.reasoning_prompt(item, style) for style in prompts.REASONING_PROMPTS]
    return [getattr(prompts, name)(item)]


@pytest.mark.parametrize("name", BUILDERS)
def test_every_stop_is_a_line_the_prompt_itself_writes(name, demo_items):
    """Stops are the prompt's own block openers and instruction lines (so a reworded prompt must reword its stops):
    each, without its leading newline and separator, starts a line of the prompt."""
    texts = _texts(name, demo_items[0])
    for stop in getattr(prompts, name).stops:
        if stop in prompts.TURN_STOPS:
            continue
        line = stop.lstrip("\n").removeprefix("---").lstrip("\n")
        assert any(text.startswith(line) or f"\n{line}" in text for text in texts), (name, stop)


def _corpus(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _parses(row: dict, text: str):  # noqa: ANN202
    return parse_answer(text, row["options"], letters_shown=row.get("letters_shown", True),
                        reasoning=row.get("reasoning"), question=row.get("question"))


def test_no_stop_cuts_an_answer_of_the_parser_corpus():
    changed, fired = [], 0
    for row in _corpus(CORPUS):
        found = find_stop(row["output"], ALL_STOPS)
        if found is None:
            continue
        fired += 1
        if _parses(row, row["output"][:found[0]]).label != _parses(row, row["output"]).label:
            changed.append((row["id"], found[1]))
    assert changed == [] and fired < 5  # answers almost never hold a stop; none holds one before its answer


def test_stops_end_runaway_replies_without_changing_their_answer():
    if not RUNAWAY.exists():
        pytest.skip(f"{RUNAWAY.name} is not in this checkout")
    fired = 0
    for row in _corpus(RUNAWAY):
        found = find_stop(row["output"], ALL_STOPS)
        if found is None:
            continue
        fired += 1
        cut, full = _parses(row, row["output"][:found[0]]), _parses(row, row["output"])
        if cut.label != full.label:
            after = row["output"][found[0] + len(found[1]):].strip()
            asked = (row.get("question") or "").strip()
            assert asked and after.startswith(asked[:40]), (row["id"], found[1], full.label, cut.label)
    assert fired >= len(_corpus(RUNAWAY)) // 5  # the stops do end runaway replies
