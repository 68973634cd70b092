"""The README's tables of what the default gates can catch, by sample size (``python -m pytest_medllm power``).

A run states each judged gate's power from its own records (:mod:`pytest_medllm.verdict.power`). Before any run,
the power of a gate on a proportion with a Wilson interval depends only on the gate, the unacceptable value and
``n``, so it can be tabulated exactly for the sizes that matter: the quick profile's 20 and 24 items, an
ESAP-sized run (91 items, the pediatric endocrinology study), a MedMCQA- or PubMedQA-sized one (1,000 items; the
MedGemma study's PubMedQA set) and DeVisE's cohort of 1,001 notes (each condition of a DeVisE suite has at least one
counterfactual per note at the paper profile). Gates on means and kappa are simulated from a run's per-unit values,
and some statistics allow no sound power at all: the table says which.

:data:`RECORDED_AS` says how each gated metric is recorded; ``tests/integration/test_power_proof.py`` checks it
against the records of a run through every suite.
"""

from __future__ import annotations

from typing import Iterable

from .declarations import BASELINE_MATCH_RATE, Metric, Suite, declared_metrics
from .power import DETECTION_TARGET, exact_proportion_detectable, exact_proportion_failure

WILSON = "proportion (Wilson)"
SHIFTED = "proportion minus chance (Wilson)"
MEAN = "mean (bootstrap)"
KAPPA = "kappa (bootstrap)"
OTHER = "other"

#: How each default-gated metric (by name) is estimated, which decides how its power is computed.
RECORDED_AS: dict[str, str] = {
    **dict.fromkeys(("usable_rate", "flip_rate", "consistent_across_five_conditions", "always_wrong_share",
                     "match_rate",
                     "perturbed_match_rate", "baseline_match_rate", "consistently_wrong_share", "gold_never_share",
                     "unparseable_share", "order_dependent_share", "correct_direction",
                     "age_direction"), WILSON),
    "accuracy_over_chance": SHIFTED,
    **dict.fromkeys(("agreement_rate", "cloze_minus_generation_accuracy", "accuracy_over_question_only",
                     "accuracy_change_vs_zero_shot_direct", "internal_repeatability", "semantic_repeatability_gain",
                     "semantic_reproducibility_gain", "self_consistency_gain"), MEAN),
    "kappa": KAPPA,
    **dict.fromkeys(("position_bias", "results_only_retention", "rstd", "delta_ppl_trend", "percent_monotonic",
                     "outcome_macro_f1"),
                    OTHER),
}

#: Sample sizes of the tables: (column title, n).
SIZES = (("quick, 20 items", 20), ("quick, 24 items", 24), ("ESAP-sized, 91", 91),
         ("MedMCQA/PubMedQA-sized, 1,000", 1000), ("DeVisE cohort, 1,001 notes", 1001))
#: Chance of a five-option item: the raw accuracy of a model at accuracy-over-chance 0 on the studies' items.
FIVE_OPTION_CHANCE = 0.2


def default_gated(suites: Iterable[Suite] | None = None) -> list[Metric]:
    """The default-gated metrics of the suites, plus the plugin's own ``--baseline`` gate."""
    return sorted((m for m in declared_metrics(suites) if m.gated), key=lambda m: m.id) + [BASELINE_MATCH_RATE]


def exact_power(metric: Metric, n: int) -> tuple[float, float | None] | None:
    """``(power against the unacceptable value, smallest violation caught with 80%)`` of the metric's default
    gate on ``n`` units, exactly; None when the metric is not a Wilson proportion."""
    kind = RECORDED_AS.get(metric.name)
    gate = metric.default_gate()
    if gate is None or metric.unacceptable is None or kind not in (WILSON, SHIFTED):
        return None
    shift = -FIVE_OPTION_CHANCE if kind == SHIFTED else 0.0
    return (exact_proportion_failure(metric.unacceptable - shift, n, gate, shift),
            exact_proportion_detectable(n, gate, shift))


def _cell(metric: Metric, n: int) -> str:
    found = exact_power(metric, n)
    if found is None:
        return ""
    probability, _ = found
    return f"**{probability:.0%}**" if probability >= DETECTION_TARGET else f"{probability:.0%}"


def _catches(metric: Metric, n: int) -> str:
    found = exact_power(metric, n)
    if found is None:
        return ""
    _, detectable = found
    gate = metric.default_gate()
    assert gate is not None
    if detectable is None:
        return "nothing"
    if abs(detectable - gate.threshold) < 1e-12:
        return "any violation"
    return f"{'<=' if gate.wants_high else '>='} {detectable:.3g}"


def _how(metric: Metric) -> str:
    kind = RECORDED_AS.get(metric.name, OTHER)
    if kind == MEAN:
        return "simulated per run from its per-unit values"
    if kind == KAPPA:
        return "simulated per run (answers independent)"
    if kind == OTHER:
        return "not computed (no per-unit values, no single model at that value)"
    if kind == SHIFTED:
        return "exact (five options: chance 0.2)"
    return "exact"


def power_table(suites: Iterable[Suite] | None = None) -> str:
    """Per default gate: the unacceptable value and why, how its power is computed, the power at each size and
    what it catches with 80% at the paper sizes. Bold: powered (at least 80%)."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    titles = " | ".join(f"power, {title}" for title, _ in SIZES)
    rows = [f"| metric | default gate | unacceptable | why | power computed | {titles} | catches (80%), 91 | "
            f"catches (80%), 1,000 |", "|---|---|---|---|---|" + "---|" * (len(SIZES) + 2)]
    for metric in default_gated(suites):
        sizes = [n for _, n in SIZES]
        powers = " | ".join(_cell(metric, n) for n in sizes)
        rows.append(f"| `{metric.id}` | `{metric.expect}` | {metric.unacceptable:g} | "
                    f"{cell(metric.unacceptable_because)} | {_how(metric)} | {powers} | "
                    f"{_catches(metric, sizes[2])} | {_catches(metric, sizes[3])} |")
    return "\n".join(rows)


def sizes_table(suites: Iterable[Suite] | None = None) -> str:
    """Per size: how many default gates are powered against their unacceptable value (exact ones), and how many
    are simulated per run or not computed."""
    metrics = default_gated(suites)
    exact = [m for m in metrics if RECORDED_AS.get(m.name) in (WILSON, SHIFTED)]
    simulated = [m for m in metrics if RECORDED_AS.get(m.name) in (MEAN, KAPPA)]
    other = [m for m in metrics if RECORDED_AS.get(m.name, OTHER) == OTHER]
    rows = ["| sample size | exact gates powered (>= 80% against the unacceptable value) | which are not |",
            "|---|---|---|"]
    for title, n in SIZES:
        weak = []
        for metric in exact:
            found = exact_power(metric, n)
            assert found is not None
            if found[0] < DETECTION_TARGET:
                weak.append(f"`{metric.id}` {found[0]:.0%}")
        rows.append(f"| {title} | {len(exact) - len(weak)} of {len(exact)} | {', '.join(weak) or '—'} |")
    rows.append(f"| any | {len(simulated)} more gates are simulated per run from their per-unit values; "
                f"{len(other)} are not computed | {', '.join(f'`{m.id}`' for m in other)} |")
    return "\n".join(rows)
