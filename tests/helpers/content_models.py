"""Two scripted models for the release comparison, whose option-order behaviour is known exactly.

``content``: always picks the option whose text sorts first, wherever it is shown — 0 flips under any reordering.
``position20``: the same, except on exactly a fifth of the items of a ``--max-items 20`` run, where it answers
whatever stands at position A — those items flip whenever a reordering moves A's text (every rotation does).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pytest_medllm.backends import Backend, ChoiceScores, Generation

_OPTION = re.compile(r"(?:^|[\s;])([A-J])\. (.+?)(?=\s+[A-J]\. |;\s*[A-J]\. |\n|$)", re.M)


def options_in(prompt: str) -> list[tuple[str, str]]:
    """Lettered options as the prompt shows them, in order (the last block of options in the prompt)."""
    return [(m.group(1), m.group(2).strip().rstrip(";")) for m in _OPTION.finditer(prompt)]


def _key(options) -> str:
    """An item's identity from its option texts in sorted order: the same in every ordering and prompt."""
    return "|".join(sorted(text for _, text in options))


@lru_cache(maxsize=1)
def _position_items() -> frozenset[str]:
    """Exactly a fifth of the items a ``--max-items 20`` run asks (seed 1234): the first four by id."""
    from pytest_medllm.data.loaders import load_dataset
    from pytest_medllm.data.select import stratified_subset

    chosen = sorted(stratified_subset(load_dataset("demo").items, 20, seed=1234), key=lambda item: item.id)
    return frozenset(_key(item.options) for item in chosen[:4])


def follows_position(options) -> bool:
    """Whether ``position20`` answers this item by position."""
    return _key(options) in _position_items()


class ContentModel(Backend):
    name = "content"

    def __init__(self, variant: str) -> None:
        self.variant = variant

    def identity(self) -> dict:
        return {"backend": self.name, "model": f"scripted-{self.variant}"}

    def choose(self, prompt: str) -> str:
        options = options_in(prompt)
        if not options:
            return "I cannot tell."
        if self.variant == "position20" and follows_position(options):
            return options[0][0]
        return min(options, key=lambda kv: kv[1].casefold())[0]

    def generate(self, requests, on_batch=None):
        out = [Generation(text=f"The answer is {self.choose(r.prompt)}.", token_ids=(1,), finish_reason="eos")
               for r in requests]
        if on_batch:
            on_batch(list(enumerate(out)))
        return out

    def score_choices(self, requests, on_batch=None):
        out = []
        for r in requests:
            chosen = self.choose(r.prompt)
            out.append(ChoiceScores(tuple(0.0 if c == chosen else -5.0 for c in r.choices)))
        return out


def content(run_config, spec):
    return ContentModel("content")


def position20(run_config, spec):
    return ContentModel("position20")
