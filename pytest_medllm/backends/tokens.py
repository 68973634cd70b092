"""Token-sequence helpers shared by the backend (reading a shared prefix once) and run comparisons (where two
outputs first diverge)."""

from __future__ import annotations

from typing import Sequence


def common_prefix_length(a: Sequence[int], b: Sequence[int]) -> int:
    """Number of leading tokens ``a`` and ``b`` share."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n
