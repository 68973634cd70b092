"""oneDNN's packed linear layers for models that run on the CPU (``torch.utils.mkldnn.MkldnnLinear``).

PyTorch's default CPU linear layer multiplies by the weight as it is stored; oneDNN first reorders each weight
once into the blocked layout its kernels read fastest. PyTorch's own float32 products are MKL's sgemm, which runs
AVX-512 kernels on Intel CPUs only: on AMD CPUs it runs its AVX2 "zen" kernels with or without AVX-512. So which is
faster depends on both. On a 2-core AMD EPYC with AVX-512, with the default model in float32, packing made a
350-token prefill 0.54 → 0.31 s and a decoding step of 15 rows 100 → 60 ms. On an AVX2-only CPU oneDNN's AVX2
kernels are slower than MKL's: measured with oneDNN limited to AVX2 (``ONEDNN_MAX_CPU_ISA=AVX2``), one thread, the
model's 210 block linear layers took 1.15× PyTorch's time over 1,536 prompt positions and 1.3-1.4× over a decoding
step of 8-16 rows (2.1× for one row, on either CPU); whole forward passes about 1.05× (medians of three alternated
runs). On a 2-core Intel Xeon with AVX-512 (and AMX), where MKL has its AVX-512 kernels, packing was slower too:
cloze scoring of 200 MMLU items 54.2 s with MKL against 59.4 s packed, 16 greedy answers of 128 tokens 21.5 s against
24.4 s. So ``--linear-kernel auto`` packs only where oneDNN has AVX-512 kernels and MKL has not
(:func:`onednn_beats_mkl`).
The arithmetic is the same up to float rounding (a different order of the same sums); it is checked when the model
loads, on a probe input, against the model's own layers, and the backend keeps the default kernels when the check
fails. ``--linear-kernel torch`` keeps them always (the numerical-stability suite compares both).

Only plain ``torch.nn.Linear`` layers are packed: quantized and other subclasses keep their own kernels.

oneDNN computes in float32 on every x86 CPU, but in bfloat16 (or float16) only on CPUs with native support: its
bfloat16 linear layer needs avx512bw/avx512vl/avx512dq or avx_ne_convert, and on an AVX2-only CPU (e.g. an AMD
EPYC of the Zen 2/3 generations) it fails inside TorchScript. :func:`onednn_dtype_problem` says so before anything
is packed, from :func:`native_bfloat16` and :func:`native_float16` — the checks oneDNN itself makes (they follow
``ONEDNN_MAX_CPU_ISA``), kept as module functions so that tests can stand in for a CPU without native bfloat16.
PyTorch's own kernels compute bfloat16 on any CPU (by converting to float32 where it has no native support).
"""

from __future__ import annotations

import warnings

import torch

try:
    with warnings.catch_warnings():
        # torch.utils.mkldnn is written in TorchScript, which warns that it is deprecated (here and per layer).
        warnings.simplefilter("ignore", DeprecationWarning)
        from torch.utils.mkldnn import MkldnnLinear
except ImportError:  # a future torch without it: the default kernels
    MkldnnLinear = None


def _packed(layer: torch.nn.Linear) -> torch.nn.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return MkldnnLinear(layer, layer.weight.dtype)

#: Largest difference of the probe's logits allowed, relative to their largest magnitude.
PROBE_TOLERANCE = 1e-4


def native_bfloat16() -> bool:
    """Whether oneDNN runs bfloat16 natively on this CPU (PyTorch asks oneDNN, so ``ONEDNN_MAX_CPU_ISA=AVX2`` turns
    it off; ``torch.cpu._is_avx512_bf16_supported()`` reads the CPU's flags and does not follow that variable)."""
    try:
        return bool(torch.ops.mkldnn._is_mkldnn_bf16_supported())
    except (AttributeError, RuntimeError):  # a torch without the check: assume no native support
        return False


def native_float16() -> bool:
    """Whether oneDNN runs float16 natively on this CPU (avx512_fp16, amx_fp16 or avx_ne_convert)."""
    try:
        return bool(torch.ops.mkldnn._is_mkldnn_fp16_supported())
    except (AttributeError, RuntimeError):
        return False


def onednn_dtype_problem(dtype: torch.dtype) -> str | None:
    """Why oneDNN's packed linear layers cannot compute in ``dtype`` on this CPU, in one line; None when they can."""
    if dtype == torch.float32:
        return None
    from ..fingerprint import cpu_flags_line

    if dtype == torch.bfloat16 and not native_bfloat16():
        return (f"this CPU has no native bfloat16 for oneDNN (its bfloat16 kernels need avx512bw, avx512vl and "
                f"avx512dq, or avx_ne_convert; CPU flags: {cpu_flags_line()})")
    if dtype == torch.float16 and not native_float16():
        return (f"this CPU has no native float16 for oneDNN (its float16 kernels need avx512_fp16, amx_fp16 or "
                f"avx_ne_convert; CPU flags: {cpu_flags_line()})")
    if dtype not in (torch.bfloat16, torch.float16):
        return f"oneDNN's packed linear layers do not compute in {str(dtype).replace('torch.', '')}"
    return None


#: ``ONEDNN_MAX_CPU_ISA`` values that keep oneDNN below AVX-512 (it then dispatches AVX2 or older kernels).
_BELOW_AVX512 = frozenset({"SSE41", "AVX", "AVX2", "AVX2_VNNI", "AVX2_VNNI_2"})
#: The CPU flags of oneDNN's avx512_core kernels.
_AVX512_CORE = frozenset({"avx512f", "avx512bw", "avx512vl", "avx512dq"})


def onednn_avx512() -> bool:
    """Whether oneDNN dispatches AVX-512 kernels in this process: the CPU has avx512f/bw/vl/dq and
    ``ONEDNN_MAX_CPU_ISA`` does not hold oneDNN below them."""
    import os

    from ..fingerprint import cpu_flag_set

    if os.environ.get("ONEDNN_MAX_CPU_ISA", "").strip().upper() in _BELOW_AVX512:
        return False
    flags = cpu_flag_set()
    if flags is None:  # no /proc/cpuinfo: torch's own check of the same flags
        try:
            return bool(torch.cpu._is_avx512_supported())
        except (AttributeError, RuntimeError):
            return False
    return _AVX512_CORE <= flags


#: ``MKL_ENABLE_INSTRUCTIONS`` values that keep MKL below AVX-512.
_MKL_BELOW_AVX512 = frozenset({"SSE4_2", "AVX", "AVX2", "AVX2_E1"})


def mkl_avx512() -> bool:
    """Whether MKL, PyTorch's float32 matrix products on x86, runs AVX-512 kernels in this process: an Intel CPU with
    avx512f, MKL built in, and ``MKL_ENABLE_INSTRUCTIONS`` not holding it below. (MKL runs its AVX2 kernels on AMD
    CPUs, AVX-512 or not.)"""
    import os

    from ..fingerprint import cpu_flag_set, cpu_vendor

    if not torch.backends.mkl.is_available():
        return False
    if os.environ.get("MKL_ENABLE_INSTRUCTIONS", "").strip().upper() in _MKL_BELOW_AVX512:
        return False
    flags = cpu_flag_set() or set()
    return cpu_vendor() == "GenuineIntel" and "avx512f" in flags


def onednn_beats_mkl() -> bool:
    """Whether oneDNN's packed float32 layers are the faster kernels here: oneDNN has AVX-512 kernels and MKL has not
    (an AMD CPU with AVX-512); see the module's docstring for the measurements."""
    return onednn_avx512() and not mkl_avx512()


def wants_onednn(requested: str, device: str, dtype: torch.dtype) -> bool:
    """Whether to pack the linear layers: ``onednn`` always (on the CPU, when oneDNN is built in); ``auto`` for
    float32 models where oneDNN's kernels beat MKL's (:func:`onednn_beats_mkl`)."""
    if requested == "torch" or not str(device).startswith("cpu"):
        return False
    if MkldnnLinear is None or not torch.backends.mkldnn.is_available():
        return False
    return requested == "onednn" or (dtype == torch.float32 and onednn_beats_mkl())


def _first_line(exc: BaseException) -> str:
    """The line of an exception that says what went wrong: for an error raised inside TorchScript (packed layers
    are TorchScript modules) the original error at the end, not "The following operation failed in the
    TorchScript interpreter"."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if len(lines) > 1 and "TorchScript interpreter" in lines[0]:
        return lines[-1]
    return lines[0] if lines else ""


def _logits(model: torch.nn.Module, probe: torch.Tensor) -> torch.Tensor:
    with torch.inference_mode():
        return model(input_ids=probe, use_cache=False).logits.float()


def pack_linear_layers(model: torch.nn.Module, probe: torch.Tensor) -> str | None:
    """Replace every plain linear layer of ``model`` by oneDNN's packed one, if the probe's logits agree.

    Returns None when the model now uses packed layers, else why it does not (the model is then unchanged).
    """
    plain = [(parent, name, child) for parent in model.modules() for name, child in parent.named_children()
             if type(child) is torch.nn.Linear]
    if not plain:
        return "the model has no plain linear layers"
    unsupported = {problem for _, _, child in plain if (problem := onednn_dtype_problem(child.weight.dtype))}
    if unsupported:
        return min(unsupported)
    # Packing is only a speed-up: whatever goes wrong while checking it leaves the model as it was loaded.
    try:
        reference = _logits(model, probe)
    except Exception as exc:  # noqa: BLE001 - e.g. a model whose forward needs more than input_ids
        return f"the probe could not run ({type(exc).__name__}: {_first_line(exc)})"
    try:
        for parent, name, child in plain:
            setattr(parent, name, _packed(child))
        packed = _logits(model, probe)
    except Exception as exc:  # noqa: BLE001 - an unsupported shape or dtype in oneDNN
        reason = f"oneDNN could not run it ({type(exc).__name__}: {_first_line(exc)})"
    else:
        scale = float(reference.abs().max()) or 1.0
        difference = float((packed - reference).abs().max())
        if difference <= PROBE_TOLERANCE * scale:
            return None
        reason = f"packed logits differ by {difference:.2e} (more than {PROBE_TOLERANCE:g} of {scale:.3g})"
    for parent, name, child in plain:
        setattr(parent, name, child)
    return reason


#: glibc's ``mallopt`` parameters (malloc.h): the free memory at the top of the heap kept rather than returned to the
#: system, and the size from which a block is mapped on its own (and unmapped when freed).
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
#: Blocks below this size come from the heap and are reused; 32 MB is glibc's largest mmap threshold on 64-bit.
KEEP_BLOCKS_BELOW = 32 << 20
#: Freed heap memory kept for reuse before any is returned to the system.
KEEP_FREED_UP_TO = 1 << 30


def keep_freed_memory() -> bool:
    """Ask glibc's allocator to keep freed activation buffers for the next forward pass (True when it could).

    By default glibc maps every block from 128 kB up (dynamically up to 32 MB) on its own and returns it to the
    system when it is freed, so each forward pass on the CPU takes its activations' pages afresh and faults them in
    one by one: a batch of 16 rows × 250 positions of the default model allocates blocks of 9-25 MB per layer. Kept
    on the heap instead, they are reused. Measured on a 2-core Intel Xeon (AVX-512): cloze scoring of 200 MMLU items
    46.1 s → 40.9 s, 16 greedy answers of 128 tokens 18.7 s → 17.5 s, the same numbers. The process keeps up to
    :data:`KEEP_FREED_UP_TO` of freed memory instead of returning it. Elsewhere than glibc (macOS, musl): nothing."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_TRIM_THRESHOLD, KEEP_FREED_UP_TO)) and bool(mallopt(_M_MMAP_THRESHOLD, KEEP_BLOCKS_BELOW))
