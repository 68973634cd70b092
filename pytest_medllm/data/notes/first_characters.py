"""Where a regular expression can start: the characters a match may begin with, so that a note is tried only there.

A note is read with about 150 label patterns (:mod:`.labels`), each scanned over every character of the note, twice;
most labels never occur in a given note (the Greek ones in an English note, the English ones in a Korean note), yet
every scan costs as much as the next. :func:`first_characters` reads a compiled pattern's structure (the standard
library's own parse of it) for the characters its matches can begin with; :class:`FirstCharacterIndex` lists a text's
positions by character once; :func:`finditer_at` then gives exactly what ``pattern.finditer(text)`` gives, trying a
match only where a match could begin. Characters are compared case-folded both ways (a superset of what
``re.IGNORECASE`` treats as equal: "İ" and "i", "ſ" and "s", "ς" and "σ"), so no match is skipped; a pattern this
reading does not follow (a leading back-reference, a character class of a category) or one that can match nothing
gives ``None``, and is scanned in full.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from re import _parser  # type: ignore[attr-defined]  # the standard library's parse of a pattern

_ZERO_WIDTH = {_parser.ASSERT, _parser.ASSERT_NOT, _parser.AT}
_REPEATS = {_parser.MAX_REPEAT, _parser.MIN_REPEAT, getattr(_parser, "POSSESSIVE_REPEAT", _parser.MAX_REPEAT)}
#: A character class wider than this is not listed (it starts almost anywhere anyway).
_WIDEST_RANGE = 2048


def _keys(character: str) -> set[str]:
    """The folded forms a character is listed under (lower case, and lower case of its upper case)."""
    return {character.lower()[:1], character.upper().lower()[:1]}


def _starts(items) -> tuple[set[str] | None, bool]:
    """The characters a sequence of parsed items can start with (None: any), and whether it can match nothing."""
    found: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op == _parser.LITERAL:
            return found | {chr(av)}, False
        if op == _parser.IN:
            for kind, value in av:
                if kind == _parser.LITERAL:
                    found.add(chr(value))
                elif kind == _parser.RANGE and value[1] - value[0] <= _WIDEST_RANGE:
                    found.update(chr(c) for c in range(value[0], value[1] + 1))
                else:  # a category, a negation, a wide range
                    return None, False
            return found, False
        if op == _parser.BRANCH:
            empty = False
            for branch in av[1]:
                chars, can_be_empty = _starts(branch)
                if chars is None:
                    return None, False
                found |= chars
                empty = empty or can_be_empty
            if not empty:
                return found, False
            continue
        if op == _parser.SUBPATTERN:
            chars, can_be_empty = _starts(av[-1])
        elif op in _REPEATS:
            chars, can_be_empty = _starts(av[2])
            can_be_empty = can_be_empty or av[0] == 0
        elif op == getattr(_parser, "ATOMIC_GROUP", None):
            chars, can_be_empty = _starts(av)
        else:  # any character, a back-reference, a conditional group
            return None, False
        if chars is None:
            return None, False
        found |= chars
        if not can_be_empty:
            return found, False
    return found, True


def first_characters(pattern: re.Pattern) -> frozenset[str] | None:
    """The folded characters a match of ``pattern`` can begin with, or None when this reading cannot tell (then any
    position may start a match)."""
    try:
        chars, can_be_empty = _starts(_parser.parse(pattern.pattern, pattern.flags))
    except Exception:  # a parse this module does not follow: no shortcut, never a wrong one
        return None
    if chars is None or can_be_empty:
        return None
    return frozenset(key for c in chars for key in _keys(c))


class FirstCharacterIndex:
    """A text's positions listed by their folded character, built once and shared by every pattern tried on it.
    ``where``: a zero-width pattern every one of those patterns starts with (a lookbehind they share), so that only
    the positions it allows are listed."""

    def __init__(self, text: str, where: re.Pattern | None = None) -> None:
        self.text = text
        self._at: dict[str, list[int]] = {}
        positions = range(len(text)) if where is None else (m.start() for m in where.finditer(text))
        for i in positions:
            if i < len(text):
                for key in _keys(text[i]):
                    self._at.setdefault(key, []).append(i)

    def positions(self, firsts: frozenset[str]) -> list[int]:
        """Every position whose character is one of ``firsts``, in order."""
        lists = [self._at[k] for k in firsts if k in self._at]
        if len(lists) == 1:
            return lists[0]
        return sorted({p for positions in lists for p in positions})


def finditer_at(pattern: re.Pattern, firsts: frozenset[str] | None, index: FirstCharacterIndex
                ) -> Iterator[re.Match]:
    """What ``pattern.finditer(index.text)`` gives, a match tried only where one of ``firsts`` stands (every
    position when ``firsts`` is None). Lookbehinds and ``\\b`` see the text before a position, as in a scan."""
    if firsts is None:
        yield from pattern.finditer(index.text)
        return
    yield from _leftmost(index.positions(firsts), lambda position: pattern.match(index.text, position))


def _leftmost(positions: list[int], match_at) -> Iterator[re.Match]:  # noqa: ANN001
    """The matches ``finditer`` would give, trying ``match_at`` at each of ``positions`` (in order) past the last
    match's end."""
    end = 0
    for position in positions:
        if position < end:
            continue
        m = match_at(position)
        if m:
            yield m
            end = max(m.end(), position + 1)


class AlternationByFirstCharacter:
    """A long alternation of words — ``before + "(?:" + "|".join(alternatives) + ")" + after`` — tried at each
    position only with the alternatives that can begin there, in their order: the same matches as the whole pattern's
    ``finditer``, without trying hundreds of words at every position. ``before`` must be zero-width (a lookbehind)."""

    def __init__(self, before: str, alternatives: list[str], after: str, flags: int = 0) -> None:
        self._before, self._after, self._flags = before, after, flags
        self.pattern = re.compile(f"{before}(?:{'|'.join(alternatives)}){after}", flags)
        firsts = [first_characters(re.compile(alternative, flags)) for alternative in alternatives]
        self._parts = list(zip(alternatives, firsts))
        self._firsts = None if any(f is None for f in firsts) else frozenset().union(*firsts)
        self._by_keys: dict[frozenset[str], re.Pattern | None] = {}

    def _for(self, keys: frozenset[str]) -> re.Pattern | None:
        """The pattern of the alternatives that can begin with a character listed under ``keys`` (built once)."""
        if keys not in self._by_keys:
            chosen = [alternative for alternative, firsts in self._parts if firsts is not None and firsts & keys]
            self._by_keys[keys] = re.compile(f"{self._before}(?:{'|'.join(chosen)}){self._after}",
                                              self._flags) if chosen else None
        return self._by_keys[keys]

    def finditer(self, text: str, where: re.Pattern | None = None) -> Iterator[re.Match]:
        """What ``self.pattern.finditer(text)`` gives (``where``: a zero-width pattern every match starts at)."""
        if self._firsts is None:
            yield from self.pattern.finditer(text)
            return

        def match_at(position: int) -> re.Match | None:
            pattern = self._for(frozenset(_keys(text[position])))
            return pattern.match(text, position) if pattern is not None else None

        yield from _leftmost(FirstCharacterIndex(text, where).positions(self._firsts), match_at)
