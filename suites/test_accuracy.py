"""Accuracy on multiple-choice items, by generation and by cloze scoring (CheckList MFT).

Accuracy is the baseline every stability suite is read against: the pediatric endocrinology study reports it
with a 95% Wilson interval and the share of usable answers (%u) per prompt.
"""

from __future__ import annotations

from pytest_medllm import stats


def test_generation_accuracy(mcq_items, prompt_a_answers, prompt_a_generations, record_metric):
    """The model picks the keyed option when it answers prompt A in free text (pediatric endocrinology study,
    Experiment 1)."""
    correct = [answer.letter == item.answer for item, answer in zip(mcq_items, prompt_a_answers)]
    accuracy = stats.proportion(correct)
    usable = stats.proportion([answer.usable for answer in prompt_a_answers])
    failures = stats.proportion([answer.category == "none" for answer in prompt_a_answers])
    truncated = sum(g.finish_reason == "length" for g in prompt_a_generations)
    categories = {}
    for answer in prompt_a_answers:
        categories[answer.label] = categories.get(answer.label, 0) + 1
    record_metric("accuracy", accuracy.value, n=accuracy.n, ci=accuracy.ci, ci_method="wilson",
                  direction="higher", condition="generation", test_type="MFT",
                  details={"chance": 1 / len(mcq_items[0].options), "answer_distribution": categories})
    record_metric("usable_rate", usable.value, n=usable.n, ci=usable.ci, ci_method="wilson", direction="higher",
                  condition="generation", test_type="MFT", details={"truncated_outputs": truncated})
    record_metric("parse_failure_rate", failures.value, n=failures.n, ci=failures.ci, ci_method="wilson",
                  direction="lower", condition="generation", test_type="MFT")


def test_cloze_accuracy(mcq_items, cloze_scores, record_metric):
    """The keyed option's letter is the most probable next token at the answer position (cloze scoring, as in
    the MedGemma prompt-sensitivity study)."""
    correct = [item.letters[scores.best()] == item.answer for item, scores in zip(mcq_items, cloze_scores)]
    accuracy = stats.proportion(correct)
    mean_probability = sum(scores.normalized()[item.answer_index] for item, scores in zip(mcq_items, cloze_scores)) \
        / len(mcq_items)
    record_metric("accuracy", accuracy.value, n=accuracy.n, ci=accuracy.ci, ci_method="wilson",
                  direction="higher", condition="cloze", test_type="MFT",
                  details={"chance": 1 / len(mcq_items[0].options),
                           "mean_probability_of_keyed_option": mean_probability})
