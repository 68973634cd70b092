"""Run-to-run comparison: paired by item, refused when items or prompts differ, statistics as specified."""

from __future__ import annotations

import pytest
from sklearn.metrics import cohen_kappa_score

from pytest_medllm.comparisons.baseline import (
    NotComparable,
    compare,
    first_divergence,
    pair_rows,
)


def rows(labels, outputs=None, prompts=None, correct_key="A"):
    return [{"item_id": f"q{i}", "label": label, "correct": label == correct_key,
             "output": (outputs or labels)[i], "output_token_ids": [ord(c) for c in (outputs or labels)[i]],
             "prompt_sha256": (prompts or ["p"] * len(labels))[i]} for i, label in enumerate(labels)]


def test_first_divergence():
    assert first_divergence([1, 2, 3], [1, 2, 3]) is None
    assert first_divergence([1, 2, 3], [1, 5, 3]) == 1
    assert first_divergence([1, 2], [1, 2, 3]) == 2


def test_comparison_statistics():
    a = rows(list("AABBCCDDAA"), outputs=["same"] * 5 + ["x", "y", "z", "w", "v"])
    b = rows(list("AABBCDDDAB"), outputs=["same"] * 5 + ["x", "Y", "z!", "w", "vv"])
    result = compare(pair_rows(a, b, "t"), list("ABCD") + ["MULTIPLE", "NONE"], resamples=500, seed=1)
    assert result.match.value == pytest.approx(0.8)
    assert result.kappa.value == pytest.approx(cohen_kappa_score(list("AABBCCDDAA"), list("AABBCDDDAB")))
    assert result.identical_text.value == pytest.approx(0.7)
    assert sorted(result.first_divergence) == [0, 1, 1]
    assert result.accuracy_reference == pytest.approx(0.4) and result.accuracy_current == pytest.approx(0.3)


def test_different_items_or_prompts_are_refused():
    with pytest.raises(NotComparable, match="different items"):
        pair_rows(rows(list("AB")), rows(list("ABC")), "t")
    with pytest.raises(NotComparable, match="prompts differ"):
        pair_rows(rows(list("AB")), rows(list("AB"), prompts=["p", "other"]), "t")
