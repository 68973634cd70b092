"""Per-process session state: the run config, the gates, the backend (built once) and facts for the report.

Facts are small JSON-able dicts a worker knows and the controller needs (model identity, load time, environment
fingerprint, cache statistics, dataset selection). Without xdist they stay in this object; with xdist a worker
ships them in ``workeroutput`` and the controller merges them.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ..backends.clock import current_suite
from ..verdict.gates import Gate
from .command_line import RunConfig

STATE_KEY = pytest.StashKey["SessionState"]()


class RunBlocked(Exception):
    """The run cannot be done (found while a test was setting up); the plugin reports it once and stops judging."""


@dataclass
class SessionState:
    run: RunConfig
    gates: list[Gate]
    is_worker: bool
    rootpath: str
    facts: dict = field(default_factory=dict)
    backend: object | None = None
    backend_error: str | None = None
    datasets: dict = field(default_factory=dict)
    #: Suites with tests deselected in this process (-k, -m): their gates may legitimately judge nothing.
    deselected_suites: set = field(default_factory=set)
    _last_progress_line: float = 0.0
    _baseline: dict | None = None

    def baseline_rows(self, suite: str, condition: str) -> list[dict]:
        """Rows of the ``--baseline`` artifact for one suite and condition (loaded once per process)."""
        if self.run.baseline is None:
            return []
        if self._baseline is None:
            from ..verdict.artifacts import read_items

            header, rows = read_items(self.run.baseline)
            index: dict[tuple[str, str], list[dict]] = {}
            for row in rows:
                index.setdefault((row.get("suite", ""), str(row.get("condition", ""))), []).append(row)
            self._baseline = {"header": header, "index": index}
        return self._baseline["index"].get((suite, condition), [])

    def get_backend(self):
        """Build the backend once per process (a session fixture calls this). A model that cannot be built blocks
        the run: :class:`RunBlocked` with one line saying why and what to do."""
        if self.backend is not None:
            return self.backend
        if self.backend_error is not None:
            raise RunBlocked(self.backend_error)
        from ..backends import BackendError, build_backend, load_factory
        from ..backends.cached_backend import CachedBackend
        from ..backends.placement import current_worker
        from ..backends.response_cache import CacheUnusable, ResponseCache

        spec = self.run.spec
        self.say(f"loading model {spec.alias} ({spec.hub_id if spec.source != 'embedded-gguf' else 'embedded GGUF'})"
                 f" with the {self.run.backend} backend...")
        started = time.perf_counter()
        try:
            inner = build_backend(load_factory(self.run.backend), self.run, spec, current_worker(self.run.device))
        except BackendError as exc:
            self.backend_error = str(exc)
            raise RunBlocked(self.backend_error) from None
        except Exception as exc:  # noqa: BLE001 - any load failure (OSError offline, OOM, ...) is one line
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]
            self.backend_error = (f"--model {spec.alias} could not be loaded by the {self.run.backend} backend "
                                  f"({type(exc).__name__}: {first})")
            raise RunBlocked(self.backend_error) from None
        load_seconds = time.perf_counter() - started
        if getattr(inner, "reasoning_format", None) is None:
            inner.reasoning_format = spec.reasoning_format
        try:
            cache = ResponseCache(Path(self.run.cache_dir) / "responses.sqlite3", mode=self.run.cache_mode)
        except CacheUnusable as exc:
            self.backend_error = str(exc)
            raise RunBlocked(self.backend_error) from None
        if cache.healed:
            self.facts["cache_healed"] = cache.healed
        self.backend = CachedBackend(inner, cache, progress=self.progress)
        fingerprint = inner.fingerprint()
        self.facts["model"] = {"spec": spec.to_dict(), "identity": inner.identity(),
                               "load_seconds": round(load_seconds, 2)}
        self.facts["fingerprint"] = fingerprint
        self.say(f"model ready in {load_seconds:.1f} s on {fingerprint.get('device', '?')} "
                 f"({fingerprint.get('dtype', '?')}); response cache {self.run.cache_mode}")
        return self.backend

    def finish(self) -> None:
        """Record cache statistics and release the model."""
        if self.backend is not None:
            backend = self.backend
            self.facts["cache"] = {**backend.cache.stats.to_dict(), "mode": self.run.cache_mode,  # type: ignore
                                   "model_calls": dict(backend.calls),  # type: ignore[attr-defined]
                                   "reused_in_process": backend.reused}  # type: ignore[attr-defined]
            clock = getattr(getattr(backend, "inner", None), "clock", None)
            if clock is not None:
                self.facts["model_time"] = clock.to_dict()
            backend.close()  # type: ignore[attr-defined]
            self.backend = None
        if self.datasets:
            self.facts["datasets"] = self.datasets
        if self.deselected_suites and self.is_worker:
            self.facts["deselected_suites"] = sorted(self.deselected_suites)

    # -- talking to the person at the terminal -----------------------------------------------------------------
    def say(self, message: str) -> None:
        if self.is_worker:
            return
        stream = sys.__stderr__ or sys.stderr
        print(f"\npytest-medllm: {message}", file=stream, flush=True)

    def progress(self, kind: str, done: int, total: int, elapsed: float) -> None:
        """Show long model calls as they go: on a terminal one line rewritten in place (suite, requests done of
        total, rate, time left); in a CI log a line about every 30 seconds and one at the end."""
        if self.is_worker or total < 2 * self.run.batch_size:
            return
        stream = sys.__stderr__ or sys.stderr
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else float("nan")
        where = current_suite()
        text = (f"pytest-medllm: {where + ': ' if where else ''}{kind} {done}/{total} requests "
                f"({rate:.1f}/s" + (f", ~{_duration(left)} left)" if done < total and left == left else
                                     f", {_duration(elapsed)})"))
        if stream.isatty():
            stream.write("\r\x1b[K" + text + ("\n" if done >= total else ""))
            stream.flush()
        elif done >= total and elapsed > 10 or elapsed - self._last_progress_line >= 30:
            self._last_progress_line = elapsed if done < total else 0.0
            print(text, file=stream, flush=True)


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"
