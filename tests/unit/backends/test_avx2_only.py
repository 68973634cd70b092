"""The AVX2-only path, forced in this process: a CPU on which oneDNN has no native bfloat16.

On such a CPU (an AMD EPYC of the Zen 2/3 generations) oneDNN's packed linear layers fail in bfloat16 inside
TorchScript, and in float32 they are slower than PyTorch's. Here the capability checks (``cpu_kernels.native_bfloat16``,
``cpu_kernels.onednn_avx512``) are replaced, so these tests take that path on any machine: ``auto`` keeps PyTorch's
kernels, packing in bfloat16 is refused before it is tried, ``--linear-kernel onednn`` in bfloat16 is one clear
message, and the numerical-stability suite's bfloat16 reload runs with PyTorch's kernels and answers. That PyTorch's kernels
really compute bfloat16 on an AVX2-only CPU is shown with the kernels themselves limited to AVX2, in a subprocess
(tests/integration/test_avx2_only.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import torch

from pytest_medllm.backends import BackendError, Decoding, GenerationRequest
from pytest_medllm.backends.model_registry import ModelSpec
from pytest_medllm.backends.transformers import cpu_kernels, variants
from pytest_medllm.backends.transformers.backend import TransformersBackend
from pytest_medllm.backends.transformers.cpu_kernels import onednn_dtype_problem, pack_linear_layers
from tests.conftest import PROJECT_DIR

pytestmark = pytest.mark.skipif(not cpu_kernels.wants_onednn("onednn", "cpu", torch.float32),
                                reason="this torch has no oneDNN")

NO_NATIVE = "this CPU has no native bfloat16 for oneDNN"


@pytest.fixture
def avx2_only(monkeypatch):
    """oneDNN's capability checks answer as on an AVX2-only CPU (no AVX-512 kernels, no native bfloat16 or
    float16)."""
    monkeypatch.setattr(cpu_kernels, "onednn_avx512", lambda: False)
    monkeypatch.setattr(cpu_kernels, "native_bfloat16", lambda: False)
    monkeypatch.setattr(cpu_kernels, "native_float16", lambda: False)


@pytest.fixture(scope="module")
def suite():
    """The numerical-stability suite module (its _variant builds each perturbation)."""
    path = PROJECT_DIR / "suites" / "test_numerical_stability.py"
    spec = importlib.util.spec_from_file_location("numerical_stability_suite_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load(folder: Path, **settings) -> TransformersBackend:
    spec = ModelSpec(alias=folder.name, hub_id=str(folder), source="local")
    return TransformersBackend(str(folder), spec=spec, device="cpu", batch_size=4, **settings)


def _packed_layers(backend: TransformersBackend) -> int:
    return sum(type(m).__name__ == "MkldnnLinear" for m in backend.model.modules())


def test_the_problem_names_the_missing_support_and_the_cpu_flags(avx2_only):
    problem = onednn_dtype_problem(torch.bfloat16)
    assert problem is not None and problem.startswith(NO_NATIVE)
    assert "avx512bw" in problem and "avx_ne_convert" in problem and "CPU flags: " in problem and "avx2" in problem
    assert "no native float16" in onednn_dtype_problem(torch.float16)
    assert onednn_dtype_problem(torch.float32) is None  # oneDNN's float32 kernels run on every x86 CPU


def test_packing_in_bfloat16_is_refused_before_it_is_tried(avx2_only, monkeypatch):
    torch.manual_seed(0)
    from transformers import LlamaConfig, LlamaForCausalLM

    config = LlamaConfig(vocab_size=101, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2)
    model = LlamaForCausalLM(config).to(torch.bfloat16).eval()
    before = [(name, module) for name, module in model.named_modules()]

    def crash(layer):  # what oneDNN does on an AVX2-only CPU; it must not even be asked
        raise AssertionError("packing was tried")

    monkeypatch.setattr(cpu_kernels, "_packed", crash)
    reason = pack_linear_layers(model, torch.randint(3, 101, (1, 8)))
    assert reason is not None and reason.startswith(NO_NATIVE)
    assert [(name, module) for name, module in model.named_modules()] == before


def test_a_torchscript_failure_is_named_by_its_own_error():
    raised = RuntimeError("The following operation failed in the TorchScript interpreter.\nTraceback of TorchScript "
                          "(most recent call last):\n  File \"mkldnn.py\", line 32, in forward\n\nRuntimeError: "
                          "mkldnn_linear: bf16 path needs the cpu support avx_ne_convert or avx512bw, avx512vl and "
                          "avx512dq\n")
    assert cpu_kernels._first_line(raised).startswith("RuntimeError: mkldnn_linear: bf16 path needs")
    assert cpu_kernels._first_line(ValueError("one line\nmore")) == "one line"


def test_forced_onednn_in_bfloat16_is_one_clear_message(avx2_only, tiny_dir):
    with pytest.raises(BackendError) as raised:
        _load(tiny_dir, dtype="bfloat16", linear_kernel="onednn")
    message = str(raised.value)
    assert message.startswith(f"--linear-kernel onednn: {NO_NATIVE}") and message.endswith("use --linear-kernel torch")
    assert "\n" not in message and "TorchScript" not in message
    # auto never asks oneDNN for bfloat16, nor for float32 without AVX-512; a forced float32 packs on every CPU
    assert _load(tiny_dir, dtype="bfloat16").linear_kernel == "torch"
    assert _load(tiny_dir, dtype="float32").linear_kernel == "torch"
    assert _load(tiny_dir, dtype="float32", linear_kernel="onednn").linear_kernel == "onednn"


def test_the_dtype_reload_runs_with_pytorchs_kernels_and_answers(avx2_only, suite, default_dense_dir):
    """The default model in float32 with oneDNN's layers (forced: the audited run's reference); its bfloat16 reload
    on a CPU without native bfloat16: PyTorch's kernels, named in what the suite compares, and real answers."""
    reference = _load(default_dense_dir, dtype="float32", linear_kernel="onednn")
    assert reference.linear_kernel == "onednn"
    variant, description = suite._variant("dtype", reference)
    try:
        assert variant is not None, description
        assert variant.torch_dtype == torch.bfloat16 and variant.linear_kernel == "torch"
        assert _packed_layers(variant) == 0 and _packed_layers(reference) > 0
        assert variant.kernel_fallback.startswith(NO_NATIVE)
        assert description.startswith("float32 with oneDNN's packed linear layers vs bfloat16 with PyTorch's "
                                      f"linear kernels: {NO_NATIVE}")
        assert variant.identity()["linear_kernel"] == "torch" and variant.identity()["dtype"] == "bfloat16"
        prompts = ["Which hormone is low in primary hypothyroidism? Answer in one word.", "Say hello."]
        answers = variant.generate([GenerationRequest(p, Decoding(max_new_tokens=8)) for p in prompts])
        assert all(a.token_ids and a.text.strip() for a in answers)
    finally:
        variant is not None and variant.close()
        reference.close()


def test_the_dtype_reload_keeps_onednn_where_the_cpu_runs_it(suite, tiny_dir):
    if onednn_dtype_problem(torch.bfloat16):
        pytest.skip("this CPU has no native bfloat16: the fallback is the only path here")
    reference = _load(tiny_dir, dtype="float32", linear_kernel="onednn")
    variant, description = suite._variant("dtype", reference)
    assert variant.linear_kernel == "onednn" and variant.kernel_fallback is None and _packed_layers(variant) > 0
    assert description == "float32 with oneDNN's packed linear layers vs bfloat16 with oneDNN's packed linear layers"


def test_every_perturbation_says_which_kernels_it_used(avx2_only, suite, tiny_dir):
    reference = _load(tiny_dir, dtype="float32", linear_kernel="onednn")
    described = {name: suite._variant(name, reference)[1] for name in suite.PERTURBATIONS}
    assert described["tf32"].startswith("TF32 exists only on NVIDIA GPUs")
    for name in ("batch-size", "pipeline", "deterministic-algorithms"):
        assert described[name].endswith("both float32 with oneDNN's packed linear layers"), described[name]
    assert described["attention"].endswith("float32 with oneDNN's packed linear layers vs oneDNN's packed linear "
                                           "layers")
    assert described["linear-kernel"] == "oneDNN's packed linear layers vs PyTorch's linear kernels (float32)"


def test_the_kernel_perturbation_of_a_bfloat16_run_is_skipped_with_the_reason(avx2_only, suite, tiny_dir):
    """A bfloat16 run on an AVX2-only CPU uses PyTorch's kernels; oneDNN's cannot be its perturbation there."""
    reference = _load(tiny_dir, dtype="bfloat16")
    assert reference.linear_kernel == "torch"
    variant, reason = suite._variant("linear-kernel", reference)
    assert variant is None
    assert reason.startswith("oneDNN's packed linear layers cannot run this bfloat16 model here: " + NO_NATIVE)
    variant, description = suite._variant("dtype", reference)  # back to float32: same kernels, nothing to fall back
    assert variant.torch_dtype == torch.float32 and variant.linear_kernel == "torch"
    assert description == "bfloat16 with PyTorch's linear kernels vs float32 with PyTorch's linear kernels"


def test_a_reload_the_machine_refuses_is_a_skip_reason_not_an_error(suite, tiny_dir, monkeypatch):
    reference = _load(tiny_dir, dtype="float32")

    def refuse(inner, **changes):
        raise BackendError("--linear-kernel onednn: oneDNN could not run it (RuntimeError: no kernel)")

    monkeypatch.setattr(variants, "reloaded", refuse)
    for name in ("dtype", "attention", "linear-kernel"):
        variant, reason = suite._variant(name, reference)
        assert variant is None and reason.startswith("the model cannot be reloaded with ") and "no kernel" in reason


AVX512_CORE = {"avx2", "avx512f", "avx512bw", "avx512vl", "avx512dq"}


@pytest.mark.parametrize(("flags", "limit", "expected"), [
    (AVX512_CORE | {"avx512_bf16"}, None, True),
    (AVX512_CORE, None, True),  # AVX-512 without bfloat16
    (AVX512_CORE, "AVX2", False),  # the emulation
    (AVX512_CORE, "avx512_core_bf16", True),
    ({"avx2", "fma"}, None, False),  # AVX2-only
    ({"avx2", "avx512f"}, None, False),  # avx512f alone is not oneDNN's avx512_core
])
def test_auto_packs_float32_only_where_onednn_has_avx512_on_amd(monkeypatch, flags, limit, expected):
    from pytest_medllm.backends import fingerprint

    monkeypatch.setattr(fingerprint, "_cpuinfo_flags", lambda: flags)
    monkeypatch.setattr(fingerprint, "cpu_vendor", lambda: "AuthenticAMD")  # MKL runs AVX2 kernels there
    monkeypatch.delenv("MKL_ENABLE_INSTRUCTIONS", raising=False)
    if limit is None:
        monkeypatch.delenv("ONEDNN_MAX_CPU_ISA", raising=False)
    else:
        monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", limit)
    assert cpu_kernels.onednn_avx512() is expected
    assert cpu_kernels.mkl_avx512() is False
    assert cpu_kernels.wants_onednn("auto", "cpu", torch.float32) is expected
    assert cpu_kernels.wants_onednn("onednn", "cpu", torch.float32) is True  # asked for: packed, probe permitting
    assert cpu_kernels.wants_onednn("auto", "cpu", torch.bfloat16) is False


@pytest.mark.parametrize(("flags", "mkl_limit", "expected"), [
    (AVX512_CORE | {"avx512_bf16", "amx_tile"}, None, False),  # MKL's AVX-512 kernels are faster than oneDNN's
    (AVX512_CORE, None, False),
    (AVX512_CORE, "AVX2", True),  # MKL held at AVX2, as on AMD: oneDNN's AVX-512 kernels win again
    ({"avx2", "fma"}, None, False),  # AVX2-only: MKL's AVX2 kernels
])
@pytest.mark.skipif(not torch.backends.mkl.is_available(), reason="this torch has no MKL")
def test_auto_keeps_mkl_where_it_has_avx512_on_intel(monkeypatch, flags, mkl_limit, expected):
    from pytest_medllm.backends import fingerprint

    monkeypatch.setattr(fingerprint, "_cpuinfo_flags", lambda: flags)
    monkeypatch.setattr(fingerprint, "cpu_vendor", lambda: "GenuineIntel")
    monkeypatch.delenv("ONEDNN_MAX_CPU_ISA", raising=False)
    if mkl_limit is None:
        monkeypatch.delenv("MKL_ENABLE_INSTRUCTIONS", raising=False)
    else:
        monkeypatch.setenv("MKL_ENABLE_INSTRUCTIONS", mkl_limit)
    assert cpu_kernels.mkl_avx512() is ("avx512f" in flags and mkl_limit is None)
    assert cpu_kernels.wants_onednn("auto", "cpu", torch.float32) is expected
