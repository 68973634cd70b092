"""Consistency under repeated sampling (pediatric endocrinology study, Experiment 2).

Consistency is the frequency of an item's modal answer across N seeded runs; correctness is the frequency of the
keyed answer. An item is *consistently correct* when its majority answer is the key and holds in at least 70% of
runs (7 of 10 in the study) and *consistently wrong* when its majority answer is another option held as often —
"reproducible but wrong", the dangerous case. Majorities of NONE or MULTIPLE are counted apart: an abstention is
not a wrong recommendation. Items whose top answers tie have no majority class.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..answers.parsing import MULTIPLE, NONE

STRONG_MAJORITY = 0.7


@dataclass(frozen=True)
class ItemRuns:
    """The answer labels of one item over N runs."""

    item_id: str
    labels: tuple[str, ...]
    key: str

    @property
    def n(self) -> int:
        return len(self.labels)

    @property
    def consistency(self) -> float:
        return Counter(self.labels).most_common(1)[0][1] / self.n

    @property
    def correct_runs(self) -> int:
        return sum(label == self.key for label in self.labels)

    @property
    def majority(self) -> tuple[str | None, int]:
        """``(label, count)`` of the majority class, or ``(None, count)`` when the top answers tie."""
        ranked = Counter(self.labels).most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None, ranked[0][1]
        return ranked[0]

    def strong(self) -> bool:
        return self.majority[1] >= math.ceil(STRONG_MAJORITY * self.n)

    @property
    def consistently_correct(self) -> bool:
        return self.majority[0] == self.key and self.strong()

    @property
    def consistently_wrong(self) -> bool:
        label = self.majority[0]
        return label not in (None, NONE, MULTIPLE, self.key) and self.strong()

    @property
    def always(self) -> bool:
        return len(set(self.labels)) == 1


def summary(runs: Sequence[ItemRuns]) -> dict:
    """Counts of the study's Table 3 and the distribution of majority classes, plus the bubble-chart counts."""
    majority_classes = Counter((r.majority[0] or "no majority") for r in runs)
    bubbles = Counter((r.correct_runs, r.majority[1]) for r in runs if r.majority[0] is not None)
    return {
        "items": len(runs),
        "consistently_correct": sum(r.consistently_correct for r in runs),
        "consistently_wrong": sum(r.consistently_wrong for r in runs),
        "always_correct": sum(r.always and r.labels[0] == r.key for r in runs),
        "always_wrong": sum(r.always and r.labels[0] not in (NONE, MULTIPLE, r.key) for r in runs),
        "majority_classes": dict(sorted(majority_classes.items())),
        "bubbles": [[c, m, k] for (c, m), k in sorted(bubbles.items())],
    }


def permutation_baseline(runs: Sequence[ItemRuns], resamples: int, seed: int) -> dict:
    """Consistency expected by chance given the model's answer frequencies: within each run, the answers are
    shuffled across items (keeping every run's answer distribution), and mean consistency is recomputed.

    Returns the observed mean consistency, the permutation mean and 95% range, and the one-sided p-value
    (1 + #permutations at least as consistent) / (1 + B).
    """
    observed = sum(r.consistency for r in runs) / len(runs)
    n_runs = min(r.n for r in runs)
    columns = [[r.labels[j] for r in runs] for j in range(n_runs)]
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        shuffled = [rng.sample(column, len(column)) for column in columns]
        total = 0.0
        for i in range(len(runs)):
            total += Counter(column[i] for column in shuffled).most_common(1)[0][1] / n_runs
        values.append(total / len(runs))
    values.sort()
    at_least = sum(v >= observed - 1e-12 for v in values)
    return {"observed": observed, "baseline_mean": sum(values) / len(values),
            "baseline_low": values[int(0.025 * (len(values) - 1))],
            "baseline_high": values[int(0.975 * (len(values) - 1))],
            "pvalue": (1 + at_least) / (1 + len(values)), "resamples": resamples}
