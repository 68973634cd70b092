"""The same model under a numeric perturbation a user can actually make (numerical-stability suite).

Each variant keeps the model and changes one thing — dtype, batch size (padding), attention implementation,
the ``pipeline()`` code path, deterministic algorithms, TF32 — and says so in its identity, so the response cache
never mixes its answers with the reference's.

A reloaded model keeps the reference's linear-layer kernels where this CPU can run them with the changed setting.
Where it cannot — oneDNN's packed layers in bfloat16 on a CPU without native bfloat16 (AVX2-only) — the reload
uses PyTorch's own kernels, which compute bfloat16 on any CPU, and :func:`kernels_used` says so: the question (does
bfloat16 change the answers?) is still asked, with the kernels named.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager, nullcontext
from typing import Iterator, Sequence

import torch

from ..base import Backend, BatchCallback, Generation, GenerationRequest
from .backend import TransformersBackend
from .cpu_kernels import onednn_dtype_problem
from .devices import resolve_dtype
from .first_step import FirstStepMemo

#: How each linear kernel is named where a run says which kernels it used.
KERNEL_NAMES = {"onednn": "oneDNN's packed linear layers", "torch": "PyTorch's linear kernels"}


class Variant(Backend):
    """Wraps a backend; subclasses change how ``generate`` runs."""

    def __init__(self, inner: Backend, label: str) -> None:
        self.inner = inner
        self.label = label
        self.name = inner.name

    def identity(self) -> dict:
        return {**self.inner.identity(), "variant": self.label}

    def fingerprint(self) -> dict:
        return self.inner.fingerprint()

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        return self.inner.format_prompt(prompt, system)

    @contextmanager
    def active(self) -> Iterator[None]:
        yield

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        memo = getattr(self.inner, "first_step_memo", None)
        # Its first steps are not the reference's: cloze scoring must not take them.
        with self.active(), (memo.suspend() if memo is not None else nullcontext()):
            return self.inner.generate(requests, on_batch=on_batch)

    def close(self) -> None:
        pass  # the wrapped backend belongs to the session


class Deterministic(Variant):
    """``torch.use_deterministic_algorithms(True)`` (and cuDNN deterministic) while generating."""

    def __init__(self, inner: Backend) -> None:
        super().__init__(inner, "deterministic-algorithms")

    def fingerprint(self) -> dict:
        return {**self.inner.fingerprint(), "deterministic_algorithms": True, "cudnn_deterministic": True}

    @contextmanager
    def active(self) -> Iterator[None]:
        previous = (torch.are_deterministic_algorithms_enabled(), torch.backends.cudnn.deterministic)
        torch.use_deterministic_algorithms(True, warn_only=True)
        torch.backends.cudnn.deterministic = True
        try:
            yield
        finally:
            torch.use_deterministic_algorithms(previous[0])
            torch.backends.cudnn.deterministic = previous[1]


class TF32(Variant):
    """TF32 matrix products on an Ampere-or-newer GPU."""

    def __init__(self, inner: Backend) -> None:
        super().__init__(inner, "tf32")

    def fingerprint(self) -> dict:
        return {**self.inner.fingerprint(), "tf32_matmul": True, "tf32_cudnn": True}

    @contextmanager
    def active(self) -> Iterator[None]:
        previous = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32)
        torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
        try:
            yield
        finally:
            torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = previous


class Pipeline(Variant):
    """transformers' ``pipeline("text-generation")``, one prompt per call as in the pediatric endocrinology
    study, greedy with the same settings as the reference ``generate()`` path."""

    def __init__(self, inner: TransformersBackend) -> None:
        super().__init__(inner, "pipeline")

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        from transformers import pipeline

        inner: TransformersBackend = self.inner  # type: ignore[assignment]
        generator = pipeline("text-generation", model=inner.model, tokenizer=inner.tokenizer)
        out = []
        for index, request in enumerate(requests):
            text_in = [{"role": "user", "content": request.prompt}] if inner.use_chat else request.prompt
            result = generator(text_in, max_new_tokens=request.decoding.max_new_tokens, do_sample=False,
                               temperature=None, top_p=None, top_k=None,
                               repetition_penalty=request.decoding.repetition_penalty or 1.0,
                               return_full_text=False, pad_token_id=inner.tokenizer.pad_token_id)
            text = result[0]["generated_text"]
            if isinstance(text, list):  # chat input returns the conversation
                text = text[-1]["content"]
            ids = tuple(inner.tokenizer(text, add_special_tokens=False)["input_ids"])
            generation = Generation(text=text, token_ids=ids,
                                    finish_reason="length" if len(ids) >= request.decoding.max_new_tokens else "eos",
                                    tokens=tuple(inner.tokenizer.convert_ids_to_tokens(list(ids))))
            out.append(generation)
            if on_batch is not None:
                on_batch([(index, generation)])
        return out


def with_batch_size(inner: TransformersBackend, batch_size: int) -> TransformersBackend:
    """The same loaded model, batching differently (padding changes the arithmetic)."""
    clone = copy.copy(inner)
    clone.batch_size = batch_size
    clone._fingerprint = None
    clone.first_step_memo = FirstStepMemo()  # its first steps are not the reference's: never the reference's memo
    return clone


def reload_kernel(inner: TransformersBackend, dtype: str) -> tuple[str, str | None]:
    """The linear kernel a reload of ``inner`` in ``dtype`` uses, and why it is not the reference's (None when it
    is): the reference's kernel when this CPU runs it in that dtype, else PyTorch's."""
    if inner.linear_kernel != "onednn":
        return inner.linear_kernel, None
    problem = onednn_dtype_problem(resolve_dtype(dtype, str(inner.input_device), inner.spec.dtype))
    return ("torch", problem) if problem else ("onednn", None)


def reloaded(inner: TransformersBackend, **changes) -> TransformersBackend:
    """The model loaded again with one setting changed (dtype, attention implementation or linear kernel).

    Unless ``linear_kernel`` is the change, the reload keeps the reference's kernel where this CPU can run it and
    otherwise uses PyTorch's (see :func:`reload_kernel`); ``kernel_fallback`` on the result says why, or is None.
    Raises :class:`~pytest_medllm.backends.base.BackendError` when the model cannot be loaded that way (e.g. an
    explicitly requested kernel this CPU cannot run)."""
    settings = {"device": str(inner.input_device), "dtype": str(inner.torch_dtype).replace("torch.", ""),
                "attn_implementation": inner.attn_implementation or "auto", "chat_template":
                "on" if inner.use_chat else "off", "batch_size": inner.batch_size, "revision": inner.revision,
                "model_hash": inner.model_hash,
                "linear_kernel": inner.linear_kernel}
    settings.update(changes)
    fallback = None
    if "linear_kernel" not in changes:
        settings["linear_kernel"], fallback = reload_kernel(inner, settings["dtype"])
    # Its own class: a backend built on TransformersBackend stays what it is, with the one setting changed.
    backend = type(inner)(inner.model_path, spec=inner.spec, **settings)
    backend.kernel_fallback = fallback
    # its passes count in the run's timing, under the suite that made it, like the reference's own
    backend.clock.detach(backend.model)
    backend.clock = inner.clock.attach(backend.model)
    return backend


def kernels_used(backend: Backend) -> str:
    """``"oneDNN's packed linear layers"``, ``"PyTorch's linear kernels (this CPU has no native bfloat16 ...)"``:
    which linear kernels a (variant of a) transformers backend computes with, and why when a reload fell back."""
    while isinstance(backend, Variant):
        backend = backend.inner
    kernel = getattr(backend, "linear_kernel", None)
    name = KERNEL_NAMES.get(kernel, f"{kernel} linear kernels")
    fallback = getattr(backend, "kernel_fallback", None)
    return f"{name}: {fallback}" if fallback else name
