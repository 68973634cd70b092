"""Self-assessment on a model that writes no explanation (a base model that ends its turn at once, or writes only
whitespace): the suite is not judged, and the reason says how many items and replies there were and why none
qualified — counted by reason — while a model that does write explanations is still judged."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import PROJECT_DIR

SILENT_BACKEND = '''
from pytest_medllm.backends import Generation
from tests.helpers.fake_backend import FakeBackend


class Silent(FakeBackend):
    """Replies to prompt A with nothing: the first item's reply is only whitespace up to the token limit, every
    other reply ends at once (no token before end-of-sequence)."""

    def generate(self, requests, on_batch=None):
        out = []
        for index, request in enumerate(requests):
            blank = index == 0
            out.append(Generation(text="\\n\\n" if blank else "", token_ids=(108, 108) if blank else (),
                                  finish_reason="length" if blank else "eos", tokens=()))
        if on_batch is not None:
            on_batch(list(enumerate(out)))
        return out


def factory(run_config, spec):
    return Silent(spec.alias)
'''


def run_self_assessment(tmp_path, backend: str) -> tuple[dict, str]:
    report = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(PROJECT_DIR)])}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_self_assessment.py", "--backend", backend, "--report-dir",
         str(report), "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
         "-rs", "--max-items", "4"], cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    return json.loads((report / "medllm-results.json").read_text()), result.stdout + result.stderr


def test_no_explanation_to_judge_is_counted_by_reason(tmp_path):
    (tmp_path / "silent_backend.py").write_text(SILENT_BACKEND)
    data, output = run_self_assessment(tmp_path, "silent_backend:factory")
    expected = ("no item has both a gold explanation and a model explanation: none of 4 items qualified "
                "(3 prompt-A replies empty: the model ended its turn at once (its first token was end-of-sequence); "
                "1 prompt-A reply blank: only whitespace or special tokens up to the token limit)")
    assert expected in output, output[-3000:]
    assert data["tests"]["exit_status"] == 5  # nothing judged: incomplete, never a pass
    assert expected in json.dumps(data)


@pytest.mark.parametrize("backend", ["tests.helpers.fake_backend:factory"])
def test_a_model_that_writes_explanations_is_still_judged(tmp_path, backend):
    data, output = run_self_assessment(tmp_path, backend)
    recorded = {r["name"] for r in data["metrics"] if r["suite"] == "self_assessment"}
    assert {"gold_never_share", "unparseable_share", "order_dependent_share"} <= recorded, output[-3000:]
