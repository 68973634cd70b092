"""Run profiles: the studies' full protocols (``paper``) and a cheaper one with the same methods (``quick``).

A profile fixes *how much* work a suite does (items, runs, tokens, resamples), never *which* method it uses, so a
``quick`` run on a laptop and a ``paper`` run on a GPU server measure the same quantities.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Profile:
    """Workload settings shared by all suites."""

    name: str
    #: Items per dataset when ``--max-items`` is not given (None = all items).
    max_items: int | None
    #: Items for suites that ask every item under many conditions (option orders, prompt variants).
    perturbation_items: int | None
    #: Items for suites with few-shot prompts (several times longer than zero-shot ones).
    fewshot_items: int | None
    #: New tokens for answer generation (prompt A/B of the pediatric endocrinology study asks for a paragraph).
    max_new_tokens: int
    #: New tokens for "answer with just the letter" prompts (MedGemma study: 256).
    direct_max_new_tokens: int
    #: New tokens for chain-of-thought prompts (MedGemma study: 256).
    cot_max_new_tokens: int
    #: New tokens for the self-assessment prompt (pediatric endocrinology study, Experiment 3: 2048).
    judge_max_new_tokens: int
    #: Repetition penalty of the pediatric endocrinology study's decoding (Appendix, Experiment 1).
    repetition_penalty: float
    #: Orderings per item for permutation voting (MedGemma study: K = 4).
    permutation_orderings: int
    #: Chain-of-thought samples per item for self-consistency (T = 0.7, top-p 0.95, top-k 50).
    self_consistency_samples: int
    #: Seeded sampling runs per temperature (Experiment 2 of the pediatric endocrinology study: 10).
    sampling_runs: int
    #: Items for the sampling, repeatability and self-assessment suites (a subset of the run's items).
    sampling_items: int | None
    #: Items, runs per prompt and new tokens for the repeatability suite (five reasoning prompts per item). The
    #: study (001, §2.5): 100 runs per prompt-case-model (912,000 generations = 5 prompts x (518 MedQA + 90 UDN
    #: cases) x 3 models x 100); its text gives no token budget, its published code asks for max_tokens=256.
    repeatability_items: int | None
    repeatability_runs: int
    repeatability_max_new_tokens: int
    #: Temperatures for the sampling-consistency sweep.
    temperatures: tuple[float, ...]
    #: Bootstrap resamples for kappa confidence intervals (the study uses B = 10000).
    bootstrap_resamples: int
    #: Counterfactual values drawn per severity class (DeVisE: 5).
    counterfactuals_per_class: int
    #: Patients drawn from the synthetic ICU cohort.
    cohort_size: int
    #: Notes of ``--notes FILE`` used, the first in file order (None = all); ``--max-items`` overrides it.
    max_notes: int | None = None
    #: Evidence items for the context-conditioning suite, each asked under eleven conditions (MedGemma study:
    #: the 1,000 labelled PubMedQA items); a subset stratified by the keyed decision.
    evidence_items: int | None = None
    #: New tokens for the one-word yes/no/maybe evidence answer (MedGemma study: 256).
    evidence_max_new_tokens: int = 256
    #: The pediatric endocrinology study's inference (appendix "Inference and Hyperparameters"): each prompt A/B,
    #: no-letter, sampled and self-assessment prompt sent on its own as plain text (no chat template, one prompt
    #: per generate call, so no padding). Off: those suites batch and format like every other suite.
    pediatric_plain_unbatched: bool = False
    #: The repeatability study's free-response form (001, §2.3: MedQA "reformulated from multiple choice to free
    #: response"): the case and its question without the options. Off (quick): the options are listed, so that a
    #: small model has something to name and correctness is read by letter; the scores are computed the same way.
    repeatability_free_response: bool = False

    def to_dict(self) -> dict:
        return asdict(self)


PROFILES: dict[str, Profile] = {
    # Sized so that every suite on the embedded default model finishes in under 10 minutes on a 2-core CPU from an
    # empty response cache (measured: see the README's "Speed and caching"); a smoke test of every method, whose
    # intervals are wide. Release decisions need `paper`.
    "quick": Profile(
        name="quick",
        max_items=24,
        perturbation_items=20,
        fewshot_items=5,
        max_new_tokens=48,
        direct_max_new_tokens=8,
        cot_max_new_tokens=64,
        judge_max_new_tokens=64,
        repetition_penalty=1.2,
        permutation_orderings=4,
        self_consistency_samples=3,
        sampling_runs=5,
        sampling_items=5,
        repeatability_items=4,
        repeatability_runs=3,
        repeatability_max_new_tokens=64,
        temperatures=(0.3, 0.6, 1.0),
        bootstrap_resamples=2000,
        counterfactuals_per_class=1,
        cohort_size=3,
        max_notes=20,
        # 6 items (two per keyed decision) x 11 conditions; 6 new tokens hold "The answer is yes." and keep
        # decoding short.
        evidence_items=6,
        evidence_max_new_tokens=6,
    ),
    "paper": Profile(
        name="paper",
        max_items=None,
        perturbation_items=None,
        fewshot_items=None,
        max_new_tokens=1500,
        direct_max_new_tokens=256,
        cot_max_new_tokens=256,
        judge_max_new_tokens=2048,
        repetition_penalty=1.2,
        permutation_orderings=4,
        self_consistency_samples=10,
        sampling_runs=10,
        sampling_items=None,
        repeatability_items=None,
        repeatability_runs=100,
        repeatability_max_new_tokens=256,
        repeatability_free_response=True,
        temperatures=(0.3, 0.6, 1.0),
        bootstrap_resamples=10000,
        counterfactuals_per_class=5,
        cohort_size=1001,
        evidence_items=None,
        evidence_max_new_tokens=256,
        pediatric_plain_unbatched=True,
    ),
}

PROFILE_CHOICES = ("auto", *PROFILES)


def resolve_profile(name: str, device: str) -> Profile:
    """Return the profile called ``name``; ``auto`` is ``paper`` on a GPU and ``quick`` elsewhere.

    ``device`` is the ``--device`` value; with ``auto`` we look for an NVIDIA driver without importing torch so
    that ``pytest --help`` and collection stay fast.
    """
    if name != "auto":
        return PROFILES[name]
    if device.startswith("cuda") or (device == "auto" and _nvidia_gpu_present()):
        return PROFILES["paper"]
    return PROFILES["quick"]


def _nvidia_gpu_present() -> bool:
    import os

    try:
        return bool(os.listdir("/proc/driver/nvidia/gpus"))
    except OSError:
        return False
