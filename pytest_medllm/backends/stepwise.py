"""A logits processor that records per-step log-probabilities and samples each row with its own settings.

transformers' sampling draws every row of a batch from one global random stream with one temperature, so a
prompt's sample would depend on which other prompts share its batch — and a cached response could not be
reproduced. This processor runs last in ``generate()``: it records the distribution it sees (after repetition
penalty, before temperature and truncation), then for each sampled row applies transformers' own
temperature/top-k/top-p warpers and draws from a ``torch.Generator`` seeded by that row's request. It returns
scores whose only finite entry is the chosen token, so ``generate()`` in greedy mode emits exactly that token.
Greedy rows (temperature 0) keep their argmax.
"""

from __future__ import annotations

from typing import Sequence

import torch
from transformers import LogitsProcessor
from transformers.generation.logits_process import (
    TemperatureLogitsWarper,
    TopKLogitsWarper,
    TopPLogitsWarper,
)

from .base import Decoding


def _warpers(decoding: Decoding) -> list:
    warpers: list = [TemperatureLogitsWarper(decoding.temperature)]
    if decoding.top_k is not None:
        warpers.append(TopKLogitsWarper(decoding.top_k))
    if decoding.top_p is not None and decoding.top_p < 1.0:
        warpers.append(TopPLogitsWarper(decoding.top_p))
    return warpers


class StepRecorder(LogitsProcessor):
    """Record log-probs of the chosen tokens (and optionally the top-k) and draw seeded per-row samples."""

    def __init__(self, decodings: Sequence[Decoding], seeds: Sequence[int], top_logprobs: int = 0,
                 generators: Sequence[torch.Generator | None] | None = None) -> None:
        """``generators`` (one per row, None for greedy rows) continue the random streams of an earlier segment of
        the same rows; without them each sampled row starts a stream seeded by its request."""
        if len(decodings) != len(seeds):
            raise ValueError("one decoding and one seed per row")
        self.top_logprobs = top_logprobs
        # Rows that sample the same way are warped together (one batched top-p sort instead of one per row).
        groups: dict[Decoding, list[int]] = {}
        for row, decoding in enumerate(decodings):
            if not decoding.greedy:
                groups.setdefault(decoding, []).append(row)
        self.groups = [(_warpers(d), torch.tensor(rows)) for d, rows in groups.items()]
        self.generators = {row: (generators[row] if generators is not None and generators[row] is not None
                                 else torch.Generator(device="cpu").manual_seed(int(seeds[row])))
                           for rows in groups.values() for row in rows}
        self.sampling = bool(self.groups)
        self._previous: torch.Tensor | None = None
        self.chosen_logprobs: list[list[float]] = []  # per step, per row
        self.topk: list[tuple[torch.Tensor, torch.Tensor]] = []  # per step: (values, indices), [batch, k]

    def _record_chosen(self, chosen: torch.Tensor) -> None:
        assert self._previous is not None
        self.chosen_logprobs.append(self._previous.gather(1, chosen.view(-1, 1)).squeeze(1).tolist())

    def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor) -> torch.Tensor:
        if self._previous is not None:
            self._record_chosen(input_ids[:, -1])
        logprobs = torch.log_softmax(scores.float(), dim=-1)
        self._previous = logprobs
        if self.top_logprobs:
            values, indices = logprobs.topk(self.top_logprobs, dim=-1)
            self.topk.append((values.cpu(), indices.cpu()))
        if not self.sampling:
            return scores
        forced = torch.full_like(scores, float("-inf"))
        chosen = scores.argmax(dim=-1)
        for warpers, rows in self.groups:
            rows = rows.to(scores.device)
            warped = scores.index_select(0, rows).float()
            ids = input_ids.index_select(0, rows)
            for warper in warpers:
                warped = warper(ids, warped)
            probs = torch.softmax(warped, dim=-1).cpu()
            for k, row in enumerate(rows.tolist()):
                # Draw among the tokens left after top-k/top-p: the same distribution, far cheaper than a
                # multinomial over the whole vocabulary.
                support = torch.nonzero(probs[k] > 0).squeeze(1)
                pick = torch.multinomial(probs[k, support], 1, generator=self.generators[row]).item()
                chosen[row] = int(support[pick])
        forced.scatter_(1, chosen.view(-1, 1), 0.0)
        return forced

    def finish(self, last_tokens: torch.Tensor) -> None:
        """Record the log-prob of the final step's token (the processor is not called after it)."""
        if self._previous is not None:
            self._record_chosen(last_tokens)
            self._previous = None
