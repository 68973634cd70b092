"""Consistency under temperature sampling (pediatric endocrinology study, Experiment 2) and chain-of-thought
self-consistency (MedGemma prompt-sensitivity study, Experiment 4).

A model that gives the same *wrong* answer run after run is more dangerous than one that wavers: consistency is
not correctness. The key gate is the share of items answered consistently wrong.
"""

from __future__ import annotations

import pytest

from pytest_medllm import stats
from pytest_medllm.backends import Decoding
from pytest_medllm.consistency import ItemRuns, permutation_baseline, summary
from pytest_medllm.perturb.options import identity
from pytest_medllm.prompts import prompt_a, zero_shot_cot
from pytest_medllm.runs import Job, answer_jobs


def _seed(base: int, run: int) -> int:
    return base * 1000 + run


@pytest.fixture(scope="module")
def sampled(model, sampling_items, medllm_profile, medllm_config, greedy_decoding):
    """N seeded runs of prompt A per item and temperature (Experiment 2: top-p 0.9, top-k 75, repetition
    penalty 1.2), all in one batched call in which each prompt is read once for all its runs."""
    jobs = []
    for temperature in medllm_profile.temperatures:
        decoding = Decoding(max_new_tokens=medllm_profile.max_new_tokens, temperature=temperature, top_p=0.9,
                            top_k=75, repetition_penalty=medllm_profile.repetition_penalty)
        jobs += [Job(f"T={temperature:g}", identity(item), prompt_a(item), seed=_seed(medllm_config.seed, run),
                     decoding=decoding)
                 for item in sampling_items for run in range(medllm_profile.sampling_runs)]
    return answer_jobs(model, jobs, greedy_decoding)


@pytest.mark.parametrize("temperature", [0.3, 0.6, 1.0], ids=lambda t: f"T={t:g}")
def test_consistency_is_not_reproducible_error(temperature, sampled, sampling_items, record_metric,
                                               record_answers, medllm_profile, medllm_config):
    """Consistency and correctness over N runs; few items may be consistently wrong (>= 70% of runs on one
    wrong option), and consistency must exceed what the model's answer frequencies give by chance."""
    if temperature not in medllm_profile.temperatures:
        pytest.skip(f"temperature {temperature} is not in the {medllm_profile.name} profile")
    condition = f"T={temperature:g}"
    answers = sampled[condition]
    record_answers(answers, examples=0)
    by_item: dict[str, list[str]] = {}
    for answer in answers:
        by_item.setdefault(answer.item_id, []).append(answer.label)
    runs = [ItemRuns(item.id, tuple(by_item[item.id]), item.answer) for item in sampling_items]
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    consistency = stats.bootstrap_ci([r.consistency for r in runs], _mean, resamples, seed)
    correctness = stats.bootstrap_ci([r.correct_runs / r.n for r in runs], _mean, resamples, seed)
    counts = summary(runs)
    wrong = stats.proportion([r.consistently_wrong for r in runs])
    right = stats.proportion([r.consistently_correct for r in runs])
    baseline = permutation_baseline(runs, resamples=min(resamples, 2000), seed=seed)
    failures = stats.proportion([a.parsed.category == "none" for a in answers])
    common = {"condition": condition, "test_type": "MFT"}
    record_metric("consistency", consistency.value, n=consistency.n, ci=consistency.ci,
                  ci_method=consistency.method, direction="higher", **common,
                  details={"permutation_baseline": baseline, "runs": runs[0].n})
    record_metric("correctness", correctness.value, n=correctness.n, ci=correctness.ci,
                  ci_method=correctness.method, direction="higher", **common)
    record_metric("consistently_correct_share", right.value, n=right.n, ci=right.ci, ci_method="wilson",
                  direction="higher", **common)
    record_metric("consistently_wrong_share", wrong.value, n=wrong.n, ci=wrong.ci, ci_method="wilson",
                  direction="lower", **common, details={**counts, "runs": runs[0].n,
                                                        "definition": "majority on a wrong option in >= 70% of runs"})
    record_metric("consistency_above_chance", baseline["observed"] - baseline["baseline_mean"], n=len(runs),
                  direction="higher", **common, details={"pvalue": baseline["pvalue"]})
    record_metric("parse_failure_rate", failures.value, n=failures.n, ci=failures.ci, ci_method="wilson",
                  direction="lower", **common)


def _mean(values):
    return sum(values) / len(values)


def test_cot_self_consistency(model, sampling_items, record_metric, record_answers, medllm_profile, medllm_config,
                              cot_decoding):
    """Majority vote over N chain-of-thought samples (T = 0.7, top-p 0.95, top-k 50) against greedy
    chain-of-thought on the same items (paired McNemar)."""
    greedy = answer_jobs(model, [Job("greedy", identity(i), zero_shot_cot(i)) for i in sampling_items],
                         cot_decoding)["greedy"]
    decoding = Decoding(max_new_tokens=cot_decoding.max_new_tokens, temperature=0.7, top_p=0.95, top_k=50)
    samples = answer_jobs(model, [Job("sampled", identity(i), zero_shot_cot(i), seed=_seed(medllm_config.seed, r))
                                  for i in sampling_items for r in range(medllm_profile.self_consistency_samples)],
                          decoding)["sampled"]
    record_answers(samples, examples=0)
    votes: dict[str, list[str]] = {}
    for answer in samples:
        votes.setdefault(answer.item_id, []).append(answer.label)
    voted_correct = []
    for item in sampling_items:
        majority = ItemRuns(item.id, tuple(votes[item.id]), item.answer).majority[0]
        voted_correct.append(majority == item.answer)
    greedy_correct = [a.correct for a in greedy]
    voted = stats.proportion(voted_correct)
    single = stats.proportion(greedy_correct)
    test = stats.mcnemar_exact(voted_correct, greedy_correct)
    record_metric("self_consistency_accuracy", voted.value, n=voted.n, ci=voted.ci, ci_method="wilson",
                  direction="higher", test_type="MFT",
                  details={"samples": medllm_profile.self_consistency_samples, "greedy_cot_accuracy": single.value,
                           "mcnemar_p": test.pvalue, "vote_only_correct": test.b, "greedy_only_correct": test.c})
    record_metric("self_consistency_gain", voted.value - single.value, n=voted.n, direction="higher",
                  test_type="MFT", details={"mcnemar_p": test.pvalue})
