"""Scripted transformers backends for the numerical-stability suite's linear-kernel perturbation.

The suite runs only on the transformers backend (it reloads the model with one setting changed), so these are
real ``TransformersBackend`` objects on the embedded default model whose answers are scripted by the linear
kernels they run with: ``kernel_sensitive`` answers A with oneDNN's packed layers and B with PyTorch's (every
answer flips under the perturbation: match rate 0, the gate must fail); ``kernel_insensitive`` answers A with
both (match rate 1, the gate must pass).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from pytest_medllm.backends import Generation, GenerationRequest
from pytest_medllm.backends.base import BatchCallback
from pytest_medllm.backends.model_registry import ModelSpec, resolve_model
from pytest_medllm.backends.transformers.backend import TransformersBackend
from pytest_medllm.backends.transformers.weights import ensure_dense_copy
from pytest_medllm.runner.command_line import default_cache_dir


class _KernelScripted(TransformersBackend):
    streams_results = False  # answers come all at once; the caching layer commits them
    #: The letter answered under each linear kernel.
    letters = {"onednn": "A", "torch": "A"}

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        text = f"The answer is {self.letters[self.linear_kernel]}."
        return [Generation(text=text, token_ids=(1,), finish_reason="eos") for _ in requests]


class _KernelSensitive(_KernelScripted):
    letters = {"onednn": "A", "torch": "B"}


def _load(cls: type[TransformersBackend], run_config) -> TransformersBackend:  # noqa: ANN001
    # The dense copy in the user cache (the tests share it); the run's own --cache-dir holds only responses.
    folder, digest = ensure_dense_copy(resolve_model("smollm2-135m"), Path(default_cache_dir()))
    spec = ModelSpec(alias=f"scripted-{cls.__name__.strip('_').lower()}", hub_id=str(folder), source="local")
    return cls(str(folder), spec=spec, device="cpu", dtype="float32", batch_size=run_config.batch_size,
               model_hash=digest)


def kernel_sensitive(run_config, spec):  # noqa: ANN001 - a --backend factory
    return _load(_KernelSensitive, run_config)


def kernel_insensitive(run_config, spec):  # noqa: ANN001 - a --backend factory
    return _load(_KernelScripted, run_config)
