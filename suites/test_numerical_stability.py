"""Numerical stability (pediatric endocrinology study, "CUDA 11.8 vs 12.8" and "pipeline vs generate"): the same
weights and prompts under numeric perturbations a user can make on one machine (dtype, padding, attention and
linear-layer kernels, the pipeline() code path, deterministic algorithms, TF32). Greedy answers to prompt A should
not change; the report shows how many outputs stay byte-identical and where the others first diverge.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    CachedBackend,
    Suite,
    answer_jobs,
    baseline,
    categories_for,
    comparison_metrics,
    original_jobs,
    prompts,
)

SUITE = Suite("numerical_stability", "pediatric endocrinology study, CUDA 11.8 vs 12.8 (Table 5) and pipeline() vs "
                                     "generate()")
PERTURBED = comparison_metrics(SUITE, "perturbed")

PERTURBATIONS = ["dtype", "batch-size", "attention", "linear-kernel", "pipeline", "deterministic-algorithms",
                 "tf32"]


@pytest.fixture(scope="module")
def transformers_model(model):
    # Imported here: importing the suite (e.g. on an xdist controller) must not import torch.
    from pytest_medllm.backends.transformers.backend import TransformersBackend

    inner = getattr(model, "inner", model)
    if not isinstance(inner, TransformersBackend):
        pytest.skip(f"numeric perturbations need the transformers backend, not {inner.name!r}")
    return inner


def _variant(perturbation: str, inner):
    """The perturbed backend, or the reason it does not apply here."""
    from pytest_medllm.backends.transformers.variants import (
        TF32,
        Deterministic,
        Pipeline,
        reloaded,
        with_batch_size,
    )

    on_gpu = str(inner.input_device).startswith("cuda")
    if perturbation == "dtype":
        other = "bfloat16" if inner.torch_dtype.is_floating_point and str(inner.torch_dtype) == "torch.float32" \
            else "float32"
        return reloaded(inner, dtype=other), f"float32 vs bfloat16 ({other} here)"
    if perturbation == "batch-size":
        return with_batch_size(inner, 1), f"batch size {inner.batch_size} (left padding) vs 1"
    if perturbation == "attention":
        other = "eager" if inner.attn_implementation != "eager" else "sdpa"
        return reloaded(inner, attn_implementation=other), f"{inner.attn_implementation} vs {other} attention"
    if perturbation == "linear-kernel":
        if on_gpu:
            return None, "oneDNN's packed linear layers are a CPU path (this run is on a GPU)"
        other = "torch" if inner.linear_kernel == "onednn" else "onednn"
        return reloaded(inner, linear_kernel=other), f"{inner.linear_kernel} vs {other} linear layers"
    if perturbation == "pipeline":
        return Pipeline(inner), "model.generate() vs pipeline()"
    if perturbation == "deterministic-algorithms":
        return Deterministic(inner), "deterministic algorithms off vs on"
    if perturbation == "tf32":
        if not on_gpu:
            return None, "TF32 exists only on NVIDIA GPUs (this run is on the CPU)"
        return TF32(inner), "TF32 off vs on"
    raise ValueError(perturbation)


@pytest.fixture(scope="module")
def reference(transformers_model, model, sampling_items, greedy_decoding):
    """Prompt-A answers of exactly these items in exactly this batching (other suites batch other item sets, and
    padding alone can change an answer)."""
    from pytest_medllm.backends.transformers.variants import Variant

    backend = CachedBackend(Variant(transformers_model, "reference-numerical-stability"), model.cache)
    jobs = original_jobs("prompt_a", sampling_items, prompts.prompt_a)
    answers = answer_jobs(backend, jobs, greedy_decoding)["prompt_a"]
    return answers


@pytest.mark.parametrize("perturbation", PERTURBATIONS)
def test_answers_survive_numeric_perturbation(perturbation, transformers_model, model, reference, sampling_items,
                                              greedy_decoding, expect, record_answers, medllm_profile,
                                              medllm_config):
    """INV: greedy answers (and ideally the text) do not change under a numeric perturbation of the stack."""
    variant, description = _variant(perturbation, transformers_model)
    if variant is None:
        pytest.skip(description)
    backend = CachedBackend(variant, model.cache)
    try:
        answers = answer_jobs(backend, original_jobs(perturbation, sampling_items, prompts.prompt_a),
                              greedy_decoding)[perturbation]
    finally:
        if isinstance(variant, type(transformers_model)) and variant.model is not transformers_model.model:
            variant.close()
    record_answers(answers, examples=0)
    pairs = baseline.pair_rows([a.to_record() for a in reference], [a.to_record() for a in answers], perturbation)
    comparison = baseline.compare(pairs, categories_for(sampling_items[0].letters), medllm_profile.bootstrap_resamples,
                         medllm_config.seed)
    baseline.expect_comparison(expect, PERTURBED, comparison, perturbation, what=description)
