"""Evidence conditioning: the eleven context conditions on constructed contexts, the evidence prompt, the yes/no/maybe
parser, and the suite run end to end on scripted models whose answers are known by construction."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.answers.parsing import parse_decision
from pytest_medllm.answers.prompts import EVIDENCE_END, EVIDENCE_START, evidence_prompt
from pytest_medllm.data.loaders import load_dataset
from pytest_medllm.data.schemas import ContextSection, EvidenceItem
from pytest_medllm.perturb import context as ctx
from tests.conftest import PROJECT_DIR
from tests.helpers import evidence_models as em


def numbered(prefix: str, n: int) -> str:
    """``n`` distinct words, ``prefix1 prefix2 …`` (so every kept word can be traced to its place), a sentence end
    after every fifth."""
    return " ".join(f"{prefix}{k}" + ("." if k % 5 == 0 or k == n else "") for k in range(1, n + 1))


def bare(words: list[str]) -> list[str]:
    return [w.rstrip(".") for w in words]


def item_with(*sections: tuple[str, str], question: str = "Does it work?") -> EvidenceItem:
    return EvidenceItem(id="t1", question=question, contexts=tuple(ContextSection(l, t) for l, t in sections),
                        decision="yes")


# -- word truncations -------------------------------------------------------------------------------------------

ITEM_40 = item_with(("BACKGROUND", numbered("B", 10)), ("METHODS", numbered("M", 10)), ("RESULTS", numbered("R", 20)))


@pytest.mark.parametrize("name, words, labels", [
    ("front_50", numbered("B", 10).split() + numbered("M", 10).split(), ("BACKGROUND", "METHODS")),
    ("front_25", numbered("B", 10).split(), ("BACKGROUND",)),
    ("back_50", numbered("R", 20).split(), ("RESULTS",)),
    # 40 words, 20 kept: (40 - 20) // 2 = 10 cut from the front, 10 from the back.
    ("middle_50", numbered("M", 10).split() + numbered("R", 10).split(), ("METHODS", "RESULTS")),
])
def test_word_truncations_keep_exactly_the_named_words_under_their_labels(name, words, labels):
    shown = ctx.condition(ITEM_40, name)
    assert bare([w for s in shown.sections for w in s.text.split()]) == bare(words)
    assert shown.labels == labels and shown.words == len(words)
    originals = {s.label: s.text for s in ITEM_40.contexts}
    assert all(s.text in originals[s.label] for s in shown.sections)


@pytest.mark.parametrize("n, front_50, front_25, back_50, middle_start", [
    (41, 20, 10, 20, 10),  # floor(20.5) = 20, floor(10.25) = 10; middle cuts (41 - 20) // 2 = 10 in front
    (7, 3, 1, 3, 2),
    (1, None, None, None, None),  # floor(0.5) = 0 words: nothing left to show, the condition does not apply
])
def test_truncation_counts_round_down_and_never_keep_nothing(n, front_50, front_25, back_50, middle_start):
    item = item_with(("RESULTS", numbered("W", n)))
    for name, expected in (("front_50", front_50), ("front_25", front_25), ("back_50", back_50)):
        shown = ctx.condition(item, name)
        assert (shown.words if shown else None) == expected, name
    middle = ctx.condition(item, "middle_50")
    if middle_start is None:
        assert middle is None
    else:
        assert bare(middle.sections[0].text.split())[0] == f"W{middle_start + 1}" and middle.words == front_50


def test_truncation_keeps_the_original_spacing_and_the_sections_untouched_elsewhere():
    item = item_with(("BACKGROUND", "One  two\tthree."), ("RESULTS", "Four five six seven eight nine ten."))
    shown = ctx.condition(item, "front_50")  # 10 words: keep 5
    assert shown.sections == (ContextSection("BACKGROUND", "One  two\tthree."), ContextSection("RESULTS", "Four five"))


def test_a_prompt_shows_each_condition_once_truncated_and_adds_no_line():
    """No double truncation (the study's code cut "50%" twice), no warning line: the context line holds exactly
    the condition's words, and every other line is the template's."""
    full = evidence_prompt(ITEM_40.question, ITEM_40.contexts)
    template_lines = [line for line in full.splitlines() if not line.startswith(("Context:", "["))]
    assert template_lines == [EVIDENCE_START, "", f"Question: {ITEM_40.question}", "", EVIDENCE_END]
    for name in ctx.CONDITIONS:
        shown = ctx.condition(ITEM_40, name)
        prompt = evidence_prompt(ITEM_40.question, shown.sections)
        other = [line for line in prompt.splitlines() if not line.startswith(("Context:", "["))]
        assert other == template_lines, name
        block = re.search(r"^Context: (.*)\nQuestion: ", prompt, re.S | re.M)
        if name == "question_only":
            assert block is None and "Context" not in prompt.replace(EVIDENCE_START, "")
            continue
        words = re.sub(r"\[[A-Z ]+\] ", "", block.group(1)).split()
        assert len(words) == shown.words, name
        assert re.findall(r"\[([A-Z ]+)\]", block.group(1)) == list(shown.labels)
    assert ctx.condition(ITEM_40, "front_50").words == 20 and ctx.condition(ITEM_40, "front_25").words == 10


# -- sentences --------------------------------------------------------------------------------------------------

def test_sentences_split_at_boundaries_not_at_decimals_or_abbreviations():
    text = ("The hazard ratio was 0.64 (95% CI 0.47 to 0.87; p=0.004). Mortality did not differ (6.2% vs. 7.5%). "
            "See Fig. 2 for details, e.g. Table 1. \"Quoted\" results followed! Was it 3.5? Yes.")
    found = [text[a:b] for a, b in ctx.sentences(text)]
    assert found == ["The hazard ratio was 0.64 (95% CI 0.47 to 0.87; p=0.004).",
                     "Mortality did not differ (6.2% vs. 7.5%).", "See Fig. 2 for details, e.g. Table 1.",
                     "\"Quoted\" results followed!", "Was it 3.5?", "Yes."]


def _sentences_of(lengths: list[int]) -> str:
    return " ".join(" ".join(f"S{k}w{j}" for j in range(n)) + "." for k, n in enumerate(lengths))


@pytest.mark.parametrize("lengths, kept", [
    ([5, 5, 10, 20], 3),   # 40 words, budget 20: the first three sentences hold exactly 20
    ([3, 12, 10, 15], 2),  # prefixes 3, 15, 25: 15 and 25 are both 5 away; the shorter one wins
    ([30, 5, 5], 1),       # at least one sentence even when it is longer than the budget
    ([1, 1, 38], 2),       # never all sentences (that would be the full context)
])
def test_sentence_boundary_cut_is_front_half_moved_to_the_nearest_boundary(lengths, kept):
    item = item_with(("RESULTS", _sentences_of(lengths[:2])), ("CONCLUSIONS", _sentences_of(lengths[2:])))
    shown = ctx.condition(item, "sentence_50")
    assert shown.words == sum(lengths[:kept])
    assert all(s.text.endswith(".") for s in shown.sections)


def test_sentence_boundary_does_not_apply_to_one_sentence():
    assert ctx.condition(item_with(("RESULTS", "Only one sentence here.")), "sentence_50") is None


def test_salient_selection_ranks_by_shared_content_words_and_keeps_order_and_labels():
    question = "Does aspirin reduce stroke risk in the elderly?"
    background = ("Aspirin is cheap. Stroke is common in the elderly. The weather was fine. "
                  "Aspirin lowers stroke risk in trials.")  # overlaps 1, 2 (stroke, elderly), 0, 3
    results = "Nothing happened. The elderly aspirin group had fewer strokes. It was sunny."  # 0, 2, 0
    item = item_with(("BACKGROUND", background), ("RESULTS", results), question=question)
    top3 = ctx.condition(item, "salient_top3")
    assert top3.sections == (
        ContextSection("BACKGROUND", "Stroke is common in the elderly. Aspirin lowers stroke risk in trials."),
        ContextSection("RESULTS", "The elderly aspirin group had fewer strokes."))
    top5 = ctx.condition(item, "salient_top5")  # ties at 0 go to the earlier sentence ("The weather was fine.")
    assert [s.label for s in top5.sections] == ["BACKGROUND", "RESULTS"]
    assert top5.sections[0].text == background
    assert top5.sections[1].text == "The elderly aspirin group had fewer strokes."
    assert ctx.content_words(question) == {"aspirin", "reduce", "stroke", "risk", "elderly"}


def test_salient_selection_does_not_apply_when_it_would_keep_everything():
    item = item_with(("RESULTS", "One. Two. Three. Four. Five."))
    assert ctx.condition(item, "salient_top5") is None and ctx.condition(item, "salient_top3") is not None


# -- sections ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("label, kinds", [
    ("BACKGROUND", {"background"}), ("OBJECTIVE", {"background"}), ("OBJECTIVES", {"background"}),
    ("PURPOSE", {"background"}), ("AIMS", {"background"}), ("INTRODUCTION", {"background"}),
    ("BACKGROUND AND STUDY AIMS", {"background"}), ("CONTEXT", {"background"}),
    ("RESULTS", {"results"}), ("MAIN RESULTS", {"results"}), ("FINDINGS", {"results"}),
    ("CONCLUSIONS", {"results"}), ("METHODS AND RESULTS", {"results"}), ("MEASUREMENTS AND MAIN RESULTS", {"results"}),
    ("METHODS", set()), ("METHOD", set()), ("PATIENTS AND METHODS", set()), ("DESIGN", set()), ("SETTING", set()),
    ("PARTICIPANTS", set()), ("INTERVENTIONS", set()), ("MAIN OUTCOME MEASURES", set()), ("CASE REPORTS", set()),
    ("UNLABELLED", set()),
])
def test_pubmedqa_labels_map_to_background_or_results(label, kinds):
    assert ctx.section_kinds(label) == kinds


def test_section_conditions_keep_every_section_of_their_kind_unchanged_or_do_not_apply():
    item = item_with(("OBJECTIVE", "Aim."), ("METHODS", "How."), ("RESULTS", "Found x."), ("FINDINGS", "Found y."))
    assert ctx.condition(item, "results_only").sections == (ContextSection("RESULTS", "Found x."),
                                                             ContextSection("FINDINGS", "Found y."))
    assert ctx.condition(item, "background_only").sections == (ContextSection("OBJECTIVE", "Aim."),)
    without = item_with(("METHODS", "How."), ("RESULTS", "Found x."))
    assert ctx.condition(without, "background_only") is None  # not silently the full context
    assert ctx.condition(item_with(("BACKGROUND", "Why."), ("METHODS", "How.")), "results_only") is None


def test_question_only_and_full_context():
    assert ctx.condition(ITEM_40, "question_only").sections == ()
    assert ctx.condition(ITEM_40, "full_context").sections == ITEM_40.contexts
    with pytest.raises(ValueError, match="unknown evidence condition"):
        ctx.condition(ITEM_40, "front_60")


def test_every_condition_applies_to_every_demo_item():
    items = load_dataset("demo-evidence", PROJECT_DIR).items
    for item in items:
        for name in ctx.CONDITIONS:
            shown = ctx.condition(item, name)
            assert shown is not None, (item.id, name)
            assert all(s.label in {c.label for c in item.contexts} for s in shown.sections)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["BACKGROUND", "OBJECTIVE", "METHODS", "RESULTS", "DESIGN", "FINDINGS"]),
                          st.lists(st.text(alphabet="abcXYZ09.,;!?()%", min_size=1, max_size=8), min_size=1,
                                   max_size=25).map(" ".join).filter(str.strip)),
                min_size=1, max_size=5),
       st.text(alphabet="abc xyz?", min_size=1, max_size=30).filter(str.strip))
def test_every_condition_shows_a_subsequence_of_the_original_words_under_original_labels(sections, question):
    """On any sections: a condition applies or returns None; what it shows is the original words, in order, under
    the labels they had; word windows keep exactly floor(n * share) words."""
    item = EvidenceItem(id="h", question=question, contexts=tuple(ContextSection(l, t) for l, t in sections),
                        decision="maybe")
    original = [(s.label, w) for s in item.contexts for w in s.text.split()]
    n = len(original)
    for name in ctx.CONDITIONS:
        shown = ctx.condition(item, name)
        if shown is None:
            continue
        kept = [(s.label, w) for s in shown.sections for w in s.text.split()]
        position = 0
        for pair in kept:  # a subsequence: each kept (label, word) found after the previous one
            while position < n and original[position] != pair:
                position += 1
            assert position < n, (name, pair)
            position += 1
        share = {"front_50": 0.5, "front_25": 0.25, "back_50": 0.5, "middle_50": 0.5}.get(name)
        if share is not None:
            assert shown.words == int(n * share) > 0
        if name == "full_context":
            assert shown.sections == item.contexts


# -- the parser -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply, label", [
    ("yes, no, or maybe", "MULTIPLE"), ("Yes, no, or maybe.", "MULTIPLE"), ("yes, no", "MULTIPLE"),
    ("Yes/No/Maybe", "MULTIPLE"), ("Yes, no adverse events occurred.", "yes"),
    ("Yes, no, or maybe? The answer is no.", "no"), ("Yes, the smartphone-based tool helps.", "yes"),
    ("Maybe.", "maybe"), ("I cannot tell from this.", "NONE"), ("Yes or no, it depends.", "MULTIPLE"),
])
def test_decisions_small_models_write(reply, label):
    parsed = parse_decision(reply)
    assert parsed.label == label, parsed
    if label == "MULTIPLE":
        assert parsed.reason


# -- the suite on scripted models ----------------------------------------------------------------------------

SUITE_FILE = "suites/test_context_conditioning.py"


def run_suite(tmp_path, backend: str, dataset: str, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    report = tmp_path / "reports"
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", SUITE_FILE, "--backend", backend, "--dataset", dataset, "--report-dir",
         str(report), "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider", "-q", "--profile", "quick",
         *args], cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    return result, json.loads((report / "medllm-results.json").read_text())


def by_condition(results: dict, name: str) -> dict[str, dict]:
    return {r["condition"]: r for r in results["metrics"] if r["suite"] == "context_conditioning" and r["name"] == name}


def expected_replies(variant: str) -> dict[str, dict[int, str]]:
    """Per condition, item index → label the scripted model's reply must parse to (computed from construction)."""
    labels = {"Yes or no, it depends.": "MULTIPLE", "I cannot tell from this.": "NONE"}
    return {c: {i: labels.get(em.reply(variant, i, c), em.reply(variant, i, c).rstrip(".").lower())
                for i in range(em.N_ITEMS) if em.applicable(i, c)} for c in ctx.CONDITIONS}


def wilson(k: int, n: int) -> tuple[float, float]:
    return tuple(float(x) for x in proportion_confint(k, n, alpha=0.05, method="wilson"))


@pytest.fixture(scope="module")
def scripted_runs(tmp_path_factory):
    """The suite run once per scripted model on the constructed items (all 24: --max-items above their number)."""
    folder = tmp_path_factory.mktemp("evidence")
    dataset = em.write_dataset(folder / "ori_pqal.json")
    runs = {}
    for variant in ("results_reader", "misled", "needs_background"):
        extra = ["--html", str(folder / f"{variant}.html"), "--self-contained-html"] \
            if variant == "results_reader" else []
        spec = f"{dataset}:pubmedqa" if variant == "misled" else str(dataset)  # both spellings of --dataset
        runs[variant] = run_suite(folder / variant, f"tests.helpers.evidence_models:{variant}", spec, "--max-items", "100",
                                  *extra)
    return folder, runs


@pytest.mark.parametrize("variant", ["results_reader", "misled", "needs_background"])
def test_suite_reports_what_the_scripted_model_did(variant, scripted_runs):
    """Every per-condition number equals the one computed here from the construction of items and model."""
    _, runs = scripted_runs
    _, results = runs[variant]
    expected = expected_replies(variant)
    truth = {i: em.decision(i) for i in range(em.N_ITEMS)}
    records = {name: by_condition(results, name) for name in (
        "accuracy", "usable_rate", "parse_failure_rate", "maybe_share", "applicable_share",
        "accuracy_change_vs_full_context", "accuracy_retained", "flip_rate_vs_full_context",
        "maybe_share_change_vs_full_context", "accuracy_over_question_only")}
    full, alone = expected["full_context"], expected["question_only"]
    for name in ctx.CONDITIONS:
        labels = expected[name]
        n = len(labels)
        correct = {i: labels[i] == truth[i] for i in labels}
        assert records["applicable_share"][name]["value"] == pytest.approx(n / em.N_ITEMS)
        accuracy = records["accuracy"][name]
        k = sum(correct.values())
        assert (accuracy["n"], accuracy["value"]) == (n, pytest.approx(k / n)), name
        assert (accuracy["ci_low"], accuracy["ci_high"]) == pytest.approx(wilson(k, n)), name
        assert accuracy["details"]["answers"] == {lab: sum(v == lab for v in labels.values())
                                                  for lab in ("yes", "no", "maybe", "MULTIPLE", "NONE")}
        usable = sum(v in ("yes", "no", "maybe") for v in labels.values())
        assert records["usable_rate"][name]["value"] == pytest.approx(usable / n)
        assert records["parse_failure_rate"][name]["value"] == pytest.approx(
            sum(v == "NONE" for v in labels.values()) / n)
        assert records["maybe_share"][name]["value"] == pytest.approx(sum(v == "maybe" for v in labels.values()) / n)
        if name != "full_context":
            first = [full[i] == truth[i] for i in labels]
            second = [correct[i] for i in labels]
            b = sum(f and not s for f, s in zip(first, second))
            c = sum(s and not f for f, s in zip(first, second))
            change = records["accuracy_change_vs_full_context"][name]
            assert change["value"] == pytest.approx((sum(second) - sum(first)) / n), name
            p = binomtest(min(b, c), b + c, 0.5).pvalue if b + c else 1.0
            assert change["details"]["mcnemar_p"] == pytest.approx(p), name
            assert change["details"]["mcnemar_p_bonferroni"] == pytest.approx(min(1.0, 10 * p)), name
            retained = records["accuracy_retained"][name]
            assert retained["value"] == pytest.approx(sum(second) / sum(first)), name
            assert records["flip_rate_vs_full_context"][name]["value"] == pytest.approx(
                sum(labels[i] != full[i] for i in labels) / n), name
            assert records["maybe_share_change_vs_full_context"][name]["value"] == pytest.approx(
                (sum(labels[i] == "maybe" for i in labels) - sum(full[i] == "maybe" for i in labels)) / n), name
        if name != "question_only":
            over = records["accuracy_over_question_only"][name]
            differences = [(labels[i] == truth[i]) - (alone[i] == truth[i]) for i in labels]
            assert over["value"] == pytest.approx(sum(differences) / n), name
            assert over["ci_low"] <= over["value"] <= over["ci_high"]
            # The lenient gate ">= 0": fails only when the whole interval lies below 0.
            assert over["verdict"] == ("pass" if over["ci_high"] >= 0 else "fail"), name
            if min(differences) >= 0:
                assert over["verdict"] == "pass", name
            if max(differences) <= 0 and sum(differences) <= -5:
                assert over["verdict"] == "fail", name


def test_gates_fail_exactly_where_the_scripted_model_breaks(scripted_runs):
    _, runs = scripted_runs
    reader_result, reader = runs["results_reader"]
    assert reader_result.returncode == 0, reader_result.stdout[-3000:]
    assert all(r["verdict"] in (None, "pass") for r in reader["metrics"])

    misled_result, misled = runs["misled"]
    assert misled_result.returncode == 1
    over = by_condition(misled, "accuracy_over_question_only")
    failing = {name for name, r in over.items() if r["verdict"] == "fail"}
    # Context without the finding makes it answer wrongly, below the "maybe" it says with no context at all.
    assert {"front_50", "front_25", "middle_50", "sentence_50", "background_only"} <= failing
    assert not failing & {"full_context", "back_50", "results_only"}
    assert by_condition(misled, "results_only_retention")["results_only"]["verdict"] == "pass"

    background_result, background = runs["needs_background"]
    assert background_result.returncode == 1
    retention = by_condition(background, "results_only_retention")["results_only"]
    # Items with a results section (21): full context right on 19 (items 0 and 1 have no opening and are not
    # "maybe" items), results alone right only on the 7 "maybe" items.
    with_results = [i for i in range(em.N_ITEMS) if em.applicable(i, "results_only")]
    full_right = sum(em.reply("needs_background", i, "full_context").rstrip(".").lower() == em.decision(i)
                     for i in with_results)
    results_right = sum(em.decision(i) == "maybe" for i in with_results)
    assert (full_right, results_right) == (19, 7)
    assert retention["value"] == pytest.approx(results_right / full_right)
    assert retention["verdict"] == "fail" and retention["ci_high"] < 0.8
    failed = {r["name"] for r in background["metrics"] if r["verdict"] == "fail"}
    assert failed == {"results_only_retention"}


def test_the_html_report_shows_accuracy_per_condition(scripted_runs):
    folder, _ = scripted_runs
    html = (folder / "results_reader.html").read_text(encoding="utf-8")
    assert 'alt="context_conditioning.accuracy: share of items answered with the keyed decision' in html
    assert 'alt="context_conditioning.accuracy_over_question_only:' in html


def test_demo_dataset_gives_the_demo_evidence_items_and_mcq_files_skip(tmp_path):
    """--dataset demo: the suite asks the bundled evidence items (the quick profile's stratified subset, the same
    number per decision); a multiple-choice file: the suite skips."""
    result, results = run_suite(tmp_path / "demo", "tests.helpers.fake_backend:factory", "demo")
    accuracy = by_condition(results, "accuracy")["full_context"]
    from pytest_medllm.runner.profiles import PROFILES

    per_decision = PROFILES["quick"].evidence_items // 3
    assert accuracy["n"] == 3 * per_decision
    assert accuracy["details"]["keyed"] == {"yes": per_decision, "no": per_decision, "maybe": per_decision}
    skipped = subprocess.run(
        [sys.executable, "-m", "pytest", SUITE_FILE, "--backend", "tests.helpers.fake_backend:factory", "--dataset",
         "fixtures/demo_mcq.jsonl", "--report-dir", str(tmp_path / "mcq"), "--cache-dir", str(tmp_path / "cache"),
         "-p", "no:cacheprovider", "-q", "-rs"], cwd=PROJECT_DIR, env={**os.environ, "PYTHONPATH": str(PROJECT_DIR)},
        capture_output=True, text=True, timeout=600)
    # Every test skipped: no gate judged, which the plugin reports as an incomplete run (exit status 5), not a failure.
    assert skipped.returncode in (0, 5) and "PubMedQA-shaped items" in skipped.stdout, skipped.stdout[-2000:]
    assert "22 skipped" in skipped.stdout
