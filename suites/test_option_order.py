"""Option order (MedGemma prompt-sensitivity study, Experiment 2): the chosen option's *content* must not change
when the options are shuffled, rotated, or when the distractors swap places. Answers are mapped back to content
through the permutation actually applied before anything is compared.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    Job,
    Suite,
    answer_jobs,
    answer_metrics,
    expect_answer_metrics,
    expect_position_metrics,
    position_metrics,
    prompts,
    stats,
)
from pytest_medllm import option_order as perturb

SUITE = Suite("option_order", "MedGemma prompt-sensitivity study, Experiment 2 (Tables 6, 12)")
ANSWERS = answer_metrics(SUITE, test_type="INV")
POSITIONS = position_metrics(SUITE)
FLIP_RATE = SUITE.metric(
    "flip_rate", "share of items whose chosen option *content* changed under the reordering", better="lower",
    test_type="INV", expect="<= 0.2 @lenient", chart="intervals",
    because="MedGemma-4B changed its answer for 57.8% of items under shuffling and 72.9% under rotation (Table 6); "
            "a diagnostic aid should keep at least 80% of its answers when only the order changes",
    unacceptable=0.578,
    unacceptable_because="MedGemma-4B's flip rate under a random shuffle of the options (57.8%, Table 6; 72.9% "
                         "under rotation)")
ACCURACY_DROP = SUITE.metric("accuracy_drop", "accuracy in the original order minus accuracy after reordering",
                             better="lower", test_type="INV")
RSTD = SUITE.metric(
    "rstd", "spread of accuracy over the answer's position (sigma/mu of per-position accuracies)", better="lower",
    test_type="INV", expect="<= 0.5 @point",
    because="RStd is 0 when accuracy is the same wherever the answer stands; a model that always answers A scores "
            "2.0 with five options",
    unacceptable=1.732,
    unacceptable_because="a model that answers one position whatever the content: accuracy 1 where the key stands "
                         "there and 0 elsewhere, RStd sqrt(K - 1) = 1.73 with four options (2.0 with five)")
RSTD_BY_TRUE_POSITION = SUITE.metric("rstd_by_true_position",
                                     "RStd of accuracy by the keyed answer's position in the original order",
                                     better="lower", test_type="INV")
PER_POSITION_ACCURACY = SUITE.metric("per_position_accuracy", "accuracy with the keyed answer moved to a position",
                                     better="higher", test_type="INV")
CONSISTENT = SUITE.metric(
    "consistent_under_all_orderings", "share of items answered with the same content under every ordering",
    better="higher", test_type="INV", expect=">= 0.5 @lenient",
    because="only 23.4% of MedGemma-4B's items kept one answer across five conditions (Table 12)",
    unacceptable=0.234,
    unacceptable_because="MedGemma-4B kept one answer across all five ordering conditions for 23.4% of items "
                         "(Table 12)")

PERTURBATIONS = [f"shuffle-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS] + ["rotate-1", "rotate-2", "distractor-swap"]


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
                jobs.append(Job(name, shown, prompts.zero_shot_direct(shown.item)))
        for position in range(len(item.options)):
            shown = perturb.move_answer_to(item, position)
            jobs.append(Job(f"answer-at-{item.letters[position]}", shown, prompts.zero_shot_direct(shown.item)))
    return answer_jobs(model, jobs, direct_decoding)


def test_original_order(runs, expect, record_answers, medllm_profile, medllm_config):
    """Position bias in the original order: predicted positions should follow where the keyed answers are."""
    answers = runs["original"]
    accuracy = expect_answer_metrics(expect, ANSWERS, answers, "original")["accuracy"]
    record_answers(answers)
    letters = answers[0].shown.letters
    by_truth = stats.per_position_accuracy([a.correct for a in answers], [a.truth_position for a in answers],
                                           len(letters))
    spread = stats.relative_spread([e.value for e in by_truth])
    expect.record(RSTD_BY_TRUE_POSITION,
                  stats.point(spread, accuracy.n, "sigma/mu", undefined="accuracy is 0 at every position"),
                  condition="original",
                  details={"per_position_accuracy": {k: e.value for k, e in zip(letters, by_truth)},
                           "items_per_position": {k: e.n for k, e in zip(letters, by_truth)}})
    expect_position_metrics(expect, POSITIONS, answers, "original", medllm_profile.bootstrap_resamples,
                            medllm_config.seed)


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
def test_answer_content_survives_reordering(perturbation, runs, expect, record_answers):
    """INV: the flip rate (answer content changed) stays low; the accuracy drop is tested with McNemar,
    Bonferroni-adjusted across the perturbations."""
    original = {a.item_id: a for a in runs["original"]}
    perturbed = [a for a in runs[perturbation] if a.item_id in original]
    pairs = [(original[a.item_id], a) for a in perturbed]
    flips = stats.proportion({o.item_id: o.label != p.label for o, p in pairs})
    usable_pairs = [(o, p) for o, p in pairs if o.parsed.usable and p.parsed.usable]
    flips_usable = stats.proportion([o.label != p.label for o, p in usable_pairs])
    record_answers(perturbed, failing=lambda a: a.label != original[a.item_id].label)
    expect(FLIP_RATE, flips, condition=perturbation,
           details={"flip_rate_among_usable_pairs": flips_usable.value, "usable_pairs": flips_usable.n,
                    "compared_on": "option content (answers mapped back through the applied permutation)"})
    accuracy = expect_answer_metrics(expect, ANSWERS, perturbed, perturbation)["accuracy"]
    mcnemar = stats.mcnemar_exact([o.correct for o, _ in pairs], [p.correct for _, p in pairs])
    base = stats.proportion([o.correct for o, _ in pairs])
    expect.record(ACCURACY_DROP, stats.point(base.value - accuracy.value, len(pairs)), condition=perturbation,
                  details={"mcnemar_p": mcnemar.pvalue,
                           "mcnemar_p_bonferroni": stats.bonferroni_adjust(mcnemar.pvalue, len(PERTURBATIONS)),
                           "comparisons": len(PERTURBATIONS), "lost": mcnemar.b, "gained": mcnemar.c})


def test_accuracy_does_not_depend_on_the_answer_position(runs, expect, record_answers, medllm_profile,
                                                        medllm_config):
    """INV: with the correct option moved to each position in turn, per-position accuracy is even (RStd) and
    predicted positions follow the keyed ones (position bias)."""
    letters = runs["original"][0].shown.letters
    per_position = []
    for letter in letters:
        estimate = stats.proportion({a.item_id: a.correct for a in runs[f"answer-at-{letter}"]})
        per_position.append(estimate.value)
        expect.record(PER_POSITION_ACCURACY, estimate, condition=f"answer-at-{letter}")
    expect(RSTD, stats.point(stats.relative_spread(per_position), len(letters), "sigma/mu (population SD)",
                             undefined="accuracy is 0 at every position, so its spread relative to the mean is "
                                       "undefined"),
           details={"per_position": dict(zip(letters, per_position))})
    moved = [a for letter in letters for a in runs[f"answer-at-{letter}"]]
    record_answers(moved)
    expect_position_metrics(expect, POSITIONS, moved, "answer-at-each-position", medllm_profile.bootstrap_resamples,
                            medllm_config.seed)


def test_same_answer_under_every_ordering(runs, expect):
    """INV: the share of items answered with the same content under the original order and every perturbation."""
    by_item: dict[str, set[str]] = {}
    for name in ["original", *PERTURBATIONS]:
        for answer in runs[name]:
            by_item.setdefault(answer.item_id, set()).add(answer.label)
    expect(CONSISTENT, stats.proportion({item: len(labels) == 1 for item, labels in by_item.items()}),
           details={"orderings": 1 + len(PERTURBATIONS)})
