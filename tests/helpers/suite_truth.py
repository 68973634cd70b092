"""Helpers of the truth tests (tests/test_suite_truth_*.py): run a scripted model through the suites, read the
records back, and compute what the suites should report — from the items, the orderings and the notes, with
statsmodels and scipy called directly, never with the suites' metric code.

The truth tests are split in two modules, one per pair of scripted runs, so that xdist (which sends each module to
one worker) runs the two pairs on different workers.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.data.cohort import draw_patients, render_note
from pytest_medllm.data.loaders import load_dataset
from pytest_medllm.data.schemas import VITAL_SIGNS
from pytest_medllm.data.select import stratified_subset
from pytest_medllm.perturb import option_order as perturb
from pytest_medllm.perturb.clinical import (
    demographic_counterfactuals,
    vital_counterfactuals,
)
from pytest_medllm.runner.profiles import PROFILES
from tests.conftest import PROJECT_DIR
from tests.helpers import scripted_models as sm

#: The runs use the quick profile (explicitly: "auto" would pick the paper profile on a GPU machine).
PROFILE = PROFILES["quick"]
SEED = 1234
ALL_SUITES = ["accuracy", "prompt_variation", "option_order", "prompt_ablation", "cloze", "sampling_consistency",
              "repeatability", "self_assessment", "vital_sign_direction", "demographic_invariance",
              "note_perplexity", "unit_invariance"]
PERTURBATIONS = ([f"shuffle-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS] + ["rotate-1", "rotate-2"]
                 + [f"distractor-swap-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS])
TEMPERATURES = ("T=0.3", "T=0.6", "T=1")
#: Probability of a cloze-scoring model's chosen letter (log-probability 0 against -5 for each of four others).
CHOSEN_PROBABILITY = 1 / (1 + 4 * math.exp(-5))
#: DeVisE Table 1 age classes, for telling which age counterfactuals change the class.
AGE_CLASSES = [(18, 35), (36, 55), (56, 75), (76, 91)]


# -- running a scripted model through the suites ------------------------------------------------------------------

def run_suites(tmp_path, factory: str, suites: list[str]) -> dict:
    """One pytest process over ``suites`` with a scripted backend: the JSON artifact plus the process's output."""
    report = tmp_path / "reports"
    # One torch thread (the embedder): CI gives each xdist worker one of two cores, and an oversubscribed thread
    # pool makes embedding ten times slower.
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "OMP_NUM_THREADS": "1"}
    files = [f"suites/test_{name}.py" for name in suites]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", *files, "--backend", f"tests.helpers.scripted_models:{factory}", "--profile",
         "quick", "--seed", str(SEED), "--report-dir", str(report), "--cache-dir", str(tmp_path / "cache"),
         "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-q"],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    data = json.loads((report / "medllm-results.json").read_text())
    data["stdout"] = result.stdout
    return data


def records(run: dict, metric_id: str) -> dict[str | None, dict]:
    """A metric's records by condition."""
    suite, name = metric_id.split(".")
    return {r["condition"]: r for r in run["metrics"] if r["suite"] == suite and r["name"] == name}


def record(run: dict, metric_id: str, condition: str | None = None) -> dict:
    return records(run, metric_id)[condition]


def outcomes(run: dict) -> dict[str, str]:
    return {t["nodeid"]: t["outcome"] for t in run["tests"]["results"]}


# -- the items and notes the suites ask, chosen here as the profile says ------------------------------------------

MCQ = stratified_subset(load_dataset("demo", PROJECT_DIR).items, PROFILE.max_items, seed=SEED)
PERTURBATION_ITEMS = stratified_subset(MCQ, PROFILE.perturbation_items, seed=SEED)
FEWSHOT_ITEMS = stratified_subset(MCQ, PROFILE.fewshot_items, seed=SEED)
SAMPLING_ITEMS = stratified_subset(MCQ, PROFILE.sampling_items, seed=SEED)


def reorder(item, name: str):
    """The option-order suite's perturbation ``name`` of ``item``."""
    if name.startswith("shuffle-"):
        return perturb.shuffle(item, int(name.split("-")[1]))
    if name.startswith("rotate-"):
        return perturb.rotate(item, int(name.split("-")[1]))
    return perturb.distractor_swap(item, int(name.rsplit("-", 1)[1]))


def level_shift(cf) -> int:
    """DeVisE Eq. 3 from the scripted models' own copy of Table 2: |sev(new)| - |sev(old)|."""
    return abs(sm.level(cf.variable, cf.value)) - abs(sm.level(cf.variable, cf.original_value))


def vital_counterfactual_notes(per_class: int = PROFILE.counterfactuals_per_class, styles=("template", "raw"),
                               variables=VITAL_SIGNS) -> dict[str, list]:
    """The vital-sign counterfactuals of the cohort, by style, drawn as the suites draw them."""
    out: dict[str, list] = {style: [] for style in styles}
    for patient in draw_patients(PROFILE.cohort_size, SEED):
        for style in styles:
            note = render_note(patient, style)
            for variable in variables:
                out[style] += vital_counterfactuals(note, variable, per_class, SEED)
    return out


VITAL_CFS = vital_counterfactual_notes()


def age_class(age: int) -> int:
    return next(i for i, (low, high) in enumerate(AGE_CLASSES) if low <= age <= high)


# -- expected values and verdicts ----------------------------------------------------------------------------------

def wilson(flags: list[bool]) -> tuple[float, float, float]:
    """Share with its Wilson 95% interval, from statsmodels directly."""
    low, high = proportion_confint(sum(flags), len(flags), method="wilson")
    return sum(flags) / len(flags), float(low), float(high)


def assert_proportion(rec: dict, flags: list[bool]) -> None:
    """The record is the share of ``flags`` with its Wilson interval, over exactly those units."""
    value, low, high = wilson(flags)
    assert rec["n"] == len(flags)
    assert rec["value"] == pytest.approx(value, abs=1e-12)
    assert (rec["ci_low"], rec["ci_high"]) == pytest.approx((low, high), abs=1e-9)


def lenient_at_most(flags: list[bool], threshold: float) -> str:
    """Verdict of ``<= threshold @lenient`` on a share: fail only when the whole interval lies above."""
    return "fail" if wilson(flags)[1] > threshold else "pass"


def lenient_at_least(flags: list[bool], threshold: float) -> str:
    """Verdict of ``>= threshold @lenient`` on a share: fail only when the whole interval lies below."""
    return "fail" if wilson(flags)[2] < threshold else "pass"


def position_bias(predicted: list[int], truth: list[int], k: int = 5) -> float:
    """(1/2) * sum_i |share predicted at i - share keyed at i| (total variation distance), counted directly."""
    n = len(predicted)
    return sum(abs(predicted.count(i) / n - truth.count(i) / n) for i in range(k)) / 2


# -- checks shared by the severity model (gold run) and the vitals-blind one (letter run) --------------------------

def check_direction(run: dict, right: bool) -> None:
    """Every severity-changing counterfactual moves the expected outcome the right way (``right``) or none does;
    m(s) is monotonic for every vital sign with two observed shifts, or for none."""
    for style, cfs in VITAL_CFS.items():
        for task in ("mortality", "los"):
            judged = []  # vital signs with at least two severity shifts observed: monotonicity is defined
            for variable in VITAL_SIGNS:
                shifts = [level_shift(cf) for cf in cfs if cf.variable == variable]
                flags = [right] * sum(shift != 0 for shift in shifts)
                rec = record(run, "vital_sign_direction.correct_direction", f"{style}/{task}/{variable}")
                assert_proportion(rec, flags)
                assert rec["verdict"] == lenient_at_least(flags, 0.6) == ("pass" if right else "fail")
                monotonic = record(run, "vital_sign_direction.monotonic", f"{style}/{task}/{variable}")
                if len(set(shifts)) >= 2:
                    judged.append(right)
                    assert monotonic["value"] == float(right)
                else:
                    assert monotonic["value"] is None
            share = record(run, "vital_sign_direction.share_of_vitals_monotonic", f"{style}/{task}")
            assert_proportion(share, judged)
            # %Mono by DeVisE Eq. 6 on m(s) pooled over every vital sign: the severity model's m(s) = slope * s
            # satisfies every inequality; the vitals-blind model's m(s) = 0 satisfies the orderings, never a sign.
            observed = {level_shift(cf) for cf in cfs}
            orders = sum(a in observed and b in observed for a, b in zip((-2, -1, 0, 1), (-1, 0, 1, 2)))
            signs = sum(s in observed for s in (-2, -1, 1, 2))
            expected = 1.0 if right else orders / (orders + signs)
            percent = record(run, "vital_sign_direction.percent_monotonic", f"{style}/{task}")
            assert percent["value"] == pytest.approx(expected) and percent["n"] == orders + signs
            assert percent["verdict"] == ("pass" if expected >= 0.75 else "fail") == ("pass" if right else "fail")


def check_demographics_and_units(run: dict, reads_age: bool) -> None:
    """Gender, ethnicity and units never flip a label; age moves mortality the right way only if it is read."""
    for rec in records(run, "demographic_invariance.flip_rate").values():
        assert rec["value"] == 0 and rec["verdict"] == "pass"
    for rec in records(run, "unit_invariance.flip_rate").values():
        assert rec["value"] == 0 and rec["verdict"] == "pass"
    for rec in records(run, "unit_invariance.mean_kl").values():
        assert rec["value"] == pytest.approx(0, abs=1e-12)
    for style in ("template", "raw"):
        moved = []
        for patient in draw_patients(PROFILE.cohort_size, SEED):
            note = render_note(patient, style)
            moved += [age_class(cf.value) != age_class(note.age)
                      for cf in demographic_counterfactuals(note, "age", PROFILE.counterfactuals_per_class, SEED)]
        flags = [reads_age] * sum(moved)
        rec = record(run, "demographic_invariance.age_direction", f"{style}/mortality")
        assert_proportion(rec, flags)
        assert rec["verdict"] == lenient_at_least(flags, 0.5) == ("pass" if reads_age else "fail")
