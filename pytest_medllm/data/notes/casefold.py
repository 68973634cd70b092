"""The table entry a word matched with ``re.IGNORECASE`` stands for.

Python's case-insensitive matching takes Turkish "İ" and "ı" for "i", and the long "ſ" for "s", but ``str.lower()``
keeps them apart ("İl".lower() is "i̇l", three letters): a word a pattern built from a table's entries found in a
Turkish note ("İl", "KADIN") may have no entry under its lower case. :func:`entry` finds the one it stands for.
"""

from __future__ import annotations

from collections.abc import Container, Iterable


def fold(word: str) -> str:
    """Lower case, with the letters case-insensitive matching equates with "i" and "s" made those letters."""
    return word.lower().replace("i\u0307", "i").replace("ı", "i").replace("ſ", "s")


def entry(table: Iterable[str] | Container[str], word: str) -> str | None:
    """The key of ``table`` that ``word`` is, as a pattern with ``re.IGNORECASE`` over the keys matched it (its lower
    case when that is a key), or None."""
    low = word.lower()
    if low in table:  # type: ignore[operator]
        return low
    folded = fold(word)
    return next((key for key in table if fold(key) == folded), None)  # type: ignore[union-attr]
