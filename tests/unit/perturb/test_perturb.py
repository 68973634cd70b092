"""Option-order perturbations: answers map back through the permutation actually applied."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_medllm.data.schemas import MCQItem
from pytest_medllm.perturb import option_order as perturb

texts = st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=6), min_size=2, max_size=8, unique=True)


@st.composite
def items(draw):
    options = draw(texts)
    letters = "ABCDEFGH"[: len(options)]
    answer = draw(st.sampled_from(letters))
    return MCQItem(id=f"q{draw(st.integers(0, 999))}", question="Which?", options=tuple(zip(letters, options)),
                   answer=answer)


def all_reorderings(item):
    out = [perturb.identity(item), perturb.shuffle(item, 1), perturb.distractor_swap(item),
           *(perturb.move_answer_to(item, k) for k in range(len(item.options)))]
    out += [perturb.rotate(item, k) for k in (1, 2)]
    return [r for r in out if r is not None]


@given(items())
def test_every_label_maps_back_to_the_same_content(item):
    for reordered in all_reorderings(item):
        shown = reordered.item
        assert sorted(shown.option_texts) == sorted(item.option_texts)
        assert shown.answer_text == item.answer_text
        for letter in shown.letters:
            original_letter = reordered.to_original(letter)
            assert item.option_map[original_letter] == shown.option_map[letter]
        assert reordered.to_original("NONE") == "NONE" and reordered.to_original("MULTIPLE") == "MULTIPLE"


def test_rotate_one_puts_b_at_a_and_maps_back_correctly():
    # Regression: one codebase rotated the texts one way and recorded the answer mapping the other way.
    item = MCQItem(id="q", question="?", options=(("A", "a"), ("B", "b"), ("C", "c"), ("D", "d")), answer="B")
    rotated = perturb.rotate(item, 1)
    assert rotated.item.option_texts == ("b", "c", "d", "a")
    assert rotated.item.answer == "A"
    assert rotated.to_original("A") == "B" and rotated.to_original("D") == "A"
    assert perturb.rotate(item, 4) is None


def test_a_model_that_always_picks_the_same_text_never_flips():
    # Regression: flips counted in letter space make a content-stable model look 100% unstable under rotation.
    item = MCQItem(id="q", question="?", options=(("A", "a"), ("B", "b"), ("C", "c"), ("D", "d")), answer="C")
    for reordered in all_reorderings(item):
        chosen_letter = next(l for l, t in reordered.item.options if t == "c")
        assert reordered.to_original(chosen_letter) == "C"


@given(items())
def test_distractor_swap_moves_every_wrong_option_and_keeps_the_answer(item):
    swapped = perturb.distractor_swap(item)
    if len(item.options) < 3:
        assert swapped is None  # one wrong option cannot be swapped with anything
        return
    assert swapped.item.answer == item.answer
    for i, (original, new) in enumerate(zip(item.option_texts, swapped.item.option_texts)):
        if i != item.answer_index:
            assert original != new


@given(items(), st.integers(0, 10))
def test_shuffles_are_never_the_identity_and_are_seeded(item, seed):
    a = perturb.shuffle(item, seed)
    assert a.order != tuple(range(len(item.options)))
    assert a == perturb.shuffle(item, seed)


def test_distinct_orderings_start_with_the_original_and_never_repeat():
    item = MCQItem(id="q", question="?", options=tuple(zip("ABCDE", "abcde")), answer="A")
    orderings = perturb.distinct_orderings(item, 4, (42, 123, 456))
    assert orderings[0].name == "original" and len({o.order for o in orderings}) == 4
    two = MCQItem(id="q2", question="?", options=(("A", "x"), ("B", "y")), answer="A")
    assert len(perturb.distinct_orderings(two, 4, (1,))) == 2  # only two orderings exist


def test_move_answer_to_every_position():
    item = MCQItem(id="q", question="?", options=tuple(zip("ABCDE", "abcde")), answer="C")
    for k in range(5):
        moved = perturb.move_answer_to(item, k)
        assert moved.item.answer_index == k and moved.item.answer_text == "c"
    with pytest.raises(ValueError):
        perturb.move_answer_to(item, 5)
