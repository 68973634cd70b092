"""Option order (MedGemma prompt-sensitivity study, Experiment 2): the chosen option's *content* must not change
when the options are shuffled, rotated, or when the distractors swap places. Answers are mapped back to content
through the permutation actually applied before anything is compared.
"""

from __future__ import annotations

import pytest

from pytest_medllm import stats
from pytest_medllm.metrics import record_answer_metrics, record_position_metrics
from pytest_medllm.perturb import options as perturb
from pytest_medllm.prompts import zero_shot_direct
from pytest_medllm.runs import Job, answer_jobs

SHUFFLE_SEEDS = (42, 123, 456)  # the study's seeds
PERTURBATIONS = [f"shuffle-{s}" for s in SHUFFLE_SEEDS] + ["rotate-1", "rotate-2", "distractor-swap"]


def _reorder(item, name: str):
    if name == "original":
        return perturb.identity(item)
    if name.startswith("shuffle-"):
        return perturb.shuffle(item, int(name.split("-")[1]))
    if name.startswith("rotate-"):
        return perturb.rotate(item, int(name.split("-")[1]))
    if name == "distractor-swap":
        return perturb.distractor_swap(item)
    raise ValueError(name)


@pytest.fixture(scope="module")
def runs(model, perturbation_items, direct_decoding):
    """Every item in its original order, under every perturbation and with its answer moved to every position —
    one batched call."""
    jobs = []
    for item in perturbation_items:
        for name in ["original", *PERTURBATIONS]:
            shown = _reorder(item, name)
            if shown is not None:
                jobs.append(Job(name, shown, zero_shot_direct(shown.item)))
        for position in range(len(item.options)):
            shown = perturb.move_answer_to(item, position)
            jobs.append(Job(f"answer-at-{item.letters[position]}", shown, zero_shot_direct(shown.item)))
    return answer_jobs(model, jobs, direct_decoding)


def test_original_order(runs, record_metric, record_answers, medllm_profile, medllm_config):
    """MFT + position bias: accuracy, parse failures, and how predicted positions depart from the truth."""
    answers = runs["original"]
    accuracy = record_answer_metrics(record_metric, answers, "original")["accuracy"]
    record_answers(answers)
    letters = answers[0].shown.letters
    by_truth = stats.per_position_accuracy([a.correct for a in answers], [a.truth_position for a in answers],
                                           len(letters))
    record_metric("rstd_by_true_position", stats.relative_spread([e.value for e in by_truth]), n=accuracy.n,
                  direction="lower", condition="original", test_type="INV",
                  details={"per_position_accuracy": {k: e.value for k, e in zip(letters, by_truth)},
                           "items_per_position": {k: e.n for k, e in zip(letters, by_truth)}})
    record_position_metrics(record_metric, runs["original"], "original", medllm_profile.bootstrap_resamples,
                            medllm_config.seed)


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
def test_answer_content_survives_reordering(perturbation, runs, record_metric, record_answers):
    """INV: the flip rate (answer content changed) stays low, and accuracy does not drop (McNemar, Bonferroni
    across the perturbations)."""
    original = {a.item_id: a for a in runs["original"]}
    perturbed = [a for a in runs[perturbation] if a.item_id in original]
    pairs = [(original[a.item_id], a) for a in perturbed]
    flips = stats.proportion([o.label != p.label for o, p in pairs])
    usable_pairs = [(o, p) for o, p in pairs if o.parsed.usable and p.parsed.usable]
    flips_usable = stats.proportion([o.label != p.label for o, p in usable_pairs])
    record_answers(perturbed, failing=lambda a: a.label != original[a.item_id].label)
    record_metric("flip_rate", flips.value, n=flips.n, ci=flips.ci, ci_method="wilson", direction="lower",
                  condition=perturbation, test_type="INV",
                  details={"flip_rate_among_usable_pairs": flips_usable.value, "usable_pairs": flips_usable.n,
                           "compared_on": "option content (answers mapped back through the applied permutation)"})
    accuracy = record_answer_metrics(record_metric, perturbed, perturbation, test_type="INV")["accuracy"]
    # Bonferroni over every perturbation of this suite: p_adj = min(1, m * p).
    mcnemar = stats.mcnemar_exact([o.correct for o, _ in pairs], [p.correct for _, p in pairs])
    adjusted = stats.bonferroni_adjust(mcnemar.pvalue, len(PERTURBATIONS))
    base = stats.proportion([o.correct for o, _ in pairs])
    record_metric("accuracy_drop", base.value - accuracy.value, n=len(pairs), direction="lower",
                  condition=perturbation, test_type="INV",
                  details={"mcnemar_p": mcnemar.pvalue, "mcnemar_p_bonferroni": adjusted,
                           "comparisons": len(PERTURBATIONS), "lost": mcnemar.b, "gained": mcnemar.c})


def test_accuracy_does_not_depend_on_the_answer_position(runs, record_metric, record_answers, medllm_profile,
                                                        medllm_config):
    """INV: with the correct option moved to each position in turn, per-position accuracy is even (RStd)."""
    letters = runs["original"][0].shown.letters
    per_position = []
    for letter in letters:
        answers = runs[f"answer-at-{letter}"]
        estimate = stats.proportion([a.correct for a in answers])
        per_position.append(estimate.value)
        record_metric("per_position_accuracy", estimate.value, n=estimate.n, ci=estimate.ci, ci_method="wilson",
                      direction="higher", condition=f"answer-at-{letter}", test_type="INV", gated=False)
    spread = stats.relative_spread(per_position)
    record_metric("rstd", spread, n=len(letters), direction="lower", test_type="INV",
                  details={"formula": "sigma/mu of per-position accuracies (population SD)",
                           "per_position": dict(zip(letters, per_position))})
    moved = [a for letter in letters for a in runs[f"answer-at-{letter}"]]
    record_answers(moved)
    record_position_metrics(record_metric, moved, "answer-at-each-position", medllm_profile.bootstrap_resamples,
                            medllm_config.seed)


def test_same_answer_under_every_ordering(runs, record_metric):
    """INV: the share of items answered with the same content under the original order and every perturbation."""
    by_item: dict[str, set[str]] = {}
    for name in ["original", *PERTURBATIONS]:
        for answer in runs[name]:
            by_item.setdefault(answer.item_id, set()).add(answer.label)
    consistent = stats.proportion([len(labels) == 1 for labels in by_item.values()])
    record_metric("consistent_under_all_orderings", consistent.value, n=consistent.n, ci=consistent.ci,
                  ci_method="wilson", direction="higher", test_type="INV",
                  details={"orderings": 1 + len(PERTURBATIONS)})
