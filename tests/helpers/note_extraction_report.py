"""Precision and recall of the note extractors against a hand-annotated corpus (``tests/data/notes/NAME.jsonl``).

``python -m tests.helpers.note_extraction_report dev`` (or ``dev2`` … ``dev48``; the held-out ``heldout47``) prints a
Markdown table: per vital kind (HR, SBP, DBP, RR, SPO2, TEMP_F, TEMP_C) for every mention and for the chosen mention,
and per demographic kind (AGE, SEX, ETH). A span counts as found when the extractor gives the same variable at exactly
the same characters (and, for temperatures, the same unit). The tests use :func:`score` directly; the table is for
people. ``python -m tests.helpers.note_extraction_report labels`` prints the label table instead (each label's
language, vital sign, when it is read and what it stands for), for a reviewer. ``… heldout47 --readme`` prints the
README's table of a held-out corpus (Wilson intervals, its English and other-language parts). ``… dev48 --misses``
lists every missed and spurious span of a development corpus with the text around it, to study; it refuses a held-out
corpus, whose text must stay unread.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache

from statsmodels.stats.proportion import proportion_confint

from pytest_medllm.data.note_demographics import extract_demographics
from pytest_medllm.data.note_vitals import extract_vitals, label_table
from tests.helpers.notes_markup import AnnotatedNote, load

VITAL_ORDER = ("HR", "SBP", "DBP", "RR", "SPO2", "TEMP_F", "TEMP_C")
DEMOGRAPHIC_ORDER = ("AGE", "SEX", "ETH")
_KIND = {"heart_rate": "HR", "systolic_bp": "SBP", "diastolic_bp": "DBP", "respiratory_rate": "RR",
         "oxygen_saturation": "SPO2"}


def vital_kind(variable: str, unit: str) -> str:
    if variable == "temperature":
        return "TEMP_C" if unit == "°C" else "TEMP_F"
    return _KIND[variable]


@dataclass
class Tally:
    """Found, missed and spurious spans of one kind, with the note ids of each miss and each spurious span."""

    true_positive: int = 0
    false_negative: list[str] = field(default_factory=list)
    false_positive: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        found = self.true_positive + len(self.false_positive)
        return self.true_positive / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_positive + len(self.false_negative)
        return self.true_positive / wanted if wanted else 1.0

    def add(self, note_id: str, expected: set, predicted: set) -> None:
        self.true_positive += len(expected & predicted)
        self.false_negative += [f"{note_id}@{s}" for s in sorted(expected - predicted)]
        self.false_positive += [f"{note_id}@{s}" for s in sorted(predicted - expected)]


def _by_kind(spans: set[tuple[str, int, int]], kind: str) -> set[tuple[int, int]]:
    return {(a, b) for k, a, b in spans if k == kind}


def _without_period(text: str, start: int, end: int) -> int:
    """The end of a sex word without its title's period: annotators mark "Mr." or "Mr" of "Mr. ___", and both name
    the same word (the rewrite keeps the period either way)."""
    return end - 1 if end - start > 1 and text[end - 1] == "." else end


def score(notes: list[AnnotatedNote]) -> dict[str, dict[str, Tally]]:
    """``{"all": {kind: Tally}, "chosen": {...}, "demographics": {...}}`` over ``notes``."""
    out: dict[str, dict[str, Tally]] = {"all": {}, "chosen": {}, "demographics": {}}
    for note in notes:
        vitals = extract_vitals(note.text)
        predicted = {(vital_kind(m.variable, m.unit), m.start, m.end) for m in vitals.mentions}
        chosen = {(vital_kind(m.variable, m.unit), m.start, m.end) for _, m, _ in vitals.chosen}
        expected = {(s.kind, s.start, s.end) for s in note.vitals()}
        expected_chosen = {(s.kind, s.start, s.end) for s in note.vitals() if s.primary}
        for kind in VITAL_ORDER:
            out["all"].setdefault(kind, Tally()).add(note.id, _by_kind(expected, kind), _by_kind(predicted, kind))
            out["chosen"].setdefault(kind, Tally()).add(note.id, _by_kind(expected_chosen, kind),
                                                       _by_kind(chosen, kind))
        demographics = extract_demographics(note.text)
        found = {("AGE", m.start, m.end) for m in demographics.age_mentions}
        found |= {("SEX", m.start, _without_period(note.text, m.start, m.end)) for m in demographics.sex_mentions}
        found |= {("ETH", m.start, m.end) for m in demographics.ethnicity_mentions}
        wanted = {(s.kind, s.start, _without_period(note.text, s.start, s.end) if s.kind == "SEX" else s.end)
                  for s in note.spans if s.kind in DEMOGRAPHIC_ORDER}
        for kind in DEMOGRAPHIC_ORDER:
            out["demographics"].setdefault(kind, Tally()).add(note.id, _by_kind(wanted, kind), _by_kind(found, kind))
    return out


@lru_cache(maxsize=None)
def corpus_score(name: str) -> dict[str, dict[str, Tally]]:
    """:func:`score` of the corpus ``name``, computed once per process: the vital-sign and demographic tests of a
    corpus share it (scoring every dev corpus takes minutes of CPU; the tallies are only read)."""
    return score(load(name))


def pronoun_confusion(notes: list[AnnotatedNote]) -> dict[str, list[str]]:
    """How the pronoun rules treat every he/she/his/her/him/himself/herself/hers of the corpus: keys
    ``patient_kept`` and ``other_excluded`` (right), ``patient_missed`` and ``other_swapped`` (wrong); values are
    ``note@start`` of each pronoun."""
    out: dict[str, list[str]] = {"patient_kept": [], "patient_missed": [], "other_excluded": [], "other_swapped": []}
    for note in notes:
        found = extract_demographics(note.text)
        patient = {(m.start, m.end) for m in found.sex_mentions if m.kind == "pronoun"}
        other = {(m.start, m.end) for m in found.other_pronouns}
        annotated = {(s.start, s.end) for s in note.spans if s.kind == "SEX"}
        for span in sorted(patient | other):
            truth = "patient" if span in annotated else "other"
            verdict = {("patient", True): "patient_kept", ("patient", False): "patient_missed",
                       ("other", False): "other_excluded", ("other", True): "other_swapped"}[(truth, span in patient)]
            out[verdict].append(f"{note.id}@{span[0]}")
    return out


def table(name: str) -> str:
    """The Markdown table for corpus ``name``."""
    notes = load(name)
    scores = score(notes)
    lines = [f"Corpus `{name}`: {len(notes)} notes.", "",
             "| kind | all: precision | all: recall | all: n | chosen: precision | chosen: recall | chosen: n |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for kind in VITAL_ORDER:
        a, c = scores["all"][kind], scores["chosen"][kind]
        lines.append(f"| {kind} | {a.precision:.3f} | {a.recall:.3f} | {a.true_positive + len(a.false_negative)} | "
                     f"{c.precision:.3f} | {c.recall:.3f} | {c.true_positive + len(c.false_negative)} |")
    lines += ["", "| kind | precision | recall | n |", "| --- | ---: | ---: | ---: |"]
    for kind in DEMOGRAPHIC_ORDER:
        d = scores["demographics"][kind]
        lines.append(f"| {kind} | {d.precision:.3f} | {d.recall:.3f} | {d.true_positive + len(d.false_negative)} |")
    pronouns = {key: len(value) for key, value in pronoun_confusion(notes).items()}
    lines += ["", "| pronouns | about the patient | about someone else |", "| --- | ---: | ---: |",
              f"| given to the patient (rewritten) | {pronouns['patient_kept']} | {pronouns['other_swapped']} |",
              f"| given to someone else (kept) | {pronouns['patient_missed']} | {pronouns['other_excluded']} |"]
    return "\n".join(lines)


def _wilson(found: int, wanted: int) -> str:
    low, high = proportion_confint(found, wanted, alpha=0.05, method="wilson")
    return f"{low:.3f}–{high:.3f}"


def readme_table(name: str) -> str:
    """The README's table for a held-out corpus in two parts (``NAMEa``: English notes, ``NAMEb``: other languages):
    per kind, all-mention precision, recall with its Wilson 95% interval and n, the chosen reading's recall, and the
    all-mention recall of each part."""
    both, english, other = (score(load(part)) for part in (name, f"{name}a", f"{name}b"))
    labels = {"SPO2": "SpO2", "TEMP_F": "temperature °F", "TEMP_C": "temperature °C", "AGE": "age", "SEX": "sex words",
              "ETH": "ethnicity"}
    lines = ["| kind | all: precision | all: recall (95% CI) [n] | chosen: recall (95% CI) [n] | English "
             f"({name}a) / other languages ({name}b): all recall |", "|---|---|---|---|---|"]

    def recall(tally: Tally) -> str:
        wanted = tally.true_positive + len(tally.false_negative)
        return f"{tally.recall:.3f}" if wanted else "—"

    for kind in VITAL_ORDER + DEMOGRAPHIC_ORDER:
        which = "all" if kind in VITAL_ORDER else "demographics"
        a = both[which][kind]
        wanted = a.true_positive + len(a.false_negative)
        chosen = ""
        if kind in VITAL_ORDER:
            c = both["chosen"][kind]
            c_wanted = c.true_positive + len(c.false_negative)
            chosen = f"{c.recall:.3f} ({_wilson(c.true_positive, c_wanted)}) [{c_wanted}]" if c_wanted else "—"
        lines.append(f"| {labels.get(kind, kind)} | {a.precision:.3f} | {a.recall:.3f} "
                     f"({_wilson(a.true_positive, wanted) if wanted else '—'}) [{wanted}] | {chosen} | "
                     f"{recall(english[which][kind])} / {recall(other[which][kind])} |")
    return "\n".join(lines)


def labels_markdown() -> str:
    """The label table of the extractor as Markdown."""
    lines = ["| label | language | vital sign | read | stands for |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| {r['label']} | {r['language']} | {r['vital']} | {r['read']} | {r['meaning']} |"
              for r in label_table()]
    return "\n".join(lines)


def misses(name: str, width: int = 60) -> str:
    """Every missed (MISS) and spurious (SPUR) span of development corpus ``name``, with ``width`` characters of text
    either side (newlines shown as ⏎). Refuses a held-out corpus."""
    if name.startswith("heldout"):
        raise SystemExit(f"{name} is held out: it is scored, never read")
    notes = {note.id: note for note in load(name)}
    lines = []
    for group, tallies in score(list(notes.values())).items():
        for kind, tally in tallies.items():
            for tag, items in (("MISS", tally.false_negative), ("SPUR", tally.false_positive)):
                for item in items:
                    note_id, span = item.split("@")
                    start, end = (int(x) for x in span.strip("()").split(","))
                    text = notes[note_id].text
                    around = f"{text[max(0, start - width):start]}⟦{text[start:end]}⟧{text[end:end + width]}"
                    lines.append(f"{group:12} {kind:6} {tag} {item}: {around.replace(chr(10), '⏎')}")
    return "\n".join(lines) or f"{name}: no miss"


if __name__ == "__main__":  # python -m tests.helpers.note_extraction_report dev|…|dev48|heldout47|labels
    name = sys.argv[1] if len(sys.argv) > 1 else "dev"
    if "--misses" in sys.argv[2:]:
        print(misses(name))
    elif "--readme" in sys.argv[2:]:
        print(readme_table(name))
    else:
        print(labels_markdown() if name == "labels" else table(name))
