"""A deterministic, model-free backend for plumbing tests (copied into pytester folders by the tests).

Answers depend only on the request, through a hash, so runs with and without xdist must agree exactly.
"""

from __future__ import annotations

import hashlib
import math
import os

from pytest_medllm.backends import Backend, ChoiceScores, Generation, TokenLogprobs

CALLS = {"generate": 0, "score_choices": 0, "loglikelihood": 0}


def _digest(text: str) -> int:
    # FAKE_VARIANT simulates another software stack: same questions, some different answers.
    return int(hashlib.sha256((os.environ.get("FAKE_VARIANT", "") + text).encode("utf-8")).hexdigest(), 16)


class FakeBackend(Backend):
    name = "fake"

    def __init__(self, model: str = "fake-model") -> None:
        self.model = model

    def identity(self) -> dict:
        return {"backend": self.name, "model": self.model}

    def fingerprint(self) -> dict:
        return {"device": "cpu", "dtype": "float32", "torch": "none", "transformers": "none",
                "cuda": os.environ.get("FAKE_VARIANT") or None}

    def generate(self, requests, on_batch=None):
        CALLS["generate"] += len(requests)
        out = []
        for i, r in enumerate(requests):
            digest = _digest(r.prompt + str(r.seed if not r.decoding.greedy else ""))
            letter = "ABCDE"[digest % 5]
            text = f"The answer is {letter}. <script>alert('x')</script> & more"
            tokens = ("The", "Ġanswer", "Ġis", f"Ġ{letter}", ".")
            top = ()
            if r.top_logprobs:
                spread = 1 + digest % 7
                top = tuple(tuple((t, -spread * j / 3 - 0.1) for j, t in enumerate(range(r.top_logprobs)))
                            for _ in tokens)
            out.append(Generation(text=text, token_ids=tuple(range(len(tokens))), finish_reason="eos",
                                  token_logprobs=(-0.1,) * len(tokens), top_logprobs=top, tokens=tokens))
            if on_batch:
                on_batch([(i, out[-1])])
        return out

    def score_choices(self, requests, on_batch=None):
        CALLS["score_choices"] += len(requests)
        out = []
        for r in requests:
            raw = [((_digest(r.prompt + c) % 1000) / 1000.0) for c in r.choices]
            total = math.log(sum(math.exp(x) for x in raw))
            out.append(ChoiceScores(logprobs=tuple(x - total for x in raw)))
        if on_batch:
            on_batch(list(enumerate(out)))
        return out

    def loglikelihood(self, requests, on_batch=None):
        CALLS["loglikelihood"] += len(requests)
        return [TokenLogprobs(token_ids=(1,), tokens=("x",), logprobs=(-float(len(r.continuation)) / 10,))
                for r in requests]


def factory(run_config, spec):
    return FakeBackend(spec.alias)
