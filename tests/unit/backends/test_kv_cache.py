"""The preallocated key/value cache computes what transformers' own cache computes, and writes steps in place."""

from __future__ import annotations

import pytest
import torch
from transformers import DynamicCache, LlamaConfig
from transformers.cache_utils import DynamicLayer, DynamicSlidingWindowLayer

from pytest_medllm.backends.transformers.kv_cache import (
    PreallocatedLayer,
    join_rows,
    preallocated_cache,
    with_cache,
)


def _decode(model, cache, prompt: torch.Tensor, steps: int, keep: list[int] | None = None, at: int = 0):
    """Greedy steps after a prompt; after step ``at`` only rows ``keep`` continue. Returns logits per step."""
    logits = []
    with torch.inference_mode():
        out = model(input_ids=prompt, **with_cache(model, cache), use_cache=True)
        token = out.logits[:, -1:].argmax(-1)
        logits.append(out.logits[:, -1])
        for step in range(steps):
            if keep is not None and step == at:
                rows = torch.tensor(keep)
                cache.reorder_cache(rows)
                token = token.index_select(0, rows)
            out = model(input_ids=token, **with_cache(model, cache), use_cache=True)
            token = out.logits[:, -1:].argmax(-1)
            logits.append(out.logits[:, -1])
    return logits


def test_steps_and_dropped_rows_give_the_logits_of_transformers_cache(random_llama):
    prompt = torch.randint(3, 97, (3, 7))
    for keep in (None, [2, 0]):
        ours = _decode(random_llama, preallocated_cache(random_llama.config, headroom=4), prompt, 9, keep, at=3)
        theirs = _decode(random_llama, DynamicCache(config=random_llama.config), prompt, 9, keep, at=3)
        assert len(ours) == len(theirs) == 10
        for a, b in zip(ours, theirs):
            torch.testing.assert_close(a, b, rtol=0, atol=1e-6)  # headroom 4 < 9 steps: it also grew twice


def test_a_step_writes_into_the_buffer_it_already_has(random_llama):
    cache = preallocated_cache(random_llama.config, headroom=16)
    assert all(isinstance(layer, PreallocatedLayer) for layer in cache.layers)
    with torch.inference_mode():
        random_llama(input_ids=torch.randint(3, 97, (2, 5)), **with_cache(random_llama, cache), use_cache=True)
        layer = cache.layers[0]
        before = layer._key_buffer.data_ptr()
        for _ in range(3):
            random_llama(input_ids=torch.randint(3, 97, (2, 1)), **with_cache(random_llama, cache), use_cache=True)
    assert layer._key_buffer.data_ptr() == before
    assert cache.get_seq_length() == 8 and layer.keys.shape[-2] == 8


def test_crop_and_reset_forget_positions(random_llama):
    cache = preallocated_cache(random_llama.config, headroom=8)
    with torch.inference_mode():
        random_llama(input_ids=torch.randint(3, 97, (1, 6)), **with_cache(random_llama, cache), use_cache=True)
    cache.crop(-2)
    assert cache.get_seq_length() == 4
    with pytest.raises(ValueError):
        cache.layers[0].crop(3)
    cache.layers[0].reset()
    assert cache.layers[0].get_seq_length() == 0


def test_only_plain_full_attention_layers_are_replaced():
    config = LlamaConfig(vocab_size=97, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=4, num_key_value_heads=2)
    config.layer_types = ["sliding_attention", "full_attention"]
    config.sliding_window = 4
    cache = preallocated_cache(config, headroom=8)
    assert isinstance(cache.layers[0], DynamicSlidingWindowLayer)
    assert type(cache.layers[1]) is PreallocatedLayer and isinstance(cache.layers[1], DynamicLayer)


def test_joined_rows_have_zero_padding_and_only_the_room_asked_for(random_llama, monkeypatch):
    """join_rows takes its buffer uninitialised: the padding before each part must still be written as zeros
    (attention weighs masked positions by zero, and 0 × NaN is NaN), and only ``headroom`` columns follow."""
    short, long = preallocated_cache(random_llama.config, headroom=2), preallocated_cache(random_llama.config, 2)
    with torch.inference_mode():
        random_llama(input_ids=torch.randint(3, 97, (1, 3)), **with_cache(random_llama, short), use_cache=True)
        random_llama(input_ids=torch.randint(3, 97, (2, 6)), **with_cache(random_llama, long), use_cache=True)
    real_new_empty = torch.Tensor.new_empty
    # What an allocator may hand back: memory that held anything, here NaN everywhere.
    monkeypatch.setattr(torch.Tensor, "new_empty",
                        lambda self, *shape, **kw: real_new_empty(self, *shape, **kw).fill_(float("nan")))
    joined = join_rows([(short, None, 0), (long, torch.tensor([1]), 0)], width=6, headroom=5)
    for layer, a, b in zip(joined.layers, short.layers, long.layers):
        assert layer._key_buffer.shape[2] == 6 + 5
        for kept in (layer.keys, layer.values):
            assert not torch.isnan(kept).any()
        assert torch.equal(layer.keys[0, :, :3], torch.zeros_like(layer.keys[0, :, :3]))
        torch.testing.assert_close(layer.keys[0, :, 3:], a.keys[0], rtol=0, atol=0)
        torch.testing.assert_close(layer.values[1], b.values[1], rtol=0, atol=0)
