"""A backend wrapper that answers from the response cache and sends only the misses to the model."""

from __future__ import annotations

import time
from typing import Callable, Sequence

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
from .fingerprint import numerics_key, stable_hash
from .response_cache import ResponseCache

ProgressFn = Callable[[str, int, int, float], None]


class CachedBackend(Backend):
    """Same contract as the wrapped backend; every response is keyed by model identity, backend settings,
    request and environment numerics, and committed batch by batch."""

    def __init__(self, inner: Backend, cache: ResponseCache, progress: ProgressFn | None = None,
                 chunk_size: int | None = None) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name
        self.progress = progress
        self._identity = inner.identity()
        self._numerics = numerics_key(inner.fingerprint())
        self._model_label = str(self._identity.get("model"))
        #: Requests per call for a backend that does not stream its results (its batch size, else 16).
        self.chunk_size = max(1, int(chunk_size or getattr(inner, "batch_size", 0) or 16))
        #: Model calls actually made (not answered by the cache), by method.
        self.calls: dict[str, int] = {"generate": 0, "score_choices": 0, "loglikelihood": 0}
        #: Responses made or read in this process, by key: no request is computed twice in one run, also with
        #: --no-cache or --refresh-cache (several suites share prompts, e.g. the cloze scores).
        self._memory: dict[str, object] = {}
        #: Requests answered from this process's memory (asked before in this run), not counted as cache hits.
        self.reused = 0

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
        remembered = {k for k in keys if k in self._memory}
        self.reused += sum(k in remembered for k in keys)
        found = self.cache.get_many([k for k in dict.fromkeys(keys) if k not in remembered])
        for key, value in found.items():
            self._memory[key] = decode(value)  # type: ignore[arg-type]
        results: list = [None] * len(requests)
        missing: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            if key in self._memory:
                results[i] = self._memory[key]
            else:
                missing.setdefault(key, []).append(i)
        if not missing:
            return results
        # Identical requests (same prompt, decoding and seed) are computed once.
        todo_keys = list(missing)
        todo = [requests[missing[k][0]] for k in todo_keys]
        done = 0
        started = time.perf_counter()

        def store(offset: int, batch: list[tuple[int, object]], stored: set[int]) -> None:
            nonlocal done
            fresh = [(offset + j, value) for j, value in batch if offset + j not in stored]
            self.cache.put_many((todo_keys[j], kind, self._model_label, value.to_dict())  # type: ignore
                                for j, value in fresh)
            stored.update(j for j, _ in fresh)
            done += len(fresh)
            if self.progress is not None:
                self.progress(kind, done, len(todo), time.perf_counter() - started)

        # A backend that streams (calls on_batch) gets the whole list, so that it can sort and batch it well; any
        # other gets chunks, each committed before the next is asked: a killed run loses at most one chunk.
        size = len(todo) if getattr(self.inner, "streams_results", False) else self.chunk_size
        outputs: list = []
        stored: set[int] = set()
        for offset in range(0, len(todo), size):
            chunk = todo[offset:offset + size]
            produced = call(chunk, lambda batch, o=offset: store(o, batch, stored))
            store(offset, list(enumerate(produced)), stored)  # whatever the backend did not hand to on_batch
            outputs.extend(produced)
        self.calls[kind] += len(todo)
        for key, output in zip(todo_keys, outputs):
            self._memory[key] = output
            for i in missing[key]:
                results[i] = output
        return results

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        # The key holds the request's stop sequences (Decoding.to_dict): a request with other stops is another
        # response, and one without stops has the key it had before stops existed.
        return self._run("generate", requests, self._generate_with_stops, Generation.from_dict)

    def _generate_with_stops(self, todo: list[GenerationRequest], on_batch: BatchCallback) -> list[Generation]:
        """The inner backend's generations, each ended at its first stop sequence when the backend does not apply
        stops itself (see ``Backend.applies_stops``), before anything is stored."""
        if getattr(self.inner, "applies_stops", False) or not any(r.decoding.stop for r in todo):
            return self.inner.generate(todo, on_batch=on_batch)

        def cut(index: int, generation: Generation) -> Generation:
            return generation.cut_at_stop(todo[index].decoding.stop)

        produced = self.inner.generate(todo, on_batch=lambda batch: on_batch([(i, cut(i, g)) for i, g in batch]))
        return [cut(i, g) for i, g in enumerate(produced)]

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
