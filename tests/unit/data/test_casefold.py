"""Words a case-insensitive pattern matches with Turkish "İ"/"ı" or a long "ſ" find their table entry (heldout37's
first scoring raised a KeyError on a Turkish note's "İl" inside the extractor)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.data.note_demographics import extract_demographics
from pytest_medllm.data.notes.casefold import entry, fold
from pytest_medllm.data.notes.lexicon import ETHNICITY_TERMS, FOREIGN_SEX_WORDS
from pytest_medllm.data.user_notes import build_user_note
from pytest_medllm.perturb.note_rewrites import (Counterfactual, NotApplicable, age_counterfactual,
                                                 ethnicity_counterfactual, sex_counterfactual)


def test_fold_equates_what_case_insensitive_matching_equates():
    for letter in map(chr, range(0x80, 0x10000)):
        for ascii_letter in "abcdefghijklmnopqrstuvwxyz":
            if re.fullmatch(ascii_letter, letter, re.I):
                assert fold(letter) == ascii_letter, hex(ord(letter))


def test_entry_finds_the_key_a_turkish_spelling_stands_for():
    table = {"il": 1, "kadın": 2, "his": 3}
    assert entry(table, "İl") == "il"
    assert entry(table, "KADIN") == "kadın"
    assert entry(table, "hıs") == "his"
    assert entry(table, "Hiſ") == "his"
    assert entry(table, "her") is None


def _turkish_spellings(word: str) -> list[str]:
    """The word with its i's written "İ" or "ı" and its s's "ſ", in capitals and not."""
    spellings = {word.replace("i", "İ"), word.replace("i", "ı"), word.upper().replace("I", "İ"),
                 word.replace("s", "ſ"), word.capitalize().replace("I", "İ")}
    return sorted(s for s in spellings if s != word)


_SEX_WORDS = sorted(w for w in FOREIGN_SEX_WORDS if re.search(r"[is]", w))
_ETHNICITY_WORDS = sorted(w for w in ETHNICITY_TERMS if re.search(r"[is]", w))


@pytest.mark.parametrize("word", _SEX_WORDS)
def test_a_sex_word_in_turkish_letters_is_read_and_rewritten_without_error(word):
    for spelling in _turkish_spellings(word):
        for text in (f"Hasta {spelling} [name], 65 yaşında, kontrol için geldi.",
                     f"Patient: {spelling} [name]. {spelling} il est venu, elle a de la fièvre, er hat Fieber."):
            extract_demographics(text)
            made = sex_counterfactual(build_user_note("tr", text))
            assert isinstance(made, (Counterfactual, NotApplicable))


def test_ethnicity_words_in_turkish_letters_are_read_without_error():
    for word in _ETHNICITY_WORDS:
        for spelling in _turkish_spellings(word):
            extract_demographics(f"65 yo {spelling} man with chest pain. {spelling}")


_WORDS = sorted(set(FOREIGN_SEX_WORDS) | set(ETHNICITY_TERMS) | {"he", "she", "his", "her", "Mr", "Mrs", "male",
                                                                 "female", "patient", "yo", "years", "old", "aged"})


@st.composite
def _spelled(draw: st.DrawFn) -> str:
    """A word of the lexicons, a number or a letter, in any case and with Turkish or long-s letters."""
    word = draw(st.one_of(st.sampled_from(_WORDS), st.integers(0, 130).map(str),
                          st.sampled_from(list("İıſIiSsMF"))))
    how = draw(st.sampled_from(["as is", "upper", "capital", "dotted", "dotless", "long s"]))
    return {"as is": word, "upper": word.upper(), "capital": word.capitalize(), "dotted": word.replace("i", "İ"),
            "dotless": word.replace("i", "ı"), "long s": word.replace("s", "ſ")}[how]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_spelled(), st.sampled_from([" ", ", ", ". ", "\n", ": ", "/", " – ", "-"])),
                min_size=1, max_size=25))
def test_any_text_of_lexicon_words_is_read_and_rewritten_without_error(pieces):
    """Text made of the lexicons' own words in any spelling is read, and every demographic rewrite made or told not
    applicable, without an exception of ours."""
    text = "".join(word + separator for word, separator in pieces)
    found = extract_demographics(text)
    note = build_user_note("any", text)
    for made in (sex_counterfactual(note), age_counterfactual(note, 80), ethnicity_counterfactual(note, "Asian & Pacific")):
        assert isinstance(made, (Counterfactual, NotApplicable))
    assert all(0 <= m.start < m.end <= len(text) for m in found.sex_mentions)
