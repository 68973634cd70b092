"""The response cache: keyed by everything that changes a response, shared safely across processes."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.backends.cached_backend import CachedBackend
from pytest_medllm.backends.response_cache import ResponseCache
from tests.helpers.fake_backend import FakeBackend


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
    backend.close()
    later = CachedBackend(inner, ResponseCache(tmp_path / "c.sqlite3"))
    again = later.generate(requests(5))
    assert inner.generated == 5 and first == again
    assert later.cache.stats.hits == 5 and later.reused == 0


@pytest.mark.parametrize("mode", ["on", "off", "refresh"])
def test_a_request_asked_twice_in_one_run_is_computed_once_in_every_cache_mode(tmp_path, mode):
    inner = CountingBackend()
    backend = CachedBackend(inner, ResponseCache(tmp_path / "c.sqlite3", mode=mode))
    first = backend.generate(requests(5))
    again = backend.generate(requests(3) + requests(7)[5:])
    assert inner.generated == 7 and again[:3] == first[:3]
    assert backend.reused == 3 and backend.cache.stats.hits == 0


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


# -- damage: detected, reported in one line, moved aside, rebuilt ------------------------------------------------

def _filled(path: Path, n: int = 300) -> None:
    cache = ResponseCache(path)
    cache.put_many((f"key{i}", "generate", "m", {"text": f"answer {i} " * 20}) for i in range(n))
    cache.close()


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "random bytes mid-file":
        import random

        rng = random.Random(7)
        start = len(data) // 3
        data[start:start + 4096] = bytes(rng.randrange(256) for _ in range(4096))
    elif how == "damaged header":
        data[:16] = b"not a database!!"
    elif how == "truncated":
        data = data[:len(data) // 2]
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["random bytes mid-file", "damaged header", "truncated"])
@pytest.mark.parametrize("mode", ["on", "refresh"])
def test_a_damaged_cache_is_reported_moved_aside_and_rebuilt(tmp_path, how, mode):
    path = tmp_path / "responses.sqlite3"
    _filled(path)
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    _damage(path, how)
    messages: list[str] = []
    cache = ResponseCache(path, mode=mode, warn=messages.append)
    assert len(messages) == 1 and str(path) in messages[0] and "moved to" in messages[0]
    assert "\n" not in messages[0]
    aside = list(tmp_path.glob("responses.sqlite3.damaged-*"))
    assert aside and cache.healed is not None
    backend = CachedBackend(CountingBackend(), cache)
    backend.generate(requests(3))
    assert cache.count() == 3  # the rebuilt cache works
    again = ResponseCache(path, warn=messages.append)
    assert len(messages) == 1 and again.get_many([backend.key("generate", requests(1)[0].to_dict())])


def test_a_flipped_byte_in_a_stored_answer_is_a_miss_not_an_answer(tmp_path):
    import sqlite3

    path = tmp_path / "c.sqlite3"
    inner = CountingBackend()
    backend = CachedBackend(inner, ResponseCache(path))
    first = backend.generate(requests(2))
    backend.close()
    conn = sqlite3.connect(path)
    value = conn.execute("SELECT key, value FROM responses LIMIT 1").fetchone()
    tampered = value[1].replace("The answer is", "The answer iz", 1)
    assert tampered != value[1]
    conn.execute("UPDATE responses SET value = ? WHERE key = ?", (tampered, value[0]))
    conn.commit()
    conn.close()
    inner2 = CountingBackend()
    backend2 = CachedBackend(inner2, ResponseCache(path))
    second = backend2.generate(requests(2))
    assert second == first  # recomputed, not served
    assert inner2.generated == 1 and backend2.cache.stats.corrupt == 1
    third = CachedBackend(CountingBackend(), ResponseCache(path))
    assert third.generate(requests(2)) == first and third.cache.stats.corrupt == 0  # the entry was overwritten


def test_a_cache_from_an_older_version_without_checksums_starts_afresh(tmp_path):
    import sqlite3

    path = tmp_path / "c.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE responses (key TEXT PRIMARY KEY, kind TEXT NOT NULL, model TEXT NOT NULL,"
                 " value TEXT NOT NULL, created REAL NOT NULL, schema INTEGER NOT NULL)")
    conn.execute("INSERT INTO responses VALUES ('k', 'generate', 'm', '{}', 0, 1)")
    conn.commit()
    conn.close()
    messages: list[str] = []
    cache = ResponseCache(path, warn=messages.append)
    assert cache.count() == 0 and "older pytest-medllm" in messages[0]


def test_damage_found_while_running_is_reported_once_and_the_run_goes_on(tmp_path):
    path = tmp_path / "c.sqlite3"
    messages: list[str] = []
    cache = ResponseCache(path, warn=messages.append)
    backend = CachedBackend(CountingBackend(), cache)
    backend.generate(requests(2))
    cache._conn.close()  # the connection dies under the run (a file yanked away, a disk error)
    import sqlite3

    cache._conn = sqlite3.connect(":memory:")  # a connection without the table: every statement fails
    out = backend.generate(requests(4))
    out = backend.generate(requests(5))
    assert len(out) == 5 and len(messages) == 1 and "goes on without it" in messages[0]


def test_an_unwritable_cache_folder_is_one_clear_error(tmp_path):
    from pytest_medllm.backends.response_cache import CacheUnusable

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(CacheUnusable, match="cannot be created.*--cache-dir"):
        ResponseCache(blocker / "sub" / "c.sqlite3")


# -- every backend resumes: chunks are committed whether or not the backend calls on_batch ------------------------

class ReadmeStyle(CountingBackend):
    """Written like the README's example: returns everything at the end, never calls on_batch."""

    def generate(self, requests, on_batch=None):
        self.generated += len(requests)
        return [super(CountingBackend, self).generate([r])[0] for r in requests]


def test_a_backend_that_ignores_on_batch_is_sent_chunks_committed_one_by_one(tmp_path):
    inner = ReadmeStyle()
    inner.batch_size = 4
    cache = ResponseCache(tmp_path / "c.sqlite3")
    writes = []
    original = cache.put_many
    cache.put_many = lambda items: (writes.append(len(list_items := list(items))), original(list_items))
    CachedBackend(inner, cache).generate(requests(10))
    assert writes == [4, 4, 2]
