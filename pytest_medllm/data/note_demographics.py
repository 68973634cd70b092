"""The patient's age, sex and ethnicity as written in the free text of a clinical note.

* **Age** — the number of "57-year-old", "57 year old", "57 yo", "57 y/o", "57yo", "57M", "57 yo F", "aged 57",
  "Age: 57", "(age 57, …)", "Mr ___, 57," and "57 years of age". Not the patient's: an age next to a relative
  ("her 61-year-old daughter", "daughter (___, age 61)"), a past age ("dx age 11", "diagnosed at age 16") and
  decades ("in her 80s"). The patient's age is the first such number; every mention of that number is a span.
* **Sex** — every word that marks the patient's sex: pronouns (he, she, his, her, him, himself, herself, hers),
  nouns (man, woman, male, female, gentleman, lady, boy, girl), titles (Mr., Mrs., Ms., Miss) and the M/F of
  "57M", "57 yo F", "Sex: M". The patient's sex is what the nouns, titles and letters say (the pronouns when there
  are none, by majority).
* **Ethnicity** — a race or ethnicity term (:data:`ETHNICITY_TERMS`, mapped to DeVisE's classes) that describes the
  patient: the value of a "Race:"/"Ethnicity:" field, a term just before a patient noun or right after the age
  ("54 yo Asian woman", "47M (Black)", "Mr ___, 52, South Asian"), or "of Mexican descent". A language
  ("Cantonese-speaking", "Spanish interpreter") or a service ("Aboriginal Liaison Officer") is not a mention.

**Pronouns about other people** (:func:`_resolve`). Notes speak of relatives and staff with the same pronouns, so
each pronoun is given to the patient or to someone else by these rules, in order:

1. a pronoun of the other sex than the patient's is about someone else ("her husband said he ...");
2. object pronouns (him, her as an object) and reflexives refer to the patient: in "his brother, who ran with
   him" the object cannot be the subject of its own clause, and the patient is the usual other party;
3. possessives (his, her before a noun) refer to the patient — things in a note belong to the patient;
4. a subject pronoun (he, she) refers to the nearest person noun before it in its sentence when that noun is
   another person of a fitting sex (son, wife, roommate, nurse …: "The older son asked …; he said he understood"),
   except right after a verb of reporting ("daughter reports she has been confused": the report is about the
   patient) unless the same clause also has an object pronoun of that sex ("says he saw him": two people);
5. everything else refers to the patient.

The tests measure these rules on the annotated corpus; the pronouns they misattribute are listed there.
Pure functions of the text; nothing here logs or keeps the note.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .schemas import ETHNICITIES

# -- the lexicon -------------------------------------------------------------------------------------------------

MALE, FEMALE = "male", "female"
#: Pronoun -> (sex, grammatical role); "her" is possessive or object, told apart by the next word.
PRONOUNS = {"he": (MALE, "subject"), "she": (FEMALE, "subject"), "him": (MALE, "object"), "his": (MALE, "possessive"),
            "her": (FEMALE, "possessive"), "hers": (FEMALE, "possessive"), "himself": (MALE, "reflexive"),
            "herself": (FEMALE, "reflexive")}
NOUNS = {"man": MALE, "woman": FEMALE, "male": MALE, "female": FEMALE, "gentleman": MALE, "lady": FEMALE,
         "boy": MALE, "girl": FEMALE}
TITLES = {"mr": MALE, "mister": MALE, "mrs": FEMALE, "ms": FEMALE, "miss": FEMALE}
#: People other than the patient, with their sex when the word says it (None: either).
OTHERS = {
    **{w: MALE for w in ("son", "husband", "father", "brother", "boyfriend", "grandson", "uncle", "nephew",
                         "stepfather", "stepson", "dad", "grandfather", "fiance", "son-in-law", "brother-in-law")},
    **{w: FEMALE for w in ("daughter", "wife", "mother", "sister", "girlfriend", "granddaughter", "aunt", "niece",
                           "stepmother", "stepdaughter", "mom", "grandmother", "fiancee", "daughter-in-law",
                           "sister-in-law")},
    **{w: None for w in ("partner", "spouse", "friend", "roommate", "flatmate", "housemate", "neighbor", "neighbour",
                         "coworker", "colleague", "caregiver", "carer", "nurse", "rn", "physician", "doctor", "pcp",
                         "hcp", "poa", "guardian", "interpreter", "passenger", "driver", "cousin", "sibling",
                         "child", "parent", "grandchild", "officer", "paramedic", "attending", "resident",
                         "pharmacist", "therapist", "landlord", "boss", "employer", "witness")},
}
#: People whose age a note may give next to the patient's ("her 61-year-old daughter", "partner, 45").
_RELATIVES = {w for w, sex in OTHERS.items() if sex is not None} | {
    "partner", "spouse", "friend", "roommate", "flatmate", "cousin", "sibling", "child", "parent", "grandchild"}
PATIENT_WORDS = {"patient", "pt", "man", "woman", "gentleman", "lady", "male", "female", "boy", "girl", "mr", "mrs",
                 "ms", "miss", "mister"}
REPORTING = re.compile(r"\b(?:reports?|reported|says|said|states?|stated|notes?|noted|thinks|thought|feels|felt|"
                       r"believes?|confirms?|confirmed|describes?|described|explains?|explained|mentions?|"
                       r"mentioned|shared|relates?|related|endorses?|denies|denied|tells|told\s+(?:us|me|staff)|"
                       r"worries|worried|adds?|added|noticed|notices|found|saw|sees|heard|knew|knows|realized|"
                       r"observed|witnessed)(?:\s+that)?\s*$", re.I)
#: A pronoun opening a subordinate clause ("worried after she fainted") is about the patient.
SUBORDINATE = re.compile(r"\b(?:after|before|when|whenever|because|since|while|until|once|as|if|although)\s*$", re.I)
_PREPOSITION_BEFORE = re.compile(r"\b(?:with|to|by|from|for|of|about|without|toward|towards|and)\s+"
                                 r"(?:(?:his|her|their|the|a|an|my|our)\s+)?(?:\w+\s+){0,2}$", re.I)
#: Words after "her" that make it an object ("found her on the floor", "gave her an auto-injector").
_AFTER_OBJECT = {"to", "in", "on", "at", "with", "from", "for", "by", "into", "onto", "up", "down", "out", "off",
                 "back", "home", "away", "over", "again", "and", "or", "but", "that", "as", "a", "an", "the",
                 "this", "today", "yesterday", "now", "immediately", "after", "before", "about", "of", "if",
                 "when", "while", "because", "since", "until", "there", "here", "so", "once", "twice", "is",
                 "was", "has", "had", "will", "would", "can", "could", "should", "may", "might", "last", "every",
                 "some", "any", "no", "his", "him", "her", "them", "through", "via", "per", "without", "within",
                 "around", "regarding", "x1", "x2"}

#: Ethnicity and race terms -> DeVisE class (Table 1). Longer terms first where one contains another.
ETHNICITY_TERMS: dict[str, str] = {
    "african american": "Black", "african-american": "Black", "aa": "Black", "afro-caribbean": "Black", "black": "Black",
    "haitian": "Black", "jamaican": "Black", "nigerian": "Black", "somali": "Black", "ethiopian": "Black",
    "american indian": "Other/Unknown", "native american": "Other/Unknown", "alaska native": "Other/Unknown",
    "aboriginal": "Other/Unknown", "indigenous": "Other/Unknown", "first nations": "Other/Unknown",
    "multiracial": "Other/Unknown", "mixed race": "Other/Unknown", "mixed-race": "Other/Unknown",
    "biracial": "Other/Unknown", "white british": "White", "caucasian": "White", "white": "White",
    "hispanic": "Hispanic/Latino", "latino": "Hispanic/Latino", "latina": "Hispanic/Latino",
    "latinx": "Hispanic/Latino", "puerto rican": "Hispanic/Latino", "mexican": "Hispanic/Latino",
    "dominican": "Hispanic/Latino", "cuban": "Hispanic/Latino", "salvadoran": "Hispanic/Latino",
    "guatemalan": "Hispanic/Latino", "colombian": "Hispanic/Latino", "south asian": "Asian & Pacific",
    "east asian": "Asian & Pacific", "asian": "Asian & Pacific", "chinese": "Asian & Pacific",
    "filipino": "Asian & Pacific", "filipina": "Asian & Pacific", "vietnamese": "Asian & Pacific",
    "korean": "Asian & Pacific", "japanese": "Asian & Pacific", "cambodian": "Asian & Pacific",
    "indian": "Asian & Pacific", "pakistani": "Asian & Pacific", "bangladeshi": "Asian & Pacific",
    "thai": "Asian & Pacific", "laotian": "Asian & Pacific", "hmong": "Asian & Pacific",
    "pacific islander": "Asian & Pacific", "native hawaiian": "Asian & Pacific", "samoan": "Asian & Pacific",
    "tongan": "Asian & Pacific", "fijian": "Asian & Pacific", "maori": "Asian & Pacific",
    "chamorro": "Asian & Pacific",
}
assert set(ETHNICITY_TERMS.values()) <= set(ETHNICITIES)
_ETHNICITY = re.compile(r"(?<![A-Za-z-])(?:" + "|".join(sorted((re.escape(t) for t in ETHNICITY_TERMS),
                                                              key=len, reverse=True))
                        + r")(?:[- ]American)?(?![A-Za-z-])", re.I)
_PATIENT_NOUN_AFTER = re.compile(r"^(?:[\s,-]+(?:\w+[\s-]+){0,2}?)(?:man|woman|male|female|gentleman|lady|boy|girl|"
                                 r"patient|pt|person|adult|M|F|individual|veteran)\b")
#: What may stand between the age and an ethnicity that describes the patient: "57 yo Filipino", "47M (Black)".
_AGE_TAIL = re.compile(r"[\s,()/.-]*(?:(?:years?|yrs?|yo|y/o|y\.o|old|year-old|[MF])\b[\s,()/.-]*)*")
_NOT_PATIENT_AFTER = re.compile(r"^[\s-]*(?:speaking|speaker|interpreter|translator|language|liaison|food|cuisine|"
                                r"restaurant|community|church)", re.I)

# -- ages ----------------------------------------------------------------------------------------------------------

_AGE_FORMS: tuple[tuple[str, str], ...] = (
    ("year-old", r"(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:years?|yrs?|yr\.?)[ \t]*-?[ \t]*old"),
    ("years of age", r"(?P<n>\d{1,3})[ \t]+(?:years?|yrs?)[ \t]+of[ \t]+age"),
    ("yo", r"(?P<n>\d{1,3})[ \t]*(?:yo|y/o|y\.o\.?|yoa)(?=[MF]?\b|[MF](?![A-Za-z]))"),
    ("aged", r"(?i)\baged[ \t]+(?P<n>\d{1,3})\b"),
    ("age", r"(?i)\bage[ \t]*:?[ \t]*(?P<n>\d{1,3})\b(?!\s*(?:-|to)\s*\d)"),
    ("after name", r"\b(?:Mr|Mrs|Ms|Miss)\.?[ \t]+(?:_{2,}|[A-Z][a-z]+|\[[^\]\n]{1,30}\])[ \t]*,[ \t]*"
                   r"(?P<n>\d{1,3})(?:[ \t]+(?:years?|yrs?))?(?=[ \t]*[.,;)]|\s*$)"),
    ("NNM", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*(?P<sex>[MF])(?![A-Za-z0-9])"),
)
_PAST_AGE = re.compile(r"(?:\b(?:dx|diagnosed|diagnosis|onset|since|at|until|from|when|started|began)\b[\s:]*$)",
                       re.I)
_TEMPERATURE_BEFORE = re.compile(r"(?:\bT(?:emp\w*|max)?|VS|vitals?)[\s:]*$", re.I)


@dataclass(frozen=True)
class AgeMention:
    value: int
    start: int
    end: int
    form: str


@dataclass(frozen=True)
class SexMention:
    """A word marking someone's sex; ``patient`` says whether it is the patient's, ``why`` by which rule."""

    start: int
    end: int
    text: str
    sex: str
    kind: str  # "pronoun", "noun", "title", "letter"
    role: str = ""  # for pronouns: subject, object, possessive, reflexive
    patient: bool = True
    why: str = ""


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
            if form == "NNM" and (_TEMPERATURE_BEFORE.search(before) or not _age_context(text, m)):
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
    opens = re.search(r"(?:^|[\n.;:(]|,)[\s*-]*(?:pt|patient)?[\s:]*$", before, re.I) or not before.strip()
    return bool(opens) and not re.match(r"\s*(?:\d|°|degrees)", after)


# -- sex -----------------------------------------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s|$)|\n")


def _her_role(text: str, end: int) -> str:
    """"her" before a noun is possessive ("her son"), before a preposition, article or punctuation an object."""
    rest = text[end:end + 30]
    nxt = re.match(r"\s*([A-Za-z][A-Za-z'-]*|\d+|\S)?", rest)
    token = (nxt[1] or "") if nxt else ""
    if not token or not token[0].isalnum():
        return "object"
    if token.lower() in _AFTER_OBJECT:
        return "object"
    if token[0].isdigit():
        return "possessive" if re.match(r"\s*\d0s\b", rest) else "object"
    return "possessive"


def _sex_words(text: str) -> list[SexMention]:
    words: list[SexMention] = []
    for m in _WORD.finditer(text):
        word = m[0]
        low = word.lower()[:-2] if word.lower().endswith("'s") else word.lower()  # "She's": the pronoun is "She"
        base_end = m.start() + len(low)
        if low in PRONOUNS and word.isupper() and len(word) > 1 and re.match(r"\s*(?:\d|[a-z])", text[m.end():]):
            continue  # "HE grade 2" (hepatic encephalopathy), "HER2": an abbreviation in a note of mixed case
        if low in PRONOUNS:
            sex, role = PRONOUNS[low]
            if low == "her":
                role = _her_role(text, m.end())
            words.append(SexMention(m.start(), base_end, text[m.start():base_end], sex, "pronoun", role))
        elif low in NOUNS and not re.match(r"[\s-]*(?:nurse|partner|friend|relative|staff|pattern)", text[m.end():]) \
                and not _describes_other(text, m.start()):
            words.append(SexMention(m.start(), m.end(), word, NOUNS[low], "noun"))
        elif low in TITLES and word[0].isupper() and re.match(r"\.?\s+(?:_|[A-Z\[])", text[m.end():]):
            end = m.end() + (text[m.end():m.end() + 1] == ".")  # "Mr." is one word: the period goes with it
            words.append(SexMention(m.start(), end, text[m.start():end], TITLES[low], "title"))
    for m in re.finditer(r"\b(?:sex|gender)\s*:\s*(?P<w>M|F|male|female|Male|Female|MALE|FEMALE)\b", text, re.I):
        letter = m["w"][0].upper()
        if len(m["w"]) == 1:
            words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if letter == "M" else FEMALE, "letter"))
    for pattern in (_AGE_FORMS[-1][1], r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*"
                                       r"(?:[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?[ \t]+)?(?P<sex>[MF])(?![A-Za-z0-9])",
                    r"(?:^|(?<=[.\n]\s)|(?<=\n))(?P<sex>[MF])(?=\s+(?:in\s+(?:his|her)\s+\d0s|aged\b|,\s*\d))"):
        for m in re.finditer(pattern, text, re.M):
            if "n" in m.groupdict() and m["n"] and not _age_context(text, m):
                continue
            if "n" in m.groupdict() and _TEMPERATURE_BEFORE.search(text[max(0, m.start() - 25):m.start()]):
                continue
            words.append(SexMention(m.start("sex"), m.end("sex"), m["sex"], MALE if m["sex"] == "M" else FEMALE,
                                    "letter"))
    unique = {w.start: w for w in words}
    return sorted(unique.values(), key=lambda w: w.start)


def _persons(text: str) -> list[tuple[int, str, str | None]]:
    """Person nouns in text order: ``(position, "patient" or "other", sex of an other person)``."""
    out = []
    for m in _WORD.finditer(text):
        low = m[0].lower().rstrip(".")
        if low.endswith("'s"):
            low = low[:-2]
        if low in OTHERS:
            out.append((m.start(), "other", OTHERS[low]))
        elif low in PATIENT_WORDS:
            out.append((m.start(), "patient", None))
    return out


def _antecedents(text: str, start: int, end: int, persons: list, resolved: list[SexMention]
                 ) -> list[tuple[int, str, str | None, str]]:
    """Person mentions in ``text[start:end]``: nouns (skipping those inside a prepositional phrase, which are not
    subjects) and pronouns already given to someone else; ``(position, who, sex, "noun"|"pronoun")``."""
    out = [(p, who, sex, "noun") for p, who, sex in persons if start <= p < end
           and not (who == "other" and _PREPOSITION_BEFORE.search(text[max(start, p - 40):p]))]
    out += [(w.start, "other", w.sex, "pronoun") for w in resolved if not w.patient and start <= w.start < end]
    return sorted(out)


def _resolve(text: str, words: list[SexMention], sex: str | None) -> list[SexMention]:
    """Each pronoun marked as the patient's or someone else's (the rules of the module docstring)."""
    persons = _persons(text)
    ends = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    out: list[SexMention] = []
    for w in words:
        if w.kind != "pronoun":
            out.append(w)
            continue
        if sex is not None and w.sex != sex:
            out.append(_mark(w, False, "rule 1: the other sex than the patient's"))
            continue
        if w.role in ("object", "reflexive", "possessive"):
            out.append(_mark(w, True, f"rule {2 if w.role != 'possessive' else 3}: {w.role} pronoun"))
            continue
        sentence = max(e for e in ends if e <= w.start)
        before = _antecedents(text, sentence, w.start, persons, out)
        lead = text[sentence:w.start]
        if not before and not lead.strip():  # a sentence that opens with the pronoun: the previous one's subject
            previous = max([e for e in ends if e < sentence] or [0])
            patient_there = any(previous <= x.start < sentence and x.patient for x in out) or any(
                previous <= p < sentence and who == "patient" for p, who, _ in persons)
            if "\n\n" not in text[previous:sentence + 1] and not patient_there:
                subject = _antecedents(text, previous, sentence, persons, out)[:1]
                opening = subject and len(text[previous:subject[0][0]].split()) <= 3
                before = subject if opening and subject[0][1] == "other" and subject[0][2] == w.sex else []
        nearest = before[-1] if before else None
        if nearest and nearest[1] == "other" and nearest[2] in (None, w.sex):
            clause = re.split(r"[,;]", text[w.end:w.end + 60])[0]
            two_people = re.search(rf"\b{'him' if w.sex == MALE else 'her'}\b", clause, re.I)
            if SUBORDINATE.search(lead):
                out.append(_mark(w, True, "rule 4: opens a subordinate clause"))
            elif nearest[3] == "noun" and REPORTING.search(lead) and not two_people:
                out.append(_mark(w, True, "rule 4: after a verb of reporting"))
            else:
                out.append(_mark(w, False, "rule 4: the nearest person before it is someone else"))
            continue
        out.append(_mark(w, True, "rule 5: the patient"))
    return out


def _mark(word: SexMention, patient: bool, why: str) -> SexMention:
    return SexMention(word.start, word.end, word.text, word.sex, word.kind, word.role, patient, why)


def patient_sex(words: list[SexMention]) -> str | None:
    """The sex the nouns, titles and letters say (majority), else the pronouns' majority; None if no word."""
    for kinds in (("noun", "title", "letter"), ("pronoun",)):
        votes = Counter(w.sex for w in words if w.kind in kinds)
        if votes:
            return votes.most_common(1)[0][0]
    return None


# -- ethnicity -----------------------------------------------------------------------------------------------------

def find_ethnicities(text: str, ages: list[AgeMention]) -> list[EthnicityMention]:
    out = []
    for m in _ETHNICITY.finditer(text):
        base = re.sub(r"[- ]American$", "", m[0], flags=re.I) if m[0].lower() not in ETHNICITY_TERMS else m[0]
        ethnicity = ETHNICITY_TERMS.get(m[0].lower()) or ETHNICITY_TERMS[base.lower()]
        before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 40]
        if _NOT_PATIENT_AFTER.match(after):
            continue
        field = re.search(r"\b(?:race|ethnicity|ethnic\s+group|ethnic\s+origin)\s*:\s*$", before, re.I)
        near_age = any(a.end <= m.start() and _AGE_TAIL.fullmatch(text[a.end:m.start()]) for a in ages)
        descent = re.match(r"\s+(?:descent|origin|heritage|background|ancestry)\b", after, re.I) and \
            re.search(r"\bof\s*$", before)
        noun = _PATIENT_NOUN_AFTER.match(after) and not re.match(r"[\s-]*(?:nurse|doctor|staff|friend)", after)
        joined = out and out[-1].ethnicity == ethnicity and re.fullmatch(r"\s*(?:/|or)\s*", text[out[-1].end:m.start()])
        if joined:  # "BLACK/AFRICAN AMERICAN": one mention of one class
            last = out.pop()
            out.append(EthnicityMention(last.start, m.end(), text[last.start:m.end()], ethnicity, last.form))
        elif field or near_age or descent or noun:
            out.append(EthnicityMention(m.start(), m.end(), m[0], ethnicity, "field" if field else "prose"))
    return out


def extract_demographics(text: str, declared_sex: str | None = None) -> NoteDemographics:
    """Age, sex and ethnicity mentions of one note. ``declared_sex`` (from the user's file) anchors rule 1 of the
    pronoun rules when the text itself has no noun, title or letter that says it."""
    ages = find_ages(text)
    words = _sex_words(text)
    sex = patient_sex([w for w in words if w.kind != "pronoun"]) or declared_sex or patient_sex(words)
    resolved = _resolve(text, words, sex)
    ethnicities = find_ethnicities(text, ages)
    classes = Counter(e.ethnicity for e in ethnicities)
    return NoteDemographics(
        age=ages[0].value if ages else None, age_mentions=tuple(ages), sex=sex if words else None,
        sex_mentions=tuple(w for w in resolved if w.patient), other_pronouns=tuple(w for w in resolved if not w.patient),
        ethnicity=classes.most_common(1)[0][0] if classes else None, ethnicity_mentions=tuple(ethnicities))
