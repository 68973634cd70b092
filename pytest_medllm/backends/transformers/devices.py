"""Which device and dtype a model runs on: this xdist worker's own GPU for ``--device auto``, float32 on the CPU
(where outputs are compared), the model's recommended dtype elsewhere."""

from __future__ import annotations

import torch

from ..base import BackendError

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
