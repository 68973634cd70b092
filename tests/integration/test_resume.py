"""Every backend resumes after SIGKILL: the caching layer commits batch-sized chunks whether or not the backend calls
on_batch, so a killed run of a README-style backend asks again only the unfinished chunk, and its final artifacts
equal an uninterrupted run's."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

from tests.conftest import PROJECT_DIR

SCRIPT = textwrap.dedent("""
    import json, sys
    from pytest_medllm.backends import Decoding, GenerationRequest
    from pytest_medllm.backends.cached_backend import CachedBackend
    from pytest_medllm.backends.response_cache import ResponseCache
    from tests.helpers.readme_backend import ReadmeBackend

    backend = CachedBackend(ReadmeBackend(), ResponseCache(sys.argv[1]))
    requests = [GenerationRequest(f"question {i}", Decoding(max_new_tokens=8)) for i in range(100)]
    outputs = backend.generate(requests)
    print(json.dumps([o.text for o in outputs]))
""")


def _run(cache, log, delay: str):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "README_BACKEND_LOG": str(log),
           "README_BACKEND_DELAY": delay}
    return subprocess.Popen([sys.executable, "-c", SCRIPT, str(cache)], env=env, stdout=subprocess.PIPE, text=True)


def _lines(path) -> list[str]:
    return path.read_text().split() if path.exists() else []


def _kill_after(process, log, calls: int, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while len(_lines(log)) < calls:
        assert time.time() < deadline and process.poll() is None, "the run ended before it could be killed"
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()


def test_a_killed_run_of_a_readme_style_backend_redoes_only_the_unfinished_chunk(tmp_path):
    cache, first_log, second_log = tmp_path / "c.sqlite3", tmp_path / "first.log", tmp_path / "second.log"
    _kill_after(_run(cache, first_log, "0.02"), first_log, 40)
    committed = sqlite3.connect(cache).execute("SELECT COUNT(*) FROM responses").fetchone()[0]
    asked_first = _lines(first_log)
    assert committed % 16 == 0 and committed >= 32  # whole chunks of 16, two of them finished before the kill
    assert len(asked_first) - committed < 16  # only the unfinished chunk was lost

    resumed = _run(cache, second_log, "0")
    out, _ = resumed.communicate(timeout=60)
    asked_again = _lines(second_log)
    assert len(asked_again) == 100 - committed  # exactly what was not committed...
    assert asked_again[:len(asked_first) - committed] == asked_first[committed:]  # ...starting at the lost chunk

    reference = _run(tmp_path / "fresh.sqlite3", tmp_path / "reference.log", "0")
    expected, _ = reference.communicate(timeout=60)
    assert out == expected  # the same answers as an uninterrupted run


def test_a_killed_pytest_run_resumes_to_the_same_artifacts(tmp_path):
    """Through the plugin: pytest on a suite with the README-style backend, killed mid-run, then run again."""
    log = tmp_path / "calls.log"

    def pytest_run(report, cache):
        env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "README_BACKEND_LOG": str(log),
               "README_BACKEND_DELAY": "0.05"}
        return subprocess.Popen(
            [sys.executable, "-m", "pytest", "suites/test_accuracy.py", "--backend", "tests.helpers.readme_backend:factory",
             "--report-dir", str(report), "--cache-dir", str(cache), "-p", "no:cacheprovider", "-p", "no:xdist",
             "-q", "--max-items", "40"], cwd=PROJECT_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)

    _kill_after(pytest_run(tmp_path / "killed", tmp_path / "cache"), log, 25, timeout=120)
    asked_before_kill = len(_lines(log))
    log.unlink()
    resumed = pytest_run(tmp_path / "resumed", tmp_path / "cache")
    resumed.communicate(timeout=300)
    asked_after = len(_lines(log))
    assert asked_after <= 80 - asked_before_kill + 16  # 40 generations + 40 cloze scorings; one chunk redone
    log.unlink()
    clean = pytest_run(tmp_path / "clean", tmp_path / "clean-cache")
    clean.communicate(timeout=300)
    # Item rows byte for byte (the header line holds the run's own folders, which differ by construction).
    resumed_items = (tmp_path / "resumed" / "medllm-items.jsonl").read_text().splitlines()[1:]
    clean_items = (tmp_path / "clean" / "medllm-items.jsonl").read_text().splitlines()[1:]
    assert len(clean_items) == 80 and resumed_items == clean_items
