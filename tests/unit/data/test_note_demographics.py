"""The patient's age, sex and ethnicity in free text (pytest_medllm.data.note_demographics): the annotated dev
corpus, the written forms, and the pronoun rules for other people, measured."""

from __future__ import annotations

import pytest

from pytest_medllm.data.note_demographics import extract_demographics
from tests.helpers.note_extraction_report import DEMOGRAPHIC_ORDER, pronoun_confusion, score
from tests.helpers.notes_markup import load

GOAL = 0.95
#: The pronouns the rules get wrong on the dev corpus (see the module docstring of note_demographics): a brother's
#: "he" right before the patient's in one clause, a roommate's report, a son's "He called 911".
KNOWN_PRONOUN_ERRORS = {"patient_missed": ["dev-028@312", "dev-035@220"],
                        "other_swapped": ["dev-035@139", "dev-059@661"]}


@pytest.fixture(scope="module")
def dev():
    return load("dev")


@pytest.mark.parametrize("kind", DEMOGRAPHIC_ORDER)
def test_dev_corpus_precision_and_recall(dev, kind):
    tally = score(dev)["demographics"][kind]
    assert tally.precision >= GOAL, f"{kind}: spurious {tally.false_positive}"
    assert tally.recall >= GOAL, f"{kind}: missed {tally.false_negative}"


def test_pronoun_rules_measured_on_the_dev_corpus(dev):
    confusion = pronoun_confusion(dev)
    patient = len(confusion["patient_kept"]) + len(confusion["patient_missed"])
    other = len(confusion["other_excluded"]) + len(confusion["other_swapped"])
    assert len(confusion["patient_kept"]) / patient >= 0.98
    assert len(confusion["other_excluded"]) / other >= 0.9
    # the exact errors, so that a change of the rules shows what it fixes or breaks
    assert {k: confusion[k] for k in KNOWN_PRONOUN_ERRORS} == KNOWN_PRONOUN_ERRORS


def _ages(text: str) -> list[str]:
    return [text[m.start:m.end] for m in extract_demographics(text).age_mentions]


@pytest.mark.parametrize("text, ages", [
    ("57-year-old man", ["57"]), ("a 57 yo F", ["57"]), ("57 y/o male", ["57"]), ("57M with HTN", ["57"]),
    ("a woman aged 57", ["57"]), ("57 year old", ["57"]), ("Age: 88  Sex: Male", ["88"]), ("Mr ___, 59. Empyema", ["59"]),
    ("77 y.o. male", ["77"]), ("23F w/ T1DM (dx age 11)", ["23"]),
    ("74-year-old woman; A/P: 74F with sepsis; daughter (___, age 51)", ["74", "74"]),
    ("her 61-year-old daughter found her", []), ("a man in his 50s; father died at 70", []),
    ("Temp 101F, HR 98", []),
])
def test_age_forms(text, ages):
    assert _ages(text) == ages


def _sex(text: str) -> tuple[str | None, list[str], list[str]]:
    found = extract_demographics(text)
    return (found.sex, [text[m.start:m.end] for m in found.sex_mentions],
            [text[m.start:m.end] for m in found.other_pronouns])


def test_sex_words_of_the_patient_only():
    text = ("Mrs. ___ is a 74-year-old woman brought in by her son; he found her on the floor. Son reports she has "
            "not eaten. Her husband says he worries. She herself denies pain. 74F.")
    sex, mine, others = _sex(text)
    assert sex == "female"
    assert mine == ["Mrs.", "woman", "her", "her", "she", "Her", "She", "herself", "F"]
    assert others == ["he", "he"]


def test_a_same_sex_relative_takes_the_subject_pronoun_after_it():
    sex, mine, others = _sex("He is a 71-year-old man. The older son asked about dialysis; we explained. He said he "
                             "understood. His wife says he was confused.")
    assert sex == "male" and others == ["He", "he"]
    assert mine == ["He", "man", "His", "he"]  # a report is about the patient


def test_abbreviations_are_not_pronouns():
    sex, mine, _ = _sex("HE grade 2 on lactulose; HER2 positive. He is a 50 yo man.")
    assert sex == "male" and mine == ["He", "man"]


@pytest.mark.parametrize("text, ethnicity, words", [
    ("74-year-old African American woman", "Black", ["African American"]),
    ("47M (Black) with HTN", "Black", ["Black"]),
    ("Mr ___, 52, South Asian, ESKD", "Asian & Pacific", ["South Asian"]),
    ("59 year old right-handed Vietnamese-American man", "Asian & Pacific", ["Vietnamese-American"]),
    ("Race: BLACK/AFRICAN AMERICAN", "Black", ["BLACK/AFRICAN AMERICAN"]),
    ("Ethnicity: White British", "White", ["White British"]),
    ("a 70 y.o. female of Mexican descent", "Hispanic/Latino", ["Mexican"]),
    ("63 yo American Indian man", "Other/Unknown", ["American Indian"]),
    ("Cantonese-speaking, via a Spanish interpreter; Aboriginal Liaison Officer; black tarry stools", None, []),
])
def test_ethnicity_mentions(text, ethnicity, words):
    found = extract_demographics(text)
    assert found.ethnicity == ethnicity
    assert [m.text for m in found.ethnicity_mentions] == words


def test_a_note_without_demographics():
    found = extract_demographics("VS: T 98.6 HR 80. Plan: continue.")
    assert (found.age, found.sex, found.ethnicity) == (None, None, None)
    assert found.to_json()["sex_spans"] == []
