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


