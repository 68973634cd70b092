"""Accuracy on multiple-choice items, by generation and by cloze scoring (CheckList MFT).

Accuracy is the baseline every stability suite is read against: the pediatric endocrinology study reports it
with a 95% Wilson interval and the share of usable answers (%u) per prompt.
"""

from __future__ import annotations

from pytest_medllm import stats
from pytest_medllm.metrics import record_answer_metrics


def test_generation_accuracy(prompt_a_run, record_metric, record_answers):
    """The model picks the keyed option when it answers prompt A in free text (pediatric endocrinology study,
    Experiment 1)."""
    record_answer_metrics(record_metric, prompt_a_run, "generation")
    record_answers(prompt_a_run)


def test_cloze_accuracy(mcq_items, cloze_scores, record_metric, record_answers):
    """The keyed option's letter is the most probable next token at the answer position (cloze scoring, as in
    the MedGemma prompt-sensitivity study)."""
    rows = []
    for item, scores in zip(mcq_items, cloze_scores):
        probabilities = dict(zip(item.letters, scores.normalized()))
        chosen = item.letters[scores.best()]
        rows.append({"condition": "cloze", "item_id": item.id, "label_probs": probabilities, "label": chosen,
                     "correct": chosen == item.answer, "expected": item.answer})
    accuracy = stats.proportion([row["correct"] for row in rows])
    mean_probability = sum(row["label_probs"][item.answer] for row, item in zip(rows, mcq_items)) / len(rows)
    record_metric("accuracy", accuracy.value, n=accuracy.n, ci=accuracy.ci, ci_method="wilson",
                  direction="higher", condition="cloze", test_type="MFT",
                  details={"chance": 1 / len(mcq_items[0].options),
                           "mean_probability_of_keyed_option": mean_probability})
    record_answers(rows, failing=lambda row: not row["correct"])
