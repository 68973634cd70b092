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
from dataclasses import asdict, dataclass, field, replace
from typing import Callable, Sequence

#: Called with ``[(request_index, result), ...]`` each time a batch is done, so the cache can commit as it goes.
BatchCallback = Callable[[list[tuple[int, object]]], None]


@dataclass(frozen=True)
class Decoding:
    """How to decode. ``temperature == 0`` means greedy (the studies' ``do_sample=False``).

    ``stop`` holds stop sequences, as OpenAI's API has them: a generation ends at the token that completes the first
    stop sequence in its text, and the text it returns ends before that stop sequence (the stop is not returned);
    ``finish_reason`` is then ``"stop"``. Only the generated text is searched, never the prompt. A stop sequence is
    text, so the model's own end-of-turn tokens need none (they end a generation as ``"eos"``). Stops are kept
    sorted and without repeats: their order never changes a result, so it does not change the cache key either.
    """

    max_new_tokens: int = 64
    temperature: float = 0.0
    top_p: float | None = None
    top_k: int | None = None
    repetition_penalty: float | None = None
    stop: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        stops = (self.stop,) if isinstance(self.stop, str) else tuple(self.stop)
        if any(not isinstance(s, str) or not s for s in stops):
            raise ValueError(f"stop sequences must be non-empty strings, got {self.stop!r}")
        object.__setattr__(self, "stop", tuple(sorted(set(stops))))
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

    def with_stops(self, *stops: str) -> "Decoding":
        """This decoding with more stop sequences."""
        return replace(self, stop=self.stop + tuple(stops))

    def to_dict(self) -> dict:
        # Without stops the dict (and so every cache key) is what it was before stop sequences existed.
        data = asdict(self)
        if self.stop:
            data["stop"] = list(self.stop)
        else:
            del data["stop"]
        return data


def find_stop(text: str, stops: Sequence[str], start: int = 0) -> tuple[int, str] | None:
    """``(offset, stop)`` of the stop sequence that begins first in ``text`` (searching from ``start``; at one
    offset the longest), or None when ``text`` holds none."""
    found = None
    for stop in stops:
        at = text.find(stop, start)
        if at >= 0 and (found is None or (at, -len(stop)) < (found[0], -len(found[1]))):
            found = (at, stop)
    return found


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

    #: The generated text; when a stop sequence ended the generation, the text before it.
    text: str
    #: The tokens that wrote ``text``. After a stop sequence: every token with at least one character before the
    #: stop, so the last one may reach into the stop sequence (``decode(token_ids)`` starts with ``text`` and is at
    #: most that token longer); the stop's other tokens are left out. Log-probs, top-k and ``tokens`` follow
    #: ``token_ids`` one for one.
    token_ids: tuple[int, ...]
    #: "eos" when the model ended its turn (an end-of-turn token), "stop" when a stop sequence of the request ended
    #: it, "length" when max_new_tokens cut it off.
    finish_reason: str
    #: Log-probability of each generated token under the model's raw (untempered) distribution.
    token_logprobs: tuple[float, ...] = ()
    #: Per step, the top-k ``(token_id, logprob)`` pairs of the raw distribution (empty unless requested).
    top_logprobs: tuple[tuple[tuple[int, float], ...], ...] = ()
    #: Token strings of ``token_ids`` (for content-token filters in entropy metrics).
    tokens: tuple[str, ...] = ()
    #: The stop sequence that ended the generation (``finish_reason == "stop"``), when the backend knows it.
    stop_sequence: str | None = None
    #: Tokens the model decoded for this generation, when more than ``token_ids`` (the rest of a stop sequence):
    #: None means ``len(token_ids)``.
    decoded_tokens: int | None = None

    @property
    def tokens_decoded(self) -> int:
        """Tokens the model decoded for this generation (the kept ones and any of a stop sequence after them)."""
        return self.decoded_tokens if self.decoded_tokens is not None else len(self.token_ids)

    def to_dict(self) -> dict:
        data = {"text": self.text, "token_ids": list(self.token_ids), "finish_reason": self.finish_reason,
                "token_logprobs": list(self.token_logprobs),
                "top_logprobs": [[list(pair) for pair in step] for step in self.top_logprobs],
                "tokens": list(self.tokens)}
        if self.stop_sequence is not None:
            data["stop_sequence"] = self.stop_sequence
        if self.decoded_tokens is not None:
            data["decoded_tokens"] = self.decoded_tokens
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Generation":
        return cls(text=data["text"], token_ids=tuple(data["token_ids"]), finish_reason=data["finish_reason"],
                   token_logprobs=tuple(data.get("token_logprobs", ())),
                   top_logprobs=tuple(tuple((int(t), float(lp)) for t, lp in step)
                                      for step in data.get("top_logprobs", ())),
                   tokens=tuple(data.get("tokens", ())), stop_sequence=data.get("stop_sequence"),
                   decoded_tokens=data.get("decoded_tokens"))

    def cut_at_stop(self, stops: Sequence[str]) -> "Generation":
        """This generation ended at its first stop sequence, for a backend that does not apply stops itself (or a
        server that ignored them): the text is cut before the stop. Token-level fields are kept only where
        ``tokens`` spell the text exactly (a server's token texts), cut as ``token_ids`` describes; otherwise they
        are left empty rather than left describing text that was cut away."""
        found = find_stop(self.text, stops)
        if found is None:
            return self
        at, stop = found
        kept, spelled = None, 0
        if self.tokens and "".join(self.tokens) == self.text and len(self.tokens) == len(self.token_ids or
                                                                                          self.tokens):
            kept = 0
            while spelled < at and kept < len(self.tokens):
                spelled += len(self.tokens[kept])
                kept += 1
        if kept is None:
            return replace(self, text=self.text[:at], finish_reason="stop", stop_sequence=stop, token_ids=(),
                           token_logprobs=(), top_logprobs=(), tokens=(), decoded_tokens=None)
        return replace(self, text=self.text[:at], finish_reason="stop", stop_sequence=stop,
                       token_ids=self.token_ids[:kept], token_logprobs=self.token_logprobs[:kept],
                       top_logprobs=self.top_logprobs[:kept], tokens=self.tokens[:kept],
                       decoded_tokens=len(self.tokens))


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
    #: True when ``generate`` ends each generation at its request's stop sequences itself (``Decoding.stop``: text
    #: cut before the stop, ``finish_reason == "stop"``), as the built-in backends do. Otherwise the caching layer
    #: cuts each returned text at its first stop sequence, so every backend means the same by a stop.
    applies_stops: bool = False

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
