"""Repeatability and reproducibility of diagnostic reasoning (the framework study, ``001``): five reasoning
prompts, N sampled runs each (T = 0.5, top-k 30). Semantic metrics compare what the runs mean (sentence
embeddings, stopwords removed as whole words); internal metrics compare how certain the model was while writing
them (top-k entropy over content tokens).

``--profile paper`` follows the study: the free-response form (the case and its question, no options), 100 runs
per prompt and case, 256 new tokens (the study's code; its text gives no budget), and a two-sided multivariate
Kruskal-Wallis test of the case-level (semantic, internal) repeatability pairs across the five prompts. ``quick``
lists the options and makes 3 runs of 64 tokens. The embedding model is the packaged MiniLM unless
``--embedding-model`` names a folder (the study used MedEmbed-Large-v1); the records name the one used.

The study reports repeatability without a pass mark. The gates here are relative, so that they hold for any
embedding model: runs of one case must mean more alike than the model's answers to *different* cases (the gain
over this cross-item level must be shown, strict mode), and the sampling must not be near uniform over the top-k.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm import (
    Decoding,
    GenerationRequest,
    Suite,
    free_response,
    multivariate_ranks,
    parse_answer,
    prompts,
    reasoning_format,
    repeatability,
    selected_values,
    stats,
    suite_subset,
)

SUITE = Suite("repeatability", "repeatability/reproducibility framework study (001), Table 1 prompts")
CROSS_ITEM = ("a model whose repeated runs on one case are no closer in meaning than its answers to different "
              "cases is not repeatable at all; the gain must be shown (lower bound above 0)")
NO_GAIN = ("no gain: runs as close in meaning to each other as to the answers to different cases, the level at "
           "which repeatability means nothing (the framework study sets no pass mark)")
SEMANTIC_REPEATABILITY = SUITE.metric("semantic_repeatability", "mean pairwise cosine of runs of one case, [0, 1]",
                                      better="higher", test_type="INV", chart="intervals")
REPEATABILITY_GAIN = SUITE.metric(
    "semantic_repeatability_gain", "semantic repeatability minus the similarity of runs of different cases",
    better="higher", test_type="INV", expect="> 0 @strict", because=CROSS_ITEM, unacceptable=0.0,
    unacceptable_because=NO_GAIN)
INTERNAL_REPEATABILITY = SUITE.metric(
    "internal_repeatability", "1 - mean top-k entropy of content tokens / log k, [0, 1]", better="higher",
    test_type="INV", expect=">= 0.5 @lenient",
    because="below 0.5 the model writes with more than half the entropy of a uniform choice among its top 30 "
            "tokens at T = 0.5: it does not know what to write",
    unacceptable=0.0,
    unacceptable_because="sampling uniform over the top 30 tokens (entropy log k): the model prefers none of its "
                         "candidates; the framework study sets no pass mark, so the level where the metric means "
                         "nothing")
SEMANTIC_REPRODUCIBILITY = SUITE.metric("semantic_reproducibility",
                                        "mean cosine between the five prompts' mean embeddings, [0, 1]",
                                        better="higher", test_type="INV")
REPRODUCIBILITY_GAIN = SUITE.metric(
    "semantic_reproducibility_gain", "semantic reproducibility minus the similarity across different cases",
    better="higher", test_type="INV", expect="> 0 @strict", because=CROSS_ITEM.replace("repeated runs",
                                                                                     "reasoning prompts"),
    unacceptable=0.0, unacceptable_because=NO_GAIN.replace("runs as close", "reasoning prompts as close"))
INTERNAL_REPRODUCIBILITY = SUITE.metric("internal_reproducibility",
                                        "1 - mean entropy difference between prompts / log k, [0, 1]",
                                        better="higher", test_type="INV")
KRUSKAL_P = SUITE.metric("kruskal_wallis_p",
                         "two-sided multivariate Kruskal-Wallis test of (semantic, internal) repeatability across "
                         "the prompts (permutation p-value)", test_type="INV")
CORRECTNESS_SPEARMAN = SUITE.metric("repeatability_correctness_spearman",
                                    "Spearman correlation of repeatability with the share of correct runs",
                                    test_type="INV")

TEMPERATURE, TOP_K = 0.5, 30  # the study's sampling settings


@pytest.fixture(scope="module")
def embedder(medllm_config, run_facts):
    """The sentence-embedding model of the semantic scores; the card and the HTML report name it (JSON
    ``facts.embedding_model``), because a semantic repeatability is only comparable within one embedding space."""
    try:
        model = repeatability.Embedder(medllm_config.embedding_model)
    except RuntimeError as exc:
        pytest.skip(str(exc))
    run_facts["embedding_model"] = model.describe()
    return model


@pytest.fixture(scope="module")
def reasoning_items(sampling_items, medllm_profile, medllm_config):
    """A stratified subset of the sampling items (five prompts × N runs each is the costliest suite)."""
    return suite_subset(sampling_items, medllm_profile.repeatability_items, medllm_config.max_items,
                        medllm_config.seed)


@pytest.fixture(scope="module")
def free_form(medllm_profile) -> bool:
    """Whether the items are asked in the study's free-response form (no options shown): ``paper`` only."""
    return bool(getattr(medllm_profile, "repeatability_free_response", False))


@pytest.fixture(scope="module")
def reasoning_runs(request, model, reasoning_items, medllm_profile, medllm_config, free_form):
    """items × prompts × N runs, one batched call; the top-30 log-probabilities of every step are kept. Only the
    prompts the selected tests read (``-k traditional_cot`` asks one of five; the cross-prompt test asks all)."""
    builder = free_response.free_response_reasoning_prompt if free_form else prompts.reasoning_prompt
    decoding = Decoding(max_new_tokens=medllm_profile.repeatability_max_new_tokens, temperature=TEMPERATURE,
                        top_k=TOP_K, stop=builder.stops)
    styles = selected_values(request.session, "reasoning_runs", "style", prompts.REASONING_PROMPTS)
    keys, requests = [], []
    for item in reasoning_items:
        for style in styles:
            for run in range(medllm_profile.repeatability_runs):
                keys.append((item.id, style, run))
                requests.append(GenerationRequest(builder(item, style), decoding,
                                                  seed=medllm_config.seed * 1000 + run, top_logprobs=TOP_K))
    return dict(zip(keys, model.generate(requests)))


@pytest.fixture(scope="module")
def scores(model, reasoning_runs, reasoning_items, embedder, free_form):
    """Per item and prompt: embeddings, mean content-token entropies, correctness of each run (in free-response
    form: the reply names the keyed option's text; a letter cannot count, none was shown)."""
    items = {item.id: item for item in reasoning_items}
    keys = list(reasoning_runs)
    vectors = embedder.encode([repeatability.without_stopwords(reasoning_runs[k].text) or reasoning_runs[k].text
                               for k in keys])
    out: dict[tuple[str, str], dict] = {}
    for key, vector in zip(keys, vectors):
        item_id, style, _ = key
        generation = reasoning_runs[key]
        entry = out.setdefault((item_id, style), {"embeddings": [], "entropies": [], "correct": []})
        entry["embeddings"].append(vector)
        entry["entropies"].append(repeatability.mean_content_entropy(generation.top_logprobs, generation.tokens,
                                                                     TEMPERATURE, TOP_K))
        parsed = parse_answer(generation.text, items[item_id].option_map, letters_shown=not free_form,
                              reasoning=reasoning_format(model))
        entry["correct"].append(parsed.letter == items[item_id].answer)
    return out


def _embeddings(scores, item, style) -> np.ndarray:
    return np.stack(scores[(item.id, style)]["embeddings"])


@pytest.mark.parametrize("style", list(prompts.REASONING_PROMPTS))
def test_repeatability_per_prompt(style, scores, reasoning_items, expect, medllm_profile, medllm_config, embedder,
                                  free_form):
    """Repeatability: runs of one prompt mean the same thing, more than answers to different cases do
    (semantic), and were written with some certainty (internal)."""
    semantic = [repeatability.semantic_repeatability(_embeddings(scores, i, style)) for i in reasoning_items]
    cross = [repeatability.cross_similarity(_embeddings(scores, i, style),
                              [_embeddings(scores, j, style) for j in reasoning_items if j.id != i.id])
             for i in reasoning_items]
    internal = [repeatability.internal_repeatability(scores[(i.id, style)]["entropies"], TOP_K)
                for i in reasoning_items]
    details = {"temperature": TEMPERATURE, "top_k": TOP_K, "runs": medllm_profile.repeatability_runs,
               "max_new_tokens": medllm_profile.repeatability_max_new_tokens,
               "form": "free response" if free_form else "options listed", **embedder.describe()}
    ids = [i.id for i in reasoning_items]
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    expect.record(SEMANTIC_REPEATABILITY, _named(stats.mean_ci(dict(zip(ids, semantic)), resamples, seed), embedder),
                  condition=style, details=details)
    # At the embeddings' resolution: a model that gives every case the same reply must show a gain of exactly 0,
    # not +1e-13 from padding noise, which a strict "> 0" gate would pass.
    gains = {k: repeatability.at_resolution(s - c) for k, s, c in zip(ids, semantic, cross)}
    expect(REPEATABILITY_GAIN, _named(stats.mean_ci(gains, resamples, seed, undefined="needs at least two cases"),
                                      embedder),
           condition=style, details={"cross_item_similarity": float(np.nanmean(cross)) if cross else None,
                                     **embedder.describe()})
    expect(INTERNAL_REPEATABILITY, stats.mean_ci(dict(zip(ids, internal)), resamples, seed,
                                                 undefined="no content tokens with top-k log-probabilities"),
           condition=style, details=details)


def test_reproducibility_across_prompts(scores, reasoning_items, expect, medllm_profile, medllm_config, embedder):
    """Reproducibility: the five reasoning prompts lead to the same meaning, more than different cases do;
    a multivariate Kruskal-Wallis test asks whether (semantic, internal) repeatability differs between prompts;
    Spearman relates repeatability to correctness (the study found no relation for four of five prompts)."""
    styles = list(prompts.REASONING_PROMPTS)
    per_item = {i.id: [_embeddings(scores, i, s) for s in styles] for i in reasoning_items}
    semantic = [repeatability.semantic_reproducibility(per_item[i.id]) for i in reasoning_items]
    means = {i.id: np.stack([e.mean(axis=0) for e in per_item[i.id]]) for i in reasoning_items}
    cross = [repeatability.cross_similarity(means[i.id], [means[j.id] for j in reasoning_items if j.id != i.id])
             for i in reasoning_items]
    internal = [repeatability.internal_reproducibility([float(np.nanmean(scores[(i.id, s)]["entropies"]))
                                          if not all(math.isnan(h) for h in scores[(i.id, s)]["entropies"])
                                          else math.nan for s in styles], TOP_K) for i in reasoning_items]
    ids = [i.id for i in reasoning_items]
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    expect.record(SEMANTIC_REPRODUCIBILITY, _named(stats.mean_ci(dict(zip(ids, semantic)), resamples, seed), embedder),
                  details=embedder.describe())
    gains = {k: repeatability.at_resolution(s - c) for k, s, c in zip(ids, semantic, cross)}
    expect(REPRODUCIBILITY_GAIN, _named(stats.mean_ci(gains, resamples, seed, undefined="needs at least two cases"),
                                        embedder), details=embedder.describe())
    expect.record(INTERNAL_REPRODUCIBILITY, stats.mean_ci(dict(zip(ids, internal)), resamples, seed))
    # Per prompt, one (semantic, internal) repeatability pair per case: the points of the study's Figure 2A. Both at
    # the resolution that carries signal: ranks must not order float noise (uniform top-k entropies give internal
    # scores of 0 +- 1e-16).
    groups = [[(repeatability.at_resolution(repeatability.semantic_repeatability(_embeddings(scores, i, s))),
                repeatability.at_resolution(repeatability.internal_repeatability(scores[(i.id, s)]["entropies"],
                                                                                 TOP_K)))
               for i in reasoning_items]
              for s in styles]
    kruskal, details = _kruskal(groups, seed)
    expect.record(KRUSKAL_P, kruskal, details=details)
    expect.record(CORRECTNESS_SPEARMAN, _repeatability_correctness(scores, reasoning_items))


def _named(estimate: stats.Estimate, embedder) -> stats.Estimate:
    """The estimate with its embedding model in the method, so that every report of a semantic score says in
    which embedding space it was measured."""
    return dataclasses.replace(estimate, method=f"{estimate.method}; embeddings: {embedder.name}".lstrip("; "))


def _kruskal(groups: list[list[tuple[float, float]]], seed: int) -> tuple[stats.Estimate, dict]:
    """The study's two-sided multivariate Kruskal-Wallis test across prompts on (semantic, internal) pairs, with
    the univariate tests of each axis (scipy) beside it in the details."""
    result = multivariate_ranks.multivariate_kruskal([np.array(g, dtype=float).reshape(-1, 2) for g in groups],
                                                     seed=seed)
    details = {"compared": "(semantic, internal) repeatability by prompt", "statistic": result.statistic,
               "df": result.df, "chi_square_p": result.asymptotic_pvalue, "permutations": result.permutations,
               "cases_without_internal_score": result.dropped}
    for axis, name in enumerate(("semantic", "internal")):
        values = [[pair[axis] for pair in g if not math.isnan(pair[axis])] for g in groups]
        if len({v for g in values for v in g}) > 1 and sum(1 for g in values if g) > 1:
            details[f"{name}_only_kruskal_p"] = float(scipy_stats.kruskal(*[g for g in values if g]).pvalue)
    if result.undefined:
        why = ("every prompt gave the same repeatability (semantic and internal)"
               if result.undefined.startswith("every observation") else result.undefined)
        return stats.point(None, result.n, "multivariate Kruskal-Wallis", undefined=why), details
    return stats.point(result.pvalue, result.n, result.method), details


def _repeatability_correctness(scores, reasoning_items) -> stats.Estimate:
    rows = []
    for item in reasoning_items:
        for style in prompts.REASONING_PROMPTS:
            entry = scores[(item.id, style)]
            rows.append((repeatability.semantic_repeatability(np.stack(entry["embeddings"])),
                         float(np.mean(entry["correct"]))))
    repeatable, correctness = zip(*rows)
    if len(set(correctness)) < 2 or len(set(repeatable)) < 2:
        return stats.point(None, len(rows), "Spearman",
                           undefined="correctness or repeatability is the same for every case and prompt")
    rho = scipy_stats.spearmanr(repeatable, correctness)
    return stats.point(float(rho.statistic), len(rows), f"Spearman (p = {float(rho.pvalue):.3g})")
