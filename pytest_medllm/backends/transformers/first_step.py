"""The log-probabilities a generation computes at its first step, kept for cloze scoring of the same prompts.

A cloze score is the model's distribution at the last position of a prompt; generating from that prompt computes the
same distribution at its first step (the studies' cloze "differs only in how the answer is extracted": the cloze suite
scores and generates on the very same prompts). Generation keeps that first step here, and scoring a prompt generation
has already read takes it instead of reading the prompt again (the quick profile: 80 prompts, about 10,000 positions).
Only the reference settings write here: a numeric variant that changes how the same backend computes suspends it.
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from typing import Iterator, Sequence

import torch
from transformers import LogitsProcessor


class FirstStepMemo:
    """Recent prompts' first-step log-probabilities (float32, full vocabulary), keyed by the prompt's token ids; the
    least recently used are dropped beyond ``max_bytes``."""

    def __init__(self, max_bytes: int = 256 << 20) -> None:
        self.max_bytes = max_bytes
        self._kept: OrderedDict[tuple[int, ...], torch.Tensor] = OrderedDict()
        self._bytes = 0
        self.suspended = False

    def put(self, key: tuple[int, ...], logprobs: torch.Tensor) -> None:
        """Keep ``logprobs`` (one row: the vocabulary) for the prompt ``key``."""
        if self.suspended:
            return
        value = logprobs.detach().to("cpu", torch.float32).clone()
        old = self._kept.pop(key, None)
        if old is not None:
            self._bytes -= old.numel() * old.element_size()
        self._kept[key] = value
        self._bytes += value.numel() * value.element_size()
        while self._bytes > self.max_bytes and self._kept:
            _, dropped = self._kept.popitem(last=False)
            self._bytes -= dropped.numel() * dropped.element_size()

    def get(self, key: tuple[int, ...]) -> torch.Tensor | None:
        """The kept log-probabilities of prompt ``key``, or None."""
        value = self._kept.get(key)
        if value is not None:
            self._kept.move_to_end(key)
        return value

    def __len__(self) -> int:
        return len(self._kept)

    @contextmanager
    def suspend(self) -> Iterator[None]:
        """Keep nothing while a numeric variant computes on the same backend (its numbers are not the reference's)."""
        before, self.suspended = self.suspended, True
        try:
            yield
        finally:
            self.suspended = before


class FirstStepCapture(LogitsProcessor):
    """Hands ``memo`` the raw log-probabilities of the first step of each row that starts here (``keys[row]``: its
    prompt's token ids; None for a row continuing from an earlier segment), before any penalty or sampling. Placed
    first among the logits processors; changes nothing."""

    def __init__(self, keys: Sequence[tuple[int, ...] | None], memo: FirstStepMemo) -> None:
        self.keys = list(keys)
        self.memo = memo
        self._seen = False

    def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor) -> torch.Tensor:
        if not self._seen:
            self._seen = True
            rows = [row for row, key in enumerate(self.keys) if key is not None]
            if rows:
                logprobs = torch.log_softmax(scores[rows].float(), dim=-1)
                for k, row in enumerate(rows):
                    self.memo.put(self.keys[row], logprobs[k])  # type: ignore[arg-type]
        return scores
