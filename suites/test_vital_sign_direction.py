"""Vital-sign direction and monotonicity (DeVisE, "Vital signs"): when a vital sign becomes more severe, predicted
mortality and length of stay must rise, and the mean shift m(s) must grow monotonically with the severity shift.
Template notes hold only the variables; raw notes bury them in a full admission note.
"""

from __future__ import annotations

import numpy as np
import pytest

from pytest_medllm import stats
from pytest_medllm.data.schemas import VITAL_SIGNS
from pytest_medllm.devise import TASKS, Pair, is_monotonic, mean_shift_by_severity

STYLES = ("template", "raw")


def pairs_for(style, task, variable, counterfactuals, label_distributions) -> list[Pair]:
    out = []
    for cf in counterfactuals[style]:
        if cf.variable != variable:
            continue
        original = label_distributions[(cf.original.id, task)]
        changed = label_distributions[(cf.note.id, task)]
        out.append(Pair(patient_id=cf.original.patient_id, variable=variable, value_class=cf.value_class,
                        severity_shift=cf.severity_shift, original=original, counterfactual=changed,
                        expected_original=TASKS[task].expected(original),
                        expected_counterfactual=TASKS[task].expected(changed)))
    return out


@pytest.mark.parametrize("variable", VITAL_SIGNS)
@pytest.mark.parametrize("task", list(TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_prediction_follows_severity(style, task, variable, counterfactuals, label_distributions, record_metric,
                                     record_answers, medllm_profile, medllm_config):
    """DIR: a more severe value moves the expected outcome up (correct direction, monotonic m(s)); KL and
    Jensen-Shannon divergence and label flips say how much the prediction moves at all."""
    pairs = pairs_for(style, task, variable, counterfactuals, label_distributions)
    if not pairs:
        pytest.skip(f"no {style} note mentions {variable}")
    condition = f"{style}/{task}/{variable}"
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    kl = stats.bootstrap_ci([p.kl for p in pairs], lambda s: float(np.mean(s)), resamples, seed)
    js = stats.bootstrap_ci([p.js for p in pairs], lambda s: float(np.mean(s)), resamples, seed)
    flips = stats.proportion([p.flipped for p in pairs])
    directed = [p.correct_direction for p in pairs if p.correct_direction is not None]
    direction = stats.proportion(directed)
    m = mean_shift_by_severity(pairs)
    monotonic = is_monotonic(m)
    common = {"condition": condition, "test_type": "DIR"}
    record_metric("kl_divergence", kl.value, n=kl.n, ci=kl.ci, ci_method=kl.method, **common,
                  details={"definition": "KL(f(Y|counterfactual) || f(Y|original)), nats"})
    record_metric("js_divergence", js.value, n=js.n, ci=js.ci, ci_method=js.method, **common,
                  details={"definition": "Jensen-Shannon divergence (squared JS distance), nats"})
    record_metric("label_flip_rate", flips.value, n=flips.n, ci=flips.ci, ci_method="wilson", **common)
    record_metric("correct_direction", direction.value, n=direction.n, ci=direction.ci, ci_method="wilson",
                  direction="higher", **common,
                  details={"excluded_unchanged_severity": len(pairs) - len(directed)})
    record_metric("monotonic", None if monotonic is None else float(monotonic), n=len(pairs), direction="higher",
                  **common, details={"m_of_s": {str(k): v for k, v in m.items()},
                                     "counts": {str(s): sum(p.severity_shift == s for p in pairs)
                                                for s in (-2, -1, 0, 1, 2)}})
    record_answers([{"condition": condition, "item_id": p.patient_id, "value_class": p.value_class,
                     "severity_shift": p.severity_shift, "label_probs_original": list(p.original),
                     "label_probs_counterfactual": list(p.counterfactual), "shift": p.shift,
                     "correct_direction": p.correct_direction} for p in pairs], examples=0)


@pytest.mark.parametrize("task", list(TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_share_of_monotonic_vital_signs(style, task, counterfactuals, label_distributions, record_metric):
    """%Mono: the share of vital signs whose m(s) is monotonic with the right signs."""
    verdicts = {}
    for variable in VITAL_SIGNS:
        pairs = pairs_for(style, task, variable, counterfactuals, label_distributions)
        verdict = is_monotonic(mean_shift_by_severity(pairs)) if pairs else None
        if verdict is not None:
            verdicts[variable] = verdict
    share = stats.proportion(list(verdicts.values()))
    record_metric("percent_monotonic", share.value, n=share.n, ci=share.ci, ci_method="wilson", direction="higher",
                  condition=f"{style}/{task}", test_type="DIR", details={"per_vital": verdicts})
