"""Prompt variation (pediatric endocrinology study, Experiment 1): prompt A, its paraphrase prompt B, and prompt A
without option letters, greedy, with the study's decoding. A stable model answers the same whatever the wording.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    Suite,
    answer_jobs,
    answer_metrics,
    categories_for,
    expect_answer_metrics,
    original_jobs,
    prompts,
    stats,
)

SUITE = Suite("prompt_variation", "pediatric endocrinology study, Experiment 1 (Tables 1-2)")
ANSWERS = answer_metrics(SUITE, gate_accuracy=True)
TABLE_2 = "the study's Table 2: the better models matched 0.48-0.70 of answers, kappa 0.35-0.63"
MATCH_RATE = SUITE.metric("match_rate", "share of items given the same answer under both prompts", better="higher",
                          test_type="INV", expect=">= 0.6 @lenient", chart="intervals",
                          because=f"{TABLE_2}; a model matching fewer than 60% of its own answers under a "
                                  f"paraphrase answers the wording, not the case",
                          unacceptable=0.48,
                          unacceptable_because="HuatuoGPT-o1-8B and Diabetica-o1 kept only 48% of their answers "
                                               "when the option letters were removed (Table 2): they answered the "
                                               "format, not the case")
KAPPA = SUITE.metric("kappa", "Cohen's kappa between the two prompts' answers (observed marginals)",
                     better="higher", test_type="INV", expect=">= 0.4 @lenient",
                     because=f"{TABLE_2}; kappa <= 0.4 is at most fair agreement beyond chance (every model's "
                             f"kappa without option letters was <= 0.38)",
                     unacceptable=0.0,
                     unacceptable_because="no agreement beyond chance: the two prompts' answers independent given "
                                          "how often each option is chosen (MedFound-7B's kappa was -0.18, "
                                          "ClinicalGPT-base-zh's 0.15, Table 2)")
MCNEMAR_P = SUITE.metric("mcnemar_p", "McNemar exact test on per-item correctness", test_type="INV")
STUART_MAXWELL_P = SUITE.metric("stuart_maxwell_p", "Stuart-Maxwell test of marginal homogeneity of the answers",
                                test_type="INV")

CONDITIONS = {
    "prompt_a": (prompts.prompt_a, True),
    "prompt_b": (prompts.prompt_b, True),
    # Options listed without letters: the answer is recognised by option text only.
    "prompt_a_no_letters": (lambda item: prompts.prompt_a(item, letters=False), False),
}
PAIRS = [("prompt_a", "prompt_b"), ("prompt_a", "prompt_a_no_letters")]


@pytest.fixture(scope="module")
def runs(pediatric_inference, mcq_items, greedy_decoding, prompt_a_run, prompt_b_run):
    """Every item under every prompt (prompts A and B are shared with the accuracy and self-assessment suites),
    sent as the study sent them in ``paper``: each prompt alone, as plain text (``pediatric_inference``)."""
    jobs = original_jobs("prompt_a_no_letters", mcq_items, CONDITIONS["prompt_a_no_letters"][0], letters_shown=False)
    return {"prompt_a": prompt_a_run, "prompt_b": prompt_b_run,
            **answer_jobs(pediatric_inference.backend, jobs, greedy_decoding)}


@pytest.mark.parametrize("condition", list(CONDITIONS))
def test_accuracy_and_usability_per_prompt(condition, runs, expect, record_answers):
    """MFT: each prompt yields usable answers that beat chance (accuracy with a Wilson CI and %u, Table 1)."""
    expect_answer_metrics(expect, ANSWERS, runs[condition], condition)
    if condition != "prompt_a":  # the accuracy suite keeps the prompt-A answers
        record_answers(runs[condition])


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-vs-{b}" for a, b in PAIRS])
def test_answers_do_not_depend_on_wording(pair, runs, pediatric_inference, expect, medllm_profile, medllm_config):
    """INV: the same answer under a paraphrase or without letters (match rate, Cohen's kappa, McNemar,
    Stuart-Maxwell, as in Table 2)."""
    first, second = (runs[name] for name in pair)
    labels_a = [a.label for a in first]
    labels_b = [b.label for b in second]
    categories = categories_for(first[0].shown.letters)
    condition = f"{pair[0]}_vs_{pair[1]}"
    kappa = stats.kappa_bootstrap(labels_a, labels_b, resamples=medllm_profile.bootstrap_resamples,
                                  seed=medllm_config.seed, categories=categories)
    mcnemar = stats.mcnemar_exact([a.correct for a in first], [b.correct for b in second])
    homogeneity = stats.stuart_maxwell(labels_a, labels_b, categories=categories)
    table, _ = stats.square_table(labels_a, labels_b, categories)
    expect(MATCH_RATE, stats.match_rate(labels_a, labels_b, ids=[a.item_id for a in first]), condition=condition,
           details={"prompts_sent_as": pediatric_inference.description})
    expect(KAPPA, kappa, condition=condition, details={"categories": categories, "table": table.tolist()})
    expect.record(MCNEMAR_P, stats.point(mcnemar.pvalue, mcnemar.n, "McNemar exact"), condition=condition,
                  details={"first_only_correct": mcnemar.b, "second_only_correct": mcnemar.c})
    expect.record(STUART_MAXWELL_P, stats.point(homogeneity.pvalue, len(labels_a), "Stuart-Maxwell"),
                  condition=condition, details={"statistic": homogeneity.statistic, "df": homogeneity.df,
                                                "categories_used": list(homogeneity.categories)})
