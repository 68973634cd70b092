"""The fingerprint names the CPU's instruction sets and the kernels a run dispatched to; on the CPU they key the
response cache (two machines of one cloud type may both call themselves "AMD EPYC", one with AVX-512 and one
without; an AVX2-only emulation runs other kernels on the same CPU). Every benchmark prints them with its figures."""

from __future__ import annotations

import pytest

from pytest_medllm.backends import fingerprint as fp
from tests.conftest import PROJECT_DIR

AVX512 = {"fpu", "sse2", "avx", "avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512_bf16"}
AVX2_ONLY = {"fpu", "sse2", "avx", "avx2", "fma"}
SAPPHIRE_RAPIDS = AVX512 | {"amx_bf16", "amx_tile", "amx_int8"}


@pytest.mark.parametrize(("flags", "line"), [
    (AVX512, "avx2 avx512f avx512_bf16; no amx"),
    (AVX2_ONLY, "avx2; no avx512f, avx512_bf16, amx"),
    (SAPPHIRE_RAPIDS, "avx2 avx512f avx512_bf16 amx"),
    (set(), "no avx2, avx512f, avx512_bf16, amx"),
])
def test_the_flags_that_matter(monkeypatch, flags, line):
    monkeypatch.setattr(fp, "_cpuinfo_flags", lambda: flags)
    assert fp.cpu_flags_line() == line
    assert fp.cpu_kernels()["cpu_flags"] == line


def test_the_fingerprint_names_flags_kernels_and_limits(monkeypatch):
    monkeypatch.setenv("ONEDNN_MAX_CPU_ISA", "AVX2")
    monkeypatch.delenv("ATEN_CPU_CAPABILITY", raising=False)
    monkeypatch.setenv("MKL_ENABLE_INSTRUCTIONS", "AVX2")
    described = fp.fingerprint(device="cpu")
    for name in fp.CPU_NUMERICS_FIELDS:
        assert name in described
    assert described["isa_limits"] == "ONEDNN_MAX_CPU_ISA=AVX2 MKL_ENABLE_INSTRUCTIONS=AVX2"
    assert described["aten_cpu_capability"] in ("DEFAULT", "AVX2", "AVX512", "ZVECTOR", "VSX", "SVE256", "NEON",
                                                "SVE128")
    assert isinstance(described["onednn_bfloat16"], bool)


def test_cpu_facts_key_the_cache_of_cpu_runs_only(monkeypatch):
    monkeypatch.setattr(fp, "_cpuinfo_flags", lambda: AVX512)
    base = fp.fingerprint(device="cpu")
    monkeypatch.setattr(fp, "_cpuinfo_flags", lambda: AVX2_ONLY)
    other_cpu = fp.fingerprint(device="cpu")
    assert base["device_name"] == other_cpu["device_name"]
    assert fp.numerics_key(base) != fp.numerics_key(other_cpu)
    monkeypatch.setattr(fp, "_cpuinfo_flags", lambda: AVX512)
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", "avx2")
    limited = fp.fingerprint(device="cpu")
    assert fp.numerics_key(base) != fp.numerics_key(limited)
    gpu = {**base, "device": "cuda:0"}
    assert not set(fp.CPU_NUMERICS_FIELDS) & set(fp.numerics_key(gpu))
    assert fp.numerics_key({**gpu, "cpu_flags": "something else"}) == fp.numerics_key(gpu)


def test_the_machine_line():
    line = fp.machine_line({"cpu": "AMD EPYC", "cpu_flags": "avx2; no avx512f, avx512_bf16, amx",
                            "aten_cpu_capability": "AVX2", "onednn_bfloat16": False, "isa_limits": None,
                            "threads": 2})
    assert line == ("machine: AMD EPYC · avx2; no avx512f, avx512_bf16, amx · PyTorch kernels AVX2 · oneDNN bfloat16 "
                    "not native · 2 threads")
    assert "limited by ONEDNN_MAX_CPU_ISA=AVX2" in fp.machine_line({**fp.machine(),
                                                                    "isa_limits": "ONEDNN_MAX_CPU_ISA=AVX2"})


@pytest.mark.parametrize("name", ["bench_backend.py", "generation.py", "vs_lm_eval.py"])
def test_every_benchmark_prints_the_machine_with_its_figures(name):
    source = (PROJECT_DIR / "benchmarks" / name).read_text()
    assert "print(machine_line()" in source and '"machine"' in source and "machine()" in source
