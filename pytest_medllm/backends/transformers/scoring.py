"""Scoring for the transformers backend: cloze scoring of answer letters at the answer position and
log-likelihoods of continuations, computing logits only at the positions a request needs and reading a prefix that
every row shares once."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

import torch

from ..base import (
    BackendError,
    BatchCallback,
    ChoiceRequest,
    ChoiceScores,
    LoglikelihoodRequest,
    TokenLogprobs,
)
from ..cloze_tokens import first_tokens, refuse_shared_first_tokens
from ..tokens import common_prefix_length
from .kv_cache import cache_of, left_padded_positions, repeat_rows, with_cache

R = TypeVar("R")


class Scoring:
    """The scoring half of :class:`~.backend.TransformersBackend` (a mixin: it uses the model, tokenizer and
    batching helpers the backend holds)."""

    # -- cloze scoring ---------------------------------------------------------------------------------------
    def choice_token_ids(self, formatted_prompt: str, choice: str) -> set[int]:
        """Token ids that begin ``choice`` right after the prompt, bare and spaced (see cloze_tokens)."""
        return first_tokens(formatted_prompt, choice, self._encode_bare,
                            lambda token: self.tokenizer.decode([token]))

    def score_choices(self, requests: Sequence[ChoiceRequest], on_batch: BatchCallback | None = None
                      ) -> list[ChoiceScores]:
        formatted = [self.format_prompt(r.prompt, r.system) + r.answer_prefix for r in requests]
        encoded = [self._encode_formatted(text) for text in formatted]
        token_sets: list[list[list[int]]] = []
        for text, request in zip(formatted, requests):
            sets = [sorted(self.choice_token_ids(text, c)) for c in request.choices]
            refuse_shared_first_tokens(request.choices, sets,
                                       lambda token: repr(self.tokenizer.convert_ids_to_tokens(token)))
            token_sets.append(sets)

        def run(batch: list[int]) -> list[ChoiceScores]:
            def reduce(row: int, logprobs: torch.Tensor) -> ChoiceScores:
                sets = token_sets[batch[row]]
                return ChoiceScores(logprobs=tuple(float(torch.logsumexp(logprobs[0, ids_], dim=0)) for ids_ in sets))

            sequences = [encoded[i] for i in batch]
            return self._forward_gather(sequences, [[len(s) - 1] for s in sequences], reduce)

        # Prompts that share a prefix (counterfactual notes of one patient) share a batch, which reads it once.
        return self._run_batched(encoded, run, on_batch)

    # -- log-likelihood ------------------------------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest], on_batch: BatchCallback | None = None
                      ) -> list[TokenLogprobs]:
        limit = getattr(self.model.config, "max_position_embeddings", None) or 4096
        pairs: list[tuple[list[int], list[int]]] = []
        for r in requests:
            if not r.continuation:
                raise ValueError("LoglikelihoodRequest.continuation must not be empty")
            if r.chat:
                context = self._encode_formatted(self.format_prompt(r.context))
            else:
                context = self._encode_bare(r.context) if r.context else []
            if not context:
                # The first token needs something to be predicted from, as in lm-evaluation-harness.
                start = self.tokenizer.bos_token_id if self.tokenizer.bos_token_id is not None \
                    else self.tokenizer.eos_token_id
                context = [start]
            continuation = self._encode_bare(r.continuation)
            if len(continuation) >= limit:
                raise BackendError(f"continuation of {len(continuation)} tokens exceeds the model's context "
                                   f"length {limit}")
            overflow = len(context) + len(continuation) - limit
            pairs.append((context[overflow:] if overflow > 0 else context, continuation))
        # The last token of context + continuation is predicted, never read: requests whose inputs agree (the
        # options " A".." D" after one question, as lm-evaluation-harness asks them) need one forward pass between
        # them, whatever their continuations.
        inputs: dict[tuple[int, ...], int] = {}
        users: list[list[int]] = []
        for i, (context, continuation) in enumerate(pairs):
            key = tuple(context + continuation[:-1])
            if key not in inputs:
                inputs[key] = len(users)
                users.append([])
            users[inputs[key]].append(i)
        feeds = [list(key) for key in inputs]
        # Predictions for a continuation come from the positions just before each of its tokens.
        spans = [range(len(context) - 1, len(context) + len(continuation) - 1) for context, continuation in pairs]
        wanted_by_feed = [sorted({p for i in members for p in spans[i]}) for members in users]

        def run(batch: list[int]) -> list[list[tuple[int, TokenLogprobs]]]:
            def reduce(row: int, logprobs: torch.Tensor) -> list[tuple[int, TokenLogprobs]]:
                feed = batch[row]
                where = {p: j for j, p in enumerate(wanted_by_feed[feed])}
                out = []
                for i in users[feed]:
                    continuation = pairs[i][1]
                    rows = logprobs[[where[p] for p in spans[i]]]
                    target = torch.tensor(continuation, device=logprobs.device)
                    chosen = rows.gather(1, target.view(-1, 1)).squeeze(1).cpu().tolist()
                    greedy = (rows.argmax(-1) == target).cpu().tolist()
                    out.append((i, TokenLogprobs(token_ids=tuple(continuation),
                                                 tokens=tuple(self.tokenizer.convert_ids_to_tokens(continuation)),
                                                 logprobs=tuple(chosen), greedy=tuple(greedy))))
                return out

            return self._forward_gather([feeds[f] for f in batch], [wanted_by_feed[f] for f in batch], reduce)

        def expand(done: list[tuple[int, list[tuple[int, TokenLogprobs]]]]) -> None:
            if on_batch is not None:
                on_batch([pair for _, produced in done for pair in produced])

        results: list[TokenLogprobs | None] = [None] * len(requests)
        for produced in self._run_batched(feeds, run, expand):
            for i, value in produced:
                results[i] = value
        return results  # type: ignore[return-value]

    # -- forward passes that compute logits only where they are needed -------------------------------------------
    #: Largest logits tensor (batch × positions × vocabulary, in floats) computed at once.
    LOGITS_BUDGET = 1 << 27
    #: Shortest common prefix worth reading once for a whole batch.
    MIN_SHARED_PREFIX = 16

    @torch.inference_mode()
    def _forward_gather(self, sequences: list[list[int]], wanted: list[list[int]],
                        reduce: Callable[[int, torch.Tensor], R]) -> list[R]:
        """One forward pass over ``sequences``; for row ``r`` call ``reduce(r, logprobs)`` where ``logprobs[j]``
        is the log-softmax (float32, full vocabulary) at position ``wanted[r][j]`` of that row's own tokens.

        When the batch shares a long token prefix (counterfactual notes of one patient), the prefix is read once
        and its key/value cache reused by every row; only the differing remainders are computed per row.
        """
        shared = self._common_prefix(sequences)
        if len(sequences) > 1 and shared >= self.MIN_SHARED_PREFIX:
            return self._forward_with_prefix(sequences, wanted, reduce, shared)
        out: list[R] = []
        vocab = self.model.config.get_text_config().vocab_size
        for start, chunk in self._chunks(sequences, wanted, vocab):
            seqs = sequences[start:start + chunk]
            ids, mask, positions = self._pad_left(seqs)
            width = ids.shape[1]
            padded = [[width - len(s) + p for p in wanted[start + k]] for k, s in enumerate(seqs)]
            keep = sorted({p for row in padded for p in row})
            logits = self.model(input_ids=ids, attention_mask=mask, position_ids=positions, use_cache=False,
                                logits_to_keep=torch.tensor(keep, device=ids.device)).logits
            index = {p: j for j, p in enumerate(keep)}
            for k, row in enumerate(padded):
                rows = logits[k, [index[p] for p in row], :].float()
                out.append(reduce(start + k, torch.log_softmax(rows, dim=-1)))
        return out

    def _chunks(self, sequences, wanted, vocab: int):
        """Row chunks whose logits stay within LOGITS_BUDGET."""
        start = 0
        while start < len(sequences):
            chunk = 1
            while start + chunk < len(sequences):
                widest = max(len(w) for w in wanted[start:start + chunk + 1]) + 1
                if (chunk + 1) * widest * vocab > self.LOGITS_BUDGET:
                    break
                chunk += 1
            yield start, chunk
            start += chunk

    @staticmethod
    def _common_prefix(sequences: list[list[int]]) -> int:
        """Length of the longest common token prefix, leaving every row at least one token of its own."""
        length = min(len(s) for s in sequences) - 1
        for seq in sequences[1:]:
            length = min(length, common_prefix_length(sequences[0], seq))
        return max(length, 0)

    def _forward_with_prefix(self, sequences, wanted, reduce, shared: int) -> list:
        prefix = torch.tensor([sequences[0][:shared]], device=self.input_device)
        prefix_positions = sorted({p for row in wanted for p in row if p < shared})
        keep = torch.tensor(prefix_positions or [shared - 1], device=prefix.device)
        head = self.model(input_ids=prefix, use_cache=True, logits_to_keep=keep)
        prefix_logprobs = torch.log_softmax(head.logits[0].float(), dim=-1)
        prefix_index = {p: j for j, p in enumerate(prefix_positions)}
        base_cache = cache_of(head)
        vocab = prefix_logprobs.shape[-1]
        out = []
        remainders = [s[shared:] for s in sequences]
        remainder_wanted = [[p - shared for p in row if p >= shared] for row in wanted]
        for start, chunk in self._chunks(remainders, remainder_wanted, vocab):
            rems = remainders[start:start + chunk]
            ids, mask, _ = self._pad_left(rems)
            width = ids.shape[1]
            full_mask = torch.cat([torch.ones((len(rems), shared), dtype=mask.dtype, device=mask.device), mask], 1)
            positions = left_padded_positions(full_mask)[:, shared:]
            cache = repeat_rows(base_cache, len(rems))
            padded = [[width - len(r) + q for q in remainder_wanted[start + k]] for k, r in enumerate(rems)]
            keep_rows = sorted({p for row in padded for p in row}) or [width - 1]
            logits = self.model(input_ids=ids, attention_mask=full_mask, position_ids=positions,
                                use_cache=True, **with_cache(self.model, cache),
                                logits_to_keep=torch.tensor(keep_rows, device=ids.device)).logits
            index = {p: j for j, p in enumerate(keep_rows)}
            for k in range(len(rems)):
                row_wanted = wanted[start + k]
                parts = []
                for p in row_wanted:
                    if p < shared:
                        parts.append(prefix_logprobs[prefix_index[p]])
                    else:
                        q = width - len(rems[k]) + (p - shared)
                        parts.append(torch.log_softmax(logits[k, index[q], :].float(), dim=-1))
                out.append(reduce(start + k, torch.stack(parts)))
        return out
