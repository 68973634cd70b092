"""The suites validate themselves on models whose truth is known (issue 11, point 3): the gold and the
content-consistent models, plus the regressions those runs found, checked directly.

The gold model (tests/helpers/scripted_models.py: answers a, risk e, gold judge) runs once through every suite it can
answer, the content model (c) through the option-order and permutation-voting suites. Every gate the gold model is
judged by must pass, and what the suites report must equal what its behaviour implies, computed in
tests/helpers/suite_truth.py from the items, orderings and notes — never with the suites' metric code.
"""

from __future__ import annotations

import importlib.util
import math
from types import SimpleNamespace

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm.answers.prompts import cloze_prompt, prompt_a
from pytest_medllm.data.schemas import VITAL_SIGNS
from pytest_medllm.methods.devise import LOS_DEFAULT_HOURS
from pytest_medllm.perturb import option_order as perturb
from tests.conftest import PROJECT_DIR
from tests.helpers import scripted_models as sm
from tests.helpers.suite_truth import (
    ALL_SUITES,
    CHOSEN_PROBABILITY,
    MCQ,
    PERTURBATION_ITEMS,
    PERTURBATIONS,
    SAMPLING_ITEMS,
    SEED,
    TEMPERATURES,
    VITAL_CFS,
    assert_proportion,
    check_demographics_and_units,
    check_direction,
    level_shift,
    outcomes,
    position_bias,
    record,
    records,
    run_suites,
    vital_counterfactual_notes,
)


@pytest.fixture(scope="module")
def gold_run(tmp_path_factory):
    return run_suites(tmp_path_factory.mktemp("gold"), "gold", ALL_SUITES)


@pytest.fixture(scope="module")
def content_run(tmp_path_factory):
    return run_suites(tmp_path_factory.mktemp("content"), "content", ["option_order", "cloze"])


# -- gold (a, e, gold judge): every gate it is judged by passes ------------------------------------------------------

def test_the_gold_model_passes_every_gate_it_is_judged_by(gold_run):
    gated = [r for r in gold_run["metrics"] if r["verdict"] is not None]
    assert {r["suite"] for r in gated} == set(ALL_SUITES)
    assert [r for r in gated if r["verdict"] != "pass"] == []
    # The tests with nothing to judge: the gold model answers every item right, and self-assessment studies the items
    # answered wrongly; the synthetic cohort has no real outcome labels to score accuracy and macro-F1 on.
    not_passed = {k: v for k, v in outcomes(gold_run).items() if v != "passed"}
    assert not_passed == {**{"suites/test_self_assessment.py::"
                             f"test_prefers_gold_explanation_regardless_of_order[answered_wrongly-{prompt}]": "skipped"
                             for prompt in ("prompt_a", "prompt_b")},
                          **{f"suites/test_vital_sign_direction.py::test_outcome_predictions_against_labels[{style}-"
                             f"{task}]": "skipped" for style in ("template", "raw") for task in ("mortality", "los")}}
    assert gold_run["verdict"]["status"] == "passed"


def test_the_gold_model_is_measured_as_right_everywhere(gold_run):
    for condition in ("generation", "cloze"):
        assert_proportion(record(gold_run, "accuracy.accuracy", condition), [True] * len(MCQ))
        assert record(gold_run, "accuracy.accuracy_over_chance", condition)["value"] == pytest.approx(0.8)
    assert record(gold_run, "accuracy.mean_keyed_probability", "cloze")["value"] == pytest.approx(CHOSEN_PROBABILITY)
    for condition, rec in records(gold_run, "option_order.flip_rate").items():
        assert_proportion(rec, [False] * len(PERTURBATION_ITEMS))
    assert record(gold_run, "option_order.rstd")["value"] == 0
    for condition, rec in records(gold_run, "option_order.position_bias").items():
        assert rec["value"] == 0 and rec["ci_high"] == 0, condition
    for rec in records(gold_run, "prompt_ablation.accuracy_change_vs_zero_shot_direct").values():
        assert rec["value"] == 0 and rec["ci_low"] == rec["ci_high"] == 0
    assert record(gold_run, "cloze.agreement_rate")["value"] == 1
    assert record(gold_run, "cloze.cloze_minus_generation_accuracy")["value"] == 0
    for temperature in TEMPERATURES:
        assert_proportion(record(gold_run, "sampling_consistency.consistently_correct_share", temperature),
                          [True] * len(SAMPLING_ITEMS))
        assert record(gold_run, "sampling_consistency.consistently_wrong_share", temperature)["value"] == 0
    assert record(gold_run, "sampling_consistency.self_consistency_gain")["value"] == 0
    for prompt in ("prompt_a", "prompt_b"):  # Experiment 3 judges the explanations of both prompts
        assert_proportion(record(gold_run, "self_assessment.gold_both_orders_share", f"{prompt}_all_items"),
                          [True] * len(SAMPLING_ITEMS))
        assert record(gold_run, "self_assessment.mean_agreement_score", f"{prompt}_all_items")["value"] == 2


def test_the_gold_model_has_a_defined_kappa_because_the_keys_vary(gold_run):
    """A deterministic gold model has Cohen's kappa 1 because the keyed letters vary (the stratified subset
    balances them); were every key one letter, kappa would be undefined and its gate unmeasured."""
    from sklearn.metrics import cohen_kappa_score

    keys = [item.answer for item in MCQ]
    assert len(set(keys)) == 5
    for pair in ("prompt_a_vs_prompt_b", "prompt_a_vs_prompt_a_no_letters"):
        rec = record(gold_run, "prompt_variation.kappa", pair)
        assert rec["value"] == pytest.approx(cohen_kappa_score(keys, keys)) == pytest.approx(1.0)
        assert record(gold_run, "prompt_variation.match_rate", pair)["value"] == 1


def test_the_gold_models_reasoning_is_repeatable(gold_run):
    """Identical runs of one case mean the same (repeatability 1) and differ between cases (a gain above 0); a
    certain token at every step gives internal repeatability 1."""
    for style, rec in records(gold_run, "repeatability.semantic_repeatability").items():
        assert rec["value"] == pytest.approx(1, abs=1e-6), style
    for style, rec in records(gold_run, "repeatability.semantic_repeatability_gain").items():
        assert rec["ci_low"] > 0 and rec["verdict"] == "pass", style
    for style, rec in records(gold_run, "repeatability.internal_repeatability").items():
        assert rec["value"] == pytest.approx(1, abs=1e-9), style
    # Every prompt's runs are identical, so repeatability does not differ between prompts and there is nothing to
    # test (embedding noise of 1e-14 used to give Kruskal-Wallis a p-value).
    assert record(gold_run, "repeatability.kruskal_wallis_p")["undefined"].startswith("undefined: every prompt")


# -- content (c): the same content under every ordering ------------------------------------------------------------

def test_the_content_model_never_flips(content_run):
    for name in PERTURBATIONS:
        rec = record(content_run, "option_order.flip_rate", name)
        assert_proportion(rec, [False] * len(PERTURBATION_ITEMS))
        assert rec["verdict"] == "pass"
    assert record(content_run, "option_order.consistent_under_every_ordering")["value"] == 1
    for seed in perturb.STUDY_SHUFFLE_SEEDS:
        rec = record(content_run, "option_order.consistent_across_five_conditions", f"seed-{seed}")
        assert rec["value"] == 1 and rec["verdict"] == "pass"
    assert record(content_run, "option_order.consistent_across_five_conditions_seed_mean")["value"] == 1
    right = [sm.content_pick(item.option_texts) == item.answer_text for item in PERTURBATION_ITEMS]
    for name in ["original", *PERTURBATIONS]:
        assert_proportion(record(content_run, "option_order.accuracy", name), right)
    assert record(content_run, "cloze.agreement_rate")["value"] == 1
    assert_proportion(record(content_run, "cloze.voting_accuracy"), right)
    assert record(content_run, "cloze.cloze_minus_generation_accuracy")["value"] == 0
    predicted = [item.option_texts.index(sm.content_pick(item.option_texts)) for item in PERTURBATION_ITEMS]
    truth = [item.answer_index for item in PERTURBATION_ITEMS]
    assert record(content_run, "option_order.position_bias", "original")["value"] == \
        pytest.approx(position_bias(predicted, truth))


# -- ICU notes (e): a risk that rises with severity and age ----------------------------------------------------------

def test_the_library_severity_shift_matches_devise_table_2():
    shifts = [(cf.severity_shift, level_shift(cf)) for cfs in VITAL_CFS.values() for cf in cfs]
    assert shifts and all(library == ours for library, ours in shifts)


def test_the_severity_model_moves_every_prediction_the_right_way(gold_run):
    check_direction(gold_run, right=True)


def test_the_severity_models_mean_shift_is_linear_in_the_severity_shift(gold_run):
    """m(s) = slope * s: risk rises by 0.6/12 per severity level; expected stay by that times the stay gap between
    the least and the most severe bucket mixes."""
    means = [LOS_DEFAULT_HOURS[label] for label in ("1", "2", "3", "4")]
    stay_gap = np.dot(sm.LOS_HIGH, means) - np.dot(sm.LOS_LOW, means)
    slopes = {"mortality": 0.6 / sm.MAX_SEVERITY, "los": stay_gap * 0.6 / sm.MAX_SEVERITY}
    for condition, rec in records(gold_run, "vital_sign_direction.monotonic").items():
        slope = slopes[condition.split("/")[1]]
        for shift, value in rec["details"]["m_of_s"].items():
            if value is not None:
                assert value == pytest.approx(slope * int(shift), abs=1e-9), (condition, shift)


def test_kl_divergence_is_that_of_the_scripted_distributions(gold_run):
    """Mean KL(counterfactual || original), from scipy on the scripted label distributions."""
    for style, cfs in VITAL_CFS.items():
        for task in ("mortality", "los"):
            for variable in VITAL_SIGNS:
                kl = [scipy_stats.entropy(sm.label_distribution(task, sm.severity_risk(cf.note.vital_map, cf.note.age)),
                                          sm.label_distribution(task, sm.severity_risk(cf.original.vital_map,
                                                                                       cf.original.age)))
                      for cf in cfs if cf.variable == variable]
                assert record(gold_run, "vital_sign_direction.kl_divergence", f"{style}/{task}/{variable}")["value"] \
                    == pytest.approx(np.mean(kl))


def test_the_severity_model_reads_age_but_not_gender_ethnicity_or_units(gold_run):
    check_demographics_and_units(gold_run, reads_age=True)


def test_note_perplexity_grows_with_the_severity_shift(gold_run):
    """The severity model's perplexity is 2 + total severity, so ΔPPL is the severity shift itself; the trend is
    Spearman's rho of |shift| with it (scipy)."""
    for style, cfs in VITAL_CFS.items():
        shifts = [level_shift(cf) for cf in cfs]
        trend = record(gold_run, "note_perplexity.delta_ppl_trend", style)
        rho = scipy_stats.spearmanr([abs(s) for s in shifts], shifts).statistic
        # Equal shifts are ties: the exp/log round trip of perplexity used to break them by 1e-15 and move rho.
        assert trend["value"] == pytest.approx(rho) and trend["n"] == len(shifts)
        assert record(gold_run, "note_perplexity.mean_delta_ppl", style)["value"] == pytest.approx(np.mean(shifts))


# -- regressions found by the scripted models, checked directly ------------------------------------------------------

class Captured:
    """Stands in for the ``expect`` fixture: keeps every estimate a suite hands it, by metric name."""

    def __init__(self) -> None:
        self.estimates: dict[str, list] = {}

    def __call__(self, metric, estimate, *, condition=None, details=None):
        self.estimates.setdefault(metric.name, []).append(estimate)

    record = __call__


def test_direction_counts_every_counterfactual_when_several_are_drawn_per_class():
    """With several values per severity class (the paper profile draws 5), each counterfactual is one unit of
    correct_direction and label_flip_rate; they were keyed by patient and class, so a dict kept one per class."""
    path = PROJECT_DIR / "suites" / "test_vital_sign_direction.py"
    spec = importlib.util.spec_from_file_location("_truth_vital_sign_direction", path)
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    cfs = vital_counterfactual_notes(per_class=3, styles=("template",), variables=("heart_rate",))
    notes = {n.id: n for cf in cfs["template"] for n in (cf.note, cf.original)}
    distributions = {(i, task): sm.label_distribution(task, sm.severity_risk(n.vital_map, n.age))
                     for i, n in notes.items() for task in ("mortality", "los")}
    expect = Captured()
    suite.test_prediction_follows_severity("template", "mortality", "heart_rate", cfs, distributions, None, expect,
                                           lambda *args, **kwargs: None, SimpleNamespace(bootstrap_resamples=200),
                                           SimpleNamespace(seed=SEED))
    changed = [cf for cf in cfs["template"] if level_shift(cf) != 0]
    assert len(changed) > len({(cf.original.patient_id, cf.value_class) for cf in changed})  # keys would collide
    [direction] = expect.estimates["correct_direction"]
    assert direction.n == len(changed) and direction.value == 1.0
    [flips] = expect.estimates["label_flip_rate"]
    assert flips.n == len(cfs["template"])


def test_the_perplexity_trend_gate_fails_a_model_calmed_by_severe_values():
    """The trend gate (lower bound of Spearman's rho above 0): a model whose note perplexity rises with the size of
    the severity shift passes it; one whose perplexity falls as values grow extreme fails it."""
    from pytest_medllm.verdict.records import Verdict

    path = PROJECT_DIR / "suites" / "test_note_perplexity.py"
    spec = importlib.util.spec_from_file_location("_truth_note_perplexity", path)
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    cfs = vital_counterfactual_notes(per_class=2, styles=("template",), variables=("heart_rate", "spo2"))
    gate = suite.TREND.default_gate()
    verdicts = {}
    for name, sign in (("surprised by severity", 1), ("calmed by severity", -1)):
        perplexities = {cf.original.id: 10.0 for cf in cfs["template"]}
        perplexities.update({cf.note.id: 10.0 + sign * abs(cf.severity_shift) for cf in cfs["template"]
                             if cf.severity_shift is not None})
        expect = Captured()
        suite.test_perplexity_grows_with_severity_shift("template", perplexities, cfs, expect,
                                                        SimpleNamespace(bootstrap_resamples=400),
                                                        SimpleNamespace(seed=SEED))
        [trend] = expect.estimates["delta_ppl_trend"]
        verdicts[name] = gate.judge(trend.value, (trend.low, trend.high))[0]
        assert trend.value == pytest.approx(sign * 1.0)
    assert verdicts == {"surprised by severity": Verdict.PASS, "calmed by severity": Verdict.FAIL}


def test_a_shift_that_rounds_to_zero_has_no_sign():
    from pytest_medllm.methods import stats

    chance = sum(1 / 5 for _ in range(40)) / 40  # 0.20000000000000004, not 0.2
    shifted = stats.shifted(stats.wilson(8, 40), -chance)
    assert shifted.value == 0 and math.copysign(1, shifted.value) == 1


# -- the scripted models do what they say ----------------------------------------------------------------------------

def test_the_scripted_models_read_every_prompt_as_shown(demo_items):
    """What the truths rest on: each prompt's item and option order are read back exactly, and the reply parses
    as the option meant."""
    from pytest_medllm.answers.parsing import parse_answer
    from pytest_medllm.answers.prompts import (
        few_shot,
        reasoning_prompt,
        self_assessment_prompt,
        zero_shot_direct,
    )

    for index, item in enumerate(demo_items):
        examples = [demo_items[(index + 1) % len(demo_items)], demo_items[(index + 7) % len(demo_items)]]
        builders = {"prompt_a": prompt_a, "no_letters": lambda i: prompt_a(i, letters=False), "cloze": cloze_prompt,
                    "direct": zero_shot_direct, "few_shot": lambda i: few_shot(i, examples),
                    "reasoning": lambda i: reasoning_prompt(i, "traditional_cot"),
                    "judge": lambda i: self_assessment_prompt(i, "The answer is A.", i.explanation)}
        for shown in (perturb.identity(item), perturb.rotate(item, 2), perturb.shuffle(item, 42)):
            for name, build in builders.items():
                read = sm.read_item(build(shown.item))
                assert (read.item.id, read.texts) == (item.id, shown.item.option_texts), name
                assert read.lettered == (name != "no_letters")
                if name in ("prompt_a", "no_letters", "few_shot"):
                    parsed = parse_answer(read.reply(shown.item.answer_text), shown.item.option_map,
                                          letters_shown=read.lettered)
                    assert parsed.letter == shown.item.answer, (name, item.id)
