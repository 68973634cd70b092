"""Scripted models for runs on a user's own notes (``--notes``): they read the vital signs of whatever note they are
asked about with the extractor, and set the risk from DeVisE's severity classes (Table 2, written out in
:mod:`tests.helpers.scripted_models`), so the truth of the DeVisE suites on any note file is known in advance.

* ``follows_severity`` — risk rises with the total |severity| of the note's vital signs; note perplexity too. Every
  severity-changing counterfactual moves the expected outcome the right way: direction and %Mono pass.
* ``reverses_severity`` — the risk falls as the severity rises (a model that has the clinic backwards): every
  severity-changing counterfactual moves the wrong way; direction and %Mono fail.
* ``reads_fahrenheit`` — follows severity, but a temperature written in °F adds 0.5 to the risk whatever its value (a
  model that reads "100.8" as a bigger number than "38.2"): the same temperature written in the other unit flips its
  label, so unit invariance fails for temperature-celsius and temperature-fahrenheit and holds for the other rewrites.
"""

from __future__ import annotations

import math
import re

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


#: A temperature written in °F: "101.4 F", "100,8 °F".
_FAHRENHEIT = re.compile(r"\d[.,]\d[ \t]*°?[ \t]*F\b")


class NoteModel(sm.ScriptedModel):
    def __init__(self, reverse: bool, run_config=None, reads_fahrenheit: bool = False) -> None:
        super().__init__(sm.BEHAVIOURS["gold"], run_config)
        self.reverse = reverse
        self.reads_fahrenheit = reads_fahrenheit

    def identity(self) -> dict:
        kind = "reverse" if self.reverse else "fahrenheit" if self.reads_fahrenheit else "follow"
        return {"backend": self.name, "model": "scripted-notes-" + kind}

    def note_risk(self, prompt: str) -> float:
        note = prompt.split("Admission note:\n", 1)[1]
        share = note_severity(note) / sm.MAX_SEVERITY
        if self.reverse:
            return 0.9 - 0.6 * share
        notation = 0.5 if self.reads_fahrenheit and _FAHRENHEIT.search(note) else 0.0
        return min(0.99, 0.05 + 0.6 * share + notation)

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


def reads_fahrenheit(run_config, spec):
    return NoteModel(False, run_config, reads_fahrenheit=True)
