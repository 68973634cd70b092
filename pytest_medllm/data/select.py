"""Deterministic subsets stratified by subject and answer position.

The first N rows of a benchmark file are often one subject with one answer skew; a position-bias test run on them
would measure the file, not the model. We give each subject a share proportional to its size (largest remainder);
subjects then take turns, each taking the answer letter rarest in the subset so far (items of a letter in a seeded
shuffle). The
subset keeps file order, so every xdist worker collects the same items in the same order.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Sequence, TypeVar

T = TypeVar("T")


def _largest_remainder(sizes: dict[str, int], total: int) -> dict[str, int]:
    whole = sum(sizes.values())
    exact = {k: total * v / whole for k, v in sizes.items()}
    quota = {k: min(sizes[k], int(x)) for k, x in exact.items()}
    # Hand out what is left by largest fractional part, ties broken by name for determinism.
    for key in sorted(sizes, key=lambda k: (-(exact[k] - int(exact[k])), k)):
        if sum(quota.values()) >= total:
            break
        if quota[key] < sizes[key]:
            quota[key] += 1
    while sum(quota.values()) < total:  # capped subjects leave room for others
        for key in sorted(sizes, key=lambda k: (-(sizes[k] - quota[k]), k)):
            if quota[key] < sizes[key]:
                quota[key] += 1
                break
    return quota


def stratified_subset(items: Sequence[T], n: int | None, seed: int, subject=lambda x: getattr(x, "subject", ""),
                      position=lambda x: getattr(x, "answer", "")) -> list[T]:
    """Pick ``n`` items stratified by ``subject`` and answer ``position``; all items if ``n`` is None or large."""
    if n is None or n >= len(items):
        return list(items)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    rng = random.Random(seed)
    by_subject: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for index, item in enumerate(items):
        by_subject[str(subject(item))][str(position(item))].append(index)
    sizes = {s: sum(len(v) for v in letters.values()) for s, letters in by_subject.items()}
    quota = _largest_remainder(sizes, n)
    queues = {name: {letter: rng.sample(indices, len(indices)) for letter, indices in sorted(letters.items())}
              for name, letters in sorted(by_subject.items())}
    tie_order = {letter: rng.random() for name in queues for letter in queues[name]}
    global_count: dict[str, int] = defaultdict(int)
    taken = {name: 0 for name in queues}
    chosen: list[int] = []
    # Subjects take turns; each turn takes the answer letter that is rarest in the subset so far, so answer
    # positions stay balanced across the whole subset, not only inside each subject.
    while len(chosen) < n:
        for name in queues:
            if taken[name] >= quota[name]:
                continue
            available = [letter for letter, queue in queues[name].items() if queue]
            letter = min(available, key=lambda x: (global_count[x], tie_order[x]))
            chosen.append(queues[name][letter].pop())
            global_count[letter] += 1
            taken[name] += 1
    return [items[i] for i in sorted(chosen)]


def with_selection(dataset, limit: int | None, seed: int, *, by: str = "subject and answer position", **strata):
    """``dataset`` with its deterministic, stratified subset applied (``strata``: the ``subject`` and ``position``
    functions of :func:`stratified_subset`, named by ``by``) and the selection recorded (which ids, how chosen) so
    that reports and ``--compare-to`` can tell which items were asked."""
    from dataclasses import replace

    chosen = stratified_subset(dataset.items, limit, seed=seed, **strata)
    selection = {"n_selected": len(chosen), "n_loaded": len(dataset.items), "limit": limit, "seed": seed,
                 "method": f"stratified by {by}" if len(chosen) < len(dataset.items) else "all items",
                 "ids": [item.id for item in chosen]}
    return replace(dataset, items=tuple(chosen), selection=selection)


def selected_dataset(spec: str, rootpath, limit: int | None, seed: int):
    """The run's multiple-choice dataset, loaded, with its subset applied (see :func:`with_selection`)."""
    from .loaders import load_dataset

    return with_selection(load_dataset(spec, rootpath), limit, seed)


def suite_subset(items: Sequence[T], limit: int | None, explicit_max_items: int | None, seed: int) -> tuple[T, ...]:
    """The items a costly suite asks: a stratified subset of the run's items when its profile sets a ``limit``
    (so that answers shared between suites are computed once); an explicit ``--max-items`` applies to every suite
    unchanged."""
    if explicit_max_items is not None or limit is None or limit >= len(items):
        return tuple(items)
    return tuple(stratified_subset(items, limit, seed=seed))
