"""Metric groups that several suites record, each with its direction (which way is better) beside it."""

from __future__ import annotations

from typing import Callable, Sequence

from . import stats
from .data.parsing import MULTIPLE, NONE
from .runs import Answer

RecordFn = Callable[..., object]

#: Answer categories used for agreement statistics: the option letters plus the two visible failure categories.
EXTRA_CATEGORIES = (MULTIPLE, NONE)


def categories_for(letters: Sequence[str]) -> list[str]:
    return [*letters, *EXTRA_CATEGORIES]


def record_answer_metrics(record_metric: RecordFn, answers: Sequence[Answer], condition: str,
                          test_type: str = "MFT") -> dict[str, stats.Estimate]:
    """Accuracy, usable-answer rate (one option chosen) and parse-failure rate (NONE) of a list of answers."""
    accuracy = stats.proportion([a.correct for a in answers])
    usable = stats.proportion([a.parsed.usable for a in answers])
    failures = stats.proportion([a.parsed.category == "none" for a in answers])
    distribution: dict[str, int] = {}
    for a in answers:
        distribution[a.label] = distribution.get(a.label, 0) + 1
    truncated = sum(a.finish_reason == "length" for a in answers)
    record_metric("accuracy", accuracy.value, n=accuracy.n, ci=accuracy.ci, ci_method="wilson", direction="higher",
                  condition=condition, test_type=test_type, details={"answer_distribution": distribution})
    record_metric("usable_rate", usable.value, n=usable.n, ci=usable.ci, ci_method="wilson", direction="higher",
                  condition=condition, test_type=test_type, details={"truncated_outputs": truncated})
    record_metric("parse_failure_rate", failures.value, n=failures.n, ci=failures.ci, ci_method="wilson",
                  direction="lower", condition=condition, test_type=test_type,
                  details={"reasons": _reasons(answers)})
    return {"accuracy": accuracy, "usable_rate": usable, "parse_failure_rate": failures}


def _reasons(answers: Sequence[Answer]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for a in answers:
        if a.parsed.category == "none":
            key = a.parsed.reason.split(" [")[0][:60]
            counts[key] = counts.get(key, 0) + 1
    return counts


def position_bias_estimate(answers: Sequence[Answer], resamples: int, seed: int) -> stats.Estimate:
    """Position bias (MedGemma study's formula, see :func:`stats.position_bias`) with a bootstrap interval."""
    n_positions = len(answers[0].shown.options) if answers else 0
    pairs = [(a.position, a.truth_position) for a in answers]

    def statistic(sample: list[tuple[int | None, int]]) -> float:
        return stats.position_bias([p for p, _ in sample], [t for _, t in sample], n_positions)

    return stats.bootstrap_ci(pairs, statistic, resamples=resamples, seed=seed)


def record_position_metrics(record_metric: RecordFn, answers: Sequence[Answer], condition: str, resamples: int,
                            seed: int) -> None:
    """Position bias, the chi-square departure of predicted positions from uniform (CKLD) and the predicted vs
    true answer-position distributions."""
    n_positions = len(answers[0].shown.options)
    bias = position_bias_estimate(answers, resamples, seed)
    uniform = stats.chi_square_uniform([a.position for a in answers], n_positions)
    letters = list(answers[0].shown.letters)
    predicted = {letters[i]: int(c) for i, c in enumerate(uniform.observed)}
    truth = {letter: sum(a.truth_position == i for a in answers) for i, letter in enumerate(letters)}
    record_metric("position_bias", bias.value, n=sum(a.position is not None for a in answers), ci=bias.ci,
                  ci_method=bias.method, direction="lower", condition=condition, test_type="INV",
                  details={"formula": "(1/K) * sum_i |P_pred(i) - P_truth(i)| over usable answers",
                           "predicted_positions": predicted, "true_positions": truth})
    record_metric("ckld_chi_square", uniform.statistic, n=sum(uniform.observed), direction="lower",
                  condition=condition, test_type="INV",
                  details={"pvalue": uniform.pvalue, "formula": "sum_i (O_i - E_i)^2 / E_i, E_i = n/K",
                           "observed": predicted})
