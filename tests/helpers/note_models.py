"""Scripted models for runs on a user's own notes (``--notes``): they read the vital signs of whatever note they are
asked about with the extractor, and set the risk from DeVisE's severity classes (Table 2, written out in
:mod:`tests.helpers.scripted_models`), so the truth of the DeVisE suites on any note file is known in advance.

* ``follows_severity`` — risk rises with the total |severity| of the note's vital signs; note perplexity too. Every
  severity-changing counterfactual moves the expected outcome the right way: direction and %Mono pass.
* ``reverses_severity`` — the risk falls as the severity rises (a model that has the clinic backwards): every
  severity-changing counterfactual moves the wrong way; direction and %Mono fail.
"""

from __future__ import annotations

import math

from pytest_medllm.backends import TokenLogprobs
from tests.helpers import scripted_models as sm


def note_severity(text: str) -> int:
    """Total |severity level| of the chosen vital-sign mentions of a note's text (0 when it mentions none)."""
    from pytest_medllm.data.note_vitals import extract_vitals

    total = 0
    for variable, mention, _ in extract_vitals(text).chosen:
        if mention.in_range:
            total += abs(sm.level(variable, mention.devise_value))
    return total


class NoteModel(sm.ScriptedModel):
    def __init__(self, reverse: bool, run_config=None) -> None:
        super().__init__(sm.BEHAVIOURS["gold"], run_config)
        self.reverse = reverse

    def identity(self) -> dict:
        return {"backend": self.name, "model": "scripted-notes-" + ("reverse" if self.reverse else "follow")}

    def note_risk(self, prompt: str) -> float:
        severity = note_severity(prompt.split("Admission note:\n", 1)[1])
        share = severity / sm.MAX_SEVERITY
        return 0.9 - 0.6 * share if self.reverse else 0.05 + 0.6 * share

    def loglikelihood(self, requests, on_batch=None):
        out = []
        for r in requests:
            severity = note_severity(r.continuation)
            ppl = 2.0 + (sm.MAX_SEVERITY - severity if self.reverse else severity)
            out.append(TokenLogprobs(token_ids=(1,), tokens=("note",), logprobs=(-math.log(ppl),)))
        return out


def follows_severity(run_config, spec):
    return NoteModel(False, run_config)


def reverses_severity(run_config, spec):
    return NoteModel(True, run_config)
