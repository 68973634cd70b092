"""Item types: frozen, validated on construction, so a bad item fails where it is made, not deep in a suite."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, fields, replace
from typing import Iterable, Literal, Sequence

DECISIONS = ("yes", "no", "maybe")
#: The two answer categories besides an option (or a decision): a reply that chose several, and one that chose none.
MULTIPLE = "MULTIPLE"
NONE = "NONE"


class ItemError(ValueError):
    """An item violates its schema; the message names the field and what was expected."""


def _text_problem(value: object) -> str | None:
    """Why ``value`` is not text an item can hold (reports write it as UTF-8; a NUL marks binary data)."""
    if not isinstance(value, str):
        return f"must be text, got {type(value).__name__}"
    if "\x00" in value:
        return "holds a NUL character"
    if not value.isascii():  # the encoding check is the slow part: ASCII text needs none
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "holds an unpaired surrogate, not Unicode text"
    return None


def _require_text(owner: str, name: str, value: object) -> str:
    problem = _text_problem(value)
    if problem:
        raise ItemError(f"{owner}: field {name!r} {problem}")
    if not value.strip():  # type: ignore[union-attr]
        raise ItemError(f"{owner}: field {name!r} must be non-empty text, got {value!r}"[:300])
    return value  # type: ignore[return-value]


def _check_optional_text(owner: str, item: object, names: tuple[str, ...]) -> None:
    """Fields that may be empty must still be text."""
    for name in names:
        problem = _text_problem(getattr(item, name))
        if problem:
            raise ItemError(f"{owner}: field {name!r} {problem}")


def _optional_text_fields(cls: type) -> tuple[str, ...]:
    """The ``str`` fields of a dataclass that default to "" (computed once per class: fields() is slow)."""
    return tuple(spec.name for spec in fields(cls) if spec.type == "str" and spec.default == "")


@dataclass(frozen=True)
class MCQItem:
    """A multiple-choice item: clinical description, question, ordered lettered options, one correct letter."""

    id: str
    question: str
    #: Ordered ``(letter, text)`` pairs, e.g. ``(("A", "Turner syndrome"), ("B", ...))``.
    options: tuple[tuple[str, str], ...]
    answer: str
    description: str = ""
    explanation: str = ""
    subject: str = ""
    #: Where the item came from (``file:line``), for error messages and reports.
    source: str = ""

    def __post_init__(self) -> None:
        owner = f"item {self.id!r}" if self.id else "item"
        _require_text(owner, "id", self.id)
        _require_text(owner, "question", self.question)
        _check_optional_text(owner, self, _MCQ_OPTIONAL)
        options = tuple((letter, text) for letter, text in self.options)
        object.__setattr__(self, "options", options)
        if len(options) < 2:
            raise ItemError(f"{owner}: field 'options' needs at least 2 options, got {len(options)}")
        letters = [letter for letter, _ in options]
        for letter in letters:  # at most 26 options: one per letter A-Z
            if not isinstance(letter, str) or len(letter) != 1 or letter not in string.ascii_uppercase:
                raise ItemError(f"{owner}: option letters must be single capital letters A-Z, got {letter!r}")
        for letter, text in options:
            problem = _text_problem(text)
            if problem:
                raise ItemError(f"{owner}: option {letter!r} {problem}")
        if len(set(letters)) != len(letters):
            raise ItemError(f"{owner}: option letters repeat: {letters}")
        texts = [text.strip() for _, text in options]
        if any(not text for text in texts):
            raise ItemError(f"{owner}: option {letters[texts.index('')]!r} has empty text")
        folded = [_fold(text) for text in texts]
        if len(set(folded)) != len(folded):
            dupes = sorted({t for t in texts if folded.count(_fold(t)) > 1})
            raise ItemError(f"{owner}: options repeat the same text {dupes}; answers could not be mapped back "
                            f"to option content")
        if self.answer not in letters:
            raise ItemError(f"{owner}: field 'answer' must be one of {''.join(letters)}, got {self.answer!r}")

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.options)

    @property
    def option_texts(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.options)

    @property
    def option_map(self) -> dict[str, str]:
        return dict(self.options)

    @property
    def answer_index(self) -> int:
        return self.letters.index(self.answer)

    @property
    def answer_text(self) -> str:
        return self.option_map[self.answer]

    def reorder(self, order: Sequence[int], suffix: str = "") -> "MCQItem":
        """The same item with options in ``order`` (indices into the current options), relettered A, B, …

        The answer letter follows its option text through the permutation that was actually applied.
        """
        if sorted(order) != list(range(len(self.options))):
            raise ItemError(f"item {self.id!r}: {list(order)} is not a permutation of {len(self.options)} options")
        texts = [self.options[i][1] for i in order]
        letters = self.letters
        new_answer = letters[list(order).index(self.answer_index)]
        return replace(self, options=tuple(zip(letters, texts)), answer=new_answer,
                       id=self.id + suffix if suffix else self.id)


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


_MCQ_OPTIONAL = _optional_text_fields(MCQItem)


@dataclass(frozen=True)
class ContextSection:
    label: str
    text: str


@dataclass(frozen=True)
class EvidenceItem:
    """An evidence question in the PubMedQA shape: question, labelled abstract sections, yes/no/maybe."""

    id: str
    question: str
    contexts: tuple[ContextSection, ...]
    decision: Literal["yes", "no", "maybe"]
    long_answer: str = ""
    year: str = ""
    meshes: tuple[str, ...] = ()
    source: str = ""

    def __post_init__(self) -> None:
        owner = f"item {self.id!r}" if self.id else "item"
        _require_text(owner, "id", self.id)
        _require_text(owner, "question", self.question)
        if not self.contexts:
            raise ItemError(f"{owner}: field 'contexts' must hold at least one section")
        for section in self.contexts:
            _require_text(owner, "context label", section.label)
            _require_text(owner, "context text", section.text)
        if self.decision not in DECISIONS:
            raise ItemError(f"{owner}: field 'decision' must be yes, no or maybe, got {self.decision!r}")
        _check_optional_text(owner, self, _EVIDENCE_OPTIONAL)
        for mesh in self.meshes:
            _require_text(owner, "meshes", mesh)

    @property
    def context_text(self) -> str:
        return " ".join(section.text for section in self.contexts)


_EVIDENCE_OPTIONAL = _optional_text_fields(EvidenceItem)


VITAL_SIGNS = ("heart_rate", "systolic_bp", "diastolic_bp", "respiratory_rate", "oxygen_saturation", "temperature")
#: Admissible ranges of DeVisE (Table 2): bpm, mmHg, mmHg, breaths/min, % SpO2, °F. Values outside are typos.
VITAL_LIMITS = {
    "heart_rate": (1.0, 200.0),
    "systolic_bp": (1.0, 220.0),
    "diastolic_bp": (1.0, 140.0),
    "respiratory_rate": (1.0, 50.0),
    "oxygen_saturation": (1.0, 100.0),
    "temperature": (70.0, 110.0),
}
GENDERS = ("female", "male")
#: DeVisE Table 1 ethnicity classes.
ETHNICITIES = ("Asian & Pacific", "Black", "Hispanic/Latino", "Other/Unknown", "White")
#: Variables a counterfactual can change, with the text span that shows each one.
VARIABLES = ("age", "gender", "ethnicity", *VITAL_SIGNS)


@dataclass(frozen=True)
class ClinicalNote:
    """An ICU admission note: structured demographics and vital signs plus the rendered text.

    ``spans`` say where each variable's value stands in ``text`` (``(variable, start, end)``), so that a
    counterfactual edits exactly that value and a diff can prove nothing else changed.

    Style "user" is a note from the user's own file (:mod:`pytest_medllm.data.user_notes`): its age, gender and
    ethnicity may be unknown (None), its age need not lie in DeVisE's range, its labels are the real outcomes the
    file gives, and its spans are the ones the extractors found (for a vital sign, the chosen mention only).
    """

    id: str
    #: Years; None only for a user note that does not say.
    age: int | None
    gender: str | None
    ethnicity: str | None
    #: Vital signs by name (see :data:`VITAL_SIGNS`); None where missing from the note.
    vitals: tuple[tuple[str, float | None], ...]
    text: str
    style: Literal["template", "raw", "user"]
    spans: tuple[tuple[str, int, int], ...] = ()
    #: Outcome labels keyed by task: synthetic for the cohort (see :mod:`pytest_medllm.data.cohort` for the rule),
    #: the file's own for user notes.
    labels: tuple[tuple[str, str], ...] = ()
    synthetic: bool = True
    #: The patient this note describes (original and counterfactual notes share it).
    patient_id: str = ""

    def __post_init__(self) -> None:
        owner = f"note {self.id!r}" if self.id else "note"
        _require_text(owner, "id", self.id)
        _require_text(owner, "text", self.text)
        if self.style not in ("template", "raw", "user"):
            raise ItemError(f"{owner}: field 'style' must be template, raw or user, got {self.style!r}")
        user = self.style == "user"
        if user and self.age is not None and (isinstance(self.age, bool) or not isinstance(self.age, int)
                                              or not 0 <= self.age <= 130):
            raise ItemError(f"{owner}: field 'age' must be a whole number of years 0-130 or unknown, got {self.age!r}")
        if not user and not (isinstance(self.age, int) and 18 <= self.age <= 91):
            raise ItemError(f"{owner}: field 'age' must be 18-91 years (DeVisE's range), got {self.age!r}")
        if self.gender not in GENDERS and not (user and self.gender is None):
            raise ItemError(f"{owner}: field 'gender' must be one of {GENDERS}, got {self.gender!r}")
        if self.ethnicity not in ETHNICITIES and not (user and self.ethnicity is None):
            raise ItemError(f"{owner}: field 'ethnicity' must be one of {ETHNICITIES}, got {self.ethnicity!r}")
        names = [name for name, _ in self.vitals]
        unknown = set(names) - set(VITAL_SIGNS)
        if unknown:
            raise ItemError(f"{owner}: unknown vital signs {sorted(unknown)}; known: {VITAL_SIGNS}")
        for name, value in self.vitals:
            if value is None:
                continue
            low, high = VITAL_LIMITS[name]
            if not (isinstance(value, (int, float)) and math.isfinite(value) and low <= value <= high):
                raise ItemError(f"{owner}: vital sign {name!r} must be within {low}-{high}, got {value!r}")
        for variable, start, end in self.spans:
            if variable not in VARIABLES or not 0 <= start < end <= len(self.text):
                raise ItemError(f"{owner}: span {(variable, start, end)} is not a variable span inside the text")

    @property
    def vital_map(self) -> dict[str, float | None]:
        return dict(self.vitals)

    @property
    def label_map(self) -> dict[str, str]:
        return dict(self.labels)

    def span_text(self, variable: str) -> list[str]:
        return [self.text[a:b] for name, a, b in self.spans if name == variable]


def unique_ids(items: Iterable[object]) -> None:
    """Raise if two items share an id (suites key results by id); the message names where both came from."""
    seen: dict[str, object] = {}
    for item in items:
        item_id = item.id  # type: ignore[attr-defined]
        if item_id in seen:
            where = [getattr(x, "source", "") for x in (seen[item_id], item)]
            both = f" ({where[0]} and {where[1]})" if all(where) else ""
            raise ItemError(f"two items share the id {item_id!r}{both}; ids must be unique")
        seen[item_id] = item
