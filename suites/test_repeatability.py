"""Repeatability and reproducibility of diagnostic reasoning (the framework study, ``001``): five reasoning
prompts, N sampled runs each (T = 0.5, top-k 30). Semantic metrics compare what the runs mean (sentence
embeddings, stopwords removed as whole words); internal metrics compare how certain the model was while writing
them (top-k entropy over content tokens).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm import stats
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.data.parsing import parse_answer
from pytest_medllm.prompts import REASONING_PROMPTS, reasoning_prompt
from pytest_medllm.repeatability import (
    Embedder,
    internal_repeatability,
    internal_reproducibility,
    mean_content_entropy,
    semantic_repeatability,
    semantic_reproducibility,
    without_stopwords,
)

TEMPERATURE, TOP_K = 0.5, 30  # the study's sampling settings


@pytest.fixture(scope="module")
def embedder(medllm_config):
    try:
        return Embedder(medllm_config.embedding_model)
    except RuntimeError as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def reasoning_items(sampling_items, medllm_profile, medllm_config):
    """A stratified subset of the sampling items (five prompts × N runs each is the costliest suite)."""
    from pytest_medllm.data.select import stratified_subset

    limit = medllm_profile.repeatability_items
    if medllm_config.max_items is not None or limit is None:
        return sampling_items
    return tuple(stratified_subset(sampling_items, limit, seed=medllm_config.seed))


@pytest.fixture(scope="module")
def reasoning_runs(model, reasoning_items, medllm_profile, medllm_config):
    """items × prompts × N runs, one batched call; the top-30 log-probabilities of every step are kept."""
    decoding = Decoding(max_new_tokens=medllm_profile.repeatability_max_new_tokens, temperature=TEMPERATURE,
                        top_k=TOP_K)
    keys, requests = [], []
    for item in reasoning_items:
        for style in REASONING_PROMPTS:
            for run in range(medllm_profile.repeatability_runs):
                keys.append((item.id, style, run))
                requests.append(GenerationRequest(reasoning_prompt(item, style), decoding,
                                                  seed=medllm_config.seed * 1000 + run, top_logprobs=TOP_K))
    return dict(zip(keys, model.generate(requests)))


@pytest.fixture(scope="module")
def scores(reasoning_runs, reasoning_items, embedder, medllm_profile):
    """Per item and prompt: embeddings, mean content-token entropies, correctness of each run."""
    items = {item.id: item for item in reasoning_items}
    keys = list(reasoning_runs)
    vectors = embedder.encode([without_stopwords(reasoning_runs[k].text) or reasoning_runs[k].text for k in keys])
    out: dict[tuple[str, str], dict] = {}
    for key, vector in zip(keys, vectors):
        item_id, style, _ = key
        generation = reasoning_runs[key]
        entry = out.setdefault((item_id, style), {"embeddings": [], "entropies": [], "correct": []})
        entry["embeddings"].append(vector)
        entry["entropies"].append(mean_content_entropy(generation.top_logprobs, generation.tokens, TEMPERATURE,
                                                       TOP_K))
        parsed = parse_answer(generation.text, items[item_id].option_map)
        entry["correct"].append(parsed.letter == items[item_id].answer)
    return out


def _ci(values, profile, config):
    clean = [v for v in values if not math.isnan(v)]
    return stats.bootstrap_ci(clean, lambda s: float(np.mean(s)), profile.bootstrap_resamples, config.seed)


@pytest.mark.parametrize("style", list(REASONING_PROMPTS))
def test_repeatability_per_prompt(style, scores, reasoning_items, record_metric, medllm_profile, medllm_config):
    """Repeatability: runs of one prompt mean the same thing (semantic) and were written with similar certainty
    (internal); both on [0, 1], larger is more repeatable."""
    semantic = [semantic_repeatability(np.stack(scores[(i.id, style)]["embeddings"])) for i in reasoning_items]
    internal = [internal_repeatability(scores[(i.id, style)]["entropies"], TOP_K) for i in reasoning_items]
    for name, values in (("semantic_repeatability", semantic), ("internal_repeatability", internal)):
        estimate = _ci(values, medllm_profile, medllm_config)
        record_metric(name, estimate.value, n=estimate.n, ci=estimate.ci, ci_method=estimate.method,
                      direction="higher", condition=style, test_type="INV",
                      details={"temperature": TEMPERATURE, "top_k": TOP_K,
                               "runs": medllm_profile.repeatability_runs})


def test_reproducibility_across_prompts(scores, reasoning_items, record_metric, medllm_profile, medllm_config):
    """Reproducibility: the five reasoning prompts lead to the same meaning and similar certainty; Kruskal-Wallis
    tests whether repeatability differs between prompts."""
    styles = list(REASONING_PROMPTS)
    semantic = [semantic_reproducibility([np.stack(scores[(i.id, s)]["embeddings"]) for s in styles])
                for i in reasoning_items]
    internal = [internal_reproducibility([float(np.nanmean(scores[(i.id, s)]["entropies"]))
                                          if not all(math.isnan(h) for h in scores[(i.id, s)]["entropies"])
                                          else math.nan for s in styles], TOP_K) for i in reasoning_items]
    for name, values in (("semantic_reproducibility", semantic), ("internal_reproducibility", internal)):
        estimate = _ci(values, medllm_profile, medllm_config)
        record_metric(name, estimate.value, n=estimate.n, ci=estimate.ci, ci_method=estimate.method,
                      direction="higher", test_type="INV")
    groups = [[semantic_repeatability(np.stack(scores[(i.id, s)]["embeddings"])) for i in reasoning_items]
              for s in styles]
    kruskal = scipy_stats.kruskal(*groups)
    record_metric("kruskal_wallis_p", float(kruskal.pvalue), n=sum(len(g) for g in groups), test_type="INV",
                  details={"statistic": float(kruskal.statistic), "compared": "semantic repeatability by prompt"})


def test_repeatability_and_correctness(scores, reasoning_items, record_metric):
    """Is a repeatable answer a correct one? Spearman correlation between per-item repeatability and the share
    of correct runs (the study found none)."""
    rows = []
    for item in reasoning_items:
        for style in REASONING_PROMPTS:
            entry = scores[(item.id, style)]
            rows.append((semantic_repeatability(np.stack(entry["embeddings"])), float(np.mean(entry["correct"]))))
    repeatability, correctness = zip(*rows)
    if len(set(correctness)) < 2:
        record_metric("repeatability_correctness_spearman", math.nan, n=len(rows), test_type="INV",
                      details={"note": "correctness is constant across items: correlation undefined"})
        return
    rho = scipy_stats.spearmanr(repeatability, correctness)
    record_metric("repeatability_correctness_spearman", float(rho.statistic), n=len(rows), test_type="INV",
                  details={"pvalue": float(rho.pvalue)})
