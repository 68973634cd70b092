"""Option-order perturbations of multiple-choice items (INV: the chosen *content* must not change).

Every perturbation returns the permutation it actually applied (``order[new_position] = old_position``) together
with the reordered item, so answers are mapped back through that same permutation — one published codebase
rotated the options one way and recorded the mapping the other way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ..data.schemas import MULTIPLE, NONE, MCQItem

#: The MedGemma study's shuffle seeds; the option-order suite and permutation voting share them, so the second
#: reuses the first's cached answers.
STUDY_SHUFFLE_SEEDS = (42, 123, 456)


@dataclass(frozen=True)
class Reordered:
    """An item with its options reordered; ``order[j]`` is the original index of the option now at ``j``."""

    name: str
    item: MCQItem
    order: tuple[int, ...]

    def to_original(self, label: str) -> str:
        """Map an answer label given on the reordered item back to the original item's letter."""
        if label in (NONE, MULTIPLE):
            return label
        letters = self.item.letters
        return letters[self.order[letters.index(label)]]


def _apply(item: MCQItem, name: str, order: Sequence[int]) -> Reordered:
    return Reordered(name=name, item=item.reorder(order, suffix=f"@{name}"), order=tuple(order))


def identity(item: MCQItem) -> Reordered:
    return _apply(item, "original", list(range(len(item.options))))


def rotate(item: MCQItem, k: int) -> Reordered | None:
    """Cyclic shift by ``k``: the option at position ``j`` moves to ``j - k`` (rotate-1 puts B's text at A)."""
    n = len(item.options)
    if k % n == 0:
        return None
    return _apply(item, f"rotate-{k}", [(j + k) % n for j in range(n)])


def shuffle(item: MCQItem, seed: int) -> Reordered:
    """A random non-identity permutation, seeded by ``seed`` and the item id (the same on every worker)."""
    n = len(item.options)
    rng = random.Random(f"shuffle|{seed}|{item.id}")
    order = list(range(n))
    while order == list(range(n)):
        rng.shuffle(order)
    return _apply(item, f"shuffle-{seed}", order)


def distractor_swap(item: MCQItem, seed: int = 0) -> Reordered | None:
    """Exchange the wrong options among themselves (a derangement drawn with ``seed`` and the item id), keeping the
    correct one in place. Named ``distractor-swap-<seed>``: like a shuffle, each seed is another random draw."""
    n = len(item.options)
    wrong = [i for i in range(n) if i != item.answer_index]
    if len(wrong) < 2:
        return None
    rng = random.Random(f"distractor|{seed}|{item.id}")
    moved = wrong[:]
    while any(a == b for a, b in zip(moved, wrong)):
        rng.shuffle(moved)
    order = list(range(n))
    for slot, source in zip(wrong, moved):
        order[slot] = source
    return _apply(item, f"distractor-swap-{seed}", order)


def move_answer_to(item: MCQItem, position: int) -> Reordered:
    """Put the correct option at ``position``; the others keep their relative order."""
    n = len(item.options)
    if not 0 <= position < n:
        raise ValueError(f"position {position} is outside 0..{n - 1}")
    others = [i for i in range(n) if i != item.answer_index]
    order = others[:position] + [item.answer_index] + others[position:]
    return _apply(item, f"answer-at-{item.letters[position]}", order)


def distinct_orderings(item: MCQItem, k: int, seeds: Sequence[int]) -> list[Reordered]:
    """The original order plus ``k - 1`` distinct shuffles, using ``seeds`` first (so permutation voting reuses
    the option-order suite's shuffles and their cached answers) and further derived seeds if shuffles coincide."""
    out = [identity(item)]
    seen = {out[0].order}
    candidates = list(seeds) + [10_000 + i for i in range(1000)]
    for seed in candidates:
        if len(out) >= k:
            break
        candidate = shuffle(item, seed)
        if candidate.order not in seen:
            seen.add(candidate.order)
            out.append(candidate)
    return out
