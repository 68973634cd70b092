"""A note tried only where a match can begin (pytest_medllm.data.notes.first_characters) gives exactly what a scan of
every position gives: on the label patterns over real corpus notes, and on patterns chosen to trip it (case folding
beyond ASCII, lookbehinds before the position, optional and zero-width starts) over generated texts."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pytest_medllm.data.notes import labels
from pytest_medllm.data.notes.first_characters import (AlternationByFirstCharacter, FirstCharacterIndex, finditer_at,
                                                       first_characters)
from tests.helpers.notes_markup import load


def _matches(found) -> list[tuple[tuple[int, int], dict]]:
    return [(m.span(), m.groupdict()) for m in found]


@pytest.mark.parametrize("corpus", ["dev", "dev30", "dev35", "dev41", "dev42", "dev43"])
def test_the_labels_find_what_a_full_scan_finds_on_corpus_notes(corpus):
    where = re.compile(labels._LABEL_START)
    for note in load(corpus):
        index = FirstCharacterIndex(note.text, where)
        for (_, regex), firsts in zip(labels._LABEL_REGEXES, labels._LABEL_FIRSTS):
            assert _matches(finditer_at(regex, firsts, index)) == _matches(regex.finditer(note.text)), (
                note.id, regex.pattern[:80])


def test_every_label_has_its_first_characters():
    # none falls back to a full scan: the shortcut covers every label
    assert all(firsts for firsts in labels._LABEL_FIRSTS)


@pytest.mark.parametrize("pattern, firsts", [
    (r"(?i)(?<![a-z])(?:heart\s+rate|HR|p(?:ulse)?)", {"h", "p"}),
    (r"(?:Dr\.?\s+)?pulse", {"d", "p"}),  # an optional start: what follows it can begin a match too
    (r"[0-9]{2}/\d", set("0123456789")),
    (r"\bΣΦ", {"σ"}),
])
def test_first_characters_of_patterns(pattern, firsts):
    assert first_characters(re.compile(pattern)) >= frozenset(firsts)


@pytest.mark.parametrize("pattern", [r"\w+", r".pulse", r"(?:x)?", r"(?P<x>a)?(?(x)b|c)", r"\d*"])
def test_patterns_it_cannot_read_are_scanned_in_full(pattern):
    assert first_characters(re.compile(pattern)) is None


#: Patterns that a shortcut by first characters could get wrong, and the letters that trip them.
TRICKY = [re.compile(p, f) for p, f in [
    (r"(?<![A-Za-z])il\b", re.I),  # Turkish "İl": re.IGNORECASE takes "İ" for "i"
    (r"(?<![a-z])s[ie]x\b", re.I),  # the long "ſ" is an "s" to re.IGNORECASE
    (r"σφ|ςx", re.I),  # final sigma
    (r"(?<=a)b+", 0),  # a lookbehind that needs the character before the position
    (r"(?:k|K)m", re.I),  # the Kelvin sign is a "k"
    (r"(?:ab)?c", 0),
    (r"x(?=y)|xy", 0),
]]
ALPHABET = "abcilmsxyKkİıſσςΣφ \n-/1"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
@example("İl ſix ſex σφ ςx ab Km")
def test_generated_texts_give_the_same_matches_as_a_scan(text):
    index = FirstCharacterIndex(text)
    for pattern in TRICKY:
        assert _matches(finditer_at(pattern, first_characters(pattern), index)) == _matches(pattern.finditer(text))


@pytest.mark.parametrize("corpus", ["dev", "dev30", "dev35", "dev41", "dev42", "dev43"])
def test_the_ethnicity_terms_find_what_their_whole_alternation_finds(corpus):
    from pytest_medllm.data.notes import ethnicity

    for note in load(corpus):
        assert _matches(ethnicity._ETHNICITY.finditer(note.text, ethnicity._WORD_START)) == _matches(
            ethnicity._ETHNICITY.pattern.finditer(note.text)), note.id


#: An alternation whose words share first letters across case folding, with a longer word before a shorter one.
WORDS = AlternationByFirstCharacter(r"(?<![^\W\d_])", ["İlk", "ilx", "sıx", "ſa", "σφα", "ςφ", "ab", "a", "k"],
                                    r"(?![^\W\d_])", re.I)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abfiklsxİıſσςΣφα -", max_size=40))
@example("ſıx İLK ςφα Σφ K")  # the letters re.IGNORECASE takes for others: long s, dotted I, final sigma, Kelvin
def test_an_alternation_by_first_character_gives_the_whole_alternations_matches(text):
    assert _matches(WORDS.finditer(text)) == _matches(WORDS.pattern.finditer(text))
