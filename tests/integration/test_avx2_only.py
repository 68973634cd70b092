"""An AVX2-only CPU (no AVX-512, no native bfloat16), emulated on any x86 machine in a subprocess.

The kernels are limited before torch loads: ``ONEDNN_MAX_CPU_ISA=AVX2`` (oneDNN's kernels; PyTorch's check for
oneDNN's bfloat16 asks oneDNN, so it follows), ``ATEN_CPU_CAPABILITY=avx2`` (PyTorch's own vectorized kernels),
``MKL_ENABLE_INSTRUCTIONS=AVX2`` (MKL's matrix products). What the emulation cannot change: the CPU's flags as
torch.cpu and /proc/cpuinfo read them, and the machine itself — microarchitecture (Zen 2/3 vs Zen 4), clock, cache
sizes, memory bandwidth — so it shows which code paths run, not how fast a real AVX2-only CPU runs them.

The first test checks that the emulation really takes the AVX2-only path (oneDNN reports the ISA it dispatched,
and its bfloat16 linear layer fails as on the audited EPYC); the others run the numerical-stability suite's
bfloat16 reload and a forced ``--linear-kernel onednn`` there.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_DIR

pytestmark = pytest.mark.skipif(not os.path.isfile("/proc/cpuinfo") or "avx2" not in Path(
    "/proc/cpuinfo").read_text(), reason="the emulation limits an x86 CPU with AVX2 to AVX2")

#: The environment of an AVX2-only CPU's kernels (set before torch loads, hence the subprocesses).
AVX2_ONLY = {"ONEDNN_MAX_CPU_ISA": "AVX2", "ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"}
NO_NATIVE = "this CPU has no native bfloat16 for oneDNN"

PROBE = r"""
import json, warnings
import torch
from pytest_medllm.backends.fingerprint import cpu_kernels
from pytest_medllm.backends.transformers.cpu_kernels import onednn_dtype_problem, pack_linear_layers
from transformers import LlamaConfig, LlamaForCausalLM

warnings.simplefilter("ignore")
from torch.utils.mkldnn import MkldnnLinear

out = {"capability": torch.backends.cpu.get_cpu_capability(),
       "mkldnn_bf16": torch.ops.mkldnn._is_mkldnn_bf16_supported(),
       "cpu_avx512_bf16_flag_check": torch.cpu._is_avx512_bf16_supported(), "fingerprint": cpu_kernels()}
torch.manual_seed(0)
layer = torch.nn.Linear(64, 32)
x = torch.randn(4, 64)
out["packed_float32_error"] = float((MkldnnLinear(layer, torch.float32)(x) - layer(x)).abs().max())
try:
    MkldnnLinear(layer.to(torch.bfloat16), torch.bfloat16)(x.to(torch.bfloat16))
    out["packed_bfloat16"] = "ran"
except RuntimeError as exc:
    out["packed_bfloat16"] = str(exc).strip().splitlines()[-1]
reference = torch.nn.functional.linear(x, layer.weight.float(), layer.bias.float())
pytorch_bf16 = torch.nn.functional.linear(x.to(torch.bfloat16), layer.weight, layer.bias).float()
out["pytorch_bfloat16_error"] = float((pytorch_bf16 - reference).abs().max())
out["problem"] = onednn_dtype_problem(torch.bfloat16)
config = LlamaConfig(vocab_size=101, hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2)
model = LlamaForCausalLM(config).to(torch.bfloat16).eval()
out["pack_bfloat16_model"] = pack_linear_layers(model, torch.randint(3, 101, (1, 8)))
from pytest_medllm.backends.transformers.cpu_kernels import onednn_avx512, wants_onednn
out["onednn_avx512"] = onednn_avx512()
out["auto_packs_float32"] = wants_onednn("auto", "cpu", torch.float32)
print("RESULT " + json.dumps(out))
"""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "OMP_NUM_THREADS": "1", **AVX2_ONLY, **extra}


def test_the_emulation_takes_the_avx2_only_path():
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=PROJECT_DIR, env=_env(ONEDNN_VERBOSE="1"),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    verbose = result.stdout + result.stderr
    out = json.loads(verbose.split("RESULT ", 1)[1].splitlines()[0])
    # oneDNN says which ISA it dispatches to, and every kernel it ran is an AVX2 (or ISA-free) implementation
    assert re.search(r"onednn_verbose,.*info,cpu,isa:.*AVX2", verbose), verbose[:2000]
    ran = re.findall(r"onednn_verbose,v\d+,primitive,exec,cpu,(\w+),([^,]+),", verbose)
    assert any(kind == "inner_product" and "avx2" in impl for kind, impl in ran), ran
    assert not any("avx512" in impl or "amx" in impl for _, impl in ran), ran
    # PyTorch's own kernels at AVX2, its oneDNN bfloat16 check off
    assert out["capability"] == "AVX2" and out["mkldnn_bf16"] is False
    assert out["fingerprint"]["aten_cpu_capability"] == "AVX2" and out["fingerprint"]["onednn_bfloat16"] is False
    assert out["fingerprint"]["isa_limits"] == " ".join(f"{k}={v}" for k, v in AVX2_ONLY.items())
    # what the environment cannot change: torch.cpu's flag checks read the CPU itself
    flags = Path("/proc/cpuinfo").read_text()
    assert out["cpu_avx512_bf16_flag_check"] is ("avx512_bf16" in flags)
    # the audited failure, reproduced: oneDNN's packed layers compute float32 but not bfloat16 ...
    assert out["packed_float32_error"] < 1e-5
    assert "bf16 path needs the cpu support" in out["packed_bfloat16"]
    # ... PyTorch's kernels compute bfloat16, and packing a bfloat16 model is refused with the reason, untried
    assert out["pytorch_bfloat16_error"] < 0.1
    assert out["problem"].startswith(NO_NATIVE)
    assert out["pack_bfloat16_model"].startswith(NO_NATIVE)
    # ... and in float32 --linear-kernel auto keeps PyTorch's kernels (faster than oneDNN's AVX2 ones)
    assert out["onednn_avx512"] is False and out["auto_packs_float32"] is False


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    """A response cache of its own, with the default model's dense copy linked in (not converted again)."""
    from pytest_medllm.backends.model_registry import resolve_model
    from pytest_medllm.backends.transformers.weights import ensure_dense_copy
    from pytest_medllm.runner.command_line import default_cache_dir

    folder, _ = ensure_dense_copy(resolve_model("smollm2-135m"), Path(default_cache_dir()))
    cache = tmp_path_factory.mktemp("avx2-cache")
    (cache / "models").mkdir()
    (cache / "models" / folder.name).symlink_to(folder, target_is_directory=True)
    return cache


def _suites(tmp_path: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", *args, "--profile", "quick", "--report-dir", str(tmp_path / "reports"),
         "--cache-dir", str(cache), "-p", "no:cacheprovider", "-p", "no:xdist", "-q"],
        cwd=PROJECT_DIR, env=_env(), capture_output=True, text=True, timeout=900)


def test_the_bfloat16_reload_runs_with_pytorchs_kernels_on_an_avx2_only_cpu(tmp_path, cache_dir):
    """The audit's crash: a float32 reference on oneDNN's packed layers (the audited default; forced here, since
    ``auto`` now keeps PyTorch's kernels on such a CPU) and its bfloat16 reload. The dtype perturbation runs, is
    judged on answers, and names its kernels."""
    result = _suites(tmp_path, cache_dir, "suites/test_numerical_stability.py", "-k", "dtype", "--linear-kernel",
                     "onednn", "--max-items", "2")  # two items judge the perturbation as twenty do, in less time
    assert result.returncode in (0, 1), result.stdout[-4000:] + result.stderr[-3000:]
    artifact = json.loads((tmp_path / "reports" / "medllm-results.json").read_text())
    (test,) = [t for t in artifact["tests"]["results"] if t["nodeid"].endswith("[dtype]")]
    assert test["outcome"] in ("passed", "failed"), test  # judged: not an error, a fault or a skip
    assert artifact["verdict"]["status"] in ("passed", "failed")
    (match,) = [m for m in artifact["metrics"] if (m["suite"], m["name"], m["condition"]) ==
                ("numerical_stability", "perturbed_match_rate", "dtype")]
    assert match["n"] and match["value"] is not None
    assert match["details"]["compared"].startswith(
        f"float32 with oneDNN's packed linear layers vs bfloat16 with PyTorch's linear kernels: {NO_NATIVE}")
    fingerprint = artifact["facts"]["fingerprint"]
    assert fingerprint["aten_cpu_capability"] == "AVX2" and fingerprint["onednn_bfloat16"] is False
    assert fingerprint["linear_kernel"] == "onednn"  # float32: oneDNN's AVX2 kernels pass the load-time probe
    assert artifact["facts"]["model"]["identity"]["linear_kernel"] == "onednn"


def test_forced_onednn_in_bfloat16_on_an_avx2_only_cpu_is_one_usage_error(tmp_path, cache_dir):
    result = _suites(tmp_path, cache_dir, "suites/test_accuracy.py", "-k", "generation", "--dtype", "bfloat16",
                     "--linear-kernel", "onednn")
    output = result.stdout + result.stderr
    assert result.returncode == 4, output[-4000:]
    assert "Traceback" not in output and "TorchScript" not in output
    message = f"--linear-kernel onednn: {NO_NATIVE}"
    assert message in output and output.count("use --linear-kernel torch") >= 1
    artifact = json.loads((tmp_path / "reports" / "medllm-results.json").read_text())
    assert artifact["verdict"]["exit_status"] == 4
    assert any(message in line for line in artifact["verdict"]["problems"] + [artifact["verdict"]["headline"]])
