"""DeVisE's task-specific evaluation: label distributions from the model, and how counterfactuals move them.

Prompts are the study's zero-shot prompts (Appendix A.6), followed by the note. The label distribution is read
from the model's log-probabilities of the label tokens right after the answer's opening ``[[`` — over the full
vocabulary, renormalised over the labels; nothing is truncated to a top-k and nothing falls back to uniform (the
published code did both). Expected mortality is P(death); expected length of stay is sum_l P(l) * mu_l with mu_l the
mean stay of bucket l (:class:`LosMeans`: from the user's labelled notes when the file gives stays, else the
documented defaults). Monotonicity is DeVisE Eq. 5-6 over every vital sign's pairs pooled (:func:`percent_monotonic_eq6`),
and accuracy and macro-F1 against real outcome labels are those of Table 3 (:func:`outcome_scores`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Iterable, Sequence

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

#: Default mean ICU stay (hours) per length-of-stay bucket, used when the notes carry no stays of their own. DeVisE's
#: mu_l are training-set means (Eq. before (4)), which it does not publish, and the synthetic cohort has no stays to
#: take means from (its labels are buckets drawn by a rule, :mod:`pytest_medllm.data.cohort`). So the defaults are
#: the midpoints of buckets 1-3 (24-38 h: 31, 39-59 h: 49, 60-112 h: 86) and 230 h for the open-ended bucket 4
#: (113-657 h; its midpoint, 385 h, would let the long tail dominate). The values are not innocuous: when probability
#: moves between several buckets at once (e.g. from bucket 2 to both 1 and 4) the sign of the expected-stay change,
#: and so %CD and m(s), depends on them; with the user's stays (``los_hours``/``los_days``) the buckets' means come
#: from the data, as in DeVisE. KL, JSD and flips do not use them at all.
LOS_DEFAULT_HOURS = {"1": 31.0, "2": 49.0, "3": 86.0, "4": 230.0}


@dataclass(frozen=True)
class LosMeans:
    """Mean ICU stay per length-of-stay bucket, and where each came from (``"data"`` or ``"default"``)."""

    hours: dict
    source: dict
    #: Labelled stays that fell in each bucket.
    counts: dict

    def to_json(self) -> dict:
        return {"hours": dict(self.hours), "source": dict(self.source), "counts": dict(self.counts)}


DEFAULT_LOS_MEANS = LosMeans(dict(LOS_DEFAULT_HOURS), dict.fromkeys(LOS_DEFAULT_HOURS, "default"),
                             dict.fromkeys(LOS_DEFAULT_HOURS, 0))


def los_bucket_means(stays_hours: Sequence[float | None]) -> LosMeans:
    """mu_l from observed stays (hours): the mean of the stays in each DeVisE bucket (Appendix A.6). A bucket with no
    stay keeps its default (:data:`LOS_DEFAULT_HOURS`) and says so in ``source``; stays under 24 h have no bucket."""
    from ..data.user_notes import los_bucket

    by_bucket: dict[str, list[float]] = {label: [] for label in LOS_DEFAULT_HOURS}
    for hours in stays_hours:
        label = None if hours is None else los_bucket(float(hours))
        if label is not None:
            by_bucket[label].append(float(hours))
    hours = {k: float(np.mean(v)) if v else LOS_DEFAULT_HOURS[k] for k, v in by_bucket.items()}
    return LosMeans(hours, {k: "data" if v else "default" for k, v in by_bucket.items()},
                    {k: len(v) for k, v in by_bucket.items()})


@dataclass(frozen=True)
class Task:
    name: str
    prompt: str
    labels: tuple[str, ...]

    def request(self, note: ClinicalNote) -> ChoiceRequest:
        # The note comes last, so counterfactuals of one patient share the whole instruction and the note up to the
        # changed value: the backend reads that common prefix once.
        return ChoiceRequest(f"{self.prompt}\n\nAdmission note:\n{note.text}", self.labels, answer_prefix="[[")

    def expected(self, probabilities: Sequence[float], los_means: LosMeans | None = None) -> float:
        """E[y | note]: P(death), or the expected ICU stay in hours under ``los_means`` (default: the defaults)."""
        if self.name == "mortality":
            return float(probabilities[self.labels.index("1")])
        means = (los_means or DEFAULT_LOS_MEANS).hours
        return float(sum(p * means[label] for p, label in zip(probabilities, self.labels)))


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
    """All-or-nothing reading of DeVisE Eq. 6 on one m(s) (one vital sign's pairs): m(s-1) <= m(s) <= m(s+1) over
    the observed shifts, m(s) < 0 for s < 0 and > 0 for s > 0, every one of them. None when fewer than two shifts
    were observed. The suites use it per vital sign (``monotonic``, ``share_of_vitals_monotonic``); DeVisE's %Mono
    is :func:`percent_monotonic_eq6`."""
    observed = [(s, v) for s, v in sorted(m.items()) if v is not None]
    if len(observed) < 2:
        return None
    ordered = all(a <= b for (_, a), (_, b) in zip(observed, observed[1:]))
    signs = all((v < 0) if s < 0 else (v > 0) if s > 0 else True for s, v in observed)
    return ordered and signs


#: The severity shifts of DeVisE Eq. 5-6 (Table 2's five classes give |sev| differences -2..+2).
SHIFTS = (-2, -1, 0, 1, 2)


def monotonic_inequalities(m: dict[int, float | None]) -> list[tuple[str, bool | None]]:
    """The eight inequalities of DeVisE Eq. 6 on m(s), s = -2..2, each with whether it holds (None when a term is
    not observed): the four orderings m(-2) <= m(-1) <= m(0) <= m(1) <= m(2) (Eq. 6's m(s-1) <= m(s) <= m(s+1) for
    every s, each adjacent pair counted once) and the four signs m(-2) < 0, m(-1) < 0, m(1) > 0, m(2) > 0."""
    out: list[tuple[str, bool | None]] = []
    for low, high in itertools.pairwise(SHIFTS):
        a, b = m.get(low), m.get(high)
        out.append((f"m({low:+d}) <= m({high:+d})", None if a is None or b is None else bool(a <= b)))
    for s in (-2, -1, 1, 2):
        v = m.get(s)
        out.append((f"m({s:+d}) {'<' if s < 0 else '>'} 0", None if v is None else bool(v < 0 if s < 0 else v > 0)))
    return out


def percent_monotonic_eq6(m: dict[int, float | None]) -> float | None:
    """DeVisE's %Mono (Eq. 5-6, Table 3): the share of Eq. 6's eight inequalities that hold on m(s), where m(s)
    pools every original-counterfactual pair with severity shift s over all vital signs (:func:`mean_shift_by_severity`
    on all pairs of a task and note type). With every m(s) observed the value is a multiple of 1/8 (Table 3's 62.5,
    75, 87.5, 100 %); an inequality with an unobserved term is left out of the share (then the denominator is
    smaller: :func:`monotonic_inequalities` says which). A fraction in [0, 1]; None when no inequality can be
    evaluated."""
    judged = [holds for _, holds in monotonic_inequalities(m) if holds is not None]
    return sum(judged) / len(judged) if judged else None


def outcome_scores(truth: Sequence[str], predicted: Sequence[str]) -> tuple[float, float]:
    """(accuracy, macro-F1) of predicted labels against the notes' real outcome labels, as DeVisE's Table 3
    reports them. Macro-F1 is the unweighted mean of per-label F1 = 2TP / (2TP + FP + FN) over the labels that
    occur in the truth or the predictions (scikit-learn's ``f1_score(average="macro")``; tested against it)."""
    if len(truth) != len(predicted) or not truth:
        raise ValueError("outcome_scores needs as many predictions as labels, at least one")
    t, p = np.asarray(truth), np.asarray(predicted)
    accuracy = float(np.mean(t == p))
    f1 = []
    for label in sorted(set(truth) | set(predicted)):
        tp = float(np.sum((t == label) & (p == label)))
        fp = float(np.sum((t != label) & (p == label)))
        fn = float(np.sum((t == label) & (p != label)))
        f1.append(2 * tp / (2 * tp + fp + fn))
    return accuracy, float(np.mean(f1))


def predicted_label(task: Task, probabilities: Sequence[float]) -> str:
    """The most probable label (ties: the first), DeVisE's categorical prediction."""
    return task.labels[int(np.argmax(probabilities))]


def distribution(scores) -> tuple[float, ...]:
    """Label probabilities renormalised over the labels (from full-vocabulary log-probabilities)."""
    values = scores.normalized()
    if any(math.isnan(v) for v in values):
        raise ValueError("label log-probabilities are not finite")
    return tuple(values)


class LabelDistributions:
    """The model's label distribution per ``(note id, task)``, scored in batches: first every ``(style, task)`` block
    the run's selected tests name, in one call, then any other block on its first use (so that a test never depends on
    what the selection was thought to need)."""

    def __init__(self, model, notes_by_style: dict[str, dict], wanted: Iterable[tuple[str, str]]) -> None:
        self._model = model
        self._notes_by_style = notes_by_style
        self._style_of = {note_id: style for style, notes in notes_by_style.items() for note_id in notes}
        self._scored: dict[tuple[str, str], tuple[float, ...]] = {}
        self._blocks: set[tuple[str, str]] = set()
        self._score(list(wanted))

    def _score(self, blocks: list[tuple[str, str]]) -> None:
        blocks = [b for b in blocks if b not in self._blocks]
        keys = [(note_id, task) for style, task in blocks for note_id in self._notes_by_style[style]]
        if keys:
            notes = {note_id: note for style, _ in blocks for note_id, note in self._notes_by_style[style].items()}
            scores = self._model.score_choices([TASKS[task].request(notes[note_id]) for note_id, task in keys])
            self._scored.update({key: distribution(s) for key, s in zip(keys, scores)})
        self._blocks.update(blocks)

    def __getitem__(self, key: tuple[str, str]) -> tuple[float, ...]:
        if key not in self._scored:
            note_id, task = key
            if note_id not in self._style_of or task not in TASKS:
                raise KeyError(key)
            self._score([(self._style_of[note_id], task)])
        return self._scored[key]
