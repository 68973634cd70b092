"""The pediatric endocrinology study's inference in ``paper`` (issue 26a, point 5): each prompt sent alone as plain
text — no chat template, one prompt per generate call — on the session's loaded model and response cache."""

from __future__ import annotations

import pytest

from pytest_medllm import one_plain_prompt_per_call
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.backends.cached_backend import CachedBackend
from pytest_medllm.backends.response_cache import ResponseCache
from pytest_medllm.runner.profiles import PROFILES
from tests.helpers.fake_backend import FakeBackend

PROMPTS = ["Given the following clinical case, short.", "A second, much longer prompt " + "with words " * 30]


def test_paper_profile_asks_for_the_studys_inference_and_quick_does_not():
    assert PROFILES["paper"].pediatric_plain_unbatched is True
    assert PROFILES["quick"].pediatric_plain_unbatched is False


def test_a_transformers_model_is_cloned_without_template_and_batch(tiny, tmp_path):
    assert tiny.use_chat and tiny.batch_size > 1  # the session's settings: templated, batched
    cache = ResponseCache(tmp_path / "responses.sqlite3", mode="on")
    session = CachedBackend(tiny, cache)
    study = one_plain_prompt_per_call(session)
    clone = study.backend.inner
    assert study.applied and "plain text" in study.description
    assert clone is not tiny and clone.model is tiny.model  # the weights are shared, nothing reloaded
    assert (clone.use_chat, clone.batch_size) == (False, 1)
    assert (tiny.use_chat, tiny.batch_size) != (False, 1)  # the session's backend is untouched
    assert clone.format_prompt(PROMPTS[0]) == PROMPTS[0]  # plain text, no template
    assert tiny.format_prompt(PROMPTS[0]) != PROMPTS[0]
    # Its answers are cached apart from the batched, templated ones.
    assert study.backend.identity()["chat_template"] is False and study.backend.identity()["batch_size"] == 1
    assert study.backend.key("generate", {"p": 1}) != session.key("generate", {"p": 1})
    cache.close()


def test_each_prompt_is_generated_alone_and_equals_a_single_prompt_call(tiny):
    study = one_plain_prompt_per_call(tiny)
    clone = study.backend
    decoding = Decoding(max_new_tokens=5)
    batches: list[int] = []
    together = clone.generate([GenerationRequest(p, decoding) for p in PROMPTS],
                              on_batch=lambda rows: batches.append(len(rows)))
    assert batches == [1, 1]  # one prompt per generate step: no padding between prompts
    alone = [clone.generate([GenerationRequest(p, decoding)])[0] for p in PROMPTS]
    assert [g.token_ids for g in together] == [g.token_ids for g in alone]


def test_a_backend_that_formats_itself_is_left_as_it_is():
    backend = FakeBackend()
    study = one_plain_prompt_per_call(backend)
    assert study.backend is backend and not study.applied
    assert "formats and batches prompts itself" in study.description


@pytest.mark.parametrize("already", [True])
def test_a_model_already_plain_and_unbatched_is_not_cloned(tiny, already):
    from pytest_medllm.backends.transformers.variants import with_batch_size

    plain = with_batch_size(tiny, 1)
    plain.use_chat = False
    study = one_plain_prompt_per_call(plain)
    assert study.backend is plain and study.applied
