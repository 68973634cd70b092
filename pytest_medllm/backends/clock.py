"""Where a run's model time goes: forward passes over prompts (prefill) and one-token steps (decode), per suite.

A :class:`ForwardClock` hooks the model's top-level forward: a pass over more than one new position per row reads a
prompt (prefill, including cloze scoring and log-likelihoods); a pass over one position is a decoding step. It
counts seconds, passes and token positions (padding included: it is work the model does) under the suite that is
running, so that the report can split each suite's time into model load, prefill, decode and the rest (Python:
building prompts, tokenizing, parsing, statistics).
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from typing import Callable


def current_suite() -> str:
    """The suite module pytest is running (from ``PYTEST_CURRENT_TEST``), e.g. ``option_order``; "" outside."""
    current = os.environ.get("PYTEST_CURRENT_TEST", "")
    module = current.split("::", 1)[0].rsplit("/", 1)[-1]
    return module[5:-3] if module.startswith("test_") and module.endswith(".py") else ""


class ForwardClock:
    """Seconds, passes and positions of a model's forward passes, by suite and phase (prefill / decode)."""

    def __init__(self, where: Callable[[], str] = current_suite) -> None:
        self.where = where
        self.totals: dict[str, dict[str, dict[str, float]]] = defaultdict(
            lambda: {"prefill": {"seconds": 0.0, "passes": 0, "positions": 0},
                     "decode": {"seconds": 0.0, "passes": 0, "positions": 0}})
        self._started: list[tuple[float, str, int]] = []
        self._handles: list = []

    def attach(self, model) -> "ForwardClock":  # noqa: ANN001 - a torch module
        """Time every top-level forward pass of ``model`` (nested modules are not hooked: no double counting). One
        clock may time several models: a numeric variant's reload counts under its reference's run."""
        self._handles += [(model, model.register_forward_pre_hook(self._before, with_kwargs=True)),
                          (model, model.register_forward_hook(self._after, with_kwargs=True))]
        return self

    def detach(self, model=None) -> None:  # noqa: ANN001 - a torch module
        """Stop timing ``model`` (every model when None)."""
        for hooked, handle in self._handles:
            if model is None or hooked is model:
                handle.remove()
        self._handles = [(hooked, handle) for hooked, handle in self._handles
                         if model is not None and hooked is not model]

    def _before(self, module, args, kwargs):  # noqa: ANN001 - torch hook signature
        ids = kwargs.get("input_ids", args[0] if args else None)
        shape = tuple(getattr(ids, "shape", ()) or ())
        rows, width = (shape[0], shape[1]) if len(shape) == 2 else (1, 1)
        self._started.append((time.perf_counter(), "prefill" if width > 1 else "decode", rows * width))
        return None

    def _after(self, module, args, kwargs, output):  # noqa: ANN001 - torch hook signature
        if not self._started:
            return None
        started, phase, positions = self._started.pop()
        entry = self.totals[self.where() or "(outside tests)"][phase]
        entry["seconds"] += time.perf_counter() - started
        entry["passes"] += 1
        entry["positions"] += positions
        return None

    def to_dict(self) -> dict:
        """``{suite: {"prefill": {...}, "decode": {...}}}`` with seconds rounded to milliseconds."""
        return {suite: {phase: {k: round(v, 3) if isinstance(v, float) else v for k, v in counts.items()}
                        for phase, counts in phases.items()}
                for suite, phases in self.totals.items()}
