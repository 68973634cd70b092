"""The per-item run artifact: JSON Lines beside the JSON summary, one row per model answer.

The first line describes the run (schema, model identity, environment fingerprint, run settings); every further
line is one item under one condition: item id, condition, prompt hash, output text, parsed answer and category,
label probabilities where relevant. Written to a temporary file and renamed, so an interrupted run never leaves a
half-written artifact; a later run on another software stack compares against it with ``--baseline``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import IO, Callable, Iterable

ITEMS_SCHEMA = "pytest-medllm/items/1"
ITEMS_FILE = "medllm-items.jsonl"


class ArtifactError(ValueError):
    """A baseline artifact that cannot be read or compared; the message says why."""


def atomic_write(path: Path, write: Callable[[IO[str]], None]) -> None:
    """Write a text file through ``write(handle)`` into a temporary file in the same folder, then rename it over
    ``path``: readers (and an interrupted run) see the previous file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp creates the file readable by its owner only; an artifact gets the usual permissions.
        os.chmod(tmp, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def write_json(path: Path, data: object) -> None:
    """Strict JSON (no NaN), indented, written atomically."""
    def write(handle: IO[str]) -> None:
        json.dump(data, handle, indent=2, ensure_ascii=False, allow_nan=False)
        handle.write("\n")

    atomic_write(path, write)


def write_items(path: Path, header: dict, rows: Iterable[dict]) -> None:
    """The per-item artifact: the run header line, then one line per row, written atomically."""
    def write(handle: IO[str]) -> None:
        handle.write(json.dumps({"type": "run", "schema": ITEMS_SCHEMA, **header}, ensure_ascii=False,
                                default=str) + "\n")
        for row in rows:
            handle.write(json.dumps({"type": "item", **row}, ensure_ascii=False, default=str) + "\n")

    atomic_write(path, write)


def read_items(path: str | os.PathLike[str]) -> tuple[dict, list[dict]]:
    """``(run header, item rows)`` of an artifact; errors say which line is wrong."""
    file = Path(path)
    if file.is_dir():
        file = file / ITEMS_FILE
    if not file.is_file():
        raise ArtifactError(f"--baseline {path}: no such artifact (expected {ITEMS_FILE} or a folder holding it)")
    header: dict | None = None
    rows: list[dict] = []
    with open(file, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ArtifactError(f"{file}: line {number} is not JSON ({exc.msg}); the artifact is damaged") \
                    from None
            if record.get("type") == "run":
                header = record
            elif record.get("type") == "item":
                rows.append(record)
    if header is None or header.get("schema") != ITEMS_SCHEMA:
        raise ArtifactError(f"{file}: not a pytest-medllm item artifact (schema {ITEMS_SCHEMA} expected)")
    return header, rows
