"""The patient's age, sex and ethnicity as written in the free text of a clinical note.

* **Age** — the number of "57-year-old", "57 year old", "57 y old", "57 yo", "57-yo", "57 y/o", "57yo", "57yom",
  "57 YOF", "57M", "57 yo F", "57y M", "57 yrs male", "aged 57", "Age: 57", "Age (years): 57", "(age 57, …)",
  "Mr ___, 57,", "Korean man, 57,", "Mr ___ (24 y)", "patient (57 years)", "a woman of 57", "She is 57.",
  "DOB ___ (71)", "born ___ (69 y.)", "57 years of age", "Pt: M/64", "Age/Sex: 45/M", and the years of other
  languages ("78 ans", "64 años", "67 anos", "76 anni", "83 år", "81 jaar", "68 J.", "68-jähriger"). Not the
  patient's: an age next to a relative ("her 61-year-old daughter", "daughter (___, age 61)"), a past age or a
  duration ("dx age 11", "diagnosed at age 16", "depuis 15 ans") and decades ("in her 80s"). The patient's age is
  the first such number; every mention of that number is a span.
* **Sex** — every word that marks the patient's sex: pronouns (he, she, his, her, him, himself, herself, hers),
  nouns (man, woman, male, female, gentleman, gent, lady, boy, girl), titles (Mr., Mrs., Ms., Miss), the M/F of
  "57M", "57 yo F", "57yom", "Sex: M", "Sex - F", "M/64", "45/M", and the words of other languages
  (:data:`~pytest_medllm.data.notes.lexicon.FOREIGN_SEX_WORDS`: "Mme", "Herr", "Mw.", "Sig.ra", "Femme", "Varón",
  "Kvinna", "Patientin", "Mulher", "sexo feminino"; the subject pronouns "elle", "il", "él", "ella", "hij", "er",
  "hon", "han", "ela" only in a note that shows the language, :mod:`~pytest_medllm.data.notes.languages`, and never
  the impersonal "il y a"). The patient's sex is what the nouns, titles and letters say (the pronouns when there
  are none, by majority). Look-alikes are not sex words: "mild MR." (mitral regurgitation), "red man syndrome", the
  "M" of a name that goes on in a letter outside ASCII ("52 yo Māori woman").
* **Ethnicity** — a race or ethnicity term (:data:`~pytest_medllm.data.notes.lexicon.ETHNICITY_TERMS`, mapped to
  DeVisE's classes) that describes the patient: the value of a race/ethnicity field ("Race: WHITE", "Ethnicity -
  Hispanic", "Race Black"), a term just before a patient noun or right after the age ("54 yo Asian woman", "47M
  (Black)", "Mr ___, 52, South Asian", "Mr ___ (24 y), Black Caribbean"), in apposition after the patient
  ("61-year-old man, Korean, no English"), said of the patient ("She is Jamaican", "a man who is Black", "she
  self-identifies as Hispanic"), "of Mexican descent/origin/heritage/ethnicity", "from the Irish Traveller
  community", and the French, Spanish, Italian "d'origine malienne", "de origen ecuatoriano". A language
  ("Cantonese-speaking", "Haitian Creole-speaking", "Spanish interpreter") or a service ("Aboriginal Liaison
  Officer") is not a mention.

**Pronouns about other people** are given to the patient or to someone else by the rules of
:mod:`~pytest_medllm.data.notes.pronouns`. Pure functions of the text; nothing here logs or keeps the note.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .notes.languages import note_languages
from .notes.lexicon import ETHNICITY_TERMS, FOREIGN_SEX_WORDS, ORIGIN_TERMS
from .notes.pronouns import FEMALE, MALE, OTHERS, PRONOUNS, WORD, SexMention, her_role, resolve
from .schemas import ETHNICITIES

# -- the lexicon -------------------------------------------------------------------------------------------------

NOUNS = {"man": MALE, "woman": FEMALE, "male": MALE, "female": FEMALE, "gentleman": MALE, "gent": MALE, "lady": FEMALE,
         "boy": MALE, "girl": FEMALE}
TITLES = {"mr": MALE, "mister": MALE, "mrs": FEMALE, "ms": FEMALE, "miss": FEMALE}
#: People whose age a note may give next to the patient's ("her 61-year-old daughter", "partner, 45").
_RELATIVES = {w for w, sex in OTHERS.items() if sex is not None} | {
    "partner", "spouse", "friend", "roommate", "flatmate", "cousin", "sibling", "child", "parent", "grandchild"}
assert set(ETHNICITY_TERMS.values()) <= set(ETHNICITIES)
_ETHNICITY = re.compile(r"(?<![^\W\d_]|-)(?:" + "|".join(sorted((re.escape(t) for t in ETHNICITY_TERMS),
                                                                 key=len, reverse=True))
                        + r")(?:[- ]American)?(?![^\W\d_]|-(?!born\b))", re.I)  # "Jamaican-born" too
#: "Femme de 45 ans, d'origine malienne", "de origen ecuatoriano", "di origine marocchina".
_ORIGIN = re.compile(r"\b(?:d['’]\s*origine|de\s+origen|di\s+origine)\s+(?P<t>[^\W\d_]+(?:-[^\W\d_]+)?)", re.I)
_PATIENT_NOUN_AFTER = re.compile(r"^(?:[\s,-]+(?:\w+[\s-]+){0,2}?)(?:man|woman|male|female|gentleman|lady|boy|girl|"
                                 r"patient|pt|person|adult|M|F|individual|veteran)\b")
#: What may stand between the age and an ethnicity that describes the patient: "57 yo Filipino", "47M (Black)".
_AGE_TAIL = re.compile(r"[\s,()/.-]*(?:(?:years?|yrs?|yo|y/o|y\.o|old|year-old|[MFy]|J|ans|años|anos|anni|jaar|år)\b"
                       r"[\s,()/.-]*)*")
_NOT_PATIENT_AFTER = re.compile(r"^[\s-]*(?:[A-Z][a-z]+[\s-]+)?(?:speaking|speaker|interpreter|translator|language|"
                                r"liaison|food|cuisine|restaurant|community|church)", re.I)

# -- ages ----------------------------------------------------------------------------------------------------------

_AGE_FORMS: tuple[tuple[str, str], ...] = (
    ("year-old", r"(?P<n>\d{1,3})[ \t]*[-‐–]?[ \t]*(?:years?|yrs?|yr\.?|y)[ \t]*[-‐–]?[ \t]*old"),
    ("years of age", r"(?P<n>\d{1,3})[ \t]+(?:years?|yrs?)[ \t]+of[ \t]+age"),
    ("yo", r"(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:yo|y/o|y\.o\.?|yoa|YO)(?=[MFmf]?\b|[MF](?![^\W\d_]))"),
    ("aged", r"(?i)\baged[ \t]+(?P<n>\d{1,3})\b"),
    ("age", r"(?i)\bage(?:[ \t]*\((?:years?|yrs?|y)\))?[ \t]*:?[ \t]*(?P<n>\d{1,3})(?=\b|y\b|yrs?\b)"
            r"(?!\s*(?:-|to)\s*\d)"),
    # "Mr ___, 57,", "Mr D, 72,", "Pt: Mr D.T., 79": a name, a surname's initial or initials
    ("after name", r"\b(?:Mr|Mrs|Ms|Miss)\.?[ \t]+(?:_{2,}|(?:[A-Z][a-z]+[ \t]+){0,2}[A-Z][a-z'-]+|"
                   r"[A-Z](?:\.?[A-Z]){0,2}\.?|\[[^\]\n]{1,30}\])"
                   r"[ \t]*,[ \t]*"
                   r"(?P<n>\d{1,3})(?:[ \t]+(?:years?|yrs?))?(?=[ \t]*[.,;)\n]|\s*$)"),
    ("NNM", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*(?P<sex>[MF])(?![^\W_])"),
    ("years (other languages)", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:ans|años|anos|anni|år|jaar|Jahre|J\.|"
                                r"jährige[rn]?|jarige|årig|jr\.?|letni[a-ząęó]*|tahun|yaş|yaşında)(?![^\W\d_])"),
    ("years (Indonesian th)", r"(?<![\d.])(?P<n>\d{1,3})[ \t]+(?:th|thn)\b(?=[ \t]*,)"),
    ("(age) after name", r"\b(?:Mr|Mrs|Ms|Miss|Mx|Mme|Herr|Frau|Mw|Dhr|Sig|Sig\.ra|Sra?)\.?[ \t]+(?:_{2,}|[A-Z][a-z]+)"
                         r"[ \t]*\((?P<n>\d{1,3})(?:[ \t]*(?:y|yrs?|years?|yo|J|ans|jaar|år)\.?)?\)"),
    ("(age) after date of birth", r"\b(?:DOB|D\.O\.B\.?|[Bb]orn|geb\.?)[ \t:]*_{2,}[ \t]*,?[ \t]*\((?P<n>\d{1,3})"
                                  r"(?:[ \t]*(?:y|yrs?|years?|J|ans|jaar|år)\.?)?\)"),
    # "a Korean man, 61, …", "Female, 74, Caucasian", "Patient: 62 years, male", "She is 72."
    ("after a patient noun", r"\b(?i:man|woman|male|female|gentleman|lady)[ \t]*,[ \t]*(?P<n>\d{1,3})"
                             r"(?:[ \t]+(?:years?|yrs?))?(?=[ \t]*[,;.)\n]|[ \t]*$|[ \t]{2,})"),
    # "Mrs Hauwa I., 28YRS,", "Mzee J.K., 72 yrs,": a name, a comma and the years
    ("name, N yrs", r"(?<=[A-Za-z.],)[ \t]*(?P<n>\d{1,3})[ \t]*(?i:yrs?|years?|y)\b(?=[ \t]*[,.;)\n]|[ \t]{2,})"),
    # "71 yrs male", "71y M", "Patient: 62 years, male"
    ("years, sex", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:years?|yrs?|y)\.?[ \t]*,?[ \t]*"
                   r"(?=(?i:male|female|man|woman|gentleman|lady|boy|girl)\b|[MF]\b)"),
    # "patient (71 years)", "a woman of 71"
    ("(age) after a patient noun", r"\b(?i:patient|pt|man|woman|gentleman|lady|male|female)[ \t]*\((?P<n>\d{1,3})"
                                   r"(?:[ \t]*(?:y|yrs?|years?|yo)\.?)?\)"),
    ("of N", r"\b(?i:man|woman|gentleman|lady|patient)[ \t]+of[ \t]+(?P<n>\d{1,3})(?=[ \t]*(?:years?\b|[.,;)]|$))"),
    ("is N", r"\b(?:[Hh]e|[Ss]he|[Pp]atient|[Pp]t)[ \t]+is[ \t]+(?P<n>\d{1,3})(?=[ \t]*[.,;]|[ \t]*$)"),
    ("sex/age", r"(?<![\w/])(?P<sex>[MF])[ \t]*/[ \t]*(?P<n>\d{1,3})(?![\d/])"),
    # "Age/Sex: 58 Y/F", "Patient: 57 years   Sex: Male", "年龄: 68岁"
    ("age/sex field", r"(?i)\bage\s*/\s*(?:sex|gender)\s*:?\s*(?P<n>\d{1,3})(?!\d)"),
    ("patient field", r"(?i)\b(?:patient|pt)\s*:\s*(?P<n>\d{1,3})\s*(?:years?|yrs?|y)\b(?!\s+ago)"),
    ("years (Chinese)", r"(?:年龄[:：]?\s*)?(?P<n>\d{1,3})\s*岁"),
    # "82 / Chinese / M", "58/Malay/F": age, race and sex, as Singapore and Malaysia write them
    ("age/race/sex", r"(?<![\w/.])(?P<n>\d{1,3})[ \t]*/[ \t]*[A-Z][a-z]+[ \t]*/[ \t]*(?P<sex>[MF])(?![\w/])"),
    # "A: 79, female" (an ATMIST handover's Age), "Pt 64, male"
    ("N, sex", r"(?<![\d.,/])(?P<n>\d{1,3})[ \t]*,[ \t]*(?=(?i:male|female|man|woman)\b)"),
    ("age/sex", r"(?<![\w/.])(?P<n>\d{1,3})[ \t]*/[ \t]*(?P<sex>[MF])(?![\w/])"),
)
_PAST_AGE = re.compile(r"(?:\b(?:dx|diagnosed|diagnosis|onset|since|at|until|from|when|started|began|depuis|pendant|"
                       r"hace|durante|desde|da|per|seit|sedan|sinds|voor|il\s+y\s+a)\b[\s:]*$)", re.I)
_TEMPERATURE_BEFORE = re.compile(r"(?:\bT(?:emp\w*|max)?|VS|vitals?)[\s:]*$", re.I)


@dataclass(frozen=True)
class AgeMention:
    value: int
    start: int
    end: int
    form: str


@dataclass(frozen=True)
class EthnicityMention:
    start: int
    end: int
    text: str
    ethnicity: str
    #: "field" ("Race: WHITE") or "prose".
    form: str = "prose"


@dataclass(frozen=True)
class NoteDemographics:
    age: int | None
    age_mentions: tuple[AgeMention, ...]
    sex: str | None
    #: The patient's sex words (what a sex counterfactual rewrites).
    sex_mentions: tuple[SexMention, ...]
    #: Pronouns judged to be about someone else (kept for the report).
    other_pronouns: tuple[SexMention, ...]
    ethnicity: str | None
    ethnicity_mentions: tuple[EthnicityMention, ...]

    def to_json(self) -> dict:
        return {"age": self.age, "age_spans": [[m.start, m.end] for m in self.age_mentions],
                "sex": self.sex, "sex_spans": [[m.start, m.end] for m in self.sex_mentions],
                "other_people_pronoun_spans": [[m.start, m.end] for m in self.other_pronouns],
                "ethnicity": self.ethnicity, "ethnicity_spans": [[m.start, m.end] for m in self.ethnicity_mentions]}


def _describes_other(text: str, start: int) -> bool:
    """The words before ``start`` describe another person in apposition: "his wife, a 68-year-old woman"."""
    m = re.search(r"\b([a-z]+(?:-in-law)?)\s*,\s*(?:an?\s+)?(?:\d{1,3}[\s-]*(?:years?|yrs?|yo|y/o)?[\s-]*(?:old)?\s+)?"
                  r"(?:\w+\s+)?$", text[max(0, start - 40):start].lower())
    return bool(m) and OTHERS.get(m[1], "none") != "none"


def _relative_near(text: str, start: int, end: int) -> bool:
    """A relative named right next to an age ("her 61-year-old daughter", "daughter (___, age 61)")."""
    if _describes_other(text, start):
        return True
    before = text[max(0, start - 30):start].lower()
    after = text[end:end + 30].lower()
    near_before = re.search(r"\b(\w+(?:-in-law)?)\b\W*(?:\(|,)?\W*(?:_{2,}\W*)?(?:age\W*)?$", before)
    near_after = re.match(r"[\s-]*(?:years?|yrs?|yo|y/o)?[\s-]*(?:old)?\s*(\w+(?:-in-law)?)", after)
    words = [m[1] for m in (near_before, near_after) if m]
    return any(w in _RELATIVES for w in words)


def find_ages(text: str) -> list[AgeMention]:
    """Mentions of the patient's age (the first age found; every mention of that number)."""
    found: dict[int, AgeMention] = {}
    for form, pattern in _AGE_FORMS:
        for m in re.finditer(pattern, text):
            start, end = m.start("n"), m.end("n")
            value = int(m["n"])
            if start in found or not 0 < value <= 120:
                continue
            before = text[max(0, m.start() - 25):m.start()]
            if _PAST_AGE.search(before) or _relative_near(text, start, end):
                continue
            if form in ("NNM", "sex/age", "age/sex", "years, sex") and (_TEMPERATURE_BEFORE.search(before) or
                                                                         not _age_context(text, m)):
                continue
            found[start] = AgeMention(value, start, end, form)
    mentions = sorted(found.values(), key=lambda a: a.start)
    if not mentions:
        return []
    age = mentions[0].value
    return [a for a in mentions if a.value == age]


def _age_context(text: str, m: re.Match) -> bool:
    """"57M"/"57 F" is an age and a sex where it opens a sentence, a line or a field, or a telegraphic summary."""
    before = text[max(0, m.start() - 20):m.start()]
    after = text[m.end():m.end() + 12]
    opens = re.search(r"(?:^|[\n.;:(]|,|[ \t]{3,})[\s*-]*(?:pt|patient|age/sex|sex/age|age/gender|gender/age|an?)?"
                      r"[\s:]*$", before, re.I) or not before.strip()
    return bool(opens) and not re.match(r"\s*(?:\d|°|degrees)", after)


# -- sex -----------------------------------------------------------------------------------------------------------

#: A title before a clinician's name and role: "Mr Hussain (Cons)", "Ms Adeyemi (SpR)", "Frau Kollegin".
_STAFF_AFTER_NAME = re.compile(r"\.?[ \t]+(?:[A-Z][\w'-]+[ \t]*\((?:Cons\w*|SpR|StR|Reg\w*|FY\d|CT\d|SHO|"
                               r"Dr|RN|NP|PA|Nurse|Surgeon|Anaesth\w*|Attending)\)|Kolleg\w*|Dr\b|Prof\b)")


#: A role before a title: "Consultant: Mr O'Neill", "Surgeon: Ms Patel", "seen by Mr ___".
_STAFF_BEFORE = re.compile(r"(?:\b(?:consultant|surgeon|registrar|attending|referring|seen\s+by|under|gp|aan|interne|"
                           r"assistant|anaesthetist|anesthetist|médecin|nurse|scrub)"
                           r"[ \t:,]*|\b(?:mother|father|mum|dad|teacher|wife|husband|son|daughter|sister|brother)"
                           r"[ \t]*\()$",
                           re.I)


def _sex_words(text: str) -> list[SexMention]:
    words: list[SexMention] = []
    letters = [c for c in text if c.isalpha()]
    shouting = sum(c.isupper() for c in letters) > 0.6 * max(1, len(letters))  # a note written in capitals
    for m in WORD.finditer(text):
        word = m[0]
        low = word.lower()[:-2] if word.lower().endswith("'s") else word.lower()  # "She's": the pronoun is "She"
        base_end = m.start() + len(low)
        if low in PRONOUNS and word.isupper() and len(word) > 1 and (
                re.match(r"\s*(?:\d|[a-z])", text[m.end():]) or not (shouting or re.match(r"\s+[A-Z]{2,}\b",
                                                                                          text[m.end():]))):
            continue  # "HE grade 2", "ascites, HE;" (hepatic encephalopathy), "HER2": abbreviations, mixed-case note
        if low in PRONOUNS:
            sex, role = PRONOUNS[low]
            if low == "her":
                role = her_role(text, m.end())
            words.append(SexMention(m.start(), base_end, text[m.start():base_end], sex, "pronoun", role))
        elif low in NOUNS and not re.match(r"[\s-]*(?:nurse|partner|friend|relative|staff|pattern|syndrome|infant|"
                                           r"baby|newborn|neonate|fetus|twin)", text[m.end():]) and not re.search(
                r"\b(?:baby|live|newborn|a\s+healthy)\s+$", text[max(0, m.start() - 12):m.start()], re.I) and \
                not _describes_other(text, m.start()):
            words.append(SexMention(m.start(), m.end(), word, NOUNS[low], "noun"))
        elif low in TITLES and word[0].isupper() and re.match(r"\.?[ \t]+(?:_|[A-Z\[])", text[m.end():]) and \
                not re.match(r"[ \t]*(?:No\b|#|Number\b)", text[m.end():]) and \
                not _STAFF_AFTER_NAME.match(text, m.end()) and not _STAFF_BEFORE.search(
                    text[max(0, m.start() - 25):m.start()]) and not (
                word.isupper() and re.search(r"\b(?:mild|moderate|severe|trace|trivial|no|significant|and|with)\s*$",
                                             text[max(0, m.start() - 15):m.start()], re.I)):
            end = m.end() + (text[m.end():m.end() + 1] == ".")  # "Mr." is one word: the period goes with it
            words.append(SexMention(m.start(), end, text[m.start():end], TITLES[low], "title"))
    for m in re.finditer(r"\b(?:sex|gender)\s*[:=\-]?\s*(?P<w>M|F|male|female|Male|Female|MALE|FEMALE)\b", text, re.I):
        letter = m["w"][0].upper()
        if len(m["w"]) == 1:
            words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if letter == "M" else FEMALE, "letter"))
    forms = dict(_AGE_FORMS)
    for pattern in (forms["NNM"], forms["sex/age"], forms["age/sex"], forms["age/race/sex"],
                    # "58 yo F", "82 yo white M", "63 y/o AA M", "58 y/o WM", "41 yo AAF"
                    r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*"
                    r"(?:(?:[A-Za-z][a-z]+(?:[- ][A-Z][a-z]+)?|AA|W|B|H)[ \t]+|AA|W|B)?(?P<sex>[MF])(?![^\W_])",
                    r"(?<![\d.])\d{1,3}[ \t]*[Yy](?:rs?)?\.?[ \t]*/[ \t]*(?P<sex>[MF])(?![^\W_])",  # "58 Y/F"
                    r"_{2,}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*(?P<sex>[MF])(?![^\W_])",  # "___ yo F"
                    r"(?<![\d.])\d{1,3}[ \t]*(?:yo|YO)(?P<sex>[MFmf])\b",  # "62 yom", "45 YOF"
                    r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:y|yrs?)\b\.?[ \t]*,?[ \t]*(?P<sex>[MF])(?![^\W_])",
                    r"(?:^|(?<=[.\n]\s)|(?<=\n))(?P<sex>[MF])(?=\s+(?:in\s+(?:his|her)\s+\d0s|aged\b|,\s*\d))"):
        for m in re.finditer(pattern, text, re.M):
            if "n" in m.groupdict() and m["n"] and not _age_context(text, m):
                continue
            if "n" in m.groupdict() and _TEMPERATURE_BEFORE.search(text[max(0, m.start() - 25):m.start()]):
                continue
            words.append(SexMention(m.start("sex"), m.end("sex"), m["sex"], MALE if m["sex"] in "Mm" else FEMALE,
                                    "letter"))
    for m in re.finditer(r"性别[:：]?\s*(?P<w>男|女)", text):  # a Chinese record's sex field
        words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if m["w"] == "男" else FEMALE, "letter"))
    words += _foreign_sex_words(text)
    unique = {w.start: w for w in words}
    return sorted(unique.values(), key=lambda w: w.start)


_FOREIGN = re.compile(r"(?<![^\W\d_])(?:" + "|".join(sorted((re.escape(w) for w in FOREIGN_SEX_WORDS), key=len,
                                                             reverse=True)) + r")(?![^\W\d_])", re.I)
#: French "il" that is no one: "il y a 9 jours", "il faut", "il s'agit de", "il est possible".
_IMPERSONAL = re.compile(r"\s+(?:y\s+a|n['’]y\s+a|faut|s['’]agit|semble|existe|convient|reste|est\s+(?:possible|"
                         r"probable|important|nécessaire|recommandé|prévu|à\s+noter|difficile|urgent))\b", re.I)


def _foreign_sex_words(text: str) -> list[SexMention]:
    """Titles, nouns and (in a note that shows the language) subject pronouns of other languages."""
    languages = note_languages(text)
    out = []
    for m in _FOREIGN.finditer(text):
        word = m[0]
        sex, kind, needs = FOREIGN_SEX_WORDS[word.lower()]
        if needs and not languages & set(needs):
            continue
        after = text[m.end():m.end() + 40]
        after_age = re.search(r"\d[ \t]*-?[ \t]*jährige[rn]?[ \t]+$", text[max(0, m.start() - 15):m.start()])
        lower_dutch = word.lower() in ("dhr.", "mw.", "mevr.") and re.match(r"[ \t]+[A-Z]", after)
        if kind == "title" and not after_age and not lower_dutch and not (
                word[0].isupper() and re.match(r"[ \t]+(?:_|[A-ZÀ-Þ\[])", after)):
            continue  # a title stands before a name or "___" ("85-jähriger Herr" is the patient, "dhr. P." too)
        if kind == "title" and (_STAFF_AFTER_NAME.match(text, m.end()) or
                                _STAFF_BEFORE.search(text[max(0, m.start() - 25):m.start()])):
            continue  # "Sehr geehrte Frau Kollegin": the colleague written to
        if kind == "noun" and re.search(r"\b(?:zijn|haar|sein\w*|ihr\w*|su|son|sa|seu|sua)[ \t]+$",
                                        text[max(0, m.start() - 8):m.start()], re.I):
            continue  # "Zijn vrouw": the patient's wife
        if kind == "noun" and word.lower() in ("mann", "frau") and not word[0].isupper():
            continue
        if kind == "pronoun":
            sentence_start = re.search(r"(?:^|[.!?:;]\s+|\n)$", text[max(0, m.start() - 3):m.start()])
            if word != word.lower() and not (word[0].isupper() and word[1:].islower() and sentence_start):
                continue  # "ER", "Han Chinese", a name: not a pronoun
            if word.lower() == "il" and _IMPERSONAL.match(after):
                continue
        out.append(SexMention(m.start(), m.end(), word, sex, kind, "subject" if kind == "pronoun" else ""))
    return out


def patient_sex(words: list[SexMention]) -> str | None:
    """The sex the nouns, titles and letters say (majority), else the pronouns' majority; None if no word."""
    for kinds in (("noun", "title", "letter"), ("pronoun",)):
        votes = Counter(w.sex for w in words if w.kind in kinds)
        if votes:
            return votes.most_common(1)[0][0]
    return None


# -- ethnicity -----------------------------------------------------------------------------------------------------

#: A patient noun or an age right before: "61-year-old man, Korean,", "52-yr-old man from the Irish Traveller".
_PATIENT_BEFORE = re.compile(r"(?:\b(?:man|woman|male|female|gentleman|lady|boy|girl|patient|pt|feminino|masculino)|"
                             r"\d[ \t]?[MF]\b|"
                             r"\b(?:year|yr)s?[- ]old|\b(?:Mr|Mrs|Ms|Miss)\.?\s+(?:_{2,}|[A-Z][a-z]+))\s*,?\s*"
                             r"(?:from\s+the\s+)?$", re.I)


#: Race written as a letter glued to the sex letter after an age: "58 y/o WM", "41 yo AAF", "67 yo BF".
_GLUED_ETHNICITY = re.compile(r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*(?P<e>AA|W|B)(?=[MF]\b)")
_GLUED_CLASSES = {"AA": "Black", "W": "White", "B": "Black"}
_AGE_RACE_SEX = re.compile(r"(?<![\w/.])\d{1,3}[ \t]*/[ \t]*(?P<e>[A-Z][a-z]+)[ \t]*/[ \t]*[MF](?![\w/])")


#: The rest of a race/ethnicity field's value after its first term: capitalised words up to the field's end.
_FIELD_VALUE_REST = re.compile(r"(?:[ \t]*[-/][ \t]*|[ \t])[A-Z][A-Za-z]+(?:[ \t][A-Z][A-Za-z]+)?"
                               r"(?=[ \t]{2,}|[.;,|\n]|$)")


def find_ethnicities(text: str, ages: list[AgeMention]) -> list[EthnicityMention]:
    out = []
    for m in _ETHNICITY.finditer(text):
        base = re.sub(r"[- ]American$", "", m[0], flags=re.I) if m[0].lower() not in ETHNICITY_TERMS else m[0]
        ethnicity = ETHNICITY_TERMS.get(m[0].lower()) or ETHNICITY_TERMS[base.lower()]
        before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 40]
        community = re.search(r"\bfrom\s+the\s+$", before) and re.match(r"\s+community\b", after) and \
            _PATIENT_BEFORE.search(before)  # "a 52-yr-old man from the Irish Traveller community"
        # "Race: WHITE", "Ethnicity - Hispanic", "race/ethnicity Black", "Race is white"
        field = re.search(r"(?:\b(?:race|ethnicity|ethnic\s+group|ethnic\s+origin|indigenous\s+status|tribe|community|"
                          r"caste)"
                          r"(?:\s*/\s*ethnicity)?|民族)"
                          r"(?:\s*[:=\-–：]\s*|\s+is\s+|\s+)$", before, re.I)
        identifies = re.search(r"\bidentif(?:ies|ied|ying)\s+as\s+$", before, re.I)
        if _NOT_PATIENT_AFTER.match(after) and not community and not field and not identifies:
            continue  # "Cantonese-speaking"; a field's value stays ("Ethnicity: X   Preferred language: …")
        near_age = any(a.end <= m.start() and _AGE_TAIL.fullmatch(text[a.end:m.start()]) for a in ages)
        descent = re.match(r"\s+(?:descent|origin|heritage|background|ancestry|extraction|ethnicity|race)\b", after,
                           re.I) and re.search(r"\bof\s*$", before)
        noun = _PATIENT_NOUN_AFTER.match(after) and not re.match(r"[\s-]*(?:nurse|doctor|staff|friend)", after)
        # in apposition after the patient: "61-year-old man, Korean, no English"
        qualified = re.search(r",\s*(?:NZ|UK|US|British|Australian|American|Canadian)\s+$", before)
        if qualified:  # "Pt: 59 M, NZ Māori": the country before the term qualifies it
            before = before[:qualified.start()] + ", "
        apposition = re.search(r",\s*$", before) and _PATIENT_BEFORE.search(before) and re.match(
            r"(?:-born)?[ \t]*(?:[,;.)]|\(|$|\n)", after)
        # said of the patient: "She is Jamaican", "a 50-year-old man who is Black and …", "She self-identifies as
        # Hispanic" ("Pt is of Korean descent" is ``descent``)
        predicate = (re.search(r"(?:\b(?:he|she|patient|pt)|\b(?:man|woman|male|female|gentleman|lady|patient|pt)"
                               r"\s*,?\s*who)\s+(?:is|was|(?:self[- ])?identifie[sd]\s+as|"
                               r"describes\s+(?:him|her)self\s+as)\s+(?:an?\s+)?$", before, re.I) or
                     # "34yo M, identifies as Aboriginal": a note says this only of its patient
                     re.search(r"\b(?:self[- ])?identif(?:ies|ied|ying)\s+as\s+(?:an?\s+)?$", before, re.I)) and \
            re.match(r"[ \t]*(?:[,;.)]|and\b|$|\n|[ \t]{2,})", after)
        joined = out and out[-1].ethnicity == ethnicity and re.fullmatch(r"\s*(?:/|or)\s*", text[out[-1].end:m.start()])
        if joined:  # "BLACK/AFRICAN AMERICAN": one mention of one class
            last = out.pop()
            out.append(EthnicityMention(last.start, m.end(), text[last.start:m.end()], ethnicity, last.form))
        elif out and re.fullmatch(r"\s*\(\s*", text[out[-1].end:m.start()]) and re.match(r"\s*\)", after):
            # "Ethnicity: Asian (Vietnamese)", "Black (Nigerian)": a finer term of the mention before it
            out.append(EthnicityMention(m.start(), m.end(), m[0], ethnicity, out[-1].form))
        elif field or near_age or descent or noun or apposition or community or predicate:
            out.append(EthnicityMention(m.start(), m.end(), m[0], ethnicity, "field" if field else "prose"))
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


def extract_demographics(text: str, declared_sex: str | None = None) -> NoteDemographics:
    """Age, sex and ethnicity mentions of one note. ``declared_sex`` (from the user's file) anchors rule 1 of the
    pronoun rules when the text itself has no noun, title or letter that says it."""
    ages = find_ages(text)
    words = _sex_words(text)
    sex = patient_sex([w for w in words if w.kind != "pronoun"]) or declared_sex or patient_sex(words)
    resolved = resolve(text, words, sex)
    ethnicities = find_ethnicities(text, ages)
    classes = Counter(e.ethnicity for e in ethnicities)
    return NoteDemographics(
        age=ages[0].value if ages else None, age_mentions=tuple(ages), sex=sex if words else None,
        sex_mentions=tuple(w for w in resolved if w.patient),
        other_pronouns=tuple(w for w in resolved if not w.patient),
        ethnicity=classes.most_common(1)[0][0] if classes else None, ethnicity_mentions=tuple(ethnicities))
