"""Cloze scores of prompts that generation has already read come from its first step: the same numbers as a scoring
pass (checked against one), no forward pass, nothing kept from a numeric variant, and the memo stays within bounds."""

from __future__ import annotations

import pytest
import torch

from pytest_medllm.backends import ChoiceRequest, Decoding, GenerationRequest
from pytest_medllm.backends.transformers.first_step import FirstStepMemo

PROMPTS = ["Which is right?\nA. x\nB. y\nC. z\nAnswer with the letter only.",
           "A 10-year-old boy has polyuria and a glucose of 400 mg/dL. Diabetes?\nA. yes\nB. no",
           "TSH 12 mU/L, free T4 low. Which?\nA. primary hypothyroidism\nB. secondary hypothyroidism"]


def _passes(backend, call):
    shapes: list[tuple[int, int]] = []
    handle = backend.model.register_forward_hook(
        lambda module, args, kwargs, out: shapes.append(tuple(kwargs["input_ids"].shape)), with_kwargs=True)
    try:
        return call(), shapes
    finally:
        handle.remove()


def test_scores_of_generated_prompts_come_from_the_first_step(tiny, monkeypatch):
    monkeypatch.setattr(tiny, "first_step_memo", FirstStepMemo())
    requests = [ChoiceRequest(p, ("A", "B")) for p in PROMPTS]
    computed = tiny.score_choices(requests)  # nothing generated yet: a scoring pass
    tiny.generate([GenerationRequest(p, Decoding(max_new_tokens=4, temperature=0.8, repetition_penalty=1.3), seed=1)
                   for p in PROMPTS[:2]])
    assert len(tiny.first_step_memo) == 2
    reused, shapes = _passes(tiny, lambda: tiny.score_choices(requests))
    assert sum(rows * width for rows, width in shapes) == len(tiny._encode_formatted(tiny.format_prompt(PROMPTS[2])))
    for a, b in zip(reused, computed):  # raw logits: neither the penalty nor the sampling of the generation
        assert a.logprobs == pytest.approx(b.logprobs, abs=1e-4)
    # An answer prefix makes another prompt: computed, not taken.
    _, shapes = _passes(tiny, lambda: tiny.score_choices([ChoiceRequest(PROMPTS[0], ("A", "B"),
                                                                               answer_prefix="Answer: ")]))
    assert shapes


def test_a_row_decoded_over_several_segments_keeps_its_first_step(tiny, monkeypatch):
    monkeypatch.setattr(tiny, "first_step_memo", FirstStepMemo())
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 2)  # the row continues over four segments
    alone = tiny.score_choices([ChoiceRequest(PROMPTS[0], ("A", "B", "C"))])[0]  # computed: nothing generated yet
    tiny.generate([GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=7))])
    kept = tiny.first_step_memo.get(tuple(tiny._encode_formatted(tiny.format_prompt(PROMPTS[0]))))
    assert kept is not None
    for letter, expected in zip("ABC", alone.logprobs):
        ids = sorted(tiny.choice_token_ids(tiny.format_prompt(PROMPTS[0]), letter))
        assert float(torch.logsumexp(kept[ids], 0)) == pytest.approx(expected, abs=1e-4)


def test_a_numeric_variant_of_the_same_model_keeps_nothing_in_its_memo(tiny, monkeypatch):
    """Deterministic algorithms (the same backend, a setting changed while it generates) and another batch size (a
    copy of the backend sharing its model) compute first steps that are not the reference's."""
    from pytest_medllm.backends.transformers.variants import Deterministic, with_batch_size

    monkeypatch.setattr(tiny, "first_step_memo", FirstStepMemo())
    request = GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=2))
    Deterministic(tiny).generate([request])
    with_batch_size(tiny, 1).generate([request, GenerationRequest(PROMPTS[1], Decoding(max_new_tokens=2))])
    assert len(tiny.first_step_memo) == 0
    tiny.generate([request])
    assert len(tiny.first_step_memo) == 1


def test_the_memo_drops_the_least_recently_used_beyond_its_bytes():
    memo = FirstStepMemo(max_bytes=3 * 100 * 4)  # three rows of 100 floats
    for k in range(3):
        memo.put((k,), torch.full((100,), float(k)))
    assert memo.get((0,)) is not None  # now the most recently used
    memo.put((3,), torch.zeros(100))
    assert len(memo) == 3 and memo.get((1,)) is None and memo.get((0,)) is not None
    with memo.suspend():
        memo.put((4,), torch.zeros(100))
    assert memo.get((4,)) is None and not memo.suspended
