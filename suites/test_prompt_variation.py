"""Prompt variation (pediatric endocrinology study, Experiment 1): prompt A, its paraphrase prompt B, and prompt A
without option letters, greedy, with the study's decoding. A stable model answers the same whatever the wording.
"""

from __future__ import annotations

import pytest

from pytest_medllm import stats
from pytest_medllm.metrics import categories_for, record_answer_metrics
from pytest_medllm.prompts import prompt_a, prompt_b
from pytest_medllm.runs import answer_jobs, original_jobs

CONDITIONS = {
    "prompt_a": (prompt_a, True),
    "prompt_b": (prompt_b, True),
    # Options listed without letters: the answer is recognised by option text only.
    "prompt_a_no_letters": (lambda item: prompt_a(item, letters=False), False),
}
PAIRS = [("prompt_a", "prompt_b"), ("prompt_a", "prompt_a_no_letters")]


@pytest.fixture(scope="module")
def runs(model, mcq_items, greedy_decoding, prompt_a_run):
    """Every item under every prompt, in one batched call (prompt A is shared with the accuracy suite)."""
    jobs = [job for name, (build, letters) in CONDITIONS.items() if name != "prompt_a"
            for job in original_jobs(name, mcq_items, build, letters_shown=letters)]
    return {"prompt_a": prompt_a_run, **answer_jobs(model, jobs, greedy_decoding)}


@pytest.mark.parametrize("condition", list(CONDITIONS))
def test_accuracy_and_usability_per_prompt(condition, runs, record_metric, record_answers):
    """MFT: each prompt yields usable, correct answers (accuracy with a Wilson CI and %u, as in Table 1)."""
    record_answer_metrics(record_metric, runs[condition], condition)
    if condition != "prompt_a":  # the accuracy suite keeps the prompt-A answers
        record_answers(runs[condition])


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-vs-{b}" for a, b in PAIRS])
def test_answers_do_not_depend_on_wording(pair, runs, record_metric, medllm_profile, medllm_config):
    """INV: the same answer under a paraphrase or without letters (match rate, Cohen's kappa, McNemar,
    Stuart-Maxwell, as in Table 2)."""
    first, second = (runs[name] for name in pair)
    labels_a = [a.label for a in first]
    labels_b = [b.label for b in second]
    categories = categories_for(first[0].shown.letters)
    condition = f"{pair[0]}_vs_{pair[1]}"
    match = stats.match_rate(labels_a, labels_b)
    kappa = stats.kappa_bootstrap(labels_a, labels_b, resamples=medllm_profile.bootstrap_resamples,
                                  seed=medllm_config.seed, categories=categories)
    mcnemar = stats.mcnemar_exact([a.correct for a in first], [b.correct for b in second])
    homogeneity = stats.stuart_maxwell(labels_a, labels_b, categories=categories)
    table, _ = stats.square_table(labels_a, labels_b, categories)
    record_metric("match_rate", match.value, n=match.n, ci=match.ci, ci_method="wilson", direction="higher",
                  condition=condition, test_type="INV")
    record_metric("kappa", kappa.value, n=kappa.n, ci=kappa.ci, ci_method=kappa.method, direction="higher",
                  condition=condition, test_type="INV",
                  details={"categories": categories, "table": table.tolist()})
    record_metric("mcnemar_p", mcnemar.pvalue, n=mcnemar.n, condition=condition, test_type="INV",
                  details={"test": "McNemar exact on per-item correctness", "first_only_correct": mcnemar.b,
                           "second_only_correct": mcnemar.c})
    record_metric("stuart_maxwell_p", homogeneity.pvalue, n=len(labels_a), condition=condition, test_type="INV",
                  details={"statistic": homogeneity.statistic, "df": homogeneity.df,
                           "categories_used": list(homogeneity.categories),
                           "test": "marginal homogeneity of the square table of answer categories"})
