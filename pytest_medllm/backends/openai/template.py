"""The model's chat template as text, for the server backend's cloze scoring and log-likelihoods.

Generation goes through the server's chat endpoint, which applies the template itself. Cloze scoring and
log-likelihoods need the log-probabilities of *prompt* tokens, which only the plain completions endpoint returns, so
the backend must send the templated text itself — exactly the text the transformers backend builds with
``tokenizer.apply_chat_template(..., add_generation_prompt=True)``. Where that text comes from, in order:

1. the server: llama.cpp's ``POST /apply-template``, or vLLM/SGLang's ``POST /tokenize`` with ``messages`` followed
   by ``POST /detokenize``;
2. the model's own files on this machine: the embedded GGUF's ``tokenizer.chat_template`` metadata, or
   ``tokenizer_config.json`` / ``chat_template.jinja`` of a local folder or of the hub cache (never downloaded),
   rendered the way transformers renders it (sandboxed Jinja, ``trim_blocks`` and ``lstrip_blocks``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..model_registry import ModelSpec

Messages = list[dict[str, str]]


def messages_for(prompt: str, system: str | None) -> Messages:
    """The chat the transformers backend builds: an optional system turn, then the user turn."""
    return ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": prompt}]


@dataclass(frozen=True)
class LocalTemplate:
    """A chat template and the special tokens it may refer to, read from the model's files."""

    template: str
    special_tokens: dict[str, str]
    source: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.template.encode("utf-8")).hexdigest()[:16]

    @property
    def start_token(self) -> str | None:
        """What transformers predicts a first token from when there is no context: BOS, else EOS."""
        return self.special_tokens.get("bos_token") or self.special_tokens.get("eos_token")

    def render(self, messages: Messages) -> str:
        return render_template(self.template, messages, self.special_tokens)


def render_template(template: str, messages: Messages, special_tokens: dict[str, str]) -> str:
    """Render like transformers' ``apply_chat_template(tokenize=False, add_generation_prompt=True)``."""
    from datetime import datetime

    from jinja2.ext import loopcontrols
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    def raise_exception(message: str) -> None:
        from jinja2.exceptions import TemplateError

        raise TemplateError(message)

    def tojson(value: object, ensure_ascii: bool = False, indent: int | None = None, separators=None,  # noqa: ANN001
               sort_keys: bool = False) -> str:
        # transformers' own tojson: unlike Jinja's, it does not escape HTML characters.
        return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                          sort_keys=sort_keys)

    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
    return env.from_string(template).render(messages=messages, add_generation_prompt=True, **special_tokens)


def local_template(spec: ModelSpec, cache_dir: str | None = None) -> LocalTemplate | None:
    """The model's chat template from files already on this machine, or None (nothing is downloaded)."""
    try:
        if spec.source == "embedded-gguf":
            return _gguf_template(spec)
        if spec.source == "local":
            return _folder_template(Path(spec.hub_id), f"folder {spec.hub_id}")
        return _hub_cache_template(spec)
    except (OSError, ValueError, KeyError):
        return None


def embedded_gguf_path(spec: ModelSpec) -> Path | None:
    """The embedded default's GGUF file, found without importing its package (whose ``__init__`` needs packages
    that ``--no-deps`` leaves out)."""
    from importlib.util import find_spec

    if not spec.package or not spec.gguf_file:
        return None
    found = find_spec(spec.package.replace("-", "_"))
    if found is None or not found.submodule_search_locations:
        return None
    path = Path(list(found.submodule_search_locations)[0]) / spec.gguf_file
    return path if path.is_file() else None


def _gguf_template(spec: ModelSpec) -> LocalTemplate | None:
    path = embedded_gguf_path(spec)
    if path is None:
        return None
    from gguf import GGUFReader

    reader = GGUFReader(str(path))

    def scalar(key: str) -> object:
        field = reader.fields.get(key)
        if field is None or not field.data:
            return None
        value = field.parts[field.data[0]]
        return bytes(value).decode("utf-8") if key == "tokenizer.chat_template" else int(value[0])

    template = scalar("tokenizer.chat_template")
    if not isinstance(template, str):
        return None
    tokens_field = reader.fields["tokenizer.ggml.tokens"]

    def token_text(key: str) -> str | None:
        index = scalar(key)
        if not isinstance(index, int) or not 0 <= index < len(tokens_field.data):
            return None
        return bytes(tokens_field.parts[tokens_field.data[index]]).decode("utf-8")

    special = {name: text for name, key in (("bos_token", "tokenizer.ggml.bos_token_id"),
                                            ("eos_token", "tokenizer.ggml.eos_token_id"),
                                            ("unk_token", "tokenizer.ggml.unknown_token_id"),
                                            ("pad_token", "tokenizer.ggml.padding_token_id"))
               if (text := token_text(key)) is not None}
    return LocalTemplate(template=template, special_tokens=special, source=f"gguf {path.name}")


def _token_string(value: object) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        return value["content"]
    return None


def _folder_template(folder: Path, source: str, read: Callable[[str], Path | None] | None = None
                     ) -> LocalTemplate | None:
    read = read or (lambda name: folder / name if (folder / name).is_file() else None)
    config_path = read("tokenizer_config.json")
    config = json.loads(config_path.read_text(encoding="utf-8")) if config_path else {}
    jinja_path = read("chat_template.jinja")
    template = jinja_path.read_text(encoding="utf-8") if jinja_path else config.get("chat_template")
    if isinstance(template, list):  # named templates: transformers uses "default"
        named = {t.get("name"): t.get("template") for t in template if isinstance(t, dict)}
        template = named.get("default")
    if not isinstance(template, str) or not template:
        return None
    special = {name: text for name in ("bos_token", "eos_token", "unk_token", "pad_token")
               if (text := _token_string(config.get(name))) is not None}
    return LocalTemplate(template=template, special_tokens=special, source=source)


def _hub_cache_template(spec: ModelSpec) -> LocalTemplate | None:
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None

    def read(name: str) -> Path | None:
        found = try_to_load_from_cache(spec.hub_id, name, revision=spec.revision)
        return Path(found) if isinstance(found, str) else None

    return _folder_template(Path("."), f"hub cache {spec.hub_id}", read)
