"""The transformers backend: real models on CPU or GPU, batched, left-padded, float32 on CPU.

Requests are sorted by token length (long first, so memory trouble shows early and padding stays small, as
lm-evaluation-harness does), prompts that share a prefix kept together, and results restored to their original
order. Generation batches continuously: rows that finish leave between short segments of decoding steps and waiting
prompts take their places. Only the logits that a method needs are computed: the last position for cloze scoring,
the continuation positions for log-likelihoods.
"""

from __future__ import annotations

import os
import warnings
from collections import defaultdict, deque
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Sequence, TypeVar

import torch
from transformers import (
    AutoModelForCausalLM,
    AutoTokenizer,
    DynamicCache,
    GenerationConfig,
    LogitsProcessorList,
)

from ..base import (
    Backend,
    BackendError,
    BatchCallback,
    ChoiceRequest,
    ChoiceScores,
    Generation,
    GenerationRequest,
    LoglikelihoodRequest,
    TokenLogprobs,
    WorkerInfo,
)
from ..clock import ForwardClock
from ..cloze_tokens import first_tokens, refuse_shared_first_tokens
from ..fingerprint import fingerprint as env_fingerprint
from ..model_registry import ModelSpec
from ..tokens import common_prefix_length
from .cpu_kernels import pack_linear_layers, wants_onednn
from .kv_cache import is_preallocated, join_rows, preallocated_cache, repeat_rows
from .running_batch import RunningBatch, join
from .stepwise import StepRecorder

R = TypeVar("R")

#: End-of-turn markers of common chat templates; generation stops at whichever the tokenizer knows.
END_OF_TURN_TOKENS = ("<|im_end|>", "<|eot_id|>", "<end_of_turn>", "<|end|>", "<|endoftext|>", "<|return|>")

_DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def resolve_device(requested: str, worker_index: int = 0) -> str:
    """``auto`` → this xdist worker's own GPU (round robin), else Apple MPS, else CPU."""
    if requested == "auto":
        if torch.cuda.is_available():
            return f"cuda:{worker_index % torch.cuda.device_count()}"
        if getattr(torch.backends, "mps", None) is not None and torch.backends.mps.is_available():
            return "mps"
        return "cpu"
    if requested.startswith("cuda") and not torch.cuda.is_available():
        raise BackendError(f"--device {requested}: this machine has no CUDA GPU visible to torch "
                           f"(torch {torch.__version__}, CUDA build {torch.version.cuda}); use --device cpu")
    return requested


def resolve_dtype(requested: str, device: str, recommended: str = "auto") -> torch.dtype:
    """``auto`` → float32 on CPU (outputs are compared: bf16 batching noise flips answers), else the model's
    recommended dtype, else bfloat16 where supported."""
    if requested != "auto":
        return _DTYPES[requested]
    if device == "cpu":
        return torch.float32
    if recommended in _DTYPES:
        return _DTYPES[recommended]
    if device.startswith("cuda") and torch.cuda.is_bf16_supported():
        return torch.bfloat16
    return torch.float16


def _batches(order: list[int], size: int, encoded: list[list[int]] | None = None, keep_prefix: int = 128
             ) -> list[list[int]]:
    """Consecutive rows in batches of ``size``. Given the token sequences (sorted by tokens), a batch also ends
    early where the next row would cut a long shared prefix (>= ``keep_prefix`` tokens) to less than half, so that
    the prefix is read once per batch (e.g. one ordering of few-shot examples per batch)."""
    batches: list[list[int]] = []
    current: list[int] = []
    shared = 0
    for index in order:
        if len(current) >= size:
            batches.append(current)
            current = []
        if current and encoded is not None:
            common = common_prefix_length(encoded[current[0]], encoded[index])
            if len(current) == 1:
                shared = common  # the second row establishes what the batch shares
            elif shared >= keep_prefix and common < shared // 2:
                batches.append(current)
                current = []
            else:
                shared = min(shared, common)
        current.append(index)
    if current:
        batches.append(current)
    return batches


#: Rows whose token prefixes agree at least this much further than the whole request list does form one cluster.
CLUSTER_PREFIX = 32


def _sharing_order(members: list[int], encoded: list[list[int]], tie: Callable[[int], object] = lambda i: 0
                   ) -> list[int]:
    """Order rows for batching so that both costs of a batch stay small.

    Rows that share a long token prefix (one patient's counterfactual notes, one ordering of few-shot examples,
    repeated samples of one prompt) stay together in token order, so that a batch reads the longest prefix its
    rows share once (token order puts notes that differ late next to each other). Between clusters and rows that
    share nothing, the longest come first, so that the rows of a batch have similar lengths and the padding is
    small. (Token order alone keeps prefixes together but mixes lengths: on 200 MMLU items the forward passes
    computed 1.45-1.8 times the real tokens.) A prefix every row shares (a system prompt) makes no cluster.
    """
    lex = sorted(members, key=lambda i: (encoded[i], tie(i)))
    if len(lex) < 2:
        return lex
    shared = [common_prefix_length(encoded[a], encoded[b]) for a, b in zip(lex, lex[1:])]
    floor = min(shared)
    clusters = [[lex[0]]]
    for index, common in zip(lex[1:], shared):
        if common >= floor + CLUSTER_PREFIX:
            clusters[-1].append(index)
        else:
            clusters.append([index])
    clusters.sort(key=lambda cluster: -max(len(encoded[i]) for i in cluster))
    return [i for cluster in clusters for i in cluster]


class TransformersBackend(Backend):
    """A causal language model loaded with ``AutoModelForCausalLM``."""

    name = "transformers"
    streams_results = True  # on_batch as results are done: the cache commits as the model goes

    def __init__(self, model_path: str, *, spec: ModelSpec, device: str = "cpu", dtype: str = "auto",
                 attn_implementation: str = "auto", chat_template: str = "auto", batch_size: int = 8,
                 trust_remote_code: bool = False, revision: str | None = None, model_hash: str | None = None,
                 device_map: str | None = None, linear_kernel: str = "auto") -> None:
        self.spec = spec
        self.batch_size = batch_size
        self.device = device
        self.torch_dtype = resolve_dtype(dtype, device, spec.dtype)
        kwargs: dict = {"dtype": self.torch_dtype, "trust_remote_code": trust_remote_code}
        if revision:
            kwargs["revision"] = revision
        if attn_implementation != "auto":
            kwargs["attn_implementation"] = attn_implementation
        if device_map:
            kwargs["device_map"] = device_map
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model_path, revision=revision,
                                                           trust_remote_code=trust_remote_code)
            self.model = AutoModelForCausalLM.from_pretrained(model_path, **kwargs)
        except OSError as exc:
            raise BackendError(
                f"could not load model {model_path!r}: {exc}. Without access to the model hub, download the "
                f"model on another machine and pass its folder to --model, or pre-fill the hub cache "
                f"(HF_HOME) and set HF_HUB_OFFLINE=1."
            ) from exc
        except ValueError as exc:
            if "trust_remote_code" in str(exc):
                raise BackendError(f"{model_path!r} ships its own modelling code; rerun with --trust-remote-code "
                                   f"if you trust it.") from exc
            raise
        if not device_map:
            self.model.to(device)
        self.model.eval()
        #: "onednn" when the linear layers were packed for the CPU (see cpu_kernels), else "torch".
        self.linear_kernel = self._choose_linear_kernel(linear_kernel, device_map)
        #: Seconds of prefill and decode passes by suite, for the report's "where the time went".
        self.clock = ForwardClock().attach(self.model)
        self.input_device = next(self.model.parameters()).device
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.use_chat = self._chat_policy(chat_template)
        self.eos_ids = self._eos_ids()
        self.attn_implementation = getattr(self.model.config, "_attn_implementation", None) or attn_implementation
        self.model_hash = model_hash
        self.revision = revision or getattr(self.model.config, "_commit_hash", None)
        self.model_path = model_path
        #: Read a prompt once for all rows of a batch that repeat it (see _prefill).
        self.share_prefill = True
        self._fingerprint: dict | None = None

    def _choose_linear_kernel(self, requested: str, device_map: str | None) -> str:
        if device_map or not wants_onednn(requested, self.device, self.torch_dtype):
            return "torch"
        probe = torch.tensor([self._encode_bare("Heart rate 128 bpm, blood pressure 84/50 mmHg: is this shock?")],
                             device=next(self.model.parameters()).device)
        refused = pack_linear_layers(self.model, probe)
        if refused is None:
            return "onednn"
        if requested == "onednn":
            raise BackendError(f"--linear-kernel onednn: {refused}; use --linear-kernel torch")
        warnings.warn(f"the model keeps PyTorch's linear kernels: {refused}", stacklevel=2)
        return "torch"

    # -- description -------------------------------------------------------------------------------------
    def _chat_policy(self, requested: str) -> bool:
        policy = requested if requested != "auto" else self.spec.chat_template
        has_template = bool(getattr(self.tokenizer, "chat_template", None))
        if policy == "on" and not has_template:
            raise BackendError(f"--chat-template on: the tokenizer of {self.spec.alias} has no chat template")
        return has_template if policy == "auto" else policy == "on"

    def _eos_ids(self) -> list[int]:
        ids: set[int] = set()
        configured = self.model.generation_config.eos_token_id
        if isinstance(configured, int):
            ids.add(configured)
        elif configured:
            ids.update(configured)
        if self.tokenizer.eos_token_id is not None:
            ids.add(self.tokenizer.eos_token_id)
        template = getattr(self.tokenizer, "chat_template", None) or ""
        vocab = self.tokenizer.get_vocab()
        for token in END_OF_TURN_TOKENS:
            if token in template and token in vocab:
                ids.add(vocab[token])
        return sorted(ids)

    def identity(self) -> dict:
        return {
            "backend": self.name,
            "model": self.spec.hub_id if self.spec.source == "hub" else self.spec.alias,
            "revision": self.revision,
            "weights_sha256": self.model_hash,
            "dtype": str(self.torch_dtype).replace("torch.", ""),
            "chat_template": self.use_chat,
            "template_sha256": _sha(getattr(self.tokenizer, "chat_template", None) or ""),
            "attn_implementation": self.attn_implementation,
            "linear_kernel": self.linear_kernel,
            # Padding changes float results slightly, so batch size is part of what a response was made under.
            "batch_size": self.batch_size,
        }

    def fingerprint(self) -> dict:
        if self._fingerprint is None:
            self._fingerprint = env_fingerprint(
                device=str(self.input_device), dtype=str(self.torch_dtype).replace("torch.", ""),
                attn_implementation=self.attn_implementation, model_hash=self.model_hash or self.revision,
                model_id=self.spec.hub_id if self.spec.source != "embedded-gguf" else self.spec.alias,
                linear_kernel=self.linear_kernel)
        return self._fingerprint

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        if not self.use_chat:
            return f"{system}\n\n{prompt}" if system else prompt
        messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user",
                                                                                    "content": prompt}]
        return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    def _encode_formatted(self, text: str) -> list[int]:
        """Token ids of a formatted prompt: a chat template writes its own BOS, plain text gets the tokenizer's."""
        return self.tokenizer(text, add_special_tokens=not self.use_chat)["input_ids"]

    def _encode_bare(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def _pad_left(self, sequences: Sequence[Sequence[int]]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        width = max(len(s) for s in sequences)
        pad = self.tokenizer.pad_token_id
        ids = torch.full((len(sequences), width), pad, dtype=torch.long)
        mask = torch.zeros((len(sequences), width), dtype=torch.long)
        for row, seq in enumerate(sequences):
            if seq:
                ids[row, width - len(seq):] = torch.tensor(seq, dtype=torch.long)
                mask[row, width - len(seq):] = 1
        return ids.to(self.input_device), mask.to(self.input_device), _positions(mask).to(self.input_device)

    def _run_batched(self, encoded: list[list[int]], run: Callable[[list[int]], list[R]],
                     on_batch: BatchCallback | None) -> list[R]:
        """``run`` on batches of rows that share prefixes and have similar lengths; results in request order."""
        results: list[R | None] = [None] * len(encoded)
        for batch in _batches(_sharing_order(list(range(len(encoded))), encoded), self.batch_size, encoded):
            outputs = run(batch)
            for index, output in zip(batch, outputs):
                results[index] = output
            if on_batch is not None:
                on_batch(list(zip(batch, outputs)))
        return results  # type: ignore[return-value]

    # -- generation ----------------------------------------------------------------------------------------
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
            order = _sharing_order(members, encoded, tie=lambda i: requests[i].seed)
            waiting = deque(_batches(order, self.batch_size, encoded))
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

    def _prefill_rows(self, ids: torch.Tensor, mask: torch.Tensor, positions: torch.Tensor, headroom: int,
                      prefix: DynamicCache | None = None) -> DynamicCache:
        """Read every row of a left-padded batch but its last token, in groups of rows of at most
        :attr:`PREFILL_POSITIONS` positions, and return one cache for the batch (``generate()`` then reads the last
        tokens). Without ``prefix`` each group skips the padding all its rows share; with it (a one-row cache of the
        first positions, common to all rows) each group starts from copies of it and reads what follows."""
        width = ids.shape[1] - 1
        start = prefix.get_seq_length() if prefix is not None else 0
        if prefix is not None and not is_preallocated(prefix):
            # Sliding-window, linear-attention or shared layers: every row gets the prefix, generate() reads the rest.
            prefix.reorder_cache(torch.zeros(ids.shape[0], dtype=torch.long, device=ids.device))
            return prefix
        if prefix is not None and width <= start:
            return repeat_rows(prefix, ids.shape[0])
        if prefix is None and not is_preallocated(whole := preallocated_cache(self.model.config, headroom)):
            self.model(input_ids=ids[:, :width], attention_mask=mask[:, :width], position_ids=positions[:, :width],
                       past_key_values=whole, use_cache=True, logits_to_keep=1)  # one pass: rows cannot be joined
            return whole
        per_pass = max(1, self.PREFILL_POSITIONS // max(width - start, 1))
        parts = []
        for first in range(0, ids.shape[0], per_pass):
            rows = slice(first, first + per_pass)
            if prefix is not None:  # copies of the prefix read what follows it; the mask covers the prefix too
                cache, skipped, read_from, mask_from = repeat_rows(prefix, ids[rows].shape[0]), 0, start, 0
            else:  # the group skips the columns that are padding in all its rows
                skipped = int((mask[rows, :width].sum(0) > 0).nonzero()[0])
                cache, read_from, mask_from = preallocated_cache(self.model.config, headroom), skipped, skipped
            self.model(input_ids=ids[rows, read_from:width], attention_mask=mask[rows, mask_from:width],
                       position_ids=positions[rows, read_from:width], past_key_values=cache, use_cache=True,
                       logits_to_keep=1)
            parts.append((cache, None, 0))  # each group's positions end at the batch's last column
        if len(parts) == 1 and skipped == 0:
            return parts[0][0]
        return join_rows(parts, width, headroom)

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
        if not self.share_prefill or len(sequences) < 2 or shared < self.MIN_SHARED_PREFIX:
            ids, mask, positions = self._pad_left(sequences)
            return ids, mask, self._prefill_rows(ids, mask, positions, headroom)
        prefix = torch.tensor([sequences[0][:shared]], device=self.input_device)
        prefix_cache = preallocated_cache(self.model.config, headroom)
        self.model(input_ids=prefix, past_key_values=prefix_cache, use_cache=True, logits_to_keep=1)
        rest, rest_mask, _ = self._pad_left([s[shared:] for s in sequences])
        # Rows read [shared prefix][padding][own tokens]; the mask hides the padding and positions skip it.
        ids = torch.cat([prefix.expand(len(sequences), -1), rest], dim=1)
        mask = torch.cat([torch.ones((len(sequences), shared), dtype=rest_mask.dtype, device=rest.device),
                          rest_mask], dim=1)
        return ids, mask, self._prefill_rows(ids, mask, _positions(mask), headroom, prefix=prefix_cache)

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

        Between segments, rows that reached an end-of-turn token or their budget leave the batch with their
        key/value rows, and waiting prompts take their places (see running_batch): a batch no longer drains while
        prompts wait (16 prompt-A answers of up to 384 tokens averaged 191). A continuing row keeps its cache,
        its tokens (the repetition penalty sees them all) and its own random stream, so its output is the one it
        would have had in one call. ``waiting`` holds rows in the order they should be read, in groups that share
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
            out = self.model.generate(input_ids=running.ids, attention_mask=running.mask,
                                      generation_config=self._generation_config(steps),
                                      logits_processor=LogitsProcessorList([recorder]),
                                      past_key_values=running.cache)
            new_tokens = out.sequences[:, running.ids.shape[1]:]
            recorder.finish(new_tokens[:, -1])
            finished = []
            staying = []
            for b, r in enumerate(rows):
                record = records[r]
                record.generator = recorder.generators.get(b)
                row = new_tokens[b].tolist()
                stop = next((j for j, t in enumerate(row) if t in eos), None)
                taken = row if stop is None else row[:stop]
                record.tokens += taken
                record.logprobs += [recorder.chosen_logprobs[j][b] for j in range(len(taken))]
                if top_k:
                    record.top += [tuple(zip(recorder.topk[j][1][b].tolist(), recorder.topk[j][0][b].tolist()))
                                   for j in range(len(taken))]
                if stop is not None or len(record.tokens) >= requests[r].decoding.max_new_tokens:
                    finished.append((r, self._generation(record, stop is not None)))
                else:
                    staying.append(b)
            # The last sampled token is not in the cache yet: the next segment reads it first.
            running = running.extend(new_tokens, out.sequences, out.past_key_values)
            done += finished
            if on_batch is not None and finished:
                on_batch(list(finished))
        return done

    def _generation(self, record: "_Record", stopped: bool) -> Generation:
        return Generation(text=self.tokenizer.decode(record.tokens, skip_special_tokens=False),
                          token_ids=tuple(record.tokens), finish_reason="eos" if stopped else "length",
                          token_logprobs=tuple(record.logprobs), top_logprobs=tuple(record.top),
                          tokens=tuple(self.tokenizer.convert_ids_to_tokens(record.tokens)))

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
        base_cache = head.past_key_values
        vocab = prefix_logprobs.shape[-1]
        out = []
        remainders = [s[shared:] for s in sequences]
        remainder_wanted = [[p - shared for p in row if p >= shared] for row in wanted]
        for start, chunk in self._chunks(remainders, remainder_wanted, vocab):
            rems = remainders[start:start + chunk]
            ids, mask, _ = self._pad_left(rems)
            width = ids.shape[1]
            full_mask = torch.cat([torch.ones((len(rems), shared), dtype=mask.dtype, device=mask.device), mask], 1)
            positions = _positions(full_mask)[:, shared:]
            cache = repeat_rows(base_cache, len(rems))
            padded = [[width - len(r) + q for q in remainder_wanted[start + k]] for k, r in enumerate(rems)]
            keep_rows = sorted({p for row in padded for p in row}) or [width - 1]
            logits = self.model(input_ids=ids, attention_mask=full_mask, position_ids=positions,
                                past_key_values=cache, use_cache=True,
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

    def close(self) -> None:
        self.clock.detach()
        del self.model
        if torch.cuda.is_available():
            torch.cuda.empty_cache()


@dataclass
class _Record:
    """What one request has generated so far, across segments."""

    tokens: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    top: list[tuple] = field(default_factory=list)
    generator: torch.Generator | None = None


def _positions(mask: torch.Tensor) -> torch.Tensor:
    """Position ids of left-padded rows: each row counts from 0 at its first real token (padding gets 0)."""
    return (mask.cumsum(-1) - 1).clamp(min=0)


def _sha(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def create_transformers_backend(run_config, spec: ModelSpec, worker: WorkerInfo | None = None
                                ) -> TransformersBackend:
    """Factory used by the plugin: resolves weights, device and threads, then loads the model."""
    from ..placement import current_worker
    from .weights import ensure_dense_copy, folder_weights_hash

    cache_dir = Path(run_config.cache_dir)
    worker = worker or current_worker(run_config.device)
    count = worker.count
    # The plugin's choice for --device auto comes from the driver; a CPU build of torch cannot use it.
    chosen = worker.device if run_config.device != "auto" or torch.cuda.is_available() else "auto"
    device = resolve_device(chosen, worker.index)
    if device == "cpu" and count > 1:
        # xdist workers share the CPU: without this each would start one thread per core and thrash.
        torch.set_num_threads(max(1, (os.cpu_count() or 1) // count))
    device_map = None
    if run_config.device == "auto" and device.startswith("cuda") and count == 1 and torch.cuda.device_count() > 1:
        device_map = "auto"  # one process, several GPUs: spread a large model over all of them
    model_hash: str | None = None
    if spec.source == "embedded-gguf":
        folder, model_hash = ensure_dense_copy(spec, cache_dir)
        path = str(folder)
    elif spec.source == "local":
        path = spec.hub_id
        model_hash = folder_weights_hash(Path(path), cache_dir)
    else:
        path = spec.hub_id
    return TransformersBackend(
        path, spec=spec, device=device, dtype=run_config.dtype, attn_implementation=run_config.attn_implementation,
        chat_template=run_config.chat_template, batch_size=run_config.batch_size,
        trust_remote_code=run_config.trust_remote_code, revision=spec.revision, model_hash=model_hash,
        device_map=device_map, linear_kernel=getattr(run_config, "linear_kernel", "auto"),
    )


