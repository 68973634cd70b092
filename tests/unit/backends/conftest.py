"""Models the backend tests share: a tiny random Llama with the default model's tokenizer, and the default model."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from pytest_medllm.backends.model_registry import ModelSpec, resolve_model
from pytest_medllm.backends.transformers.backend import TransformersBackend
from pytest_medllm.backends.transformers.loading import create_transformers_backend
from pytest_medllm.backends.transformers.weights import ensure_dense_copy
from pytest_medllm.runner.command_line import default_cache_dir


class _Config:
    cache_dir = default_cache_dir()
    device = "cpu"
    dtype = "float32"
    attn_implementation = "auto"
    chat_template = "auto"
    batch_size = 4
    trust_remote_code = False


@pytest.fixture(scope="session")
def default_dense_dir() -> Path:
    folder, _ = ensure_dense_copy(resolve_model("smollm2-135m"), Path(default_cache_dir()))
    return folder


@pytest.fixture(scope="session")
def tiny_dir(tmp_path_factory, default_dense_dir) -> Path:
    """A 2-layer random Llama with the default model's tokenizer and chat template: loads in a moment, in any
    dtype."""
    from transformers import AutoTokenizer, LlamaConfig, LlamaForCausalLM

    torch.manual_seed(0)
    folder = tmp_path_factory.mktemp("tiny")
    tokenizer = AutoTokenizer.from_pretrained(default_dense_dir)
    config = LlamaConfig(vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=1024,
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id,
                         tie_word_embeddings=True)
    LlamaForCausalLM(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


@pytest.fixture(scope="session")
def tiny(tiny_dir) -> TransformersBackend:
    """The backend on :func:`tiny_dir` (float32, batches of 4)."""
    spec = ModelSpec(alias="tiny", hub_id=str(tiny_dir), source="local")
    return TransformersBackend(str(tiny_dir), spec=spec, device="cpu", dtype="float32", batch_size=4)


@pytest.fixture(scope="session")
def default_model() -> TransformersBackend:
    return create_transformers_backend(_Config(), resolve_model("smollm2-135m"))




@pytest.fixture(autouse=True)
def fresh_first_step_memo(request, monkeypatch):
    """Each test starts with nothing generated (as a session does): cloze scores of prompts an earlier test generated
    on the shared backends would otherwise be taken from that generation instead of computed."""
    from pytest_medllm.backends.transformers.first_step import FirstStepMemo

    for name in ("tiny", "default_model"):
        if name in request.fixturenames:
            monkeypatch.setattr(request.getfixturevalue(name), "first_step_memo", FirstStepMemo())
