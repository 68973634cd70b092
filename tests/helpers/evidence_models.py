"""Constructed PubMedQA-shaped items and scripted models whose evidence-conditioning behaviour is known exactly.

Each item's results section ends with a *finding sentence* ("Finding code: yes."), the only place its answer is
stated; its background section opens with an *opening sentence*. Sentences are built so that every condition's
outcome is known by construction (see :func:`shown`): the finding is the context's last sentence (front, middle and
sentence-boundary cuts lose it, back-50% keeps it), and it shares two words with the question on "salient" items
(selected by top-5 and top-3) and none on the others (never selected: six other sentences share one word).

Scripted models (``--backend tests.helpers.evidence_models:NAME``):

``results_reader``    answers the finding when it is shown, else "maybe"; under the question alone it answers
                      "Yes or no, it depends." (MULTIPLE) on item 12 and "I cannot tell from this." (NONE) on item 15.
``misled``            answers the finding when it is shown; shown context without the finding, it answers a wrong
                      decision; with no context, "maybe" — partial evidence misleads it below no evidence.
``needs_background``  answers the finding only when the opening sentence is shown too, else "maybe" — it needs the
                      start of the abstract for orientation, so the results alone do not help it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytest_medllm.backends import Backend, Generation

N_ITEMS = 24
DECISIONS = ("yes", "no", "maybe")
NO_BACKGROUND = frozenset({0, 1, 2})
NO_RESULTS = frozenset({3, 4, 5})
#: Items with a short context (4 sentences): top-5 selection does not apply to them.
SHORT = frozenset({6, 7, 8})
MULTIPLE_ITEM, NONE_ITEM = 12, 15
BACKGROUND_LABELS = {9: "OBJECTIVE", 10: "BACKGROUND AND AIMS"}
METHODS_LABELS = {11: "PATIENTS AND METHODS"}
RESULTS_LABELS = {13: "MAIN RESULTS", 14: "FINDINGS"}
_WRONG = {"yes": "no", "no": "maybe", "maybe": "yes"}


def decision(i: int) -> str:
    return DECISIONS[i % 3]


def salient_item(i: int) -> bool:
    """Whether the finding sentence shares words with the question (so salient selection keeps it)."""
    return i % 2 == 0


def _words(i: int) -> tuple[str, str]:
    """Two made-up words unique to item ``i`` (the question's topic)."""
    letters = "bcdfghjklmnpqrstvwxz"
    return f"zor{letters[i % 20]}{letters[i // 20]}ide", f"quen{letters[i % 20]}{letters[i // 20]}al"


def question(i: int) -> str:
    drug, condition = _words(i)
    return f"Does {drug} lower {condition} relapse?"


def opening(i: int) -> str:
    return f"The {_words(i)[0]} compound was described decades ago by chemists."


def finding(i: int) -> str:
    drug, condition = _words(i)
    if salient_item(i):
        return f"For {drug} and {condition} the finding code: {decision(i)}."
    return f"Finding code: {decision(i)}."


def record(i: int) -> dict:
    """Item ``i`` as an ori_pqal.json record."""
    drug, condition = _words(i)
    background = [opening(i), f"Interest in {drug} grew after several small case series.",
                  f"Little is known about {drug} outside specialist centres."]
    methods = [f"We enrolled adults with {condition} at two hospitals.", f"Each {condition} episode was confirmed "
               f"by imaging.", f"Follow-up of {condition} lasted twelve months."]
    results = ["Enrolment finished on schedule with complete follow-up.", "Adherence was high in both groups.",
               finding(i)]
    if i in SHORT:
        background, methods, results = [opening(i)], [], ["Enrolment finished on schedule.", "Adherence was high.",
                                                          finding(i)]
    sections = []
    if i not in NO_BACKGROUND:
        sections.append((BACKGROUND_LABELS.get(i, "BACKGROUND"), background))
    if methods:
        sections.append((METHODS_LABELS.get(i, "METHODS"), methods))
    if i not in NO_RESULTS:
        sections.append((RESULTS_LABELS.get(i, "RESULTS"), results))
    return {"QUESTION": question(i), "CONTEXTS": [" ".join(s) for _, s in sections],
            "LABELS": [label for label, _ in sections], "MESHES": [], "YEAR": "2020",
            "reasoning_required_pred": decision(i), "reasoning_free_pred": decision(i),
            "final_decision": decision(i), "LONG_ANSWER": "Constructed item."}


def write_dataset(path: Path) -> Path:
    """Write the constructed items as a PubMedQA ori_pqal.json file (keyed by made-up PMIDs)."""
    path.write_text(json.dumps({f"9000{i:02d}": record(i) for i in range(N_ITEMS)}, indent=1), encoding="utf-8")
    return path


def shown(i: int, condition: str) -> set[str]:
    """Which of the finding and opening sentences a condition shows whole, by construction. (Front cuts may show the
    opening too, but never the finding, so no reply depends on it there; it is not claimed.)"""
    out = set()
    if i not in NO_RESULTS and (condition in {"full_context", "back_50", "results_only"}
                                or (condition.startswith("salient") and salient_item(i))):
        out.add("finding")
    # The opening sentence starts the background section, and salient selection keeps it: it shares a word with
    # the question and comes first among the sentences that do.
    if i not in NO_BACKGROUND and condition in {"full_context", "background_only", "salient_top5", "salient_top3"}:
        out.add("opening")
    return out


def applicable(i: int, condition: str) -> bool:
    if condition == "background_only":
        return i not in NO_BACKGROUND
    if condition == "results_only":
        return i not in NO_RESULTS
    if condition == "salient_top5":
        return i not in SHORT
    return True


def reply(variant: str, i: int, condition: str) -> str:
    """The scripted reply of ``variant`` to item ``i`` under ``condition`` (what the test expects)."""
    seen = shown(i, condition)
    if variant == "results_reader" and condition == "question_only" and i in (MULTIPLE_ITEM, NONE_ITEM):
        return "Yes or no, it depends." if i == MULTIPLE_ITEM else "I cannot tell from this."
    reads = "finding" in seen and (variant != "needs_background" or "opening" in seen)
    if reads:
        return f"{decision(i).capitalize()}."
    if variant == "misled" and condition != "question_only":
        return f"{_WRONG[decision(i)].capitalize()}."
    return "Maybe."


class EvidenceModel(Backend):
    """Reads the prompt the suite sends (appendix-A template) and answers by its variant's rule."""

    name = "scripted-evidence"

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.by_question = {question(i): i for i in range(N_ITEMS)}

    def identity(self) -> dict:
        return {"backend": self.name, "model": f"scripted-{self.variant}"}

    def answer(self, prompt: str) -> str:
        i = self.by_question[re.search(r"^Question: (.+)$", prompt, re.M).group(1).strip()]
        context = prompt.split("\nQuestion: ")[0]
        found = re.search(r"finding code: (yes|no|maybe)\.", context, re.I)
        has_context = "\nContext: " in context
        seen = set()
        if found:
            seen.add("finding")
        if opening(i) in context:
            seen.add("opening")
        if self.variant == "results_reader" and not has_context and i in (MULTIPLE_ITEM, NONE_ITEM):
            return "Yes or no, it depends." if i == MULTIPLE_ITEM else "I cannot tell from this."
        if "finding" in seen and (self.variant != "needs_background" or "opening" in seen):
            return f"{found.group(1).capitalize()}."
        if self.variant == "misled" and has_context:
            return f"{_WRONG[decision(i)].capitalize()}."
        return "Maybe."

    def generate(self, requests, on_batch=None):
        out = [Generation(text=self.answer(r.prompt), token_ids=(1,), finish_reason="eos") for r in requests]
        if on_batch:
            on_batch(list(enumerate(out)))
        return out


def results_reader(run_config, spec):
    return EvidenceModel("results_reader")


def misled(run_config, spec):
    return EvidenceModel("misled")


def needs_background(run_config, spec):
    return EvidenceModel("needs_background")
