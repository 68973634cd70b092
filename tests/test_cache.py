"""The response cache: keyed by everything that changes a response, shared safely across processes."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.backends.cached import CachedBackend
from pytest_medllm.cache import ResponseCache

from .fake_backend import FakeBackend


class CountingBackend(FakeBackend):
    def __init__(self, fingerprint: dict | None = None, **kw):
        super().__init__(**kw)
        self.generated = 0
        self._fp = fingerprint or {"device": "cpu", "dtype": "float32", "torch": "2.13.0"}

    def fingerprint(self) -> dict:
        return self._fp

    def generate(self, requests, on_batch=None):
        self.generated += len(requests)
        return super().generate(requests, on_batch)


def requests(n: int, **decoding) -> list[GenerationRequest]:
    return [GenerationRequest(f"prompt {i}", Decoding(**decoding)) for i in range(n)]


def test_second_run_makes_no_model_calls(tmp_path):
    inner = CountingBackend()
    backend = CachedBackend(inner, ResponseCache(tmp_path / "c.sqlite3"))
    first = backend.generate(requests(5))
    again = backend.generate(requests(5))
    assert inner.generated == 5 and first == again
    assert backend.cache.stats.hits == 5


def test_duplicates_in_one_call_are_computed_once(tmp_path):
    inner = CountingBackend()
    backend = CachedBackend(inner, ResponseCache(tmp_path / "c.sqlite3"))
    out = backend.generate(requests(3) + requests(3))
    assert inner.generated == 3 and out[:3] == out[3:]


@pytest.mark.parametrize("change", [
    {"decoding": {"max_new_tokens": 65}},
    {"decoding": {"temperature": 0.7}},
    {"fingerprint": {"device": "cpu", "dtype": "bfloat16", "torch": "2.13.0"}},
    {"fingerprint": {"device": "cpu", "dtype": "float32", "torch": "2.14.0"}},
    {"model": "another-model"},
])
def test_a_response_made_under_other_settings_is_never_returned(tmp_path, change):
    path = tmp_path / "c.sqlite3"
    CachedBackend(CountingBackend(), ResponseCache(path)).generate(requests(4))
    inner = CountingBackend(fingerprint=change.get("fingerprint"), model=change.get("model", "fake-model"))
    CachedBackend(inner, ResponseCache(path)).generate(requests(4, **change.get("decoding", {})))
    assert inner.generated == 4


def test_sampling_seed_is_part_of_the_key_but_ignored_when_greedy(tmp_path):
    inner = CountingBackend()
    backend = CachedBackend(inner, ResponseCache(tmp_path / "c.sqlite3"))
    greedy = [GenerationRequest("p", Decoding(), seed=s) for s in (1, 2)]
    sampled = [GenerationRequest("p", Decoding(temperature=1.0), seed=s) for s in (1, 2)]
    backend.generate(greedy)
    backend.generate(sampled)
    assert inner.generated == 1 + 2


def test_refresh_recomputes_and_off_stores_nothing(tmp_path):
    path = tmp_path / "c.sqlite3"
    CachedBackend(CountingBackend(), ResponseCache(path)).generate(requests(3))
    refreshed = CountingBackend()
    CachedBackend(refreshed, ResponseCache(path, mode="refresh")).generate(requests(3))
    assert refreshed.generated == 3
    off = CountingBackend()
    cache = ResponseCache(tmp_path / "off.sqlite3", mode="off")
    CachedBackend(off, cache).generate(requests(3))
    CachedBackend(off, cache).generate(requests(3))
    assert off.generated == 6 and not (tmp_path / "off.sqlite3").exists()


def test_interrupted_run_keeps_finished_batches(tmp_path):
    class Interrupted(CountingBackend):
        def generate(self, requests, on_batch=None):
            for i, r in enumerate(requests):
                if i == 3:
                    raise KeyboardInterrupt
                on_batch([(i, super().generate([r])[0])])

    path = tmp_path / "c.sqlite3"
    with pytest.raises(KeyboardInterrupt):
        CachedBackend(Interrupted(), ResponseCache(path)).generate(requests(6))
    resumed = CountingBackend()
    CachedBackend(resumed, ResponseCache(path)).generate(requests(6))
    assert resumed.generated == 3  # the three finished before the interruption were not recomputed


def _writer(path: str, start: int) -> None:
    cache = ResponseCache(Path(path))
    for i in range(start, start + 200):
        cache.put_many([(f"k{i}", "generate", "m", {"i": i})])
    cache.close()


def test_concurrent_writers_from_several_processes(tmp_path):
    path = str(tmp_path / "shared.sqlite3")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, s)) for s in (0, 1000, 2000)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    cache = ResponseCache(Path(path))
    assert cache.count() == 600
    assert cache.get_many(["k5", "k1005", "k2199"]) == {"k5": {"i": 5}, "k1005": {"i": 1005}, "k2199": {"i": 2199}}
