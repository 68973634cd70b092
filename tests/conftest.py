"""Fixtures for the plugin's own tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def _share_the_cores() -> None:
    """Under ``-n 2`` the workers share the CPU: torch's threads in each worker, and those of the pytest runs, servers
    and models the tests start, take each worker's share of the cores, not all of them: OpenMP threads spin-wait,
    and on oversubscribed cores they thrash."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if not os.environ.get("PYTEST_XDIST_WORKER") or workers < 2:
        return
    share = max(1, (os.cpu_count() or 1) // workers)
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(name, str(share))  # inherited by every process a test starts
    import torch

    torch.set_num_threads(share)


_share_the_cores()

TESTS_DIR = Path(__file__).resolve().parent
PROJECT_DIR = TESTS_DIR.parent


@pytest.fixture(scope="session")
def demo_items():
    """The bundled demo multiple-choice items."""
    from pytest_medllm.data.loaders import load_dataset

    return load_dataset("demo", PROJECT_DIR).items


@pytest.fixture(scope="session")
def random_llama():
    """A 2-layer Llama with random weights and a 97-token vocabulary: fast, float32, for tests of key/value caches
    and batching that compare computations with each other (never with a real model's answers)."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=97, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=256)
    return LlamaForCausalLM(config).eval()


def pytest_configure(config) -> None:  # noqa: ANN001 - pytest's hook argument
    """Run test modules in collection order under ``-n 2``. The plugin asks xdist for ``loadscope`` (a suite's
    module fixtures stay on one worker), and xdist then orders modules by their number of tests, which put the
    one-test second-model-family module last: it ran alone for its nine minutes at the end of a 16-minute run."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(session, config, items) -> None:  # noqa: ANN001 - pytest's hook arguments
    """The second model family's end-to-end run (minutes, one process of its own) goes first: under ``-n 2`` it then
    runs on one worker while the other works through the rest, instead of running alone at the end."""
    first = [item for item in items if item.nodeid.startswith("tests/integration/test_second_model_family.py")]
    if first:
        items[:] = first + [item for item in items if item not in first]
