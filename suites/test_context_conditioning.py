"""Evidence conditioning (MedGemma prompt-sensitivity study, Experiment 3): does a yes/no/maybe answer to a research
question survive changes to the evidence shown? Eleven presentations of each abstract — none, all, front/back/middle
word truncations, a sentence-boundary cut, background or results sections only, the sentences most like the
question — each compared with the full context on the same items (McNemar, Bonferroni across conditions).
The conditions are defined, with their unit (whitespace words), in :mod:`pytest_medllm.perturb.context`.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import pytest

from pytest_medllm import (
    DECISIONS,
    MULTIPLE,
    NONE,
    EvidenceItem,
    GenerationRequest,
    ParsedDecision,
    Suite,
    context,
    failure_reasons,
    parse_decision,
    prompts,
    reasoning_format,
    stats,
    unusable_reasons,
)

SUITE = Suite("context_conditioning", "MedGemma prompt-sensitivity study, Experiment 3 (Tables 7, 13)")
ACCURACY = SUITE.metric("accuracy", "share of items answered with the keyed decision (yes, no or maybe)",
                        better="higher", test_type="INV", chart="intervals")
USABLE = SUITE.metric(
    "usable_rate", "share of replies that give exactly one decision (yes, no or maybe)", better="higher",
    test_type="INV", expect=">= 0.8 @lenient",
    because="the study's replies were usable in more than 0.975 of cases (parse errors below 2.5% in every "
            "condition, appendix G); a model that cannot be read in "
            "more than a fifth of its replies under a condition is not measured by its accuracy there",
    unacceptable=0.5,
    unacceptable_because="the study gives no failing figure (parse errors below 2.5%, appendix G): with half the "
                         "replies unreadable, accuracy under a condition describes another half of the items each "
                         "time and means nothing")
PARSE_FAILURES = SUITE.metric("parse_failure_rate", "share of replies in which no decision was found (NONE)",
                              better="lower", test_type="INV")
MAYBE = SUITE.metric("maybe_share", "share of replies that answer maybe", test_type="INV", chart="intervals")
APPLICABLE = SUITE.metric("applicable_share", "share of items the condition applies to (e.g. with a section of its "
                                              "kind, or more sentences than it selects)", test_type="INV")
CHANGE = SUITE.metric("accuracy_change_vs_full_context",
                      "accuracy under this condition minus with the full context, same items", better="higher",
                      test_type="INV")
RETAINED = SUITE.metric("accuracy_retained", "accuracy under this condition as a share of full-context accuracy, "
                                             "same items", better="higher", test_type="INV")
FLIPS = SUITE.metric("flip_rate_vs_full_context",
                     "share of items whose decision (or NONE/MULTIPLE) differs from the full-context one",
                     better="lower", test_type="INV")
MAYBE_SHIFT = SUITE.metric("maybe_share_change_vs_full_context",
                           "share of maybe answers under this condition minus with the full context, same items",
                           test_type="INV")
OVER_QUESTION_ONLY = SUITE.metric(
    "accuracy_over_question_only", "accuracy under this condition minus with the question alone, same items",
    better="higher", test_type="INV", expect=">= 0 @lenient", chart="intervals",
    because="MedGemma-4B's accuracy with the front half of the abstract's words was 0.207 below its accuracy with "
            "the question alone (0.138 vs 0.345, Table 7): cut evidence misled it below no evidence; a presentation "
            "of the evidence whose whole interval lies below 0 is that failure",
    unacceptable=-0.207,
    unacceptable_because="MedGemma-4B with the front half of the abstract's words: 13.8% against 34.5% with the "
                         "question alone (Table 7), 20.7 points worse than no evidence at all")
RESULTS_RETENTION = SUITE.metric(
    "results_only_retention", "results-only accuracy as a share of full-context accuracy, on items with a results "
                              "section", better="higher", test_type="INV", expect=">= 0.8 @lenient",
    because="the results sections kept a ratio 0.91 of full-context accuracy for MedGemma-4B (0.419/0.458) and "
            "1.05 for MedGemma-27B (Table 7; back-truncation 0.97, salient top-5 0.88, Table 13): they carry the "
            "answer, and a model shown to keep under 0.8 with them alone is not reading the findings",
    unacceptable=0.63,
    unacceptable_because="MedGemma-4B kept a ratio 0.63 of its full-context accuracy with the background alone "
                         "(28.9% of 45.8%, Table 7): results that help no more than the background are not read")

#: Comparisons against the full context, for the Bonferroni adjustment.
COMPARISONS = len(context.CONDITIONS) - 1


class Reply(NamedTuple):
    """One parsed reply to one item under one condition."""

    evidence: context.Evidence
    prompt: str
    text: str
    finish_reason: str
    token_ids: tuple[int, ...]
    parsed: ParsedDecision

    @property
    def condition(self) -> str:
        return self.evidence.condition

    @property
    def item(self) -> EvidenceItem:
        return self.evidence.item

    @property
    def item_id(self) -> str:
        return self.item.id

    @property
    def label(self) -> str:
        """yes, no, maybe, MULTIPLE or NONE."""
        return self.parsed.label

    @property
    def correct(self) -> bool:
        return self.parsed.usable and self.parsed.decision == self.item.decision

    def to_record(self) -> dict:
        """The per-item artifact row."""
        return {"condition": self.condition, "item_id": self.item_id,
                "prompt_sha256": hashlib.sha256(self.prompt.encode("utf-8")).hexdigest(),
                "sections_shown": list(self.evidence.labels), "words_shown": self.evidence.words,
                "output": self.text, "output_token_ids": list(self.token_ids), "finish_reason": self.finish_reason,
                "parsed": self.parsed.to_dict(), "category": self.parsed.category, "label": self.label,
                "expected": self.item.decision, "correct": self.correct}

    def to_example(self) -> dict:
        """A failing case as the HTML report shows it."""
        return {"item_id": self.item_id, "condition": self.condition, "prompt_tail": self.prompt[-700:],
                "output": self.text[:1200], "expected": self.item.decision, "parsed": self.label,
                "method": self.parsed.method, "reason": self.parsed.reason}


class Runs(NamedTuple):
    """Replies by condition and item id, and the items each condition does not apply to."""

    replies: dict[str, dict[str, Reply]]
    not_applicable: dict[str, list[str]]
    n_items: int


@pytest.fixture(scope="module")
def runs(model, evidence_items, evidence_decoding) -> Runs:
    """Every item under every condition that applies to it — one batched call."""
    shown = [e for item in evidence_items for name in context.CONDITIONS
             if (e := context.condition(item, name)) is not None]
    texts = [prompts.evidence_prompt(e.item.question, e.sections) for e in shown]
    outputs = model.generate([GenerationRequest(p, evidence_decoding) for p in texts])
    reasoning = reasoning_format(model)
    replies: dict[str, dict[str, Reply]] = {name: {} for name in context.CONDITIONS}
    for evidence, prompt, output in zip(shown, texts, outputs):
        replies[evidence.condition][evidence.item.id] = Reply(
            evidence, prompt, output.text, output.finish_reason, tuple(output.token_ids),
            parse_decision(output.text, reasoning=reasoning, question=evidence.item.question))
    missing = {name: [i.id for i in evidence_items if i.id not in replies[name]] for name in context.CONDITIONS}
    return Runs(replies, missing, len(evidence_items))


def _distribution(replies: list[Reply]) -> dict[str, int]:
    return {label: sum(r.label == label for r in replies) for label in (*DECISIONS, MULTIPLE, NONE)}


@pytest.mark.parametrize("name", context.CONDITIONS)
def test_answers_under_condition(name, runs, expect, record_answers):
    """Accuracy (Wilson CI), usable replies, parse failures and the yes/no/maybe distribution under each evidence
    condition; items the condition does not apply to are counted."""
    replies = list(runs.replies[name].values())
    record_answers(replies)
    skipped = runs.not_applicable[name]
    expect.record(APPLICABLE, stats.wilson(len(replies), runs.n_items), condition=name,
                  details={"not_applicable": len(skipped), "not_applicable_ids": skipped[:50]})
    words = [r.evidence.words for r in replies]
    shares = [r.evidence.share_of_words for r in replies]
    expect.record(ACCURACY, stats.proportion({r.item_id: r.correct for r in replies}).because(
        "the condition applies to no item"), condition=name,
        details={"answers": _distribution(replies), "keyed": {d: sum(r.item.decision == d for r in replies)
                                                             for d in DECISIONS},
                 "mean_words_shown": sum(words) / len(words) if words else None,
                 "mean_share_of_words_shown": sum(shares) / len(shares) if shares else None})
    expect(USABLE, stats.proportion({r.item_id: r.parsed.usable for r in replies}), condition=name,
           details={"multiple": sum(r.label == MULTIPLE for r in replies),
                    "truncated_outputs": sum(r.finish_reason == "length" for r in replies),
                    "unusable_by_reason": unusable_reasons(replies)})
    expect.record(PARSE_FAILURES, stats.proportion({r.item_id: r.parsed.category == "none" for r in replies}),
                  condition=name, details={"reasons": failure_reasons(replies)})
    expect.record(MAYBE, stats.proportion({r.item_id: r.label == "maybe" for r in replies}), condition=name,
                  details={"answers": _distribution(replies)})


def _against_full_context(name: str, runs: Runs, expect, resamples: int, seed: int) -> None:
    """Paired comparison of a condition with the full context on the items it applies to: accuracy change (McNemar
    exact, Bonferroni across the conditions), share of accuracy kept, flip rate and the shift towards maybe."""
    replies = runs.replies[name]
    full = runs.replies["full_context"]
    ids = [i for i in replies if i in full]
    first, second = [full[i].correct for i in ids], [replies[i].correct for i in ids]
    mcnemar = stats.mcnemar_exact(first, second)
    expect.record(CHANGE, stats.paired_difference(first, second, resamples, seed, ids=ids), condition=name,
                  details={"mcnemar_p": mcnemar.pvalue,
                           "mcnemar_p_bonferroni": stats.bonferroni_adjust(mcnemar.pvalue, COMPARISONS),
                           "comparisons": COMPARISONS, "full_context_only_correct": mcnemar.b,
                           "condition_only_correct": mcnemar.c})
    expect.record(RETAINED, retention(first, second, resamples, seed), condition=name,
                  details={"full_context_accuracy": sum(first) / len(first) if first else None,
                           "condition_accuracy": sum(second) / len(second) if second else None})
    expect.record(FLIPS, stats.proportion({i: replies[i].label != full[i].label for i in ids}), condition=name,
                  details={"to_maybe": sum(replies[i].label == "maybe" and full[i].label != "maybe" for i in ids),
                           "from_maybe": sum(full[i].label == "maybe" and replies[i].label != "maybe"
                                             for i in ids)})
    expect.record(MAYBE_SHIFT, stats.paired_difference([full[i].label == "maybe" for i in ids],
                                                       [replies[i].label == "maybe" for i in ids], resamples, seed,
                                                       ids=ids), condition=name)


def retention(full: list[bool], condition_correct: list[bool], resamples: int, seed: int) -> stats.Estimate:
    """Accuracy under a condition as a share of full-context accuracy on the same items (ratio of the two
    accuracies), with a percentile bootstrap interval over items."""
    pairs = list(zip(full, condition_correct))

    def ratio(sample: list[tuple[bool, bool]]) -> float:
        base = sum(f for f, _ in sample)
        return sum(c for _, c in sample) / base if base else float("nan")

    return stats.bootstrap_ci(pairs, ratio, resamples, seed,
                              undefined="no item was answered correctly with the full context")


def over_question_only(name: str, runs: Runs, resamples: int, seed: int) -> tuple[stats.Estimate, dict]:
    """Accuracy under a condition minus with the question alone, paired over the items it applies to (bootstrap
    interval), and the McNemar counts."""
    replies, alone = runs.replies[name], runs.replies["question_only"]
    ids = [i for i in replies if i in alone]
    first, second = [alone[i].correct for i in ids], [replies[i].correct for i in ids]
    mcnemar = stats.mcnemar_exact(first, second)
    difference = stats.paired_difference(first, second, resamples, seed, ids=ids)
    return difference.because("the condition applies to no item"), {
        "mcnemar_p": mcnemar.pvalue, "question_only_correct_only": mcnemar.b, "condition_correct_only": mcnemar.c}


@pytest.mark.parametrize("name", context.PARTIAL)
def test_partial_evidence(name, runs, expect, medllm_profile, medllm_config):
    """INV: part of the evidence keeps what it can of full-context accuracy (McNemar, Bonferroni; flips; drift to
    maybe) and is never shown to do worse than no evidence at all."""
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    _against_full_context(name, runs, expect, resamples, seed)
    difference, details = over_question_only(name, runs, resamples, seed)
    expect(OVER_QUESTION_ONLY, difference, condition=name, details=details)


def test_evidence_against_no_evidence(runs, expect, medllm_profile, medllm_config):
    """The full abstract must not be shown to do worse than the question alone; the question alone is compared
    with the full context like every other condition."""
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    _against_full_context("question_only", runs, expect, resamples, seed)
    difference, details = over_question_only("full_context", runs, resamples, seed)
    expect(OVER_QUESTION_ONLY, difference, condition="full_context", details=details)


def test_results_section_carries_the_answer(runs, expect, medllm_profile, medllm_config):
    """The results sections alone keep most of full-context accuracy (items without one are not applicable)."""
    replies, full = runs.replies["results_only"], runs.replies["full_context"]
    ids = [i for i in replies if i in full]
    expect(RESULTS_RETENTION, retention([full[i].correct for i in ids], [replies[i].correct for i in ids],
                                        medllm_profile.bootstrap_resamples, medllm_config.seed).because(
        "no item has a results section"), condition="results_only",
        details={"items": len(ids), "not_applicable": len(runs.not_applicable["results_only"])})
