"""Rows that decode together while requests join and leave (continuous batching).

A batch decodes in segments of a few steps. Between segments, rows that finished leave and prompts still waiting
take their places: they are read on their own (prefill) and their key/value rows are placed beside the continuing
ones, right-aligned as left padding places them; the attention mask hides the padding and position ids count each
row from its first real token, so a row computes what it would alone (up to float rounding). Without this, a batch
of long answers drained: the last rows of a batch decoded nearly alone while the queue waited.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from transformers import DynamicCache

from .kv_cache import is_preallocated, join_rows


@dataclass
class RunningBatch:
    """Left-padded rows decoding together and the request each row answers.

    ``ids`` holds every row's tokens so far (prompt and generated); the cache holds all of them but the last
    column, which the next segment reads first."""

    ids: torch.Tensor
    mask: torch.Tensor
    cache: DynamicCache
    requests: list[int]

    @property
    def joinable(self) -> bool:
        """Whether rows can join this batch: its cache layers can be re-laid and cover all but the last column."""
        return is_preallocated(self.cache) and self.cache.get_seq_length() == self.ids.shape[1] - 1

    def keep(self, rows: list[int]) -> "RunningBatch":
        """This batch with only the given rows (batch positions), in that order."""
        if rows == list(range(len(self.requests))):
            return self
        index = torch.tensor(rows, device=self.ids.device)
        self.cache.reorder_cache(index)
        return RunningBatch(self.ids.index_select(0, index), self.mask.index_select(0, index), self.cache,
                            [self.requests[r] for r in rows])

    def extend(self, tokens: torch.Tensor, ids: torch.Tensor, cache: DynamicCache) -> "RunningBatch":
        """The batch after a segment: ``ids`` are generate()'s sequences, ``tokens`` the ones it added."""
        ones = torch.ones((self.mask.shape[0], tokens.shape[1]), dtype=self.mask.dtype, device=self.mask.device)
        return RunningBatch(ids, torch.cat([self.mask, ones], dim=1), cache, self.requests)


def _first_used_column(mask: torch.Tensor) -> int:
    return int((mask.sum(0) > 0).nonzero()[0])


def join(running: RunningBatch, rows: list[int], joining: RunningBatch, pad_id: int, headroom: int) -> RunningBatch:
    """One batch of the given continuing rows of ``running`` followed by the rows of ``joining`` (just read).

    Columns that are padding in every continuing row are dropped, so the batch grows only as far as its longest
    row needs; both parts end at the same column. The cache is copied once, with room for ``headroom`` more
    positions."""
    if not (running.joinable and joining.joinable):
        raise ValueError("these rows cannot be joined (cache layers that cannot be re-laid, or unread prompts)")
    index = torch.tensor(rows, device=running.ids.device)
    ids, mask = running.ids.index_select(0, index), running.mask.index_select(0, index)
    drop = _first_used_column(mask)
    ids, mask = ids[:, drop:], mask[:, drop:]
    width = max(ids.shape[1], joining.ids.shape[1])
    cache = join_rows([(running.cache, index, drop), (joining.cache, None, 0)], width - 1, headroom)
    total = len(rows) + len(joining.requests)
    all_ids = torch.full((total, width), pad_id, dtype=ids.dtype, device=ids.device)
    all_mask = torch.zeros((total, width), dtype=mask.dtype, device=mask.device)
    for start, (part_ids, part_mask) in ((0, (ids, mask)), (len(rows), (joining.ids, joining.mask))):
        end = start + part_ids.shape[0]
        all_ids[start:end, width - part_ids.shape[1]:] = part_ids
        all_mask[start:end, width - part_mask.shape[1]:] = part_mask
    return RunningBatch(all_ids, all_mask, cache, [running.requests[r] for r in rows] + joining.requests)
