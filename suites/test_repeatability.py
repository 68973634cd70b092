"""Repeatability and reproducibility of diagnostic reasoning (the framework study, ``001``): five reasoning
prompts, N sampled runs each (T = 0.5, top-k 30). Semantic metrics compare what the runs mean (sentence
embeddings, stopwords removed as whole words); internal metrics compare how certain the model was while writing
them (top-k entropy over content tokens).

The study reports repeatability without a pass mark. The gates here are relative, so that they hold for any
embedding model: runs of one case must mean more alike than the model's answers to *different* cases (the gain
over this cross-item level must be shown, strict mode), and the sampling must not be near uniform over the top-k.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm import (
    Decoding,
    GenerationRequest,
    Suite,
    parse_answer,
    prompts,
    reasoning_format,
    repeatability,
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
KRUSKAL_P = SUITE.metric("kruskal_wallis_p", "Kruskal-Wallis test of semantic repeatability across the prompts",
                         test_type="INV")
CORRECTNESS_SPEARMAN = SUITE.metric("repeatability_correctness_spearman",
                                    "Spearman correlation of repeatability with the share of correct runs",
                                    test_type="INV")

TEMPERATURE, TOP_K = 0.5, 30  # the study's sampling settings


@pytest.fixture(scope="module")
def embedder(medllm_config):
    try:
        return repeatability.Embedder(medllm_config.embedding_model)
    except RuntimeError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def reasoning_items(sampling_items, medllm_profile, medllm_config):
    """A stratified subset of the sampling items (five prompts × N runs each is the costliest suite)."""
    return suite_subset(sampling_items, medllm_profile.repeatability_items, medllm_config.max_items,
                        medllm_config.seed)


@pytest.fixture(scope="module")
def reasoning_runs(model, reasoning_items, medllm_profile, medllm_config):
    """items × prompts × N runs, one batched call; the top-30 log-probabilities of every step are kept."""
    decoding = Decoding(max_new_tokens=medllm_profile.repeatability_max_new_tokens, temperature=TEMPERATURE,
                        top_k=TOP_K, stop=prompts.reasoning_prompt.stops)
    keys, requests = [], []
    for item in reasoning_items:
        for style in prompts.REASONING_PROMPTS:
            for run in range(medllm_profile.repeatability_runs):
                keys.append((item.id, style, run))
                requests.append(GenerationRequest(prompts.reasoning_prompt(item, style), decoding,
                                                  seed=medllm_config.seed * 1000 + run, top_logprobs=TOP_K))
    return dict(zip(keys, model.generate(requests)))


@pytest.fixture(scope="module")
def scores(model, reasoning_runs, reasoning_items, embedder):
    """Per item and prompt: embeddings, mean content-token entropies, correctness of each run."""
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
        parsed = parse_answer(generation.text, items[item_id].option_map, reasoning=reasoning_format(model))
        entry["correct"].append(parsed.letter == items[item_id].answer)
    return out


def _embeddings(scores, item, style) -> np.ndarray:
    return np.stack(scores[(item.id, style)]["embeddings"])


@pytest.mark.parametrize("style", list(prompts.REASONING_PROMPTS))
def test_repeatability_per_prompt(style, scores, reasoning_items, expect, medllm_profile, medllm_config):
    """Repeatability: runs of one prompt mean the same thing, more than answers to different cases do
    (semantic), and were written with some certainty (internal)."""
    semantic = [repeatability.semantic_repeatability(_embeddings(scores, i, style)) for i in reasoning_items]
    cross = [repeatability.cross_similarity(_embeddings(scores, i, style),
                              [_embeddings(scores, j, style) for j in reasoning_items if j.id != i.id])
             for i in reasoning_items]
    internal = [repeatability.internal_repeatability(scores[(i.id, style)]["entropies"], TOP_K)
                for i in reasoning_items]
    details = {"temperature": TEMPERATURE, "top_k": TOP_K, "runs": medllm_profile.repeatability_runs}
    ids = [i.id for i in reasoning_items]
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    expect.record(SEMANTIC_REPEATABILITY, stats.mean_ci(dict(zip(ids, semantic)), resamples, seed), condition=style,
                  details=details)
    # At the embeddings' resolution: a model that gives every case the same reply must show a gain of exactly 0,
    # not +1e-13 from padding noise, which a strict "> 0" gate would pass.
    gains = {k: repeatability.at_resolution(s - c) for k, s, c in zip(ids, semantic, cross)}
    expect(REPEATABILITY_GAIN, stats.mean_ci(gains, resamples, seed, undefined="needs at least two cases"),
           condition=style, details={"cross_item_similarity": float(np.nanmean(cross)) if cross else None})
    expect(INTERNAL_REPEATABILITY, stats.mean_ci(dict(zip(ids, internal)), resamples, seed,
                                                 undefined="no content tokens with top-k log-probabilities"),
           condition=style, details=details)


def test_reproducibility_across_prompts(scores, reasoning_items, expect, medllm_profile, medllm_config):
    """Reproducibility: the five reasoning prompts lead to the same meaning, more than different cases do;
    Kruskal-Wallis tests whether repeatability differs between prompts; Spearman relates repeatability to
    correctness (the study found no relation for four of five prompts)."""
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
    expect.record(SEMANTIC_REPRODUCIBILITY, stats.mean_ci(dict(zip(ids, semantic)), resamples, seed))
    gains = {k: repeatability.at_resolution(s - c) for k, s, c in zip(ids, semantic, cross)}
    expect(REPRODUCIBILITY_GAIN, stats.mean_ci(gains,
                                               resamples, seed, undefined="needs at least two cases"))
    expect.record(INTERNAL_REPRODUCIBILITY, stats.mean_ci(dict(zip(ids, internal)), resamples, seed))
    groups = [[repeatability.at_resolution(repeatability.semantic_repeatability(_embeddings(scores, i, s)))
               for i in reasoning_items]
              for s in styles]
    kruskal = _kruskal(groups)
    expect.record(KRUSKAL_P, kruskal, details={"compared": "semantic repeatability by prompt"})
    expect.record(CORRECTNESS_SPEARMAN, _repeatability_correctness(scores, reasoning_items))


def _kruskal(groups: list[list[float]]) -> stats.Estimate:
    n = sum(len(g) for g in groups)
    values = [v for g in groups for v in g]
    if len(set(values)) < 2:
        return stats.point(None, n, "Kruskal-Wallis", undefined="every prompt gave the same repeatability")
    result = scipy_stats.kruskal(*groups)
    return stats.point(float(result.pvalue), n, f"Kruskal-Wallis H = {float(result.statistic):.3g}")


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
