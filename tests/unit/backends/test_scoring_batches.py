"""Scoring batches are cut where a prefill-only pass computes the fewest positions: checked against every possible
cut of small inputs, and on the shapes the suites send (a system prompt shared by all, one patient's notes)."""

from __future__ import annotations

import itertools
import random

import pytest

from pytest_medllm.backends.tokens import common_prefix_length
from pytest_medllm.backends.transformers.batching import scoring_batches, sharing_order


def _positions(batch: list[int], encoded: list[list[int]], min_shared: int) -> int:
    """What the scoring pass computes for one batch, from its definition (scoring._forward_gather)."""
    rows = [encoded[i] for i in batch]
    if len(rows) > 1:
        shared = min(len(r) for r in rows) - 1
        for row in rows[1:]:
            shared = min(shared, common_prefix_length(rows[0], row))
        if shared >= min_shared:
            return shared + len(rows) * (max(len(r) for r in rows) - shared)
    return len(rows) * max(len(r) for r in rows)


def _cost(batches: list[list[int]], encoded, min_shared: int, overhead: int) -> int:
    return sum(_positions(b, encoded, min_shared) + overhead for b in batches)


def _every_cut(order: list[int], size: int):
    """Every way to cut ``order`` into consecutive batches of at most ``size`` rows."""
    for marks in itertools.product((False, True), repeat=len(order) - 1):
        batches, current = [], [order[0]]
        for index, cut in zip(order[1:], marks):
            if cut:
                batches.append(current)
                current = []
            current.append(index)
        batches.append(current)
        if all(len(b) <= size for b in batches):
            yield batches


@pytest.mark.parametrize("seed", range(40))
def test_the_cut_is_the_cheapest_of_all_cuts(seed):
    rng = random.Random(seed)
    system = [7] * rng.choice((0, 3, 20))
    encoded = []
    for i in range(rng.randint(1, 9)):
        if encoded and rng.random() < 0.3:  # a counterfactual of an earlier note: a long shared prefix
            base = rng.choice(encoded)
            encoded.append(base[: rng.randint(1, len(base))] + [500 + i] * rng.randint(1, 30))
        else:
            encoded.append(system + [100 + i] * rng.randint(1, 60))
    order = sharing_order(list(range(len(encoded))), encoded)
    size, min_shared, overhead = rng.choice((2, 3, 4, 16)), 16, rng.choice((0, 8, 64))
    found = scoring_batches(order, size, encoded, min_shared, overhead)
    assert [i for b in found for i in b] == order and all(1 <= len(b) <= size for b in found)
    cheapest = min(_cost(c, encoded, min_shared, overhead) for c in _every_cut(order, size))
    assert _cost(found, encoded, min_shared, overhead) == cheapest


def test_a_shared_system_prompt_and_one_patients_notes():
    system = [7] * 24
    unrelated = [system + [100 + i] * n for i, n in enumerate((180, 175, 172, 90, 88, 40))]
    notes = [system + [9] * 300 + [i] for i in range(4)]  # one patient's counterfactual notes
    encoded = unrelated + notes
    order = sharing_order(list(range(len(encoded))), encoded)
    found = scoring_batches(order, 16, encoded, min_shared=16)
    assert [6, 7, 8, 9] in found  # the notes share one pass, their 324 tokens read once
    # the long and the short unrelated prompts are not padded to one width
    assert not any({0, 5} <= set(b) for b in found)
    fixed = [order[i:i + 16] for i in range(0, len(order), 16)]
    assert _cost(found, encoded, 16, 64) < _cost(fixed, encoded, 16, 64)


def test_no_rows_no_batches():
    assert scoring_batches([], 16, [], 16) == []
