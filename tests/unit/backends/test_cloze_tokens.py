"""The one rule for which tokens answer a cloze choice, on tokenizers written to show each case."""

from __future__ import annotations

import re
from typing import Callable

import pytest

from pytest_medllm.backends.base import BackendError
from pytest_medllm.backends.cloze_tokens import (
    first_tokens,
    refuse_shared_first_tokens,
    says_nothing,
    spellings,
)


class Vocab:
    """A tokenizer given by how it splits text; ids are handed out as pieces are first seen."""

    def __init__(self, pattern: str) -> None:
        self.split: Callable[[str], list[str]] = lambda text: re.findall(pattern, text)
        self.ids: dict[str, int] = {}

    def encode(self, text: str) -> list[int]:
        return [self.ids.setdefault(piece, len(self.ids)) for piece in self.split(text)]

    def text_of(self, token: int) -> str:
        return next(piece for piece, i in self.ids.items() if i == token)

    def first(self, prompt: str, choice: str) -> set[str]:
        return {self.text_of(t) for t in first_tokens(prompt, choice, self.encode, self.text_of)}


#: Words keep the space before them (as BPE tokenizers do); a colon is a piece of its own.
WORDS = r":| ?[^ :]+| "


def test_a_choice_has_a_spaced_spelling_unless_the_prompt_ends_in_whitespace():
    assert spellings("Answer:", "A") == ["A", " A"]
    assert spellings("Answer: ", "A") == ["A"] and spellings("", "A") == ["A"] and spellings("x\n", "A") == ["A"]


def test_both_spellings_count_after_a_colon():
    assert Vocab(WORDS).first("Answer:", "A") == {"A", " A"}
    assert Vocab(WORDS).first("Answer: ", "A") == {"A"}


def test_a_space_token_says_nothing_and_only_the_bare_spelling_counts():
    assert Vocab(r".").first("Score:", "1") == {"1"}  # characters: " 1" is " " + "1"
    assert says_nothing(" 1", "1", " ") and not says_nothing("1", "1", "1") and not says_nothing(" 1", "1", " 1")


def test_a_tokenizer_that_merges_across_the_boundary_falls_back_to_the_choice_alone():
    # ":A" is one piece: "Answer:A" does not start with the prompt's pieces, so "A" on its own stands for it.
    assert Vocab(r":A|" + WORDS).first("Answer:", "A") == {"A", " A"}


def test_shared_first_tokens_are_refused_naming_both_choices():
    refuse_shared_first_tokens(("A", "B"), [[1, 2], [3]])
    with pytest.raises(BackendError, match="'Yes' and 'Yet' start with the same token \\(7\\)"):
        refuse_shared_first_tokens(("No", "Yes", "Yet"), [[1], [7, 8], [9, 7]], shown=str)
    with pytest.raises(BackendError, match="'A' and 'A'"):  # a choice listed twice cannot be told apart either
        refuse_shared_first_tokens(("A", "A"), [[5], [5]])
