"""On-disk response cache shared by xdist workers.

SQLite in WAL mode lets several worker processes read while one writes. A key is the SHA-256 of everything that can
change a response: the model's identity (id + revision or weights hash), backend settings, the request (prompt,
decoding, seed) and the numerics part of the environment fingerprint. Responses are committed batch by batch, so
an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

SCHEMA_VERSION = 1


@dataclass
class CacheStats:
    hits: int = 0
    misses: int = 0
    writes: int = 0

    def to_dict(self) -> dict:
        return {"hits": self.hits, "misses": self.misses, "writes": self.writes}


class ResponseCache:
    """A key → JSON value store in one SQLite file.

    ``mode`` is ``"on"`` (read and write), ``"refresh"`` (write only: every lookup misses) or ``"off"`` (neither).
    """

    def __init__(self, path: str | os.PathLike[str], mode: str = "on") -> None:
        if mode not in ("on", "off", "refresh"):
            raise ValueError(f"cache mode must be on, off or refresh, got {mode!r}")
        self.path = Path(path)
        self.mode = mode
        self.stats = CacheStats()
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        if mode != "off":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = self._connect()

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=60.0, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=60000")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS responses ("
            " key TEXT PRIMARY KEY, kind TEXT NOT NULL, model TEXT NOT NULL,"
            " value TEXT NOT NULL, created REAL NOT NULL, schema INTEGER NOT NULL)"
        )
        return conn

    @property
    def enabled(self) -> bool:
        return self._conn is not None

    def get_many(self, keys: list[str]) -> dict[str, object]:
        """Values for the keys that are present (none in ``refresh`` or ``off`` mode)."""
        if self._conn is None or self.mode == "refresh" or not keys:
            self.stats.misses += len(keys)
            return {}
        found: dict[str, object] = {}
        with self._lock:
            for start in range(0, len(keys), 500):  # SQLite caps the number of bound parameters
                chunk = keys[start:start + 500]
                marks = ",".join("?" * len(chunk))
                rows = self._conn.execute(
                    f"SELECT key, value FROM responses WHERE schema = ? AND key IN ({marks})",
                    [SCHEMA_VERSION, *chunk],
                ).fetchall()
                found.update((key, json.loads(value)) for key, value in rows)
        self.stats.hits += len(found)
        self.stats.misses += len(keys) - len(found)
        return found

    def put_many(self, items: Iterable[tuple[str, str, str, object]]) -> None:
        """Store ``(key, kind, model, value)`` tuples in one transaction."""
        if self._conn is None:
            return
        rows = [(key, kind, model, json.dumps(value, ensure_ascii=False), time.time(), SCHEMA_VERSION)
                for key, kind, model, value in items]
        if not rows:
            return
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany(
                    "INSERT OR REPLACE INTO responses (key, kind, model, value, created, schema)"
                    " VALUES (?, ?, ?, ?, ?, ?)", rows)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
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
