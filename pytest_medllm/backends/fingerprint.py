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

#: Fields that can change floating-point results of a model on the CPU (they key the cache of CPU runs only): the
#: CPU's vendor (MKL, which computes PyTorch's float32 matrix products, runs its AVX-512 kernels on Intel CPUs only),
#: its instruction sets, the kernels PyTorch dispatches to, and limits set through the environment. Two machines
#: of one cloud type may report the same CPU name with and without AVX-512; an AVX2-only emulation (see
#: :data:`ISA_LIMITS`) runs other kernels on the same CPU.
CPU_NUMERICS_FIELDS = ("cpu_vendor", "cpu_flags", "aten_cpu_capability", "onednn_bfloat16", "isa_limits")

#: CPU flags (as /proc/cpuinfo names them) that decide which kernels run: AVX2 and AVX-512 (float32 kernels),
#: native bfloat16 (avx512_bf16; avx512bw/vl/dq or avx_ne_convert for oneDNN's bfloat16), AMX (matrix tiles).
CPU_FLAGS = ("avx2", "avx512f", "avx512_bf16", "amx")

#: Environment variables that limit the instruction sets of the libraries torch runs on; set before torch loads.
#: ``ONEDNN_MAX_CPU_ISA=AVX2`` (oneDNN's kernels, and PyTorch's check for oneDNN bfloat16),
#: ``ATEN_CPU_CAPABILITY=avx2`` (PyTorch's own vectorized kernels), ``MKL_ENABLE_INSTRUCTIONS=AVX2`` (MKL's BLAS,
#: PyTorch's float32 matrix products). Together they emulate an AVX2-only CPU's kernels on an AVX-512 one.
ISA_LIMITS = ("ONEDNN_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY", "MKL_ENABLE_INSTRUCTIONS")


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


def _cpuinfo_field(name: str) -> str | None:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(name):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def cpu_vendor() -> str | None:
    """The CPU's vendor as /proc/cpuinfo names it (``GenuineIntel``, ``AuthenticAMD``), None where there is none."""
    return _cpuinfo_field("vendor_id")


def _cpuinfo_flags() -> set[str] | None:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return None


def cpu_flag_set() -> set[str] | None:
    """Every flag of /proc/cpuinfo (None where there is none: not Linux)."""
    return _cpuinfo_flags()


def cpu_flags() -> dict[str, bool]:
    """The CPU flags of :data:`CPU_FLAGS` this machine has (``amx``: any AMX extension). Read from /proc/cpuinfo
    (the hardware: the variables of :data:`ISA_LIMITS` do not change it); elsewhere from torch's own checks."""
    flags = _cpuinfo_flags()
    if flags is None:
        import torch

        cpu = getattr(torch, "cpu", None)

        def check(name: str) -> bool:
            try:
                return bool(getattr(cpu, name)())
            except (AttributeError, RuntimeError):
                return False

        return {"avx2": check("_is_avx2_supported"), "avx512f": check("_is_avx512_supported"),
                "avx512_bf16": check("_is_avx512_bf16_supported"), "amx": check("_is_amx_tile_supported")}
    return {name: (any(f.startswith("amx") for f in flags) if name == "amx" else name in flags)
            for name in CPU_FLAGS}


def cpu_flags_line(flags: dict[str, bool] | None = None) -> str:
    """``"avx2 avx512f avx512_bf16; no amx"`` — the flags that matter, present first, then the absent ones."""
    flags = cpu_flags() if flags is None else flags
    present = [name for name in CPU_FLAGS if flags.get(name)]
    absent = [name for name in CPU_FLAGS if not flags.get(name)]
    return " ".join(present) + (f"{'; ' if present else ''}no {', '.join(absent)}" if absent else "")


def isa_limits() -> str | None:
    """The instruction-set limits set in this process's environment (``ONEDNN_MAX_CPU_ISA=AVX2 ...``), or None."""
    set_ = [f"{name}={os.environ[name]}" for name in ISA_LIMITS if os.environ.get(name)]
    return " ".join(set_) or None


def cpu_kernels() -> dict:
    """What this process's CPU kernels run on: the machine's flags, PyTorch's dispatch level (AVX512, AVX2, ...),
    whether oneDNN computes bfloat16 natively, and the limits set through the environment."""
    import torch

    try:
        capability = torch.backends.cpu.get_cpu_capability()
    except (AttributeError, RuntimeError):
        capability = None
    try:
        onednn_bf16 = bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):
        onednn_bf16 = None
    return {"cpu_vendor": cpu_vendor(), "cpu_flags": cpu_flags_line(), "aten_cpu_capability": capability,
            "onednn_bfloat16": onednn_bf16, "isa_limits": isa_limits()}


def machine() -> dict:
    """The CPU a benchmark's figures were measured on: its name, the flags that matter, the kernels this process
    dispatches to, limits set through the environment, and torch's threads."""
    import torch

    return {"cpu": _cpu_name(), **cpu_kernels(), "threads": torch.get_num_threads(), "torch": str(torch.__version__)}


def machine_line(described: dict | None = None) -> str:
    """``machine: AMD EPYC · avx2 avx512f avx512_bf16; no amx · PyTorch kernels AVX512 · oneDNN bfloat16 native ·
    2 threads`` (and the ISA limits when set): printed with every benchmark's figures."""
    m = machine() if described is None else described
    bf16 = {True: "native", False: "not native", None: "unknown"}[m.get("onednn_bfloat16")]
    limits = f" · limited by {m['isa_limits']}" if m.get("isa_limits") else ""
    return (f"machine: {m.get('cpu')} · {m.get('cpu_flags')} · PyTorch kernels {m.get('aten_cpu_capability')} · "
            f"oneDNN bfloat16 {bf16}{limits} · {m.get('threads')} threads")


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
        **cpu_kernels(),
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
    """The fields of a fingerprint that can change floating-point results (on the CPU also its instruction sets
    and kernel limits)."""
    fields = NUMERICS_FIELDS + (CPU_NUMERICS_FIELDS if str(fp.get("device") or "cpu").startswith("cpu") else ())
    return {name: fp.get(name) for name in fields}


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


def gguf_fields(gguf: dict | None) -> dict:
    """Fingerprint fields for weights converted from a GGUF file: the file, its sha256 and its quantisation type
    (the header's file type, else its dominant tensor type), and the architecture its header names. Empty when the
    weights did not come from a GGUF file. Descriptive only: the weights hash already keys the response cache."""
    if not gguf:
        return {}
    return {"gguf_file": gguf.get("file"), "gguf_sha256": gguf.get("sha256"),
            "gguf_quantization": gguf.get("quantization"), "gguf_architecture": gguf.get("architecture")}
