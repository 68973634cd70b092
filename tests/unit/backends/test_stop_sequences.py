"""Stop sequences: a generation ends where its text first holds one, and its text is the unstopped text up to it.

The transformers backend ends rows inside the running batch; the reference is the same requests without stops
(greedy and seeded rows, rows that stop and rows that do not, more requests than rows, segments of a few steps so
that stops complete across segment boundaries) and transformers' own ``generate(stop_strings=...)``. The cache
keys on the stops and keeps the keys of requests without them; a backend that does not apply stops is cut by the
caching layer; the server backend sends ``stop`` and cuts what a server did not.
"""

from __future__ import annotations

import dataclasses

import pytest
import torch

from pytest_medllm.backends import Decoding, Generation, GenerationRequest
from pytest_medllm.backends.base import find_stop
from pytest_medllm.backends.cached_backend import CachedBackend
from pytest_medllm.backends.fingerprint import stable_hash
from pytest_medllm.backends.response_cache import ResponseCache
from tests.helpers.fake_backend import FakeBackend

PROMPTS = [
    "A 10-year-old boy has polyuria and a glucose of 400 mg/dL. What is the diagnosis?",
    "Say hello.",
    "List three causes of short stature in children, then explain which is most common and why.",
    "TSH 12 mU/L, free T4 low.",
    "Define anemia.",
    "What is HbA1c?",
]
NEVER = "\nQuestion: this never comes"


# -- the contract ------------------------------------------------------------------------------------------------

def test_stops_are_kept_sorted_without_repeats_and_checked():
    assert Decoding(stop=["\nb", "\na", "\nb"]).stop == ("\na", "\nb")
    assert Decoding(stop="\nQuestion:").stop == ("\nQuestion:",)
    assert Decoding(stop=["\nb", "\na"]) == Decoding(stop=["\na", "\nb"])
    assert Decoding().with_stops("x", "y").with_stops("x").stop == ("x", "y")
    with pytest.raises(ValueError, match="non-empty"):
        Decoding(stop=["\nQ", ""])


def test_the_first_stop_in_the_text_is_found_and_the_longest_where_two_begin_together():
    assert find_stop("B\n---\nQuestion: x\nQuestion:", ("\nQuestion:", "\n---")) == (1, "\n---")
    assert find_stop("B\nQuestion: x", ("\nQ", "\nQuestion:")) == (1, "\nQuestion:")
    assert find_stop("B. Done.", ("\nQuestion:",)) is None


def test_a_request_without_stops_keeps_the_cache_key_it_had_before_stops(tmp_path):
    """Responses cached before stop sequences existed stay valid for requests without stops; other stops are
    other responses, and the order stops are given in is not."""
    request = GenerationRequest("prompt 1", Decoding(max_new_tokens=8, repetition_penalty=1.2))
    before_stops = {"prompt": "prompt 1", "decoding": {"max_new_tokens": 8, "temperature": 0.0, "top_p": None,
                                                       "top_k": None, "repetition_penalty": 1.2},
                    "seed": None, "top_logprobs": 0, "system": None}
    assert request.to_dict() == before_stops
    inner = FakeBackend()
    cache = ResponseCache(tmp_path / "c.sqlite3")
    backend = CachedBackend(inner, cache)
    key = backend.key("generate", before_stops)
    assert key == stable_hash({"kind": "generate", "identity": backend.identity(), "numerics": backend._numerics,
                               "request": before_stops})
    # A value stored by the version before stops (no stop fields) is served, and the model is not asked.
    old_value = {"text": "B", "token_ids": [1], "finish_reason": "eos", "token_logprobs": [-0.1],
                 "top_logprobs": [], "tokens": ["B"]}
    cache.put_many([(key, "generate", "fake-model", old_value)])

    def no_model(*args, **kwargs):
        raise AssertionError("the cached response should have been served")

    inner.generate = no_model  # type: ignore[method-assign]
    assert backend.generate([request])[0] == Generation("B", (1,), "eos", (-0.1,), (), ("B",))
    with_stops = dataclasses.replace(request, decoding=request.decoding.with_stops("\nQ:", "\nUser:"))
    reordered = dataclasses.replace(request, decoding=dataclasses.replace(request.decoding,
                                                                          stop=("\nUser:", "\nQ:")))
    other = dataclasses.replace(request, decoding=request.decoding.with_stops("\nHuman:"))
    keys = {backend.key("generate", r.to_dict()) for r in (with_stops, reordered, other)}
    assert key not in keys and len(keys) == 2


class _IgnoresStops(FakeBackend):
    """A backend that knows nothing of stop sequences: replies run on into an invented question."""

    def generate(self, requests, on_batch=None):
        out = []
        for i, r in enumerate(requests):
            tokens = ("B", ".", "\n", "Question", ":", " Which", "?")
            out.append(Generation("".join(tokens), tuple(range(len(tokens))), "length", (-0.5,) * len(tokens),
                                  tokens=tokens))
            if on_batch:
                on_batch([(i, out[-1])])
        return out


def test_a_backend_that_does_not_apply_stops_is_cut_before_anything_is_stored(tmp_path):
    stops = ("\nQuestion:",)
    backend = CachedBackend(_IgnoresStops(), ResponseCache(tmp_path / "c.sqlite3"))
    got = backend.generate([GenerationRequest("p", Decoding(stop=stops)), GenerationRequest("p", Decoding())])
    assert got[0] == Generation("B.", (0, 1), "stop", (-0.5, -0.5), (), ("B", "."), stop_sequence="\nQuestion:",
                                decoded_tokens=7)
    assert got[1].text == "B.\nQuestion: Which?" and got[1].finish_reason == "length"
    backend.close()
    again = CachedBackend(_IgnoresStops(), ResponseCache(tmp_path / "c.sqlite3"))
    assert again.generate([GenerationRequest("p", Decoding(stop=stops))]) == got[:1]
    assert again.cache.stats.hits == 1


# -- the transformers backend --------------------------------------------------------------------------------------

def _requests(stops: list[tuple[str, ...]]) -> list[GenerationRequest]:
    """Greedy rows (some with a repetition penalty) and seeded sampled rows, alternating."""
    out = []
    for i, (prompt, stop) in enumerate(zip(PROMPTS + PROMPTS, stops)):
        sampled = i % 2 == 1
        decoding = Decoding(max_new_tokens=10 + 3 * (i % 4), temperature=0.8 if sampled else 0.0,
                            top_p=0.9 if sampled else None, repetition_penalty=1.3 if i % 3 == 0 else None, stop=stop)
        out.append(GenerationRequest(prompt, decoding, seed=11 + i, top_logprobs=2))
    return out


def _stop_inside(generation: Generation, tokenizer, token: int) -> str:  # noqa: ANN001
    """A stop sequence that the generation writes across the boundary before its token ``token``: the last two
    characters of the text before it and the first two after (so it straddles tokens)."""
    before = tokenizer.decode(generation.token_ids[:token])
    text = generation.text
    return text[max(len(before) - 2, 0): len(before) + 2]


def _covering(tokens: tuple[int, ...], tokenizer, stop: str) -> int:  # noqa: ANN001
    """How many tokens the unstopped generation needs before its text holds ``stop``."""
    for k in range(len(tokens) + 1):
        if stop in tokenizer.decode(tokens[:k]):
            return k
    raise AssertionError(f"{stop!r} never completes")


def test_rows_end_at_their_stop_inside_the_running_batch_with_the_unstopped_text_up_to_it(tiny, monkeypatch):
    """Same requests with and without stops, in one batch with rows that do not stop: every stopped text is the
    unstopped text up to the stop, its tokens, log-probs and top-k are the unstopped ones, and the row decoded no
    token after the one that completed the stop."""
    reference = tiny.generate(_requests([()] * 12))
    tokenizer = tiny.tokenizer
    stops: list[tuple[str, ...]] = []
    for i, g in enumerate(reference):
        if i % 4 == 3 or len(g.token_ids) < 6:
            stops.append(() if i % 2 else (NEVER,))  # rows that never stop, with and without stops
        else:
            stops.append((_stop_inside(g, tokenizer, 2 + i % 4), NEVER))
    requests = _requests(stops)
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 3)  # stops complete in later segments and across their boundaries
    from pytest_medllm.backends.clock import ForwardClock

    clock = ForwardClock(where=lambda: "s").attach(tiny.model)
    try:
        stopped = tiny.generate(requests)
    finally:
        clock.detach()
    ended = 0
    for request, full, got in zip(requests, reference, stopped):
        found = find_stop(full.text, request.decoding.stop)
        if found is None:  # rows that do not stop are what they were, finish reason included
            assert (got.text, got.token_ids, got.finish_reason) == (full.text, full.token_ids, full.finish_reason)
            assert got.token_logprobs == pytest.approx(full.token_logprobs, abs=1e-4)  # other batch: rounding only
            continue
        ended += 1
        at, stop = found
        assert got.finish_reason == "stop" and got.stop_sequence == stop
        assert got.text == full.text[:at]  # the unstopped text up to the stop, the stop not returned
        needed = _covering(full.token_ids, tokenizer, stop)
        assert got.decoded_tokens == needed  # no token decoded after the one that completed the stop
        kept = len(got.token_ids)
        assert got.token_ids == full.token_ids[:kept] and kept <= needed
        assert tokenizer.decode(got.token_ids).startswith(got.text)  # the last kept token may reach into the stop
        assert kept == 0 or len(tokenizer.decode(got.token_ids[:kept - 1])) < at  # ... and each wrote some text
        assert got.token_logprobs == pytest.approx(full.token_logprobs[:kept], abs=1e-4)
        assert [[t for t, _ in s] for s in got.top_logprobs] == [[t for t, _ in s] for s in full.top_logprobs[:kept]]
        assert got.tokens == full.tokens[:kept]
    assert ended >= 6 and any(r.decoding.greedy for r, g in zip(requests, stopped) if g.finish_reason == "stop")
    assert any(not r.decoding.greedy for r, g in zip(requests, stopped) if g.finish_reason == "stop")
    # Rows left the batch: the decoding steps computed fewer row positions than the unstopped run's tokens.
    decoded = clock.to_dict()["s"]["decode"]["positions"]
    assert decoded < sum(len(g.token_ids) for g in reference)


@pytest.mark.model
def test_a_greedy_row_stops_on_the_token_transformers_stop_strings_stop_on(default_model):
    """transformers' own generate(stop_strings=...) on each greedy prompt alone ends on the same token, on the
    default model (the random model's greedy replies are one repeated token)."""
    backend = default_model
    greedy = [GenerationRequest(p, Decoding(max_new_tokens=16)) for p in PROMPTS[:4]]
    reference = backend.generate(greedy)
    tokenizer = backend.tokenizer
    compared = 0
    for request, full in zip(greedy, reference):
        if len(full.token_ids) < 8:
            continue
        stop = _stop_inside(full, tokenizer, 5)
        got = backend.generate([dataclasses.replace(request, decoding=request.decoding.with_stops(stop))])[0]
        ids = tokenizer(backend.format_prompt(request.prompt), return_tensors="pt", add_special_tokens=False)
        with torch.inference_mode():
            ref = backend.model.generate(**ids, max_new_tokens=16, do_sample=False, stop_strings=[stop],
                                         tokenizer=tokenizer, eos_token_id=backend.eos_ids,
                                         pad_token_id=tokenizer.pad_token_id)
        theirs = ref[0, ids["input_ids"].shape[1]:].tolist()
        tail = backend.format_prompt(request.prompt)[-len(stop):]
        if (tail + tokenizer.decode(theirs)).find(stop) < len(tail):
            continue  # transformers matches a stop across the prompt's end too; ours reads the reply only
        assert got.finish_reason == "stop" and got.text == full.text[:full.text.index(stop)]
        assert got.decoded_tokens == len(theirs)  # both end on the token that completes the stop
        assert got.token_ids == tuple(theirs[: len(got.token_ids)])
        compared += 1
    assert compared >= 2


def test_a_stop_at_the_very_start_returns_nothing_and_an_end_of_turn_is_no_stop(tiny):
    full = tiny.generate([GenerationRequest(PROMPTS[1], Decoding(max_new_tokens=8))])[0]
    first = tiny.tokenizer.decode(full.token_ids[:1])
    got = tiny.generate([GenerationRequest(PROMPTS[1], Decoding(max_new_tokens=8, stop=(first,)))])[0]
    assert got.text == "" and got.token_ids == () and got.finish_reason == "stop" and got.decoded_tokens == 1
    # The end-of-turn token's own text is never searched: a row that ends its turn ends as "eos".
    eos_text = tiny.tokenizer.decode([tiny.eos_ids[0]])
    monkey = dataclasses.replace(Decoding(max_new_tokens=8), stop=(eos_text,))
    again = tiny.generate([GenerationRequest(PROMPTS[1], monkey)])[0]
    assert again.finish_reason in ("eos", "length") and again.text == full.text


# -- the server backend --------------------------------------------------------------------------------------------

def test_the_server_backend_sends_stop_and_cuts_what_the_server_did_not():
    from tests.integration.test_openai_backend import FakeServer, backend_for

    with FakeServer() as server:
        backend = backend_for(server)
        plain = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12))])[0]
        stop = plain.text[4:6]
        got = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12, stop=(stop, NEVER)))])[0]
        sent = [body for path, body in server.requests if path.endswith("completions")][-1]
    assert sent["stop"] == sorted([stop, NEVER])  # the fake server ignores it: the backend cuts the reply itself
    at = plain.text.index(stop)
    assert got.text == plain.text[:at] and got.finish_reason == "stop" and got.stop_sequence == stop
    assert "".join(got.tokens) == got.text and got.decoded_tokens == len(plain.tokens)


def test_a_server_that_applies_stops_is_reported_as_stopped_by_them():
    from tests.integration.test_openai_backend import FakeServer, backend_for

    class Stopping(FakeServer):
        def generate(self, prompt, body):
            text, steps, finish = super().generate(prompt, body)
            found = find_stop(text, body.get("stop") or ())
            if found is None:
                return text, steps, finish
            # vLLM's way: the text ends before the stop, the listed tokens run on to the one that completed it.
            return text[:found[0]], steps[: len(text[:found[0] + len(found[1])])], "stop"

    with Stopping() as server:
        backend = backend_for(server)
        plain = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12))])[0]
        stop = plain.text[4:6]
        got = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12, stop=(stop,)))])[0]
    assert got.text == plain.text[:plain.text.index(stop)]
    assert got.finish_reason == "stop" and got.stop_sequence == stop and got.tokens == tuple(got.text)


def test_a_server_that_refuses_stop_gets_none_and_replies_are_cut_here():
    """TGI refuses more stop sequences than --max-stop-sequences: the backend says so once, sends none, and cuts
    the replies itself."""
    from pytest_medllm.backends.openai.http import ServerError
    from tests.integration.test_openai_backend import FakeServer, backend_for

    with FakeServer() as server:
        backend = backend_for(server)
        plain = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12))])[0]
        stop = plain.text[4:6]
        post = backend.client.post

        def refusing(path, body):
            if len(body.get("stop") or ()) > 1:
                raise ServerError("422: `stop` supports up to 1 stop sequences. Given: 2", status=422)
            return post(path, body)

        backend.client.post = refusing
        got = backend.generate([GenerationRequest("Say", Decoding(max_new_tokens=12, stop=(stop, NEVER)))] * 2)
        sent = [body for path, body in server.requests if path.endswith("completions")]
    assert backend.stop_refused and "stop" in backend.stop_refused
    assert "stop" not in sent[-1] and "stop" not in sent[-2]
    for g in got:
        assert g.text == plain.text[:plain.text.index(stop)] and g.finish_reason == "stop"
