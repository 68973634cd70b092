"""Backends: the batched model contract, the transformers implementation and the extension point.

``--backend`` picks the factory:

* ``transformers`` (default) — :func:`~pytest_medllm.backends.transformers_backend.create_transformers_backend`;
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
    ChoiceRequest,
    ChoiceScores,
    Decoding,
    Generation,
    GenerationRequest,
    LoglikelihoodRequest,
    TokenLogprobs,
)

ENTRY_POINT_GROUP = "pytest_medllm.backends"

__all__ = [
    "Backend", "BackendError", "ChoiceRequest", "ChoiceScores", "Decoding", "Generation", "GenerationRequest",
    "LoglikelihoodRequest", "TokenLogprobs", "ENTRY_POINT_GROUP", "load_factory",
]


def _transformers_factory(run_config, spec):  # noqa: ANN001 - signature of every factory
    from .transformers_backend import create_transformers_backend

    return create_transformers_backend(run_config, spec)


def load_factory(name: str) -> Callable:
    """Resolve a ``--backend`` value to a factory callable, with an error that says what was tried."""
    if name == "transformers":
        return _transformers_factory
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise BackendError(f"--backend {name!r}: cannot import {module_name!r} ({exc})") from exc
        try:
            return getattr(module, attr)
        except AttributeError:
            raise BackendError(f"--backend {name!r}: {module_name!r} has no attribute {attr!r}") from None
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        known = sorted({"transformers", *(ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP))})
        raise BackendError(f"--backend {name!r} is unknown; known backends: {', '.join(known)}; "
                           f"or give package.module:factory")
    return found[0].load()
