"""The backend factory: where the weights are (the embedded GGUF's dense copy, a local folder, a hub id), which
device and how many threads this process gets, then the model is loaded."""

from __future__ import annotations

import os
from pathlib import Path

import torch

from ..base import WorkerInfo
from ..model_registry import ModelSpec
from .backend import TransformersBackend
from .devices import resolve_device


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
