"""The independent computation that scoring's shared prefixes are checked against: every request read alone."""

from __future__ import annotations

from typing import Sequence

import pytest

from pytest_medllm.backends import ChoiceRequest, ChoiceScores, LoglikelihoodRequest, TokenLogprobs


def assert_as_each_read_alone(backend, choices: Sequence[ChoiceRequest], scores: Sequence[ChoiceScores],  # noqa: ANN001
                              lls: Sequence[LoglikelihoodRequest] = (), ll_results: Sequence[TokenLogprobs] = ()
                              ) -> None:
    """Assert that ``scores`` and ``ll_results`` (from calls that shared prefixes) equal each request scored in a
    call of its own with nothing shared and nothing taken from generation (to 1e-4: float32 rounding)."""
    from pytest_medllm.backends.transformers.first_step import FirstStepMemo

    kept = backend.first_step_memo
    backend.MIN_SHARED_PREFIX, backend.first_step_memo = 10 ** 6, FirstStepMemo()
    try:
        alone_scores = [backend.score_choices([r])[0] for r in choices]
        alone_lls = [backend.loglikelihood([r])[0] for r in lls]
    finally:
        del backend.MIN_SHARED_PREFIX
        backend.first_step_memo = kept
    for got, alone in zip(scores, alone_scores, strict=True):
        assert got.logprobs == pytest.approx(alone.logprobs, abs=1e-4)
    for got, alone in zip(ll_results, alone_lls, strict=True):
        assert got.token_ids == alone.token_ids and got.logprobs == pytest.approx(alone.logprobs, abs=1e-4)
