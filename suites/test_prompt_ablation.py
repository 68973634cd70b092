"""Prompt ablation (MedGemma prompt-sensitivity study, Experiment 1): zero-shot and few-shot, direct and
chain-of-thought, answer-only, and how the few-shot examples are chosen and ordered. Each condition is compared
with zero-shot direct on the same items (McNemar, Bonferroni across conditions).
"""

from __future__ import annotations

import random

import pytest

from pytest_medllm import stats
from pytest_medllm.metrics import position_bias_estimate, record_answer_metrics
from pytest_medllm.perturb.options import identity
from pytest_medllm.prompts import answer_only, few_shot, zero_shot_cot, zero_shot_direct
from pytest_medllm.runs import Job, answer_jobs

N_SHOTS = 3
CURATED_ORDERS = {"few_shot_direct": (0, 1, 2), "few_shot_direct_order2": (1, 2, 0),
                  "few_shot_direct_order3": (2, 0, 1)}
CONDITIONS = ["zero_shot_direct", "zero_shot_cot", "few_shot_direct", "few_shot_cot", "answer_only",
              "few_shot_random", "few_shot_label_balanced", "few_shot_subject_matched", "few_shot_direct_order2",
              "few_shot_direct_order3"]
COT_CONDITIONS = {"zero_shot_cot", "few_shot_cot"}


def select_examples(kind: str, item, pool, seed: int):
    """Few-shot examples for ``item`` from ``pool`` (never the item itself), deterministic per item."""
    rng = random.Random(f"fewshot|{kind}|{seed}|{item.id}")
    others = [p for p in pool if p.id != item.id]
    if kind == "random":
        return rng.sample(others, N_SHOTS)
    if kind == "label_balanced":
        # As equal a share of answer letters as three examples allow: three different letters.
        letters = rng.sample(sorted({p.answer for p in others}), N_SHOTS)
        return [rng.choice([p for p in others if p.answer == letter]) for letter in letters]
    if kind == "subject_matched":
        same = [p for p in others if p.subject == item.subject]
        chosen = rng.sample(same, min(N_SHOTS, len(same)))
        rest = [p for p in others if p not in chosen]
        return chosen + rng.sample(rest, N_SHOTS - len(chosen))
    raise ValueError(kind)


@pytest.fixture(scope="module")
def runs(model, fewshot_items, mcq_dataset, curated_examples, direct_decoding, cot_decoding, medllm_config):
    pool = mcq_dataset.items
    prompts = {}
    for item in fewshot_items:
        prompts[("zero_shot_direct", item.id)] = zero_shot_direct(item)
        prompts[("zero_shot_cot", item.id)] = zero_shot_cot(item)
        prompts[("answer_only", item.id)] = answer_only(item)
        for name, order in CURATED_ORDERS.items():
            prompts[(name, item.id)] = few_shot(item, [curated_examples[i] for i in order])
        prompts[("few_shot_cot", item.id)] = few_shot(item, list(curated_examples[:N_SHOTS]), cot=True)
        for kind in ("random", "label_balanced", "subject_matched"):
            prompts[(f"few_shot_{kind}", item.id)] = few_shot(item, select_examples(kind, item, pool,
                                                                                     medllm_config.seed))
    results = {}
    for cot in (False, True):  # two batched calls: the decodings differ
        jobs = [Job(name, identity(item), prompts[(name, item.id)]) for name in CONDITIONS
                if (name in COT_CONDITIONS) == cot for item in fewshot_items]
        results.update(answer_jobs(model, jobs, cot_decoding if cot else direct_decoding))
    return results


@pytest.mark.parametrize("condition", CONDITIONS)
def test_prompt_condition(condition, runs, record_metric, record_answers, medllm_profile, medllm_config):
    """MFT per condition (accuracy, parse failures, position bias) and its paired difference from zero-shot
    direct."""
    answers = runs[condition]
    record_answers(answers)
    accuracy = record_answer_metrics(record_metric, answers, condition)["accuracy"]
    bias = position_bias_estimate(answers, medllm_profile.bootstrap_resamples, medllm_config.seed)
    record_metric("position_bias", bias.value, n=sum(a.position is not None for a in answers), ci=bias.ci,
                  ci_method=bias.method, direction="lower", condition=condition, test_type="INV")
    if condition == "zero_shot_direct":
        return
    reference = runs["zero_shot_direct"]
    mcnemar = stats.mcnemar_exact([r.correct for r in reference], [a.correct for a in answers])
    comparisons = len(CONDITIONS) - 1
    adjusted = stats.bonferroni_adjust(mcnemar.pvalue, comparisons)
    base = stats.proportion([r.correct for r in reference])
    record_metric("accuracy_change_vs_zero_shot_direct", accuracy.value - base.value, n=len(answers),
                  direction="higher", condition=condition, test_type="INV",
                  details={"mcnemar_p": mcnemar.pvalue, "mcnemar_p_bonferroni": adjusted,
                           "comparisons": comparisons, "zero_shot_only_correct": mcnemar.b,
                           "condition_only_correct": mcnemar.c})
