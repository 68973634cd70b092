"""Release comparison (--compare-to) on scripted models whose option-order behaviour is known exactly.

The reference always picks the same option *content* (0 flips). An identical candidate must pass every
non-inferiority gate; a candidate that answers by position on a fixed fifth of the items must fail exactly the
flip-rate gates, with differences equal to the flips computed here from the perturbations themselves.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pytest_medllm.data.loaders import load_dataset
from pytest_medllm.data.select import stratified_subset
from pytest_medllm.perturb import options as perturb

from .conftest import PROJECT_DIR
from .content_models import follows_position

POLICY = """\
# what a team would keep with the release: no more flips, no fewer usable answers, than production
option_order.flip_rate <= baseline + 0.05 @noninferior
option_order.usable_rate >= baseline - 0.05 @noninferior
option_order.parse_failure_rate <= baseline + 0.05 @noninferior
"""
ITEMS = 20


def run(tmp_path, name: str, backend: str, *args: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    report = tmp_path / name
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_option_order.py", "--backend", f"tests.content_models:{backend}",
         "--report-dir", str(report), "--cache-dir", str(tmp_path / f"cache-{name}"), "-p", "no:cacheprovider",
         "-p", "no:xdist", "-q", "--max-items", str(ITEMS), *args],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=300)
    artifact = report / "medllm-results.json"
    return result, json.loads(artifact.read_text()) if artifact.exists() else None


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("release")
    policy = tmp / "release.gates"
    policy.write_text(POLICY)
    _, reference = run(tmp, "reference", "content")
    same = run(tmp, "same", "content", "--compare-to", str(tmp / "reference"), "--gate-policy", str(policy))
    worse = run(tmp, "worse", "position20", "--compare-to", str(tmp / "reference"), "--gate-policy", str(policy))
    return {"tmp": tmp, "policy": policy, "reference": reference, "same": same, "worse": worse}


def true_flip_rates() -> dict[str, float]:
    """Flips of the position-following model, from the perturbations themselves: an item flips when it is one
    the model answers by position and the text at position A changes."""
    items = stratified_subset(load_dataset("demo", PROJECT_DIR).items, ITEMS, seed=1234)
    names = [f"shuffle-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS] + ["rotate-1", "rotate-2", "distractor-swap"]
    rates = {}
    for name in names:
        flips = []
        for item in items:
            shown = (perturb.shuffle(item, int(name.split("-")[1])) if name.startswith("shuffle") else
                     perturb.rotate(item, int(name.split("-")[1])) if name.startswith("rotate") else
                     perturb.distractor_swap(item))
            moved_a = shown.item.options[0][1] != item.options[0][1]
            flips.append(follows_position(list(item.options)) and moved_a)
        rates[name] = sum(flips) / len(flips)
    return rates


def test_the_reference_model_never_flips(runs):
    flips = [m for m in runs["reference"]["metrics"] if m["name"] == "flip_rate"]
    assert len(flips) == 6 and all(m["value"] == 0 for m in flips)


def test_an_identical_candidate_passes_every_gate_against_the_reference(runs):
    result, data = runs["same"]
    gates = data["comparison"]["gates"]
    assert len(gates) == 6 + 7 + 7  # flip rate per perturbation; usable and parse failures per condition
    assert all(g["verdict"] == "pass" for g in gates), [g for g in gates if g["verdict"] != "pass"]
    for difference in data["comparison"]["differences"]:
        if difference["paired"]:
            assert difference["difference"] == 0 and difference["low"] == difference["high"] == 0
    assert data["comparison"]["counts"].get("regressed", 0) == 0
    assert "all 20 gates against the reference passed" in data["verdict"]["headline"]


def test_a_candidate_with_more_flips_fails_exactly_the_flip_rate_gates(runs):
    result, data = runs["worse"]
    truth = true_flip_rates()
    assert truth["rotate-1"] == truth["rotate-2"] == 0.2  # 20 points more flips: A always moves under rotation
    assert min(truth.values()) > 0.05  # and more than the margin under every perturbation
    failing = {g["metric"] for g in data["comparison"]["gates"] if g["verdict"] != "pass"}
    assert failing == {f"option_order.flip_rate[{name}]" for name in truth}
    differences = {d["metric_id"]: d for d in data["comparison"]["differences"]}
    for name, rate in truth.items():
        d = differences[f"option_order.flip_rate[{name}]"]
        assert d["paired"] and d["difference"] == pytest.approx(rate, abs=1e-12)
        assert d["mcnemar_p"] is not None and d["low"] <= rate <= d["high"]
    assert result.returncode == 1 and data["verdict"]["status"] == "failed"
    assert "6 of 20 gates against the reference failed" in data["verdict"]["headline"]
    assert "regressed option_order.flip_rate[rotate-1]" in result.stdout


def test_runs_over_other_items_are_refused(runs):
    result, _ = run(runs["tmp"], "other-items", "content", "--max-items", "10", "--compare-to",
                    str(runs["tmp"] / "reference"))
    assert result.returncode == 4
    assert "refusing to compare with --compare-to" in result.stderr and "different items" in result.stderr


def test_a_gate_against_the_baseline_needs_a_reference(runs):
    result, _ = run(runs["tmp"], "no-reference", "content", "--gate-policy", str(runs["policy"]))
    assert result.returncode == 4
    assert "compares with a reference run: give the reference with --compare-to PATH" in result.stderr


def test_the_readme_noninferiority_table_quick_rows_are_reproducible():
    """The README's simulated false-alarm/power table: recompute its quick-profile rows (seeded, fast)."""
    import re

    from pytest_medllm.release import simulation_table

    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    quick = simulation_table(sizes={"quick (option-order items)": 20}).splitlines()[2:]
    for row in quick:
        assert row in readme, f"README's non-inferiority table is stale: {row}"
    assert re.search(r"\| paper, ESAP-sized \(91 items\) \| 0\.9 \|", readme)
