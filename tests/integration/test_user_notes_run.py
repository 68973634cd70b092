"""The DeVisE suites on a user's own notes (``--notes FILE``), end to end.

* A malformed notes file stops the run before any test with ONE line naming the file, the line and the field
  (usage error, exit 4), with and without xdist (pytester).
* Scripted models whose truth is known on any note (:mod:`tests.helpers.note_models`) run the real suites on a
  written notes file: the severity-following model must pass direction and %Mono, the reversed one must fail them.
  The artifact lists what was found in each note, the card counts the notes per vital sign and the note without
  any, accuracy and macro-F1 match scikit-learn on the file's labels, the length-of-stay bucket means are the
  labelled stays' means, the same numbers come out under ``-n 2``, and no note text leaves the model's prompts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from sklearn.metrics import accuracy_score, f1_score

from pytest_medllm.data.schemas import VITAL_SIGNS
from tests.conftest import PROJECT_DIR
from tests.helpers import scripted_models as sm
from tests.helpers.note_models import note_severity

NOTES = [
    {"id": "n1", "text": "72-year-old man with pneumonia. On arrival: HR 118, BP 148/92, RR 24, SpO2 93% on room "
                         "air, T 101.4 F. He is confused.", "mortality": 1, "los_hours": 130},
    {"id": "n2", "text": "45 yo female admitted for observation after a fall. Vitals: T 98.6, HR 78, BP 118/72, "
                         "RR 16, SpO2 98%. She is comfortable.", "mortality": 0, "los_hours": 30, "sex": "F"},
    {"id": "n3", "text": "Patient is a 58-year-old Black woman found unresponsive. Exam: HR 52, BP 86/50, RR 10, "
                         "SpO2 91%, temp 95.8 F.", "mortality": 1, "los_days": 3},
    {"id": "n4", "text": "81 year old gentleman with CHF exacerbation. Vitals: HR 96, BP 132/84, RR 20, SpO2 95%, "
                         "T 99.1 F.", "mortality": 0, "los_hours": 45, "age": 81},
    {"id": "n5", "text": "Telephone follow-up: doing well at home, no complaints, tolerating diet.",
     "mortality": 0},
    {"id": "n6", "text": "34-year-old Hispanic man after a motorcycle crash. Triage vitals: HR 105, BP 128/82, RR 22, "
                         "SpO2 96%, T 100.6 F.", "mortality": 0, "los_hours": 200},
    # a European note: °C with a decimal comma, a spaced percent sign
    {"id": "n7", "text": "67-year-old woman with urosepsis. Obs on arrival: HR 112, BP 96/58, RR 26, SpO2 94 %, "
                         "T 38,9 °C. She is drowsy.", "mortality": 1, "los_hours": 70},
]
#: Vital signs each note states (what the artifact and the card must count).
STATES = {"n1": VITAL_SIGNS, "n2": VITAL_SIGNS, "n3": VITAL_SIGNS, "n4": VITAL_SIGNS, "n5": (), "n6": VITAL_SIGNS,
          "n7": VITAL_SIGNS}
SUITES = ["vital_sign_direction", "demographic_invariance", "unit_invariance", "note_perplexity"]


def write_notes(folder) -> str:
    path = folder / "notes.jsonl"
    path.write_text("".join(json.dumps(n) + "\n" for n in NOTES), encoding="utf-8")
    return str(path)


def run_on_notes(tmp_path, factory: str, *extra: str) -> dict:
    report = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR), "OMP_NUM_THREADS": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", *[f"suites/test_{s}.py" for s in SUITES], "--notes", write_notes(tmp_path),
         "--backend", f"tests.helpers.note_models:{factory}", "--profile", "quick", "--seed", "1234",
         "--report-dir", str(report), "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider",
         "-p", "no:hypothesispytest", "-q", *extra],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    data = json.loads((report / "medllm-results.json").read_text())
    data["stdout"], data["stderr"] = result.stdout, result.stderr
    data["items_text"] = (report / "medllm-items.jsonl").read_text() if (report / "medllm-items.jsonl").exists() \
        else ""
    return data


def records(run: dict, suite: str, name: str) -> dict:
    return {r["condition"]: r for r in run["metrics"] if r["suite"] == suite and r["name"] == name}


def outcomes(run: dict, test: str) -> set[str]:
    return {t["outcome"] for t in run["tests"]["results"] if f"::{test}[" in t["nodeid"]}


@pytest.fixture(scope="module")
def follow_run(tmp_path_factory):
    return run_on_notes(tmp_path_factory.mktemp("follow"), "follows_severity", "-p", "no:xdist")


@pytest.fixture(scope="module")
def reverse_run(tmp_path_factory):
    return run_on_notes(tmp_path_factory.mktemp("reverse"), "reverses_severity", "-p", "no:xdist")


def test_the_severity_following_model_passes_direction_and_monotonicity_on_user_notes(follow_run):
    direction = records(follow_run, "vital_sign_direction", "correct_direction")
    assert set(direction) == {f"user/{task}/{v}" for task in ("mortality", "los") for v in VITAL_SIGNS}
    assert all(r["value"] == 1.0 and r["verdict"] == "pass" for r in direction.values())
    percent = records(follow_run, "vital_sign_direction", "percent_monotonic")
    assert set(percent) == {"user/mortality", "user/los"}
    assert all(r["value"] == 1.0 and r["verdict"] == "pass" for r in percent.values())
    assert outcomes(follow_run, "test_prediction_follows_severity") == {"passed"}
    assert outcomes(follow_run, "test_predictions_are_monotonic_in_severity") == {"passed"}


def test_the_reversed_model_fails_direction_and_monotonicity_on_user_notes(reverse_run):
    direction = records(reverse_run, "vital_sign_direction", "correct_direction")
    assert direction and all(r["value"] == 0.0 and r["verdict"] == "fail" for r in direction.values())
    for r in records(reverse_run, "vital_sign_direction", "percent_monotonic").values():
        # m(s) falls with s: every ordering and every sign of Eq. 6 is violated; only m(0) = 0 is shared
        assert r["value"] == 0.0 and r["verdict"] == "fail", r
    assert outcomes(reverse_run, "test_prediction_follows_severity") == {"failed"}
    assert outcomes(reverse_run, "test_predictions_are_monotonic_in_severity") == {"failed"}
    assert reverse_run["verdict"]["exit_status"] == 1


def test_the_artifact_lists_what_was_found_in_each_note_and_the_card_counts_them(follow_run):
    facts = follow_run["facts"]["user_notes"]
    assert facts["file"] == "notes.jsonl" and facts["n_notes"] == len(NOTES)
    assert facts["with_vital"] == {v: sum(v in STATES[n["id"]] for n in NOTES) for v in VITAL_SIGNS}
    assert facts["without_vitals"]["count"] == 1 and facts["without_vitals"]["ids"] == ["n5"]
    texts = {n["id"]: n["text"] for n in NOTES}
    for note in facts["notes"]:
        kinds = {f["kind"] for f in note["found"] if f["chosen"]}
        assert kinds == set(STATES[note["id"]]), note["id"]
        for found in note["found"]:
            start, end = found["span"]
            # the span is the number as written (a decimal comma too), the value is in the unit written
            assert float(texts[note["id"]][start:end].replace(",", ".")) == found["value"]
            assert found["unit"]
        assert (note["skipped"] is None) == bool(STATES[note["id"]])
    card = follow_run["stdout"]
    assert ("notes notes.jsonl: 7 notes; with each vital sign: HR 6, SBP 6, DBP 6, RR 6, SpO2 6, temperature 6; "
            "1 without any vital sign, skipped by the vital-sign suites") in card


def test_a_model_that_reads_the_temperature_unit_fails_unit_invariance(tmp_path):
    """The model whose risk jumps when a temperature is written in °F flips the label of the same temperature in
    the other unit: both temperature rewrites fail (the °C note rewritten to °F, the °F notes to °C); the
    saturation and heart-rate rewrites, which it does not read, pass."""
    run = run_on_notes(tmp_path, "reads_fahrenheit", "-p", "no:xdist")
    flips = records(run, "unit_invariance", "flip_rate")
    by_rewrite: dict[str, list[dict]] = {}
    for condition, record in flips.items():
        by_rewrite.setdefault(condition.split("/")[2], []).append(record)
    for rewrite in ("temperature-celsius", "temperature-fahrenheit"):
        assert any(r["value"] > 0 and r["verdict"] == "fail" for r in by_rewrite[rewrite]), rewrite
    for rewrite in ("spo2-fraction", "pulse-bpm"):
        assert all(r["value"] == 0 and r["verdict"] == "pass" for r in by_rewrite[rewrite]), rewrite


def test_the_first_notes_only_when_the_run_is_limited(tmp_path):
    run = run_on_notes(tmp_path, "follows_severity", "-p", "no:xdist", "--max-items", "3")
    facts = run["facts"]["user_notes"]
    assert (facts["n_notes"], facts["n_in_file"]) == (3, len(NOTES))
    assert [n["id"] for n in facts["notes"]] == [n["id"] for n in NOTES[:3]]
    assert f"the first 3 of {len(NOTES)} notes (the profile's limit" in run["stdout"]


def test_accuracy_and_macro_f1_are_table_3s_on_the_files_labels(follow_run):
    for task, truth_of in (("mortality", lambda n: str(n["mortality"])),
                           ("los", lambda n: None if "los_hours" not in n and "los_days" not in n else
                            _bucket(n.get("los_hours", n.get("los_days", 0) * 24)))):
        labelled = [n for n in NOTES if truth_of(n) is not None]
        truth = [truth_of(n) for n in labelled]
        labels = ("0", "1") if task == "mortality" else ("1", "2", "3", "4")
        predicted = []
        for n in labelled:
            risk = 0.05 + 0.6 * note_severity(n["text"]) / sm.MAX_SEVERITY
            predicted.append(labels[int(np.argmax(sm.label_distribution(task, risk)))])
        accuracy = records(follow_run, "vital_sign_direction", "outcome_accuracy")[f"user/{task}"]
        macro_f1 = records(follow_run, "vital_sign_direction", "outcome_macro_f1")[f"user/{task}"]
        assert accuracy["value"] == pytest.approx(accuracy_score(truth, predicted)) and accuracy["n"] == len(truth)
        assert macro_f1["value"] == pytest.approx(f1_score(truth, predicted, average="macro"))


def _bucket(hours: float) -> str:
    return "1" if hours < 39 else "2" if hours < 60 else "3" if hours < 113 else "4"


def test_length_of_stay_bucket_means_come_from_the_labelled_stays(follow_run):
    stays: dict[str, list[float]] = {}
    for note in NOTES:  # the file's labelled stays, bucketed independently of the project's code
        hours = note.get("los_hours", note.get("los_days", 0) * 24) or None
        if hours is not None and hours >= 24:
            stays.setdefault(_bucket(hours), []).append(hours)
    means = {bucket: float(np.mean(values)) for bucket, values in stays.items()}
    assert means == {"1": 30.0, "2": 45.0, "3": (72 + 70) / 2, "4": (130 + 200) / 2}  # the file as written above
    for condition, r in records(follow_run, "vital_sign_direction", "correct_direction").items():
        if "/los/" in condition:
            assert r["details"]["los_bucket_means"]["hours"] == pytest.approx(means)
            assert set(r["details"]["los_bucket_means"]["source"].values()) == {"data"}


def test_the_other_devise_suites_run_on_the_user_notes(follow_run):
    flips = records(follow_run, "unit_invariance", "flip_rate")
    assert {c.split("/")[2] for c in flips} == {"temperature-celsius", "temperature-fahrenheit", "spo2-fraction",
                                                "pulse-bpm"}
    assert all(r["value"] == 0 for r in flips.values())  # a rewrite keeps every severity class: risk unchanged
    assert records(follow_run, "note_perplexity", "delta_ppl_trend")["user"]["value"] > 0
    assert {c.split("/")[2] for c in records(follow_run, "demographic_invariance", "flip_rate")} == \
        {"gender", "ethnicity"}
    age = records(follow_run, "demographic_invariance", "age_direction")["user/mortality"]
    assert age["n"] > 0  # notes stating an age in DeVisE's bins have age counterfactuals


def test_no_note_text_leaves_the_prompts(follow_run):
    """Not the card, not the log, not the JSON artifact, not the per-item artifact: only offsets and values."""
    artifact = json.dumps({k: v for k, v in follow_run.items() if k not in ("stdout", "stderr", "items_text")})
    outputs = follow_run["stdout"] + follow_run["stderr"] + follow_run["items_text"] + artifact
    for note in NOTES:
        words = note["text"].split()
        for phrase in (" ".join(words[:3]), " ".join(words[3:6]), " ".join(words[-3:])):
            assert phrase not in outputs, phrase


def test_the_same_numbers_come_out_under_xdist(follow_run, tmp_path):
    parallel = run_on_notes(tmp_path, "follows_severity", "-n", "2")
    key = lambda run: sorted((r["suite"], r["name"], r["condition"] or "", r["value"]) for r in run["metrics"]
                             if r["value"] is not None)
    assert key(parallel) == key(follow_run)
    assert parallel["facts"]["user_notes"] == follow_run["facts"]["user_notes"]


# -- a malformed notes file ----------------------------------------------------------------------------------------

FAKE_SUITE = '''
from pytest_medllm.methods import stats
from pytest_medllm.verdict.declarations import Suite

SUITE = Suite("suite", "a suite of the plugin's own tests")
OK = SUITE.metric("ok_rate", "always 1", better="higher", expect=">= 0.5 @point", because="plumbing")


def test_ok(expect):
    expect(OK, stats.proportion([True] * 4))
'''


@pytest.mark.parametrize("content, message", [
    ('{"id": "a", "text": "HR 80"}\n{"id": "b", "text": "HR 90", "age": "old"}\n',
     "notes.jsonl: line 2 (id b): field 'age' must be a number, got text"),
    ('{"id": "a", "text": "HR 80", "mortality": 2}\n', "notes.jsonl: line 1 (id a): field 'mortality' must be 0 or 1"),
    ("id,text,los_hours\na,HR 80,-3\n", "notes.csv: line 2 (id a): field 'los_hours' must be >= 0"),
])
@pytest.mark.parametrize("mode", [["-p", "no:xdist"], ["-n", "2"]], ids=["no-xdist", "n2"])
def test_a_malformed_notes_file_is_one_located_usage_error(pytester, monkeypatch, mode, content, message):
    fake_backend = (PROJECT_DIR / "tests" / "helpers" / "fake_backend.py").read_text()
    pytester.makepyfile(fake_backend=fake_backend, test_suite=FAKE_SUITE)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    name = "notes.csv" if content.startswith("id,") else "notes.jsonl"
    (pytester.path / name).write_text(content)
    result = pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                           str(pytester.path / "cache"), "-p", "no:cacheprovider", *mode,
                                           "--notes", name)
    output = result.stdout.str() + result.stderr.str()
    assert result.ret == 4, output[-2000:]
    lines = [line for line in output.splitlines() if "pytest-medllm cannot run" in line]
    assert len(lines) == 1 and message in lines[0] and "--notes " in lines[0], output[-2000:]
    assert "HR 80" not in output  # the note's text is never quoted
    assert "Traceback" not in output and "passed" not in output


def test_a_missing_notes_file_is_a_usage_error(pytester, monkeypatch):
    fake_backend = (PROJECT_DIR / "tests" / "helpers" / "fake_backend.py").read_text()
    pytester.makepyfile(fake_backend=fake_backend, test_suite=FAKE_SUITE)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                           str(pytester.path / "cache"), "-p", "no:xdist", "--notes", "nowhere.jsonl")
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*pytest-medllm cannot run: --notes *nowhere.jsonl: no such file*"])
