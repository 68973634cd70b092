"""Metric families that several suites declare and record: answers (accuracy, usable answers, parse failures) and
answer positions (position bias, CKLD). Each suite declares its own copy, so ids stay ``suite.metric``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..answers.jobs import Answer
from ..answers.parsing import MULTIPLE, NONE, UNUSABLE_CLASSES, unusable_class
from ..methods import stats
from .declarations import Metric, Suite
from .recorder import Recorder

#: Answer categories used for agreement statistics: the option letters plus the two visible failure categories.
EXTRA_CATEGORIES = (MULTIPLE, NONE)

USABLE_BECAUSE = ("the pediatric endocrinology study's better models gave a usable answer (one of the options) in "
                  "94.5-100% of items (Table 1); MedFound-7B's 18.6% made its accuracy meaningless")
CHANCE_BECAUSE = ("a minimum functionality test: accuracy must be shown to beat picking an option at random (the "
                  "interval's lower bound above chance)")
POSITION_BIAS_BECAUSE = ("MedGemma-4B's prediction-frequency bias, half the summed gap between predicted and keyed "
                         "position shares (the scale of the study's values; its printed 1/4 is a misprint), was 0.137 "
                         "zero-shot and 0.472 with few-shot examples, 0.013 with cloze scoring (Tables 4, 8): 0.1 is "
                         "below its zero-shot level")
#: The values a release must catch (the gates' power is stated against them).
USABLE_UNACCEPTABLE = ("MedFound-7B, the model whose accuracy the pediatric endocrinology study called meaningless, "
                       "gave a usable answer in at most 34.1% of items (prompt B; 18.6% under prompt A, Table 1): a "
                       "model that cannot be read in two of three replies must be caught")
CHANCE_UNACCEPTABLE = ("chance: a model that picks an option at random has accuracy over chance 0 (ClinicalGPT-base-zh "
                       "scored 0.20 with chance at 0.182 on the five-option ESAP items, Table 1); at chance the "
                       "model shows no knowledge at all")
POSITION_BIAS_UNACCEPTABLE = ("MedGemma-4B's zero-shot prediction-frequency bias (0.137, Table 4; Table 11's "
                              "distribution gives exactly 0.137 on this half-sum scale), the level the 0.1 threshold "
                              "is set below; its few-shot bias, 0.472, lies far beyond it")


def categories_for(letters: Sequence[str]) -> list[str]:
    return [*letters, *EXTRA_CATEGORIES]


@dataclass(frozen=True)
class AnswerMetrics:
    """The declared answer metrics of one suite."""

    accuracy: Metric
    usable_rate: Metric
    parse_failure_rate: Metric
    #: Declared (and gated) only where the suite's behavior is "beats chance".
    accuracy_over_chance: Metric | None = None


def answer_metrics(suite: Suite, *, gate_accuracy: bool = False, test_type: str = "MFT") -> AnswerMetrics:
    """Declare accuracy, usable-answer rate and parse-failure rate on ``suite`` (and accuracy over chance when the
    suite's behavior is minimum functionality)."""
    over_chance = suite.metric(
        "accuracy_over_chance", "accuracy minus the accuracy of picking one option at random",
        better="higher", test_type="MFT", expect="> 0 @strict", because=CHANCE_BECAUSE,
        unacceptable=0.0, unacceptable_because=CHANCE_UNACCEPTABLE) if gate_accuracy else None
    return AnswerMetrics(
        accuracy=suite.metric("accuracy", "share of items answered with the keyed option", better="higher",
                              test_type=test_type, chart="intervals"),  # type: ignore[arg-type]
        usable_rate=suite.metric("usable_rate", "share of replies that choose exactly one option", better="higher",
                                 test_type=test_type, expect=">= 0.8 @lenient",  # type: ignore[arg-type]
                                 because=USABLE_BECAUSE, unacceptable=0.341,
                                 unacceptable_because=USABLE_UNACCEPTABLE),
        parse_failure_rate=suite.metric("parse_failure_rate", "share of replies in which no answer was found",
                                        better="lower", test_type=test_type),  # type: ignore[arg-type]
        accuracy_over_chance=over_chance,
    )


def unit_id(answer: Answer) -> str:
    """The item an answer belongs to, plus its sampling seed when several runs of one item are pooled: the unit
    two runs are paired on."""
    return answer.item_id if not answer.seed else f"{answer.item_id}#{answer.seed}"


def chance_accuracy(answers: Sequence[Answer]) -> float:
    """Expected accuracy of a model that picks one of each item's shown options at random."""
    return sum(1 / len(a.shown.options) for a in answers) / len(answers) if answers else float("nan")


def expect_answer_metrics(expect: Recorder, metrics: AnswerMetrics, answers: Sequence[Answer], condition: str
                          ) -> dict[str, stats.Estimate]:
    """Record accuracy (and its margin over chance), usable-answer rate and parse-failure rate of ``answers``;
    the gated ones are judged."""
    accuracy = stats.proportion({unit_id(a): a.correct for a in answers})
    usable = stats.proportion({unit_id(a): a.parsed.usable for a in answers})
    failures = stats.proportion({unit_id(a): a.parsed.category == "none" for a in answers})
    distribution: dict[str, int] = {}
    for a in answers:
        distribution[a.label] = distribution.get(a.label, 0) + 1
    truncated = sum(a.finish_reason == "length" for a in answers)
    expect.record(metrics.accuracy, accuracy, condition=condition, details={"answer_distribution": distribution})
    if metrics.accuracy_over_chance is not None:
        expect(metrics.accuracy_over_chance, stats.shifted(accuracy, -chance_accuracy(answers)),
               condition=condition, details={"chance": chance_accuracy(answers)})
    expect(metrics.usable_rate, usable, condition=condition,
           details={"truncated_outputs": truncated, "unusable_by_reason": unusable_reasons(answers)})
    expect.record(metrics.parse_failure_rate, failures, condition=condition, details={"reasons": failure_reasons(answers)})
    return {"accuracy": accuracy, "usable_rate": usable, "parse_failure_rate": failures}


def unusable_reasons(answers: Sequence) -> dict[str, int]:
    """How many replies chose no single option (or decision), by class (cut off, no commitment, contradiction,
    invented continuation, repetition without a commitment, several options, not an option), in that order. Takes
    anything with a ``parsed`` result and a ``finish_reason``."""
    counts = {name: 0 for name in UNUSABLE_CLASSES}
    for a in answers:
        found = unusable_class(a.parsed, getattr(a, "finish_reason", ""))
        if found:
            counts[found] += 1
    return {name: n for name, n in counts.items() if n}


def failure_reasons(answers: Sequence) -> dict[str, int]:
    """How many unparsed answers (anything with a ``parsed`` result of category "none") failed for each reason."""
    counts: dict[str, int] = {}
    for a in answers:
        if a.parsed.category == "none":
            key = a.parsed.reason.split(":")[0].split(" [")[0][:60]
            counts[key] = counts.get(key, 0) + 1
    return counts


@dataclass(frozen=True)
class PositionMetrics:
    position_bias: Metric
    ckld: Metric


def position_metrics(suite: Suite) -> PositionMetrics:
    """Declare position bias (gated) and the chi-square departure of predicted positions from uniform."""
    return PositionMetrics(
        position_bias=suite.metric(
            "position_bias", "total variation distance between predicted and true answer-position shares",
            better="lower", test_type="INV", expect="<= 0.1 @lenient", because=POSITION_BIAS_BECAUSE,
            chart="positions", unacceptable=0.137, unacceptable_because=POSITION_BIAS_UNACCEPTABLE),
        ckld=suite.metric("ckld_chi_square", "chi-square departure of the predicted positions from uniform",
                          better="lower", test_type="INV"),
    )


def position_bias_estimate(answers: Sequence[Answer], resamples: int, seed: int) -> stats.Estimate:
    """Position bias (MedGemma study's formula, see :func:`stats.position_bias`) with a bootstrap interval."""
    n_positions = len(answers[0].shown.options) if answers else 0
    pairs = [(a.position, a.truth_position) for a in answers]

    def statistic(sample: list[tuple[int | None, int]]) -> float:
        return stats.position_bias([p for p, _ in sample], [t for _, t in sample], n_positions)

    return stats.bootstrap_ci(pairs, statistic, resamples=resamples, seed=seed,
                              undefined="no reply chose an option, so no position was predicted")


def expect_position_metrics(expect: Recorder, metrics: PositionMetrics, answers: Sequence[Answer], condition: str,
                            resamples: int, seed: int) -> None:
    """Position bias (gated), CKLD, and the predicted vs true answer-position distributions."""
    n_positions = len(answers[0].shown.options)
    bias = position_bias_estimate(answers, resamples, seed)
    uniform = stats.chi_square_uniform([a.position for a in answers], n_positions)
    letters = list(answers[0].shown.letters)
    predicted = {letters[i]: int(c) for i, c in enumerate(uniform.observed)}
    truth = {letter: sum(a.truth_position == i for a in answers) for i, letter in enumerate(letters)}
    expect(metrics.position_bias, bias, condition=condition,
           details={"formula": "(1/2) * sum_i |P_pred(i) - P_truth(i)| over usable answers (total variation "
                               "distance, the scale of the MedGemma study's published values)",
                    "predicted_positions": predicted, "true_positions": truth})
    expect.record(metrics.ckld, stats.point(uniform.statistic, sum(uniform.observed), "chi-square vs uniform",
                                            undefined="no reply chose an option"),
                  condition=condition, details={"pvalue": uniform.pvalue, "observed": predicted,
                                                "formula": "sum_i (O_i - E_i)^2 / E_i, E_i = n/K"})
