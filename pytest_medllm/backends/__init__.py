"""Backends: the batched model contract, the transformers implementation and the extension point.

``--backend`` picks the factory:

* ``transformers`` (default) — :func:`~pytest_medllm.backends.transformers.backend.create_transformers_backend`;
* a name registered by any installed package under the entry-point group ``pytest_medllm.backends``;
* ``package.module:factory`` — any importable callable.

A factory is called as ``factory(run_config, spec)`` and returns a :class:`Backend`. Heavy imports (torch,
transformers) happen only inside the factory, so ``pytest --help`` and collection stay fast.
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import Callable

from .base import (
    Backend,
    BackendError,
    CapabilityError,
    ChoiceRequest,
    ChoiceScores,
    Decoding,
    Generation,
    GenerationRequest,
    LoglikelihoodRequest,
    TokenLogprobs,
    WorkerInfo,
)

ENTRY_POINT_GROUP = "pytest_medllm.backends"

__all__ = [
    "Backend", "BackendError", "ChoiceRequest", "ChoiceScores", "Decoding", "Generation", "GenerationRequest",
    "LoglikelihoodRequest", "TokenLogprobs", "CapabilityError", "WorkerInfo", "ENTRY_POINT_GROUP", "load_factory",
    "build_backend",
]


def _transformers_factory(run_config, spec, worker=None):  # noqa: ANN001 - signature of every factory
    from .transformers.loading import create_transformers_backend

    return create_transformers_backend(run_config, spec, worker=worker)


def _openai_factory(run_config, spec, worker=None):  # noqa: ANN001 - signature of every factory
    from .openai.backend import create_openai_backend

    return create_openai_backend(run_config, spec, worker=worker)


#: Backends that ship with pytest-medllm, by ``--backend`` name.
BUILTIN_BACKENDS: dict[str, Callable] = {"transformers": _transformers_factory, "openai": _openai_factory}


def load_factory(name: str) -> Callable:
    """Resolve a ``--backend`` value to a factory callable, with an error that says what was tried."""
    if name in BUILTIN_BACKENDS:
        return BUILTIN_BACKENDS[name]
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise BackendError(f"--backend {name!r}: cannot import {module_name!r} ({exc})") from exc
        except Exception as exc:  # noqa: BLE001 - the user's module failed while importing: one message, not a trace
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            raise BackendError(f"--backend {name!r}: importing {module_name!r} raised {type(exc).__name__}: {first} "
                               f"(run `python -c \"import {module_name}\"` to see the traceback)") from None
        try:
            return getattr(module, attr)
        except AttributeError:
            raise BackendError(f"--backend {name!r}: {module_name!r} has no attribute {attr!r}") from None
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        known = sorted({*BUILTIN_BACKENDS, *(ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP))})
        raise BackendError(f"--backend {name!r} is unknown; known backends: {', '.join(known)}; "
                           f"or give package.module:factory")
    try:
        return found[0].load()
    except Exception as exc:  # noqa: BLE001 - an installed plugin that fails to import: one message
        raise BackendError(f"--backend {name!r}: the entry point {found[0].value!r} failed to load "
                           f"({type(exc).__name__}: {(str(exc).strip().splitlines() or [''])[0][:200]})") from None


def build_backend(factory: Callable, run_config, spec, worker: WorkerInfo) -> Backend:  # noqa: ANN001
    """Call a factory: with ``worker=`` when it takes that argument (or ``**kwargs``), else as
    ``factory(run_config, spec)`` like the README's example."""
    import inspect

    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin or C callable: no signature to read
        parameters = ()
    takes_worker = any(p.name == "worker" or p.kind is p.VAR_KEYWORD for p in parameters)
    return factory(run_config, spec, worker=worker) if takes_worker else factory(run_config, spec)
