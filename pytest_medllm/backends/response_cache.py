"""On-disk response cache shared by xdist workers, that heals when damaged and never serves a damaged answer.

SQLite in WAL mode lets several worker processes read while one writes. A key is the SHA-256 of everything that can
change a response: the model's identity (id + revision or weights hash), backend settings, the request (prompt,
decoding, seed) and the numerics part of the environment fingerprint. Responses are committed chunk by chunk, so an
interrupted run resumes where it stopped.

Honesty: every stored value carries a SHA-256 checksum of its key and content; a value whose checksum does not
match (a flipped byte on disk) is a cache miss, counted as ``corrupt``, and is overwritten by the fresh answer.
Healing: the file is checked when opened (``PRAGMA quick_check`` and the table's shape). A damaged file is reported
in one line with its path, moved aside (with its ``-wal``/``-shm`` companions) and rebuilt empty; processes opening
it at the same moment take a lock file, so one of them moves it and the others find the new one. Damage found while
running (a read or write that fails) is reported once and the run goes on without the cache — never a traceback.
Only JSON is stored: nothing is ever unpickled.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

#: 2: values carry a checksum of key and content. Files of schema 1 (no checksums) are started afresh.
SCHEMA_VERSION = 2
_COLUMNS = {"key", "kind", "model", "value", "checksum", "created", "schema"}

Warn = Callable[[str], None]


class CacheUnusable(RuntimeError):
    """The cache folder cannot hold a cache (not writable, not a folder); the message says what to do."""


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    writes: int = 0
    #: Stored values whose checksum did not match their key and content: served as misses, then overwritten.
    corrupt: int = 0

    def to_dict(self) -> dict:
        return {"hits": self.hits, "misses": self.misses, "writes": self.writes, "corrupt": self.corrupt}


def checksum(key: str, value_json: str) -> str:
    """SHA-256 over the key and the stored JSON text: a value moved to another key or changed by one byte fails."""
    return hashlib.sha256(f"{key}\n{value_json}".encode("utf-8")).hexdigest()


def _stderr_line(message: str) -> None:
    stream = sys.__stderr__ or sys.stderr
    print(f"pytest-medllm: {message}", file=stream, flush=True)


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock across processes (a lock file beside the cache); a no-op where fcntl does not exist."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: xdist workers may race; the damage check stays correct
        yield
        return
    with open(path, "a+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


class ResponseCache:
    """A key → JSON value store in one SQLite file.

    ``mode`` is ``"on"`` (read and write), ``"refresh"`` (write only: every lookup misses) or ``"off"`` (neither).
    """

    def __init__(self, path: str | os.PathLike[str], mode: str = "on", warn: Warn = _stderr_line) -> None:
        if mode not in ("on", "off", "refresh"):
            raise ValueError(f"cache mode must be on, off or refresh, got {mode!r}")
        self.path = Path(path)
        self.mode = mode
        self.stats = CacheStats()
        self.warn = warn
        #: What happened to a damaged file, for the run's facts (None when the cache was sound).
        self.healed: str | None = None
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._broken = False
        if mode != "off":
            self._conn = self._open()

    # -- opening, checking, healing ------------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CacheUnusable(f"--cache-dir {str(self.path.parent)!r} cannot be created ({exc.strerror or exc}); "
                                f"choose another with --cache-dir, or run with --no-cache") from None
        with _file_lock(self.path.with_name(self.path.name + ".lock")):
            problem = self._problem()
            if problem is not None:
                self._move_aside(problem)
            try:
                return self._connect()
            except sqlite3.DatabaseError as exc:  # still unusable after a fresh start: not a file problem
                raise CacheUnusable(f"response cache {self.path} cannot be used ({exc}); choose another folder "
                                    f"with --cache-dir, or run with --no-cache") from None

    def _problem(self) -> str | None:
        """Why the existing file cannot be trusted, or None (also None when there is no file yet)."""
        if not self.path.exists():
            return None
        try:
            conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None)
            try:
                result = conn.execute("PRAGMA quick_check").fetchone()
                if not result or result[0] != "ok":
                    return f"integrity check: {result[0] if result else 'no answer'}"
                columns = {row[1] for row in conn.execute("PRAGMA table_info(responses)")}
            finally:
                conn.close()
        except sqlite3.DatabaseError as exc:
            return str(exc)
        if columns and columns != _COLUMNS:
            return "written by an older pytest-medllm without checksums"
        return None

    def _move_aside(self, problem: str) -> None:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{os.getpid()}")
        for suffix in ("", "-wal", "-shm"):
            source = Path(str(self.path) + suffix)
            if source.exists():
                os.replace(source, Path(str(target) + suffix))
        self.healed = f"{problem}; moved to {target.name}"
        self.warn(f"response cache {self.path} is damaged ({problem}): moved to {target}; starting an empty cache")

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=60000")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS responses ("
            " key TEXT PRIMARY KEY, kind TEXT NOT NULL, model TEXT NOT NULL, value TEXT NOT NULL,"
            " checksum TEXT NOT NULL, created REAL NOT NULL, schema INTEGER NOT NULL)"
        )
        return conn

    def _give_up(self, exc: Exception, doing: str) -> None:
        """Damage found while running: say it once, go on without the cache."""
        if not self._broken:
            self.warn(f"response cache {self.path} failed while {doing} ({exc}); the run goes on without it — "
                      f"the next run moves the file aside and rebuilds it")
        self._broken = True
        with contextlib.suppress(Exception):
            if self._conn is not None:
                self._conn.close()
        self._conn = None

    @property
    def enabled(self) -> bool:
        return self._conn is not None

    # -- reading and writing -------------------------------------------------------------------------------------
    def get_many(self, keys: list[str]) -> dict[str, object]:
        """Values for the keys that are present and intact (none in ``refresh`` or ``off`` mode)."""
        if self._conn is None or self.mode == "refresh" or not keys:
            self.stats.misses += len(keys)
            return {}
        found: dict[str, object] = {}
        try:
            with self._lock:
                for start in range(0, len(keys), 500):  # SQLite caps the number of bound parameters
                    chunk = keys[start:start + 500]
                    marks = ",".join("?" * len(chunk))
                    rows = self._conn.execute(
                        f"SELECT key, value, checksum FROM responses WHERE schema = ? AND key IN ({marks})",
                        [SCHEMA_VERSION, *chunk],
                    ).fetchall()
                    for key, value, stored in rows:
                        if checksum(key, value) != stored:
                            self.stats.corrupt += 1
                            continue
                        try:
                            found[key] = json.loads(value)
                        except json.JSONDecodeError:
                            self.stats.corrupt += 1
        except sqlite3.DatabaseError as exc:
            self._give_up(exc, "reading")
            found = {}
        self.stats.hits += len(found)
        self.stats.misses += len(keys) - len(found)
        return found

    def put_many(self, items: Iterable[tuple[str, str, str, object]]) -> None:
        """Store ``(key, kind, model, value)`` tuples in one transaction."""
        if self._conn is None:
            return
        rows = []
        for key, kind, model, value in items:
            text = json.dumps(value, ensure_ascii=False, sort_keys=True)
            rows.append((key, kind, model, text, checksum(key, text), time.time(), SCHEMA_VERSION))
        if not rows:
            return
        try:
            with self._lock:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.executemany(
                        "INSERT OR REPLACE INTO responses (key, kind, model, value, checksum, created, schema)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
                    self._conn.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        self._conn.execute("ROLLBACK")
                    raise
        except sqlite3.DatabaseError as exc:
            self._give_up(exc, "writing")
            return
        self.stats.writes += len(rows)

    def count(self) -> int:
        if self._conn is None:
            return 0
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        if self._conn is not None:
            with self._lock:
                self._conn.close()
            self._conn = None
