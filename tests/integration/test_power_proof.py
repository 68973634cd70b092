"""A pass that says what it could have caught, proved on scripted models whose true flip rate is known exactly.

``flipper`` answers every item by its content (the option whose text sorts first), except that under a reordered
prompt it answers another option with probability ``MEDLLM_TEST_FLIP_RATE`` — drawn from a hash of the run's
``--seed``, the item and the shown order, so each reordering of each item flips independently. Its true flip rate
under every perturbation is that probability, exactly. The scripted runs check:

* the reported power of ``option_order.flip_rate <= 0.2 @lenient`` against an unacceptable value equal to the true
  flip rate is the exact binomial one, and over many seeded runs the gate fails in that share of runs, within its
  binomial error (a test that can fail: a gate that passed more often would be caught);
* with ``--require-power 0.8`` such a model never passes: its underpowered passes are "not judged" (exit status 7)
  and its failures stay failures (exit status 1), never 0;
* a run through every suite with the ``gold`` model of ``tests/helpers/scripted_models.py``: every gated record
  carries its power, computed the way :data:`RECORDED_AS` says, and the schema holds.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import pytest
from scipy import stats as scipy_stats

from pytest_medllm.verdict.gates import parse_gate
from pytest_medllm.verdict.power import exact_proportion_failure
from tests.conftest import PROJECT_DIR
from tests.helpers.content_models import ContentModel, options_in

ITEMS = 20
#: The gate of the proof: the default flip-rate gate, with the unacceptable value written on the gate line
#: (the gate language's override) at a true flip rate where the quick run's power is middling (58%), so that the
#: observed failure share can be told apart from neighbouring rates.
TRUE_RATE = 0.4
GATE = f"option_order.flip_rate <= 0.2 @lenient unacceptable {TRUE_RATE}"
#: Seeded runs of the proof, 8 independent flip-rate gates each (a run costs a pytest process, about 2 s of CPU).
RUNS = 16


# -- the scripted model ------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _original_orders() -> dict[str, tuple[str, ...]]:
    from pytest_medllm.data.loaders import load_dataset

    return {"|".join(sorted(text for _, text in item.options)): tuple(text for _, text in item.options)
            for item in load_dataset("demo").items}


def _uniform(*parts: object) -> float:
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


class Flipper(ContentModel):
    name = "flipper"

    def __init__(self, rate: float, seed: int) -> None:
        super().__init__("content")
        self.rate, self.seed = rate, seed

    def identity(self) -> dict:
        return {"backend": self.name, "model": f"scripted-flipper-{self.rate:g}-{self.seed}"}

    def choose(self, prompt: str) -> str:
        options = options_in(prompt)
        if not options:
            return "I cannot tell."
        texts = tuple(text for _, text in options)
        key = "|".join(sorted(texts))
        ranked = sorted(options, key=lambda kv: kv[1].casefold())
        reordered = _original_orders().get(key) not in (None, texts)
        if reordered and _uniform(self.seed, key, texts) < self.rate:
            return ranked[1][0]
        return ranked[0][0]


def flipper(run_config, spec):
    return Flipper(float(os.environ.get("MEDLLM_TEST_FLIP_RATE", TRUE_RATE)), int(run_config.seed))


# -- running it ----------------------------------------------------------------------------------------------------

def run_option_order(tmp_path, seed: int, *args: str, rate: float = TRUE_RATE, suites=("option_order",),
                     backend: str = "tests.integration.test_power_proof:flipper", keyword: str | None = "reordering"
                     ) -> tuple[int, dict, str]:
    report = tmp_path / f"reports-{seed}"
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "OMP_NUM_THREADS": "1", "MEDLLM_TEST_FLIP_RATE": str(rate)}
    files = [f"suites/test_{name}.py" for name in suites]
    command = [sys.executable, "-m", "pytest", *files, "--backend", backend, "--profile", "quick",
               "--seed", str(seed), "--report-dir", str(report), "--no-cache", "--cache-dir", str(tmp_path / "cache"),
               "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-q", *args]
    if keyword:
        command += ["-k", keyword]
    result = subprocess.run(command, cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    artifact = report / "medllm-results.json"
    assert artifact.exists(), result.stdout[-3000:] + result.stderr[-3000:]
    return result.returncode, json.loads(artifact.read_text()), result.stdout


def flip_records(data: dict) -> list[dict]:
    return [r for r in data["metrics"] if r["name"] == "flip_rate" and r["verdict"] is not None]


@pytest.fixture(scope="module")
def seeded_runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("power-proof")
    seeds = range(1, RUNS + 1)
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(lambda s: run_option_order(tmp, s, "--max-items", str(ITEMS), "--gate", GATE), seeds))


def test_every_perturbation_reorders_every_demo_item():
    """Why the model's true flip rate is exactly TRUE_RATE under every perturbation: none leaves an item's options
    where they were (the model can only flip a reordered item)."""
    from pytest_medllm.data.loaders import load_dataset
    from pytest_medllm.perturb import option_order as perturb

    reorders = [lambda i, s=s: perturb.shuffle(i, s) for s in perturb.STUDY_SHUFFLE_SEEDS]
    reorders += [lambda i: perturb.rotate(i, 1), lambda i: perturb.rotate(i, 2)]
    reorders += [lambda i, s=s: perturb.distractor_swap(i, s) for s in perturb.STUDY_SHUFFLE_SEEDS]
    for item in load_dataset("demo").items:
        for reorder in reorders:
            shown = reorder(item)
            assert shown is not None and shown.item.options != item.options


def test_the_model_flips_at_its_true_rate(seeded_runs):
    """The scripted truth: every perturbation reorders every item, so each flip rate is Binomial(n, rate) / n —
    pooled over the runs, the observed share lies within four standard errors of the rate."""
    flips = total = 0
    for _, data, _ in seeded_runs:
        for record in flip_records(data):
            assert record["n"] == ITEMS
            flips += round(record["value"] * record["n"])
            total += record["n"]
    assert total == RUNS * 8 * ITEMS
    assert abs(flips / total - TRUE_RATE) < 4 * math.sqrt(TRUE_RATE * (1 - TRUE_RATE) / total)


def test_the_reported_power_is_the_exact_binomial_one(seeded_runs):
    expected = exact_proportion_failure(TRUE_RATE, ITEMS, parse_gate(GATE))
    assert expected == pytest.approx(0.584, abs=0.001)  # the README's flip-rate table: lenient, n = 20, true 40%
    for _, data, _ in seeded_runs:
        for record in flip_records(data):
            power = record["power"]
            assert power["method"] == "exact" and power["unacceptable"] == TRUE_RATE
            assert power["unacceptable_source"] == "cli" and record["gate"] == GATE
            assert power["probability"] == pytest.approx(expected, abs=1e-12)
            assert record["gate_status"] in ("failed", "passed (underpowered)")


def test_the_gate_fails_a_model_at_the_unacceptable_value_as_often_as_its_power_says(seeded_runs):
    """Over 16 seeded runs x 6 perturbations (independent draws), the share of failed gates must agree with the
    reported power: a two-sided exact binomial test at the 0.1% level (it fails if the gate passes a model at the
    unacceptable value noticeably more or less often than the power says — at 96 gates, a pass rate of 25% or 60%
    instead of 42% is caught)."""
    verdicts = [record["verdict"] for _, data, _ in seeded_runs for record in flip_records(data)]
    assert len(verdicts) == RUNS * 8
    failed = sum(v != "pass" for v in verdicts)
    power = exact_proportion_failure(TRUE_RATE, ITEMS, parse_gate(GATE))
    test = scipy_stats.binomtest(failed, len(verdicts), power)
    assert test.pvalue > 0.001, (failed, len(verdicts), power)
    for status, data, _ in seeded_runs:  # without --require-power a run's status is the gates' plain verdict
        assert status == (1 if any(r["verdict"] != "pass" for r in flip_records(data)) else 0)


def test_a_pass_of_a_model_at_the_unacceptable_value_is_named_underpowered(seeded_runs):
    passing = [(data, out) for status, data, out in seeded_runs if status == 0]
    some = [data for _, data, _ in seeded_runs if any(r["verdict"] == "pass" for r in flip_records(data))]
    assert some, "no gate passed in 24 runs: the proof needs passes to name"
    for data in some:
        statuses = {r["gate_status"] for r in flip_records(data) if r["verdict"] == "pass"}
        assert statuses == {"passed (underpowered)"}
        assert "underpowered" in data["verdict"]["headline"]
        assert "--profile paper" in data["verdict"]["headline"]
        names = data["verdict"]["power"]["underpowered"]
        assert all(r["suite"] + ".flip_rate[" + r["condition"] + "]" in names
                   for r in flip_records(data) if r["verdict"] == "pass")
    for data, out in passing:  # a run that passed every gate says, in its first line, that it proves little
        card = out.split("pytest-medllm stability card")[1].splitlines()[1]
        assert card.startswith("All ") and "underpowered" in card


def test_with_require_power_such_a_model_never_passes(seeded_runs, tmp_path):
    """The same model, gate and seeds (so the same flips) with --require-power 0.8: exit status 7 (underpowered
    passes not judged) or 1 (a gate failed) — never 0; every pass is refused, every failure stays one. Rerun on the
    seeds whose plain runs passed the most flip-rate gates, the ones that could have shipped."""
    by_passes = sorted(range(RUNS), key=lambda i: -sum(r["verdict"] == "pass" for r in flip_records(seeded_runs[i][1])))
    seen = set()
    for index in by_passes[:2]:
        plain = {r["condition"]: r["verdict"] for r in flip_records(seeded_runs[index][1])}
        status, data, out = run_option_order(tmp_path, index + 1, "--max-items", str(ITEMS), "--gate", GATE,
                                             "--require-power", "0.8")
        seen.add(status)
        flips = flip_records(data)
        assert {r["condition"]: r["verdict"] for r in flips} == plain  # the same draws, the same gate verdicts
        assert status in (1, 7), out[-2000:]
        assert data["verdict"]["exit_status"] == status and data["tests"]["exit_status"] == status
        for record in flips:
            if record["verdict"] == "pass":
                assert record["gate_status"] == "not judged (underpowered)"
            else:
                assert record["gate_status"] == "failed"  # never softened
        verdicts = {v["metric"]: v for v in data["gate_verdicts"]}
        assert all(verdicts[f"option_order.flip_rate[{r['condition']}]"]["status"] == r["gate_status"]
                   for r in flips)
        if status == 7:
            assert data["verdict"]["status"] == "incomplete"
            assert data["verdict"]["headline"].startswith("Run incomplete: ")
            assert "--require-power 0.8" in data["verdict"]["headline"]
            assert data["verdict"]["power"]["not_judged"]
        else:
            assert data["verdict"]["status"] == "failed"
    assert seen  # both kinds are allowed; 0 never is


def test_passes_on_20_items_are_underpowered_and_refused_with_require_power(tmp_path):
    """A model that never flips passes every gate on 20 items, but the gates could only have caught a 40% flip
    rate 58% of the time: exit 0 with the passes named underpowered, and exit 7 with --require-power 0.8."""
    status, data, out = run_option_order(tmp_path, 2, "--max-items", str(ITEMS), "--gate", GATE, rate=0.0)
    assert status == 0, out[-3000:]
    assert {r["gate_status"] for r in flip_records(data)} == {"passed (underpowered)"}
    card = out.split("pytest-medllm stability card")[1].splitlines()[1]
    assert card.startswith("All 16 release gates passed; 8 of 16 passes underpowered") and "--profile paper" in card
    refused, data, out = run_option_order(tmp_path / "required", 2, "--max-items", str(ITEMS), "--gate", GATE,
                                          "--require-power", "0.8", rate=0.0)
    assert refused == 7, out[-3000:]
    assert data["verdict"]["status"] == "incomplete" and data["verdict"]["exit_status"] == 7
    assert {r["gate_status"] for r in flip_records(data)} == {"not judged (underpowered)"}
    assert len(data["verdict"]["power"]["not_judged"]) == 8
    assert "Run incomplete: 8 of 16 release gates not judged" in out


def test_a_powered_gate_keeps_its_pass_with_require_power(tmp_path):
    """A model that never flips, judged at n = 60 against a far unacceptable value: every gate is powered, so
    --require-power changes nothing and the run passes (exit 0)."""
    status, data, out = run_option_order(tmp_path, 1, "--max-items", "60", "--require-power", "0.8", rate=0.0)
    assert status == 0, out[-3000:]
    flips = flip_records(data)
    assert flips and all(r["value"] == 0 and r["gate_status"] == "passed" for r in flips)
    assert all(r["power"]["probability"] >= 0.8 for r in flips)
    assert data["verdict"]["power"]["not_judged"] == [] and "underpowered" not in data["verdict"]["headline"]


# -- every suite, every gate: power on the records -----------------------------------------------------------------

@pytest.fixture(scope="module")
def gold_run(tmp_path_factory):
    from tests.helpers.suite_truth import ALL_SUITES

    tmp = tmp_path_factory.mktemp("gold-power")
    status, data, out = run_option_order(tmp, 1234, suites=ALL_SUITES, backend="tests.helpers.scripted_models:gold",
                                         keyword=None)
    assert status in (0, 1), out[-3000:]
    return data


def test_every_gated_record_reports_its_power_as_its_statistic_allows(gold_run):
    from pytest_medllm.verdict.power_tables import KAPPA, MEAN, OTHER, RECORDED_AS, SHIFTED, WILSON

    gated = [r for r in gold_run["metrics"] if r["verdict"] is not None]
    assert len(gated) > 50
    seen = {}
    for record in gated:
        power = record["power"]
        kind = RECORDED_AS[record["name"]]
        seen.setdefault(kind, set()).add(power["method"])
        assert power["unacceptable"] is not None and power["unacceptable_because"], record["name"]
        if kind in (WILSON, SHIFTED):
            assert record["ci_method"].startswith("wilson")
            assert power["method"] == "exact", (record["name"], power["how"])
        elif kind == MEAN:
            assert record["ci_method"].startswith("bootstrap") and record["per_item"] is not None, record["name"]
            assert power["method"] in ("simulation", "not computed"), record["name"]
            if power["method"] == "not computed":
                assert "same" in power["how"] or "fewer than two" in power["how"], power["how"]
        elif kind == KAPPA:
            assert power["method"] in ("simulation", "not computed")
        else:
            assert kind == OTHER and power["method"] == "not computed" and power["probability"] is None
        if power["probability"] is not None:
            assert 0 <= power["probability"] <= 1
    assert seen[WILSON] == {"exact"} and "simulation" in seen[MEAN]


def test_the_gold_artifact_follows_the_schema(gold_run):
    import jsonschema

    schema = json.loads((PROJECT_DIR / "pytest_medllm" / "verdict" / "results.schema.json").read_text())
    jsonschema.validate(gold_run, schema)
    power = gold_run["verdict"]["power"]
    assert power["target"] == 0.8 and power["required"] is None
