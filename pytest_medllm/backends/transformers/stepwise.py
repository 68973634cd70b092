"""A logits processor that records per-step log-probabilities and samples each row with its own settings.

It also applies each row's repetition penalty, over the row's own tokens only: transformers' penalty reads the
whole padded row, so with a pad token that is also the end-of-turn token (the fallback when a tokenizer has none)
a padded row's stop token was penalized and the row could run on where it would have stopped alone.

transformers' sampling draws every row of a batch from one global random stream with one temperature, so a
prompt's sample would depend on which other prompts share its batch — and a cached response could not be
reproduced. This processor runs last in ``generate()``: it records the distribution it sees (after repetition
penalty, before temperature and truncation), then for each sampled row applies transformers' own
temperature/top-k/top-p warpers and draws from a ``torch.Generator`` seeded by that row's request. It returns
scores whose only finite entry is the chosen token, so ``generate()`` in greedy mode emits exactly that token.
Greedy rows (temperature 0) keep their argmax.

:class:`StopSequences` ends each row at its own stop sequences while the batch decodes (a stopping criterion
checked after every step), so that a row that has written one leaves the batch instead of decoding to its budget.
"""

from __future__ import annotations

from typing import Callable, Sequence

import torch
from transformers import LogitsProcessor, StoppingCriteria
from transformers.generation.logits_process import (
    RepetitionPenaltyLogitsProcessor,
    TemperatureLogitsWarper,
    TopKLogitsWarper,
    TopPLogitsWarper,
)

from ..base import Decoding, find_stop


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
                 generators: Sequence[torch.Generator | None] | None = None,
                 mask: torch.Tensor | None = None) -> None:
        """``generators`` (one per row, None for greedy rows) continue the random streams of an earlier segment of
        the same rows; without them each sampled row starts a stream seeded by its request. ``mask`` marks the real
        tokens (not padding) of the ids the rows start from; tokens generated after them are all real."""
        if len(decodings) != len(seeds):
            raise ValueError("one decoding and one seed per row")
        self.top_logprobs = top_logprobs
        self.mask = mask.bool() if mask is not None else None
        penalties: dict[float, list[int]] = {}
        for row, decoding in enumerate(decodings):
            if decoding.repetition_penalty not in (None, 1.0):
                penalties.setdefault(float(decoding.repetition_penalty), []).append(row)
        self.penalties = [(RepetitionPenaltyLogitsProcessor(value), torch.tensor(rows))
                          for value, rows in penalties.items()]
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

    def _penalize(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        """transformers' repetition penalty, each row over its own real tokens: padding is replaced by the row's
        last token (real, and penalized anyway)."""
        if self.mask is not None:
            real = torch.ones_like(input_ids, dtype=torch.bool)
            real[:, : self.mask.shape[1]] = self.mask.to(input_ids.device)
            input_ids = torch.where(real, input_ids, input_ids[:, -1:])
        scores = scores.clone()
        for processor, rows in self.penalties:
            rows = rows.to(scores.device)
            scores[rows] = processor(input_ids.index_select(0, rows), scores.index_select(0, rows))
        return scores

    def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor) -> torch.Tensor:
        if self._previous is not None:
            self._record_chosen(input_ids[:, -1])
        if self.penalties:
            scores = self._penalize(input_ids, scores)
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


class StopSequences(StoppingCriteria):
    """Ends each row at the step that completes one of its stop sequences in the text it has generated.

    After every step, each row that has stop sequences and is still decoding has its generated tokens decoded (the
    tokens of earlier segments, ``before``, and those after column ``width`` of this segment's ids) and searched
    for them. A row that has one is done: ``generate()`` pads it from the next step on and ends the segment when
    every row is done. ``hit[row]`` is the segment step (0-based) whose token completed the stop. Decoding the whole
    text each step costs far less than the step itself (a tokenizer's decode is microseconds per token), and it is
    the same decode the returned text is cut from, so what ends a row and where its text is cut cannot disagree.
    Rows that produced an end-of-turn token are not searched (they end as "eos").
    """

    def __init__(self, stops: Sequence[Sequence[str]], before: Sequence[Sequence[int]], width: int,
                 decode: Callable[[list[int]], str], eos: set[int]) -> None:
        self.stops = [tuple(s) for s in stops]
        self.before = [list(b) for b in before]
        self.width = width
        self.decode = decode
        self.eos = eos
        self.hit: dict[int, int] = {}
        self._ended: set[int] = set()
        # Characters already searched per row: a stop found later must end after them, so the search starts a
        # stop's length before (a token may complete a stop begun by earlier ones).
        self._searched = [0] * len(self.stops)
        self._longest = [max((len(s) for s in row), default=0) for row in self.stops]

    @property
    def active(self) -> bool:
        return any(self.stops)

    def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor, **kwargs) -> torch.BoolTensor:
        done = torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)
        step = input_ids.shape[1] - self.width - 1
        last = input_ids[:, -1].tolist()
        for row, stops in enumerate(self.stops):
            if not stops or row in self._ended:
                done[row] = row in self.hit
                continue
            if last[row] in self.eos:
                self._ended.add(row)
                continue
            text = self.decode(self.before[row] + input_ids[row, self.width:].tolist())
            start = max(0, self._searched[row] - self._longest[row] + 1)
            if find_stop(text, stops, start) is not None:
                self.hit[row] = step
                self._ended.add(row)
                done[row] = True
            # A last character may still change (a partial UTF-8 sequence decodes as U+FFFD): search it again.
            self._searched[row] = max(len(text) - 1, 0)
        return done
