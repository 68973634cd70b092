"""Environment fingerprint: the software and hardware facts that can change a model's numbers.

The pediatric endocrinology study saw significantly different answers from the same weights under CUDA 11.8 and
12.8, so every run records its stack. :func:`numerics_key` is the part of the fingerprint that enters the response
cache key: anything that may change a floating-point result, nothing that merely describes the host.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
from importlib import metadata
from pathlib import Path

#: Fingerprint fields that can change numerical results; they key the response cache.
NUMERICS_FIELDS = (
    "python",
    "torch",
    "transformers",
    "cuda",
    "cudnn",
    "cublas",
    "device",
    "device_name",
    "dtype",
    "attn_implementation",
    "linear_kernel",
    "deterministic_algorithms",
    "cudnn_deterministic",
    "cudnn_benchmark",
    "tf32_matmul",
    "tf32_cudnn",
    "cublas_workspace_config",
)


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _nvidia_driver() -> str | None:
    try:
        text = Path("/proc/driver/nvidia/version").read_text()
    except OSError:
        return None
    for token in text.split():
        if token.count(".") >= 1 and token.replace(".", "").isdigit():
            return token
    return None


def fingerprint(device: str = "cpu", dtype: str = "float32", attn_implementation: str | None = None,
                model_hash: str | None = None, model_id: str | None = None, linear_kernel: str | None = None
                ) -> dict:
    """Describe the running stack. Imports torch, so call it from the model fixture, not at plugin import."""
    import torch

    cuda_available = torch.cuda.is_available()
    if device.startswith("cuda") and cuda_available:
        index = torch.device(device).index or 0
        device_name = torch.cuda.get_device_name(index)
        capability = ".".join(map(str, torch.cuda.get_device_capability(index)))
    else:
        device_name, capability = _cpu_name(), None
    cublas = _version("nvidia-cublas-cu12") or _version("nvidia-cublas-cu11") or _version("nvidia-cublas")
    return {
        "python": f"{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}",
        "platform": platform.platform(),
        "torch": str(torch.__version__),
        "transformers": _version("transformers"),
        "numpy": _version("numpy"),
        "accelerate": _version("accelerate"),
        "cuda": torch.version.cuda,
        "cudnn": str(torch.backends.cudnn.version()) if cuda_available else None,
        "cublas": cublas,
        "gpu_count": torch.cuda.device_count() if cuda_available else 0,
        "driver": _nvidia_driver(),
        "device": device,
        "device_name": device_name,
        "compute_capability": capability,
        "cpu_threads": torch.get_num_threads(),
        "dtype": dtype,
        "attn_implementation": attn_implementation,
        "linear_kernel": linear_kernel,
        "deterministic_algorithms": torch.are_deterministic_algorithms_enabled(),
        "cudnn_deterministic": bool(torch.backends.cudnn.deterministic),
        "cudnn_benchmark": bool(torch.backends.cudnn.benchmark),
        "tf32_matmul": bool(torch.backends.cuda.matmul.allow_tf32),
        "tf32_cudnn": bool(torch.backends.cudnn.allow_tf32),
        "cublas_workspace_config": os.environ.get("CUBLAS_WORKSPACE_CONFIG"),
        "model_id": model_id,
        "model_hash": model_hash,
    }


def numerics_key(fp: dict) -> dict:
    """The fields of a fingerprint that can change floating-point results."""
    return {name: fp.get(name) for name in NUMERICS_FIELDS}


def fingerprint_diff(a: dict, b: dict) -> dict[str, tuple[object, object]]:
    """Fields whose values differ between two fingerprints, as ``{field: (a, b)}``."""
    return {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}


def stable_hash(obj: object) -> str:
    """SHA-256 of the canonical JSON of ``obj`` (sorted keys, no whitespace)."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def file_sha256(path: str | os.PathLike[str], chunk: int = 1 << 22) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while block := handle.read(chunk):
            digest.update(block)
    return digest.hexdigest()
