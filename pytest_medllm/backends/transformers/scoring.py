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
from .prefix_tree import PrefixNode, leaf_chunks, plan_prefix_tree

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

        def reduce(row: int, logprobs: torch.Tensor) -> ChoiceScores:
            return ChoiceScores(logprobs=tuple(float(torch.logsumexp(logprobs[0, ids_], dim=0))
                                               for ids_ in token_sets[row]))

        # A prompt that generation has already read takes its first step (the same distribution, first_step).
        results: list[ChoiceScores | None] = [None] * len(encoded)
        taken = []
        for i, seq in enumerate(encoded):
            kept = self.first_step_memo.get(tuple(seq))
            if kept is not None:
                results[i] = reduce(i, kept.to(self.input_device).unsqueeze(0))
                taken.append((i, results[i]))
        if taken and on_batch is not None:
            on_batch(taken)
        rest = [i for i, r in enumerate(results) if r is None]
        # Prompts that share prefixes (a task's instruction, one patient's counterfactual notes) read them once.
        scored = self._gather_by_prefix_tree(
            [encoded[i] for i in rest], [[len(encoded[i]) - 1] for i in rest], lambda k, lp: reduce(rest[k], lp),
            None if on_batch is None else lambda done: on_batch([(rest[k], out) for k, out in done]))
        for i, out in zip(rest, scored):
            results[i] = out
        return results  # type: ignore[return-value]

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

        def reduce(feed: int, logprobs: torch.Tensor) -> list[tuple[int, TokenLogprobs]]:
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

        def expand(done: list[tuple[int, list[tuple[int, TokenLogprobs]]]]) -> None:
            if on_batch is not None:
                on_batch([pair for _, produced in done for pair in produced])

        results: list[TokenLogprobs | None] = [None] * len(requests)
        for produced in self._gather_by_prefix_tree(feeds, wanted_by_feed, reduce, expand):
            for i, value in produced:
                results[i] = value
        return results  # type: ignore[return-value]

    # -- forward passes that compute logits only where they are needed -------------------------------------------
    #: Largest logits tensor (batch × positions × vocabulary, in floats) computed at once.
    LOGITS_BUDGET = 1 << 27
    #: Shortest prefix worth reading once for several rows.
    MIN_SHARED_PREFIX = 16

    #: A forward pass's fixed cost, in positions' worth: a prefix is read once for several rows only when that saves
    #: more positions than its own pass costs.
    PREFIX_PASS_COST = 64

    @torch.inference_mode()
    def _gather_by_prefix_tree(self, sequences: list[list[int]], wanted: list[list[int]],
                               reduce: Callable[[int, torch.Tensor], R], on_batch: BatchCallback | None) -> list[R]:
        """Prefill-only passes over ``sequences``; for row ``r`` call ``reduce(r, logprobs)`` where ``logprobs[j]``
        is the log-softmax (float32, full vocabulary) at position ``wanted[r][j]`` of that row's own tokens; results
        in request order, each pass's reported to ``on_batch``.

        Prefixes that rows share are read once, each from its parent prefix's key/value cache (a tree,
        :mod:`.prefix_tree`: the chat template and a task's instruction once per call, a patient's note once for
        all its counterfactuals); every row reads only its tokens after the deepest prefix it shares, in passes of
        at most ``batch_size`` rows. A wanted position inside a shared prefix takes its logits from that prefix's
        pass (a note's log-likelihood, token by token, for all its counterfactuals up to their first changed value).
        """
        # Every row keeps at least its last token to read itself; logits at a wanted position inside a shared
        # prefix come from that prefix's pass (they are the same for every row that shares it).
        shareable = [len(s) - 1 for s in sequences]
        root = plan_prefix_tree(sequences, shareable, self.PREFIX_PASS_COST, self.MIN_SHARED_PREFIX)
        results: list[R | None] = [None] * len(sequences)

        def visit(node: PrefixNode, cache, inherited: dict[int, torch.Tensor]) -> None:  # noqa: ANN001 - a Cache
            if node.depth > node.parent_depth:
                tokens = sequences[node.first_row][node.parent_depth:node.depth]
                ids = torch.tensor([tokens], device=self.input_device)
                inside = sorted({p for row in node.rows() for p in wanted[row] if node.parent_depth <= p < node.depth})
                keep = [p - node.parent_depth for p in inside] or [len(tokens) - 1]
                # Siblings extend their parent's prefix each on a copy of its cache.
                extra = {} if cache is None else with_cache(self.model, repeat_rows(cache, 1))
                out = self.model(input_ids=ids, use_cache=True, logits_to_keep=torch.tensor(keep, device=ids.device),
                                 **extra)
                cache = cache_of(out)
                if inside:
                    logprobs = torch.log_softmax(out.logits[0].float(), dim=-1)
                    inherited = {**inherited, **{p: logprobs[j] for j, p in enumerate(inside)}}
            for chunk in self._leaf_passes(sequences, node, cache is not None):
                rows = [sequences[i] for i in chunk]
                own = [[p for p in wanted[i] if p >= node.depth] for i in chunk]
                produced: list[R] = []

                def take(k: int, logprobs: torch.Tensor, chunk: list[int] = chunk, own: list[list[int]] = own,
                         produced: list[R] = produced) -> None:
                    row = chunk[k]
                    if len(own[k]) < len(wanted[row]):  # some of its positions were read with a shared prefix
                        where = {p: j for j, p in enumerate(own[k])}
                        logprobs = torch.stack([logprobs[where[p]] if p in where else inherited[p]
                                                for p in wanted[row]])
                    produced.append(reduce(row, logprobs))

                if cache is None:
                    self._forward_rows(rows, own, take)
                else:
                    self._forward_after(cache, node.depth, rows, own, take)
                for index, output in zip(chunk, produced):
                    results[index] = output
                if on_batch is not None:
                    on_batch(list(zip(chunk, produced)))
            for child in node.children:
                visit(child, cache, inherited)

        if sequences:
            visit(root, None, {})
        return results  # type: ignore[return-value]

    def _leaf_passes(self, sequences: list[list[int]], node: PrefixNode, after_prefix: bool) -> list[list[int]]:
        """A node's leaves in passes (:func:`.prefix_tree.leaf_chunks`). After a prefix, rows of one pass are padded
        between the prefix and their own tokens; sliding-window layers count their window in cache slots, not
        positions, so for a model with such layers (its cache cannot be re-laid) a pass holds only rows whose
        remainders have one length: Gemma 3's scores moved by up to 0.02 with padding there."""
        chunks = leaf_chunks(sequences, node, self.batch_size)
        if not after_prefix or self._cache_can_be_relaid:
            return chunks
        passes: list[list[int]] = []
        for chunk in chunks:  # longest first: rows of one length are neighbours
            for row in chunk:
                if passes and passes[-1] and len(sequences[passes[-1][0]]) == len(sequences[row]) and \
                        len(passes[-1]) < self.batch_size:
                    passes[-1].append(row)
                else:
                    passes.append([row])
        return passes

    def _forward_rows(self, sequences: list[list[int]], wanted: list[list[int]],
                      take: Callable[[int, torch.Tensor], None]) -> None:
        """Left-padded passes over whole rows, computing logits only at the wanted positions."""
        vocab = self.model.config.get_text_config().vocab_size
        for start, chunk in self._chunks(sequences, wanted, vocab):
            seqs = sequences[start:start + chunk]
            ids, mask, positions = self._pad_left(seqs)
            width = ids.shape[1]
            padded = [[width - len(s) + p for p in wanted[start + k]] for k, s in enumerate(seqs)]
            keep = sorted({p for row in padded for p in row}) or [width - 1]
            logits = self.model(input_ids=ids, attention_mask=mask, position_ids=positions, use_cache=False,
                                logits_to_keep=torch.tensor(keep, device=ids.device)).logits
            index = {p: j for j, p in enumerate(keep)}
            for k, row in enumerate(padded):
                take(start + k, torch.log_softmax(logits[k, [index[p] for p in row], :].float(), dim=-1))

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

    def _forward_after(self, prefix_cache, shared: int, sequences: list[list[int]], wanted: list[list[int]],
                       take: Callable[[int, torch.Tensor], None]) -> None:  # noqa: ANN001 - a transformers Cache
        """Passes over what the rows hold after a prefix of ``shared`` tokens that they all share and whose one-row
        cache is ``prefix_cache`` (left unchanged): each row ``[prefix][padding][own tokens]``, the mask hiding the
        padding and positions skipping it. ``wanted`` holds only positions after the prefix (possibly none)."""
        vocab = self.model.config.get_text_config().vocab_size
        remainders = [s[shared:] for s in sequences]
        remainder_wanted = [[p - shared for p in row] for row in wanted]
        if any(p < 0 for row in remainder_wanted for p in row):
            raise ValueError("a wanted position lies inside the shared prefix")
        for start, chunk in self._chunks(remainders, remainder_wanted, vocab):
            rems = remainders[start:start + chunk]
            ids, mask, _ = self._pad_left(rems)
            width = ids.shape[1]
            full_mask = torch.cat([torch.ones((len(rems), shared), dtype=mask.dtype, device=mask.device), mask], 1)
            positions = left_padded_positions(full_mask)[:, shared:]
            cache = repeat_rows(prefix_cache, len(rems))
            padded = [[width - len(r) + q for q in remainder_wanted[start + k]] for k, r in enumerate(rems)]
            keep = sorted({p for row in padded for p in row}) or [width - 1]
            logits = self.model(input_ids=ids, attention_mask=full_mask, position_ids=positions,
                                use_cache=True, **with_cache(self.model, cache),
                                logits_to_keep=torch.tensor(keep, device=ids.device)).logits
            index = {p: j for j, p in enumerate(keep)}
            for k, row in enumerate(padded):
                take(start + k, torch.log_softmax(logits[k, [index[p] for p in row], :].float(), dim=-1))
