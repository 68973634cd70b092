"""Robustness baselines (MedGemma prompt-sensitivity study, Experiment 4): cloze scoring of the option letters,
the cloze-versus-generation gap, and permutation voting with agreement-based abstention.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pytest_medllm import stats
from pytest_medllm.backends import ChoiceRequest
from pytest_medllm.perturb.options import distinct_orderings
from pytest_medllm.prompts import cloze_prompt, zero_shot_direct
from pytest_medllm.runs import Job, answer_jobs

SHUFFLE_SEEDS = (42, 123, 456)  # shared with the option-order suite, whose answers the cache then reuses
ABSTENTION_THRESHOLDS = (0.5, 0.75, 1.0)


@pytest.fixture(scope="module")
def orderings(perturbation_items, medllm_profile):
    return {item.id: distinct_orderings(item, medllm_profile.permutation_orderings, SHUFFLE_SEEDS)
            for item in perturbation_items}


@pytest.fixture(scope="module")
def cloze(model, perturbation_items, orderings):
    """Cloze scores of every ordering of every item: one forward pass per prompt, all in one batched call."""
    shown = [r for item in perturbation_items for r in orderings[item.id]]
    scores = model.score_choices([ChoiceRequest(cloze_prompt(r.item), r.item.letters) for r in shown])
    return {(r.item.id.split("@")[0], r.name): (r, s) for r, s in zip(shown, scores)}


@pytest.fixture(scope="module")
def generated(model, perturbation_items, orderings, direct_decoding):
    jobs = [Job(r.name, r, zero_shot_direct(r.item)) for item in perturbation_items for r in orderings[item.id]]
    return answer_jobs(model, jobs, direct_decoding)


def test_cloze_scoring(perturbation_items, cloze, record_metric, medllm_profile, medllm_config):
    """MFT + position bias of cloze scoring: the keyed letter is the most probable next token."""
    letters = perturbation_items[0].letters
    predicted, truth, correct = [], [], []
    for item in perturbation_items:
        reordered, scores = cloze[(item.id, "original")]
        predicted.append(scores.best())
        truth.append(item.answer_index)
        correct.append(scores.best() == item.answer_index)
    accuracy = stats.proportion(correct)
    record_metric("accuracy", accuracy.value, n=accuracy.n, ci=accuracy.ci, ci_method="wilson",
                  direction="higher", condition="cloze", test_type="MFT")
    bias = stats.bootstrap_ci(list(zip(predicted, truth)),
                              lambda s: stats.position_bias([p for p, _ in s], [t for _, t in s], len(letters)),
                              resamples=medllm_profile.bootstrap_resamples, seed=medllm_config.seed)
    record_metric("position_bias", bias.value, n=len(predicted), ci=bias.ci, ci_method=bias.method,
                  direction="lower", condition="cloze", test_type="INV",
                  details={"predicted_positions": {letter: predicted.count(i) for i, letter in enumerate(letters)},
                           "true_positions": {letter: truth.count(i) for i, letter in enumerate(letters)}})


def test_cloze_versus_generation_gap(perturbation_items, cloze, generated, record_metric, medllm_profile,
                                     medllm_config):
    """How much accuracy the generate-and-parse pipeline loses against reading the letter probabilities
    (paired McNemar on the same items)."""
    by_id = {a.item_id: a for a in generated["original"]}
    cloze_correct = [cloze[(i.id, "original")][1].best() == i.answer_index for i in perturbation_items]
    generation_correct = [by_id[i.id].correct for i in perturbation_items]
    differences = [float(c) - float(g) for c, g in zip(cloze_correct, generation_correct)]
    gap = stats.bootstrap_ci(differences, lambda s: sum(s) / len(s), medllm_profile.bootstrap_resamples,
                             medllm_config.seed)
    mcnemar = stats.mcnemar_exact(cloze_correct, generation_correct)
    record_metric("cloze_minus_generation_accuracy", gap.value, n=gap.n, ci=gap.ci, ci_method=gap.method,
                  test_type="MFT", details={"mcnemar_p": mcnemar.pvalue, "cloze_only_correct": mcnemar.b,
                                            "generation_only_correct": mcnemar.c,
                                            "generation_prompt": "zero-shot direct"})


def _vote(labels: list[str]) -> tuple[str | None, float]:
    """Majority label among usable votes and the share of all orderings that agree with it (ties: no vote)."""
    usable = [label for label in labels if label not in ("NONE", "MULTIPLE")]
    if not usable:
        return None, 0.0
    ranked = Counter(usable).most_common()
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None, ranked[0][1] / len(labels)
    return ranked[0][0], ranked[0][1] / len(labels)


def test_permutation_voting(perturbation_items, generated, record_metric):
    """Majority vote over K orderings (answers mapped back to content): accuracy, agreement, and accuracy when
    abstaining below an agreement threshold."""
    names = sorted({name for name in generated})
    by_item: dict[str, list[str]] = {i.id: [] for i in perturbation_items}
    per_ordering_correct = []
    for name in names:
        for answer in generated[name]:
            by_item[answer.item_id].append(answer.label)
            per_ordering_correct.append(answer.correct)
    votes = {item.id: _vote(by_item[item.id]) for item in perturbation_items}
    correct = [votes[i.id][0] == i.answer for i in perturbation_items]
    voting = stats.proportion(correct)
    mean_single = stats.proportion(per_ordering_correct)
    agreement = [votes[i.id][1] for i in perturbation_items]
    record_metric("voting_accuracy", voting.value, n=voting.n, ci=voting.ci, ci_method="wilson",
                  direction="higher", test_type="INV",
                  details={"orderings": len(names), "mean_single_ordering_accuracy": mean_single.value})
    mean_agreement = sum(agreement) / len(agreement)
    record_metric("agreement_rate", mean_agreement, n=len(agreement), direction="higher", test_type="INV",
                  details={"definition": "mean share of the K orderings that give the majority answer"})
    for threshold in ABSTENTION_THRESHOLDS:
        kept = [c for c, a in zip(correct, agreement) if a >= threshold]
        coverage = stats.proportion([a >= threshold for a in agreement])
        kept_accuracy = stats.proportion(kept)
        record_metric("abstention_accuracy", kept_accuracy.value, n=kept_accuracy.n, ci=kept_accuracy.ci,
                      ci_method="wilson", direction="higher", condition=f"agreement>={threshold:g}",
                      test_type="INV", details={"coverage": coverage.value, "answered": len(kept)})
