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

_FAULTS = textwrap.dedent("""
    import resource, sys, torch
    from pytest_medllm.backends.transformers.cpu_kernels import keep_freed_memory
    if sys.argv[1] == "keep":
        assert keep_freed_memory()
    sizes = [9 << 18, 25 << 18, 12 << 18, 6 << 18]  # activations of 6-25 MB, as a batch's forward pass makes them
    for size in sizes:  # the first of each: its pages are faulted in either way
        torch.ones(size)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(10):  # further passes: allocate activations, write them, free them
        for size in sizes:
            a, b = torch.ones(size), torch.ones(size // 2)
            del a, b
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
""")


def _page_faults(mode: str) -> int:
    done = subprocess.run([sys.executable, "-c", _FAULTS, mode], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[-1])


@glibc
def test_freed_blocks_are_reused_with_fewer_pages_faulted_in_again():
    returned, kept = _page_faults("default"), _page_faults("keep")
    assert kept < 0.75 * returned, (kept, returned)  # measured here: 9,600 against 15,104


@glibc
def test_it_reports_success_on_glibc():
    assert keep_freed_memory() is True


def test_a_cpu_backend_asks_for_it(tiny_dir, monkeypatch):
    calls = []
    monkeypatch.setattr(backend_module, "keep_freed_memory", lambda: calls.append("kept") or True)
    spec = ModelSpec(alias="tiny", hub_id=str(tiny_dir), source="local")
    backend_module.TransformersBackend(str(tiny_dir), spec=spec, device="cpu", dtype="float32")
    assert calls == ["kept"]
