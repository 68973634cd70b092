"""pytest-medllm: behavioral tests of medical language models as a pytest plugin.

What a suite author needs, from one place (``from pytest_medllm import Suite, stats, answer_jobs, ...``):

* declaring and judging — :class:`Suite` (and :class:`Metric`) declare metrics with their default release gates;
  the ``expect`` fixture judges them; metric families shared by the studies' suites (:func:`answer_metrics`,
  :func:`position_metrics`, :func:`comparison_metrics`) and their ``expect_*`` helpers;
* asking the model — requests and decodings of the batched backend contract (:class:`Decoding`,
  :class:`GenerationRequest`, :class:`ChoiceRequest`, :class:`LoglikelihoodRequest`), jobs that ask many items in
  one call and parse the replies (:class:`Job`, :func:`answer_jobs`, :func:`original_jobs`);
* reading replies — :func:`parse_answer` (one option, ``MULTIPLE`` or ``NONE``), :func:`parse_decision`
  (yes/no/maybe), :func:`read_preference` and :func:`parse_agreement` (self-assessment);
* items — :class:`MCQItem`, :class:`EvidenceItem`, :class:`ClinicalNote`;
* modules — ``stats`` (intervals and tests), ``prompts`` (the studies' prompts), ``option_order`` and ``context``
  (perturbations of items), ``clinical`` and ``units`` (of notes), ``cohort`` (the synthetic ICU cohort),
  ``consistency``, ``repeatability``, ``multivariate_ranks``, ``devise`` and ``severity`` (the studies' methods),
  ``free_response`` (the repeatability study's free-response prompts),
  ``baseline`` (two runs of the same items compared item by item).

Names are imported when first used, so that the plugin (loaded in every pytest session) stays light.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    # declaring and judging
    "Suite": "verdict.declarations", "Metric": "verdict.declarations", "comparison_metrics": "verdict.declarations",
    "answer_metrics": "verdict.answer_metrics", "position_metrics": "verdict.answer_metrics",
    "expect_answer_metrics": "verdict.answer_metrics", "expect_position_metrics": "verdict.answer_metrics",
    "position_bias_estimate": "verdict.answer_metrics", "categories_for": "verdict.answer_metrics",
    "failure_reasons": "verdict.answer_metrics", "unusable_reasons": "verdict.answer_metrics",
    "Recorder": "verdict.recorder",
    # asking the model
    "Backend": "backends", "BackendError": "backends", "CapabilityError": "backends", "Decoding": "backends",
    "Generation": "backends", "GenerationRequest": "backends", "ChoiceRequest": "backends",
    "ChoiceScores": "backends", "LoglikelihoodRequest": "backends", "TokenLogprobs": "backends",
    "Job": "answers.jobs", "Answer": "answers.jobs", "answer_jobs": "answers.jobs", "original_jobs": "answers.jobs",
    "reasoning_format": "answers.jobs",
    # reading replies
    "parse_answer": "answers.parsing", "ParsedAnswer": "answers.parsing", "parse_decision": "answers.parsing",
    "ParsedDecision": "answers.parsing", "read_preference": "answers.parsing", "ParsedPreference": "answers.parsing",
    "parse_preference": "answers.parsing", "parse_agreement": "answers.parsing", "MULTIPLE": "answers.parsing",
    "NONE": "answers.parsing", "DECISIONS": "answers.parsing",
    # items
    "MCQItem": "data.schemas", "EvidenceItem": "data.schemas", "ClinicalNote": "data.schemas",
    "VITAL_SIGNS": "data.schemas",
    "suite_subset": "data.select",
    # what the session's selected tests read of a shared model-output fixture (a -k selection computes only that)
    "selected_values": "runner.selection",
    # comparing runs (the numerical-stability suite reloads the model in other configurations)
    "CachedBackend": "backends.cached_backend",
    # the pediatric endocrinology study's inference (plain text, one prompt per call) for the ``paper`` profile
    "one_plain_prompt_per_call": "backends.study_inference", "StudyInference": "backends.study_inference",
}
_MODULES = {
    "stats": "methods.stats", "consistency": "methods.consistency", "repeatability": "methods.repeatability",
    "devise": "methods.devise", "severity": "data.severity", "prompts": "answers.prompts",
    "free_response": "answers.free_response", "multivariate_ranks": "methods.multivariate_ranks",
    "option_order": "perturb.option_order", "context": "perturb.context", "baseline": "comparisons.baseline",
    "units": "perturb.units", "clinical": "perturb.clinical", "cohort": "data.cohort",
}

__all__ = sorted([*_EXPORTS, *_MODULES])


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{_MODULES[name]}")
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
