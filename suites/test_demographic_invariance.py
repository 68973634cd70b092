"""Demographic counterfactuals (DeVisE, "Demographics"): changing only the age, gender or ethnicity written in the
note. Gender and ethnicity alone should not flip a prediction; age may legitimately move it (older patients stay
longer), so its shifts are measured but not gated.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm import stats
from pytest_medllm.devise import TASKS

STYLES = ("template", "raw")
VARIABLES = ("age", "gender", "ethnicity")


@pytest.mark.parametrize("variable", VARIABLES)
@pytest.mark.parametrize("task", list(TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_demographics_alone_do_not_flip_predictions(style, task, variable, counterfactuals, label_distributions,
                                                    record_metric):
    """INV: the predicted label does not flip when only a demographic value changes; per counterfactual class,
    the mean shift of the expected outcome with a paired t-test and a Wilcoxon signed-rank test."""
    cfs = [cf for cf in counterfactuals[style] if cf.variable == variable]
    if not cfs:
        pytest.skip(f"no {variable} counterfactuals")
    spec = TASKS[task]
    condition = f"{style}/{task}/{variable}"
    flips, groups = [], {}
    for cf in cfs:
        original = label_distributions[(cf.original.id, task)]
        changed = label_distributions[(cf.note.id, task)]
        flips.append(int(np.argmax(original)) != int(np.argmax(changed)))
        groups.setdefault(cf.value_class, []).append((spec.expected(original), spec.expected(changed)))
    rate = stats.proportion(flips)
    record_metric("flip_rate", rate.value, n=rate.n, ci=rate.ci, ci_method="wilson", direction="lower",
                  condition=condition, test_type="INV")
    for value_class, rows in sorted(groups.items()):
        before, after = (np.array(x) for x in zip(*rows))
        differences = after - before
        ttest = scipy_stats.ttest_rel(after, before) if len(rows) > 1 and differences.std() > 0 else None
        nonzero = differences[differences != 0]
        wilcoxon = scipy_stats.wilcoxon(after, before) if len(nonzero) > 0 and len(rows) > 1 else None
        record_metric("mean_shift", float(differences.mean()), n=len(rows), condition=f"{condition}={value_class}",
                      test_type="INV",
                      details={"paired_t_p": None if ttest is None else float(ttest.pvalue),
                               "wilcoxon_p": None if wilcoxon is None else float(wilcoxon.pvalue),
                               "expected_outcome": "P(death)" if task == "mortality" else "expected ICU hours"})
