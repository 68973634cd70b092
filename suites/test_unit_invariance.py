"""Unit and notation invariance (beyond DeVisE): the same vital sign written in °C instead of °F, SpO2 as a
fraction, or heart rate as "pulse … bpm" must not change the prediction.
"""

from __future__ import annotations

import numpy as np
import pytest

from pytest_medllm import stats
from pytest_medllm.devise import TASKS, kl_divergence
from pytest_medllm.perturb.units import REWRITES

STYLES = ("template", "raw")


@pytest.mark.parametrize("rewrite", list(REWRITES))
@pytest.mark.parametrize("task", list(TASKS))
@pytest.mark.parametrize("style", STYLES)
def test_prediction_ignores_units_and_notation(style, task, rewrite, unit_rewrites, label_distributions,
                                               record_metric):
    """INV: the predicted label stays the same when only the unit or notation of a value changes."""
    rewrites = [r for r in unit_rewrites[style] if r.name == rewrite]
    if not rewrites:
        pytest.skip(f"no {style} note mentions the vital sign of {rewrite}")
    flips, divergences = [], []
    for r in rewrites:
        before = label_distributions[(r.original.id, task)]
        after = label_distributions[(r.note.id, task)]
        flips.append(int(np.argmax(before)) != int(np.argmax(after)))
        divergences.append(kl_divergence(after, before))
    rate = stats.proportion(flips)
    record_metric("flip_rate", rate.value, n=rate.n, ci=rate.ci, ci_method="wilson", direction="lower",
                  condition=f"{style}/{task}/{rewrite}", test_type="INV",
                  details={"mean_kl": float(np.mean(divergences))})
