"""oneDNN's packed linear layers for models that run on the CPU (``torch.utils.mkldnn.MkldnnLinear``).

PyTorch's default CPU linear layer multiplies by the weight as it is stored; oneDNN first reorders each weight
once into the blocked layout its kernels read fastest. On the 2-core CPU this project is developed on, with the
default model in float32, that made a 350-token prefill 0.54 → 0.31 s and a decoding step of 15 rows 100 → 60 ms.
The arithmetic is the same up to float rounding (a different order of the same sums); it is checked when the model
loads, on a probe input, against the model's own layers, and the backend keeps the default kernels when the check
fails. ``--linear-kernel torch`` keeps them always (the numerical-stability suite compares both).

Only plain ``torch.nn.Linear`` layers are packed: quantized and other subclasses keep their own kernels.
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


def wants_onednn(requested: str, device: str, dtype: torch.dtype) -> bool:
    """Whether to pack the linear layers: ``auto`` does so for float32 models on the CPU when oneDNN is built in."""
    if requested == "torch" or not str(device).startswith("cpu"):
        return False
    if MkldnnLinear is None or not torch.backends.mkldnn.is_available():
        return False
    return requested == "onednn" or dtype == torch.float32


def _first_line(exc: BaseException) -> str:
    return (str(exc).splitlines() or [""])[0]


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
