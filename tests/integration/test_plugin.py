"""The plugin end to end through pytester: with and without xdist, JSON artifact, HTML page, gates, usage errors.

These runs use a deterministic model-free backend so that they are fast and their numbers are exact.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import PROJECT_DIR

FAKE_BACKEND = (Path(__file__).resolve().parents[1] / "helpers" / "fake_backend.py").read_text()

SUITE = '''
from pytest_medllm.methods import stats
from pytest_medllm.backends import ChoiceRequest, Decoding, GenerationRequest
from pytest_medllm.answers.parsing import parse_answer
from pytest_medllm.verdict.declarations import Suite
from pytest_medllm.answers.prompts import cloze_prompt, prompt_a
from pytest_medllm.answers.jobs import answer_jobs, original_jobs

SUITE = Suite("suite", "a test suite of the plugin's own tests")
ACCURACY = SUITE.metric("accuracy", "share of items answered with the key", better="higher", test_type="MFT",
                        expect=">= 0.0 @lenient", because="any accuracy passes: these tests check plumbing")
EMPTY_RATE = SUITE.metric("empty_rate", "a rate of nothing", better="lower")


def test_generation(mcq_dataset, model, expect, record_answers):
    items = mcq_dataset.items
    outs = model.generate([GenerationRequest(prompt_a(i), Decoding(max_new_tokens=8)) for i in items])
    answers = [parse_answer(o.text, i.option_map) for i, o in zip(items, outs)]
    record_answers(answer_jobs(model, original_jobs("prompt_a", items, prompt_a), Decoding(max_new_tokens=8))[
        "prompt_a"])
    acc = stats.proportion([a.letter == i.answer for a, i in zip(answers, items)])
    expect(ACCURACY, acc, condition="generation", details={"first": outs[0].text})


def test_cloze(mcq_dataset, model, expect):
    items = mcq_dataset.items
    scores = model.score_choices([ChoiceRequest(cloze_prompt(i), i.letters) for i in items])
    expect(ACCURACY, stats.proportion([i.letters[s.best()] == i.answer for s, i in zip(scores, items)]),
           condition="cloze")


def test_unmeasured(expect, record_metric):
    expect(ACCURACY, stats.proportion([]), condition="nothing")
    record_metric(EMPTY_RATE, stats.proportion([]))
'''

INI = """
[pytest]
medllm_gates =
    suite.accuracy[nothing] >= 0 @point
"""

CRASH = '''
import os
import signal

from pytest_medllm.methods import stats
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("crashing", "a suite whose second test kills its own worker")
OK = SUITE.metric("ok_rate", "always 1", better="higher", expect=">= 0.5 @point", because="plumbing")


def test_before(expect):
    expect(OK, stats.proportion([True] * 10))


def test_kills_its_worker(expect):
    expect(OK, stats.proportion([True] * 10))
    os.kill(os.getpid(), signal.SIGKILL)


def test_after(expect):
    expect(OK, stats.proportion([True] * 10))
'''


@pytest.fixture
def project(pytester, monkeypatch, tmp_path):
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_suite=SUITE)
    pytester.makeini(INI)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    return pytester


def run(pytester, *args: str):
    cache = pytester.path / "cache"
    return pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir", str(cache),
                                         "--max-items", "20", "-p", "no:cacheprovider", *args)


def artifact(pytester) -> dict:
    return json.loads((pytester.path / "reports" / "medllm-results.json").read_text())


def comparable(records: list[dict]) -> list[dict]:
    return sorted(({k: v for k, v in r.items()} for r in records), key=lambda r: (r["name"], r["condition"] or ""))


MODES = {"no-xdist": ["-p", "no:xdist"], "n0": ["-n", "0"], "n2": ["-n", "2"]}


def test_records_are_identical_with_and_without_xdist(project):
    results, items = {}, {}
    for name, args in MODES.items():
        outcome = run(project, *args)
        outcome.assert_outcomes(passed=2, failed=1)  # the unmeasured accuracy fails its gate
        results[name] = artifact(project)
        items[name] = (project.path / "reports" / "medllm-items.jsonl").read_bytes()
    assert items["n2"] == items["no-xdist"] == items["n0"]  # the per-item artifact is byte-identical
    assert items["n2"].count(b'"type": "item"') == 20
    base = comparable(results["no-xdist"]["metrics"])
    assert len(base) == 4
    for name in ("n0", "n2"):
        assert comparable(results[name]["metrics"]) == base, name
    # The second and third runs answer from the cache; a request a run asks twice is answered from memory.
    cache = results["n2"]["facts"]["cache"]
    assert cache["hits"] + cache["reused_in_process"] == 60 and sum(cache["model_calls"].values()) == 0
    assert set(results["n2"]["facts"]["workers"]) <= {"gw0", "gw1"}


def test_json_artifact_schema_and_gate_verdicts(project):
    result = run(project, "-p", "no:xdist", "--gate", "suite.empty_rate<=0.5")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["*release gate(s) not met*", "*suite.accuracy?nothing?: unmeasured*"
                                 "undefined: no items to measure*"])
    data = artifact(project)
    import jsonschema

    schema = json.loads((PROJECT_DIR / "pytest_medllm" / "verdict" / "results.schema.json").read_text())
    jsonschema.validate(data, schema)  # the documented schema is the one written
    assert data["schema"] == "pytest-medllm/results/2"
    assert data["tests"]["exit_status"] == 1 and data["verdict"]["status"] == "failed"
    assert {r["name"] for r in data["metrics"]} == {"accuracy", "empty_rate"}
    verdicts = {v["metric"]: (v["verdict"], v["source"]) for v in data["gate_verdicts"]}
    assert verdicts == {"suite.accuracy[cloze]": ("pass", "suite"), "suite.accuracy[generation]": ("pass", "suite"),
                        "suite.accuracy[nothing]": ("unmeasured", "ini"), "suite.empty_rate": ("unmeasured", "cli")}
    accuracy = next(r for r in data["metrics"] if r["condition"] == "cloze")
    assert accuracy["n"] == 20 and accuracy["ci_low"] <= accuracy["value"] <= accuracy["ci_high"]
    assert accuracy["meaning"] == "share of items answered with the key"
    empty = next(r for r in data["metrics"] if r["name"] == "empty_rate")
    assert empty["undefined"] == "undefined: no items to measure" and "undefined" in empty["reason"]
    assert data["facts"]["datasets"]["demo"]["selection"]["n_selected"] == 20
    assert not list((project.path / "reports").glob(".*.tmp"))  # written atomically, nothing left behind


def test_a_failing_gate_fails_the_test_and_the_exit_status(project):
    result = run(project, "-p", "no:xdist", "-k", "cloze", "--gate", "suite.accuracy>=0.99@point")
    result.assert_outcomes(failed=1)
    assert result.ret == 1
    result.stdout.fnmatch_lines(["*suite.accuracy?cloze?: fail*misses*"])


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_html_report_shows_metrics_and_card(project, mode):
    result = run(project, *MODES[mode], "--html", "report.html", "--self-contained-html", "-k", "not unmeasured")
    assert result.ret == 0
    page = (project.path / "report.html").read_text()
    assert "pytest-medllm stability card" in page
    assert "suite.accuracy[cloze]" in page and "All 2 release gates passed" in page
    assert "<script>alert" not in page  # model text never becomes markup...
    # ...it is shown, escaped, with the failing cases (pytest-html keeps rows in an HTML-escaped JSON attribute,
    # so our escaping appears escaped once more; tests/integration/test_html_render.py checks the page in a real browser).
    assert "&amp;lt;script&amp;gt;alert" in page


def test_runs_without_pytest_html(project):
    result = run(project, "-p", "no:html", "-p", "no:xdist", "-k", "cloze")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*pytest-medllm stability card*", "*suite.accuracy?cloze?*"])


@pytest.mark.parametrize("args, message", [
    (["--device", "gpu"], "--device takes auto, cpu, mps, cuda or cuda:N"),
    (["--dtype", "fp8"], "invalid choice: 'fp8'"),
    (["--batch-size", "0"], "--batch-size takes a whole number >= 1"),
    (["--max-items", "many"], "--max-items takes a whole number >= 1"),
    (["--profile", "fast"], "invalid choice: 'fast'"),
    (["--model", "huatuo"], "Known aliases:*huatuo-o1-8b*"),
    (["--gate", "accuracy => 1"], "*does not parse*METRIC OP THRESHOLD*"),
    (["--backend", "vllm"], "*--backend 'vllm' is unknown; known backends: openai, transformers*"),
    (["--backend", "nosuchmod:f"], "*--backend 'nosuchmod:f': cannot import 'nosuchmod'*"),
    (["--embedding-model", "no/such/folder"], "*--embedding-model*no such folder*"),
])
def test_bad_options_are_one_line_usage_errors(pytester, args, message):
    result = pytester.runpytest_subprocess(*args)
    assert result.ret == 4
    result.stderr.fnmatch_lines([f"*{message}*"])


def test_plugin_is_quiet_in_unrelated_test_sessions(pytester):
    pytester.makepyfile("def test_x():\n    assert True\n")
    result = pytester.runpytest_subprocess("-p", "no:xdist")
    result.assert_outcomes(passed=1)
    assert "pytest-medllm" not in result.stdout.str()
    assert not (pytester.path / "reports").exists()


BROKEN_BACKEND = """
def factory(run_config, spec):
    raise OSError("We couldn't connect to the hub to load this model.")
"""


@pytest.mark.parametrize("args, message", [
    (["--dataset", "missing.jsonl"], "*--dataset 'missing.jsonl': no such file*"),
    (["--device", "cuda:99"], "*--device cuda:99: no NVIDIA GPU is visible*"),
    (["--report-dir", "/proc/medllm-reports"], "*--report-dir '/proc/medllm-reports' is not a writable folder*"),
    (["--cache-dir", "/proc/medllm-cache"], "*--cache-dir '/proc/medllm-cache' is not a writable folder*"),
])
@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_run_that_cannot_be_done_is_one_usage_error_before_any_test(project, mode, args, message):
    result = run(project, *MODES[mode], *args)
    assert result.ret == 4, result.stdout.str()[-2000:]
    result.stderr.fnmatch_lines([f"*pytest-medllm cannot run:{message}"])
    assert result.stderr.str().count("pytest-medllm cannot run") == 1
    assert "passed" not in result.stdout.str() and "failed" not in result.stdout.str()


#: Two records with one id; the message must name the line of the repeat and of the first use.
REPEATED_ID = "\n".join(json.dumps({"id": item_id, "question": f"Question {n}?", "options": {"A": "yes", "B": "no"},
                                    "answer": "A"}) for n, item_id in enumerate(["q1", "q2", "q1"], 1)) + "\n"
#: A pretty-printed JSON list cut off inside its second record, as an interrupted download leaves it.
TRUNCATED_LIST = ('[\n  {\n    "id": "q1",\n    "question": "Which organ makes insulin?",\n'
                  '    "options": {"A": "Liver", "B": "Pancreas"},\n    "answer": "B"\n  },\n  {\n    "id": "q2",\n'
                  '    "question": "Which vitamin')


@pytest.mark.parametrize("name, content, message", [
    ("repeated.jsonl", REPEATED_ID, "repeated.jsonl: line 3: id 'q1' is used twice (lines 1 and 3)"),
    ("truncated.json", TRUNCATED_LIST, "truncated.json: line 10 column 17: not valid JSON (a string that starts "
                                       "here is never closed: the file ends inside it; is it truncated?)"),
])
@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_malformed_dataset_is_one_located_usage_error_before_any_test(project, mode, name, content, message):
    (project.path / name).write_text(content)
    result = run(project, *MODES[mode], "--dataset", name)
    output = result.stdout.str() + result.stderr.str()
    assert result.ret == 4, output[-2000:]
    assert output.count(message) == 1, output[-2000:]  # once: not repeated by every xdist worker or every test
    result.stderr.fnmatch_lines([f"*pytest-medllm cannot run: {message}*"])
    assert "Traceback" not in output
    result.stdout.fnmatch_lines(["*= no tests ran in *"])
    assert "passed" not in output and "failed" not in output
    assert not (project.path / "reports" / "medllm-results.json").exists()


def test_a_hub_model_that_is_not_available_offline_stops_the_run(project, monkeypatch, tmp_path):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "empty-hub"))
    result = project.runpytest_subprocess("--model", "huatuo-o1-8b", "-p", "no:xdist", "--cache-dir",
                                          str(project.path / "cache"))
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--model huatuo-o1-8b: FreedomIntelligence/HuatuoGPT-o1-8B is not in the local "
                                 "hub cache and HF_HUB_OFFLINE is set; download it*"])


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_model_that_fails_to_load_is_reported_once_and_is_not_a_failed_gate(project, mode):
    project.makepyfile(broken_backend=BROKEN_BACKEND)
    result = project.runpytest_subprocess("--backend", "broken_backend:factory", "--cache-dir",
                                          str(project.path / "cache"), "--max-items", "20", *MODES[mode])
    assert result.ret == 4, result.stdout.str()[-3000:]
    out = result.stdout.str()
    assert "Traceback" not in out and "OSError" in out
    result.stdout.fnmatch_lines(["*Not run: --model smollm2-135m could not be loaded by the "
                                 "broken_backend:factory backend (OSError: We couldn't connect*"])
    assert out.count("could not be loaded") == 1  # once, in the card, not once per test
    data = artifact(project)
    assert data["verdict"]["status"] == "not run" and data["tests"]["exit_status"] == 4


def test_baseline_comparison_from_another_stack(project, monkeypatch, tmp_path):
    first = run(project, "-p", "no:xdist", "-k", "generation")
    first.assert_outcomes(passed=1)
    baseline = tmp_path / "baseline.jsonl"
    baseline.write_bytes((project.path / "reports" / "medllm-items.jsonl").read_bytes())

    same = run(project, "-p", "no:xdist", "-k", "generation", "--baseline", str(baseline))
    same.assert_outcomes(passed=1)
    records = {r["name"]: r for r in artifact(project)["metrics"] if r["name"].startswith("baseline_")}
    assert records["baseline_match_rate"]["value"] == 1.0 and records["baseline_identical_text"]["value"] == 1.0
    assert records["baseline_kappa"]["value"] == pytest.approx(1.0)

    monkeypatch.setenv("FAKE_VARIANT", "12.8")  # "another CUDA build": same prompts, partly other answers
    other = run(project, "-p", "no:xdist", "-k", "generation", "--baseline", str(baseline), "--no-cache")
    data = artifact(project)
    records = {r["name"]: r for r in data["metrics"] if r["name"].startswith("baseline_")}
    assert records["baseline_match_rate"]["value"] < 1.0
    assert records["baseline_match_rate"]["n"] == 20 and records["baseline_match_rate"]["ci_low"] is not None
    assert "baseline_stuart_maxwell_p" in records and "baseline_mcnemar_p" in records
    assert data["facts"]["baseline"]["differences"]["cuda"] == {"baseline": None, "current": "12.8"}
    other.stdout.fnmatch_lines(["*baseline*stack differences: cuda: None -> 12.8*"])


def test_baseline_with_other_items_is_refused(project, tmp_path):
    run(project, "-p", "no:xdist", "-k", "generation").assert_outcomes(passed=1)
    baseline = tmp_path / "baseline.jsonl"
    baseline.write_bytes((project.path / "reports" / "medllm-items.jsonl").read_bytes())
    result = project.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                          str(project.path / "cache"), "--max-items", "10", "-p", "no:xdist",
                                          "-k", "generation", "--baseline", str(baseline))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*refusing to compare with --baseline*different items*"])


def test_missing_baseline_is_a_usage_error(pytester):
    result = pytester.runpytest_subprocess("--baseline", "nowhere/medllm-items.jsonl")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*--baseline*no such artifact*"])


def test_gate_policy_file(project, tmp_path):
    policy = tmp_path / "release.gates"
    policy.write_text("# release policy\nsuite.accuracy >= 0.99 @point\n")
    result = run(project, "-p", "no:xdist", "-k", "cloze", "--gate-policy", str(policy))
    result.assert_outcomes(failed=1)  # the policy file overrides pytest.ini's lenient gate...
    result = run(project, "-p", "no:xdist", "-k", "cloze", "--gate-policy", str(policy), "--gate",
                 "suite.accuracy >= 0 @point")
    result.assert_outcomes(passed=1)  # ...and --gate overrides the policy file


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_gate_naming_no_metric_is_a_usage_error_before_any_test(project, mode):
    result = run(project, *MODES[mode], "--gate", "suite.acuracy >= 0.5")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*gate 'suite.acuracy >= 0.5 @lenient' (cli) matches no metric*nearest metric ids:"
                                 " suite.accuracy*"])
    assert "passed" not in result.stdout.str() and not (project.path / "reports" / "medllm-results.json").exists()


def test_a_gate_condition_that_matches_nothing_recorded_is_a_usage_error(project):
    result = run(project, "-p", "no:xdist", "--gate", "suite.accuracy[clozz] >= 0.5")
    assert result.ret == 4
    result.stdout.fnmatch_lines(["*Not run: gate 'suite.accuracy?clozz? >= 0.5 @lenient' (cli) matches no "
                                 "recorded condition*recorded conditions: cloze, generation, nothing*"])
    assert artifact(project)["verdict"]["status"] == "not run"
    # In a partial run the condition may belong to a test that did not run: a note, not an error.
    partial = run(project, "-p", "no:xdist", "-k", "cloze", "--gate", "suite.accuracy[clozz] >= 0.5")
    assert partial.ret == 0
    partial.stdout.fnmatch_lines(["*note: gate 'suite.accuracy?clozz? >= 0.5 @lenient' (cli) matches no recorded*"])


def test_a_worker_that_dies_is_a_crashed_test_everywhere(pytester, monkeypatch):
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_crashing=CRASH)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = run(pytester, "-n", "2", "--dist", "load", "--html", "report.html", "--self-contained-html")
    assert result.ret == 6  # incomplete: a fault of the run, not a failure of the model
    result.stdout.fnmatch_lines(["*Run incomplete: 1 test could not be judged because of a fault, not the model: "
                                 "test_crashing.py::test_kills_its_worker (crashed*",
                                 "*CRASHED (not the model's) test_crashing.py::test_kills_its_worker*"])
    assert "gates passed" not in result.stdout.str().split("stability card")[1].splitlines()[1]
    data = artifact(pytester)
    assert data["verdict"]["status"] == "incomplete" and data["tests"]["exit_status"] == 6
    assert [f["nodeid"] for f in data["verdict"]["faults"]] == ["test_crashing.py::test_kills_its_worker"]
    outcomes = {t["nodeid"]: t["outcome"] for t in data["tests"]["results"]}
    assert outcomes["test_crashing.py::test_kills_its_worker"] == "crashed"
    assert data["tests"]["outcomes"]["crashed"] == 1
    page = (pytester.path / "report.html").read_text()
    assert "Run incomplete: 1 test could not be judged" in page and "All 3 release gates passed" not in page
    assert "1 Failed" in page  # pytest-html counts the crash as a failed test


PINNED_BACKEND = """
import json, os
from fake_backend import FakeBackend


def factory(run_config, spec, worker):
    with open(f"worker-{worker.index}.json", "w") as handle:
        json.dump({"index": worker.index, "count": worker.count, "device": worker.device}, handle)
    return FakeBackend(spec.alias)
"""


def test_custom_backend_factories_get_their_worker_and_gpu(project, monkeypatch):
    project.makepyfile(pinned_backend=PINNED_BACKEND)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")  # two GPUs, as the driver would list them
    result = project.runpytest_subprocess("--backend", "pinned_backend:factory", "--cache-dir",
                                          str(project.path / "cache"), "--max-items", "20", "-n", "2",
                                          "--dist", "load", "-k", "not unmeasured")
    assert result.ret == 0, result.stdout.str()[-2000:]
    seen = [json.loads(p.read_text()) for p in sorted(project.path.glob("worker-*.json"))]
    assert seen, "the factory was never called"
    for info in seen:
        assert info["count"] == 2 and info["device"] == f"cuda:{info['index']}"


def test_a_damaged_cache_heals_before_the_run_with_one_line(project):
    first = run(project, "-p", "no:xdist", "-k", "cloze")
    first.assert_outcomes(passed=1)
    cache = project.path / "cache" / "responses.sqlite3"
    for extra in ("-wal", "-shm"):
        Path(str(cache) + extra).unlink(missing_ok=True)
    data = bytearray(cache.read_bytes())
    data[:16] = b"garbage garbage!"
    cache.write_bytes(bytes(data))
    result = run(project, "-n", "2", "-k", "cloze")
    result.assert_outcomes(passed=1)
    err = result.stderr.str()
    assert err.count("is damaged") == 1 and str(cache) in err and "Traceback" not in err
    assert list(cache.parent.glob("responses.sqlite3.damaged-*"))


# -- gates are checked against every declared suite, selected in this run or not ------------------------------------

OTHER_SUITE = '''
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("other", "a declared suite that the runs below do not select")
FLIP_RATE = SUITE.metric("flip_rate", "share of answers that changed", better="lower", test_type="INV",
                         expect="<= 0.2 @lenient", because="plumbing")


def test_never_selected(expect):
    raise AssertionError("the runs below select suites/test_suite.py only")
'''


def suites_project(pytester, monkeypatch, ini: str = "[pytest]\ntestpaths = suites\n"):
    """Two suites kept under ``suites/`` (the testpaths), of which the runs select ``suites/test_suite.py``."""
    pytester.makepyfile(fake_backend=FAKE_BACKEND)
    folder = pytester.mkdir("suites")
    (folder / "test_suite.py").write_text(SUITE)
    (folder / "test_other.py").write_text(OTHER_SUITE)
    pytester.makeini(ini)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    return pytester


@pytest.mark.parametrize("gate, shown, nearest", [
    # No suite part: the old check skipped it as "a suite this run did not select", and it judged nothing.
    ("flip_rate <= 0.1", "flip_rate <= 0.1 @lenient", "other.flip_rate"),
    # A renamed or mistyped suite id, not close to a selected one: the same silence.
    ("answer_order.flip_rate <= 0.1", "answer_order.flip_rate <= 0.1 @lenient", "other.flip_rate"),
    # A declared suite that this run did not select, with a metric it does not declare.
    ("other.flip_rat <= 0.1", "other.flip_rat <= 0.1 @lenient", "other.flip_rate"),
])
@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_gate_naming_no_declared_metric_is_a_usage_error_even_for_an_unselected_suite(pytester, monkeypatch, mode,
                                                                                         gate, shown, nearest):
    project = suites_project(pytester, monkeypatch)
    result = run(project, *MODES[mode], "suites/test_suite.py", "-k", "cloze", "--gate", gate)
    assert result.ret == 4, result.stdout.str()[-2000:] + result.stderr.str()[-2000:]
    result.stderr.fnmatch_lines([f"*pytest-medllm cannot run: gate '{shown}' (cli) matches no metric of any "
                                 f"declared suite*nearest metric ids: {nearest}*"])
    assert "passed" not in result.stdout.str() and not (project.path / "reports" / "medllm-results.json").exists()


def test_a_gate_without_a_suite_part_says_how_a_gate_names_a_metric(pytester, monkeypatch):
    project = suites_project(pytester, monkeypatch)
    result = run(project, "-p", "no:xdist", "suites/test_suite.py", "--gate", "flip_rate <= 0.1")
    assert result.ret == 4
    # Every suite's flip_rate is offered, and the form of a gate is shown.
    result.stderr.fnmatch_lines(["*(a gate names SUITE.METRIC, e.g. option_order.flip_rate); nearest metric ids: "
                                 "other.flip_rate*"])


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_a_gate_for_a_declared_suite_this_run_did_not_select_is_allowed(pytester, monkeypatch, mode, tmp_path):
    project = suites_project(pytester, monkeypatch)
    policy = tmp_path / "release.gates"  # a release policy covers every suite, whichever a run selects
    policy.write_text("suite.accuracy >= 0 @point\nother.flip_rate <= 0.1 @strict\n*.flip_rate <= 0.2\n"
                      "*.baseline_match_rate >= 0.95\n")  # the plugin adds baseline_* to every suite
    result = run(project, *MODES[mode], "suites/test_suite.py", "-k", "cloze", "--gate-policy", str(policy),
                 "--gate", "other.flip_rate <= 0.05")
    assert result.ret == 0, result.stdout.str()[-2000:] + result.stderr.str()[-2000:]
    result.assert_outcomes(passed=1)
    assert artifact(project)["verdict"]["status"] == "passed"


def test_without_testpaths_the_suites_folder_is_where_suites_are_declared(pytester, monkeypatch):
    project = suites_project(pytester, monkeypatch, ini="[pytest]\n")
    allowed = run(project, "-p", "no:xdist", "suites/test_suite.py", "-k", "cloze", "--gate", "other.flip_rate<=0.1")
    assert allowed.ret == 0, allowed.stderr.str()[-2000:]
    refused = run(project, "-p", "no:xdist", "suites/test_suite.py", "-k", "cloze", "--gate", "othr.flip_rate<=0.1")
    assert refused.ret == 4
    refused.stderr.fnmatch_lines(["*gate 'othr.flip_rate <= 0.1 @lenient' (cli) matches no metric*other.flip_rate*"])


def test_a_suite_file_that_cannot_be_imported_is_named_not_guessed_at(pytester, monkeypatch):
    project = suites_project(pytester, monkeypatch)
    (project.path / "suites" / "test_broken.py").write_text(
        "from pytest_medllm.verdict.declarations import Suite\nimport no_such_module_here\nSUITE = Suite('broken', 'x')\n")
    result = run(project, "-p", "no:xdist", "suites/test_suite.py", "--gate", "broken.flip_rate <= 0.1")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*matches no metric of any declared suite*could not be read and may declare it:"
                                 "*test_broken.py (ModuleNotFoundError: No module named 'no_such_module_here')*"])


# -- suites whose tests were all skipped are named, never hidden behind "all gates passed" -------------------------

SKIPPED_FOR_A_LIBRARY = '''
import pytest
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("repeatability", "a suite that skips without its optional library")
GAIN = SUITE.metric("semantic_gain", "a gain", better="higher", expect="> 0 @strict", because="plumbing")


def test_semantic(model, expect):
    pytest.skip("sentence-transformers is not installed (pip install sentence-transformers)")


def test_reproducibility(model, expect):
    pytest.skip("sentence-transformers is not installed (pip install sentence-transformers)")
'''

SKIPPED_FOR_A_CAPABILITY = '''
from pytest_medllm.backends.base import CapabilityError
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("note_perplexity", "a suite the server cannot serve")
TREND = SUITE.metric("trend", "a trend", better="higher", expect="> 0 @strict", because="plumbing")


def test_trend(model, expect):
    raise CapabilityError("the server does not return prompt log-probabilities")
'''


@pytest.mark.parametrize("mode", ["no-xdist", "n2"])
def test_suites_whose_tests_were_all_skipped_are_named_in_every_rendering(project, mode):
    project.makepyfile(test_repeatability=SKIPPED_FOR_A_LIBRARY, test_note_perplexity=SKIPPED_FOR_A_CAPABILITY)
    result = run(project, *MODES[mode], "-k", "not unmeasured", "--html", "report.html", "--self-contained-html")
    # The judged suite passed: the status stays 0 (see RunSummary.verdict), and the headline names what was not judged.
    assert result.ret == 0, result.stdout.str()[-3000:]
    result.assert_outcomes(passed=2, skipped=3)
    expected = ("All 2 release gates passed; not judged: note_perplexity (skipped: the model's backend cannot do "
                "what this test needs: the server does not return prompt log-probabilities); repeatability "
                "(skipped: sentence-transformers is not installed (pip install sentence-transformers))")
    card = result.stdout.str().split("pytest-medllm stability card")[1]
    assert card.splitlines()[1] == expected
    result.stdout.fnmatch_lines(["repeatability: NOT JUDGED, all 2 tests skipped (sentence-transformers is not "
                                 "installed*)", "suite: tests 2/2 passed, gates 2/2 passed"])
    data = artifact(project)
    assert data["verdict"]["status"] == "passed" and data["verdict"]["exit_status"] == 0
    assert data["verdict"]["headline"] == expected
    assert data["verdict"]["unjudged"] == [
        {"suite": "note_perplexity", "skipped": 1, "reason": "the model's backend cannot do what this test needs: "
                                                             "the server does not return prompt log-probabilities"},
        {"suite": "repeatability", "skipped": 2,
         "reason": "sentence-transformers is not installed (pip install sentence-transformers)"}]
    page = (project.path / "report.html").read_text()
    assert "All 2 release gates passed; not judged: note_perplexity (skipped: the model" in page
    assert "repeatability (skipped: sentence-transformers is not installed" in page


def test_a_partly_skipped_suite_is_judged_and_not_listed(project):
    project.makepyfile(conftest="import pytest\n\ndef pytest_runtest_setup(item):\n"
                                "    if item.name == 'test_cloze':\n        pytest.skip('no scores')\n")
    partly = run(project, "-p", "no:xdist", "-k", "not unmeasured")
    assert partly.ret == 0
    partly.assert_outcomes(passed=1, skipped=1)
    data = artifact(project)
    assert data["verdict"]["unjudged"] == [] and data["verdict"]["headline"] == "All 1 release gates passed"


def test_unjudged_suites_are_named_in_a_failed_and_an_incomplete_headline_too():
    from pytest_medllm.verdict.records import MetricRecord
    from pytest_medllm.verdict.summary import (
        Outcome,
        RunSummary,
        RunVerdict,
        TestResult,
    )

    failing = MetricRecord.from_dict({"suite": "accuracy", "name": "accuracy", "value": 0.1, "ci_low": 0.0,
                                      "ci_high": 0.2, "n": 20, "gate": "accuracy.accuracy >= 0.5 @lenient",
                                      "gate_source": "suite", "verdict": "fail", "reason": "whole interval below 0.5"})
    tests = [TestResult("test_accuracy.py::test_a", "accuracy", Outcome.FAILED, message="release gate not met"),
             TestResult("test_cloze.py::test_b", "cloze", Outcome.SKIPPED, message="Skipped: no log-probabilities"),
             TestResult("test_cloze.py::test_c", "cloze", Outcome.SKIPPED, message="Skipped: other reason"),
             TestResult("test_helper.py::test_x", "helper", Outcome.SKIPPED, message="Skipped: not a suite")]
    summary = RunSummary(run={}, gates_configured=[], facts={}, tests=tests, metrics=[failing], problems=[],
                         pytest_status=1, behavioral_suites={"accuracy", "cloze"})
    assert summary.verdict is RunVerdict.FAILED and summary.exit_status == 1
    assert summary.headline.endswith("in accuracy; not judged: cloze (skipped: no log-probabilities)")
    assert [u.suite for u in summary.unjudged_suites()] == ["cloze"]  # a skipped helper test is no suite
    crashed = RunSummary(run={}, gates_configured=[], facts={}, tests=tests[1:] + [
        TestResult("test_accuracy.py::test_a", "accuracy", Outcome.CRASHED, message="crashed")], metrics=[],
        problems=[], pytest_status=1, behavioral_suites={"accuracy", "cloze"})
    assert crashed.verdict is RunVerdict.INCOMPLETE
    assert crashed.headline.endswith("; not judged: cloze (skipped: no log-probabilities)")


# -- exit statuses 5 (nothing judged) and 2 (interrupted) ------------------------------------------------------------

SKIPPED_BEFORE_THE_MODEL = '''
import pytest
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("repeatability", "a suite that skips before it asks for the model")
GAIN = SUITE.metric("semantic_gain", "a gain", better="higher", expect="> 0 @strict", because="plumbing")


def test_semantic(expect):
    pytest.skip("sentence-transformers is not installed")


@pytest.mark.skip(reason="sentence-transformers is not installed")
def test_reproducibility(expect):
    pass
'''


@pytest.mark.parametrize("suite", [SKIPPED_FOR_A_LIBRARY, SKIPPED_BEFORE_THE_MODEL],
                         ids=["after-the-model-loaded", "before-any-model"])
def test_a_run_in_which_every_test_skipped_is_incomplete_with_exit_status_5(pytester, monkeypatch, suite):
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_repeatability=suite)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = run(pytester, "-p", "no:xdist")
    assert result.ret == 5, result.stdout.str()[-2000:]  # pytest alone would exit 0 for an all-skipped session
    result.assert_outcomes(skipped=2)
    headline = ("Run incomplete: no release gate was judged (2 tests skipped); not judged: repeatability (skipped: "
                "sentence-transformers is not installed")
    result.stdout.fnmatch_lines([f"{headline}*"])
    data = artifact(pytester)
    assert data["verdict"]["status"] == "incomplete" and data["verdict"]["exit_status"] == 5
    assert data["tests"]["exit_status"] == 5 and data["verdict"]["headline"].startswith(headline)


INTERRUPTED = '''
from pytest_medllm.methods import stats
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("interrupted", "a suite whose second test is interrupted (Ctrl-C)")
OK = SUITE.metric("ok_rate", "always 1", better="higher", expect=">= 0.5 @point", because="plumbing")


def test_before(model, expect):
    expect(OK, stats.proportion([True] * 10))


def test_interrupted(expect):
    raise KeyboardInterrupt


def test_never_reached(expect):
    expect(OK, stats.proportion([True] * 10))
'''


def test_an_interrupted_run_is_incomplete_with_exit_status_2(pytester, monkeypatch):
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_interrupted=INTERRUPTED)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = run(pytester, "-p", "no:xdist")
    assert result.ret == 2, result.stdout.str()[-2000:]
    result.stdout.fnmatch_lines(["Run incomplete: the run was interrupted; 1 of 1 gates judged passed"])
    data = artifact(pytester)
    assert data["verdict"]["status"] == "incomplete" and data["verdict"]["exit_status"] == 2
    assert data["verdict"]["headline"] == "Run incomplete: the run was interrupted; 1 of 1 gates judged passed"
    assert "test_interrupted.py::test_never_reached" not in {t["nodeid"] for t in data["tests"]["results"]}


# -- the per-item artifact always belongs to the run beside it ------------------------------------------------------

def test_a_run_without_item_rows_replaces_the_previous_item_artifact(project):
    from pytest_medllm.verdict.artifacts import read_items

    items = project.path / "reports" / "medllm-items.jsonl"
    run(project, "-p", "no:xdist", "-k", "generation").assert_outcomes(passed=1)
    assert read_items(items)[0]["run"]["seed"] == 1234 and len(read_items(items)[1]) == 20
    later = run(project, "-p", "no:xdist", "-k", "cloze", "--seed", "7")  # records no item rows
    later.assert_outcomes(passed=1)
    header, rows = read_items(items)
    assert rows == [] and header["run"]["seed"] == 7  # a header-only file for this run, not the last run's rows
    assert artifact(project)["run"]["seed"] == 7
    later.stdout.fnmatch_lines([f"per-item artifact: {items} (0 rows)"])
    assert not list(items.parent.glob(".*.tmp"))
