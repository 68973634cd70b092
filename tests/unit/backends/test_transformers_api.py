"""Our calls into transformers use its supported API: no deprecation warning from generation or scoring.

transformers 5.24 renamed the key/value cache ``past_key_values`` to ``cache`` (forward, generate, model outputs);
the old name warns (a FutureWarning per call, a "deprecated" line in transformers' log for an output read by it)
and goes in 5.40 / 6.0. These tests run every path of the backend that touches a cache — generation with prompts
joining a running batch, a shared few-shot prefix, repeated prompts, cloze scoring with a shared prefix,
log-likelihoods — with every warning recorded, and fail on any deprecation. They also check that the recorder sees
the old name's warning, so that they can fail.
"""

from __future__ import annotations

import logging
import warnings
from contextlib import contextmanager
from typing import Iterator

import pytest
import torch

from pytest_medllm.backends import ChoiceRequest, Decoding, GenerationRequest, LoglikelihoodRequest
from pytest_medllm.backends.transformers import kv_cache
from pytest_medllm.backends.transformers.kv_cache import (
    cache_keyword,
    cache_of,
    preallocated_cache,
    with_cache,
)

FEW_SHOT = "Example: TSH high, T4 low -> primary hypothyroidism.\n" * 6


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def deprecations() -> Iterator[list[str]]:
    """Every FutureWarning and DeprecationWarning raised inside, and every "deprecated" line transformers logs
    (its once-only log memory cleared first, so a line logged earlier in the session is logged again)."""
    from transformers.utils import logging as hf_logging

    hf_logging.warning_once.cache_clear()
    handler = _Records()
    logger = logging.getLogger("transformers")
    logger.addHandler(handler)
    found: list[str] = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield found
    finally:
        logger.removeHandler(handler)
        found += [f"{w.category.__name__}: {w.message} ({w.filename}:{w.lineno})" for w in caught
                  if issubclass(w.category, (FutureWarning, DeprecationWarning))]
        found += [f"log: {m}" for m in handler.messages if "deprecat" in m.lower()]


def _every_cache_path(backend) -> None:  # noqa: ANN001 - a TransformersBackend
    prompts = ["Say hello.", "TSH 12 mU/L, free T4 low.", "Define anemia.", "What is HbA1c?", "List causes.",
               "A boy with polyuria and a glucose of 400 mg/dL: diagnosis?"]
    requests = ([GenerationRequest(p, Decoding(max_new_tokens=5 + i)) for i, p in enumerate(prompts)]
                + [GenerationRequest(FEW_SHOT + p, Decoding(max_new_tokens=4)) for p in prompts[:3]]
                + [GenerationRequest(prompts[0], Decoding(max_new_tokens=4, temperature=0.7), seed=s)
                   for s in (1, 2)])
    backend.generate(requests)
    backend.score_choices([ChoiceRequest(FEW_SHOT + f"Item {i}\nA. x\nB. y\nAnswer:", ("A", "B")) for i in range(3)])
    backend.loglikelihood([LoglikelihoodRequest("The answer is", " B"), LoglikelihoodRequest("The answer is", " A")])


def test_generation_and_scoring_raise_no_deprecation_warning(tiny, monkeypatch):
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 2)  # rows leave and waiting prompts join between segments
    with deprecations() as found:
        _every_cache_path(tiny)
    assert found == []


def test_the_check_sees_the_deprecated_name(tiny, monkeypatch):
    """With the old keyword forced, the same calls are seen to warn (on a transformers that has renamed it)."""
    if cache_keyword(tiny.model) != "cache":
        pytest.skip("this transformers release still calls the cache past_key_values")
    monkeypatch.setattr(kv_cache, "cache_keyword", lambda model: "past_key_values")
    with deprecations() as found:
        _every_cache_path(tiny)
    assert any("past_key_values" in line for line in found)


def test_the_cache_is_passed_and_read_back_under_the_models_own_name(random_llama):
    """The keyword is one the model's forward takes (a cache= that a model ignored would silently recompute), and
    the cache that comes back is the one given."""
    import inspect

    keyword = cache_keyword(random_llama)
    assert keyword in inspect.signature(type(random_llama).forward).parameters
    cache = preallocated_cache(random_llama.config, headroom=4)
    with torch.inference_mode():
        out = random_llama(input_ids=torch.randint(3, 97, (1, 5)), use_cache=True, **with_cache(random_llama, cache))
    assert cache_of(out) is cache and cache.get_seq_length() == 5


def test_a_forward_that_knows_only_the_old_name_gets_the_old_name():
    class OldStyle(torch.nn.Module):
        def forward(self, input_ids=None, past_key_values=None, use_cache=None):  # noqa: ANN001, ANN201
            return past_key_values

    class Unknown(torch.nn.Module):
        def forward(self, input_ids=None, **kwargs):  # noqa: ANN001, ANN201, ANN003
            return kwargs

    assert cache_keyword(OldStyle()) == "past_key_values"
    # A forward that takes **kwargs only gets the name this transformers release uses.
    assert cache_keyword(Unknown()) == ("cache" if kv_cache._transformers_names_cache() else "past_key_values")
