"""Safe defaults: a run opens no network connection, runs no model repository's code, and never unpickles.

Each guard here is a tripwire that records what it caught, and each has a test showing that it does catch the thing
it guards against — a guard that cannot fire would pass for the wrong reason.
"""

from __future__ import annotations

import ast
import json
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from pytest_medllm.backends import (
    ChoiceRequest,
    Decoding,
    GenerationRequest,
    LoglikelihoodRequest,
)
from pytest_medllm.backends.cached_backend import CachedBackend
from pytest_medllm.backends.response_cache import ResponseCache
from pytest_medllm.runner.command_line import build_run_config
from tests.conftest import PROJECT_DIR
from tests.helpers.fake_backend import FakeBackend

PACKAGE = PROJECT_DIR / "pytest_medllm"
FAKE_BACKEND = (Path(__file__).resolve().parents[1] / "helpers" / "fake_backend.py").read_text()

#: Loaded by pytest before the plugin configures the run (a rootdir conftest), and by every xdist worker: from then
#: on any TCP/UDP connection or name lookup is written to network-attempts.log and refused.
NO_NETWORK_CONFTEST = '''
import socket
from pathlib import Path

LOG = Path(__file__).with_name("network-attempts.log")


def _refuse(name):
    def refuse(*args, **kwargs):
        with open(LOG, "a", encoding="utf-8") as handle:
            handle.write(f"{name} {args[1:] if name.startswith('socket.') else args!r}\\n")
        raise OSError(f"pytest-medllm safety test: network access attempted ({name})")
    return refuse


socket.socket.connect = _refuse("socket.connect")
socket.socket.connect_ex = _refuse("socket.connect_ex")
socket.create_connection = _refuse("create_connection")
socket.getaddrinfo = _refuse("getaddrinfo")
'''

SMALL_SUITE = '''
from pytest_medllm.methods import stats
from pytest_medllm.backends import ChoiceRequest, Decoding, GenerationRequest
from pytest_medllm.verdict.declarations import Suite
from pytest_medllm.answers.prompts import cloze_prompt, prompt_a

SUITE = Suite("suite", "a small suite run without network")
ACCURACY = SUITE.metric("accuracy", "share of items answered with the key", better="higher", test_type="MFT",
                        expect=">= 0.0 @lenient", because="any accuracy passes: these tests check plumbing")


def test_generation(mcq_dataset, model, expect):
    items = mcq_dataset.items
    outs = model.generate([GenerationRequest(prompt_a(i), Decoding(max_new_tokens=8)) for i in items])
    expect(ACCURACY, stats.proportion([o.text.startswith("The answer is") for o in outs]), condition="generation")


def test_cloze(mcq_dataset, model, expect):
    items = mcq_dataset.items
    scores = model.score_choices([ChoiceRequest(cloze_prompt(i), i.letters) for i in items])
    expect(ACCURACY, stats.proportion([i.letters[s.best()] == i.answer for s, i in zip(scores, items)]),
           condition="cloze")
'''


@pytest.fixture
def offline_project(pytester, monkeypatch):
    """A project whose every process refuses (and logs) network access; the default settings otherwise, with no
    offline switch set, so that a download or phone-home the defaults would make is attempted and caught."""
    for variable in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
        monkeypatch.delenv(variable, raising=False)
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_suite=SMALL_SUITE)
    pytester.makeconftest(NO_NETWORK_CONFTEST)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    return pytester


def attempts(pytester) -> str:
    log = pytester.path / "network-attempts.log"
    return log.read_text() if log.exists() else ""


@pytest.mark.parametrize("mode", [["-p", "no:xdist"], ["-n", "2"]], ids=["no-xdist", "n2"])
def test_a_run_with_default_settings_opens_no_network_connection(offline_project, mode):
    result = offline_project.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                                  str(offline_project.path / "cache"), "--max-items", "10",
                                                  "-p", "no:cacheprovider", *mode)
    assert attempts(offline_project) == "", attempts(offline_project)
    assert result.ret == 0, result.stdout.str()[-2000:] + result.stderr.str()[-2000:]
    result.assert_outcomes(passed=2)
    data = json.loads((offline_project.path / "reports" / "medllm-results.json").read_text())
    assert data["verdict"]["status"] == "passed"
    assert data["run"]["trust_remote_code"] is False  # and no model repository's code is allowed to run


def test_the_network_tripwire_catches_a_connection(offline_project):
    """The guard above can fail: a test that connects is caught, even to loopback, even when it swallows the
    error."""
    offline_project.makepyfile(test_connects='''
import socket


def test_connects():
    try:
        socket.create_connection(("127.0.0.1", 9), timeout=1)
    except OSError:
        pass
''')
    result = offline_project.runpytest_subprocess("-p", "no:xdist", "-p", "no:cacheprovider", "test_connects.py")
    result.assert_outcomes(passed=1)
    assert attempts(offline_project).startswith("create_connection (('127.0.0.1', 9),")


# -- --trust-remote-code is off unless asked for --------------------------------------------------------------------

def test_trust_remote_code_is_off_by_default_in_the_run_config(pytester):
    assert build_run_config(pytester.parseconfig()).trust_remote_code is False
    assert build_run_config(pytester.parseconfig("--trust-remote-code")).trust_remote_code is True


class _Refused(Exception):
    """Stops the transformers backend after from_pretrained was called: nothing is downloaded or loaded."""


@pytest.mark.parametrize("needs_remote_code", [False, True])
def test_the_transformers_backend_passes_trust_remote_code_false_by_default(pytester, monkeypatch,
                                                                            needs_remote_code):
    """Also for a registry model whose repository ships its own code: the flag decides, never the model."""
    from pytest_medllm.backends.model_registry import resolve_model
    from pytest_medllm.backends.transformers import backend as transformers_model
    from pytest_medllm.backends.transformers import loading as transformers_backend

    calls: dict[str, dict] = {}

    class Tokenizer:
        @staticmethod
        def from_pretrained(path, **kwargs):
            calls["tokenizer"] = kwargs
            return object()

    class Model:
        @staticmethod
        def from_pretrained(path, **kwargs):
            calls["model"] = kwargs
            raise _Refused

    monkeypatch.setattr(transformers_model, "AutoTokenizer", Tokenizer)
    monkeypatch.setattr(transformers_model, "AutoModelForCausalLM", Model)
    run_config = build_run_config(pytester.parseconfig("--device", "cpu", "--cache-dir", str(pytester.path)))
    spec = replace(resolve_model("someorg/some-model"), needs_remote_code=needs_remote_code)
    with pytest.raises(_Refused):
        transformers_backend.create_transformers_backend(run_config, spec)
    assert calls["tokenizer"]["trust_remote_code"] is False
    assert calls["model"]["trust_remote_code"] is False

    # The same path with the option given passes True: the assertions above can fail.
    calls.clear()
    trusting = build_run_config(pytester.parseconfig("--device", "cpu", "--cache-dir", str(pytester.path),
                                                     "--trust-remote-code"))
    with pytest.raises(_Refused):
        transformers_backend.create_transformers_backend(trusting, spec)
    assert calls["tokenizer"]["trust_remote_code"] is True and calls["model"]["trust_remote_code"] is True


# -- the response cache stores JSON and never unpickles ---------------------------------------------------------------

#: Modules that deserialise into arbitrary objects: a cache file that anyone can write must never reach them.
UNSAFE_MODULES = {"pickle", "_pickle", "cPickle", "cloudpickle", "dill", "joblib", "marshal", "shelve", "jsonpickle"}


def unsafe_references(path: Path) -> list[str]:
    """Imports of, and names or attributes called like, an unsafe deserialiser in one source file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in UNSAFE_MODULES]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in UNSAFE_MODULES:
            found.append(str(node.module))
        elif isinstance(node, ast.Name) and node.id in UNSAFE_MODULES | {"__import__"}:
            found.append(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in UNSAFE_MODULES:
            found.append(repr(node.value))  # importlib.import_module("pickle")
    return found


@pytest.mark.parametrize("module", ["backends/response_cache.py", "backends/cached_backend.py"])
def test_the_cache_modules_import_no_unpickler(module):
    assert unsafe_references(PACKAGE / module) == []


def test_the_unpickler_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import json\nfrom pickle import loads\nimport importlib\nimportlib.import_module('marshal')\n"
                   "__import__('dill')\n")
    assert unsafe_references(bad) == ["pickle", "'marshal'", "__import__", "'dill'"]


def test_a_cached_run_is_read_back_without_unpickling(tmp_path, monkeypatch):
    generations = [GenerationRequest(f"prompt {i}", Decoding(max_new_tokens=8)) for i in range(4)]
    choices = [ChoiceRequest(f"question {i}", ("A", "B", "C")) for i in range(3)]
    likelihoods = [LoglikelihoodRequest(f"context {i}", " continuation") for i in range(2)]
    first = CachedBackend(FakeBackend(), ResponseCache(tmp_path / "responses.sqlite3"))
    written = (first.generate(generations), first.score_choices(choices), first.loglikelihood(likelihoods))
    first.close()

    unpickled: list[str] = []

    def refuse(name):
        def call(*args, **kwargs):
            unpickled.append(name)
            raise AssertionError(f"the response cache called {name}")
        return call

    for name in ("loads", "load", "Unpickler"):
        monkeypatch.setattr(pickle, name, refuse(f"pickle.{name}"))
    with pytest.raises(AssertionError):
        pickle.loads(pickle.dumps(1))  # the tripwire is armed
    unpickled.clear()

    again = CachedBackend(FakeBackend(), ResponseCache(tmp_path / "responses.sqlite3"))
    read = (again.generate(generations), again.score_choices(choices), again.loglikelihood(likelihoods))
    assert read == written
    assert again.cache.stats.hits == 9 and sum(again.calls.values()) == 0  # every answer came from the file
    assert unpickled == []
    again.close()
