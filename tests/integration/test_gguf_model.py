"""--model with a GGUF file, end to end through pytester: a file transformers can load runs (converted once, the
report naming the file, its sha256 and quantisation type); one it cannot load, or a folder holding several, stops
the run with one usage error (exit status 4) before any test, with and without xdist."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import PROJECT_DIR
from tests.helpers.tiny_gguf import write_tiny_llama_gguf, write_unsupported_gguf

SUITE = '''
from pytest_medllm.methods import stats
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.verdict.declarations import Suite
from pytest_medllm.answers.prompts import prompt_a

SUITE = Suite("gguf_smoke", "a GGUF file through the plugin")
REPLIED = SUITE.metric("replied_rate", "share of prompts with at least one generated token", better="higher",
                       test_type="MFT", expect=">= 0.0 @point", because="plumbing")


def test_generation(mcq_dataset, model, expect):
    items = mcq_dataset.items
    outs = model.generate([GenerationRequest(prompt_a(i), Decoding(max_new_tokens=3)) for i in items])
    expect(REPLIED, stats.proportion([len(o.token_ids) > 0 for o in outs]))
'''

MODES = {"no-xdist": ["-p", "no:xdist"], "n2": ["-n", "2"]}


@pytest.fixture
def project(pytester, monkeypatch):
    pytester.makepyfile(test_gguf_smoke=SUITE)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    return pytester


def run(pytester, *args: str):
    return pytester.runpytest_subprocess("--cache-dir", str(pytester.path / "cache"), "--max-items", "2",
                                         "-p", "no:cacheprovider", *args)


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_gguf_of_an_architecture_transformers_cannot_load_is_one_usage_error(project, mode):
    path = write_unsupported_gguf(project.path / "tiny-rwkv.gguf", "rwkv6")
    result = run(project, "--model", str(path), *MODES[mode])
    output = result.stdout.str() + result.stderr.str()
    assert result.ret == 4, output[-2000:]
    assert output.count("architecture 'rwkv6'") == 1, output[-3000:]
    result.stderr.fnmatch_lines([f"*pytest-medllm cannot run: --model {path}: transformers cannot load this GGUF "
                                 f"file: architecture 'rwkv6'*python -m llama_cpp.server --model {path}*"
                                 f"--backend openai*"])
    assert "Traceback" not in output and "passed" not in output and "failed" not in output


def test_a_folder_with_several_gguf_files_is_a_usage_error_listing_them(project, tmp_path):
    tiny = write_tiny_llama_gguf(tmp_path / "tiny.gguf")
    folder = project.path / "models"
    folder.mkdir()
    for name in ("a-Q8_0.gguf", "b-Q8_0.gguf"):
        shutil.copy(tiny, folder / name)
    result = run(project, "--model", str(folder), "-p", "no:xdist")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*holds 2 GGUF files (a-Q8_0.gguf, b-Q8_0.gguf); pass the one to test*"])


def test_a_gguf_file_runs_and_the_report_names_file_hash_and_quantisation(project):
    folder = project.path / "model"
    folder.mkdir()
    path = write_tiny_llama_gguf(folder / "tiny-llama.Q8_0.gguf")
    result = run(project, "--model", str(path), "-p", "no:xdist")
    assert result.ret == 0, (result.stdout.str() + result.stderr.str())[-3000:]
    result.assert_outcomes(passed=1)
    data = json.loads((project.path / "reports" / "medllm-results.json").read_text())
    import jsonschema

    jsonschema.validate(data, json.loads((PROJECT_DIR / "pytest_medllm" / "verdict" / "results.schema.json")
                                         .read_text()))
    fingerprint = data["facts"]["fingerprint"]
    from pytest_medllm.backends.fingerprint import file_sha256

    assert fingerprint["gguf_file"] == str(path.resolve())
    assert fingerprint["gguf_sha256"] == file_sha256(path) == data["facts"]["model"]["identity"]["weights_sha256"]
    assert (fingerprint["gguf_quantization"], fingerprint["gguf_architecture"]) == ("Q8_0", "llama")
    assert data["facts"]["model"]["spec"]["source"] == "gguf"
    converted = list((project.path / "cache" / "models").glob("gguf-*"))
    assert [c.name for c in converted] == [f"gguf-{file_sha256(path)[:16]}"]
