"""Asking a model many multiple-choice questions in one batched call and reading its answers back.

A suite describes *jobs* (a condition name, the item as shown, the prompt); :func:`answer_jobs` generates all of
them in one batched backend call, parses each reply, maps the answer back to the original option letters through
the permutation that was applied, and scores it.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Sequence

from ..backends import Decoding, GenerationRequest
from ..data.schemas import MCQItem
from ..perturb.option_order import Reordered, identity
from .parsing import ParsedAnswer, parse_answer, unusable_class


@dataclass(frozen=True)
class Job:
    condition: str
    shown: Reordered
    prompt: str
    letters_shown: bool = True
    seed: int = 0
    #: Overrides the call's decoding (so that several temperatures can share one batched call).
    decoding: Decoding | None = None


@dataclass(frozen=True)
class Answer:
    """One parsed answer, in the letters of the item as shown and of the original item."""

    condition: str
    item_id: str
    shown: MCQItem
    order: tuple[int, ...]
    parsed: ParsedAnswer
    text: str
    finish_reason: str
    prompt: str
    #: The answer label (letter, MULTIPLE or NONE) in the original item's letters: comparable across orderings.
    label: str
    correct: bool
    token_ids: tuple[int, ...] = ()
    #: The sampling seed of this answer (0 for greedy answers).
    seed: int = 0

    @property
    def position(self) -> int | None:
        """Predicted position on the item as shown (None for MULTIPLE/NONE)."""
        return self.shown.letters.index(self.parsed.letter) if self.parsed.usable else None

    @property
    def truth_position(self) -> int:
        return self.shown.answer_index

    def to_record(self) -> dict:
        """The per-item artifact row (see :mod:`pytest_medllm.verdict.artifacts`)."""
        return {"condition": self.condition, "item_id": self.item_id, "order": list(self.order),
                "prompt_sha256": hashlib.sha256(self.prompt.encode("utf-8")).hexdigest(),
                "output": self.text, "output_token_ids": list(self.token_ids), "finish_reason": self.finish_reason,
                "parsed": self.parsed.to_dict(),
                "category": self.parsed.category, "label": self.label, "correct": self.correct}

    @property
    def unusable(self) -> str | None:
        """Why the reply chose no single option (see :data:`~pytest_medllm.answers.parsing.UNUSABLE_CLASSES`), or
        None when it chose one."""
        return unusable_class(self.parsed, self.finish_reason)

    def to_example(self) -> dict:
        """What the HTML report shows of a failing case: the end of the prompt, the reply, the verdict, and — when
        the reply went on into an invented continuation — the part that was read."""
        example = {"item_id": self.item_id, "condition": self.condition, "prompt_tail": self.prompt[-700:],
                   "output": self.text[:1200], "expected": self.shown.answer, "parsed": self.parsed.label,
                   "method": self.parsed.method, "reason": self.parsed.reason, "unusable": self.unusable or "",
                   "finish_reason": self.finish_reason}
        if self.parsed.read_chars is not None:
            example["read"] = self.text[:self.parsed.read_chars][-1200:]
            example["cut"] = self.parsed.cut
        return example


def answer_jobs(model, jobs: Sequence[Job], decoding: Decoding) -> dict[str, list[Answer]]:
    """Generate every job in one batched call; answers grouped by condition, in job order."""
    outputs = model.generate([GenerationRequest(job.prompt, job.decoding or decoding, seed=job.seed)
                              for job in jobs])
    reasoning = reasoning_format(model)
    grouped: dict[str, list[Answer]] = defaultdict(list)
    for job, output in zip(jobs, outputs):
        shown = job.shown.item
        # The asked question lets the parser tell a restated question from an invented one.
        parsed = parse_answer(output.text, shown.option_map, letters_shown=job.letters_shown, reasoning=reasoning,
                              question=f"{shown.description} {shown.question}".strip())
        label = job.shown.to_original(parsed.label)
        original_answer = job.shown.to_original(shown.answer)
        grouped[job.condition].append(Answer(
            condition=job.condition, item_id=shown.id.split("@", 1)[0], shown=shown, order=job.shown.order,
            parsed=parsed, text=output.text, finish_reason=output.finish_reason, prompt=job.prompt, label=label,
            correct=parsed.usable and label == original_answer, token_ids=tuple(output.token_ids), seed=job.seed))
    return dict(grouped)


def reasoning_format(model) -> str | None:  # noqa: ANN001 - any backend, cached or not
    """Where the model under test writes its final answer (its registry entry), so that an output cut off inside
    its reasoning is no answer rather than a letter read from the reasoning."""
    return getattr(getattr(model, "inner", model), "reasoning_format", None)


def original_jobs(condition: str, items: Sequence[MCQItem], prompt_fn, letters_shown: bool = True) -> list[Job]:
    """Jobs for items in their original order."""
    jobs = []
    for item in items:
        shown = identity(item)
        jobs.append(Job(condition, shown, prompt_fn(shown.item), letters_shown))
    return jobs
