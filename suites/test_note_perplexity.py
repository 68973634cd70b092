"""Note perplexity under counterfactuals (DeVisE, task-independent evaluation): the per-token perplexity of the
note's own tokens; a clinically surprising value should surprise the model more, so ΔPPL between counterfactual
and original grows with the size of the severity shift.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm import LoglikelihoodRequest, Suite, stats

SUITE = Suite("note_perplexity", "DeVisE, task-independent evaluation (Figure 2)")
TREND = SUITE.metric(
    "delta_ppl_trend", "Spearman correlation between |severity shift| and the change of note perplexity",
    better="higher", test_type="DIR", expect="> 0 @strict", chart="delta_ppl",
    because="in DeVisE the note perplexity of most models rose with the size of the severity shift (Figure 2); a "
            "model as surprised by a normal value as by an extreme one has not learnt normal ranges, so the rise "
            "must be shown (lower bound above 0)",
    unacceptable=0.0,
    unacceptable_because="no trend (rank correlation 0): a perplexity change that does not grow with the severity "
                         "shift means the model has not learnt normal ranges; DeVisE's models rose with it (Figure 2)")
MEAN_DELTA = SUITE.metric("mean_delta_ppl", "mean PPL(counterfactual) - PPL(original)", test_type="DIR")

@pytest.fixture(scope="module")
def perplexities(model, icu_notes, counterfactuals):
    """Per-token perplexity of every original and vital-sign counterfactual note (one batched call)."""
    notes = {}
    for style in icu_notes:
        for note in icu_notes[style]:
            notes[note.id] = note.text
        for cf in counterfactuals[style]:
            if cf.severity_shift is not None:
                notes[cf.note.id] = cf.note.text
    ids = list(notes)
    scored = model.loglikelihood([LoglikelihoodRequest("", notes[i]) for i in ids])
    return {i: s.perplexity for i, s in zip(ids, scored)}


def test_perplexity_grows_with_severity_shift(note_style, perplexities, counterfactuals, expect,
                                              medllm_profile, medllm_config):
    """DIR: ΔPPL = PPL(counterfactual) - PPL(original) grows with |severity shift| (Spearman correlation)."""
    style = note_style
    # ΔPPL to 1e-9: perplexity is exp(-mean log-probability), and the round trip leaves ~1e-15 of noise that would
    # break the ties of notes the model finds equally surprising and so move the rank correlation.
    rows = [(cf.severity_shift, round(perplexities[cf.note.id] - perplexities[cf.original.id], 9) + 0.0)
            for cf in counterfactuals[style] if cf.severity_shift is not None]
    by_shift = {str(s): (float(np.mean([d for x, d in rows if x == s])) if any(x == s for x, _ in rows) else None)
                for s in (-2, -1, 0, 1, 2)}

    def rho(sample):
        sizes, deltas = [abs(s) for s, _ in sample], [d for _, d in sample]
        if len(set(sizes)) < 2 or len(set(deltas)) < 2:  # Spearman needs variation on both sides
            return float("nan")
        return float(scipy_stats.spearmanr(sizes, deltas).statistic)

    trend = stats.bootstrap_ci([(abs(s), d) for s, d in rows], rho, medllm_profile.bootstrap_resamples,
                               medllm_config.seed, undefined=_why_no_trend(rows), vectorized=stats.spearman_along)
    expect(TREND, trend, condition=style, details={"delta_ppl_by_shift": by_shift})
    expect.record(MEAN_DELTA, stats.bootstrap_mean_ci([d for _, d in rows], medllm_profile.bootstrap_resamples,
                                                      medllm_config.seed),
                  condition=style)


def _why_no_trend(rows: list[tuple[int, float]]) -> str:
    """Why the rank correlation of |severity shift| with ΔPPL has no value on these rows (said precisely: a model
    whose perplexity never moves has not "the same shift size everywhere")."""
    if rows and len({abs(s) for s, _ in rows}) < 2:
        return "every counterfactual has the same severity shift size"
    if rows and len({d for _, d in rows}) < 2:
        return (f"the note perplexity changed by the same amount ({rows[0][1]:+.4g}) under every counterfactual, "
                f"so it cannot grow with the severity shift")
    return "no severity shift and perplexity change to correlate"
