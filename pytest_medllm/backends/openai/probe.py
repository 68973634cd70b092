"""What an OpenAI-compatible server can do, found out by asking it small questions — never assumed.

Each capability is tried once per pytest process with a tiny request and recorded with the reason when absent:

* ``chat`` — ``POST /v1/chat/completions`` answers (policy ``--chat-template`` on/off/auto);
* ``generation_logprobs`` / ``top_logprobs`` — log-probs of generated tokens, with top-k alternatives;
* ``token_ids`` — the server reports token ids (vLLM ``return_tokens_as_token_ids``, llama.cpp ``id``);
* ``seed`` — a seeded sample repeats with the same seed and changes with another (``sampling_reproducible``);
* ``prompt_logprobs`` — ``echo`` with ``logprobs`` on ``/v1/completions`` returns the prompt's own log-probs, and
  they are *checked*: the echoed log-prob of a token appended to a prompt must equal the log-prob the server gave
  that token when it generated it. This is checked separately for plain text, chat-templated text and text that
  starts with the model's start token, because a server may align them differently (llama-cpp-python's echo is
  shifted by one position unless the prompt starts with the BOS token);
* ``next_token_distribution`` — asked for very many log-probs, the server lists (nearly) the whole vocabulary at
  the next position (probability mass >= 0.99): any token's exact log-prob there in one request;
* ``tokenizer`` — tokenize/detokenize routes (llama-cpp-python ``/extras/...``, vLLM or llama.cpp ``/tokenize``);
* ``template`` — where the chat template as text comes from (see :mod:`.openai_template`), and, for a local copy,
  a check that it reproduces the server's own chat endpoint.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import asdict, dataclass, field

from ..base import BackendError
from .http import HttpClient, ServerError
from .parse import chat_steps, completion_steps, suffix_start
from .template import LocalTemplate, Messages, messages_for

#: Largest difference (nats) between a generated token's log-prob and the same token's echoed prompt log-prob that
#: still counts as the same number: servers compute the two in different passes (decode vs prefill), which differ
#: in the last bits, a misaligned echo differs by whole nats.
LOGPROB_TOLERANCE = 0.1

#: Keys of server metadata that change from request to request (timestamps, request ids): kept out of identity.
VOLATILE_KEYS = {"created", "permission", "id_", "uptime", "timings", "n_busy_slots", "slots", "is_processing"}

PROBE_PROMPTS = ("The capital of France is", "Water boils at a temperature of")

#: How many alternatives to ask for when asking for the whole next-token distribution (more than any vocabulary).
FULL_DISTRIBUTION = 1 << 20
#: The whole distribution: at least this many entries and this much probability mass.
MIN_ENTRIES, MIN_MASS = 1000, 0.99


@dataclass
class Capability:
    ok: bool
    reason: str = ""


@dataclass
class ServerInfo:
    """Everything the backend learned about the server at start-up."""

    model: str
    kind: str
    facts: dict
    chat: bool
    chat_reason: str = ""
    generation_logprobs: Capability = field(default_factory=lambda: Capability(False, "not probed"))
    top_logprobs: Capability = field(default_factory=lambda: Capability(False, "not probed"))
    token_ids: bool = False
    ids_field: bool = False
    seed: Capability = field(default_factory=lambda: Capability(False, "not probed"))
    top_k_off: int = 0
    prompt_logprobs: dict[str, Capability] = field(default_factory=dict)
    #: The server lists (nearly) the whole next-token distribution when asked for very many log-probs.
    distribution: Capability = field(default_factory=lambda: Capability(False, "not probed"))
    #: Which tokenize/detokenize routes the server has: "llama-cpp-python", "vllm", "llama.cpp" or "".
    tokenizer: str = ""
    template_source: str = ""
    template_sha256: str | None = None
    template_reason: str = ""

    def capabilities(self) -> dict:
        return {"chat": self.chat, "chat_reason": self.chat_reason,
                "generation_logprobs": asdict(self.generation_logprobs), "top_logprobs": asdict(self.top_logprobs),
                "token_ids": self.token_ids, "seed": asdict(self.seed),
                "prompt_logprobs": {k: asdict(v) for k, v in self.prompt_logprobs.items()},
                "next_token_distribution": asdict(self.distribution), "tokenizer": self.tokenizer or None,
                "template": {"source": self.template_source or None, "sha256": self.template_sha256,
                             "reason": self.template_reason}}


def _stable(obj: object) -> object:
    if isinstance(obj, dict):
        return {k: _stable(v) for k, v in sorted(obj.items()) if k not in VOLATILE_KEYS}
    if isinstance(obj, list):
        return [_stable(v) for v in obj]
    return obj


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def served_models(client: HttpClient) -> list[dict]:
    """The entries of ``GET /v1/models`` (empty when the server does not list its models)."""
    try:
        data = client.get("/v1/models")
    except ServerError as exc:
        if exc.status in (404, 405):
            return []
        raise
    entries = data.get("data") if isinstance(data, dict) else data
    return [e for e in entries or [] if isinstance(e, dict) and "id" in e]


def choose_model(entries: list[dict], candidates: list[str], where: str) -> str:
    """The served name among ``candidates`` (``--model``'s hub id, alias, or the name as given)."""
    served = [str(e["id"]) for e in entries]
    if not served:
        return candidates[0]
    for name in candidates:
        if name in served:
            return name
    raise BackendError(f"--model {candidates[-1]}: the server at {where} does not serve it (it serves "
                       f"{', '.join(served[:10])}); pass --model with the served name, or start the server with "
                       f"the model's hub id as its served name")


def server_facts(client: HttpClient, entry: dict | None) -> tuple[str, dict]:
    """``(kind, facts)``: what the server says about its engine and version. Every route is optional."""
    facts: dict = {}
    if entry:
        facts["model_entry"] = _stable(entry)

    def fetch(path: str) -> dict | None:
        try:
            data = client.get(path, timeout=10, retries=0)
        except BackendError:
            return None
        return data if isinstance(data, dict) else None

    kind = "openai-compatible"
    version = fetch("/version")
    if version and "version" in version:
        facts["version"] = version["version"]
        kind = "vllm" if (entry or {}).get("owned_by") == "vllm" else "openai-compatible"
    props = fetch("/props")
    if props and ("build_info" in props or "default_generation_settings" in props):
        kind = "llama.cpp"
        facts["build_info"] = props.get("build_info")
        facts["model_path"] = props.get("model_path")
        if isinstance(props.get("chat_template"), str):
            facts["chat_template_sha256"] = _sha(props["chat_template"])
    info = fetch("/info")
    if info and "model_id" in info:
        kind = "tgi"
        facts["tgi"] = {k: info.get(k) for k in ("version", "sha", "model_id", "model_sha", "model_dtype",
                                                  "model_device_type")}
    sglang = fetch("/get_model_info")
    if sglang and "model_path" in sglang:
        kind = "sglang"
        facts["sglang_model"] = _stable(sglang)
        server_info = fetch("/get_server_info")
        if server_info and "version" in server_info:
            facts["version"] = server_info["version"]
    openapi = fetch("/openapi.json")
    if openapi and isinstance(openapi.get("info"), dict):
        title, ver = openapi["info"].get("title"), openapi["info"].get("version")
        facts["openapi"] = {"title": title, "version": ver}
        if kind == "openai-compatible" and "llama.cpp python" in str(title).lower():
            kind = "llama-cpp-python"
    return kind, facts


class Prober:
    """Runs the capability probes against one served model."""

    def __init__(self, client: HttpClient, model: str) -> None:
        self.client = client
        self.model = model

    # -- single calls -----------------------------------------------------------------------------------------
    def chat(self, messages: Messages, **extra: object) -> dict:
        body = {"model": self.model, "messages": messages, "max_tokens": 1, "temperature": 0.0, **extra}
        return self.client.post("/v1/chat/completions", body, retries=1)  # type: ignore[return-value]

    def complete(self, prompt: str, **extra: object) -> dict:
        body = {"model": self.model, "prompt": prompt, "max_tokens": 1, "temperature": 0.0, **extra}
        return self.client.post("/v1/completions", body, retries=1)  # type: ignore[return-value]

    # -- probes -----------------------------------------------------------------------------------------------
    def probe_chat(self, policy: str) -> tuple[bool, str]:
        if policy == "off":
            return False, "--chat-template off"
        try:
            self.chat(messages_for("Hello", None))
        except ServerError as exc:
            if policy == "on":
                raise BackendError(f"--chat-template on: the server's chat endpoint refused a request ({exc})")
            return False, f"chat endpoint unavailable ({exc})"
        return True, "chat endpoint answers"

    def probe_generation(self, info: ServerInfo) -> None:
        """Log-probs and top-k of generated tokens on the endpoint generation uses; token ids if reported."""
        for with_ids in (True, False):
            extra: dict = {"return_tokens_as_token_ids": True} if with_ids else {}
            try:
                if info.chat:
                    data = self.chat(messages_for("Hello", None), logprobs=True, top_logprobs=2, max_tokens=2,
                                     **extra)
                    steps = chat_steps(data["choices"][0])
                else:
                    data = self.complete(PROBE_PROMPTS[0], logprobs=2, max_tokens=2, **extra)
                    steps = completion_steps(data["choices"][0])
            except ServerError as exc:
                if with_ids:
                    continue  # the server may reject the vLLM-only field: ask again without it
                info.generation_logprobs = Capability(False, f"log-probs refused ({exc})")
                info.top_logprobs = Capability(False, "no generation log-probs")
                return
            except (KeyError, IndexError, TypeError):
                steps = None
            if not steps or any(s.logprob is None for s in steps):
                if with_ids:
                    continue
                info.generation_logprobs = Capability(False, "the server returned no log-probs for generated "
                                                             "tokens")
                info.top_logprobs = Capability(False, "no generation log-probs")
                return
            info.generation_logprobs = Capability(True, "log-probs of generated tokens returned")
            # llama-cpp-python adds the sampled token to its top list, so 2 entries may be 1 alternative + itself:
            # it is enough that alternatives are listed at all; each request keeps its own top k.
            has_top = all(len(s.top) >= 1 for s in steps) and any(len(s.top) >= 2 for s in steps)
            info.top_logprobs = Capability(has_top, "top-k alternatives returned" if has_top else
                                           "the server returned no top-k alternatives")
            info.token_ids = all(s.token_id >= 0 for s in steps)
            info.ids_field = with_ids and info.token_ids
            return

    def probe_seed(self, info: ServerInfo) -> None:
        """Does a seeded sample repeat, and does another seed change it? Finds how top-k is switched off too."""
        def sample(seed: int, top_k: int) -> str:
            extra = {"seed": seed, "temperature": 1.0, "top_p": 1.0, "top_k": top_k, "min_p": 0.0,
                     "max_tokens": 16}
            if info.chat:
                data = self.chat(messages_for("Write one sentence about the weather.", None), **extra)
                return str(data["choices"][0]["message"].get("content"))
            data = self.complete("Once upon a time", **extra)
            return str(data["choices"][0].get("text"))

        try:
            try:
                first = sample(1234, 0)
            except ServerError as exc:
                if exc.status != 400 or "top_k" not in str(exc):
                    raise
                info.top_k_off = -1  # vLLM before 0.8 wants -1 to switch top-k off
                first = sample(1234, -1)
            again = sample(1234, info.top_k_off)
            other = [sample(seed, info.top_k_off) for seed in (99, 4321)]
        except ServerError as exc:
            info.seed = Capability(False, f"seeded sampling refused ({exc})")
            return
        except (KeyError, IndexError, TypeError) as exc:
            info.seed = Capability(False, f"seeded sampling answered in an unknown format ({exc})")
            return
        if first != again:
            info.seed = Capability(False, "the same seed gave different samples (the server cannot make sampling "
                                          "reproducible)")
        elif all(o == first for o in other):
            info.seed = Capability(False, "different seeds gave the same sample (the server ignores the seed)")
        else:
            info.seed = Capability(True, "the same seed repeats its sample; other seeds change it")

    def echo_steps(self, prompt: str) -> list:
        """Echoed steps of ``prompt`` as written (no special tokens added), generated tokens removed."""
        data = self.complete(prompt, echo=True, logprobs=1, add_special_tokens=False)
        choice = data["choices"][0]
        steps = completion_steps(choice)
        if steps is None:
            raise ValueError("no log-probs in the echo")
        generated = (data.get("usage") or {}).get("completion_tokens")
        if not isinstance(generated, int):
            raise ValueError("the echo does not say how many tokens were generated (usage.completion_tokens)")
        return steps[: len(steps) - generated] if generated else steps

    def probe_prompt_logprobs(self, prefix: str) -> Capability:
        """Echo a probe prompt followed by the token the server itself generates after it; the echoed log-prob
        of that token must equal the generated one (two prompts)."""
        for text in PROBE_PROMPTS:
            prompt = prefix + text
            try:
                data = self.complete(prompt, logprobs=1, add_special_tokens=False)
                gen = completion_steps(data["choices"][0])
                if not gen or gen[0].logprob is None or not gen[0].token:
                    return Capability(False, "no log-prob for a generated token, so echoed log-probs cannot be "
                                             "checked")
                steps = self.echo_steps(prompt + gen[0].token)
            except ServerError as exc:
                return Capability(False, f"echo with logprobs refused ({exc})")
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                return Capability(False, f"echo with logprobs gave no usable prompt log-probs ({exc})")
            start = suffix_start([s.token for s in steps], gen[0].token)
            if start is None or start != len(steps) - 1 or steps[start].logprob is None:
                return Capability(False, "echoed prompt tokens do not end on the appended token")
            gap = abs(steps[start].logprob - gen[0].logprob)
            if gap > LOGPROB_TOLERANCE:
                return Capability(False, f"echoed prompt log-probs disagree with generation log-probs by "
                                         f"{gap:.2f} nats (misaligned echo)")
        return Capability(True, "echo with logprobs, checked against generation log-probs")

    def probe_distribution(self) -> Capability:
        """Ask for very many alternatives at the next position: a server that lists (nearly) the whole vocabulary
        gives the exact log-prob of any token there, in one request (llama-cpp-python does; vLLM caps the number
        at ``--max-logprobs``)."""
        try:
            data = self.complete(PROBE_PROMPTS[0], logprobs=FULL_DISTRIBUTION, add_special_tokens=False)
            steps = completion_steps(data["choices"][0])
        except ServerError as exc:
            return Capability(False, f"the whole next-token distribution was refused ({exc})")
        except (KeyError, IndexError, TypeError) as exc:
            return Capability(False, f"no next-token distribution in the answer ({exc})")
        if not steps or steps[0].logprob is None:
            return Capability(False, "no log-probs in the answer")
        top = steps[0].top
        mass = sum(math.exp(lp) for _, _, lp in top)
        if len(top) < MIN_ENTRIES or mass < MIN_MASS:
            return Capability(False, f"the server lists {len(top)} alternatives holding {mass:.3f} of the "
                                     f"probability, not the whole distribution")
        if top[0][1] != steps[0].token or abs(top[0][2] - steps[0].logprob) > LOGPROB_TOLERANCE:
            return Capability(False, "the listed distribution does not match the generated token")
        return Capability(True, f"whole next-token distribution listed ({len(top)} entries, mass {mass:.4f})")

    def probe_tokenizer(self) -> str:
        """Which tokenize/detokenize routes work (and round-trip a text)."""
        text = "Hello world: A. B."
        for style in ("llama-cpp-python", "vllm", "llama.cpp"):
            try:
                if detokenize(self.client, self.model, style, tokenize(self.client, self.model, style, text)) \
                        == text:
                    return style
            except (BackendError, KeyError, TypeError, ValueError):
                continue
        return ""

    def probe_template(self, info: ServerInfo, local: LocalTemplate | None) -> tuple[object | None, str]:
        """A callable ``messages -> text``, from the server or the local copy; checked against the chat endpoint
        when the local copy is used."""
        probe = messages_for("Hello", "You are terse.")
        try:
            data = self.client.post("/apply-template", {"messages": probe}, retries=0)
            if isinstance(data, dict) and isinstance(data.get("prompt"), str):
                info.template_source, info.template_sha256 = "server /apply-template", _sha(data["prompt"])
                return self._server_apply, ""
        except BackendError:
            pass
        try:
            data = self.client.post("/tokenize", {"model": self.model, "messages": probe,
                                                  "add_generation_prompt": True}, retries=0)
            if isinstance(data, dict) and isinstance(data.get("tokens"), list):
                text = self._detokenize(data["tokens"])
                info.template_source, info.template_sha256 = "server /tokenize + /detokenize", _sha(text)
                return self._server_tokenize, ""
        except BackendError:
            pass
        if local is None:
            return None, ("the server offers no way to apply the chat template as text (no /apply-template, no "
                          "/tokenize with messages) and no copy of the model's template is on this machine")
        if not (info.generation_logprobs.ok and info.chat):
            return None, "the local chat template cannot be checked against the server (no generation log-probs)"
        # The local copy must reproduce the server's chat endpoint: same first token, same log-prob.
        for messages in (messages_for("Hello", None), probe):
            try:
                chat = chat_steps(self.chat(messages, logprobs=True, top_logprobs=1)["choices"][0])
                plain = completion_steps(self.complete(local.render(messages), logprobs=1,
                                                       add_special_tokens=False)["choices"][0])
            except (BackendError, KeyError, IndexError, TypeError) as exc:
                return None, f"the local chat template could not be checked ({exc})"
            if not chat or not plain or chat[0].token != plain[0].token or chat[0].logprob is None \
                    or plain[0].logprob is None or abs(chat[0].logprob - plain[0].logprob) > LOGPROB_TOLERANCE:
                return None, (f"the chat template found in {local.source} does not reproduce the server's chat "
                              f"endpoint (is the server serving another model?)")
        info.template_source, info.template_sha256 = local.source, local.sha256
        return local.render, ""

    def _detokenize(self, tokens: list[int]) -> str:
        data = self.client.post("/detokenize", {"model": self.model, "tokens": tokens})
        text = data.get("prompt") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise ServerError("/detokenize answered without a prompt")
        return text

    def _server_apply(self, messages: Messages) -> str:
        data = self.client.post("/apply-template", {"messages": messages})
        return str(data["prompt"])  # type: ignore[index]

    def _server_tokenize(self, messages: Messages) -> str:
        data = self.client.post("/tokenize", {"model": self.model, "messages": messages,
                                              "add_generation_prompt": True})
        return self._detokenize(data["tokens"])  # type: ignore[index]


def tokenize(client: HttpClient, model: str, style: str, text: str) -> list[int]:
    """Token ids of ``text`` (special-token text parsed as special tokens, no BOS added)."""
    if style == "llama-cpp-python":
        data = client.post("/extras/tokenize", {"model": model, "input": text})
    elif style == "vllm":
        data = client.post("/tokenize", {"model": model, "prompt": text, "add_special_tokens": False})
    else:
        data = client.post("/tokenize", {"content": text, "add_special": False, "parse_special": True})
    tokens = data["tokens"]  # type: ignore[index]
    if not all(isinstance(t, int) for t in tokens):
        raise ValueError("token ids expected")
    return list(tokens)


def detokenize(client: HttpClient, model: str, style: str, tokens: list[int]) -> str:
    if style == "llama-cpp-python":
        return str(client.post("/extras/detokenize", {"model": model, "tokens": tokens})["text"])  # type: ignore
    if style == "vllm":
        return str(client.post("/detokenize", {"model": model, "tokens": tokens})["prompt"])  # type: ignore
    return str(client.post("/detokenize", {"tokens": tokens})["content"])  # type: ignore[index]
