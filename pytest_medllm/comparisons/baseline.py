"""Item-by-item comparison of two runs of the same questions (another software stack, dtype, batch size, ...).

Agreement of the parsed answers (match rate with a Wilson interval, Cohen's kappa with a bootstrap interval,
Stuart-Maxwell marginal homogeneity), paired correctness (accuracy difference, McNemar's exact test), the share of
byte-identical outputs, and where outputs first diverge (the first differing token). Runs that asked different
items or different prompts are refused: their differences would say nothing about the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..answers.parsing import MULTIPLE, NONE
from ..backends.tokens import common_prefix_length
from ..methods import stats
from ..verdict.declarations import ComparisonMetrics


class NotComparable(ValueError):
    """The two runs did not ask the same questions in the same way."""


@dataclass(frozen=True)
class Comparison:
    n: int
    match: stats.Estimate | None
    kappa: stats.Estimate | None
    homogeneity: stats.HomogeneityResult | None
    accuracy_reference: float | None
    accuracy_current: float | None
    mcnemar: stats.McNemarResult | None
    identical_text: stats.Estimate | None
    first_divergence: list[int]
    max_probability_difference: float | None


def first_divergence(a: Sequence[int], b: Sequence[int]) -> int | None:
    """Index of the first differing token, None when the sequences are identical."""
    shared = common_prefix_length(a, b)
    return None if shared == len(a) == len(b) else shared


def pair_rows(reference: Sequence[dict], current: Sequence[dict], what: str) -> list[tuple[dict, dict]]:
    """Rows of both runs paired by item id; refuse when items or prompts differ."""
    ref = {row["item_id"]: row for row in reference}
    cur = {row["item_id"]: row for row in current}
    if set(ref) != set(cur):
        only_ref = sorted(set(ref) - set(cur))[:5]
        only_cur = sorted(set(cur) - set(ref))[:5]
        raise NotComparable(f"{what}: the runs asked different items (only in the baseline: {only_ref}; only now: "
                            f"{only_cur}). Use the same --dataset, --max-items, --profile and --seed.")
    changed = [i for i in ref if ref[i].get("prompt_sha256") and cur[i].get("prompt_sha256")
               and ref[i]["prompt_sha256"] != cur[i]["prompt_sha256"]]
    if changed:
        raise NotComparable(f"{what}: the prompts differ for {len(changed)} items (e.g. {changed[0]!r}); the "
                            f"baseline was made with other prompts, templates or chat-template settings")
    return [(ref[i], cur[i]) for i in sorted(ref)]


def compare(pairs: Sequence[tuple[dict, dict]], categories: Sequence[str] | None, resamples: int, seed: int
            ) -> Comparison:
    labelled = [(a, b) for a, b in pairs if "label" in a and "label" in b]
    match = kappa = homogeneity = None
    if labelled:
        first, second = [a["label"] for a, _ in labelled], [b["label"] for _, b in labelled]
        cats = list(categories) if categories else sorted(set(first) | set(second) | {NONE, MULTIPLE})
        match = stats.match_rate(first, second)
        kappa = stats.kappa_bootstrap(first, second, resamples=resamples, seed=seed, categories=cats)
        homogeneity = stats.stuart_maxwell(first, second, categories=cats)
    scored = [(a, b) for a, b in pairs if "correct" in a and "correct" in b]
    mcnemar = accuracy_reference = accuracy_current = None
    if scored:
        ref_correct = [bool(a["correct"]) for a, _ in scored]
        cur_correct = [bool(b["correct"]) for _, b in scored]
        mcnemar = stats.mcnemar_exact(ref_correct, cur_correct)
        accuracy_reference = sum(ref_correct) / len(scored)
        accuracy_current = sum(cur_correct) / len(scored)
    texts = [(a, b) for a, b in pairs if "output" in a and "output" in b]
    identical = stats.proportion([a["output"] == b["output"] for a, b in texts]) if texts else None
    divergences = []
    for a, b in texts:
        # Only outputs that differ: a path that re-tokenises its text (pipeline) may give other ids for equal text.
        if a["output"] != b["output"] and a.get("output_token_ids") and b.get("output_token_ids"):
            position = first_divergence(a["output_token_ids"], b["output_token_ids"])
            if position is not None:
                divergences.append(position)
    probs = [(a, b) for a, b in pairs if "label_probs" in a and "label_probs" in b]
    max_diff = None
    if probs:
        max_diff = max(abs(float(x) - float(y)) for a, b in probs
                       for x, y in zip(_values(a["label_probs"]), _values(b["label_probs"])))
    return Comparison(n=len(pairs), match=match, kappa=kappa, homogeneity=homogeneity,
                      accuracy_reference=accuracy_reference, accuracy_current=accuracy_current, mcnemar=mcnemar,
                      identical_text=identical, first_divergence=divergences, max_probability_difference=max_diff)


def _values(probabilities) -> list[float]:
    return list(probabilities.values()) if isinstance(probabilities, dict) else list(probabilities)


def expect_comparison(expect, metrics: ComparisonMetrics, comparison: Comparison, condition: str | None,
                      what: str | None = None) -> None:
    """Record a comparison's metrics for one condition; ``what`` (e.g. "float32 vs bfloat16") goes into the match
    rate's details. Only the match rate is gated."""
    if comparison.match is not None:
        expect(metrics.match_rate, comparison.match, condition=condition,
               details={"compared": what} if what else None)
    if comparison.kappa is not None:
        expect.record(metrics.kappa, comparison.kappa, condition=condition)
    if comparison.homogeneity is not None:
        expect.record(metrics.stuart_maxwell_p, stats.point(comparison.homogeneity.pvalue, comparison.n,
                                                            "Stuart-Maxwell"), condition=condition,
                      details={"statistic": comparison.homogeneity.statistic, "df": comparison.homogeneity.df})
    if comparison.mcnemar is not None:
        assert comparison.accuracy_current is not None and comparison.accuracy_reference is not None
        expect.record(metrics.accuracy_difference,
                      stats.point(comparison.accuracy_current - comparison.accuracy_reference, comparison.n),
                      condition=condition,
                      details={"reference": comparison.accuracy_reference, "current": comparison.accuracy_current,
                               "mcnemar_p": comparison.mcnemar.pvalue, "lost": comparison.mcnemar.b,
                               "gained": comparison.mcnemar.c})
        expect.record(metrics.mcnemar_p, stats.point(comparison.mcnemar.pvalue, comparison.n, "McNemar exact"),
                      condition=condition)
    if comparison.identical_text is not None:
        expect.record(metrics.identical_text, comparison.identical_text, condition=condition)
        positions = sorted(comparison.first_divergence)
        expect.record(metrics.first_divergence_token,
                      stats.point(positions[len(positions) // 2] if positions else None, len(positions), "median",
                                  undefined="no output diverged"),
                      condition=condition, details={"positions": positions[:50]})
    if comparison.max_probability_difference is not None:
        expect.record(metrics.max_probability_difference,
                      stats.point(comparison.max_probability_difference, comparison.n, "maximum"),
                      condition=condition)
