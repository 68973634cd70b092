"""Command-line and ini options, validated into one frozen, serialisable :class:`RunConfig`.

Every bad value is a one-line ``pytest.UsageError`` that says what is allowed. The config holds only builtins so
that it is identical on the xdist controller and on every worker (each worker parses the same arguments).
"""

from __future__ import annotations

import argparse
import os
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest

from ..backends.model_registry import (
    DEFAULT_ALIAS,
    ModelSpec,
    UnknownModelError,
    resolve_model,
)
from .profiles import PROFILE_CHOICES, Profile, resolve_profile

DEVICE_PATTERN = re.compile(r"^(auto|cpu|mps|cuda(:\d+)?)$")
DTYPE_CHOICES = ("auto", "float32", "bfloat16", "float16")
CHAT_CHOICES = ("auto", "on", "off")
ATTN_CHOICES = ("auto", "eager", "sdpa")
LINEAR_KERNEL_CHOICES = ("auto", "onednn", "torch")
CACHE_CHOICES = ("on", "off", "refresh")

RUN_CONFIG_KEY = pytest.StashKey["RunConfig"]()


def default_cache_dir() -> str:
    """The user cache directory: ``$MEDLLM_CACHE_DIR``, else ``$XDG_CACHE_HOME/pytest-medllm``, else ``~/.cache``."""
    explicit = os.environ.get("MEDLLM_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pytest-medllm")


def _int_at_least(name: str, minimum: int):
    """An argparse type for whole numbers >= ``minimum`` whose error names the option."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{name} takes a whole number >= {minimum}, got {text!r}")
        return value

    parse.__name__ = name  # argparse shows this name in its message
    return parse


def _power(text: str) -> float:
    """``--require-power P``: a probability in (0, 1), e.g. 0.8."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"--require-power takes a probability between 0 and 1 (e.g. 0.8), "
                                         f"got {text!r}")
    return value


_power.__name__ = "--require-power"


def _device(text: str) -> str:
    if not DEVICE_PATTERN.match(text):
        raise argparse.ArgumentTypeError(f"--device takes auto, cpu, mps, cuda or cuda:N, got {text!r}")
    return text


def pytest_addoption(parser: pytest.Parser) -> None:
    """Register the ``medllm`` option group and its ini keys."""
    group = parser.getgroup("medllm", "pytest-medllm: behavioral tests of medical language models")
    group.addoption("--model", dest="medllm_model", default=None, metavar="NAME",
                    help="model under test: a registry alias, a hub repo id (owner/name), a local folder, or a "
                         "GGUF file (or a folder holding exactly one), converted once to a dense copy in the cache "
                         f"(default: ini medllm_model, else {DEFAULT_ALIAS}, the embedded default)")
    group.addoption("--revision", dest="medllm_revision", default=None, metavar="REV",
                    help="hub revision (branch, tag or commit) of --model")
    group.addoption("--backend", dest="medllm_backend", default=None, metavar="NAME",
                    help="model backend: 'transformers' (default), a name registered under the entry point "
                         "group 'pytest_medllm.backends', or 'package.module:factory'")
    group.addoption("--device", dest="medllm_device", default="auto", type=_device,
                    help="auto, cpu, mps, cuda or cuda:N (auto: one GPU per xdist worker when GPUs exist, "
                         "else CPU)")
    group.addoption("--dtype", dest="medllm_dtype", default="auto", choices=DTYPE_CHOICES,
                    help="weights dtype (auto: float32 on CPU, the model's recommended dtype on GPU)")
    group.addoption("--attn-implementation", dest="medllm_attn", default="auto", choices=ATTN_CHOICES,
                    help="attention implementation passed to transformers (auto lets transformers choose)")
    group.addoption("--linear-kernel", dest="medllm_linear_kernel", default="auto", choices=LINEAR_KERNEL_CHOICES,
                    help="linear layers on the CPU (auto: oneDNN's packed layers for float32, checked at load "
                         "against the model's own; torch: PyTorch's default kernels)")
    group.addoption("--chat-template", dest="medllm_chat", default="auto", choices=CHAT_CHOICES,
                    help="apply the tokenizer's chat template (auto: when the model has one)")
    group.addoption("--trust-remote-code", dest="medllm_trust_remote_code", action="store_true", default=False,
                    help="allow model repositories to run their own Python code (off by default)")
    group.addoption("--batch-size", dest="medllm_batch_size", default=16, type=_int_at_least("--batch-size", 1),
                    help="prompts per forward pass / generate call (default 16; decoding is memory-bound, so "
                         "larger batches cost little more per step)")
    group.addoption("--max-items", dest="medllm_max_items", default=None, type=_int_at_least("--max-items", 1),
                    help="items per dataset, a deterministic subset stratified by answer position and subject "
                         "(default: the profile's)")
    group.addoption("--seed", dest="medllm_seed", default=1234, type=_int_at_least("--seed", 0),
                    help="seed for item selection, perturbations, sampling and bootstraps (default 1234)")
    group.addoption("--profile", dest="medllm_profile", default="auto", choices=PROFILE_CHOICES,
                    help="quick: same methods, fewer items/runs/tokens; paper: the studies' protocols "
                         "(auto: paper on a GPU, quick otherwise)")
    group.addoption("--dataset", dest="medllm_dataset", default=None, metavar="NAME_OR_PATH[:FORMAT]",
                    help="multiple-choice items: 'demo' (bundled) or a file in a published format "
                         "(default: ini medllm_dataset, else demo)")
    group.addoption("--fewshot-pool", dest="medllm_fewshot_pool", default=None, metavar="FILE[:FORMAT]",
                    help="multiple-choice items the random, label-balanced and subject-matched few-shot examples "
                         "are drawn from (same formats as --dataset, e.g. MedMCQA train or MMLU dev; the MedGemma "
                         "study drew from MedMCQA's training set); without it they come from the evaluated items, "
                         "never the item itself, and the run says so")
    group.addoption("--notes", dest="medllm_notes", default=None, metavar="FILE",
                    help="your own clinical notes for the DeVisE suites instead of the synthetic cohort: JSON Lines "
                         "or CSV with id and text (optional age, sex, ethnicity, mortality, los_hours or los_days); "
                         "read on this machine only, never sent anywhere but to --model")
    group.addoption("--embedding-model", dest="medllm_embedding_model", default=None, metavar="PATH",
                    help="sentence-transformers model folder for semantic repeatability (default: the packaged "
                         "all-MiniLM-L6-v2, offline); the framework study used MedEmbed-Large-v1: download "
                         "abhinand/MedEmbed-large-v0.1 once and give its folder")
    group.addoption("--baseline", dest="medllm_baseline", default=None, metavar="PATH",
                    help="compare this run item by item with a stored run (its medllm-items.jsonl or the report "
                         "folder holding it), e.g. one made on another CUDA build")
    group.addoption("--compare-to", dest="medllm_compare_to", default=None, metavar="PATH",
                    help="compare this candidate run metric by metric with a reference run (its "
                         "medllm-results.json or the report folder holding it), e.g. the production model's run; "
                         "gates like 'option_order.flip_rate <= baseline + 0.05 @noninferior' judge the difference")
    group.addoption("--report-dir", dest="medllm_report_dir", default=None, metavar="DIR",
                    help="where the JSON artifact and per-item records go (default: reports/ beside pytest.ini)")
    group.addoption("--cache-dir", dest="medllm_cache_dir", default=None, metavar="DIR",
                    help="response cache and converted models (default: $MEDLLM_CACHE_DIR or "
                         "~/.cache/pytest-medllm)")
    group.addoption("--no-cache", dest="medllm_cache", action="store_const", const="off", default="on",
                    help="neither read nor write the response cache")
    group.addoption("--refresh-cache", dest="medllm_cache", action="store_const", const="refresh",
                    help="recompute every model call and overwrite the cached responses")
    group.addoption("--gate", dest="medllm_gates", action="append", default=[], metavar="EXPR",
                    help="override or add a release gate, e.g. 'accuracy.accuracy>=0.5' or "
                         "'option_order.flip_rate<=0.2@strict' (repeatable)")

    server = parser.getgroup("medllm-server", "pytest-medllm: models served over an OpenAI-compatible HTTP API "
                                              "(--backend openai)")
    server.addoption("--api-base", dest="medllm_api_base", default=None, metavar="URL",
                     help="base URL of an OpenAI-compatible server, e.g. http://localhost:8000/v1 (vLLM, SGLang, "
                          "TGI, llama.cpp server)")
    server.addoption("--api-key-env", dest="medllm_api_key_env", default="OPENAI_API_KEY", metavar="VAR",
                     help="environment variable holding the API key (default OPENAI_API_KEY; none needed for a "
                          "local server)")
    server.addoption("--max-concurrency", dest="medllm_max_concurrency", default=8,
                     type=_int_at_least("--max-concurrency", 1),
                     help="requests in flight at once per pytest process; the server batches them (default 8)")
    server.addoption("--request-timeout", dest="medllm_request_timeout", default=600,
                     type=_int_at_least("--request-timeout", 1),
                     help="seconds to wait for one server response before retrying (default 600)")

    group.addoption("--gate-policy", dest="medllm_gate_policy", default=None, metavar="FILE",
                    help="release gates from a file, one per line (same form as --gate; '#' starts a comment); "
                         "they override pytest.ini's medllm_gates, and --gate overrides them")

    group.addoption("--require-power", dest="medllm_require_power", default=None, type=_power, metavar="P",
                    help="refuse passes on weak evidence: a gate that passed with less than probability P of "
                         "failing a model at the metric's unacceptable value is 'not judged', and the run exits "
                         "with status 7 unless something failed (e.g. 0.8)")

    parser.addini("medllm_model", "default model when --model is not given", default=DEFAULT_ALIAS)
    parser.addini("medllm_dataset", "default multiple-choice dataset when --dataset is not given", default="demo")
    parser.addini("medllm_gates", "release gates, one per line: METRIC OP THRESHOLD[@MODE]", type="linelist",
                  default=[])


@dataclass(frozen=True)
class RunConfig:
    """Everything a session needs to know about the run, as builtins."""

    model: str
    model_spec: dict
    backend: str
    device: str
    dtype: str
    attn_implementation: str
    chat_template: str
    trust_remote_code: bool
    batch_size: int
    max_items: int | None
    seed: int
    profile: dict
    dataset: str
    report_dir: str
    cache_dir: str
    cache_mode: str
    embedding_model: str | None = None
    baseline: str | None = None
    #: A reference run's medllm-results.json for the release comparison (--compare-to).
    compare_to: str | None = None
    #: Linear layers on the CPU: auto, onednn or torch (see backends.cpu_kernels).
    linear_kernel: str = "auto"
    #: Settings of server backends (--api-base, --api-key-env, --max-concurrency, --request-timeout).
    server: dict = field(default_factory=dict)
    gate_overrides: tuple[str, ...] = field(default_factory=tuple)
    policy_gates: tuple[str, ...] = field(default_factory=tuple)
    ini_gates: tuple[str, ...] = field(default_factory=tuple)
    #: --require-power: passes whose power against the unacceptable value is below it are not judged (exit 7).
    require_power: float | None = None
    #: --fewshot-pool: items the few-shot examples are drawn from (NAME_OR_PATH[:FORMAT]; None: the run's items).
    fewshot_pool: str | None = None
    #: --notes: the user's own clinical notes for the DeVisE suites (absolute path; None: the synthetic cohort).
    notes: str | None = None

    @property
    def spec(self) -> ModelSpec:
        data = dict(self.model_spec)
        return ModelSpec(**data)

    @property
    def run_profile(self) -> Profile:
        return Profile(**{**self.profile, "temperatures": tuple(self.profile["temperatures"])})

    @property
    def items_limit(self) -> int | None:
        """``--max-items`` if given, else the profile's limit."""
        return self.max_items if self.max_items is not None else self.profile["max_items"]

    def to_dict(self) -> dict:
        return asdict(self)


def _existing_folder(value: str | None, option: str) -> str | None:
    if value is None:
        return None
    path = Path(value).expanduser()
    if not path.is_dir():
        raise pytest.UsageError(f"{option} {value!r}: no such folder (give a sentence-transformers model folder)")
    return str(path.resolve())


def _baseline_file(value: str | None) -> str | None:
    if value is None:
        return None
    from ..verdict.artifacts import ITEMS_FILE

    path = Path(value).expanduser()
    if path.is_dir():
        path = path / ITEMS_FILE
    if not path.is_file():
        raise pytest.UsageError(f"--baseline {value!r}: no such artifact; give the {ITEMS_FILE} of an earlier run "
                                f"or the report folder that holds it")
    return str(path.resolve())


def _reference_file(value: str | None) -> str | None:
    if value is None:
        return None
    path = Path(value).expanduser()
    if path.is_dir():
        path = path / "medllm-results.json"
    if not path.is_file():
        raise pytest.UsageError(f"--compare-to {value!r}: no such artifact; give the medllm-results.json of the "
                                f"reference run or the report folder that holds it")
    return str(path.resolve())


def _policy_lines(value: str | None) -> tuple[str, ...]:
    if value is None:
        return ()
    path = Path(value).expanduser()
    try:
        return tuple(path.read_text(encoding="utf-8").splitlines())
    except OSError as exc:
        raise pytest.UsageError(f"--gate-policy {value!r}: cannot read it ({exc.strerror})") from None


def build_run_config(config: pytest.Config) -> RunConfig:
    """Validate the options of ``config`` into a :class:`RunConfig`; raise ``pytest.UsageError`` on bad input."""
    opt = config.option
    model = opt.medllm_model or config.getini("medllm_model") or DEFAULT_ALIAS
    try:
        spec = resolve_model(model, revision=opt.medllm_revision)
    except UnknownModelError as exc:
        raise pytest.UsageError(str(exc)) from None
    backend = opt.medllm_backend or "transformers"
    from ..backends import BackendError, load_factory

    try:
        load_factory(backend)  # resolved here once, so an unknown backend stops the run before any test
    except BackendError as exc:
        raise pytest.UsageError(str(exc)) from None
    profile = resolve_profile(opt.medllm_profile, opt.medllm_device)
    rootpath = Path(str(config.rootpath))
    report_dir = Path(opt.medllm_report_dir) if opt.medllm_report_dir else rootpath / "reports"
    dataset = opt.medllm_dataset or config.getini("medllm_dataset") or "demo"
    return RunConfig(
        model=model,
        model_spec=spec.to_dict(),
        backend=backend,
        device=opt.medllm_device,
        dtype=opt.medllm_dtype,
        attn_implementation=opt.medllm_attn,
        chat_template=opt.medllm_chat,
        trust_remote_code=bool(opt.medllm_trust_remote_code),
        batch_size=opt.medllm_batch_size,
        max_items=opt.medllm_max_items,
        seed=opt.medllm_seed,
        profile=profile.to_dict(),
        dataset=str(dataset),
        report_dir=str(report_dir.resolve()),
        cache_dir=str(Path(opt.medllm_cache_dir or default_cache_dir()).expanduser().resolve()),
        cache_mode=opt.medllm_cache,
        embedding_model=_existing_folder(opt.medllm_embedding_model, "--embedding-model"),
        baseline=_baseline_file(opt.medllm_baseline),
        compare_to=_reference_file(opt.medllm_compare_to),
        linear_kernel=opt.medllm_linear_kernel,
        server={"api_base": opt.medllm_api_base, "api_key_env": opt.medllm_api_key_env,
                "max_concurrency": opt.medllm_max_concurrency, "request_timeout": opt.medllm_request_timeout},
        gate_overrides=tuple(opt.medllm_gates or ()),
        policy_gates=_policy_lines(opt.medllm_gate_policy),
        ini_gates=tuple(config.getini("medllm_gates") or ()),
        require_power=opt.medllm_require_power,
        fewshot_pool=getattr(opt, "medllm_fewshot_pool", None),
        notes=str(Path(opt.medllm_notes).expanduser().resolve()) if getattr(opt, "medllm_notes", None) else None,
    )
