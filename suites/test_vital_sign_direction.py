"""Vital-sign direction and monotonicity (DeVisE, "Vital signs"): when a vital sign becomes more severe, predicted
mortality and length of stay must rise, and the mean shift m(s) must grow monotonically with the severity shift.
Template notes hold only the variables; raw notes bury them in a full admission note.
"""

from __future__ import annotations

import pytest

from pytest_medllm import VITAL_SIGNS, Suite, devise, stats

SUITE = Suite("vital_sign_direction", "DeVisE, vital-sign counterfactuals (Table 3, Figures 3-4)")
TABLE_3 = "DeVisE's eight models (Table 3)"
KL = SUITE.metric("kl_divergence", "KL(f(Y|counterfactual) || f(Y|original)) in nats", test_type="DIR")
JS = SUITE.metric("js_divergence", "Jensen-Shannon divergence of the two label distributions, nats",
                  test_type="DIR")
FLIPS = SUITE.metric("label_flip_rate", "share of counterfactuals that change the most probable label",
                     test_type="DIR")
CORRECT_DIRECTION = SUITE.metric(
    "correct_direction", "share of severity-changing counterfactuals that move the expected outcome the right way",
    better="higher", test_type="DIR", expect=">= 0.6 @lenient", chart="intervals",
    because=f"{TABLE_3} moved predictions the right way in 51-91% of counterfactuals (%CD), 65-88% on average; a "
            "model that ignores the vital moves nothing and scores 0",
    unacceptable=0.5,
    unacceptable_because="chance: a prediction that moves at random moves the right way half the time; "
                         "OpenBioLLM-70B (54.8%) and GPT-OSS-120B (51.2%) were near it (Table 3)")
MONOTONIC = SUITE.metric("monotonic", "m(s) rises with the severity shift s, negative below 0 and positive above",
                         better="higher", test_type="DIR", chart="m_of_s")
PERCENT_MONOTONIC = SUITE.metric(
    "percent_monotonic", "share of vital signs whose m(s) is monotonic with the right signs", better="higher",
    test_type="DIR", expect=">= 0.75 @lenient",
    because=f"{TABLE_3} were monotonic for 62.5-100% of vital signs (%Mono), 90-95% on average",
    unacceptable=0.625,
    unacceptable_because="the lowest %Mono in DeVisE's Table 3 (LLaMA-3.3-Instruct-70B, mortality on raw notes)")

STYLES = ("template", "raw")


def pairs_for(style, task, variable, counterfactuals, label_distributions) -> list[devise.Pair]:
    out = []
    for cf in counterfactuals[style]:
        if cf.variable != variable:
            continue
        original = label_distributions[(cf.original.id, task)]
        changed = label_distributions[(cf.note.id, task)]
        out.append(devise.Pair(patient_id=cf.original.patient_id, variable=variable, value_class=cf.value_class,
                        severity_shift=cf.severity_shift, original=original, counterfactual=changed,
                        expected_original=devise.TASKS[task].expected(original),
                        expected_counterfactual=devise.TASKS[task].expected(changed), counterfactual_id=cf.note.id))
    return out


@pytest.mark.parametrize("variable", VITAL_SIGNS)
@pytest.mark.parametrize("task", list(devise.TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_prediction_follows_severity(style, task, variable, counterfactuals, label_distributions, expect,
                                     record_answers, medllm_profile, medllm_config):
    """DIR: a more severe value moves the expected outcome up (correct direction, monotonic m(s)); KL and
    Jensen-Shannon divergence and label flips say how much the prediction moves at all."""
    pairs = pairs_for(style, task, variable, counterfactuals, label_distributions)
    if not pairs:
        pytest.skip(f"no {style} note mentions {variable}")
    condition = f"{style}/{task}/{variable}"
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    # Keyed by counterfactual note: patient and severity class are not unique once several values are drawn per
    # class (the paper profile draws 5), and a dict would silently keep one pair of each.
    directed = {p.unit: p.correct_direction for p in pairs if p.correct_direction is not None}
    m = devise.mean_shift_by_severity(pairs)
    monotonic = devise.is_monotonic(m)
    expect.record(KL, stats.bootstrap_mean_ci([p.kl for p in pairs], resamples, seed),
                  condition=condition)
    expect.record(JS, stats.bootstrap_mean_ci([p.js for p in pairs], resamples, seed),
                  condition=condition)
    expect.record(FLIPS, stats.proportion({p.unit: p.flipped for p in pairs}),
                  condition=condition)
    expect(CORRECT_DIRECTION, stats.proportion(directed).because("no counterfactual changed the severity"),
           condition=condition, details={"excluded_unchanged_severity": len(pairs) - len(directed)})
    expect.record(MONOTONIC, stats.point(None if monotonic is None else float(monotonic), len(pairs), "DeVisE Eq. 6",
                                         undefined="fewer than two severity shifts observed"),
                  condition=condition, details={"m_of_s": {str(k): v for k, v in m.items()},
                                                "counts": {str(s): sum(p.severity_shift == s for p in pairs)
                                                           for s in (-2, -1, 0, 1, 2)}})
    record_answers([{"condition": condition, "item_id": p.patient_id, "value_class": p.value_class,
                     "severity_shift": p.severity_shift, "label_probs_original": list(p.original),
                     "label_probs_counterfactual": list(p.counterfactual), "shift": p.shift,
                     "correct_direction": p.correct_direction} for p in pairs], examples=0)


@pytest.mark.parametrize("task", list(devise.TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_share_of_monotonic_vital_signs(style, task, counterfactuals, label_distributions, expect):
    """DIR (%Mono): most vital signs move the prediction monotonically with their severity."""
    verdicts = {}
    for variable in VITAL_SIGNS:
        pairs = pairs_for(style, task, variable, counterfactuals, label_distributions)
        verdict = devise.is_monotonic(devise.mean_shift_by_severity(pairs)) if pairs else None
        if verdict is not None:
            verdicts[variable] = verdict
    expect(PERCENT_MONOTONIC, stats.proportion(list(verdicts.values())), condition=f"{style}/{task}",
           details={"per_vital": verdicts})
