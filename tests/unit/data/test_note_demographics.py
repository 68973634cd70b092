"""The patient's age, sex and ethnicity in free text (pytest_medllm.data.note_demographics): the annotated dev
corpora, the written forms (also in other languages), and the pronoun rules for other people, measured."""

from __future__ import annotations

import pytest

from pytest_medllm.data.note_demographics import extract_demographics
from pytest_medllm.data.notes.lexicon import FOREIGN_SWAPS
from pytest_medllm.perturb.note_rewrites import _swapped
from tests.helpers.note_extraction_report import DEMOGRAPHIC_ORDER, corpus_score, pronoun_confusion
from tests.helpers.notes_markup import load

GOAL = 0.95
#: The pronouns the rules get wrong on the dev corpora (see pytest_medllm.data.notes.pronouns): a brother's "he"
#: right before the patient's in one clause, the patient's "he" in a roommate's report, a son's "He called 911";
#: in dev3 a neighbour named only as the agent of a passive ("found by a neighbor …; she called 911 when she saw").
KNOWN_PRONOUN_ERRORS = {"patient_missed": ["dev-028@312", "dev-035@220"],
                        "other_swapped": ["dev-059@661"]}
KNOWN_DEV3_PRONOUN_ERRORS = {"patient_missed": [], "other_swapped": ["dev3-041@165", "dev3-041@185"]}


@pytest.fixture(scope="module")
def dev():
    return load("dev")


@pytest.mark.parametrize("kind", DEMOGRAPHIC_ORDER)
@pytest.mark.parametrize("corpus", ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev8"])
def test_dev_corpora_precision_and_recall(corpus, kind):
    tally = corpus_score(corpus)["demographics"][kind]
    assert tally.precision >= GOAL, f"{corpus} {kind}: spurious {tally.false_positive}"
    assert tally.recall >= GOAL, f"{corpus} {kind}: missed {tally.false_negative}"


def test_pronoun_rules_make_no_error_on_the_dev2_corpus():
    confusion = pronoun_confusion(load("dev2"))
    assert confusion["patient_missed"] == [] and confusion["other_swapped"] == []


def test_pronoun_rules_measured_on_the_retired_held_out_corpus():
    confusion = pronoun_confusion(load("dev3"))
    assert {k: confusion[k] for k in KNOWN_DEV3_PRONOUN_ERRORS} == KNOWN_DEV3_PRONOUN_ERRORS


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
    ("a woman aged 57", ["57"]), ("57 year old", ["57"]), ("Age: 88  Sex: Male", ["88"]),
    ("Mr ___, 59. Empyema", ["59"]),
    ("77 y.o. male", ["77"]), ("23F w/ T1DM (dx age 11)", ["23"]),
    ("74-year-old woman; A/P: 74F with sepsis; daughter (___, age 51)", ["74", "74"]),
    ("her 61-year-old daughter found her", []), ("a man in his 50s; father died at 70", []),
    ("Temp 101F, HR 98", []),
    ("Mme ___, 78 ans. Vivant en France depuis 15 ans.", ["78"]), ("Varón de 64 años", ["64"]),
    ("Sig.ra ___, 76 anni", ["76"]), ("Kvinna, 83 år.", ["83"]), ("Mw. ___, 81 jaar", ["81"]),
    ("Herr ___, geb. ___ (68 J.)", ["68"]), ("Mr. ___, DOB ___ (71), HFrEF", ["71"]), ("Mr ___ (24 y), Black", ["24"]),
    ("Pt: M/64   Dx: septic shock", ["64"]), ("Age/Sex: 45/M    IP No: ___", ["45"]), ("BP 120/80, I/O 1200/800", []),
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


@pytest.mark.parametrize("text, sex, words", [
    ("Mme ___, 78 ans, avec sa fille. Elle parle bien; il y a 9 jours, depuis hier.", "female", ["Mme", "Elle"]),
    ("Herr ___ (68 J.), Aufnahmebefund und Verlauf unauffällig. Er ist stabil.", "male", ["Herr", "Er"]),
    ("Varón de 64 años.", "male", ["Varón"]), ("Femme de 45 ans", "female", ["Femme"]),
    ("Kvinna, 83 år.", "female", ["Kvinna"]), ("Sig.ra ___, 76 anni", "female", ["Sig.ra"]),
    ("Age/Sex: 45/M", "male", ["M"]), ("Pt: F/64", "female", ["F"]),
    ("Allergies: vancomycin (red man syndrome). Echo: mild MR.\nPMH: HTN. He is 70.", "male", ["He"]),
    ("ER visit; the Han Chinese man er", "male", ["man"]),  # German "er" only in a note that shows German
])
def test_sex_words_of_other_languages_and_look_alikes(text, sex, words):
    found, mine, _ = _sex(text)
    assert (found, mine) == (sex, words)


@pytest.mark.parametrize("text, mine, others", [
    ("Neighbor (no family nearby) has a key to the house; he asked her to feed his cat. He is 70 yo M.",
     ["he", "his", "He", "M"], ["her"]),
    ("71 yo man. Per RN he is asymptomatic.", ["man", "he"], []),
    ("Mrs ___, 81. Heteroanamnese (her daughter): she falls mostly in the morning.", ["Mrs", "her", "she"], []),
])
def test_pronouns_after_an_informant_are_the_patients(text, mine, others):
    _, found, other = _sex(text)
    assert (found, other) == (mine, others)


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
    ("Mr ___, 52-yr-old man from the Irish Traveller community", "White", ["Irish Traveller"]),
    ("Femme de 45 ans, d'origine malienne, vivant en France", "Black", ["malienne"]),
    ("Patient: Mr. ___, 61-year-old man, Korean, no English", "Asian & Pacific", ["Korean"]),
    ("Mr ___ (24 y), Black Caribbean, detained under s3", "Black", ["Black Caribbean"]),
    ("52M, Māori (Ngāpuhi), farm worker", "Asian & Pacific", ["Māori"]),
    ("52 yo Han Chinese man; 46 yo Cree man; lady of Ghanaian heritage", "Asian & Pacific",
     ["Han Chinese", "Cree", "Ghanaian"]),
    ("German measles as a child; Korean War; Cree interpreter; rubella in a Polish-speaking family", None, []),
])
def test_ethnicity_mentions(text, ethnicity, words):
    found = extract_demographics(text)
    assert found.ethnicity == ethnicity
    assert [m.text for m in found.ethnicity_mentions] == words


def test_a_note_without_demographics():
    found = extract_demographics("VS: T 98.6 HR 80. Plan: continue.")
    assert (found.age, found.sex, found.ethnicity) == (None, None, None)
    assert found.to_json()["sex_spans"] == []


# -- forms the retired held-out corpus (dev3) showed missing, and their families (written here, not copied) ---------

@pytest.mark.parametrize("text, ages", [
    ("62 yom with chest pain", ["62"]), ("45 YOF, G3P2", ["45"]), ("a 71-yo man", ["71"]), ("38 y old woman", ["38"]),
    ("Pt: 71y M, COPD", ["71"]), ("a 71 yrs male", ["71"]), ("Patient: 62 years, female", ["62"]),
    ("Mr ___, born ___ (72 y.), a retired teacher", ["72"]), ("Frau ___ (81 J.)", ["81"]),
    ("Filipino woman, 63, lives alone", ["63"]), ("Female, 74, widowed", ["74"]), ("She is 72.", ["72"]),
    ("patient (59 years) with fever", ["59"]), ("a woman of 66, mother of three", ["66"]), ("Age (years): 71", ["71"]),
    ("Paciente do sexo masculino, 58 anos, com dor torácica", ["58"]),
    ("h/o DM for 5 years, male pattern baldness", []), ("her daughter, 45, who helps", []),
    ("treated for 5 y. M protein stable", []),
])
def test_age_forms_the_retired_held_out_corpus_brought(text, ages):
    assert _ages(text) == ages


@pytest.mark.parametrize("text, sex, words", [
    ("62 yom with chest pain", "male", ["m"]), ("45 YOF, G3P2", "female", ["F"]), ("Pt: 71y M, COPD", "male", ["M"]),
    ("Age 70 / Sex - F", "female", ["F"]),
    # the M of a name written with letters beyond ASCII is no sex letter
    ("47 yo Mātene woman", "female", ["woman"]),
    ("Paciente do sexo feminino, 67 anos, com dispneia. Ela nega dor.", "female", ["feminino", "Ela"]),
])
def test_sex_words_the_retired_held_out_corpus_brought(text, sex, words):
    found, mine, _ = _sex(text)
    assert (found, mine) == (sex, words)


@pytest.mark.parametrize("text, mine, others", [
    # rule 0: pronouns declared for the person named before them
    ("Mrs ___, 70. Her wife (she/her) visits daily.", ["Mrs", "Her"], ["she", "her"]),
    # rule 3: a possessive in the clause of someone else's subject pronoun
    ("Mrs ___, 80. The daughter explains she and her husband work nights and cannot drive her.",
     ["Mrs", "her"], ["she", "her"]),
    # rule 4: a clinician's act after naming the clinician or the service; staff named by role
    ("Mr ___, 64. Urology consulted. He recommends a CT.", ["Mr"], ["He"]),
    ("Mr ___, 64. Night NP (Dr ___) paged; he ordered a troponin.", ["Mr"], ["he"]),
    # a noun in the possessive or after "via" names no subject
    ("Mr ___, 64. HR 40s per his cardiologist's letter; he is asymptomatic. Consent via interpreter; he agrees.",
     ["Mr", "his", "he", "he"], []),
    # the reporter's own act after a report, and a subordinate clause of someone else's
    ("Mrs ___, 77, confused overnight per her sister, who says she heard her shouting.", ["Mrs", "her", "her"],
     ["she"]),
    ("Mr ___, 58. His son arrived; he called 911 when he found the door open.", ["Mr", "His"], ["he", "he"]),
])
def test_pronouns_of_other_people_the_retired_held_out_corpus_brought(text, mine, others):
    _, found, other = _sex(text)
    assert (found, other) == (mine, others)


@pytest.mark.parametrize("text, ethnicity, words", [
    ("a 50-year-old man who is Black and lives alone", "Black", ["Black"]),
    ("She self-identifies as Hispanic.", "Hispanic/Latino", ["Hispanic"]),
    # a field that says what the patient is not is a mention too (a rewrite must change it with the race), but it
    # names no class beside the race (dev13's annotators marked it; the rule read it as nothing before round 12)
    ("Race Asian; Ethnicity - Not Hispanic or Latino", "Asian & Pacific", ["Asian", "Not Hispanic or Latino"]),
    ("a woman of Haitian ethnicity", "Black", ["Haitian"]),
    ("Mr ___ is an elderly Caribbean gentleman", "Black", ["Caribbean"]),
    ("54 yo Haitian Creole-speaking woman; his wife, who is Filipino", None, []),
    ("Mrs ___, Jamaican-born, retired nurse", "Black", ["Jamaican"]),
    ("Ethnicity: Asian (Vietnamese)", "Asian & Pacific", ["Asian", "Vietnamese"]),
])
def test_ethnicity_forms_the_retired_held_out_corpus_brought(text, ethnicity, words):
    found = extract_demographics(text)
    assert (found.ethnicity, [m.text for m in found.ethnicity_mentions]) == (ethnicity, words)


# -- forms the retired held-out corpora dev4 and dev5 showed missing (written here, not copied) ------------------------

@pytest.mark.parametrize("text, ages", [
    ("Review: Mrs K, 81, from a nursing home", ["81"]), ("Pt: Mr J.P., 67\n\nPC: fall", ["67"]),
    ("Patient: Ms R, 29\nAdmitted with", ["29"]), ("Name: XXX   Age/Sex: 63 Y/M   IP No.: 1", ["63"]),
    ("Patient: 48 years   Sex: Female", ["48"]), ("性别: 女   年龄: 71岁", ["71"]),
    ("Symptoms for 3 years; pt: 5 years ago", []),
])
def test_age_forms_of_the_held_out_corpora(text, ages):
    assert _ages(text) == ages


@pytest.mark.parametrize("text, sex, words", [
    ("Pt is a 66 y/o WM with CAD", "male", ["M"]), ("39 yo AAF with SLE", "female", ["F"]),
    ("71 yo white F, HFpEF", "female", ["F"]), ("Age/Sex: 63 Y/M", "male", ["M"]), ("性别: 男", "male", ["男"]),
    ("54 yo M with cirrhosis (ascites, HE; MELD 20)", "male", ["M"]),
    ("NOTE ADDENDUM: HE IS A 70 YO MAN", "male", ["HE", "MAN"]),
])
def test_sex_words_of_the_held_out_corpora(text, sex, words):
    found_sex, mine, _ = _sex(text)
    assert (found_sex, mine) == (sex, words)


@pytest.mark.parametrize("text, ethnicity, words", [
    ("Pt is a 66 y/o WM with CAD", "White", ["W"]), ("39 yo AAF with SLE", "Black", ["AA"]),
    ("27yo F, identifies as Torres Strait Islander. Lives in", "Other/Unknown", ["Torres Strait Islander"]),
    ("Pt: 61 F, NZ Māori\nDay 2", "Asian & Pacific", ["Māori"]),
    ("Patient: 70 y.o. male   Ethnicity: Korean American   Preferred language: Korean", "Asian & Pacific",
     ["Korean American"]),
    ("52-year-old Igbo woman, teacher", "Black", ["Igbo"]),
    ("Paciente de 60 años, hispana, de Puebla", "Hispanic/Latino", ["hispana"]),
    ("Paciente do sexo masculino, 47 anos, pardo, pedreiro", "Other/Unknown", ["pardo"]),
    ("民族: 汉族", "Asian & Pacific", ["汉族"]), ("29-year-old Emirati man", "Other/Unknown", ["Emirati"]),
])
def test_ethnicity_forms_of_the_held_out_corpora(text, ethnicity, words):
    found = extract_demographics(text)
    assert (found.ethnicity, [text[m.start:m.end] for m in found.ethnicity_mentions]) == (ethnicity, words)



# -- forms the retired held-out corpus dev6 (heldout4) showed missing (written here, not copied) ----------------------

@pytest.mark.parametrize("text, age, sex, sex_words, ethnicity", [
    ("___ yo F with hx of gallstones", None, "female", ["F"], None),
    ("PAC 1   Time seen: 10:05\n74 / Indian / F\nNKDA", 74, "female", ["F"], "Asian & Pacific"),
    # the Malay title of a man (a woman's "Puan" is a sex word since round 12)
    ("Encik R.K., 61/Malay/M   RN 2025-1", 61, "male", ["Encik", "M"], "Asian & Pacific"),
    ("A: 83, male\nT: fall at 14:00", 83, "male", ["male"], None),
    ("Consult - dhr. J. Bakker (72 jr)\nS: Sinds 3 dagen koorts. Hij rookt en is benauwd.", 72, "male",
     ["dhr.", "Hij"], None),
    ("Aufnahmebefund:\n79-jähriger Herr in gutem AZ", 79, "male", ["Herr"], None),
    ("Sehr geehrte Frau Kollegin Dr. Braun,\nwir berichten über Herrn Paul M., geb. 1940, der keine Beschwerden und "
     "keine Schmerzen hatte.", None, "male", ["Herrn"], None),
    ("WR - Mr Osei (Cons), Ms Patel (SpR)\n67 yo woman, POD2", 67, "female", ["woman"], None),
    ("OB hx: G1 2019 NSVD, 3.2 kg male infant; baby girl in NICU. 31 yo woman", 31, "female", ["woman"], None),
    # "Zijn vrouw": the patient's possessive before a relative marks his sex, as "his wife" does (since round 13)
    ("Dhr. V., 66 jaar. Sinds 2 dagen koorts. Hij rookt. Zijn vrouw belt zo nodig.", 66, "male",
     ["Dhr.", "Hij", "Zijn"], None),
    ("I: 48yo man. Indigenous status: Aboriginal. Lives in town", 48, "male", ["man"], "Other/Unknown"),
    ("Identificação: 45 anos, sexo feminino, parda, diarista", 45, "female", ["feminino"], "Other/Unknown"),
])
def test_demographic_forms_of_the_fourth_held_out_corpus(text, age, sex, sex_words, ethnicity):
    found = extract_demographics(text)
    assert (found.age, found.sex, [text[m.start:m.end] for m in found.sex_mentions], found.ethnicity) == (
        age, sex, sex_words, ethnicity)



def test_the_fifth_held_out_corpus_retired_to_development():
    """dev7 (heldout5, scored once, README) after it was studied; ethnicity stays below the goal by "Māori" in a plan
    (the social history's "Irish Traveller." and the iwi in brackets after the field's term are read since round 12)."""
    scores = corpus_score("dev7")["demographics"]
    assert scores["AGE"].recall == 1.0 and scores["SEX"].recall >= 0.95 and scores["SEX"].precision >= 0.95
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall >= 0.96


@pytest.mark.parametrize("text, sex_words, ethnicity_words", [
    ("gender: M   race: HISPANIC/LATINO - DOMINICAN   arrival_transport: WALK IN", ["M"],
     ["HISPANIC/LATINO - DOMINICAN"]),
    ("No POC. Ethnicity: White Scottish.\nShe lives alone.", ["She"], ["White Scottish"]),
    ("Age: 32 yrs   Sex: M   Tribe: Asante   Religion: Christian", ["M"], ["Asante"]),
    ("Pacjentka 64-letnia przyjęta w trybie nagłym", ["Pacjentka"], []),
    ("86-årig kvinde, indlagt med delir", ["kvinde"], []),
    ("Masculino de 45 años, originario de Ecatepec. Refiere dolor desde hace dos días y fiebre.", ["Masculino"], []),
    ("Consultant: Mr O'Neill | Seen by: Ortho SpR\n63 yo woman, wrist fracture", ["woman"], []),
])
def test_demographic_forms_of_the_fifth_held_out_corpus(text, sex_words, ethnicity_words):
    found = extract_demographics(text)
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [text[m.start:m.end] for m in found.ethnicity_mentions] == ethnicity_words



@pytest.mark.parametrize("text, age, sex_words, ethnicity_words", [
    ("Patient: Hispanic female, 52 years     Admitting Service: Hospitalist", 52, ["female"], ["Hispanic"]),
    ("RE: REFERRAL OF MRS HAUWA I., 28YRS, HOSP. NO. GH/4471/23", 28, ["MRS"], []),
    ("Mzee J.K., 72 yrs, IP 2023/08817\nS: Mzee reports mild pain", 72, ["Mzee"], []),
    ("Identitas: Tn. B. S., 52 th, laki-laki, petani", 52, ["Tn.", "laki-laki"], []),
    ("Hasta: A. Y., 71 yaş, kadın\nGeliş şikayeti: nefes darlığı", 71, ["kadın"], []),
    ("Name: Gurmeet Singh      66/M      Reg: 18-2207", 66, ["M"], []),
    ("Mdm S, 62 y/o Malay lady\nPremorbid: ADL independent", 62, ["Mdm", "lady"], ["Malay"]),
    ("MR No: 2023-884105   Name: Shabana Bibi   Age: 45", 45, [], []),
    ("Caste/Ethnicity: Tharu\nAddress: Chitwan", None, [], ["Tharu"]),
    ("cc: Mr K. Asante (patient)", None, ["Mr"], []),
    ("- Continue vancomycin (trough before 4th dose)", None, [], []),
])
def test_demographic_forms_of_the_sixth_held_out_corpus(text, age, sex_words, ethnicity_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [text[m.start:m.end] for m in found.ethnicity_mentions] == ethnicity_words



def test_the_seventh_held_out_corpus_retired_to_development():
    """dev9 (heldout7, scored once, README) after it was studied; its ethnicity misses ("Chinese-Canadian",
    "Wiradjuri", "Hazara") are read since round 12."""
    scores = corpus_score("dev9")["demographics"]
    assert scores["AGE"].recall >= 0.95 and scores["SEX"].recall >= 0.95 and scores["SEX"].precision >= 0.95
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall == 1.0


@pytest.mark.parametrize("text, sex_words", [
    ("Reason: sent by teacher (Ms. Park) - headache. He rested on the cot.", ["He"]),
    # the GP written to is not the patient; the letter's subject is (dev9's annotators marked "Betreft: mevrouw")
    ("Aan: dhr. R. de Vries, huisarts\n\nBetreft: mevrouw A. Jansen", ["mevrouw"]),
    ("Discharge Instructions:\nDear Mr. ___,\nYou were admitted with pneumonia.", ["Mr."]),
])
def test_titles_of_other_people_in_the_seventh_held_out_corpus(text, sex_words):
    assert [text[m.start:m.end] for m in extract_demographics(text).sex_mentions] == sex_words



@pytest.mark.parametrize("text, age, sex_words", [
    ("ACUTE MEDICAL UNIT - CLERKING\nMr Terence Hollis, 71, hosp no. on label.", 71, ["Mr"]),
    ("Box 4 - Médecin: Dr Lefèvre - Interne: M. Garnier\n\nMme Rachida K., 34 ans, sans antécédents notables",
     34, ["Mme"]),
    ("Surgeon: Mr J. Whitfield (Consultant)   Assistant: Ms A. Okafor (ST5)\nPatient: 58-year-old man", 58, ["man"]),
    ("Edad: 67 años   Sexo: femenino\nEnfermedad actual: Paciente femenina de 67 años con DM2 y fiebre.", 67,
     ["femenino", "femenina"]),
])
def test_demographic_forms_of_the_eighth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age and [text[m.start:m.end] for m in found.sex_mentions] == sex_words



def test_the_eighth_held_out_corpus_retired_to_development():
    """dev10 (heldout8, scored once, README) after it was studied: ethnicity misses one of 15 ("NZ European")."""
    scores = corpus_score("dev10")["demographics"]
    assert scores["AGE"].recall >= 0.95 and scores["SEX"].recall >= 0.95 and scores["SEX"].precision >= 0.95
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall >= 0.93



def test_the_ninth_held_out_corpus_retired_to_development():
    """dev11 (heldout9, scored once, README) after it was studied."""
    scores = corpus_score("dev11")["demographics"]
    assert scores["AGE"].recall >= 0.93 and scores["SEX"].recall >= 0.95 and scores["SEX"].precision >= 0.95
    assert scores["ETH"].precision >= 0.94 and scores["ETH"].recall >= 0.94



@pytest.mark.parametrize("text, age, sex_words, ethnicity_words", [
    # ages: the years glued to the sex letter, age/race/sex with the sex as a word, Polish "lat", a first name and an
    # initial before the age
    ("Name: Mr. R. Menon    72 yrs/M    IP No: 55", 72, ["Mr.", "M"], []),
    ("TRIAGE\n58/Malay/Female\nBP 140/90", 58, ["Female"], ["Malay"]),
    ("Pacjentka: Pani Maria Z., lat 71\nData przyjęcia: 02.03.2024", 71, ["Pacjentka", "Pani"], []),
    ("Mrs Edna P., 91     Admitted via GP", 91, ["Mrs"], []),
    # sex letters: MIMIC's blanked age opening the history, a letter after a word that describes the person
    ("History of Present Illness:\n___ F unrestrained passenger in a rollover", None, ["F"], []),
    ("Gen: frail elderly M, NAD", None, ["M"], []),
    # Polish nouns, German "sie" beside a verb in the singular (not "sie haben"), French "son" that is no son
    ("Stan chorej dobry. Pacjentka przytomna oraz zorientowana przy badaniu.", None, ["chorej", "Pacjentka"], []),
    ("Anamnese: Seit Tagen Husten und Fieber. Sie berichtet über Luftnot, nachts fühle sie sich schlecht. Die Kinder "
     "sagen, sie haben keine Zeit.", None, ["Sie", "sie"], []),
    ("M. R. Petit, 70 ans. Son épouse a appelé le SAMU avec son fils. Il signale une douleur depuis hier.", 70,
     ["M.", "Il"], []),
    # ethnicity: a background with a religion between, two terms joined by "and", an item of the opening line, a
    # nationality, a field with a qualifier or a parenthesis, compounds, a field's value without the religion
    ("ID: 45 y/o man of Gujarati Hindu background, accountant", 45, ["man"], ["Gujarati"]),
    ("She identifies as Dominican and Black.", None, ["She"], ["Dominican", "Black"]),
    ("28 yo F G2P1 at 30w, Eritrean, Tigrinya-speaking", 28, ["F"], ["Eritrean"]),
    ("This is R.T., 52 y/o, female, married, Filipina, from Cebu", 52, ["female"], ["Filipina"]),
    ("HPI: 38 y/o male, Nepali national, security guard.", 38, ["male"], ["Nepali"]),
    ("Age: 58   Ethnicity: NZ European   NHI on file", 58, [], ["NZ European"]),
    ("Ethnicity (self-reported): Black African", None, [], ["Black African"]),
    ("a 40-year-old British Pakistani woman", 40, ["woman"], ["British Pakistani"]),
    ("a 61-year-old man of South African Indian descent", 61, ["man"], ["South African Indian"]),
    ("Community: Punjabi Sikh\nOccupation: driver", None, [], ["Punjabi"]),
    # not the patient's: a language, a list without an age, a term that is no item of the opening line
    ("45 yo M, Mexican restaurant cook, HTN", 45, ["M"], []),
    ("Interpreter: Somali, booked for 10:00", None, [], []),
])
def test_demographic_forms_of_the_tenth_held_out_corpus(text, age, sex_words, ethnicity_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [text[m.start:m.end] for m in found.ethnicity_mentions] == ethnicity_words


@pytest.mark.parametrize("text, mine, others", [
    # a possessive in a clause about a relative's own history is the relative's
    ("Mr ___ is a 60 yo man.\nFamily History: Father with CAD in his 50s. Brother died of MI in his 40s.",
     ["Mr", "man"], ["his", "his"]),
    ("Mrs ___, 70, lives alone. FHx: Mother had a stroke in her 70s.", ["Mrs"], ["her"]),
    ("Mrs ___, 70. Daughter had to bring her glasses.", ["Mrs", "her"], []),
    # a member of staff after a preposition names no subject, also three words after it
    ("Mrs ___, 63. Referred to the community heart failure nurse for support; she is happy with the plan.",
     ["Mrs", "she"], []),
])
def test_pronouns_of_relatives_and_staff_in_the_tenth_held_out_corpus(text, mine, others):
    _, found, other = _sex(text)
    assert (found, other) == (mine, others)


def test_the_tenth_held_out_corpus_retired_to_development():
    """dev12 (heldout10, scored once, README) after it was studied. Its residual misses are pronouns: "she fears
    losing her job" after "her mother (who usually watches the children) was hospitalized" (given to the mother), "she
    would like to go home" after "daughter to be main caregiver;" (given to the daughter), "she and her mother
    counselled" after "Diabetes educator + dietitian once resolved;" (given to the dietitian), Dutch "zijn" (his, a
    verb as often), and "her daughter, who feels this reflects her mother's wishes" (the daughter's "her", given to
    the patient)."""
    scores = corpus_score("dev12")["demographics"]
    assert scores["AGE"].recall == 1.0 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.98 and scores["SEX"].precision >= 0.99
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall == 1.0


# -- forms the retired held-out corpus dev13 (heldout11) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age, sex_words, ethnicity_words", [
    # ages after a title and a blanked first name and surname
    ("Re: Miss ___ ___, 31 years   Hosp No: ___", 31, ["Miss"], []),
    ("Re: Mr ___ ___, 58, Ward 7", 58, ["Mr"], []),
    # a note in capitals; the sex field of other languages; titles of Malaysia and Turkey; Māori and German words
    ("48 YO WM BIB EMS after a fall", 48, ["M"], ["W"]),
    ("Paziente: Sig. ___   Età: 70 anni   Sesso: M", 70, ["Sig.", "M"], []),
    ("Hasta: ___ Hanım, 59 yaşında, kadın", 59, ["Hanım", "kadın"], []),
    ("Puan ___, 70 y/o Malay lady", 70, ["Puan", "lady"], ["Malay"]),
    ("44 yo wāhine Māori\nPC: SOB", 44, ["wāhine"], ["Māori"]),
    ("Patient: Herr ___, 71 J., männlich\nSozial: verheiratet, lebt mit seiner Ehefrau, nach Befund und Therapie "
     "stabil", 71, ["Herr", "männlich", "seiner"], []),
    # census categories whole; "Not Hispanic or Latino" is a mention with no class beside the race
    ("RACE: BLACK OR AFRICAN AMERICAN   ETHNICITY: NOT HISPANIC OR LATINO", None, [],
     ["BLACK OR AFRICAN AMERICAN", "NOT HISPANIC OR LATINO"]),
    ("Ethnicity: Mixed - White and Asian. Student.", None, [], ["Mixed - White and Asian"]),
    ("Ethnicity (as recorded at registration): Irish Traveller", None, [], ["Irish Traveller"]),
    # fields of other registrations: an iwi, a caste, a race, a nationality; Canada's status
    ("NHI: ___   Ethnicity: NZ Māori   Iwi: Ngāti Porou", None, [], ["NZ Māori", "Ngāti Porou"]),
    ("Age: 45   Sex: Male   Caste: Pathan", 45, ["Male"], ["Pathan"]),
    ("Age: 26   Race: Sinhala   Religion: Buddhist", 26, [], ["Sinhala"]),
    ("Gender: Male   Nationality: Nepali", None, ["Male"], ["Nepali"]),
    ("Status First Nations - NIHB coverage", None, [], ["First Nations"]),
    # the social history, a community, "ethnically", a possessive's ethnicity, a census abbreviation
    ("SHx: Member of the Traveller community, lives on a halting site", None, [], ["Traveller"]),
    ("PMH: none.\nSH: Alaska Native, commercial fisherman", None, [], ["Alaska Native"]),
    ("ID: Mr K., 61M, ethnically Tamil, shop owner", 61, ["Mr", "M"], ["Tamil"]),
    ("Her South Asian ethnicity raises her risk.", None, ["Her", "her"], ["South Asian"]),
    ("GEN: elderly AI female, ill-appearing", None, ["female"], ["AI"]),
    # a people joined to a country, a diaspora, a birthplace before the race, peoples of the world
    ("a pleasant 70-year-old Filipino-Canadian gentleman", 70, ["gentleman"], ["Filipino-Canadian"]),
    ("Pt is a 52 y/o Indo-Guyanese male, driver", 52, ["male"], ["Indo-Guyanese"]),
    ("Mr D. is a 34 year old Jamaican-born Black man", 34, ["Mr", "man"], ["Black"]),
    ("29 y/o Yup'ik man from Bethel; 52 yo Yolngu man; identifies as Kanaka Maoli.", 29, ["man", "man"],
     ["Yup'ik", "Yolngu", "Kanaka Maoli"]),
    # descent in other languages
    ("Paciente: Mujer de 42 años, de etnia gitana", 42, ["Mujer"], ["gitana"]),
    ("doente do sexo masculino, 58 anos, de origem cabo-verdiana", 58, ["masculino"], ["cabo-verdiana"]),
    ("45-jarige man van Turkse afkomst", 45, ["man"], ["Turkse"]),
    ("Der 67-jährige Pat. türkischer Herkunft berichtet", 67, [], ["türkischer"]),
    ("56-årig kvinna med eritreansk bakgrund", 56, ["kvinna"], ["eritreansk"]),
    ("Pacjent pochodzenia wietnamskiego, lat 40", 40, [], ["wietnamskiego"]),
    # not the patient's ethnicity: a service, a negation, a language, a place of travel
    ("Referred by the Indian Health Service; non-Caucasian; Nepali interpreter; travelled to Morocco; Indigenous "
     "patient navigator paged", None, [], []),
    ("Fieber unklarer Herkunft; returning traveller; Mixed picture on CXR", None, [], []),
    # a birth in the obstetric history is the baby's sex
    ("Mrs ___, 29. Past obs hx: P1 - SVD 2020, term, male, 3.4kg.", 29, ["Mrs"], []),
])
def test_demographic_forms_of_the_eleventh_held_out_corpus(text, age, sex_words, ethnicity_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words


def test_a_negated_field_names_no_class_beside_the_race():
    found = extract_demographics("Ethnicity: Not Hispanic or Latino   Race: White")
    assert found.ethnicity == "White" and [m.text for m in found.ethnicity_mentions] == ["Not Hispanic or Latino",
                                                                                         "White"]
    assert extract_demographics("45 yo non-Hispanic white woman").ethnicity == "White"


@pytest.mark.parametrize("text, mine, others", [
    # an informant after "per" is no subject of the next sentence; a report's content is about the patient
    ("Mrs ___, 80. Per daughter, no recent falls. She takes no anticoagulants.", ["Mrs", "She"], []),
    ("Mrs ___, 58, at work when a coworker noted slurred speech - she slumped in her chair.", ["Mrs", "she", "her"],
     []),
    # someone named together with the patient, after the patient; a relative's aside in brackets
    ("Mrs ___, 24. Pt & mother updated; she agrees with the plan.", ["Mrs", "she"], []),
    ("Mrs ___, 30. Family: mother in Leeds (on her way), father abroad.", ["Mrs"], ["her"]),
])
def test_pronouns_of_relatives_in_the_eleventh_held_out_corpus(text, mine, others):
    _, found, other = _sex(text)
    assert (found, other) == (mine, others)


def test_the_eleventh_held_out_corpus_retired_to_development():
    """dev13 (heldout11, scored once, README: ethnicity 0.58) after it was studied. Its residual misses are pronouns: a
    son's "states his own BP "always high" - reminded him to see his PCP" (given to the patient: the son is the
    subject only by ellipsis), and "Alcohol liaison nurse following up - he reports 4 weeks abstinent" (given to the
    nurse, whose report it might as well be)."""
    scores = corpus_score("dev13")["demographics"]
    assert scores["AGE"].recall == 1.0 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.99 and scores["SEX"].precision >= 0.99
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall == 1.0


# -- forms the retired held-out corpus dev14 (heldout12) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age, sex_words, ethnicity_words, ethnicity", [
    # fields of other countries and languages, whatever their value's words; a finer people in brackets
    ("Caste: Jat   Religion: Sikh   Age: 61 years   Sex: M", 61, ["M"], ["Jat"], "Other/Unknown"),
    ("Ethnicity: Janajati (Gurung)   Religion: Buddhist", None, [], ["Janajati", "Gurung"], "Asian & Pacific"),
    ("Raça/cor: preta   Sexo: feminino   Queixa: dispneia há 3 dias", None, ["feminino"], ["preta"], "Black"),
    ("Autoidentificación étnica: aymara\nReligión: católica", None, [], ["aymara"], "Other/Unknown"),
    ("Ethnic/cultural background: Scottish Traveller\nGP: Dr ___", None, [], ["Scottish Traveller"], "White"),
    ("Pt: 70yr female, ethnicity recorded as White - Any other White background (Lithuanian).", 70, ["female"],
     ["White - Any other White background", "Lithuanian"], "White"),
    ("Indigenous status: Neither Aboriginal nor Torres Strait Islander origin\nAge: 77", 77, [],
     ["Neither Aboriginal nor Torres Strait Islander origin"], "Other/Unknown"),
    ("Race: Unknown   Ethnicity: Declined", None, [], [], None),
    # a nation the patient is a member of; an identity with its nation in brackets; a people before "community"
    ("Pt: 52 y/o M. Enrolled member of the Crow Tribe (Apsáalooke).", 52, ["M"], ["Crow", "Apsáalooke"],
     "Other/Unknown"),
    ("Self-identifies as First Nations (Tr'ondëk Hwëch'in); lives in Dawson.", None, [],
     ["First Nations", "Tr'ondëk Hwëch'in"], "Other/Unknown"),
    ("She is part of the wider Pasifika community at church.", None, ["She"], ["Pasifika"], "Asian & Pacific"),
    # descent after "given"; an item under a social history heading; compounds the lexicon now knows
    ("Offer APOL1 testing given West African ancestry.", None, [], ["West African"], "Black"),
    ("Social History:\n___\nRetired baker, Italian, widowed. Lives alone.", None, [], ["Italian"], "White"),
    ("ID/CC: 58 year old African Nova Scotian woman with CKD", 58, ["woman"], ["African Nova Scotian"], "Black"),
    # South Africa's census term between the age and a patient noun; the Caribbean's "E/I"
    ("34 y/o Coloured female, stab wound L chest", 34, ["female"], ["Coloured"], "Other/Unknown"),
    ("HPC: 51 Y/O E/I MALE, DM X 8 YRS", 51, ["MALE"], ["E/I"], "Asian & Pacific"),
    # descent phrases whose people the lexicon does not know, and a Dutch compound
    ("Femme de 44 ans, d'ethnie diola, mariée.", 44, ["Femme"], ["diola"], "Black"),
    ("Mujer de 70 años. Etnia gitana. Vive con su hija.", 70, ["Mujer"], ["gitana"], "White"),
    ("78-jarige man van Afro-Surinaamse afkomst.", 78, ["man"], ["Afro-Surinaamse"], "Black"),
    # a Swedish note's Sámi: a people only in a Swedish note; "in person" is no patient noun
    ("Aktuellt:\n61-årig kvinna, same, renskötare. Söker för feber och hosta sedan två dygn, och trött.", 61,
     ["kvinna"], ["same"], "White"),
    ("Interpreter used: Yes (Somali, in person).", None, [], [], None),
])
def test_demographic_forms_of_the_twelfth_held_out_corpus(text, age, sex_words, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


@pytest.mark.parametrize("text, age, sex_words", [
    # ages in German, Polish and capitals
    ("Wir berichten über Ihre Patientin, Frau ___ (31-jährig), die bei uns war.", 31, ["Patientin", "Frau"]),
    ("Pacjent: ___   Wiek: 66 lat   Płeć: K", 66, ["K"]),
    ("Pacjentka w wieku 81 lat przyjęta z powodu gorączki oraz duszności, przy przyjęciu przytomna.", 81,
     ["Pacjentka"]),
    # a title before initials or a blank; a sex letter after a language word; a French mother of children
    ("Patient Madam R.K., 58 years, received from the ward.", 58, ["Madam"]),
    ("Patiënt: dhr. ___\nBinnenkomst per ambulance, het onderzoek is zonder bijzonderheden.", None, ["dhr."]),
    ("___ yo Mandarin-speaking F with HTN", None, ["F"]),
    ("Mme D., 47 ans, mariée, mère de 4 enfants, sans antécédent avec une fièvre depuis chez elle.", 47,
     ["Mme", "mère", "elle"]),
    ("Il s'agit de la mère de 3 enfants du patient; sa mère de 2 enfants", None, []),
    # possessives before a relative in Dutch, Swedish and German; a Swedish object pronoun
    ("Sociaal: woont met zijn echtgenote, het huis is zonder trap en geen thuiszorg.", None, ["zijn"]),
    ("Hans sambo körde honom till akutmottagningen och han är trött sedan två dygn.", None,
     ["Hans", "honom", "han"]),
    ("74-jährige Patientin, ihr Sohn übersetzt; sie berichtet über Fieber und Schmerzen seit gestern.", 74,
     ["Patientin", "ihr", "sie"]),
    # a member of staff's title in brackets after the role
    ("63 yo woman. Surgical reg (Mr ___) reviewed; Elder (Ms Harper) present.", 63, ["woman"]),
])
def test_sex_words_and_ages_of_the_twelfth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_twelfth_held_out_corpus_retired_to_development():
    """dev14 (heldout12, scored once, README: age 0.949, ethnicity 0.685) after it was studied. Its one residual miss
    is a pronoun: "Nepali interpreter by phone - he is now speaking" (given to the interpreter)."""
    scores = corpus_score("dev14")["demographics"]
    assert scores["AGE"].recall == 1.0 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.99 and scores["SEX"].precision >= 0.99
    assert scores["ETH"].precision == 1.0 and scores["ETH"].recall == 1.0


# -- forms the retired held-out corpus dev15 (heldout13) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, sex_words, ethnicity_words, ethnicity", [
    # a race and its detail recorded in one field value, as two mentions; a UK category stays whole
    ("Race: Asian - Vietnamese   Ethnicity: Not Hispanic or Latino", [], ["Asian", "Vietnamese",
                                                                        "Not Hispanic or Latino"], "Asian & Pacific"),
    ("Ethnicity: Hispanic or Latino / Puerto Rican   Language: English", [], ["Hispanic or Latino", "Puerto Rican"],
     "Hispanic/Latino"),
    ("Ethnicity: Black or Black British - African", [], ["Black or Black British - African"], "Black"),
    # a list of races; an OASIS answer's letter; a Hispanic-origin question's answer
    ("Race (all that apply): Samoan; Japanese; White", [], ["Samoan", "Japanese", "White"], "Asian & Pacific"),
    ("Race: Multiracial (White; American Indian or Alaska Native)", [],
     ["Multiracial", "White", "American Indian or Alaska Native"], "Other/Unknown"),
    ("A1010 Race: C. American Indian or Alaska Native", [], ["American Indian or Alaska Native"], "Other/Unknown"),
    ("A1005 Ethnicity: D. Yes, Puerto Rican", [], ["Puerto Rican"], "Hispanic/Latino"),
    ("Hispanic/Latino: No\nRace: Black or African American", [], ["No", "Black or African American"], "Black"),
    # identity and census fields of Canada, South Africa, New Zealand, Chile; a prison's race letter
    ("Indigenous identity (self-identified): Inuk (Inuit)", [], ["Inuk", "Inuit"], "Other/Unknown"),
    ("Population group: Coloured   Language: Afrikaans", [], ["Coloured"], "Other/Unknown"),
    ("Ethnicity 1: Tongan (33)   Ethnicity 2: Fijian (36)", [], ["Tongan", "Fijian"], "Asian & Pacific"),
    ("Pertenencia a pueblo originario: Sí – Aymara", [], ["Aymara"], "Other/Unknown"),
    ("ID# 0231   Race/Sex: B/M", ["M"], ["B"], "Black"),
    # a pepeha's iwi; descent in a social history; a Polish nationality; German "-stämmig"
    ("Ko Ngāti Porou te iwi, ko Waiapu te awa.", [], ["Ngāti Porou"], "Asian & Pacific"),
    ("Social: Somali background, came to Australia 2001.", [], ["Somali"], "Black"),
    ("Wywiad: 61-letni pacjent narodowości wietnamskiej, w Polsce od 1995 r., przy przyjęciu przytomny.", ["pacjent"],
     ["wietnamskiej"], "Asian & Pacific"),
    ("Die 70-jährige, polnischstämmige Patientin sei gestürzt und habe seit dem Sturz Schmerzen.",
     ["Patientin"], ["polnischstämmige"], "White"),
])
def test_demographic_forms_of_the_thirteenth_held_out_corpus(text, sex_words, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


@pytest.mark.parametrize("text, age, sex_words", [
    ("Patient: Mr Ian BELL   DOB 02/03/1961 (63 yrs)   Gender: Male", 63, ["Mr", "Male"]),
    ("I – 61F\nM – fall at home", 61, ["F"]),
    ("Pat.: Fr. Maria K., 77a   Aufnahme: 12.01., die Patientin berichtet über Schmerzen und Fieber seit gestern.",
     77, ["Fr.", "Patientin"]),
    ("Patient: Mr Kumar s/o Ramasamy   Age: 60   Sex: M", 60, ["Mr", "s/o", "M"]),
    ("Name: Siti binti Ahmad   Age: 45", 45, ["binti"]),
    ("Patient: R.S., 80/M, widower, from Cebu", 80, ["M", "widower"]),
    ("History: 48 y/o woman, mother of 5, from Hebron. Her mother of 80 lives with her.", 48,
     ["woman", "mother", "Her", "her"]),
    ("Name: Anna B.   Alter: 58 J.   Geschlecht: w\nBefund und Therapie nach Aufnahme unauffällig.", 58, ["w"]),
    ("Kjønn: Kvinne   Sosialt: enke, bor alene.", None, ["Kvinne", "enke"]),
    ("Nichtraucherin. Keine Allergien bekannt und keine Vorerkrankungen.", None, ["Nichtraucherin"]),
    # look-alikes: a traditional healer, a community health representative, rheumatic mitral stenosis
    ("67 yo woman. Saw a traditional medicine man last week. CHR (Ms. Begay) notified. Severe rheumatic MS.", 67,
     ["woman"]),
])
def test_sex_words_and_ages_of_the_thirteenth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_thirteenth_held_out_corpus_retired_to_development():
    """dev15 (heldout13, scored once, README: ethnicity 0.578, sex words 0.948) after it was studied. Left: a
    self-described "Blasian", "Métis Nation-Saskatchewan citizen" marked whole, "Nigerian-born", Norwegian "samisk"
    and "Hun" (Norwegian is not one of the languages read), and two pronouns."""
    scores = corpus_score("dev15")["demographics"]
    assert scores["AGE"].recall >= 0.99 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.98 and scores["SEX"].precision >= 0.99
    assert scores["ETH"].precision >= 0.98 and scores["ETH"].recall >= 0.90


# -- forms the retired held-out corpus dev16 (heldout14) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, ethnicity_words, ethnicity", [
    # identity fields of US tribes, Canada, Nova Scotia, Mexico and Argentina, whatever the value's words
    ("Race: American Indian/Alaska Native   Tribal affiliation: Hopi Tribe", ["American Indian/Alaska Native",
                                                                            "Hopi Tribe"], "Other/Unknown"),
    ("Indigenous self-identification: Inuk   Language: English", ["Inuk"], "Other/Unknown"),
    ("Race-based data (self-identified): Black - Haitian\nAdmit: 2025-03-02", ["Black", "Haitian"], "Black"),
    ("Autoadscripción étnica: indígena mixteca     Habla lengua indígena: sí", ["indígena mixteca"], "Other/Unknown"),
    ("Pertenencia étnica: pueblo wichí. Domicilio: Tartagal.", ["pueblo wichí"], "Other/Unknown"),
    # a UK category before a pipe; a descent that is part of the field's value; a list's last item before a period
    ("KHAN, Amir (Mr) | Ethnicity: Asian or Asian British - Pakistani | Ward 5", ["Asian or Asian British - Pakistani"],
     "Asian & Pacific"),
    ("Race: Fijian of Indian descent     Religion: Hindu", ["Fijian of Indian descent"], "Asian & Pacific"),
    ("Demographics: Race - Asian; White. Ethnicity - Not Hispanic or Latino.", ["Asian", "White",
                                                                                 "Not Hispanic or Latino"],
     "Asian & Pacific"),
    # a nation whose name has an apostrophe
    ("Social: Enrolled member of the Ak-Chin O'odham Nation, works at the school.", ["Ak-Chin O'odham"],
     "Other/Unknown"),
])
def test_ethnicity_forms_of_the_fourteenth_held_out_corpus(text, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


@pytest.mark.parametrize("text, age, sex_words", [
    # ages after a masked date of birth, Dutch "j.", Turkish "Yaş", a banner's cell
    ("Patient: Mr Ian REID   DOB **/07/1958 (66y)   CHI 11****", 66, ["Mr"]),
    ("Name: B. T*****   DOB **/**/1980 (44 y)   Sex: F", 44, ["F"]),
    ("Patiënt: meneer K. D., geb. 02/05/1948 (76 j.)", 76, ["meneer"]),
    ("Hasta adı: M. K.     Yaş: 61     Cinsiyet: Kadın", 61, ["Kadın"]),
    ("PRICE, Hazel (Mrs) | 71y | Female | Ward 9", 71, ["Mrs", "Female"]),
    # a title before a masked name or before the age; Portuguese "Sra."; Malay "Lelaki"; German "weibl."
    ("HPI: Ms. ****** is a 58 y.o. woman with knee pain.", 58, ["Ms.", "woman"]),
    ("Mme 81 y.o., d'origine portugaise, arrivée en 1975, vit seule.", 81, ["Mme"]),
    ("Identificação: Sra. A. P. R., 59 anos, sexo feminino, aposentada, natural de Recife.", 59,
     ["Sra.", "feminino"]),
    ("Umur/Age: 40     Jantina/Sex: Lelaki     Agama: Islam", 40, ["Lelaki"]),
    ("Pat.: Frau Erna K., geb. 01.02.1940 (84 J.), weibl.\nAufnahme über die Notaufnahme, seit gestern Schwindel und "
     "Übelkeit, kein Fieber.", 84, ["Frau", "weibl"]),
])
def test_sex_words_and_ages_of_the_fourteenth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_fourteenth_held_out_corpus_retired_to_development():
    """dev16 (heldout14, scored once, README: ethnicity 0.750, sex words 0.957, age 0.953) after it was studied.
    Left: nationality fields ("Nationality: Nepal"; other corpora leave "Nationality: Malaysia" unmarked),
    "biracial (Black and white)", a Canadian treaty status, Swedish "är same", Turkish "Suriyeli", Portuguese
    "caucasiano", a Ugandan people after the age, Dutch "Zij" (also "they"), consultants titled Mr."""
    scores = corpus_score("dev16")["demographics"]
    assert scores["AGE"].recall == 1.0 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.98 and scores["SEX"].precision >= 0.98
    assert scores["ETH"].precision >= 0.96 and scores["ETH"].recall >= 0.86


# -- forms the retired held-out corpus dev17 (heldout15) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, ethnicity_words, ethnicity", [
    # a category's code before its words (the UK's letter, New Zealand's five digits); a census category with an em dash
    ("Ethnic category: N — Black or Black British: African    First language: English",
     ["Black or Black British: African"], "Black"),
    ("Ethnicity (NHI): 37112 Tongan; 21111 NZ Māori    Iwi: Ngāti Kahungunu", ["Tongan", "NZ Māori",
                                                                                 "Ngāti Kahungunu"], "Asian & Pacific"),
    ("Ethnic group (registration): White — Irish\nHPC: fall at home.", ["White — Irish"], "White"),
    # identity fields: an ethnocultural background, a self-identified race/ethnicity, Australia's Indigenous status
    ("Ethnocultural background (self-identified): Korean    Born in Busan.", ["Korean"], "Asian & Pacific"),
    ("Self-identified race/ethnicity: Black — Jamaican\nAdmission: 2025-01-02", ["Black", "Jamaican"], "Black"),
    ("Aboriginal and/or Torres Strait Islander status: Both Aboriginal and Torres Strait Islander origin",
     ["Both Aboriginal and Torres Strait Islander origin"], "Other/Unknown"),
])
def test_ethnicity_forms_of_the_fifteenth_held_out_corpus(text, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


@pytest.mark.parametrize("text, age, sex_words", [
    # ages in Finnish, Czech and Greek
    ("Esitiedot: 64-vuotias nainen, jolla on verenpainetauti ja potilas oli kotiin ei hoito.", 64, ["nainen"]),
    ("Pacientka J. K., 71 let\nNO: pacientka přivezena při bolesti, bez léčba dle nemocnice.", 71,
     ["Pacientka", "pacientka"]),
    ("Ασθενής: Μ. Κ.   Ηλικία: 68 ετών   Φύλο: Θήλυ\nΓυναίκα 68 ετών με πίεση και εξέταση.", 68, ["Θήλυ", "Γυναίκα"]),
    # titles of Spain, Brazil and India; look-alikes: a surgeon named on whose behalf one writes, "red man", voices
    ("Paciente: Dña. Carmen R. L.   Edad: 81 años", 81, ["Dña."]),
    ("Name: Smt. Lakshmi P.   Age/Sex: 45 Y / F", 45, ["Smt.", "F"]),
    ("Seen on behalf of Mr K. Byrne (Consultant Surgeon). Patient: 66 yo woman. Allergy: vancomycin \"red man\". "
     "Hears male voices.", 66, ["woman"]),
])
def test_sex_words_and_ages_of_the_fifteenth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_fifteenth_held_out_corpus_retired_to_development():
    """dev17 (heldout15, scored once, README: ethnicity 0.556, sex words 0.938, age 0.935) after it was studied.
    Left: descent phrases its annotators marked whole ("Turkse afkomst", "Portugiesischer Herkunft", "Yoruba
    extraction"; earlier corpora mark the people word alone), a Colombian census answer, "describes herself as
    "Chindian"", a Singapore "84yo CF", Indian scheme categories, German and French "Patient" (also the English word)."""
    scores = corpus_score("dev17")["demographics"]
    assert scores["AGE"].recall >= 0.96 and scores["AGE"].precision >= 0.99
    assert scores["SEX"].recall >= 0.96 and scores["SEX"].precision >= 0.98
    assert scores["ETH"].precision >= 0.87 and scores["ETH"].recall >= 0.67


# -- forms the retired held-out corpus dev18 (heldout16) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, ethnicity_words, ethnicity", [
    # fields of the IHS, Chile, Uruguay, Cuba, Vietnam and Indonesia, whatever the value's words
    ("Classification/Beneficiary: INDIAN/ALASKA NATIVE   Tribe of membership: HOPI TRIBE",
     ["INDIAN/ALASKA NATIVE", "HOPI TRIBE"], "Other/Unknown"),
    ("Previsión: FONASA B   Pueblo originario: Aymara\nProcedencia: Arica", ["Aymara"], "Other/Unknown"),
    ("Ascendencia étnico-racial (autoidentificación): indígena.", ["indígena"], "Other/Unknown"),
    ("Edad: 61 años   Sexo: M   Color de la piel: Blanca\nOcupación: jubilado", ["Blanca"], "White"),
    # (the Tày, a people of Vietnam, are in the lexicon since round 40: Asian & Pacific by its rule)
    ("3. Giới: Nữ\n4. Dân tộc: Tày          5. Nghề nghiệp: Nông dân", ["Tày"], "Asian & Pacific"),
    ("Umur: 40 th   JK: L   Suku: Sunda   No. RM: 02-11", ["Sunda"], "Other/Unknown"),
    # descent phrases of French, Italian, Spanish, Catalan, German, Danish, Romanian and Slovak
    ("Anamnèse : Monsieur K., 50 ans, d'origine érythréenne, en Suisse depuis 2015.", ["érythréenne"], "Black"),
    ("Anamnesi: operaio di origine kosovara, in Svizzera dal 2001.", ["kosovara"], "White"),
    ("Social: D'origen pakistanès, viu a Barcelona des de 2010 amb la seva família.", ["pakistanès"],
     "Asian & Pacific"),
    ("Die 60-jährige Patientin kapverdischer Herkunft lebt seit 1990 in Luxemburg.", ["kapverdischer"], "Black"),
    ("Resumé: 70-årig mand af grønlandsk herkomst, bosat i Aarhus siden 1990, ingen smerter.", ["grønlandsk"],
     "Other/Unknown"),
    ("ANAMNEZA: Pacientă în vârstă de 35 de ani, de etnie romă, cu febră și durere.", ["romă"], "White"),
    ("SA: rómskej národnosti, žije s rodinou, pacient bez liečba.", ["rómskej"], "White"),
])
def test_ethnicity_forms_of_the_sixteenth_held_out_corpus(text, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


@pytest.mark.parametrize("text, age, sex_words", [
    # ages and sex words of Romanian, Hungarian, Slovak, Croatian, Slovenian, Catalan, Japanese, Korean, Vietnamese,
    # Indonesian; a redacted date of birth; Bangladesh's "Mst."
    ("Nume: A. B.   Sex: F   Vârsta: 55 ani\nANAMNEZA: Pacienta cu febră și durere, fără tratament.", 55,
     ["F", "Pacienta"]),
    ("Neme: nő   Életkor: 81 év\nJelen panaszok: 81 éves nőbeteg, ismert hypertoniás.", 81, ["nő", "nőbeteg"]),
    ("Pacient 52-ročný, prijatý pre bolesti brucha.", 52, []),
    # (the field's "Ž", ženski, is read since round 40, as Slovenian "spol: ž" showed)
    ("Bolesnica: A. B., 66 god., spol: Ž\nAnamneza: 66-godišnja bolesnica s bolovima.", 66,
     ["Bolesnica", "Ž", "bolesnica"]),
    ("Bolnik: moški, 70 let\nAnamneza: Gospod je zjutraj padel.", 70, ["Bolnik", "moški", "Gospod"]),
    ("患者：76歳 男性\n主訴：発熱", 76, ["男性"]),
    ("P.I: HTN, DM인 63세 여자 환자로 내원", 63, ["여자"]),
    ("1. Họ và tên: N. V. A.          2. Tuổi: 48", 48, []),
    ("Nama: Tn. B. S.   Umur: 58 th   JK: L", 58, ["Tn.", "L"]),  # "JK" (jenis kelamin) is read since round 26
    ("Name: [redacted]   DOB: [redacted] (59 yrs)   Gender: Female", 59, ["Female"]),
    ("Particulars: Mst. R. K., Age: 30 years, Sex: Female, Religion: Islam", 30, ["Mst.", "Female"]),
])
def test_sex_words_and_ages_of_the_sixteenth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_sixteenth_held_out_corpus_retired_to_development():
    """dev18 (heldout16, scored once, README: ethnicity 0.605, sex words 0.828, age 0.855) after it was studied.
    Left: Norwegian, Danish, Catalan, Vietnamese and Slovenian pronouns (no rule yet tells a relative's from the
    patient's in those languages), Catalan "home" (also English), a race field's category letter ("A - White
    British") and a detail in brackets ("South Asian (Sri Lankan Tamil)") its annotators marked whole."""
    scores = corpus_score("dev18")["demographics"]
    assert scores["AGE"].recall >= 0.99 and scores["AGE"].precision == 1.0
    assert scores["SEX"].recall >= 0.89 and scores["SEX"].precision >= 0.98
    assert scores["ETH"].precision >= 0.95 and scores["ETH"].recall >= 0.82


# -- forms the retired held-out corpus dev19 (heldout17) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age, sex_words", [
    # lower-case titles before a name (Dutch before a verb too), Greek titles and the Greek sex field's letter
    ("Sociaal: mevr. is weduwe, woont alleen; geen klachten, het onderzoek bij opname.", None, ["mevr."]),
    ("Pacientka: paní J. K.   Věk: 63 let\nNO: pacientka při příjmu bez potíží.", 63, ["Pacientka", "paní", "pacientka"]),
    ("Ασθενής: κα Μαρία Π.   Ηλικία: 80   Φύλο: Θ", 80, ["κα", "Θ"]),
    ("Ασθενής: κ. Ν. Δ.   Ηλικία: 59   Φύλο: Α", 59, ["κ.", "Α"]),
    ("ID: masc., 60 anos, pardo, natural de Salvador, sexo masculino, paciente sem queixa.", 60, ["masc", "masculino"]),
])
def test_sex_words_and_ages_of_the_seventeenth_held_out_corpus(text, age, sex_words):
    found = extract_demographics(text)
    assert found.age == age
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


@pytest.mark.parametrize("text, ethnicity_words, ethnicity", [
    ("Identificação: Sr. J. P., 70 anos, sexo masculino, raça branca, natural de Braga.", ["branca"], "White"),
    ("Taustatiedot: 40-vuotias nainen, saamelainen, asuu Inarissa, potilas ei tupakoi.", ["saamelainen"], "White"),
])
def test_ethnicity_forms_of_the_seventeenth_held_out_corpus(text, ethnicity_words, ethnicity):
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


def test_the_eighteenth_held_out_corpus_retired_to_development():
    """dev20 (heldout18, scored once, README: ethnicity 0.667, sex words 0.857, age 0.960) after its vital signs were
    studied (round 19 changed no demographic rule): a floor against regressions, not a goal."""
    scores = corpus_score("dev20")["demographics"]
    assert scores["AGE"].recall >= 0.96 and scores["AGE"].precision >= 0.99
    assert scores["SEX"].recall >= 0.85 and scores["SEX"].precision >= 0.98
    assert scores["ETH"].precision >= 0.89 and scores["ETH"].recall >= 0.66


# -- forms the retired held-out corpus dev21 (heldout19) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age", [
    # Belgian Dutch writes the date of birth after a degree sign; Polish puts the years after the patient noun (or
    # after a comma before the next field); Czech glues "letý" to the number; traditional Chinese writes 年齡 and 歲
    ("Patiënt: Mevr. Anna V.     °03/11/1949 (75 j)\nReden van opname: dyspnee.", 75),
    ("Wywiad:\nPacjentka lat 71, od rana duszność spoczynkowa.", 71),
    ("Pacjent: mężczyzna, lat 48   PESEL: 76******\nWywiad: ból w klatce piersiowej.", 48),
    ("NO: 72letá pacientka přivezena pro dušnost.", 72),
    ("姓名：陳○○　　年齡：71歲　　床號：5B-03", 71),
    # a ward's name is no age: "Ward: 5F" (the age is the one after "Sex/Age: M/")
    ("Ward: 5F Bed 12\nName: CHAN Tai Man     Sex/Age: M/79\n\n79 M, nursing home resident, bedbound.", 79),
])
def test_ages_of_the_nineteenth_held_out_corpus(text, age):
    found = extract_demographics(text)
    assert found.age == age
    assert not any(m.start < text.index("\n") for m in found.sex_mentions if text.startswith("Ward"))


@pytest.mark.parametrize("text, sex_words", [
    # a sex field's letter or word in the field's language: German "w", Turkish "E"/"K", Czech "muž", Romanian
    # "feminin"; traditional Chinese 性別; Chinese and Japanese glue the noun to "patient" or to the age
    ("Pat.: K., Brigitte     geb. 11.02.1948 (76 J.)     Geschl.: w", ["w"]),
    ("Hasta: M. Y.     Yaş: 61     Cinsiyet: K", ["K"]),
    ("Hasta: A. D.     Yaş: 38     Cinsiyet: E", ["E"]),
    ("Pacient: J. N.     Věk: 70 let     Pohlaví: žena", ["žena"]),
    ("Numele: D. Maria     Anul nașterii: 1960 (64 ani)     Sex: feminin", ["feminin"]),
    ("姓名：陳○○　　性別：男　　年齡：71歲", ["男"]),
    ("病例特点：1. 患者女性，63岁，因“咳嗽3天”入院。", ["女性"]),
    ("糖尿病にて通院中の81歳女性。本日より発熱。", ["女性"]),
])
def test_sex_fields_and_nouns_of_the_nineteenth_held_out_corpus(text, sex_words):
    found = extract_demographics(text)
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


@pytest.mark.parametrize("text, sex_words", [
    # the masculine patient nouns of German, French, Polish and Czech (not a field's label); French "lui" after a
    # preposition; Swedish "hennes"; Norwegian and Danish "hun" (a daughter's "hun" is hers); Dutch "ze"/"zij" beside a
    # verb in the singular
    ("Anamnese:\nDer 66-jährige Patient klagt über Schmerzen und Fieber seit drei Tagen, keine Dyspnoe.", ["Patient"]),
    ("HDM :\nPatient de 41 ans, fébrile depuis 2 jours, toux avec douleur thoracique (selon lui, depuis lundi).",
     ["Patient", "lui"]),
    ("Wywiad:\nPacjent przyjęty z SOR oraz bez gorączki, zgoda podpisana przez pacjenta przy przyjęciu.",
     ["Pacjent", "pacjenta"]),
    ("Pacjent: Jan K.   PESEL: 5******\nWywiad: Pacjent bez gorączki oraz przy przyjęciu przytomny.", ["Pacjent"]),
    ("Anamnéza: při příjmu bez potíží, vyšetření objektivně: klidný; souhlas podepsán pacientem.", ["pacientem"]),
    ("Aktuellt: tar hennes vanliga Waran och är trött sedan två dygn, feber.", ["hennes"]),
    ("Sosialt: Bor alene. Hun er pensjonert sykepleier, ikke røyker, pasienten ble innlagt.", ["Hun"]),
    ("Plan: indlæggelse. Hun har ingen smerter, patienten er træt. Datteren er informeret, hun kommer i morgen.",
     ["Hun"]),
    ("Anamnese: sinds gisteren koorts; ze heeft geen pijn. Zij is bekend met astma, geen onderzoek.", ["ze", "Zij"]),
    ("Sociaal: kinderen wonen dichtbij, ze hebben een sleutel. Zij is weduwe; het onderzoek was normaal.", ["Zij"]),
])
def test_patient_nouns_and_pronouns_of_the_nineteenth_held_out_corpus(text, sex_words):
    found = extract_demographics(text)
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


@pytest.mark.parametrize("text, ethnicity_words, sex_words", [
    # a field's "Other Race" states no race; Italian "aa" (anni) after an age is no ethnicity; the Flemish city "Gent"
    ("Age: 34 Y   Sex: Male\nRace: Other Race   Ethnicity: Not Hispanic or Latino", ["Not Hispanic or Latino"],
     ["Male"]),
    ("Paziente: Rossi M.   Età: 67 aa   Sesso: M", [], ["M"]),
    ("Patiënt: Mevr. A. V. (71 j), opgenomen via UZ Gent. Zij is bekend met diabetes, geen allergieën, het "
     "lichamelijk onderzoek bij opname is niet afwijkend.", [],
     ["Mevr.", "Zij"]),
])
def test_fields_and_places_that_name_no_ethnicity_or_sex_in_the_nineteenth_held_out_corpus(text, ethnicity_words,
                                                                                           sex_words):
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert [text[m.start:m.end] for m in found.sex_mentions] == sex_words


def test_the_nineteenth_held_out_corpus_retired_to_development():
    """dev21 (heldout19, scored once, README: ethnicity 0.825, sex words 0.874, age 0.948) after its ages, sex fields,
    patient nouns and pronouns were studied: a floor against regressions, not a goal. Left: gendered occupation and
    smoker nouns, Czech "ho" and Greek "του" (also "it", "of the"), the glued "38F" whose letter dev21a's annotator
    left unmarked (every earlier corpus marks it), and the descent phrases earlier corpora mark both whole and by the
    adjective ("kurdischer Herkunft", "biracial (Black and white)")."""
    scores = corpus_score("dev21")["demographics"]
    assert scores["AGE"].recall >= 0.99 and scores["AGE"].precision >= 0.99
    assert scores["SEX"].recall >= 0.94 and scores["SEX"].precision >= 0.97
    assert scores["ETH"].precision >= 0.88 and scores["ETH"].recall >= 0.82


# -- forms the retired held-out corpus dev22 (heldout20) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age", [
    # the years after a birth year and a comma ("74 a"), Italian "aa" (anni) and Finnish "v" (vuotta) after a name
    ("Fr. Maria K., geb. 1951, 72 a\nAufnahme: 03.02.2024", 72),
    ("Paziente: Sig.ra L. Bianchi, 81 aa\nReparto: Medicina", 81),
    ("Potilas: M. Aino, 77 v, sukupuoli: nainen", 77),
])
def test_ages_of_the_twentieth_held_out_corpus(text, age):
    assert extract_demographics(text).age == age



# -- forms the retired held-out corpus dev23 (heldout21) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, sex_words, counterparts", [
    # Russian nouns, pronouns and the possessive "её"
    ("Больная К., 81 год. Жалобы на одышку. Объективно: она в сознании, состояние её средней тяжести.",
     ["Больная", "она", "её"], ["больной", "он", "его"]),
    ("Больной доставлен бригадой скорой помощи. При поступлении он жалуется на боли в груди.",
     ["Больной", "он"], ["больная", "она"]),
    # Norwegian "mann" in lower case and "han": their counterparts are Norwegian ("kvinne", "hun"), not German or
    # Swedish
    ("Sosialt: 61 år gammel mann, bor alene. Han røyker ikke. Pasienten ble innlagt fra legevakt.",
     ["mann", "Han"], ["kvinne", "hun"]),
])
def test_sex_words_of_the_twenty_first_held_out_corpus(text, sex_words, counterparts):
    found = [m for m in extract_demographics(text).sex_mentions]
    assert [text[m.start:m.end] for m in found] == sex_words
    assert [m.counterpart or FOREIGN_SWAPS[m.text.lower()] for m in found] == counterparts


def test_the_twenty_first_held_out_corpus_retired_to_development():
    """dev23 (heldout21, scored once, README: ethnicity 0.841, sex words 0.888, age 0.977) after its Russian and
    Norwegian sex words were studied: a floor against regressions, not a goal. Left: the gendered occupation, status
    and smoker nouns (veuve, exfumador, aposentado) that dev23's annotators mark and most earlier ones do not, Russian
    "76 лет", a Croatian sex field's "Ž", and descent adjectives of Danish, Dutch and German ("grønlandsk",
    "Hindoestaanse", "tamilische")."""
    scores = corpus_score("dev23")["demographics"]
    assert scores["AGE"].recall >= 0.97 and scores["AGE"].precision >= 0.99
    assert scores["SEX"].recall >= 0.90 and scores["SEX"].precision >= 0.98
    assert scores["ETH"].precision >= 0.92 and scores["ETH"].recall >= 0.84


# -- forms the retired held-out corpus dev24 (heldout22) showed missing (written here, not copied) --------------------

@pytest.mark.parametrize("text, age", [
    # the years of Russian, Ukrainian, Serbian, Arabic, Persian (its own digits), Hindi and Icelandic; Hebrew "בת 16"
    ("Больная ___, 64 лет. Доставлена бригадой скорой помощи.", 64),
    ("Хворий ___, 41 рік, переведений з хірургії.", 41),
    ("Пацијенткиња: ___, 22 године, студенткиња.", 22),
    ("البيانات الشخصية: ___، العمر: 38 سنة", 38),
    ("مشخصات: آقای ___، ۶۱ ساله", 61),
    ("नाम: श्रीमती ___ आयु: 38 वर्ष", 38),
    ("Saga: 45 ára kona sem býr ein.", 45),
    ("פרטים: בת 16, נולדה בארץ.", 16),
])
def test_ages_of_the_twenty_second_held_out_corpus(text, age):
    assert extract_demographics(text).age == age


@pytest.mark.parametrize("text, sex_words", [
    # Ukrainian, Serbian and Czech patient nouns, Persian titles and nouns
    ("Хворий ___, 41 рік, переведений з хірургії.", ["Хворий"]),
    ("Пацијенткиња: ___, 22 године, студенткиња.", ["Пацијенткиња"]),
    ("S: Nemocná udává lepší dýchání, v noci spala.", ["Nemocná"]),
    ("مشخصات: آقای ___، ۶۱ ساله. بیمار مرد ۶۱ ساله", ["آقای", "مرد"]),  # a title of a script without capitals
    # gentamicin and a Turkish height are no sex words
    ("- Pip/tazo 4.5 g IV stat, gent held (CKD)", []),
    ("Bilinç açık. Kilo ~78 kg, boy 155 cm.", []),
])
def test_sex_words_of_the_twenty_second_held_out_corpus(text, sex_words):
    assert [text[m.start:m.end] for m in extract_demographics(text).sex_mentions] == sex_words


# -- forms the retired held-out corpus dev25 (heldout23) showed missing (written here, not copied) --------------------

AGES_HELDOUT23 = [
    # Estonian, Macedonian, Bulgarian, Lithuanian, Italian and Finnish years; the age fields of Turkish (a comma
    # after the number), Hebrew, Thai and Swahili; "66M" in a banner's cell
    ("Anamnees: 71-aastane naine, elab üksi.", 71),
    ("Анамнеза: 48-годишен маж, упатен од матична.", 48),
    ("Пациент: ___, ЕГН XXXXXXXXXX, 81 г., мъж", 81),
    ("Pacientas: [Vardas Pavardė], 63 m., vyras", 63),
    ("Consulenza: paziente di 84 aa, caduta accidentale.", 84),
    ("Potilas: [Nimi], 77-v. mies, saapui päivystyksestä", 77),
    ("Yaş: 41, Cinsiyet: Kadın", 41),
    ("שם: ___   גיל: 66   מין: נקבה", 66),
    ("ผู้ป่วยหญิง อายุ 52 ปี มาด้วยไข้", 52),
    ("Jina: ___   Umri: miaka 27   Jinsia: Me", 27),
    ("Bed 12-1 | [Name] | 74F | Code: DNR", 74),
]


SEX_WORDS_HELDOUT23 = [
    # Estonian, Lithuanian, Croatian, Bulgarian and Macedonian nouns and pronouns; a Hungarian title after a masked
    # name; the sex fields of Catalan, Hebrew, Arabic, Russian and Swahili; Hebrew "בן 70"; "62 yrs   M" before a
    # line that opens with the age again
    ("Patsient: [Nimi], 70 a., naine", ["naine"], ["mees"]),
    ("Pacientė nurodo skausmą. Ji gyvena viena.", ["Pacientė"], ["Pacientas"]),
    ("Pacijent: [Ime Prezime], spol: muški", ["Pacijent", "muški"], ["Pacijentica", "ženski"]),
    ("Пациентът съобщава за задух. Мъж на 70 г.", ["Пациентът", "Мъж"], ["Пациентката", "Жена"]),
    ("Таа не примила профилакса.", ["Таа"], ["Тој"]),
    ("Név: [Név] úr   Életkor: 70 év", ["úr"], ["asszony"]),
    ("Sexe: Dona", ["Dona"], ["Home"]),
    ("מין: זכר\nבן 70, גר עם אשתו.", ["זכר", "בן"], ["נקבה", "בת"]),
    ("الجنس: أنثى   المريضة مدخنة", ["أنثى", "المريضة"], ["ذكر", "المريض"]),
    ("ФИО: ___, 70 лет. Пол: жен.", ["жен"], ["муж"]),
    ("Umri: miaka 40   Jinsia: Ke\nMwanamke wa miaka 40", ["Ke", "Mwanamke"], ["Me", "Mwanaume"]),
    ("Pt: [Name]   Reg#: 0000   62 yrs   M\n\n62 y/o male with fever", ["M", "male"], ["F", "female"]),
    # German "ihrer" before a relative (the dative of "ihre")
    ("Die Patientin lebt seit dem Tod ihres Mannes mit ihrer Tochter. Befund bei Aufnahme: Puls 88/min.",
     ["Patientin", "ihrer"], ["Patient", "seiner"]),
    # Norwegian and Danish "man" is "one"; Swedish "78-årig man" is a man
    ("Han ble operert. Peroperativt fant man en perforert appendiks, og pasienten har ikke feber.", ["Han"], ["Hun"]),
    ("Aktuellt: 78-årig man som bor med sin fru, och han är trött.", ["man", "han"], ["kvinna", "hon"]),
]


# -- forms the retired held-out corpus dev26 (heldout24) showed missing (written here, not copied) --------------------

AGES_HELDOUT24 = [
    # Italian "anni 83" after a comma (not "negli anni 80"), Turkish "yaşındaki", a Chinese record's "患者男，58岁"
    ("Paziente: Sig.ra Anna R., nata il 02/05/1940, anni 84, sesso F", 84),
    ("Negli anni 80 lavorava in fabbrica. Paziente di 71 anni.", 71),
    ("Kronik böbrek hastalığı olan 63 yaşındaki erkek hasta", 63),
]


SEX_WORDS_HELDOUT24 = [
    # French and Dutch titles before a verb, the name left out; Polish "mężczyzna"; Chinese "患者男" (not a
    # daughter, "育有1子1女")
    ("HMA :\nMme présente depuis 3 jours une dyspnée fébrile.", ["Mme"], ["M."]),
    ("Anamnese:\nMeneer is sinds gisteren benauwd en hoest.", ["Meneer"], ["Mevrouw"]),
    ("Wywiad: 52-letnia kobieta, nauczycielka, od 2 dni z gorączką.", ["kobieta"], ["mężczyzna"]),
    ("入院情况：患者女，66岁，因咳嗽入院。\n婚育史：育有1子1女，配偶体健。", ["女"], ["男"]),
]


# -- forms the retired held-out corpus dev27 (heldout25) showed missing (written here, not copied) --------------------

AGES_HELDOUT25 = [
    # a banner's bare age cell before its sex cell, a masked date of birth, Czech "nar. 1962 (62 let)", German
    # "71-j. Patient", "Pt is a 68M", a male's "34M" before a number
    ("Pt: Mr Owen J___ | 57 | M | Hosp no. ___", 57),
    ("Patient: Mrs Joan P___ | DOB ___/1938 (86 years) | Female", 86),
    ("Jméno a příjmení: Jan K., nar. 1955 (69 let)", 69),
    ("Beurteilung:\n58-j. Patient mit Pneumonie", 58),
    ("Paged re: fever. Pt is a 72M on the surgical team.", 72),
    ("ASSESSMENT / PLAN\n41M 20% TBSA scald, PBD 3.", 41),
]


SEX_WORDS_HELDOUT25 = [
    # a banner's sex cell; the sex fields of Ukrainian, Arabic ("النوع"), Vietnamese and Indonesian ("JK: L");
    # Ukrainian pronouns; Italian "La signora"; a Persian title before initials; Dutch "haar man" is her husband
    ("Pt: Mrs Edith H___ | 79 yrs | F | NHS no. ___", ["Mrs", "F"], ["Mr", "M"]),
    ("Вік: 47 років    Стать: чоловіча", ["чоловіча"], ["жіноча"]),
    ("السن: 52 سنة    النوع: ذكر", ["ذكر"], ["أنثى"]),
    ("2. Tuổi: 24\n3. Giới tính: Nữ", ["Nữ"], ["Nam"]),
    ("Nama: Tn. A. S.    Umur: 42 th    JK: L", ["Tn.", "L"], ["Ny.", "P"]),
    ("Від операції він відмовився.", ["він"], ["вона"]),
    ("La signora porta in visione il diario.", ["signora"], ["signor"]),
    ("مشخصات: آقای م. ر.، 65 ساله", ["آقای"], ["خانم"]),
    ("Zij en haar man zijn ingelicht.", [], []),
]


SEX_WORDS_HELDOUT26 = [
    # Dutch "hem", Danish "Hendes" (and Danish "her" is "here"), Russian "пациента", German "Ihren Patienten" (not
    # "die Patienten"), a sex letter after another language's age, Chinese "老年女性"; a doctor's initial after "Dre"
    # and the end of "sage-femme" are no patient's
    ("Zijn dochter belt; volgens hem gaat het beter sinds gisteren.", ["Zijn", "hem"], ["Haar", "haar"]),
    ("Hun bor alene i egen bolig. Hendes søn kommer dagligt, men patienten kan ikke være her i nat, så indlæggelse "
     "anbefales.", ["Hun", "Hendes"], ["Han", "Hans"]),
    ("Жалобы со слов пациента: слабость.", ["пациента"], ["пациентки"]),
    ("Sehr geehrte Frau Kollegin, wir übernehmen Ihren Patienten nach der Aufnahme zur weiteren Therapie. Die "
     "Patienten der Station werden informiert.", ["Patienten"], ["Patientin"]),
    ("Patient: K. Albert, 71-jährig, m     Eintritt: 02.03.", ["m"], ["f"]),
    ("Paziente: Sig. R. Luigi, 66 anni, M – Letto 4", ["Sig.", "M"], ["Sig.ra", "F"]),
    ("入院诊断：老年女性，反复咳嗽10年。", ["女性"], ["男性"]),
    ("Vue avec la Dre M. Gagnon et C. Roy, sage-femme.", [], []),
]


SEX_WORDS_HELDOUT27 = [
    # "23 yr old M"; the object pronouns of Danish and German; Czech, Croatian, Russian and Ukrainian patient nouns of
    # one sex (not the inpatient of a form's name); titles of Romanian, Arabic, Hebrew and Danish (in lower case before
    # the name), Hungarian "úr" after an initial; Vietnamese "ông"/"bà" and the field "Giới"; a registrar named by a
    # placeholder is staff
    ("Patient: 31 yr old M, admitted with fever.", ["M"], ["F"]),
    ("Vagtlægen ser ham kl. 06:30, patienten er ikke delirøs, indlæggelse fortsætter.", ["ham"], ["hende"]),
    ("Der Termin für die Koronarangiographie wird ihm nach der Entlassung und Therapie schriftlich zugesandt.",
     ["ihm"], ["ihr"]),
    ("Závěr: krvácení u pacientky na warfarinu.", ["pacientky"], ["pacienta"]),
    ("Upute bolesniku: ne jesti od ponoći.", ["bolesniku"], ["bolesnici"]),
    ("Со слов больного, боли появились вчера. Выписка из медицинской карты стационарного больного.", ["больного"],
     ["больной"]),
    ("Стан хворого тяжкий.", ["хворого"], ["хворої"]),
    ("Consult cardiologic pentru pacienta dna M. I., 72 ani, cu durere toracică și febră.", ["pacienta", "dna"],
     ["pacientul", "dl"]),
    ("الساعة 6 صباحاً: السيدة أهدأ.", ["السيدة"], ["السيد"]),
    ("מטופל: מר ד. כ., בן 70", ["מר", "בן"], ["גב'", "בת"]),
    ("Pt.: hr. P. K., 52 år, patienten er ikke i stand til at gå; indlæggelse.", ["hr."], ["fr."]),
    ("16:10-kor RR 118/64 Hgmm, B. úr panaszmentes.", ["úr"], ["asszony"]),
    ("1. Họ tên: TRẦN VĂN C.\n3. Giới: Nam\nCách vào viện 3 ngày, ông xuất hiện sốt.", ["Nam", "ông"], ["Nữ", "bà"]),
    ("- Escalated to surgical reg Mr [NAME] (SpR); Mr ___ (Cons) aware.", [], []),
]


SEX_WORDS_HELDOUT28 = [
    # a title before a masked name ("Mevrouw ...", "Sig.ra ..."); Swedish "hans hustru"; Austrian "Pat.in";
    # Hungarian, Russian, Ukrainian, Bulgarian and Serbian nouns of one sex
    ("S (Situatie):\nMevrouw ..., 81 jaar, dag 2 na heupoperatie.", ["Mevrouw"], ["Meneer"]),
    ("Paziente: Sig.ra ...   Data accesso: 02/01", ["Sig.ra"], ["Sig."]),
    ("Bedömning: patienten är trött och andfådd, feber sedan i går. Patienten och hans hustru informerades.", ["hans"],
     ["hennes"]),
    ("Pat.in: 68 a, weiblich", ["Pat.in", "weiblich"], ["Pat.", "männlich"]),
    ("65 éves nőbeteget a háziorvos utalta be.", ["nőbeteget"], ["férfibeteget"]),
    ("Со слов бригады: мужчина 40 лет найден дома.", ["мужчина"], ["женщина"]),
    ("Хворому пояснено план лікування.", ["Хворому"], ["Хворій"]),
    ("Болната е приета по спешност.", ["Болната"], ["Болният"]),
    ("Pacijentkinja stara 61 godina primljena je hitno.", ["Pacijentkinja"], ["Pacijent"]),
]
SEX_WORDS_HELDOUT29 = [
    # Icelandic pronouns and nouns, Albanian, Georgian, Hebrew without its article (not a field's label nor "treated
    # with"), Arabic pronouns, a Polish possessive before a relative, a Norwegian pronoun opening a list's item
    ("Saga: 64 árs karlmaður. Hann kom með sjúkrabíl; rætt við honum og dóttur.", ["karlmaður", "Hann", "honum"],
     ["kona", "Hún", "henni"]),
    ("Pacientja: femër, 52 vjeç. Sipas vajzës, ajo ka pasur ethe.", ["Pacientja", "femër", "ajo"],
     ["Pacienti", "mashkull", "ai"]),
    ("პაციენტი: ბატონი ლ. კ., სქესი: მამრობითი", ["ბატონი", "მამრობითი"], ["ქალბატონი", "მდედრობითი"]),
    ("מטופלת בת 81, מטופלת באינסולין.", ["מטופלת", "בת"], ["מטופל", "בן"]),
    ("מטופל: מר א. ב.", ["מר"], ["גב'"]),
    ("هو يتناول الأدوية بانتظام.", ["هو"], ["هي"]),
    ("Stan chorej bez zmian. Chora poinformowana o planie leczenia oraz rokowaniu, jej córka obecna przy "
     "rozmowie.", ["chorej", "Chora", "jej"], ["chorego", "Chory", "jego"]),
    ("Plan:\n- Hun ønsker å gå hjem i morgen. Pasienten er ikke allergisk, ikke feber.", ["Hun"], ["Han"]),
]
SEX_WORDS_HELDOUT30 = [
    # Slovak, Romanian, Vietnamese, Ukrainian, Hungarian, Croatian, Hebrew words; an Italian title written in lower
    # case before initials
    ("Pacient: M. K., 71-ročný muž. Záver: pneumónia u 71-ročného muža.", ["muž", "muža"], ["žena", "ženy"]),
    ("Motivele internării: Bărbat de 66 ani, fumător.", ["Bărbat"], ["Femeie"]),
    ("Bệnh nhân nữ, 52 tuổi, vào viện vì sốt.", ["nữ"], ["nam"]),
    ("Стан пацієнтки стабільний.\nЇї донька поінформована.", ["пацієнтки", "Її"], ["пацієнта", "Його"]),
    ("Az idős hölgy tudatállapota tiszta.", ["hölgy"], ["úr"]),
    ("Prema podacima njezina supruga: bolesnica od jučer febrilna.", ["njezina", "bolesnica"], ["njegova", "bolesnik"]),
    ("המטופלת בת 70. הוסבר לה ולבעלה.", ["המטופלת", "בת", "לה"], ["המטופל", "בן", "לו"]),
    ("Paziente: sig.ra L. M., 77 anni, ricoverata per peggioramento degli edemi della notte.", ["sig.ra"], ["sig."]),
]
SEX_WORDS_HELDOUT31 = [
    # Greek "άνδρα" (the man, as an object), Swedish "änka" (widow), Ukrainian "хворої" (the sick woman's), a
    # French letter's "votre patient", Dutch "haar" before a grandchild, Norwegian "hans" after a relative, a
    # Portuguese "Senhora" before her age
    ("Ιστορικό: πρόκειται για άνδρα 71 ετών με ΧΑΠ.", ["άνδρα"], ["γυναίκα"]),
    ("Socialt: änka sedan 2015, bor ensam och har inga barn. Hon är trött men klarar ADL.", ["änka", "Hon"],
     ["änkling", "Han"]),
    ("Загальний стан хворої середньої тяжкості.", ["хворої"], ["хворого"]),
    ("Cher confrère, nous avons revu votre patient en consultation, il est stable et sans fièvre depuis une semaine.",
     ["patient", "il"], ["patiente", "elle"]),
    ("Sinds gisteren suf, herkende haar kleindochter niet. Geen koorts thuis, wel verward.", ["haar"], ["zijn"]),
    ("Sosialt: Pasienten bor hjemme etter opphold på sykehus. Kona hans var på besøk, han ønsker ikke mer smerte.",
     ["hans", "han"], ["hennes", "hun"]),
    ("Avaliação: Senhora de 79 anos com ITU, sem febre, não está com dor.", ["Senhora"], ["Senhor"]),
]
SEX_WORDS_HELDOUT32 = [
    # Québec's "Pte", a Portuguese header's "fem", Italian "maschio", a Dutch or Czech title before a masked name,
    # Romanian "pacientei", Ukrainian "хлопчик", Arabic "سيدة"
    ("HMA:\nPte se plaint de céphalée depuis hier avec nausées, sans fièvre, chez une patiente enceinte.", ["Pte",
                                                                                                    "patiente"],
     ["Pt", "patient"]),
    ("ID: J.P.S., 71a, fem, branca, natural de Salvador, não fuma, com dispneia há dias.", ["fem"], ["masc"]),
    ("Paziente: [name], maschio, 64 anni, della provincia, con dolore toracico.", ["maschio"], ["femmina"]),
    ("Patiënt: dhr. [name], 70 jaar. Reden van komst: koorts, benauwdheid, geen pijn.", ["dhr."], ["mw."]),
    ("Conform mamei pacientei, de 2 săptămâni doarme puțin; internare în spital la 40 de ani.", ["pacientei"],
     ["pacientului"]),
    ("Дитина: [name], хлопчик, вік 5 років.", ["хлопчик"], ["дівчинка"]),
    ("التاريخ المرضي: سيدة عمرها 30 سنة", ["سيدة"], ["رجل"]),
]
SEX_WORDS_HELDOUT33 = [
    # India's patronymic between blanked names and "yrs / Male"; Singapore's "56 Chinese M" opening a line; French
    # "Garçon", Romanian "Băiat"
    ("SURGICAL UNIT\nBed 9   Pt: [name] s/o [name]   31 yrs / Male   DOA: 04-11\n", ["s/o", "Male"], ["d/o", "Female"]),
    ("Ward 7, Team B\n\n61 Malay M, NKDA\nPMHx: HTN\n", ["M"], ["F"]),
    ("Motif : fièvre et toux depuis hier, sans douleur.\nID : Garçon de 3 ans, vaccins à jour selon la mère, il "
     "mange moins.", ["Garçon", "il"], ["Fille", "elle"]),
    ("Istoricul bolii: Băiat în vârstă de 7 ani, cu febră de 2 zile, pacientul prezintă tuse și nu are dureri.",
     ["Băiat", "pacientul"], ["Fată", "pacienta"]),
]
SEX_WORDS_HELDOUT34 = [
    # the sex letter of a Korean or Italian header's field, Vietnamese "bệnh nhi nam", Chinese "她" (not "头孢他啶"),
    # Estonian "poiss", Slovenian "Ona", Swahili "Bi.", Hindi "वर्षीय महिला" (not a women's hospital)
    ("환자: [name] / M/64\nC.C.: 흉통", ["M"], ["F"]),
    ("Paziente: [name] – F – 80 anni – letto 2", ["F"], ["M"]),
    ("TÓM TẮT BỆNH ÁN: Bệnh nhi nam, 4 tuổi, vào viện vì sốt.", ["nam"], ["nữ"]),
    ("入院后完善检查。她的女儿陪同，她自诉胸闷，予头孢他啶抗感染。", ["她", "她"], ["他", "他"]),
    ("Patsient: [name], 5-aastane poiss, kaal 18 kg", ["poiss"], ["tüdruk"]),
    ("Ona živi sama, hči pomaga pri nakupih.", ["Ona"], ["On"]),
    ("Jina: Bi. [name]   Umri: miaka 40", ["Bi."], ["Bw."]),
    ("इतिहास: 31 वर्षीय महिला, ज़िला महिला चिकित्सालय से रेफर", ["महिला"], ["पुरुष"]),
]
SEX_WORDS_HELDOUT39 = [
    # Latvian, Icelandic, Slovenian (in a note that shows the language: Croatian "bolnica" is a hospital), a Greek sex
    # field's "Γ", Tamil and Thai titles and nouns (Thai written without a space after "ผู้ป่วย", the patient)
    ("Pacients: [vārds], 72 g., sieviete", ["sieviete"], ["vīrietis"]),
    ("Sjúklingur: [nafn], 6 ára drengur, kemur með föður.", ["drengur"], ["stúlka"]),
    ("Bolnica: [ime], spol: ž\nSprejem: stanje stabilno, diureza zadostna.", ["Bolnica", "ž"], ["Bolnik", "m"]),
    ("Ασθενής: [όνομα]   Φύλο: Γ   Ηλικία: 31 ετών", ["Γ"], ["Α"]),
    ("பெயர்: திருமதி [பெயர்]    வயது: 31", ["திருமதி"], ["திரு"]),
    ("ชื่อ-สกุล: นาง [ชื่อ]   อายุ 60 ปี\nA: ผู้ป่วยหญิงอายุ 60 ปี มาด้วยไข้", ["นาง", "หญิง"], ["นาย", "ชาย"]),
]
SEX_WORDS_HELDOUT38 = [
    # a Korean header's "(남/58)", "52F" before a number that is no temperature
    ("환자: [name] (남/58)   재진", ["남"], ["여"]),
    ("A/P: 52F 28% TBSA flame burn w/ inhalation injury", ["F"], ["M"]),
]
SEX_WORDS_HELDOUT37 = [
    # sex fields of Hindi (a word with vowel signs), Russian and Ukrainian letters, Bulgarian and Slovak words; a
    # surgical team's consultant in brackets; Italian "PANI" (a non-invasive pressure), no Polish "Pani"
    ("नाम: श्रीमती [नाम]   लिंग: महिला", ["श्रीमती", "महिला"], ["श्री", "पुरुष"]),
    ("Сведения о больном: [ФИО], пол: М, возраст: 58 лет", ["М"], ["Ж"]),
    ("ПІБ: [ПІБ]     Стать: ч     Вік: 41 р.", ["ч"], ["ж"]),
    ("Име: [и]     Пол: жена", ["жена"], ["мъж"]),
    ("Vek: 61 r.     Pohlavie: žena", ["žena"], ["muž"]),
    ("Admitting unit: Colorectal Surgery (Mr [name])\n\n70 yo man", ["man"], ["woman"]),
    ("Monitoraggio: ECG 5 derivazioni, PANI ogni 5 min.", [], []),
]
SEX_WORDS_HELDOUT36 = [
    # a Chinese noun glued to the next word ("女性有"), a German header's "[name], Frau, geb.", Italian "la Sig.ra" before
    # a verb, Polish "Pani" before lower case, a Korean "성별/나이" field, "M/71" after a masked name; "gent" the drug
    ("此位68歲女性有高血壓。", ["女性"], ["男性"]),
    ("Pat.: [name], Frau, geb. 01.02.1950 (74 J.)", ["Frau"], ["Herr"]),
    ("Al domicilio la Sig.ra ha misurato la pressione.", ["Sig.ra"], ["Sig."]),
    ("W dniu wypisu Pani w stanie ogólnym dobrym.", ["Pani"], ["Pan"]),
    ("환자명: [name]　성별/나이: 여/77", ["여"], ["남"]),
    ("[name]  M/71\n\nCOPD", ["M"], ["F"]),
    ("Mr [name], 80. Plan: avoid gent with AKI.", ["Mr"], ["Ms"]),
]
SEX_WORDS_HELDOUT35 = [
    # Czech "66letý pan" (the title after an age, no name), Croatian "Gospođa" opening a SOAP line, Afrikaans "Mev.",
    # Serbian "пол: мушки"
    ("Anamnéza a průběh: 66letý pan přivezen pro dušnost, při příjmu bez horečky, dle vyšetření objektivně stabilní.",
     ["pan"], ["paní"]),
    ("S: Gospođa navodi da se osjeća bolje, prohodala do kraja hodnika.", ["Gospođa"], ["Gospodin"]),
    ("S – Mev. [van], 79 jaar, bed 6. Dag 2 na oop reduksie.", ["Mev."], ["Mnr."]),
    ("Болесник: [име и презиме], 74 год., пол: мушки, пензионер", ["мушки"], ["женски"]),
]
AGES_HELDOUT39 = [
    # Tamil "வயது" before and after the years, Latvian "g." before the sex word, a masked date of birth ("--/--/1961")
    ("பெயர்: திருமதி [பெயர்]    வயது: 31    அறை 4", 31),
    ("குழந்தை நலம். 27 வயது பெண் — வீடு செல்லலாம்.", 27),
    ("Pacients: [vārds], 72 g., sieviete\nDiagnoze: pneimonija", 72),
    ("Re: Mrs [name]   DOB: --/--/1961 (63 y)   Hospital No: [number]", 63),
]
AGES_HELDOUT38 = [
    ("환자: [name] (남/58)   재진", 58),
    ("A/P: 52F 28% TBSA flame burn w/ inhalation injury", 52),
]
AGES_HELDOUT37 = [
    # a Bulgarian "Възраст:" field
    ("Име: [и]     Възраст: 70 г.     Пол: мъж", 70),
]
AGES_HELDOUT36 = [
    # a Korean "성별/나이: 남/77" field, "F/59" after a masked name
    ("환자명: [name]　성별/나이: 남/77", 77),
    ("[name]  F/59\n\nHTN", 59),
]
AGES_HELDOUT35 = [
    # an age after a temperature below zero ("-4 F" is no age and sex), Italian "di anni", Urdu "عمر … سال" and
    # "سالہ", Bengali "বয়স" in Bengali digits
    ("Weather: -6 F, light snow.\n\nPatient: [name]   Age 41   Sex F", 41),
    ("dimettiamo in data odierna la Sig.ra [cognome nome], di anni 72, ricoverata", 72),
    ("مریض: جناب [نام]، عمر 45 سال، بیڈ نمبر 3", 45),
    ("شکایات: 33 سالہ مریض کو بخار ہے", 33),
    ("রোগীর নাম: [নাম]   বয়স: ৩১ বছর", 31),
]
AGES_HELDOUT34 = [
    # a Korean header's "F/71" after a spaced slash
    ("환자: [name] / F/71\nC.C.: 두통", 71),
]
AGES_HELDOUT33 = [
    # "Mrs [name]   29 yrs" in a header, "yrs / Male", "61 Malay M", Slovak "r., nar.", Croatian "u dobi od", Finnish
    # "mies 71 v"
    ("POSTNATAL WARD\nMrs [name]   29 yrs   G1 P1\n", 29),
    ("Pt: [name] s/o [name]   31 yrs / Male   DOA: 04-11", 31),
    ("Ward 7, Team B\n\n61 Malay M, NKDA\n", 61),
    ("Meno: [name], 45 r., nar. 1978", 45),
    ("Anamneza: Bolesnik u dobi od 66 godina upućen je zbog boli.", 66),
    ("Potilas: mies 71 v, henkilötunnus tarkistettu", 71),
]
AGES_HELDOUT31 = [
    # Italian "(71 aa)" after a birth date, Persian "سن:" (age) with Persian digits
    ("Paziente: Sig. R. T., nato il 02/03/1952 (71 aa)", 71),
    ("نام بیمار: خانم م. ن.   سن: ۶۴ سال", 64),
]
AGES_HELDOUT30 = [
    # a birth year with the years in brackets (Austrian "a", Hungarian "é"), Slovak genitive "-ročného", Ukrainian "р."
    ("Patient: Herr K. L., geb. 1951 (73 a)", 73),
    ("Név: K. A.-né, szül. 1949 (75 é)", 75),
    ("Konzílium: pneumónia u 58-ročného pacienta.", 58),
    ("Пацієнт: І. П. К., 61 р., м/к № 2211", 61),
]
AGES_HELDOUT29 = [
    # Icelandic "árs", Albanian "vjeç", Georgian "წლის", Czech "Pacient 59 let"
    ("Saga: 58 árs kona með sykursýki.", 58),
    ("Pacienti: mashkull, 47 vjeç, nga Durrësi.", 47),
    ("პაციენტი: ქალბატონი ნ. ბ., 73 წლის", 73),
    ("Pacient 66 let, přijat pro dušnost.", 66),
]

SEX_WORDS_HELDOUT41 = [
    # Slovak, Serbian and Portuguese nouns, Vietnamese "Người bệnh nam" (the sick person, male), Hindi's sex field
    ("Pacient: [meno], 7-ročné dievča, prichádza s matkou.", ["dievča"], ["chlapec"]),
    ("Анамнеза: 58-годишњи мушкарац, пушач.", ["мушкарац"], ["жена"]),
    ("A mãe conta que o menino tem febre há 2 dias.", ["menino"], ["menina"]),
    ("Người bệnh nam, 70 tuổi, vào viện vì khó thở.", ["nam"], ["nữ"]),
    ("रोगी: [नाम]   आयु: 52 वर्ष   लिंग: स्त्री", ["स्त्री"], ["पुरुष"]),
]
AGES_HELDOUT41 = [
    # an age field on the line below a relative named in another field
    ("Arrived from: ED     Accompanied by: son\nAge: 81   Sex: M", 81),
]
SEX_WORDS_HELDOUT42 = [
    # Filipino, Mongolian, Georgian, Armenian, Azerbaijani and Albanian nouns after the age in a header, Uzbek's and
    # Macedonian's sex fields
    ("Pt: [name], 58/F, babae, tindera sa palengke.", ["F", "babae"], ["M", "lalaki"]),
    ("Өвчтөн: [нэр], 71 настай, эмэгтэй, тэтгэвэрт.", ["эмэгтэй"], ["эрэгтэй"]),
    ("პაციენტი: [სახელი], ქალი, 64 წლის.", ["ქალი"], ["მამაკაცი"]),
    ("Հիվանդ՝ [անուն], 47 տարեկան, տղամարդ։", ["տղամարդ"], ["կին"]),
    ("Xəstə: [A.B.], 58 yaş, qadın.", ["qadın"], ["kişi"]),
    ("Pacienti: [emër], vajzë, 6 vjeç.", ["vajzë"], ["djalë"]),
    ("Bemor: [F.I.Sh.], 11 yosh, jinsi: qiz.", ["qiz"], ["o'g'il"]),
    ("Име: [име], 70 год., пол: машки", ["машки"], ["женски"]),
]
SEX_WORDS_HELDOUT43 = [
    # sex fields of Czech ("Pohlaví: Ž"), Bulgarian ("Пол: мъжки") and Urdu ("جنس: خاتون"), a Bulgarian boy, a German
    # widow
    ("Věk: 81 let      Pohlaví: Ž", ["Ž"], ["M"]),
    ("Възраст: 5 г.       Пол: мъжки", ["мъжки"], ["женски"]),
    ("عمر: 34 سال   جنس: خاتون", ["خاتون"], ["مرد"]),
    ("Анамнеза: 4-годишно момче с температура.", ["момче"], ["момиче"]),
    ("Sozialanamnese: Witwe, lebt mit der Tochter.", ["Witwe"], ["Witwer"]),
    # the widow's word of the other Romance languages: a counterfactual must not keep it beside the other sex
    ("Mode de vie : veuve, vit seule.", ["veuve"], ["veuf"]),
    ("Anamnesi: vedova, vive sola.", ["vedova"], ["vedovo"]),
]
AGES_HELDOUT43 = [
    # a Finnish header's "76 v, mies" without the period, Croatian "Dob: 41 g." (dob, the age)
    ("Potilas: ___ ___, 68 v, nainen      Hetu: ______", 68),
    ("Pacijent: ___ ___   Dob: 57 g.   Spol: M", 57),
    # years in brackets after a title and a name or a date of birth, "NNyr" before the sex; a duration in brackets or
    # glued to "yrs" elsewhere is no age (a guard: the age is the later "67 yo")
    ("RE: MRS. [name] (71 YEARS), HOSPITAL NO. 0xx", 71),
    ("Patient: [name]   DOB 02 Mar 1941 (83 yrs)   Residence: home", 83),
    ("HTN (10 years), DM x 20yrs on metformin; 67 yo man", 67),
]
AGES_HELDOUT42 = [
    # a header's "Age/Sex/Race:", a letter's "(NN YEARS)", "NNyr", Italian "-enne", Latvian "gadus", Slovenian
    # "-letna", Armenian, Mongolian, Uzbek and Amharic years
    ("Age/Sex/Race: 74/F/Malay", 74),
    ("RE: MRS. [name] (63 YEARS), HOSPITAL NO. 0xx", 63),
    ("Re: [name], 41yr female, referred from clinic", 41),
    ("Anamnesi: Sig. [cognome], 77enne, vive con la moglie.", 77),
    ("Pacients: [vārds], 52 gadus veca sieviete.", 52),
    ("Anamneza: 44-letni bolnik s sladkorno boleznijo.", 44),
    ("Հիվանդ՝ [անուն], 63 տարեկան", 63),
    ("Өвчтөн: [нэр], 45 настай", 45),
    ("Bemor: [F.I.Sh.], 12 yosh", 12),
    ("ታካሚ: [ስም], ዕድሜ 36 ዓመት", 36),
]
ETHNICITY_HELDOUT42 = [
    # the ethnicity fields of Uzbek, Azerbaijani, Estonian and Mongolian records
    ("Bemor: [F.I.Sh.], 9 yosh, millati: qozoq.", ["qozoq"]),
    ("Xəstə: [A.B.], 61 yaş, milliyyəti: talış.", ["talış"]),
    ("Patsient: [nimi], 70-aastane naine. Rahvus: eestlane.", ["eestlane"]),
    ("Өвчтөн: [нэр], 39 настай, үндэс угсаа: буриад.", ["буриад"]),
]


@pytest.mark.parametrize("text, ethnicity_words", ETHNICITY_HELDOUT42)
def test_ethnicity_fields_the_forty_second_held_out_corpus_showed(text, ethnicity_words):
    """Ethnicity fields of Uzbek, Azerbaijani, Estonian and Mongolian records that heldout42 (dev44) showed missing,
    written here (not copied)."""
    assert [m.text for m in extract_demographics(text).ethnicity_mentions] == ethnicity_words

@pytest.mark.parametrize("text, age", AGES_HELDOUT23 + AGES_HELDOUT24 + AGES_HELDOUT25 + AGES_HELDOUT29 + AGES_HELDOUT30
                         + AGES_HELDOUT31 + AGES_HELDOUT33 + AGES_HELDOUT34 + AGES_HELDOUT35
                         + AGES_HELDOUT36 + AGES_HELDOUT37 + AGES_HELDOUT38 + AGES_HELDOUT39
                         + AGES_HELDOUT41 + AGES_HELDOUT42 + AGES_HELDOUT43)
def test_ages_the_retired_held_out_corpora_showed(text, age):
    """Each form of an age the held-out corpora heldout23 to heldout25 and heldout29 showed missing, written here (not
    copied)."""
    assert extract_demographics(text).age == age


@pytest.mark.parametrize("text, sex_words, counterparts", SEX_WORDS_HELDOUT23 + SEX_WORDS_HELDOUT24 + SEX_WORDS_HELDOUT25
                         + SEX_WORDS_HELDOUT26 + SEX_WORDS_HELDOUT27 + SEX_WORDS_HELDOUT28
                         + SEX_WORDS_HELDOUT29 + SEX_WORDS_HELDOUT30 + SEX_WORDS_HELDOUT31
                         + SEX_WORDS_HELDOUT32 + SEX_WORDS_HELDOUT33 + SEX_WORDS_HELDOUT34
                         + SEX_WORDS_HELDOUT35 + SEX_WORDS_HELDOUT36 + SEX_WORDS_HELDOUT37
                         + SEX_WORDS_HELDOUT38 + SEX_WORDS_HELDOUT39 + SEX_WORDS_HELDOUT41
                         + SEX_WORDS_HELDOUT42 + SEX_WORDS_HELDOUT43)
def test_sex_words_and_their_counterparts_the_retired_held_out_corpora_showed(text, sex_words, counterparts):
    """The words that mark the patient's sex, and what a counterfactual writes for each, in forms heldout23 to
    heldout29 showed missing."""
    found = extract_demographics(text).sex_mentions
    assert [text[m.start:m.end] for m in found] == sex_words
    assert [_swapped(m) for m in found] == counterparts


ETHNICITY_HELDOUT39 = [
    # a field's value after "Self-identified:", Slovak "Národnosť:", Malaysia's "Bangsa:", Vietnamese "dân tộc",
    # Indonesian "suku" and Thai "เชื้อชาติ" without a colon; peoples the lexicon lacked (iTaukei, Finnish
    # "somalialaistaustainen", Greek "Ρομά", Hebrew "בדואית", Danish "grønlandsk" in a Danish note)
    ("Self-identified: First Nations (Cree)   Language: Cree/English", ["First Nations", "Cree"], "Other/Unknown"),
    ("Pacientka: [meno]\nNárodnosť: maďarská – rozumie po slovensky", ["maďarská"], "White"),
    ("Nama: [nama]   Jantina: Lelaki   Bangsa: Melayu", ["Melayu"], "Asian & Pacific"),
    ("Bệnh nhân nữ, 54 tuổi, dân tộc Tày, làm ruộng", ["Tày"], "Asian & Pacific"),
    ("Identitas: Ny. [nama], 40 th, perempuan, suku Madura, ibu rumah tangga", ["Madura"], "Asian & Pacific"),
    ("สัญชาติ ไทย   เชื้อชาติ ม้ง   ศาสนา พุทธ", ["ม้ง"], "Asian & Pacific"),
    ("47 yr old iTaukei male from [village], Tailevu.", ["iTaukei"], "Asian & Pacific"),
    ("35-vuotias somalialaistaustainen nainen, asunut Suomessa 10 v.", ["somalialaistaustainen"], "Black"),
    ("Γυναίκα 28 ετών, Ρομά, με διάρροιες από 2ημέρου.", ["Ρομά"], "White"),
    ("פרטי מטופלת: [שם], בת 24, בדואית מהנגב", ["בדואית"], "Other/Unknown"),
    ("Patient: [navn], 52 år, kvinde, grønlandsk, indlæggelse med feber. Patienten taler dansk.", ["grønlandsk"],
     "Other/Unknown"),
    # a guard, which passes on the previous code: a UK category's code letter before its dash is no value
    ("Ethnic category: K — Asian or Asian British: Bangladeshi", ["Asian or Asian British: Bangladeshi"],
     "Asian & Pacific"),
]


@pytest.mark.parametrize("text, ethnicity_words, ethnicity", ETHNICITY_HELDOUT39)
def test_ethnicity_forms_the_thirty_ninth_held_out_corpus_showed(text, ethnicity_words, ethnicity):
    """Fields without a colon, a Slovak, a Malaysian and a self-identified field, and peoples of Fiji, Finland, Greece,
    Israel and Greenland that heldout39 (dev41) showed missing, written here (not copied)."""
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity


ETHNICITY_HELDOUT41 = [
    # descent phrases: Catalan "d'ètnia", Slovak "pôvodu", Bulgarian "етнически произход", Hebrew "ממוצא", Dutch "van
    # … origine"
    ("S: Home de 64 anys, d'ètnia gitana, viu amb la família.", ["gitana"], "White"),
    ("Pacientka: 30-ročná, rómskeho pôvodu, z obce [názov].", ["rómskeho"], "White"),
    ("72-годишен мъж от турски етнически произход, говори малко български.", ["турски"], "Other/Unknown"),
    ("מטופל בן 80, ממוצא אתיופי, דובר אמהרית.", ["אתיופי"], "Black"),
    ("Patiënt: Dhr. [naam], 59 j., van Turkse origine.", ["Turkse"], "Other/Unknown"),
]


@pytest.mark.parametrize("text, ethnicity_words, ethnicity", ETHNICITY_HELDOUT41)
def test_ethnicity_forms_the_forty_first_held_out_corpus_showed(text, ethnicity_words, ethnicity):
    """Descent phrases of Catalan, Slovak, Bulgarian, Hebrew and Dutch that heldout41 (dev43) showed missing, written
    here (not copied)."""
    found = extract_demographics(text)
    assert [m.text for m in found.ethnicity_mentions] == ethnicity_words
    assert found.ethnicity == ethnicity
