"""A backend wrapper that answers from the response cache and sends only the misses to the model."""

from __future__ import annotations

import time
from typing import Callable, Sequence

from ..cache import ResponseCache
from ..env import numerics_key, stable_hash
from .base import (
    Backend,
    BatchCallback,
    ChoiceRequest,
    ChoiceScores,
    Generation,
    GenerationRequest,
    LoglikelihoodRequest,
    TokenLogprobs,
)

ProgressFn = Callable[[str, int, int, float], None]


class CachedBackend(Backend):
    """Same contract as the wrapped backend; every response is keyed by model identity, backend settings,
    request and environment numerics, and committed batch by batch."""

    def __init__(self, inner: Backend, cache: ResponseCache, progress: ProgressFn | None = None) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name
        self.progress = progress
        self._identity = inner.identity()
        self._numerics = numerics_key(inner.fingerprint())
        self._model_label = str(self._identity.get("model"))
        #: Model calls actually made (not answered by the cache), by method.
        self.calls: dict[str, int] = {"generate": 0, "score_choices": 0, "loglikelihood": 0}

    def identity(self) -> dict:
        return self._identity

    def fingerprint(self) -> dict:
        return self.inner.fingerprint()

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        return self.inner.format_prompt(prompt, system)

    def key(self, kind: str, request_dict: dict) -> str:
        return stable_hash({"kind": kind, "identity": self._identity, "numerics": self._numerics,
                            "request": request_dict})

    def _run(self, kind: str, requests: Sequence, call: Callable[[list, BatchCallback], list],
             decode: Callable[[dict], object]) -> list:
        keys = [self.key(kind, r.to_dict()) for r in requests]
        found = self.cache.get_many(list(dict.fromkeys(keys)))
        results: list = [None] * len(requests)
        missing: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            if key in found:
                results[i] = decode(found[key])  # type: ignore[arg-type]
            else:
                missing.setdefault(key, []).append(i)
        if not missing:
            return results
        # Identical requests (same prompt, decoding and seed) are computed once.
        todo_keys = list(missing)
        todo = [requests[missing[k][0]] for k in todo_keys]
        done = 0
        started = time.perf_counter()
        stored: set[int] = set()

        def on_batch(batch: list[tuple[int, object]]) -> None:
            nonlocal done
            self.cache.put_many((todo_keys[j], kind, self._model_label, value.to_dict())  # type: ignore[attr-defined]
                                for j, value in batch)
            stored.update(j for j, _ in batch)
            done += len(batch)
            if self.progress is not None:
                self.progress(kind, done, len(todo), time.perf_counter() - started)

        outputs = call(todo, on_batch)
        self.calls[kind] += len(todo)
        leftovers = [(j, out) for j, out in enumerate(outputs) if j not in stored]
        if leftovers:  # a custom backend that ignores on_batch is still cached
            self.cache.put_many((todo_keys[j], kind, self._model_label, out.to_dict()) for j, out in leftovers)
        for key, output in zip(todo_keys, outputs):
            for i in missing[key]:
                results[i] = output
        return results

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        return self._run("generate", requests, lambda todo, cb: self.inner.generate(todo, on_batch=cb),
                         Generation.from_dict)

    def score_choices(self, requests: Sequence[ChoiceRequest], on_batch: BatchCallback | None = None
                      ) -> list[ChoiceScores]:
        return self._run("score_choices", requests, lambda todo, cb: self.inner.score_choices(todo, on_batch=cb),
                         ChoiceScores.from_dict)

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest], on_batch: BatchCallback | None = None
                      ) -> list[TokenLogprobs]:
        return self._run("loglikelihood", requests,
                         lambda todo, cb: self.inner.loglikelihood(todo, on_batch=cb), TokenLogprobs.from_dict)

    def close(self) -> None:
        self.inner.close()
        self.cache.close()
