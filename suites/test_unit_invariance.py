"""Unit and notation invariance (beyond DeVisE): the same vital sign written in °C instead of °F (or in °F instead of
°C for a user's notes in °C), SpO2 as a fraction, or heart rate as "pulse … bpm" must not change the prediction.
On a user's notes (``--notes``) the rewrites their notation allows
(:func:`pytest_medllm.perturb.note_rewrites.unit_rewrites`).
"""

from __future__ import annotations

import numpy as np
import pytest

from pytest_medllm import Suite, devise, stats

SUITE = Suite("unit_invariance", "beyond DeVisE: the same value in another unit or notation")
FLIP_RATE = SUITE.metric(
    "flip_rate", "share of notes whose most probable label changes when only a unit or notation changes",
    better="lower", test_type="INV", expect="<= 0.1 @lenient", chart="intervals",
    because="a rewrite keeps the value in its DeVisE severity class, so the note says the same thing; flipping "
            "more than 1 in 10 is reading notation, not the patient",
    unacceptable=0.219,
    unacceptable_because="DeVisE's models flipped 21.9% of mortality predictions (29.0% for length of stay) for a "
                         "real change of a vital sign in template notes (Table 3): a notation change that flips as "
                         "many reads the notation like the value")
MEAN_KL = SUITE.metric("mean_kl", "mean KL divergence of the label distribution after the rewrite", better="lower",
                       test_type="INV")

@pytest.mark.parametrize("task", list(devise.TASKS))
def test_prediction_ignores_units_and_notation(note_style, task, unit_rewrite, unit_rewrites, label_distributions,
                                               expect):
    """INV: the predicted label stays the same when only the unit or notation of a value changes (the rewrites the
    run's notes can take: on the cohort, °C, fraction and bpm; on a user's notes also °F for a note in °C)."""
    style, rewrite = note_style, unit_rewrite
    rewrites = [r for r in unit_rewrites[style] if r.name == rewrite]
    if not rewrites:
        pytest.skip(f"no {style} note allows {rewrite}: no note mentions its vital sign in that notation")
    flips, divergences = {}, []
    for r in rewrites:
        before = label_distributions[(r.original.id, task)]
        after = label_distributions[(r.note.id, task)]
        flips[r.note.id] = int(np.argmax(before)) != int(np.argmax(after))
        divergences.append(devise.kl_divergence(after, before))
    condition = f"{style}/{task}/{rewrite}"
    expect(FLIP_RATE, stats.proportion(flips), condition=condition)
    expect.record(MEAN_KL, stats.point(float(np.mean(divergences)), len(divergences), "mean"), condition=condition)
