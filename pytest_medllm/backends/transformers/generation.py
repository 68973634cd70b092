"""Generation for the transformers backend: continuous batching in segments of decoding steps, rows that finish
leave and waiting prompts take their places, prompts prefilled in groups of positions, each row's own sampling,
penalty (:class:`~.stepwise.StepRecorder`) and stop sequences (:class:`~.stepwise.StopSequences`)."""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field
from functools import cached_property
from typing import Sequence

import torch
from transformers import DynamicCache, GenerationConfig, LogitsProcessorList, StoppingCriteriaList

from ..base import BatchCallback, Generation, GenerationRequest, find_stop
from .batching import batches, sharing_order
from .first_step import FirstStepCapture
from .kv_cache import (
    cache_of,
    is_preallocated,
    join_rows,
    left_padded_positions,
    preallocated_cache,
    repeat_rows,
    with_cache,
)
from .running_batch import RunningBatch, join
from .stepwise import StepRecorder, StopSequences


class ContinuousGeneration:
    """The generation half of :class:`~.backend.TransformersBackend` (a mixin: it uses the model, tokenizer,
    batch size and padding helpers the backend holds)."""

    #: Stop sequences end rows inside the running batch (see :class:`~.stepwise.StopSequences`).
    applies_stops = True

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        encoded = [self._encode_formatted(self.format_prompt(r.prompt, r.system)) for r in requests]
        # Every row samples, penalizes and stops its own way (StepRecorder, per-row budgets); only the number of
        # top log-probs recorded per step is one per batch.
        groups: dict[int, list[int]] = defaultdict(list)
        for i, r in enumerate(requests):
            groups[r.top_logprobs].append(i)
        results: list[Generation | None] = [None] * len(requests)
        for top_k, members in groups.items():
            # Repeated prompts and prompts with a common prefix (few-shot examples) are read together, where
            # _prefill reads what they share once.
            order = sharing_order(members, encoded, tie=lambda i: requests[i].seed)
            waiting = deque(batches(order, self.batch_size, encoded))
            for index, generation in self._generate_continuously(waiting, encoded, requests, top_k, on_batch):
                results[index] = generation
        return results  # type: ignore[return-value]

    def _generation_config(self, max_new_tokens: int) -> GenerationConfig:
        # Built from scratch so that a model's own generation_config (often do_sample=True, temperature=0.6)
        # never leaks in: what we ask for is exactly what runs, and what keys the cache. Sampling and the
        # repetition penalty are each row's own, applied by StepRecorder.
        return GenerationConfig(
            max_new_tokens=max_new_tokens,
            do_sample=False,
            num_beams=1,
            repetition_penalty=1.0,
            eos_token_id=self.eos_ids,
            pad_token_id=self.tokenizer.pad_token_id,
            bos_token_id=self.tokenizer.bos_token_id,
            return_dict_in_generate=True,
        )

    #: Positions read by one forward pass when prompts are prefilled for generation. A batch read at once keeps
    #: activations far larger than the CPU's caches: 16 rows of 350 tokens ran at 600 tokens/s, groups of about
    #: 1,500 positions at 1,100 (with packed linear layers; see cpu_kernels).
    PREFILL_POSITIONS = 1536

    def _prefill_rows(self, ids: torch.Tensor, mask: torch.Tensor, positions: torch.Tensor, headroom: int
                      ) -> DynamicCache:
        """Read every row of a left-padded batch but its last token, in groups of rows of at most
        :attr:`PREFILL_POSITIONS` positions, each group skipping the padding all its rows share, and return one
        cache for the batch (``generate()`` then reads the last tokens)."""
        width = ids.shape[1] - 1
        if not is_preallocated(whole := preallocated_cache(self.model.config, headroom)):
            # One pass: rows whose cache layers cannot be joined cannot be read in groups.
            self.model(input_ids=ids[:, :width], attention_mask=mask[:, :width], position_ids=positions[:, :width],
                       use_cache=True, logits_to_keep=1, **with_cache(self.model, whole))
            return whole
        per_pass = max(1, self.PREFILL_POSITIONS // max(width, 1))
        parts = []
        for first in range(0, ids.shape[0], per_pass):
            rows = slice(first, first + per_pass)
            skipped = int((mask[rows, :width].sum(0) > 0).nonzero()[0])
            cache = preallocated_cache(self.model.config, headroom)
            self.model(input_ids=ids[rows, skipped:width], attention_mask=mask[rows, skipped:width],
                       position_ids=positions[rows, skipped:width], use_cache=True, logits_to_keep=1,
                       **with_cache(self.model, cache))
            parts.append((cache, None, 0))  # each group's positions end at the batch's last column
        if len(parts) == 1 and skipped == 0:
            return parts[0][0]
        # ``headroom`` counted from each group's first position; the joined cache starts full to ``width``.
        return join_rows(parts, width, max(headroom - width, 1))

    def _prefill_after_prefix(self, prefix: torch.Tensor, prefix_cache: DynamicCache, rest: torch.Tensor,
                              rest_mask: torch.Tensor, headroom: int
                              ) -> tuple[torch.Tensor, torch.Tensor, DynamicCache]:
        """Read the rows that follow a prefix every row shares (``prefix_cache``: its one-row cache), all but each
        row's last token, in groups of at most :attr:`PREFILL_POSITIONS` positions that start from copies of the
        prefix. Rows are ``[prefix][padding][own tokens]``; a group skips the padding all its rows share, so that a
        short group is not read at the width of the longest row (16 chat prompts after the template's 54 shared
        tokens: 5,782 positions read at one width, 5,0xx by groups). Returns the ids, mask and cache for
        ``generate()``: a group that skipped ``g`` columns has its rows laid out ``[g × padding][prefix][rest]``, its
        cache right-aligned to the batch's last column (positions count real tokens only, so they do not move)."""
        rows_n, start = rest.shape[0], prefix.shape[1]
        ids = torch.cat([prefix.expand(rows_n, -1), rest], dim=1)
        mask = torch.cat([torch.ones((rows_n, start), dtype=rest_mask.dtype, device=rest.device), rest_mask], dim=1)
        width = ids.shape[1] - 1
        if not is_preallocated(prefix_cache):
            # Sliding-window, linear-attention or shared layers: every row gets the prefix, generate() reads the rest.
            prefix_cache.reorder_cache(torch.zeros(rows_n, dtype=torch.long, device=ids.device))
            return ids, mask, prefix_cache
        if width <= start:
            return ids, mask, repeat_rows(prefix_cache, rows_n)
        positions = left_padded_positions(mask)
        per_pass = max(1, self.PREFILL_POSITIONS // (width - start))
        parts, shifts = [], []
        for first in range(0, rows_n, per_pass):
            rows = slice(first, first + per_pass)
            used = (mask[rows, start:width].sum(0) > 0).nonzero()
            skipped = int(used[0]) if len(used) else width - start
            cache = repeat_rows(prefix_cache, ids[rows].shape[0])
            if skipped < width - start:
                read = slice(start + skipped, width)
                self.model(input_ids=ids[rows, read], position_ids=positions[rows, read],
                           attention_mask=torch.cat([mask[rows, :start], mask[rows, read]], dim=1),
                           use_cache=True, logits_to_keep=1, **with_cache(self.model, cache))
            parts.append((cache, None, 0))
            shifts += [skipped] * ids[rows].shape[0]
        # ``headroom`` counted from the prefix's first position; a joined cache starts full to ``width``.
        room = max(headroom - width, 1)
        if not any(shifts):
            return ids, mask, parts[0][0] if len(parts) == 1 else join_rows(parts, width, room)
        laid_ids, laid_mask = torch.full_like(ids, self.tokenizer.pad_token_id), torch.zeros_like(mask)
        for row, skipped in enumerate(shifts):
            laid_ids[row, skipped:skipped + start] = prefix[0]
            laid_mask[row, skipped:skipped + start] = 1
            laid_ids[row, skipped + start:] = ids[row, start + skipped:]
            laid_mask[row, skipped + start:] = mask[row, start + skipped:]
        return laid_ids, laid_mask, join_rows(parts, width, room)

    @torch.inference_mode()
    def _prefill(self, sequences: list[list[int]], headroom: int
                 ) -> tuple[torch.Tensor, torch.Tensor, DynamicCache]:
        """Read the batch's prompts, sharing what they share, and hand generate() the ids, mask and a key/value
        cache with room for ``headroom`` more positions.

        Two cases of sharing, both common in these suites: repeated prompts (N sampled runs × temperatures of one
        prompt), whose distinct prompts are read once each and copied to every row that repeats them; and prompts
        with a long common prefix (the same curated few-shot examples before every question), whose prefix is read
        once for the whole batch. ``generate()`` then reads only what is left of each row. Otherwise rows are read
        in groups (:meth:`_prefill_rows`).
        """
        if min(len(s) for s in sequences) < 2:  # a one-token prompt has nothing to read before generate()
            ids, mask, _ = self._pad_left(sequences)
            return ids, mask, preallocated_cache(self.model.config, headroom)
        distinct: dict[tuple[int, ...], int] = {}
        for seq in sequences:
            distinct.setdefault(tuple(seq), len(distinct))
        if self.share_prefill and len(distinct) < len(sequences):
            ids, mask, positions = self._pad_left([list(seq) for seq in distinct])
            cache = self._prefill_rows(ids, mask, positions, headroom)
            rows = torch.tensor([distinct[tuple(seq)] for seq in sequences], device=ids.device)
            cache.reorder_cache(rows)
            return ids.index_select(0, rows), mask.index_select(0, rows), cache
        shared = self._common_prefix(sequences)
        # Sliding-window layers count their window in cache slots, not positions: padding between a shared prefix
        # and a row's own tokens would push real tokens out of the window. Such a model shares a prefix only among
        # rows whose remainders have one length (no padding between).
        padded_between = not self._cache_can_be_relaid and len({len(s) for s in sequences}) > 1
        if not self.share_prefill or len(sequences) < 2 or shared < self.MIN_SHARED_PREFIX or padded_between:
            ids, mask, positions = self._pad_left(sequences)
            return ids, mask, self._prefill_rows(ids, mask, positions, headroom)
        prefix = torch.tensor([sequences[0][:shared]], device=self.input_device)
        prefix_cache = preallocated_cache(self.model.config, headroom)
        self.model(input_ids=prefix, use_cache=True, logits_to_keep=1, **with_cache(self.model, prefix_cache))
        # Rows read [shared prefix][padding][own tokens]; the mask hides the padding and positions skip it.
        rest, rest_mask, _ = self._pad_left([s[shared:] for s in sequences])
        return self._prefill_after_prefix(prefix, prefix_cache, rest, rest_mask, headroom)

    #: Decoding steps per generate() call: between calls, rows that have finished leave the batch and waiting
    #: prompts join it.
    SEGMENT_STEPS = 16

    @property
    def join_rows_at(self) -> int:
        """Free rows a batch waits for before waiting prompts join it: joining copies the batch's cache once."""
        return max(1, self.batch_size // 4)

    def _start(self, rows: list[int], encoded: list[list[int]], requests: Sequence[GenerationRequest]
               ) -> RunningBatch:
        """Read the prompts of ``rows`` and return them as a batch ready to decode."""
        sequences = [encoded[i] for i in rows]
        headroom = max(len(s) for s in sequences) + max(requests[i].decoding.max_new_tokens for i in rows)
        ids, mask, cache = self._prefill(sequences, headroom)
        return RunningBatch(ids, mask, cache, list(rows))

    @cached_property
    def _cache_can_be_relaid(self) -> bool:
        """Whether this model's cache layers are all plain full attention (see kv_cache)."""
        return is_preallocated(preallocated_cache(self.model.config, 1))

    def _joinable(self, rows: list[int], encoded: list[list[int]]) -> bool:
        """Whether prompts can join a decoding batch: cache layers that can be re-laid and prompts of two tokens
        or more (a one-token prompt has nothing to read before decoding)."""
        return min(len(encoded[i]) for i in rows) >= 2 and self._cache_can_be_relaid

    @torch.inference_mode()
    def _generate_continuously(self, waiting: deque[list[int]], encoded: list[list[int]],
                               requests: Sequence[GenerationRequest], top_k: int,
                               on_batch: BatchCallback | None) -> list[tuple[int, Generation]]:
        """Generate for every waiting request, at most :attr:`batch_size` rows at a time, in segments of
        :attr:`SEGMENT_STEPS` steps.

        Within a segment a row that completes one of its stop sequences is done at that step (StopSequences; the
        segment ends early when every row is done). Between segments, rows that reached an end-of-turn token, a
        stop sequence or their budget leave the batch with their key/value rows, and waiting prompts take their
        places (see running_batch): a batch no longer drains while prompts wait (16 prompt-A answers of up to 384
        tokens averaged 191). A continuing row keeps its cache, its tokens (the repetition penalty sees them all)
        and its own random stream, so its output is the one it would have had in one call. ``waiting`` holds rows in the order they should be read, in groups that share
        a prompt prefix; a group is split only when fewer rows are free.
        """
        done: list[tuple[int, Generation]] = []
        records = {i: _Record() for batch in waiting for i in batch}
        eos = set(self.eos_ids)
        running: RunningBatch | None = None
        staying: list[int] = []
        while True:
            free = self.batch_size - len(staying)
            joining: list[int] = []
            if waiting and (not staying or free >= min(self.join_rows_at, len(waiting[0]))):
                joining = waiting[0][:free]
                if staying and not self._joinable(joining, encoded):
                    joining = []  # they start a batch of their own once this one is done
            if joining:
                waiting[0] = waiting[0][len(joining):]
                if not waiting[0]:
                    waiting.popleft()
                fresh = self._start(joining, encoded, requests)
                if running is None or not staying:
                    running = fresh
                else:  # room for the most tokens any row may still add: steps then write in place
                    left = max(requests[r].decoding.max_new_tokens - len(records[r].tokens)
                               for r in fresh.requests + [running.requests[b] for b in staying])
                    running = join(running, staying, fresh, self.tokenizer.pad_token_id, left)
            elif running is not None and staying:
                running = running.keep(staying)
            else:
                break
            assert running is not None
            rows = running.requests
            steps = min(self.SEGMENT_STEPS, *(requests[r].decoding.max_new_tokens - len(records[r].tokens)
                                              for r in rows))
            recorder = StepRecorder([requests[r].decoding for r in rows], [requests[r].seed for r in rows],
                                    top_logprobs=top_k, generators=[records[r].generator for r in rows],
                                    mask=running.mask)
            stopper = StopSequences([requests[r].decoding.stop for r in rows], [records[r].tokens for r in rows],
                                    running.ids.shape[1], self._decode, eos)
            # Rows that start here hand their first step to cloze scoring of the same prompts (first_step).
            capture = FirstStepCapture([tuple(encoded[r]) if not records[r].tokens else None for r in rows],
                                       self.first_step_memo)
            out = self.model.generate(input_ids=running.ids, attention_mask=running.mask,
                                      generation_config=self._generation_config(steps),
                                      logits_processor=LogitsProcessorList([capture, recorder]),
                                      stopping_criteria=StoppingCriteriaList([stopper] if stopper.active else []),
                                      **with_cache(self.model, running.cache))
            new_tokens = out.sequences[:, running.ids.shape[1]:]
            recorder.finish(new_tokens[:, -1])
            finished = []
            staying = []
            for b, r in enumerate(rows):
                record = records[r]
                record.generator = recorder.generators.get(b)
                row = new_tokens[b].tolist()
                end = next((j for j, t in enumerate(row) if t in eos), None)
                if b in stopper.hit:  # the step that completed a stop sequence: its token is the row's last
                    reason, taken = "stop", row[:stopper.hit[b] + 1]
                else:  # an end-of-turn token is not part of the text; steps after either are padding
                    reason, taken = ("eos", row[:end]) if end is not None else ("length", row)
                record.tokens += taken
                record.logprobs += [recorder.chosen_logprobs[j][b] for j in range(len(taken))]
                if top_k:
                    record.top += [tuple(zip(recorder.topk[j][1][b].tolist(), recorder.topk[j][0][b].tolist()))
                                   for j in range(len(taken))]
                if reason != "length" or len(record.tokens) >= requests[r].decoding.max_new_tokens:
                    finished.append((r, self._generation(record, reason, requests[r].decoding.stop)))
                else:
                    staying.append(b)
            # The last sampled token is not in the cache yet: the next segment reads it first.
            running = running.extend(new_tokens, out.sequences, cache_of(out))
            done += finished
            if on_batch is not None and finished:
                on_batch(list(finished))
        return done

    def _decode(self, tokens: list[int]) -> str:
        return self.tokenizer.decode(tokens, skip_special_tokens=False)

    def _generation(self, record: "_Record", reason: str, stops: tuple[str, ...]) -> Generation:
        """The request's result. After a stop sequence: the text before it, and the tokens that wrote that text
        (every token with a character before the stop; the last may reach into it). The stop's other tokens were
        decoded too and are counted in ``decoded_tokens``."""
        text = self._decode(record.tokens)
        kept, stop_sequence, decoded = len(record.tokens), None, None
        if reason == "stop":
            found = find_stop(text, stops)
            assert found is not None, "a row ended by a stop sequence has one in its text"
            cut, stop_sequence = found
            while kept > 0 and len(self._decode(record.tokens[:kept - 1])) >= cut:
                kept -= 1
            text, decoded = text[:cut], len(record.tokens)
        tokens = record.tokens[:kept]
        return Generation(text=text, token_ids=tuple(tokens), finish_reason=reason,
                          token_logprobs=tuple(record.logprobs[:kept]), top_logprobs=tuple(record.top[:kept]),
                          tokens=tuple(self.tokenizer.convert_ids_to_tokens(tokens)), stop_sequence=stop_sequence,
                          decoded_tokens=decoded)


@dataclass
class _Record:
    """What one request has generated so far, across segments."""

    tokens: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    top: list[tuple] = field(default_factory=list)
    generator: torch.Generator | None = None
