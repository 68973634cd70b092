"""Numerical stability (pediatric endocrinology study, "CUDA 11.8 vs 12.8" and "pipeline vs generate"): the same
weights and prompts under numeric perturbations a user can make on one machine (dtype, padding, attention and
linear-layer kernels, the pipeline() code path, deterministic algorithms, TF32). Greedy answers to prompt A should
not change; the report shows how many outputs stay byte-identical and where the others first diverge.

Every perturbation says which linear-layer kernels each side computed with (the match rate's "compared" detail in
the JSON artifact). A reload keeps the reference's kernels where this CPU can run them: on a CPU without native
bfloat16 (AVX2-only) oneDNN's packed layers cannot compute in bfloat16, so the bfloat16 reload uses PyTorch's own
kernels there and says so. A perturbation this machine cannot make at all (TF32 on a CPU, oneDNN's layers in a
dtype this CPU has no kernels for, a reload the model refuses) is skipped with the reason — never an error counted
against the model.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    BackendError,
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
    """The perturbed backend and what is compared (with the kernels each side used), or None and the reason it
    cannot be made on this machine."""
    from pytest_medllm.backends.transformers.cpu_kernels import onednn_dtype_problem
    from pytest_medllm.backends.transformers.variants import (
        TF32,
        Deterministic,
        Pipeline,
        kernels_used,
        reloaded,
        with_batch_size,
    )

    on_gpu = str(inner.input_device).startswith("cuda")
    dtype = str(inner.torch_dtype).replace("torch.", "")
    mine = f"{dtype} with {kernels_used(inner)}"
    if perturbation == "tf32":
        if not on_gpu:
            return None, "TF32 exists only on NVIDIA GPUs (this run is on the CPU)"
        return TF32(inner), "TF32 off vs on"
    if perturbation == "batch-size":
        return with_batch_size(inner, 1), f"batch size {inner.batch_size} (left padding) vs 1, both {mine}"
    if perturbation == "pipeline":
        return Pipeline(inner), f"model.generate() vs pipeline(), both {mine}"
    if perturbation == "deterministic-algorithms":
        return Deterministic(inner), f"deterministic algorithms off vs on, both {mine}"
    if perturbation == "dtype":
        change = {"dtype": "bfloat16" if dtype == "float32" else "float32"}
    elif perturbation == "attention":
        change = {"attn_implementation": "eager" if inner.attn_implementation != "eager" else "sdpa"}
    elif perturbation == "linear-kernel":
        if on_gpu:
            return None, "oneDNN's packed linear layers are a CPU path (this run is on a GPU)"
        change = {"linear_kernel": "torch" if inner.linear_kernel == "onednn" else "onednn"}
        problem = onednn_dtype_problem(inner.torch_dtype) if change["linear_kernel"] == "onednn" else None
        if problem:
            return None, f"oneDNN's packed linear layers cannot run this {dtype} model here: {problem}"
    else:
        raise ValueError(perturbation)
    try:
        variant = reloaded(inner, **change)
    except BackendError as exc:
        what = ", ".join(f"{key} {value}" for key, value in change.items())
        return None, f"the model cannot be reloaded with {what} on this machine: {exc}"
    other = str(variant.torch_dtype).replace("torch.", "")
    if perturbation == "dtype":
        return variant, f"{mine} vs {other} with {kernels_used(variant)}"
    if perturbation == "attention":
        return variant, (f"{inner.attn_implementation} vs {variant.attn_implementation} attention, {mine} vs "
                         f"{kernels_used(variant)}")
    return variant, f"{kernels_used(inner)} vs {kernels_used(variant)} ({dtype})"


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
