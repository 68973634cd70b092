"""The pediatric endocrinology study's inference, for the suites that reproduce it in the ``paper`` profile.

The study (appendix "Inference and Hyperparameters") called ``generate()`` "separately for each prompt" so that
"the model output is independent from previous prompts", on plain text tokenised by the default tokenizer — no
chat template, no batch of several prompts, hence no padding. Padding and a chat template both change what a
model computes (the numerical-stability suite measures the first), so a ``paper`` run that claims the study's
protocol sends those prompts the same way.

:func:`one_plain_prompt_per_call` gives the session's model so configured, sharing the loaded weights and the
response cache: the clone's identity names ``chat_template: False`` and ``batch_size: 1``, so its answers are cached
apart from the batched, templated ones.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from .base import Backend


@dataclass(frozen=True)
class StudyInference:
    """The backend to generate with and what it does, in words for the report."""

    backend: Backend
    description: str
    #: True when prompts go as plain text one per call; False when the backend cannot be set so (a server).
    applied: bool


def one_plain_prompt_per_call(model: Backend) -> StudyInference:
    """``model`` (the session's backend, usually a ``CachedBackend``) sending each prompt alone as plain text.

    A transformers backend (anything with ``use_chat`` and ``batch_size``) is cloned with the chat template off and
    batch size 1 — the weights are shared, nothing is reloaded. Another backend (an OpenAI-compatible server, a
    custom one) formats and schedules prompts itself: it is returned unchanged and the description says so.
    """
    from .cached_backend import CachedBackend

    inner = model.inner if isinstance(model, CachedBackend) else model
    if not (hasattr(inner, "use_chat") and hasattr(inner, "batch_size")):
        return StudyInference(model, f"the {getattr(inner, 'name', 'custom')} backend formats and batches prompts "
                                     f"itself: chat template and batching as it does them", applied=False)
    if not inner.use_chat and inner.batch_size == 1:
        return StudyInference(model, "plain text, one prompt per generate call (as configured)", applied=True)
    clone = copy.copy(inner)
    clone.use_chat = False
    clone.batch_size = 1
    if hasattr(clone, "_fingerprint"):
        clone._fingerprint = None
    backend: Backend = CachedBackend(clone, model.cache, progress=model.progress) \
        if isinstance(model, CachedBackend) else clone
    return StudyInference(backend, "plain text (no chat template), one prompt per generate call (batch size 1, no "
                                   "padding), as the pediatric endocrinology study ran", applied=True)
