"""The linear-kernel perturbation of the numerical-stability suite fails a model whose answers depend on the
kernels and passes one whose answers do not (scripted in tests/helpers/kernel_models.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import PROJECT_DIR


def _run(tmp_path, factory: str) -> tuple[int, list[dict]]:
    report = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "OMP_NUM_THREADS": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_numerical_stability.py", "-k", "linear-kernel",
         "--backend", f"tests.helpers.kernel_models:{factory}", "--profile", "quick", "--report-dir", str(report),
         "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider", "-p", "no:xdist", "-q"],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    return result.returncode, json.loads((report / "medllm-results.json").read_text())["metrics"]


@pytest.mark.parametrize(("factory", "status", "match_rate"), [("kernel_sensitive", 1, 0.0),
                                                                ("kernel_insensitive", 0, 1.0)])
def test_linear_kernel_perturbation_judges_answers_that_follow_the_kernel(tmp_path, factory, status, match_rate):
    code, metrics = _run(tmp_path, factory)
    assert code == status
    match = [m for m in metrics if (m["suite"], m["name"], m["condition"]) ==
             ("numerical_stability", "perturbed_match_rate", "linear-kernel")]
    assert len(match) == 1 and match[0]["value"] == pytest.approx(match_rate)
