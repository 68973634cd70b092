"""--fewshot-pool (issue 26a, point 3): the random, label-balanced and subject-matched few-shot examples come from
the file the user names; without one they come from the evaluated items (never the item itself) and the run says
so on the card and in the JSON notes; a malformed pool file is one usage error before any test."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import PROJECT_DIR

#: A backend that answers A and writes every prompt it is asked to a file (PROMPTS_FILE), one JSON line each.
RECORDING_BACKEND = '''
import json, os
from tests.helpers.fake_backend import FakeBackend


class Recording(FakeBackend):
    def generate(self, requests, on_batch=None):
        with open(os.environ["PROMPTS_FILE"], "a", encoding="utf-8") as out:
            for r in requests:
                out.write(json.dumps(r.prompt) + "\\n")
        return super().generate(requests, on_batch)


def factory(run_config, spec):
    return Recording(spec.alias)
'''

#: A pool in the MCQ JSON Lines format: twelve items whose questions name the pool, three letters, two subjects.
POOL = [{"id": f"pool-{i}", "subject": "pediatric endocrinology" if i % 2 else "pharmacology",
         "question": f"Pool question number {i}: which option is right?",
         "options": {"A": f"pool option a{i}", "B": f"pool option b{i}", "C": f"pool option c{i}",
                     "D": f"pool option d{i}"},
         "answer": "ABC"[i % 3]} for i in range(12)]


def run_ablation(tmp_path, *args: str) -> tuple[int, str, list[str], dict | None]:
    (tmp_path / "recording_backend.py").write_text(RECORDING_BACKEND)
    prompts_file = tmp_path / "prompts.jsonl"
    report = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(PROJECT_DIR)]),
           "PROMPTS_FILE": str(prompts_file)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_prompt_ablation.py", "-k", "few_shot_random or "
         "few_shot_label_balanced or few_shot_subject_matched or zero_shot_direct", "--backend",
         "recording_backend:factory", "--profile", "quick", "--report-dir", str(report), "--no-cache",
         "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider", "-p", "no:xdist", "-q", *args],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    prompts = [json.loads(line) for line in prompts_file.read_text().splitlines()] if prompts_file.exists() else []
    results = report / "medllm-results.json"
    data = json.loads(results.read_text()) if results.exists() else None
    return result.returncode, result.stdout + result.stderr, prompts, data


def _few_shot(prompts: list[str]) -> list[str]:
    return [p for p in prompts if p.count("Question:") == 4]  # three examples and the question asked


def test_examples_come_from_the_named_pool(tmp_path):
    pool = tmp_path / "pool.jsonl"
    pool.write_text("".join(json.dumps(row) + "\n" for row in POOL))
    status, output, prompts, data = run_ablation(tmp_path, "--fewshot-pool", f"{pool}:mcq")
    assert status in (0, 1), output[-3000:]
    # The suite asks every condition in one call: the curated conditions' examples are the curated file's; the
    # three pool conditions' come from the pool, all three examples, for each of the quick profile's 5 items.
    from_pool = [p for p in _few_shot(prompts) if "Pool question number" in p]
    assert len(from_pool) == 3 * 5, output[-3000:]
    for prompt in from_pool:
        examples = prompt.split("Answer the following medical question")[0]
        assert examples.count("Pool question number") == 3, examples[:400]
    notes = data["verdict"].get("notes") or data.get("notes") or []
    assert not any("evaluated items" in n for n in notes), notes
    pool_records = [r for r in data["metrics"] if r["name"] == "position_bias" and
                    r["condition"] in ("few_shot_random", "few_shot_label_balanced", "few_shot_subject_matched")]
    assert len(pool_records) == 3 and all("--fewshot-pool" in r["details"]["fewshot_pool"] for r in pool_records)


def test_without_a_pool_the_run_says_where_examples_came_from(tmp_path):
    status, output, prompts, data = run_ablation(tmp_path)
    assert status in (0, 1), output[-3000:]
    note = "few-shot examples (random, label-balanced, subject-matched) were drawn from the evaluated items"
    assert note in output  # the card's note line in the terminal
    assert any(note in n for n in (data["verdict"].get("notes") or data.get("notes") or []))
    for prompt in _few_shot(prompts):
        blocks = prompt.split("Question: ")[1:]
        asked = blocks[-1].split("\n")[0]
        assert all(block.split("\n")[0] != asked for block in blocks[:-1]), "an item was its own example"


@pytest.mark.parametrize("content, problem", [
    ("{not json\n", "line 1"),
    (json.dumps({"id": "x", "question": "q?", "options": {"A": "a"}, "answer": "A"}) + "\n", ""),
])
def test_a_malformed_pool_is_one_usage_error(tmp_path, content, problem):
    pool = tmp_path / "pool.jsonl"
    pool.write_text(content)
    status, output, prompts, _ = run_ablation(tmp_path, "--fewshot-pool", str(pool))
    assert status == 4, output[-3000:]
    assert output.count("--fewshot-pool") >= 1 and "pytest-medllm cannot run" in output
    assert problem in output
    assert prompts == []  # nothing was asked


def test_a_missing_pool_file_is_named(tmp_path):
    status, output, _, _ = run_ablation(tmp_path, "--fewshot-pool", str(tmp_path / "absent.jsonl"))
    assert status == 4 and "--fewshot-pool" in output and "absent.jsonl" in output, output[-3000:]


def test_a_pool_too_small_for_three_examples_skips_its_conditions_with_the_reason(tmp_path):
    """Three evaluated items and no --fewshot-pool: each item has two others to draw from, three are needed. The
    three pool-drawn conditions are skipped with the reason (they once raised ValueError inside the suite's batch,
    a fault that took zero-shot direct down with them); zero-shot direct is judged."""
    status, output, prompts, data = run_ablation(tmp_path, "--max-items", "3")
    assert status in (0, 1), output[-3000:]
    assert data["verdict"]["faults"] == [], data["verdict"]["faults"]
    rows = {row["nodeid"].split("[")[-1].rstrip("]"): row for row in data["tests"]["results"]}
    assert rows["zero_shot_direct"]["outcome"] in ("passed", "failed")
    for condition in ("few_shot_random", "few_shot_label_balanced", "few_shot_subject_matched"):
        assert rows[condition]["outcome"] == "skipped", rows[condition]
        assert "holds 2 example(s) other than item" in rows[condition]["message"]
        assert "--fewshot-pool" in rows[condition]["message"]
    # Only the curated conditions' few-shot prompts were asked (three orders and CoT, for each of the 3 items):
    # none drawn from the pool.
    assert len(_few_shot(prompts)) == 4 * 3, len(_few_shot(prompts))
