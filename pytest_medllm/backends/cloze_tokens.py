"""Which tokens answer a cloze choice: one rule for every backend.

A choice is scored by the log-probability of its first token right after the prompt. In a chat assistant turn a
letter starts bare ("A"); after "Answer:" in plain text it starts with a space (" A"). Both spellings are the same
answer, so a choice's score is the log-sum-exp over them. Two choices that start with the same token cannot be told
apart by it, and scoring them is refused rather than guessed.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

from .base import BackendError


def spellings(prompt: str, choice: str) -> list[str]:
    """How ``choice`` can begin right after ``prompt``: bare, and spaced unless the prompt ends in whitespace."""
    return [choice] if not prompt or prompt[-1:].isspace() else [choice, " " + choice]


def says_nothing(spelling: str, choice: str, token_text: str) -> bool:
    """Whether a spaced spelling's first token is only the space: a tokenizer that splits " 1" into " " + "1"
    gives every spaced choice the same first token, so only the bare spelling counts then."""
    return spelling != choice and not token_text.strip()


def first_tokens(prompt: str, choice: str, tokenize: Callable[[str], list[int]], text_of: Callable[[int], str],
                 prompt_ids: list[int] | None = None) -> set[int]:
    """Token ids that begin ``choice`` right after ``prompt``, over its :func:`spellings`.

    ``tokenize`` encodes text without special tokens; ``text_of`` decodes one token. Where the tokenizer merges the
    prompt's end with the choice, the choice's own first token stands for it."""
    if prompt_ids is None:
        prompt_ids = tokenize(prompt)
    ids: set[int] = set()
    for text in spellings(prompt, choice):
        full = tokenize(prompt + text)
        if full[: len(prompt_ids)] == prompt_ids and len(full) > len(prompt_ids):
            token = full[len(prompt_ids)]
        else:
            token = tokenize(text)[0]
        if not says_nothing(text, choice, text_of(token)):
            ids.add(token)
    return ids


def refuse_shared_first_tokens(choices: Sequence[str], tokens: Sequence[Sequence[Hashable]],
                               shown: Callable[[Hashable], str] = repr) -> None:
    """Raise :class:`BackendError` when two choices start with the same token (``tokens[i]``: choice i's)."""
    owner: dict[Hashable, int] = {}
    for index, own in enumerate(tokens):
        for token in own:
            if owner.setdefault(token, index) != index:
                raise BackendError(f"choices {choices[owner[token]]!r} and {choices[index]!r} start with the same "
                                   f"token ({shown(token)}); cloze scoring needs choices that differ in their first "
                                   f"token")
