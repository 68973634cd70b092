"""A backend for OpenAI-compatible inference servers: vLLM, SGLang, TGI, llama.cpp and llama-cpp-python.

``pytest suites/ --backend openai --api-base http://localhost:8000/v1 --model NAME`` sends every model call to a
server that is already running; ``--model`` is the model's name on the server (a registry alias is tried as its hub
id first, then as the alias). At most ``--max-concurrency`` requests are in flight per pytest process, so that the
engine's own continuous batching does the work; results stream to the response cache as they complete.

Prompts mean what they mean in the transformers backend: with a chat template (``--chat-template auto`` and the
server's chat endpoint answers) generation goes through ``/v1/chat/completions`` with the same system and user
turns; cloze scoring and log-likelihoods go through ``/v1/completions``, so they send the chat-templated text
themselves (``answer_prefix`` appended as the start of the assistant reply), from the server's ``/apply-template``
or ``/tokenize``, or from the model's own template on this machine once it has been checked against the server's
chat endpoint (see :mod:`.openai_template`). Cloze scores are exact log-probs of each choice's first token (bare
and spaced spellings, as the transformers backend sums them), read either from the whole next-token distribution
(one request per item: llama-cpp-python) or from ``echo`` with ``logprobs`` of the prompt followed by each spelling
(vLLM); log-likelihoods from ``echo``.

What the server must offer, per method: ``generate`` — ``/v1/chat/completions`` (or ``/v1/completions`` without a
chat template), log-probs of generated tokens when available and top-k when a suite asks for them;
``score_choices`` — the template as text when chat is on, plus either the whole distribution with
tokenize/detokenize routes or a checked ``echo``; ``loglikelihood`` — a checked ``echo`` (and, for an empty context,
the model's BOS token text from its files on this machine).

A method that needs what the server cannot do raises :class:`CapabilityError` with the reason, found by probing
(see :mod:`.openai_probe`): never a silent approximation.
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import replace
from typing import Callable, Sequence

from ..base import (
    Backend,
    BackendError,
    BatchCallback,
    CapabilityError,
    ChoiceRequest,
    ChoiceScores,
    Generation,
    GenerationRequest,
    LoglikelihoodRequest,
    TokenLogprobs,
    WorkerInfo,
    find_stop,
)
from ..cloze_tokens import (
    first_tokens,
    refuse_shared_first_tokens,
    says_nothing,
    spellings,
)
from ..model_registry import ModelSpec
from .http import HttpClient, ServerError, api_root, run_bounded
from .parse import (
    UNKNOWN_ID,
    Step,
    chat_steps,
    completion_steps,
    logsumexp,
    suffix_start,
)
from .probe import (
    FULL_DISTRIBUTION,
    MIN_MASS,
    Capability,
    Prober,
    ServerInfo,
    choose_model,
    detokenize,
    served_models,
    server_facts,
    tokenize,
)
from .settings import ServerSettings, model_candidates
from .template import Messages, local_template, messages_for

#: Greedy ties and float noise: a token counts as the greedy choice when its log-prob is this close to the top.
GREEDY_EPSILON = 1e-6

_FINISH = {"stop": "eos", "eos": "eos", "eos_token": "eos", "length": "length", "max_tokens": "length"}


class OpenAIBackend(Backend):
    """A model behind an OpenAI-compatible HTTP API."""

    name = "openai"
    streams_results = True  # on_batch as each request completes: the cache commits as the server answers
    #: Stop sequences go to the server as ``stop``; a reply that still holds one is cut here (see _generate_one).
    applies_stops = True
    #: Why the server refused ``stop`` (e.g. more sequences than it takes): then stops are applied here only.
    stop_refused: str | None = None

    def __init__(self, settings: ServerSettings, spec: ModelSpec, *, chat_policy: str = "auto",
                 given_name: str | None = None, cache_dir: str | None = None,
                 client: HttpClient | None = None) -> None:
        self.settings = settings
        self.spec = spec
        self.root = api_root(settings.api_base)
        self.client = client or HttpClient(self.root, settings.api_key, timeout=settings.request_timeout,
                                           max_retries=settings.max_retries)
        self.max_concurrency = settings.max_concurrency
        self.batch_size = settings.max_concurrency
        entries = served_models(self.client)
        model = choose_model(entries, model_candidates(spec, given_name), settings.api_base)
        entry = next((e for e in entries if e.get("id") == model), None)
        kind, facts = server_facts(self.client, entry)
        self.info = ServerInfo(model=model, kind=kind, facts=facts, chat=False)
        prober = Prober(self.client, model)
        self.info.chat, self.info.chat_reason = prober.probe_chat(chat_policy)
        prober.probe_generation(self.info)
        prober.probe_seed(self.info)
        self.template: Callable[[Messages], str] | None = None
        self._rendered: dict[tuple[str, str | None], str] = {}  # see _render
        local = local_template(spec, cache_dir)
        self.start_token = local.start_token if local else None
        if self.info.chat:
            renderer, reason = prober.probe_template(self.info, local)
            self.template = renderer  # type: ignore[assignment]
            self.info.template_reason = reason
        shapes = {"plain": ""}
        if self.template is not None:
            shapes["templated"] = self.template(messages_for("Hello", None))
        if self.start_token:
            shapes["start"] = self.start_token
        for shape, prefix in shapes.items():
            self.info.prompt_logprobs[shape] = prober.probe_prompt_logprobs(prefix)
        self.info.tokenizer = prober.probe_tokenizer()
        self.info.distribution = prober.probe_distribution() if self.info.tokenizer else \
            Capability(False, "the server has no tokenize/detokenize routes to find the choice tokens")
        self._token_text: dict[int, str] = {}
        self._text_ids: dict[str, list[int]] = {}
        self._say(f"{self.info.kind} server at {self.settings.api_base} serves {model!r}; chat={self.info.chat}, "
                  f"prompt log-probs {', '.join(f'{k}={v.ok}' for k, v in self.info.prompt_logprobs.items())}, "
                  f"next-token distribution={self.info.distribution.ok}, "
                  f"reproducible sampling={self.info.seed.ok}")

    @staticmethod
    def _say(message: str) -> None:
        # pytest captures sys.stderr inside fixtures; what the server can do is worth seeing at once.
        if os.environ.get("PYTEST_XDIST_WORKER"):
            return
        print(f"pytest-medllm: {message}", file=sys.__stderr__ or sys.stderr, flush=True)

    # -- description -----------------------------------------------------------------------------------------
    def identity(self) -> dict:
        return {
            "backend": self.name,
            "model": self.info.model,
            "server": {"kind": self.info.kind, **self.info.facts},
            "chat_template": self.info.chat,
            "template_sha256": self.info.template_sha256,
            # The sampling fields this backend sends (neutral top-k/min-p/penalties): a change of them changes
            # outputs, so it would change this string.
            "request_format": "openai-v1",
        }

    def fingerprint(self) -> dict:
        facts = self.info.facts
        tgi = facts.get("tgi") or {}
        version = facts.get("version") or facts.get("build_info") or tgi.get("version") \
            or (facts.get("openapi") or {}).get("version")
        return {
            "backend": self.name,
            "api_base": self.settings.api_base,
            "server_kind": self.info.kind,
            "server_version": version,
            "device": f"server ({self.info.kind})",
            "dtype": tgi.get("model_dtype"),
            "model_id": self.info.model,
            "model_hash": tgi.get("model_sha"),
            "sampling_reproducible": self.info.seed.ok,
            "sampling_reproducible_reason": self.info.seed.reason,
            "max_concurrency": self.max_concurrency,
            "capabilities": self.info.capabilities(),
        }

    def format_prompt(self, prompt: str, system: str | None = None) -> str:
        if self.info.chat and self.template is not None:
            return self._render(prompt, system)
        return self._plain(prompt, system)

    @staticmethod
    def _plain(prompt: str, system: str | None) -> str:
        return f"{system}\n\n{prompt}" if system else prompt

    def _render(self, prompt: str, system: str | None) -> str:
        """The chat template applied to one user turn, computed once per prompt: from a server's template routes
        it is an HTTP request, and suites score one prompt under many conditions."""
        key = (prompt, system)
        if key not in self._rendered:
            assert self.template is not None
            self._rendered[key] = self.template(messages_for(prompt, system))
        return self._rendered[key]

    def _templated(self, prompt: str, system: str | None, why: str) -> tuple[str, str]:
        """``(text, shape)`` of a prompt as the completions endpoint must receive it."""
        if not self.info.chat:
            return self._plain(prompt, system), "plain"
        if self.template is None:
            raise CapabilityError(f"{why} needs the chat template as text: {self.info.template_reason}")
        return self._render(prompt, system), "templated"

    def _need_prompt_logprobs(self, shape: str, why: str) -> None:
        cap = self.info.prompt_logprobs.get(shape, Capability(False, "not probed"))
        if not cap.ok:
            raise CapabilityError(f"{why} needs exact log-probs of prompt tokens, which the {self.info.kind} server "
                                  f"at {self.settings.api_base} does not give for {shape} prompts: {cap.reason}")

    # -- the calls ------------------------------------------------------------------------------------------------
    def _stream(self, items: Sequence, work: Callable, on_batch: BatchCallback | None) -> list:
        results: list = [None] * len(items)
        for done in run_bounded(list(items), work, self.max_concurrency):
            for index, value in done:
                results[index] = value
            if on_batch is not None:
                on_batch(done)
        return results

    def _sampling(self, request: GenerationRequest) -> dict:
        d = request.decoding
        body: dict = {"max_tokens": d.max_new_tokens, "temperature": d.temperature,
                      # Explicit neutral values: servers have their own defaults (llama.cpp: top-k 40, min-p 0.05,
                      # repeat penalty 1.1) which the transformers backend does not apply.
                      "top_p": d.top_p if d.top_p is not None else 1.0,
                      "top_k": d.top_k if d.top_k is not None else self.info.top_k_off,
                      # repeat_penalty: llama.cpp's name; repetition_penalty: vLLM's, SGLang's and TGI's (vLLM
                      # would otherwise take it from the model's generation_config.json).
                      "min_p": 0.0, "repeat_penalty": d.repetition_penalty or 1.0,
                      "repetition_penalty": d.repetition_penalty or 1.0,
                      "frequency_penalty": 0.0, "presence_penalty": 0.0}
        if not d.greedy and self.info.seed.ok:
            body["seed"] = request.seed
        if d.stop and self.stop_refused is None:
            body["stop"] = list(d.stop)
        return body

    def generate(self, requests: Sequence[GenerationRequest], on_batch: BatchCallback | None = None
                 ) -> list[Generation]:
        for r in requests:
            if r.top_logprobs and not self.info.top_logprobs.ok:
                raise CapabilityError(f"top-{r.top_logprobs} log-probs of generated tokens are not available from "
                                      f"the {self.info.kind} server: {self.info.top_logprobs.reason}")
        return self._stream(requests, self._generate_one, on_batch)

    def _generate_one(self, request: GenerationRequest) -> Generation:
        body = {"model": self.info.model, **self._sampling(request)}
        want_logprobs = self.info.generation_logprobs.ok
        if self.info.ids_field:
            body["return_tokens_as_token_ids"] = True
        if self.info.chat:
            body["messages"] = messages_for(request.prompt, request.system)
            if want_logprobs:
                body["logprobs"] = True
                body["top_logprobs"] = request.top_logprobs
            data = self._post("/v1/chat/completions", body, request.top_logprobs)
            choice = data["choices"][0]
            text = (choice.get("message") or {}).get("content") or ""
            steps = chat_steps(choice) if want_logprobs else None
        else:
            body["prompt"] = self._plain(request.prompt, request.system)
            if want_logprobs:
                body["logprobs"] = request.top_logprobs
            data = self._post("/v1/completions", body, request.top_logprobs)
            choice = data["choices"][0]
            text = choice.get("text") or ""
            steps = completion_steps(choice) if want_logprobs else None
        generation = self._generation(text, choice.get("finish_reason"), steps or [], request.top_logprobs)
        return self._stopped(generation, choice, request.decoding.stop)

    @staticmethod
    def _stopped(generation: Generation, choice: dict, stops: tuple[str, ...]) -> Generation:
        """The generation ended at its first stop sequence, and said so.

        A server that honoured ``stop`` returns the text before it, with finish_reason "stop" — which OpenAI's API
        also gives for the end of the turn. vLLM and SGLang name the stop (``stop_reason``, ``matched_stop``); where
        the server lists the generated tokens and they run on from the text into a stop sequence, that shows it
        too. A server that ignored ``stop`` (or one it was not sent to) returns text that holds the stop: it is cut
        here. Otherwise a stop the server applied is reported as "eos": the server does not say which it was."""
        if not stops:
            return generation
        cut = generation.cut_at_stop(stops)
        if cut is not generation:
            return cut
        named = choice.get("stop_reason", choice.get("matched_stop"))
        if isinstance(named, str) and named in stops:
            return replace(generation, finish_reason="stop", stop_sequence=named)
        spelled = "".join(generation.tokens)
        if generation.tokens and spelled != generation.text and spelled.startswith(generation.text):
            found = find_stop(spelled, stops)
            if found is not None and found[0] + len(found[1]) > len(generation.text):
                # The tokens run on into the stop: keep those that wrote the text, as the transformers backend does.
                return replace(replace(generation, text=spelled).cut_at_stop(stops), text=generation.text)
        return generation

    def _post(self, path: str, body: dict, top_k: int = 0) -> dict:
        try:
            return self.client.post(path, body)  # type: ignore[return-value]
        except ServerError as exc:
            if exc.status in (400, 422) and "stop" in body and self.stop_refused is None and (
                    "stop" in str(exc).lower()):
                # E.g. TGI takes at most --max-stop-sequences (4 by default): stops are then applied here.
                self.stop_refused = str(exc)
                self._say(f"the server refused stop sequences ({exc}); replies are cut at them here instead")
                return self._post(path, {k: v for k, v in body.items() if k != "stop"}, top_k)
            if exc.status == 400 and top_k:
                raise CapabilityError(f"the server refused top-{top_k} log-probs: {exc}") from None
            raise

    @staticmethod
    def _generation(text: str, finish: object, steps: list[Step], top_k: int) -> Generation:
        ids = tuple(s.token_id for s in steps)
        top = ()
        if top_k:
            # Keep the k most likely: llama-cpp-python lists the sampled token too, even outside the top k.
            top = tuple(tuple((tid, lp) for tid, _, lp in s.top[:top_k]) for s in steps)
        return Generation(
            text=text,
            token_ids=ids if steps and all(i != UNKNOWN_ID for i in ids) else (),
            finish_reason=_FINISH.get(str(finish), "eos" if finish else "length"),
            token_logprobs=tuple(s.logprob if s.logprob is not None else float("nan") for s in steps),
            top_logprobs=top,
            tokens=tuple(s.token for s in steps),
        )

    # -- prompt log-probs --------------------------------------------------------------------------------------
    def _echo(self, prompt: str) -> list[Step]:
        """The prompt's own tokens with their log-probs (the generated token that echo needs is dropped)."""
        body = {"model": self.info.model, "prompt": prompt, "max_tokens": 1, "temperature": 0.0, "echo": True,
                "logprobs": 1, "add_special_tokens": False}
        data = self.client.post("/v1/completions", body)
        choice = data["choices"][0]  # type: ignore[index]
        steps = completion_steps(choice)
        generated = (data.get("usage") or {}).get("completion_tokens")  # type: ignore[union-attr]
        if steps is None or not isinstance(generated, int):
            raise BackendError("the server's echo came back without log-probs or usage.completion_tokens")
        return steps[: len(steps) - generated] if generated else steps

    def score_choices(self, requests: Sequence[ChoiceRequest], on_batch: BatchCallback | None = None
                      ) -> list[ChoiceScores]:
        prepared = []
        # One request per item when the server lists the whole next-token distribution (llama-cpp-python, whose
        # echoed log-probs are computed in Python and take seconds per prompt); else one echo per choice spelling.
        use_distribution = self.info.distribution.ok
        for r in requests:
            text, shape = self._templated(r.prompt, r.system, "cloze scoring")
            if not use_distribution:
                try:
                    self._need_prompt_logprobs(shape, "cloze scoring")
                except CapabilityError as exc:
                    raise CapabilityError(f"{exc}; nor does it list the whole next-token distribution: "
                                          f"{self.info.distribution.reason}") from None
            prepared.append((text + r.answer_prefix, r.choices))
        return self._stream(prepared, self._score_from_distribution if use_distribution else self._score_one,
                            on_batch)

    # -- cloze scoring from the whole next-token distribution ------------------------------------------------------
    def _tokenize(self, text: str) -> list[int]:
        return tokenize(self.client, self.info.model, self.info.tokenizer, text)

    def _text_of(self, token: int) -> str:
        if token not in self._token_text:
            self._token_text[token] = detokenize(self.client, self.info.model, self.info.tokenizer, [token])
        return self._token_text[token]

    def _ids_of(self, text: str) -> list[int]:
        if text not in self._text_ids:
            self._text_ids[text] = self._tokenize(text)
        return self._text_ids[text]

    def _score_from_distribution(self, item: tuple[str, tuple[str, ...]]) -> ChoiceScores:
        prompt, choices = item
        prompt_ids = self._tokenize(prompt)
        sets = [first_tokens(prompt, c, self._tokenize, self._text_of, prompt_ids) for c in choices]
        refuse_shared_first_tokens(choices, sets, lambda token: repr(self._text_of(token)))
        listed = self._distribution(prompt)
        scores = []
        for ids in sets:
            values = []
            for token in sorted(ids):
                text = self._text_of(token)
                # The distribution is keyed by token text: exact only for a text that names one token.
                if not text or "\ufffd" in text or self._ids_of(text) != [token] or text not in listed:
                    raise CapabilityError(f"cloze scoring: token {token} ({text!r}) cannot be looked up by its text "
                                          f"in the server's next-token distribution")
                values.append(listed[text])
            scores.append(logsumexp(values))
        return ChoiceScores(logprobs=tuple(scores))

    # -- cloze scoring from echoed prompt log-probs ----------------------------------------------------------------
    def _score_one(self, item: tuple[str, tuple[str, ...]]) -> ChoiceScores:
        """Log-prob of each choice's first token after the prompt, summed over its bare and spaced spellings
        (see cloze_tokens)."""
        prompt, choices = item
        scores, firsts = [], []
        context: list[str] | None = None
        for choice in choices:
            found: dict[str, float] = {}
            for spelling in spellings(prompt, choice):
                steps = self._echo(prompt + spelling)
                tokens = [s.token for s in steps]
                start = suffix_start(tokens, spelling)
                if start is None:
                    raise CapabilityError(f"cloze scoring: the server's tokenizer joins {spelling!r} to the end "
                                          f"of the prompt, so its first token has no log-prob of its own")
                if context is None:
                    context = tokens[:start]
                elif tokens[:start] != context:
                    raise CapabilityError("cloze scoring: the server tokenizes the prompt differently depending on "
                                          "the choice that follows it")
                first = steps[start]
                if says_nothing(spelling, choice, first.token):
                    continue
                if first.logprob is None:
                    raise CapabilityError("cloze scoring: the server gave no log-prob for the choice token")
                found[first.token] = first.logprob
            firsts.append(list(found))
            refuse_shared_first_tokens(choices[: len(firsts)], firsts)
            scores.append(logsumexp(list(found.values())))
        return ChoiceScores(logprobs=tuple(scores))

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest], on_batch: BatchCallback | None = None
                      ) -> list[TokenLogprobs]:
        prepared = []
        for r in requests:
            if not r.continuation:
                raise ValueError("LoglikelihoodRequest.continuation must not be empty")
            if r.chat:
                context, shape = self._templated(r.context, None, "a chat log-likelihood")
            elif r.context:
                context, shape = r.context, "plain"
            else:
                if not self.start_token:
                    raise CapabilityError("a log-likelihood without context needs the model's start (BOS) token "
                                          "as text, and no copy of the model's tokenizer files is on this machine")
                context, shape = self.start_token, "start"
            self._need_prompt_logprobs(shape, "log-likelihood")
            prepared.append((context, r.continuation))
        return self._stream(prepared, self._loglikelihood_one, on_batch)

    def _loglikelihood_one(self, item: tuple[str, str]) -> TokenLogprobs:
        context, continuation = item
        steps = self._echo(context + continuation)
        start = suffix_start([s.token for s in steps], continuation)
        # start == 0 is fine: llama-cpp-python leaves out a leading BOS, which may be the whole context.
        if start is None:
            raise CapabilityError("log-likelihood: the server's tokenizer joins the continuation to the end of the "
                                  "context, so the continuation has no tokens of its own")
        own = steps[start:]
        if own[0].logprob is None and self.info.distribution.ok:
            # llama-cpp-python blanks the first echoed entry (after a BOS it strips), like OpenAI's API did: the
            # first continuation token is then read from the whole distribution after the context instead.
            own = [self._first_from_distribution(context, continuation, own[0]), *own[1:]]
        if any(s.logprob is None for s in own):
            raise CapabilityError("log-likelihood: the server gave no log-prob for a continuation token")
        ids = tuple(s.token_id for s in own)
        return TokenLogprobs(
            token_ids=ids if all(i != UNKNOWN_ID for i in ids) else (),
            tokens=tuple(s.token for s in own),
            logprobs=tuple(float(s.logprob) for s in own),  # type: ignore[arg-type]
            greedy=tuple(bool(s.top) and s.logprob >= s.top[0][2] - GREEDY_EPSILON for s in own),  # type: ignore
        )

    def _first_from_distribution(self, context: str, continuation: str, echoed: Step) -> Step:
        """The first continuation token's log-prob from the whole next-token distribution after ``context``."""
        context_ids = self._tokenize(context)
        full = self._tokenize(context + continuation)
        if full[: len(context_ids)] != context_ids or len(full) <= len(context_ids):
            raise CapabilityError("log-likelihood: the server tokenizes the context differently before the "
                                  "continuation")
        token = full[len(context_ids)]
        text = self._text_of(token)
        listed = self._distribution(context)
        if text != echoed.token or self._ids_of(text) != [token] or text not in listed:
            raise CapabilityError(f"log-likelihood: token {token} ({text!r}) cannot be looked up by its text in the "
                                  f"server's next-token distribution")
        best = max(listed.items(), key=lambda kv: kv[1])
        return Step(text, token, listed[text], ((UNKNOWN_ID, best[0], best[1]),))

    def _distribution(self, prompt: str) -> dict[str, float]:
        """The whole next-token distribution after ``prompt``, keyed by token text."""
        body = {"model": self.info.model, "prompt": prompt, "max_tokens": 1, "temperature": 0.0,
                "logprobs": FULL_DISTRIBUTION, "add_special_tokens": False}
        steps = completion_steps(self.client.post("/v1/completions", body)["choices"][0])  # type: ignore[index]
        if not steps:
            raise BackendError("the server listed no next-token distribution")
        listed = {text: lp for _, text, lp in steps[0].top}
        if sum(map(math.exp, listed.values())) < MIN_MASS:
            raise CapabilityError("the server listed only part of the next-token distribution")
        return listed


def create_openai_backend(run_config, spec: ModelSpec, worker: WorkerInfo | None = None) -> OpenAIBackend:
    """Factory used by the plugin (``--backend openai``): reads the server options and probes the server."""
    chat_policy = run_config.chat_template if run_config.chat_template != "auto" else spec.chat_template
    return OpenAIBackend(ServerSettings.from_run_config(run_config), spec, chat_policy=chat_policy,
                         given_name=run_config.model, cache_dir=run_config.cache_dir)
