"""oneDNN's packed linear layers: used only where they compute what PyTorch's layers compute."""

from __future__ import annotations

import pytest
import torch
from transformers import LlamaConfig, LlamaForCausalLM

from pytest_medllm.backends.transformers import cpu_kernels
from pytest_medllm.backends.transformers.cpu_kernels import (
    pack_linear_layers,
    wants_onednn,
)

pytestmark = pytest.mark.skipif(not wants_onednn("onednn", "cpu", torch.float32),
                                reason="this torch has no oneDNN")


class _OwnLinear(torch.nn.Linear):
    """A linear subclass (as quantized layers are): it keeps its own kernel."""


def _model() -> LlamaForCausalLM:
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=101, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2)
    model = LlamaForCausalLM(config).eval()
    model.model.layers[1].mlp.down_proj = _OwnLinear(128, 64, bias=False)
    return model


def test_packed_layers_compute_the_same_logits_and_subclasses_are_kept():
    model = _model()
    ids = torch.randint(3, 101, (3, 17))
    with torch.inference_mode():
        plain = model(input_ids=ids).logits
    assert pack_linear_layers(model, ids[:1, :8]) is None
    kinds = {type(m).__name__ for m in model.modules()}
    assert "MkldnnLinear" in kinds and "Linear" not in kinds
    assert type(model.model.layers[1].mlp.down_proj) is _OwnLinear
    with torch.inference_mode():
        packed = model(input_ids=ids).logits
    torch.testing.assert_close(packed, plain, rtol=0, atol=1e-5)


def test_a_failed_probe_leaves_the_model_as_it_was(monkeypatch):
    model = _model()
    before = [(name, module) for name, module in model.named_modules()]
    monkeypatch.setattr(cpu_kernels, "PROBE_TOLERANCE", -1.0)  # no difference is small enough
    reason = pack_linear_layers(model, torch.randint(3, 101, (1, 8)))
    assert reason is not None and "differ" in reason
    assert [(name, module) for name, module in model.named_modules()] == before


@pytest.mark.parametrize(("requested", "device", "dtype", "expected"), [
    ("auto", "cpu", torch.float32, True),
    ("auto", "cpu", torch.bfloat16, False),  # measured slower than PyTorch's own bfloat16 path here
    ("onednn", "cpu", torch.bfloat16, True),
    ("torch", "cpu", torch.float32, False),
    ("auto", "cuda:0", torch.float32, False),
    ("onednn", "mps", torch.float32, False),
])
def test_when_layers_are_packed(requested, device, dtype, expected, monkeypatch):
    # on a CPU where oneDNN's kernels beat MKL's (AMD with AVX-512; others: tests/unit/backends/test_avx2_only.py)
    monkeypatch.setattr(cpu_kernels, "onednn_beats_mkl", lambda: True)
    assert wants_onednn(requested, device, dtype) is expected


def test_a_model_the_probe_cannot_run_keeps_its_layers():
    model = _model()
    before = [(name, module) for name, module in model.named_modules()]
    reason = pack_linear_layers(model, torch.tensor([[200, 300]]))  # token ids beyond the vocabulary of 101
    assert reason is not None and reason.startswith("the probe could not run")
    assert [(name, module) for name, module in model.named_modules()] == before
