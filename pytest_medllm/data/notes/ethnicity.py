"""Ethnicity mentions of a clinical note: a race or ethnicity term (:data:`~.lexicon.ETHNICITY_TERMS`) where it
describes the patient — the value of a race/ethnicity field, a term before a patient noun or right after the age, in
apposition after the patient, said of the patient, of a descent or a background, an item of the comma-separated
opening line that gives the patient's age — by the rules of :func:`find_ethnicities`, which
:mod:`pytest_medllm.data.note_demographics` describes. Pure functions of the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..schemas import ETHNICITIES
from .lexicon import ETHNICITY_TERMS, ORIGIN_TERMS

assert set(ETHNICITY_TERMS.values()) <= set(ETHNICITIES)
_ETHNICITY = re.compile(r"(?<![^\W\d_]|-)(?:" + "|".join(sorted((re.escape(t) for t in ETHNICITY_TERMS),
                                                                 key=len, reverse=True))
                        + r")(?:[- ]American)?(?![^\W\d_]|-(?!born\b))", re.I)  # "Jamaican-born" too
#: "Femme de 45 ans, d'origine malienne", "de origen ecuatoriano", "di origine marocchina".
_ORIGIN = re.compile(r"\b(?:d['’]\s*origine|de\s+origen|di\s+origine)\s+(?P<t>[^\W\d_]+(?:-[^\W\d_]+)?)", re.I)
_PATIENT_NOUN_AFTER = re.compile(r"^(?:[\s,-]+(?:\w+[\s-]+){0,2}?)(?:man|woman|male|female|gentleman|lady|boy|girl|"
                                 r"patient|pt|person|adult|M|F|individual|veteran|national|citizen)\b")
#: What may stand between the age and an ethnicity that describes the patient: "57 yo Filipino", "47M (Black)".
_AGE_TAIL = re.compile(r"[\s,()/.-]*(?:(?:years?|yrs?|yo|y/o|y\.o|old|year-old|[MFy]|J|ans|años|anos|anni|jaar|år)\b"
                       r"[\s,()/.-]*)*")
_NOT_PATIENT_AFTER = re.compile(r"^[\s-]*(?:[A-Z][a-z]+[\s-]+)?(?:speaking|speaker|interpreter|translator|language|"
                                r"liaison|food|cuisine|restaurant|community|church)", re.I)


@dataclass(frozen=True)
class EthnicityMention:
    start: int
    end: int
    text: str
    ethnicity: str
    #: "field" ("Race: WHITE") or "prose".
    form: str = "prose"


class _Span(Protocol):
    """An age mention: where its number stands."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


#: A patient noun or an age right before: "61-year-old man, Korean,", "52-yr-old man from the Irish Traveller".
_PATIENT_BEFORE = re.compile(r"(?:\b(?:man|woman|male|female|gentleman|lady|boy|girl|patient|pt|feminino|masculino)|"
                             r"\d[ \t]?[MF]\b|"
                             r"\b(?:year|yr)s?[- ]old|\b(?:Mr|Mrs|Ms|Miss)\.?\s+(?:_{2,}|[A-Z][a-z]+))\s*,?\s*"
                             r"(?:from\s+the\s+)?$", re.I)


#: Race written as a letter glued to the sex letter after an age: "58 y/o WM", "41 yo AAF", "67 yo BF".
_GLUED_ETHNICITY = re.compile(r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*(?P<e>AA|W|B)(?=[MF]\b)")
_GLUED_CLASSES = {"AA": "Black", "W": "White", "B": "Black"}
_AGE_RACE_SEX = re.compile(r"(?<![\w/.])\d{1,3}[ \t]*/[ \t]*(?P<e>[A-Z][a-z]+)[ \t]*/[ \t]*[MF](?![\w/])")


#: The rest of a race/ethnicity field's value after its first term: capitalised words up to the field's end, not a
#: religion ("Community: Punjabi Sikh" is Punjabi).
_FIELD_VALUE_REST = re.compile(r"(?:[ \t]*[-/][ \t]*|[ \t])(?!(?:Sikh|Hindu|Muslim|Christian|Catholic|Buddhist|"
                               r"Protestant|Jain|Orthodox|Roman)\b)[A-Z][A-Za-z]+(?:[ \t][A-Z][A-Za-z]+)?"
                               r"(?=[ \t]{2,}|[.;,|\n]|$)")
#: A country or a nation that qualifies an ethnicity term: "NZ Māori", "British Bangladeshi".
_QUALIFIER = r"(?:NZ|UK|US|British|English|Australian|Canadian|American|New\s+Zealand)"


def _age_end(text: str, age: _Span) -> int:
    """Where the age and the words that go with it end ("29 y/o, " of "29 y/o, male")."""
    return _AGE_TAIL.match(text, age.end).end()  # type: ignore[union-attr]


def _terms(text: str) -> list[tuple[int, int, str]]:
    """The ethnicity terms of the text, terms written one after the other taken as one ("South African Indian"):
    ``(start, end, class)``, the class of the last term (the head of the compound)."""
    out: list[tuple[int, int, str]] = []
    for m in _ETHNICITY.finditer(text):
        base = re.sub(r"[- ]American$", "", m[0], flags=re.I) if m[0].lower() not in ETHNICITY_TERMS else m[0]
        ethnicity = ETHNICITY_TERMS.get(m[0].lower()) or ETHNICITY_TERMS[base.lower()]
        if out and text[out[-1][1]:m.start()] == " " and not text[out[-1][0]].islower():  # names, not prose
            out[-1] = (out[-1][0], m.end(), ethnicity)
        else:
            out.append((m.start(), m.end(), ethnicity))
    return out


def find_ethnicities(text: str, ages: Sequence[_Span]) -> list[EthnicityMention]:
    """The ethnicity mentions of a note (the rules are in :mod:`pytest_medllm.data.note_demographics`); ``ages``: the
    patient's age mentions."""
    out: list[EthnicityMention] = []
    for start, end, ethnicity in _terms(text):
        words = text[start:end]
        before, after = text[max(0, start - 40):start], text[end:end + 40]
        community = re.search(r"\bfrom\s+the\s+$", before) and re.match(r"\s+community\b", after) and \
            _PATIENT_BEFORE.search(before)  # "a 52-yr-old man from the Irish Traveller community"
        # "Race: WHITE", "Ethnicity - Hispanic", "race/ethnicity Black", "Race is white", "Ethnicity (recorded): …",
        # "Ethnicity: NZ Māori" (the country that qualifies it is part of the field's value)
        field = re.search(r"(?:\b(?:race|ethnicity|ethnic\s+group|ethnic\s+origin|indigenous\s+status|tribe|community|"
                          r"caste)"
                          r"(?:\s*/\s*ethnicity)?|民族)(?:\s*\([^()\n]{1,20}\))?"
                          rf"(?:\s*[:=\-–：]\s*|\s+is\s+|\s+)(?P<q>{_QUALIFIER}[ \t]+)?$", before, re.I)
        identifies = re.search(r"\bidentif(?:ies|ied|ying)\s+as\s+$", before, re.I)
        if _NOT_PATIENT_AFTER.match(after) and not community and not field and not identifies:
            continue  # "Cantonese-speaking"; a field's value stays ("Ethnicity: X   Preferred language: …")
        near_age = any(a.end <= start and _AGE_TAIL.fullmatch(text[a.end:start]) for a in ages)
        # the country before the term: "British Bangladeshi woman", "NZ Māori" (not in apposition: ", NZ Māori")
        lead = re.search(rf"(?<![\w-])(?P<q>{_QUALIFIER})[ \t]+$", before)
        lead = lead if lead and not re.search(r",\s*$", before[:lead.start()]) else None
        # "of Mexican descent", "of Punjabi Sikh background", "of South African Indian descent"
        descent = re.match(r"(?:\s+(?-i:[A-Z][\w'-]+)){0,2}\s+(?:descent|origin|heritage|background|ancestry|"
                           r"extraction|ethnicity|race)\b", after, re.I) and re.search(
            r"\bof\s*$", before[:lead.start()] if lead else before)
        noun = _PATIENT_NOUN_AFTER.match(after) and not re.match(r"[\s-]*(?:nurse|doctor|staff|friend)", after)
        # in apposition after the patient: "61-year-old man, Korean, no English"
        qualified = re.search(rf",\s*{_QUALIFIER}\s+$", before)
        if qualified:  # "Pt: 59 M, NZ Māori": the country before the term qualifies it
            before = before[:qualified.start()] + ", "
        apposition = re.search(r",\s*$", before) and _PATIENT_BEFORE.search(before) and re.match(
            r"(?:-born)?[ \t]*(?:[,;.)]|\(|$|\n)", after)
        # an item of the opening line that gives the patient's age: "31 yo F G3P2 at 34w, Somali, Somali-speaking",
        # "R.M., 29 y/o, male, single, Filipino, Roman Catholic", "41 y/o male, Indian national (from Kerala)"
        listed = re.search(r",\s*$", before) and re.match(
            r"(?:[ \t]+(?:national|citizen))?[ \t]*(?:[,;.)(]|$|\n)", after) and any(
            a.end <= start <= a.end + 150 and not re.search(r"[.!?]\s|\n", text[_age_end(text, a):start]) for a in ages)
        # said of the patient: "She is Jamaican", "a 50-year-old man who is Black and …", "She self-identifies as
        # Hispanic" ("Pt is of Korean descent" is ``descent``)
        predicate = (re.search(r"(?:\b(?:he|she|patient|pt)|\b(?:man|woman|male|female|gentleman|lady|patient|pt)"
                               r"\s*,?\s*who)\s+(?:is|was|(?:self[- ])?identifie[sd]\s+as|"
                               r"describes\s+(?:him|her)self\s+as)\s+(?:an?\s+)?$", before, re.I) or
                     # "34yo M, identifies as Aboriginal": a note says this only of its patient
                     re.search(r"\b(?:self[- ])?identif(?:ies|ied|ying)\s+as\s+(?:an?\s+)?$", before, re.I)) and \
            re.match(r"[ \t]*(?:[,;.)]|and\b|$|\n|[ \t]{2,})", after)
        # the second of two terms joined by "and": "identifies as Black and Puerto Rican"
        coordinated = out and re.fullmatch(r"\s+(?:and|&)\s+", text[out[-1].end:start])
        joined = out and out[-1].ethnicity == ethnicity and re.fullmatch(r"\s*(?:/|or)\s*", text[out[-1].end:start])
        if joined:  # "BLACK/AFRICAN AMERICAN": one mention of one class
            last = out.pop()
            out.append(EthnicityMention(last.start, end, text[last.start:end], ethnicity, last.form))
        elif out and re.fullmatch(r"\s*\(\s*", text[out[-1].end:start]) and re.match(r"\s*\)", after):
            # "Ethnicity: Asian (Vietnamese)", "Black (Nigerian)": a finer term of the mention before it
            out.append(EthnicityMention(start, end, words, ethnicity, out[-1].form))
        elif field:
            first = start - len(field["q"] or "")
            out.append(EthnicityMention(first, end, text[first:end], ethnicity, "field"))
        elif lead and (noun or descent):
            first = start - (len(before) - lead.start("q"))
            out.append(EthnicityMention(first, end, text[first:end], ethnicity, "prose"))
        elif near_age or descent or noun or apposition or community or predicate or coordinated or listed:
            out.append(EthnicityMention(start, end, words, ethnicity, "prose"))
    for index, mention in enumerate(out):  # a field's whole value: "race: HISPANIC/LATINO - DOMINICAN"
        rest = _FIELD_VALUE_REST.match(text, mention.end) if mention.form == "field" else None
        if rest and not any(e.start >= mention.end and e.start < rest.end() for e in out):
            out[index] = EthnicityMention(mention.start, rest.end(), text[mention.start:rest.end()], mention.ethnicity,
                                          "field")
    for m in _AGE_RACE_SEX.finditer(text):  # "82 / Chinese / M": the race between age and sex
        ethnicity = ETHNICITY_TERMS.get(m["e"].lower())
        if ethnicity and not any(e.start <= m.start("e") < e.end for e in out):
            out.append(EthnicityMention(m.start("e"), m.end("e"), m["e"], ethnicity, "field"))
    for m in _GLUED_ETHNICITY.finditer(text):  # "58 y/o WM", "41 yo AAF"
        if not any(e.start <= m.start("e") < e.end for e in out):
            out.append(EthnicityMention(m.start("e"), m.end("e"), m["e"], _GLUED_CLASSES[m["e"]], "prose"))
    for m in _ORIGIN.finditer(text):  # "d'origine malienne"
        ethnicity = ORIGIN_TERMS.get(m["t"].lower()) or ETHNICITY_TERMS.get(m["t"].lower())
        if ethnicity and not any(e.start <= m.start("t") < e.end for e in out):
            out.append(EthnicityMention(m.start("t"), m.end("t"), m["t"], ethnicity, "prose"))
    return sorted(out, key=lambda e: e.start)
