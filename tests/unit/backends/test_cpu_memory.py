"""Freed activation buffers are kept for the next forward pass on the CPU (glibc's allocator), instead of being
returned to the system and faulted in again page by page."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
import textwrap

import pytest

from pytest_medllm.backends.model_registry import ModelSpec
from pytest_medllm.backends.transformers import backend as backend_module
from pytest_medllm.backends.transformers.cpu_kernels import keep_freed_memory

glibc = pytest.mark.skipif(not sys.platform.startswith("linux") or not ctypes.util.find_library("c"),
                           reason="glibc's mallopt exists on Linux only")

_PLACEMENT = textwrap.dedent("""
    import sys, torch
    from pytest_medllm.backends.transformers.cpu_kernels import keep_freed_memory
    if sys.argv[1] == "keep":
        assert keep_freed_memory()

    def heap():
        for line in open("/proc/self/maps"):
            if line.rstrip().endswith("[heap]"):
                return [int(x, 16) for x in line.split()[0].split("-")]
        return [0, 0]

    block = torch.empty(5 << 20)  # a 20 MB activation, the first of its size
    low, high = heap()
    where = "heap" if low <= block.data_ptr() < high else "mapped"
    end = block.data_ptr() + block.numel() * 4
    del block
    kept = heap()[1] >= end  # after it is freed, the heap still holds its pages
    print(where, kept)
""")


def _placement(mode: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _PLACEMENT, mode], capture_output=True, text=True, check=True)
    return done.stdout.split()


@glibc
def test_activation_sized_blocks_come_from_the_heap_and_stay_there_when_freed():
    assert _placement("default") == ["mapped", "False"]  # glibc's default: mapped on its own, unmapped when freed
    assert _placement("keep") == ["heap", "True"]


@glibc
def test_it_reports_success_on_glibc():
    assert keep_freed_memory() is True


def test_a_cpu_backend_asks_for_it(tiny_dir, monkeypatch):
    calls = []
    monkeypatch.setattr(backend_module, "keep_freed_memory", lambda: calls.append("kept") or True)
    spec = ModelSpec(alias="tiny", hub_id=str(tiny_dir), source="local")
    backend_module.TransformersBackend(str(tiny_dir), spec=spec, device="cpu", dtype="float32")
    assert calls == ["kept"]
