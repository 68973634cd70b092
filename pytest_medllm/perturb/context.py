"""Evidence-context conditions for PubMedQA-shaped items (MedGemma prompt-sensitivity study, Experiment 3).

The study asks one yes/no/maybe question under eleven presentations of its abstract (Table 7, Table 13):

=================  ===============================================================================================
condition          what the model is shown
=================  ===============================================================================================
question_only      no context at all
full_context       every section, unchanged
front_50           the first 50% of the context's words
front_25           the first 25% of the context's words
back_50            the last 50% of the context's words
middle_50          the central 50% of the context's words (half of what is cut from each end)
sentence_50        the leading whole sentences whose length is closest to the first 50% of the words
background_only    the sections whose label is background-like (see :func:`section_kinds`)
results_only       the sections whose label is results- or conclusion-like
salient_top5       the 5 sentences sharing most non-stopword words with the question, in their original order
salient_top3       the same with 3 sentences
=================  ===============================================================================================

Every function here is pure: ``fn(item) -> Evidence | None``, None when the condition does not apply to the item
(CheckList's convention: an abstract without a background section has no "background only" version, and giving it
the full context instead would hide that). All conditions are INV-style comparisons against ``full_context``: the
suite measures how much of the full-context accuracy each presentation keeps.

**Unit of truncation: whitespace-separated words of the section texts** — the study's unit ("first half of
words", Table 7; its code splits the joined sections on whitespace and keeps ``int(n * ratio)`` words). Words, not
model tokens, so that "50%" shows every model under test the same evidence: a model-token unit would cut each
tokenizer's context at a different place, and two models' accuracies under "front 50%" would not be comparable.
Section labels are not words of the context; they are kept as structure. Counts round down (``floor(n * ratio)``),
as in the study; a condition that would keep no word at all is not applicable (it would be ``question_only``).

**Each condition changes only what it names.** One codebase of the study truncated the context twice (once in the
perturbation, once more in the prompt template: "50%" kept 25% and "25%" kept 12.5%), replaced the section labels
with a "TRUNCATED" label and added a line warning the model that the context "may be incomplete" — if the published
front-truncation figures came from it, they measured a quarter and an eighth of the words behind a warning. Here a
condition returns what it keeps as exact substrings of the original sections (whole sentences for the sentence
conditions), each under its original label, and the prompt (:func:`pytest_medllm.answers.prompts.evidence_prompt`) is the
same for every condition; tests check word counts, labels and substrings on constructed contexts.

**Sentence-boundary 50%** is front-50% truncation moved to the nearest sentence boundary: the prefix of whole
sentences whose word count is closest to ``floor(n / 2)`` (ties: the shorter prefix), at least one sentence and not
all of them. The study's code kept half of the *sentences*, whose word count varies with sentence lengths; the
study compares strategies "at 50% reduction" (Table 13), so we hold the amount as close to front-50% as whole
sentences allow, and the contrast with ``front_50`` is the sentence boundary alone.

**Salient sentences**: each sentence is scored by the number of distinct non-stopword words (lower-cased, at least
two characters) it shares with the question; the top k are kept (ties: earlier sentence first) and shown in their
original order and sections (two kept sentences of one section that were not adjacent are joined by one space).
With k or fewer sentences the selection would be the full context, so the condition does not apply.

Sentences are split inside each section (a sentence never spans two sections) after ``.``, ``!`` or ``?`` followed
by whitespace and a capital letter, digit or opening bracket, except after common abbreviations ("vs.", "e.g.",
"et al.", "Fig."); decimals ("0.87") have no whitespace after their point and are never split.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable

from ..data.schemas import ContextSection, EvidenceItem

#: The eleven conditions in the study's order (Table 7: core conditions, then the expanded truncation strategies).
CONDITIONS = ("question_only", "full_context", "front_50", "front_25", "back_50", "middle_50", "sentence_50",
              "background_only", "results_only", "salient_top5", "salient_top3")
#: Conditions that show part of the evidence (everything but ``question_only`` and ``full_context``).
PARTIAL = CONDITIONS[2:]

# -- section labels -------------------------------------------------------------------------------------------------
# PubMedQA's ori_pqal.json keeps each abstract's own structured-abstract labels: BACKGROUND, OBJECTIVE(S), PURPOSE,
# AIM(S), INTRODUCTION, METHOD(S), PATIENTS AND METHODS, DESIGN, SETTING, PARTICIPANTS, INTERVENTION(S), MAIN
# OUTCOME MEASURES, RESULTS, CASE REPORTS, compounds such as BACKGROUND AND STUDY AIMS or METHODS AND RESULTS, and
# more. The conclusion section is not among the contexts: it is the item's LONG_ANSWER. We classify a label by the
# words it contains, so compounds count for every kind they name ("METHODS AND RESULTS" is results-like, with its
# methods text, because a section cannot be split by kind).
#: Words that make a label background-like: the study's "introduction sentences" (its code kept BACKGROUND and
#: OBJECTIVE(S); PURPOSE, AIM, INTRODUCTION, CONTEXT, RATIONALE and HYPOTHESIS play the same role in other journals).
BACKGROUND_WORDS = frozenset({"BACKGROUND", "INTRODUCTION", "CONTEXT", "OBJECTIVE", "OBJECTIVES", "PURPOSE",
                              "PURPOSES", "AIM", "AIMS", "RATIONALE", "HYPOTHESIS", "HYPOTHESES", "IMPORTANCE",
                              "GOAL", "GOALS"})
#: Words that make a label results- or conclusion-like: the study's "conclusion sentences" (its code kept RESULTS,
#: CONCLUSIONS and FINDINGS; DISCUSSION and INTERPRETATION are where other journals state conclusions).
RESULTS_WORDS = frozenset({"RESULT", "RESULTS", "FINDING", "FINDINGS", "CONCLUSION", "CONCLUSIONS", "DISCUSSION",
                           "INTERPRETATION"})


def section_kinds(label: str) -> frozenset[str]:
    """The kinds a section label belongs to: ``{"background"}``, ``{"results"}``, both, or neither (methods,
    design, setting, participants, case reports, unlabelled…)."""
    words = set(re.findall(r"[A-Z]+", label.upper()))
    kinds = set()
    if words & BACKGROUND_WORDS:
        kinds.add("background")
    if words & RESULTS_WORDS:
        kinds.add("results")
    return frozenset(kinds)


# -- the shown evidence -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    """What one condition shows of an item: labelled sections (empty for ``question_only``) cut from the original
    sections, and how many context words that is."""

    condition: str
    item: EvidenceItem
    sections: tuple[ContextSection, ...]

    @property
    def words(self) -> int:
        """Context words shown (the unit of truncation)."""
        return _word_count(self.sections)

    @property
    def share_of_words(self) -> float:
        """Words shown as a share of the item's context words."""
        total = context_words(self.item)
        return self.words / total if total else float("nan")

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(s.label for s in self.sections)


def _word_count(sections) -> int:  # noqa: ANN001 - context sections
    return sum(len(s.text.split()) for s in sections)


def context_words(item: EvidenceItem) -> int:
    """The item's context length in the unit of truncation (whitespace-separated words of all sections)."""
    return _word_count(item.contexts)


_Span = tuple[int, int, int]  # a word or a sentence: (section index, start character, end character)


def _words(item: EvidenceItem) -> list[_Span]:
    return [(index, m.start(), m.end()) for index, section in enumerate(item.contexts)
            for m in re.finditer(r"\S+", section.text)]


def _from_spans(item: EvidenceItem, condition: str, spans: list[_Span]) -> Evidence:
    """Sections holding the given character spans, under their original labels. Spans that follow each other in the
    original (only whitespace between them) are cut out as one piece, so the spacing inside it is the original's;
    pieces that do not (sentences skipped by a selection) are joined by one space."""
    pieces: dict[int, list[tuple[int, int]]] = {}
    for index, start, end in sorted(spans):
        text = item.contexts[index].text
        runs = pieces.setdefault(index, [])
        if runs and not text[runs[-1][1]:start].strip():
            runs[-1] = (runs[-1][0], end)
        else:
            runs.append((start, end))
    sections = tuple(ContextSection(item.contexts[index].label,
                                    " ".join(item.contexts[index].text[a:b] for a, b in runs))
                     for index, runs in sorted(pieces.items()))
    return Evidence(condition, item, sections)


def _word_window(item: EvidenceItem, condition: str, fraction: float, where: str) -> Evidence | None:
    words = _words(item)
    keep = math.floor(len(words) * fraction)
    if keep == 0:
        return None
    start = {"front": 0, "back": len(words) - keep, "middle": (len(words) - keep) // 2}[where]
    return _from_spans(item, condition, words[start:start + keep])


# -- the eleven conditions ----------------------------------------------------------------------------------------

def question_only(item: EvidenceItem) -> Evidence:
    """No context: the question alone."""
    return Evidence("question_only", item, ())


def full_context(item: EvidenceItem) -> Evidence:
    """Every section, unchanged."""
    return Evidence("full_context", item, tuple(item.contexts))


def front(item: EvidenceItem, fraction: float) -> Evidence | None:
    """The first ``floor(n * fraction)`` words of the context (sections and labels kept as far as they reach)."""
    return _word_window(item, f"front_{round(fraction * 100)}", fraction, "front")


def back(item: EvidenceItem, fraction: float) -> Evidence | None:
    """The last ``floor(n * fraction)`` words of the context."""
    return _word_window(item, f"back_{round(fraction * 100)}", fraction, "back")


def middle(item: EvidenceItem, fraction: float) -> Evidence | None:
    """The central ``floor(n * fraction)`` words: ``(n - kept) // 2`` words cut from the front, the rest from the
    back (the study's split)."""
    return _word_window(item, f"middle_{round(fraction * 100)}", fraction, "middle")


_ABBREVIATIONS = frozenset({"vs", "e.g", "i.e", "al", "fig", "figs", "dr", "mr", "mrs", "ms", "prof",
                            "approx", "ca", "cf", "ref", "refs", "eq", "vol", "jr", "sr", "st", "inc", "ltd", "resp"})
_BOUNDARY = re.compile(r"[.!?][\"')\]]*(?=\s+[\"'(\[]?[A-Z0-9])")


def sentences(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of one section (see the module docstring for the rule)."""
    spans, start = [], 0
    for match in _BOUNDARY.finditer(text):
        before = re.search(r"(\S+)$", text[start:match.start() + 1])
        word = before.group(1).rstrip(".!?").lower() if before else ""
        if match.group().startswith(".") and word.lstrip("(") in _ABBREVIATIONS:
            continue
        spans.append((start, match.end()))
        start = match.end()
        while start < len(text) and text[start].isspace():
            start += 1
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return [(a, b) for a, b in spans if text[a:b].strip()]



def _sentences(item: EvidenceItem) -> list[_Span]:
    return [(index, a, b) for index, section in enumerate(item.contexts) for a, b in sentences(section.text)]


def _sentence_words(item: EvidenceItem, sentence: _Span) -> int:
    index, start, end = sentence
    return len(item.contexts[index].text[start:end].split())


def sentence_boundary(item: EvidenceItem, fraction: float = 0.5) -> Evidence | None:
    """The prefix of whole sentences whose word count is closest to ``floor(n * fraction)`` (ties: fewer words),
    at least one sentence and not all; not applicable to a context of one sentence."""
    found = _sentences(item)
    if len(found) < 2:
        return None
    budget = math.floor(context_words(item) * fraction)
    lengths = [_sentence_words(item, s) for s in found]
    prefix = [sum(lengths[:k]) for k in range(1, len(found))]  # k = 1 .. S-1 sentences
    best = min(range(len(prefix)), key=lambda i: (abs(prefix[i] - budget), prefix[i]))
    return _from_spans(item, f"sentence_{round(fraction * 100)}", found[:best + 1])


def sections_of_kind(item: EvidenceItem, kind: str) -> Evidence | None:
    """The sections whose label is of ``kind`` ("background" or "results"), unchanged; None when the item has
    none (the condition does not apply: the item is counted, not given the full context)."""
    kept = tuple(s for s in item.contexts if kind in section_kinds(s.label))
    return Evidence(f"{kind}_only", item, kept) if kept else None


#: A compact English stopword list (function words, auxiliaries, pronouns): the words that would make every
#: sentence overlap with every question.
STOPWORDS = frozenset("""
a about above after again against all also am an and any are as at be because been before being below between both
but by can could did do does doing down during each either few for from further had has have having he her here hers
herself him himself his how however i if in into is it its itself just may me might more most must my myself neither
no nor not of off on once only or other ought our ours ourselves out over own same shall she should so some such than
that the their theirs them themselves then there these they this those through thus to too under until up upon us
very was we were what when where whether which while who whom whose why will with within without would yet you your
yours yourself yourselves
""".split())


def content_words(text: str) -> frozenset[str]:
    """Lower-cased words of at least two characters that are not stopwords (hyphenated words split)."""
    return frozenset(w for w in re.findall(r"[^\W_]+", text.lower()) if len(w) > 1 and w not in STOPWORDS)


def salient(item: EvidenceItem, k: int) -> Evidence | None:
    """The ``k`` sentences sharing the most content words with the question, in their original order; None when
    the context has ``k`` sentences or fewer (the selection would be the full context)."""
    found = _sentences(item)
    if len(found) <= k:
        return None
    question = content_words(item.question)
    scores = [len(question & content_words(item.contexts[i].text[a:b])) for i, a, b in found]
    chosen = sorted(sorted(range(len(found)), key=lambda j: (-scores[j], j))[:k])
    return _from_spans(item, f"salient_top{k}", [found[j] for j in chosen])


CONDITION_FUNCTIONS: dict[str, Callable[[EvidenceItem], Evidence | None]] = {
    "question_only": question_only,
    "full_context": full_context,
    "front_50": lambda item: front(item, 0.5),
    "front_25": lambda item: front(item, 0.25),
    "back_50": lambda item: back(item, 0.5),
    "middle_50": lambda item: middle(item, 0.5),
    "sentence_50": lambda item: sentence_boundary(item, 0.5),
    "background_only": lambda item: sections_of_kind(item, "background"),
    "results_only": lambda item: sections_of_kind(item, "results"),
    "salient_top5": lambda item: salient(item, 5),
    "salient_top3": lambda item: salient(item, 3),
}


def condition(item: EvidenceItem, name: str) -> Evidence | None:
    """``item`` under the condition called ``name`` (one of :data:`CONDITIONS`), or None when it does not apply."""
    try:
        return CONDITION_FUNCTIONS[name](item)
    except KeyError:
        raise ValueError(f"unknown evidence condition {name!r}; known: {', '.join(CONDITIONS)}") from None
