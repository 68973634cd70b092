"""The transformers backend: real models on CPU or GPU, batched, left-padded, float32 on CPU.

Requests are sorted by token length (long first, so memory trouble shows early and padding stays small, as
lm-evaluation-harness does), prompts that share a prefix kept together, and results restored to their original
order. Generation batches continuously: rows that finish leave between short segments of decoding steps and waiting
prompts take their places. Only the logits that a method needs are computed: the last position for cloze scoring,
the continuation positions for log-likelihoods.
"""

from __future__ import annotations

import warnings
from typing import Sequence

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from ..base import Backend, BackendError
from ..clock import ForwardClock
from ..fingerprint import fingerprint as env_fingerprint
from ..model_registry import ModelSpec
from .cpu_kernels import keep_freed_memory, pack_linear_layers, wants_onednn
from .devices import resolve_dtype
from .first_step import FirstStepMemo
from .generation import ContinuousGeneration
from .kv_cache import left_padded_positions
from .scoring import Scoring

#: End-of-turn markers of common chat templates; generation stops at whichever the tokenizer knows.
END_OF_TURN_TOKENS = ("<|im_end|>", "<|eot_id|>", "<end_of_turn>", "<|end|>", "<|endoftext|>", "<|return|>")


class TransformersBackend(ContinuousGeneration, Scoring, Backend):
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
        if str(device).startswith("cpu") and not device_map:
            keep_freed_memory()  # activation buffers reused from pass to pass (see cpu_kernels)
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
        #: Generation's first-step log-probabilities of recent prompts, for cloze scoring of the same prompts.
        self.first_step_memo = FirstStepMemo()
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
        return ids.to(self.input_device), mask.to(self.input_device), left_padded_positions(mask).to(self.input_device)

    def close(self) -> None:
        self.clock.detach(self.model)  # (a reload shares its reference's clock: only this model stops being timed)
        del self.model
        if torch.cuda.is_available():
            torch.cuda.empty_cache()



def _sha(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
