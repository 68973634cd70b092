"""The backend contract: batched, list-in/list-out model calls.

Suites never talk to a model directly; they build requests, hand the whole list to one backend method and get the
results back in the same order. A backend may batch, sort by length, run on a server or answer from a cache — the
suite cannot tell. To plug in your own model (an API, a different inference engine), subclass :class:`Backend`,
implement the methods your suites need, and name a factory with ``--backend package.module:factory`` or register
it under the entry-point group ``pytest_medllm.backends``. The factory is called as ``factory(run_config, spec)``, or
``factory(run_config, spec, worker=WorkerInfo(...))`` when it accepts a ``worker`` argument.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from typing import Callable, Sequence

#: Called with ``[(request_index, result), ...]`` each time a batch is done, so the cache can commit as it goes.
BatchCallback = Callable[[list[tuple[int, object]]], None]


@dataclass(frozen=True)
class Decoding:
    """How to decode. ``temperature == 0`` means greedy (the studies' ``do_sample=False``)."""

    max_new_tokens: int = 64
    temperature: float = 0.0
    top_p: float | None = None
    top_k: int | None = None
    repetition_penalty: float | None = None

    def __post_init__(self) -> None:
        if self.max_new_tokens < 1:
            raise ValueError(f"max_new_tokens must be >= 1, got {self.max_new_tokens}")
        if self.temperature < 0:
            raise ValueError(f"temperature must be >= 0, got {self.temperature}")
        if self.top_p is not None and not 0 < self.top_p <= 1:
            raise ValueError(f"top_p must be in (0, 1], got {self.top_p}")
        if self.top_k is not None and self.top_k < 1:
            raise ValueError(f"top_k must be >= 1, got {self.top_k}")
        if self.repetition_penalty is not None and self.repetition_penalty <= 0:
            raise ValueError(f"repetition_penalty must be > 0, got {self.repetition_penalty}")

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class GenerationRequest:
    """Generate a continuation of ``prompt`` (the user turn when a chat template applies)."""

    prompt: str
    decoding: Decoding = field(default_factory=Decoding)
    #: Seed of this request's own random stream: the same seed gives the same sample whatever the batch.
    seed: int = 0
    #: Keep the top-k log-probabilities of the raw next-token distribution at every step (0 = none).
    top_logprobs: int = 0
    system: str | None = None

    def to_dict(self) -> dict:
        return {"prompt": self.prompt, "decoding": self.decoding.to_dict(),
                "seed": self.seed if not self.decoding.greedy else None,
                "top_logprobs": self.top_logprobs, "system": self.system}


@dataclass(frozen=True)
class Generation:
    """One generated continuation."""

    text: str
    token_ids: tuple[int, ...]
    #: "eos" when the model stopped by itself, "length" when max_new_tokens cut it off.
    finish_reason: str
    #: Log-probability of each generated token under the model's raw (untempered) distribution.
    token_logprobs: tuple[float, ...] = ()
    #: Per step, the top-k ``(token_id, logprob)`` pairs of the raw distribution (empty unless requested).
    top_logprobs: tuple[tuple[tuple[int, float], ...], ...] = ()
    #: Token strings of ``token_ids`` (for content-token filters in entropy metrics).
    tokens: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"text": self.text, "token_ids": list(self.token_ids), "finish_reason": self.finish_reason,
                "token_logprobs": list(self.token_logprobs),
                "top_logprobs": [[list(pair) for pair in step] for step in self.top_logprobs],
                "tokens": list(self.tokens)}

    @classmethod
    def from_dict(cls, data: dict) -> "Generation":
        return cls(text=data["text"], token_ids=tuple(data["token_ids"]), finish_reason=data["finish_reason"],
                   token_logprobs=tuple(data.get("token_logprobs", ())),
                   top_logprobs=tuple(tuple((int(t), float(lp)) for t, lp in step)
                                      for step in data.get("top_logprobs", ())),
                   tokens=tuple(data.get("tokens", ())))


@dataclass(frozen=True)
class ChoiceRequest:
    """Score answer choices at the answer position of ``prompt`` (cloze scoring, one forward pass).

    ``answer_prefix`` is text the answer starts with before the choice (e.g. ``"[["`` when the model is asked to
    answer ``[[1]]``); it is appended to the prompt as the beginning of the model's reply.
    """

    prompt: str
    choices: tuple[str, ...]
    system: str | None = None
    answer_prefix: str = ""

    def __post_init__(self) -> None:
        if len(self.choices) < 2:
            raise ValueError("a ChoiceRequest needs at least two choices")
        if len(set(self.choices)) != len(self.choices):
            raise ValueError(f"choices must be distinct, got {self.choices}")

    def to_dict(self) -> dict:
        return {"prompt": self.prompt, "choices": list(self.choices), "system": self.system,
                "answer_prefix": self.answer_prefix}


@dataclass(frozen=True)
class ChoiceScores:
    """Log-probability of each choice as the next token(s) at the answer position, over the full vocabulary."""

    logprobs: tuple[float, ...]

    def normalized(self) -> tuple[float, ...]:
        """Probabilities renormalised over the choices (a proper distribution over the labels)."""
        import math

        top = max(self.logprobs)
        weights = [math.exp(lp - top) for lp in self.logprobs]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def best(self) -> int:
        return max(range(len(self.logprobs)), key=lambda i: self.logprobs[i])

    def to_dict(self) -> dict:
        return {"logprobs": list(self.logprobs)}

    @classmethod
    def from_dict(cls, data: dict) -> "ChoiceScores":
        return cls(logprobs=tuple(data["logprobs"]))


@dataclass(frozen=True)
class LoglikelihoodRequest:
    """Log-likelihood of ``continuation`` given ``context`` (both raw text unless ``chat`` is true)."""

    context: str
    continuation: str
    #: Wrap ``context`` as a chat user turn with the generation prompt (for scoring an assistant answer).
    chat: bool = False

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class TokenLogprobs:
    """Per-token log-likelihoods of a continuation (the text's own tokens, never the argmax candidate)."""

    token_ids: tuple[int, ...]
    tokens: tuple[str, ...]
    logprobs: tuple[float, ...]
    #: Whether each token was the model's greedy choice at its position.
    greedy: tuple[bool, ...] = ()

    @property
    def total(self) -> float:
        return float(sum(self.logprobs))

    @property
    def perplexity(self) -> float:
        import math

        if not self.logprobs:
            return float("nan")
        return math.exp(-self.total / len(self.logprobs))

    def to_dict(self) -> dict:
        return {"token_ids": list(self.token_ids), "tokens": list(self.tokens), "logprobs": list(self.logprobs),
                "greedy": list(self.greedy)}

    @classmethod
    def from_dict(cls, data: dict) -> "TokenLogprobs":
        return cls(token_ids=tuple(data["token_ids"]), tokens=tuple(data["tokens"]),
                   logprobs=tuple(data["logprobs"]), greedy=tuple(data.get("greedy", ())))


class BackendError(RuntimeError):
    """A model could not be loaded or called; the message says what to do about it."""


class CapabilityError(BackendError, NotImplementedError):
    """The backend cannot do what a suite asks (e.g. a server without prompt log-probabilities).

    The plugin turns it into a skip whose reason is this message: a suite is never computed by a silent
    approximation of a capability the model lacks.
    """


@dataclass(frozen=True)
class WorkerInfo:
    """Where a backend is being built: this pytest-xdist worker's index, the number of workers, and the device the
    plugin chose for it (``--device auto`` gives worker *i* GPU *i* mod #GPUs), so that a factory of any backend
    gets GPU pinning without reading xdist's environment itself."""

    index: int = 0
    count: int = 1
    device: str = "auto"


class Backend(ABC):
    """A model behind the batched contract. Subclass it to add a backend of your own."""

    #: Short name shown in reports.
    name: str = "backend"
    #: True when the backend calls ``on_batch`` as results complete (the built-in backends do). Otherwise the
    #: caching layer sends it chunks of ``batch_size`` requests and commits each before asking the next, so that a
    #: killed run loses at most one chunk.
    streams_results: bool = False
    #: Where the model writes its final answer after reasoning: None, "huatuo", "think-tags" or "harmony" (see
    #: the model registry). The plugin fills it from ``--model``'s registry entry when a factory leaves it None.
    reasoning_format: str | None = None

    @abstractmethod
    def identity(self) -> dict:
        """What makes this model's responses what they are: model id, revision or weights hash, and every
        backend setting that can change an output (dtype, chat template, batch size, ...). Keys the cache."""

    def fingerprint(self) -> dict:
        """The environment fingerprint of this backend's stack (see :mod:`pytest_medllm.backends.fingerprint`)."""
        return {}

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        raise CapabilityError(f"backend {self.name!r} cannot generate text")

    def score_choices(self, requests: Sequence[ChoiceRequest], on_batch: BatchCallback | None = None
                      ) -> list[ChoiceScores]:
        raise CapabilityError(f"backend {self.name!r} cannot score answer choices")

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest], on_batch: BatchCallback | None = None
                      ) -> list[TokenLogprobs]:
        raise CapabilityError(f"backend {self.name!r} cannot compute log-likelihoods")

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        """The exact text the model sees for ``prompt`` (after any chat template); for reports and hashes."""
        return prompt

    def close(self) -> None:
        """Release memory; called once at the end of the session."""
