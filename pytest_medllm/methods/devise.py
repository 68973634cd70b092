"""DeVisE's task-specific evaluation: label distributions from the model, and how counterfactuals move them.

Prompts are the study's zero-shot prompts (Appendix A.6), followed by the note. The label distribution is read
from the model's log-probabilities of the label tokens right after the answer's opening ``[[`` — over the full
vocabulary, renormalised over the labels; nothing is truncated to a top-k and nothing falls back to uniform (the
published code did both). Expected length of stay uses the bucket means below; expected mortality is P(death).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from scipy.spatial.distance import jensenshannon
from scipy.stats import entropy

from ..backends import ChoiceRequest
from ..data.schemas import ClinicalNote

LOS_PROMPT = (
    "You are an expert in ICU length-of-stay prediction. Based only on the patient’s admission note, predict in "
    "which ICU length-of-stay bucket the patient will fall.\n\n"
    "We divide ICU length of stay (for stays ≥ 24 hours) into 4 groups:\n\n"
    "- [[1]] Very short stay (24 to 38 hours)\n\n"
    "- [[2]] Short stay (39 to 59 hours)\n"
    "- [[3]] Moderate stay (60 to 112 hours)\n"
    "- [[4]] Long stay (113 to 657 hours)\n\n"
    "Return only the bucket in double brackets: [[1]], [[2]], [[3]], or [[4]]."
)
MORTALITY_PROMPT = (
    "You are an expert in ICU mortality prediction. Based only on the patient’s structured admission note, predict "
    "whether the patient will die before ICU discharge.\n\n"
    "Return only the target value in double brackets:\n\n"
    "- [[0]] for survival\n"
    "- [[1]] for death"
)

#: Mean ICU stay (hours) per length-of-stay bucket. DeVisE uses training-set means, which it does not publish; we use
#: the midpoints of buckets 1-3 and 230 h for the open-ended bucket 4 (its midpoint, 385 h, would let the long tail
#: dominate). Only the ordering matters for direction and monotonicity; KL and flips do not use these at all.
LOS_BUCKET_MEANS_HOURS = {"1": 31.0, "2": 49.0, "3": 86.0, "4": 230.0}


@dataclass(frozen=True)
class Task:
    name: str
    prompt: str
    labels: tuple[str, ...]

    def request(self, note: ClinicalNote) -> ChoiceRequest:
        # The note comes last, so counterfactuals of one patient share the whole instruction and the note up to the
        # changed value: the backend reads that common prefix once.
        return ChoiceRequest(f"{self.prompt}\n\nAdmission note:\n{note.text}", self.labels, answer_prefix="[[")

    def expected(self, probabilities: Sequence[float]) -> float:
        if self.name == "mortality":
            return float(probabilities[self.labels.index("1")])
        return float(sum(p * LOS_BUCKET_MEANS_HOURS[label] for p, label in zip(probabilities, self.labels)))


TASKS = {"mortality": Task("mortality", MORTALITY_PROMPT, ("0", "1")),
         "los": Task("los", LOS_PROMPT, ("1", "2", "3", "4"))}


def kl_divergence(p: Sequence[float], q: Sequence[float]) -> float:
    """KL(p || q) in nats (scipy.stats.entropy); DeVisE's g(a, b) = KL(f(Y|counterfactual) || f(Y|original))."""
    return float(entropy(np.asarray(p, dtype=float), np.asarray(q, dtype=float)))


def js_divergence(p: Sequence[float], q: Sequence[float]) -> float:
    """Jensen-Shannon divergence in nats (the square of scipy's Jensen-Shannon distance) — what one published
    codebase computed while its paper said KL; reported under its own name."""
    return float(jensenshannon(np.asarray(p, dtype=float), np.asarray(q, dtype=float)) ** 2)


@dataclass(frozen=True)
class Pair:
    """An original note and one counterfactual, with the model's label distributions for one task."""

    patient_id: str
    variable: str
    value_class: str
    severity_shift: int | None
    original: tuple[float, ...]
    counterfactual: tuple[float, ...]
    expected_original: float
    expected_counterfactual: float
    #: The counterfactual note's id: the unit a pair is counted as (a patient has several counterfactuals per
    #: severity class when more than one value is drawn per class, as in the paper profile).
    counterfactual_id: str = ""

    @property
    def unit(self) -> str:
        """What identifies this pair among all pairs of a test (the counterfactual note, else patient and class)."""
        return self.counterfactual_id or f"{self.patient_id}|{self.variable}|{self.value_class}"

    @property
    def kl(self) -> float:
        return kl_divergence(self.counterfactual, self.original)

    @property
    def js(self) -> float:
        return js_divergence(self.counterfactual, self.original)

    @property
    def flipped(self) -> bool:
        return int(np.argmax(self.counterfactual)) != int(np.argmax(self.original))

    @property
    def shift(self) -> float:
        return self.expected_counterfactual - self.expected_original

    @property
    def correct_direction(self) -> bool | None:
        """DeVisE Eq. 4: sign of the expected-outcome change equals the sign of the severity shift (None when the
        severity is unchanged, where only an exactly equal prediction would count)."""
        if not self.severity_shift:
            return None
        return bool(np.sign(self.shift) == np.sign(self.severity_shift))


def mean_shift_by_severity(pairs: Sequence[Pair]) -> dict[int, float | None]:
    """m(s) of DeVisE Eq. 5: the mean expected-outcome change over pairs with severity shift s."""
    out: dict[int, float | None] = {}
    for s in (-2, -1, 0, 1, 2):
        shifts = [p.shift for p in pairs if p.severity_shift == s]
        out[s] = float(np.mean(shifts)) if shifts else None
    return out


def is_monotonic(m: dict[int, float | None]) -> bool | None:
    """DeVisE Eq. 6: m(s-1) <= m(s) <= m(s+1) over the observed shifts, m(s) < 0 for s < 0 and > 0 for s > 0.
    None when fewer than two shifts were observed."""
    observed = [(s, v) for s, v in sorted(m.items()) if v is not None]
    if len(observed) < 2:
        return None
    ordered = all(a <= b for (_, a), (_, b) in zip(observed, observed[1:]))
    signs = all((v < 0) if s < 0 else (v > 0) if s > 0 else True for s, v in observed)
    return ordered and signs


def distribution(scores) -> tuple[float, ...]:
    """Label probabilities renormalised over the labels (from full-vocabulary log-probabilities)."""
    values = scores.normalized()
    if any(math.isnan(v) for v in values):
        raise ValueError("label log-probabilities are not finite")
    return tuple(values)
