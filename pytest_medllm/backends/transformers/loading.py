"""The backend factory: where the weights are (a GGUF file's dense copy — packaged or given with ``--model`` —, a
local folder, a hub id), which device and how many threads this process gets, then the model is loaded.

What the factory knows beyond :class:`TransformersBackend` lives in :class:`LoadedBackend`: the GGUF file behind a
dense copy (path, sha256, quantisation type, architecture) goes into the environment fingerprint and so into the
report; and a chat template that refuses a system turn (Gemma 2's, several fine-tunes') gets the system text at the
head of the user turn instead of an error.
"""

from __future__ import annotations

import os
from pathlib import Path

import torch

from ..base import WorkerInfo
from ..fingerprint import gguf_fields
from ..model_registry import ModelSpec
from .backend import TransformersBackend
from .devices import resolve_device

#: GGUF facts of the dense copies loaded in this process, by folder: a reloaded variant (another dtype, another
#: attention implementation) finds them here.
_GGUF_BY_FOLDER: dict[str, dict] = {}

_PROBE_SYSTEM = "You are a careful clinician."
_PROBE_USER = "Is a heart rate of 128 bpm normal?"


class LoadedBackend(TransformersBackend):
    """:class:`TransformersBackend` with what its factory knows: the GGUF file behind the weights, and whether the
    chat template takes a system turn."""

    def __init__(self, model_path: str, **kwargs) -> None:  # noqa: ANN003 - TransformersBackend's keywords
        super().__init__(model_path, **kwargs)
        from .weights import gguf_facts, read_dense_marker

        #: The GGUF file the weights were converted from ({file, sha256, quantization, architecture}), or None.
        self.gguf: dict | None = _GGUF_BY_FOLDER.get(str(model_path)) or gguf_facts(read_dense_marker(model_path))
        #: False when the chat template refuses a system turn: the system text then opens the user turn.
        self.system_role = self._template_takes_system()

    def _template_takes_system(self) -> bool:
        if not self.use_chat:
            return True
        try:
            self.tokenizer.apply_chat_template(
                [{"role": "system", "content": _PROBE_SYSTEM}, {"role": "user", "content": _PROBE_USER}],
                tokenize=False, add_generation_prompt=True)
        except Exception:  # noqa: BLE001 - jinja's TemplateError ("System role not supported") and kin
            return False
        return True

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        if system and self.use_chat and not self.system_role:
            return super().format_prompt(f"{system}\n\n{prompt}")
        return super().format_prompt(prompt, system)

    def fingerprint(self) -> dict:
        if self._fingerprint is None:
            self._fingerprint = {**super().fingerprint(), **gguf_fields(self.gguf)}
        return self._fingerprint


def create_transformers_backend(run_config, spec: ModelSpec, worker: WorkerInfo | None = None
                                ) -> TransformersBackend:
    """Factory used by the plugin: resolves weights, device and threads, then loads the model."""
    from ..placement import current_worker
    from .weights import ensure_dense_copy, folder_weights_hash, gguf_source, read_gguf_header

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
    if spec.source in ("embedded-gguf", "gguf"):
        # One path for every GGUF: converted once to a dense copy keyed by the file's sha256.
        folder, model_hash = ensure_dense_copy(spec, cache_dir)
        path = str(folder)
        header = read_gguf_header(gguf_source(spec, cache_dir), cache_dir)
        _GGUF_BY_FOLDER[path] = {"file": header["file"], "sha256": model_hash,
                                 "quantization": header.get("quantization"),
                                 "architecture": header.get("architecture")}
    elif spec.source == "local":
        path = spec.hub_id
        model_hash = folder_weights_hash(Path(path), cache_dir)
    else:
        path = spec.hub_id
    return LoadedBackend(
        path, spec=spec, device=device, dtype=run_config.dtype, attn_implementation=run_config.attn_implementation,
        chat_template=run_config.chat_template, batch_size=run_config.batch_size,
        trust_remote_code=run_config.trust_remote_code, revision=spec.revision, model_hash=model_hash,
        device_map=device_map, linear_kernel=getattr(run_config, "linear_kernel", "auto"),
    )
