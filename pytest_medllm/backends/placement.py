"""Which pytest-xdist worker this process is, and which device it should use — without importing torch.

The plugin builds a :class:`~pytest_medllm.backends.WorkerInfo` once per process and hands it to the backend
factory, so every backend (built-in or custom) gets one GPU per worker with ``--device auto``.
"""

from __future__ import annotations

import os

from .base import WorkerInfo


def visible_gpu_count() -> int:
    """NVIDIA GPUs this process may use: ``CUDA_VISIBLE_DEVICES`` when set, else the driver's list (0 without a
    driver). Read from the environment and ``/proc`` so that ``pytest --help`` never imports torch."""
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return len([d for d in visible.split(",") if d.strip() and d.strip() != "-1"])
    try:
        return len(os.listdir("/proc/driver/nvidia/gpus"))
    except OSError:
        return 0


def current_worker(requested_device: str) -> WorkerInfo:
    """This process's xdist worker (``(0, 1)`` without xdist) and its device: with ``--device auto`` and GPUs,
    worker *i* gets ``cuda:(i mod #GPUs)``; any other value is kept as given."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = max(int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1), 1)
    index = int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else 0
    device = requested_device
    if requested_device == "auto":
        gpus = visible_gpu_count()
        if gpus:
            device = f"cuda:{index % gpus}"
    return WorkerInfo(index=index, count=count, device=device)
