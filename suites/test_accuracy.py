"""Accuracy on multiple-choice items, by generation and by cloze scoring (CheckList MFT).

Accuracy is the baseline every stability suite is read against: the pediatric endocrinology study reports it
with a 95% Wilson interval and the share of usable answers (%u) per prompt. The minimum a model must show is that
it beats picking an option at random.
"""

from __future__ import annotations

from pytest_medllm import Suite, answer_metrics, expect_answer_metrics, stats

SUITE = Suite("accuracy", "pediatric endocrinology study, Experiment 1; MedGemma study, Experiment 4 (cloze)")
ANSWERS = answer_metrics(SUITE, gate_accuracy=True)
MEAN_KEYED_PROBABILITY = SUITE.metric(
    "mean_keyed_probability", "mean probability the model gives the keyed letter (renormalised over the letters)",
    better="higher", test_type="MFT")


def test_generation_accuracy(prompt_a_run, expect, record_answers):
    """The model picks the keyed option when it answers prompt A in free text, more often than chance, and its
    replies choose one option (pediatric endocrinology study, Experiment 1)."""
    expect_answer_metrics(expect, ANSWERS, prompt_a_run, "generation")
    record_answers(prompt_a_run)


def test_cloze_accuracy(mcq_items, cloze_scores, expect, record_answers):
    """The keyed option's letter is the most probable next token at the answer position more often than chance
    (cloze scoring, as in the MedGemma prompt-sensitivity study)."""
    rows = []
    for item, scores in zip(mcq_items, cloze_scores):
        probabilities = dict(zip(item.letters, scores.normalized()))
        chosen = item.letters[scores.best()]
        rows.append({"condition": "cloze", "item_id": item.id, "label_probs": probabilities, "label": chosen,
                     "correct": chosen == item.answer, "expected": item.answer})
    accuracy = stats.proportion({row["item_id"]: row["correct"] for row in rows})
    chance = sum(1 / len(item.options) for item in mcq_items) / len(mcq_items)
    expect.record(ANSWERS.accuracy, accuracy, condition="cloze")
    expect(ANSWERS.accuracy_over_chance, stats.shifted(accuracy, -chance), condition="cloze",
           details={"chance": chance})
    keyed = [row["label_probs"][item.answer] for row, item in zip(rows, mcq_items)]
    expect.record(MEAN_KEYED_PROBABILITY, stats.point(sum(keyed) / len(keyed), len(keyed)), condition="cloze")
    record_answers(rows, failing=lambda row: not row["correct"])
