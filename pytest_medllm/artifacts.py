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
from typing import Iterable

ITEMS_SCHEMA = "pytest-medllm/items/1"
ITEMS_FILE = "medllm-items.jsonl"


class ArtifactError(ValueError):
    """A baseline artifact that cannot be read or compared; the message says why."""


def write_items_atomic(path: Path, header: dict, rows: Iterable[dict]) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    count = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps({"type": "run", "schema": ITEMS_SCHEMA, **header}, ensure_ascii=False,
                                    default=str) + "\n")
            for row in rows:
                handle.write(json.dumps({"type": "item", **row}, ensure_ascii=False, default=str) + "\n")
                count += 1
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return count


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
