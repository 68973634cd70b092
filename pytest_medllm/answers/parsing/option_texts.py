"""Option texts found in a reply become markers of their letters (longest first), so that "Hepatitis B" (option
A) is never read as letter B and the article before an option's text goes with it."""

from __future__ import annotations

import re
from typing import Mapping

from .reply_text import fold

OPEN, CLOSE = "\u2983", "\u2984"  # ⦃A⦄ stands for "the text of option A" after masking


def _option_pattern(option: str) -> re.Pattern | None:
    """An option's text anywhere in a reply, with the indefinite article before it (group ``article``)."""
    words = fold(option).split()
    if not words:
        return None
    body = r"\s+".join(re.escape(w) for w in words)
    return re.compile(r"(?<![\w])(?:(?P<article>an?)[ \t]+)?(?P<body>" + body + r")(?![\w])", re.I)


def _article_belongs_to_text(match: re.Match) -> bool:
    """Whether the "a"/"an" before an option text is its article ("a toxic multinodular goiter"), so that it is
    masked with the text instead of being left as a letter A before it.

    A lowercase "a"/"an" directly before an option text is read as the article (a letter answer in lowercase is
    punctuated: "a) …", "a. …", "answer: a"). A capital "A" is the article when the text after it starts in
    lowercase, as in English prose ("A toxic multinodular goiter."); before a capitalised text ("A Toxic
    multinodular goiter") it may just as well be letter A followed by an option's text, and is left for the
    letter rules to judge (which make a letter given with another option's text NONE)."""
    article = match.group("article")
    if article is None:
        return False
    if article != "A":
        return True
    return match.group("body")[:1].islower()


def mask_options(text: str, options: Mapping[str, str]) -> str:
    """Replace every option text in ``text`` by the marker of its letter (longest first), and an option text that
    the reply's end cuts short (see :func:`_mask_cut_text`)."""
    text = _mask_cut_text(text, options)
    for letter, option in sorted(options.items(), key=lambda kv: -len(fold(kv[1]))):
        pattern = _option_pattern(option)
        if pattern is None:
            continue

        def marker(match: re.Match, letter: str = letter) -> str:
            article = match.group("article")
            kept = f"{article} " if article and not _article_belongs_to_text(match) else ""
            return f"{kept} {OPEN}{letter}{CLOSE} "

        text = pattern.sub(marker, text)
    return text




#: Words of an option text a reply must reach before the token limit cuts it, for the fragment to stand for the
#: option: fewer say too little to tell the options apart.
CUT_TEXT_MIN_WORDS = 3


def _mask_cut_text(text: str, options: Mapping[str, str]) -> str:
    """An option text the token limit cut off at the reply's end ("A. Serum protein electrophoresis and", "A. No
    pharmacologic therapy for hyper") is that option's text: masked like a whole one, so that a letter given with
    another option's cut text is seen as such, and the words of a cut text ("No …") are not read as the reply's
    own. The fragment must start at a word boundary after a letter, a line start or punctuation, run to the very end
    of the reply (its last word may itself be cut), hold at least :data:`CUT_TEXT_MIN_WORDS` words of the option,
    and fit one option only."""
    stripped = text.rstrip()
    words = list(re.finditer(r"\S+", stripped))
    longest = max((len(fold(option).split()) for option in options.values()), default=0)
    for first in range(max(0, len(words) - longest), len(words)):  # a fragment is no longer than its option
        candidate = fold(stripped[words[first].start():])
        if len(candidate.split()) < CUT_TEXT_MIN_WORDS:
            break
        before = stripped[:words[first].start()]
        if before.strip() and not re.search(r"(?:^|\W)[A-Za-z][.):]?\s*$|[\n:\"'(\-]\s*$", before):
            continue
        fits = [letter for letter, option in options.items()
                if fold(option) != candidate and fold(option).startswith(candidate)]
        if len(fits) == 1:
            return f"{before} {OPEN}{fits[0]}{CLOSE}"
    return text
