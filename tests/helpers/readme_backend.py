"""A custom backend written like the README's example: it answers a whole list at once and never calls on_batch.

Each request is logged to ``$README_BACKEND_LOG`` (one prompt hash per line) and takes ``$README_BACKEND_DELAY``
seconds, so that a test can kill a run in the middle and count what was asked again.
"""

from __future__ import annotations

import hashlib
import os
import time

from pytest_medllm.backends import Backend, ChoiceScores, Generation


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class ReadmeBackend(Backend):
    name = "my-api"

    def identity(self):
        return {"backend": self.name, "model": "my-model-2026-01"}

    def _log(self, text: str) -> None:
        path = os.environ.get("README_BACKEND_LOG")
        if path:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(_digest(text) + "\n")
        time.sleep(float(os.environ.get("README_BACKEND_DELAY", "0")))

    def generate(self, requests, on_batch=None):
        out = []
        for r in requests:
            self._log(r.prompt)
            letter = "ABCDE"[int(_digest(r.prompt), 16) % 5]
            out.append(Generation(text=f"The answer is {letter}.", token_ids=(), finish_reason="eos"))
        return out

    def score_choices(self, requests, on_batch=None):
        out = []
        for r in requests:
            self._log(r.prompt + "|cloze")
            best = int(_digest(r.prompt), 16) % len(r.choices)
            out.append(ChoiceScores(tuple(0.0 if i == best else -3.0 for i in range(len(r.choices)))))
        return out


def factory(run_config, spec):
    return ReadmeBackend()
