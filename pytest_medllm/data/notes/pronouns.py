"""Whose is each pronoun of a note: the patient's, or someone else's (a relative, a neighbour, a member of staff).

Notes speak of relatives and staff with the same pronouns as of the patient, and a sex counterfactual must change
only the patient's, so :func:`resolve` gives each he, she, his, her, him, himself, herself, hers to the patient or to
someone else by these rules, in order:

0. the pronouns a note declares for someone ("His partner (he/him)") are that person's;
1. a pronoun of the other sex than the patient's is about someone else ("her husband said he ...");
2. object pronouns (him, her as an object) and reflexives refer to the patient: in "his brother, who ran with
   him" the object cannot be the subject of its own clause, and the patient is the usual other party;
3. possessives (his, her before a noun) refer to the patient — things in a note belong to the patient — except
   one joined by "and" to a subject pronoun given to someone else ("the son says he and his wife work long hours":
   the son's wife) and one in a clause about a relative's own history when the relative's sex fits ("Father with MI
   in his 60s", "Mother had a stroke in her 70s");
4. a subject pronoun (he, she) followed by a clinician's act ("recommends", "agrees", "will see", "ordered") is the
   clinician's when the last person the note named (in this sentence or the one before, also after a preposition)
   is a member of staff or a service ("Neurology consulted. He recommends MRI", "Spoke with Dr ___; she agrees").
   Otherwise it refers to the nearest person noun before it in its sentence when that noun is another person of a
   fitting sex (son, wife, roommate, nurse, MD …: "The older son asked …; he said he understood"; a noun in the
   possessive, "per his cardiologist's note", or after a preposition, "via interpreter", "referred to a Kaupapa
   Māori health provider", names no subject; nor does the French possessive "son" in a French note, "Son épouse"),
   except right after a verb of reporting, "per <someone>" or an informant's colon ("daughter reports she has been
   confused", "Per RN he is asymptomatic", "Heteroanamnese (her daughter): she falls": the report is about the
   patient) unless the same clause also has an object pronoun of that sex ("says he saw him": two people) or the
   pronoun's verb is the reporter's own act ("who says she saw the same thing", "RN reports she gave
   acetaminophen"), and except when that person's sex is not said and the clause has a pronoun of the other sex,
   which must be theirs ("Neighbor has a key; he asked her to feed his cat"). A pronoun opening a subordinate
   clause ("worried after she fainted") is the patient's unless the subject pronoun of its main clause was given
   to someone else ("she called 911 when she saw the door open");
5. everything else refers to the patient.

The tests measure these rules on the annotated corpora; the pronouns they misattribute are listed there. Pure
functions of the text.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from .languages import note_languages

MALE, FEMALE = "male", "female"
#: Pronoun -> (sex, grammatical role); "her" is possessive or object, told apart by the next word.
PRONOUNS = {"he": (MALE, "subject"), "she": (FEMALE, "subject"), "him": (MALE, "object"), "his": (MALE, "possessive"),
            "her": (FEMALE, "possessive"), "hers": (FEMALE, "possessive"), "himself": (MALE, "reflexive"),
            "herself": (FEMALE, "reflexive")}
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
                         "pharmacist", "therapist", "landlord", "boss", "employer", "witness", "teacher", "visitor",
                         "grandparent")},
    # staff a note names by role: "Covering MD (Dr ___) …; she held the dose"
    **{w: None for w in ("md", "dr", "np", "provider", "clinician", "surgeon", "consultant", "registrar", "fellow",
                         "intern", "hospitalist", "intensivist", "specialist", "cardiologist", "neurologist",
                         "oncologist", "nephrologist", "neurosurgeon", "urologist", "radiologist", "psychiatrist",
                         "psychologist", "anesthesiologist", "anaesthetist", "pediatrician", "gp", "midwife",
                         "chaplain", "dietitian", "dietician", "physiotherapist", "physio", "technician",
                         "caseworker")},
    **{w: MALE for w in ("grandpa", "ex-husband", "stepbrother", "father-in-law")},
    # the relatives of a Norwegian or Danish note ("Datteren orienteret, hun kommer": the daughter's "hun")
    **{w: MALE for w in ("sønnen", "sønn", "søn", "manden", "ektemann", "broren")},
    **{w: FEMALE for w in ("datteren", "datter", "kona", "konen", "hustru", "søsteren", "moren", "moderen")},
    **{w: FEMALE for w in ("grandma", "granny", "ex-wife", "stepsister", "mother-in-law")},
}
PATIENT_WORDS = {"patient", "pt", "man", "woman", "gentleman", "gent", "lady", "male", "female", "boy", "girl", "mr",
                 "mrs", "ms", "miss", "mister"}
REPORTING = re.compile(r"\b(?:reports?|reported|says|said|states?|stated|notes?|noted|thinks|thought|feels|felt|"
                       r"believes?|confirms?|confirmed|describes?|described|explains?|explained|mentions?|"
                       r"mentioned|shared|relates?|related|endorses?|denies|denied|tells|told\s+(?:us|me|staff)|"
                       r"worries|worried|adds?|added|noticed|notices|found|saw|sees|heard|knew|knows|realized|"
                       r"observed|witnessed)(?:\s+that)?\s*$|"
                       r"\bper\s+(?:the\s+|his\s+|her\s+)?[\w-]+\s*,?\s*$|"  # "Per RN he is asymptomatic"
                       r"\)?:\s*$", re.I)  # "Heteroanamnese (her daughter): she falls"
#: What a reporter perceived or did is the reporter's: "her daughter, who says she saw the same thing", "RN reports
#: she gave acetaminophen", "wife says she will bring his glasses".
REPORTER_ACTS = re.compile(r"\s+(?:noticed|witnessed|observed|watched|heard|saw\s+(?:the|this|that|it|something|"
                           r"similar|a|an)\b|called|paged|gave|administered|held|ordered|placed|drew|"
                           r"(?:will|would|'ll)\s+(?:bring|come|visit|call|stay|pick|drive|be\s+back|return))\b",
                           re.I)
#: Staff a note names by role or by service, for pronouns followed by a clinician's act.
STAFF = {"nurse", "rn", "physician", "doctor", "pcp", "attending", "resident", "paramedic", "pharmacist", "therapist",
         "md", "dr", "np", "provider", "clinician", "surgeon", "consultant", "registrar", "fellow", "intern",
         "hospitalist", "intensivist", "specialist", "cardiologist", "neurologist", "oncologist", "nephrologist",
         "neurosurgeon", "urologist", "radiologist", "psychiatrist", "psychologist", "anesthesiologist",
         "anaesthetist", "pediatrician", "gp", "midwife", "physiotherapist", "physio",
         # services
         "cardiology", "neurology", "surgery", "ortho", "orthopedics", "orthopaedics", "nephrology", "renal",
         "oncology", "urology", "psychiatry", "gi", "id", "ent", "anesthesia", "anaesthesia", "radiology",
         "hematology", "haematology", "pulmonology", "endocrine", "endocrinology", "rheumatology", "dermatology",
         "gyn", "gynecology", "obstetrics", "neurosurgery", "vascular", "ir", "palliative", "geriatrics",
         "hepatology"}
#: What a clinician does, right after a pronoun: "Neurology consulted. He recommends MRI", "Spoke with Dr ___; she
#: agrees with the plan and will see him".
CLINICIAN_ACTS = re.compile(r"\s+(?:recommend\w*|suggest\w*|advis\w*|agree[sd]?|concur\w*|will\s+(?:see|follow|"
                            r"review|evaluate|assess|consult|operate|perform|arrange|order|discuss|call|come)|ordered|"
                            r"prescribed|examined|reviewed|held|placed|performed|requested|would\s+like\s+to\s+see|"
                            r"plans?\s+to|feels?\s+(?:that\s+)?(?:the\s+)?(?:patient|pt))\b", re.I)
#: A pronoun opening a subordinate clause ("worried after she fainted") is about the patient.
SUBORDINATE = re.compile(r"\b(?:after|before|when|whenever|because|since|while|until|once|as|if|although)\s*$", re.I)
_PREPOSITION_BEFORE = re.compile(r"\b(?:with|to|by|from|for|of|about|without|toward|towards|and|via|through)\s+"
                                 r"(?:(?:his|her|their|the|a|an|my|our)\s+)?(?:\w+\s+){0,3}$", re.I)
#: An informant named after "per": "Per her daughter, …", "per SNF RN".
_INFORMANT_BEFORE = re.compile(r"\b(?:per|according\s+to)\s+(?:(?:his|her|the)\s+)?(?:\w+\s+)?$", re.I)
#: Words after "her" that make it an object ("found her on the floor", "gave her an auto-injector").
_AFTER_OBJECT = {"to", "in", "on", "at", "with", "from", "for", "by", "into", "onto", "up", "down", "out", "off",
                 "back", "home", "away", "over", "again", "and", "or", "but", "that", "as", "a", "an", "the",
                 "this", "today", "yesterday", "now", "immediately", "after", "before", "about", "of", "if",
                 "when", "while", "because", "since", "until", "there", "here", "so", "once", "twice", "is",
                 "was", "has", "had", "will", "would", "can", "could", "should", "may", "might", "last", "every",
                 "some", "any", "no", "his", "him", "her", "them", "through", "via", "per", "without", "within",
                 "around", "regarding", "x1", "x2"}

#: A word, in any script ("Māori" is one word, not "M" and "ori").
WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['-])*")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s|$)|\n")


def her_role(text: str, end: int) -> str:
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
    #: The word of the other sex in the same field, where the field's own table says it ("Cinsiyet: E" -> "K",
    #: "Pohlaví: muž" -> "žena"); "" where the word alone says it.
    counterpart: str = ""


#: A clause about a relative's own history, up to a possessive: "Father with MI in his 60s", "Mother had a stroke in
#: her 70s", "brother with AF in his 50s".
_RELATIVE_CLAUSE = re.compile(r"(?:^|[.;:(\n]|\b(?:and|but)\b)[ \t]*(?:(?:his|her|the|a|an|pt's|patient's|maternal|"
                              r"paternal|older|younger|elder|late)[ \t]+)*(?P<who>[A-Za-z-]+)[ \t]+"
                              r"(?:with|had(?![ \t]+to\b)|"
                              r"died|developed|diagnosed|suffered|passed)\b[^.;:\n]*$", re.I)


#: A verb of reporting right after a person: "niece reports …", "coworker noted …" — what follows is the report.
_REPORTED_BY = re.compile(r"[^\W\d_]+(?:['’]s)?\s+(?:reports?|reported|says|said|states?|stated|notes?|noted|"
                          r"describes?|described|explains?|explained|mentions?|mentioned|noticed|observed|witnessed|"
                          r"found|saw|tells|told\s+(?:us|me|staff))\b", re.I)


def _reports(text: str, position: int) -> bool:
    """Whether the person named at ``position`` is the subject of a verb of reporting right after the name: a pronoun
    later in that sentence is what the report is about (the patient), as after "per <someone>"."""
    return bool(_REPORTED_BY.match(text, position))


#: A person named after the patient and with them: "Pt & mother updated; she understands" (the patient first).
_WITH_THE_PATIENT = re.compile(r"\b(?:pt|patient)\s*(?:&|and|\+)\s*(?:(?:his|her|the)\s+)?$", re.I)


def _relatives_aside(text: str, word: SexMention) -> bool:
    """Whether a possessive stands in brackets after a relative of its sex, with no word of the patient's between:
    "mother in Swansea (supportive, aware, on her way)"."""
    line = text[text.rfind("\n", 0, word.start) + 1:word.start]
    bracket = line.rfind("(")
    if bracket < 0 or ")" in line[bracket:]:
        return False
    clause = re.split(r"[,;:.]", line[:bracket])[-1]
    who = re.match(r"\s*(?:(?:his|her|the|pt['’]s|patient['’]s)\s+)?([A-Za-z-]+)", clause)
    inside = line[bracket:]
    return bool(who) and OTHERS.get(who[1].lower(), "none") == word.sex and not any(  # type: ignore[index]
        m[0].lower() in PATIENT_WORDS | set(PRONOUNS) for m in WORD.finditer(inside))


def _relatives_own(text: str, word: SexMention) -> bool:
    """Whether a possessive stands in a clause about a relative of its sex ("Father with MI in his 60s"), with no word
    of the patient's between."""
    m = _RELATIVE_CLAUSE.search(text, max(0, word.start - 80), word.start)
    if not m or m["who"].lower() not in OTHERS or OTHERS[m["who"].lower()] != word.sex:
        return False
    between = text[m.end("who"):word.start]
    return not any(w[0].lower() in PATIENT_WORDS | set(PRONOUNS) for w in WORD.finditer(between))


def _persons(text: str) -> list[tuple[int, str, str | None]]:
    """Person nouns in text order: ``(position, "patient" or "other", sex of an other person)``. A noun in the
    possessive ("his cardiologist's note") names no one who could be a pronoun's subject, and is left out; so is the
    French possessive "son" of a note that shows French ("Son épouse a remarqué …")."""
    out = []
    french = "fr" in note_languages(text)
    for m in WORD.finditer(text):
        low = m[0].lower().rstrip(".")
        if low.endswith("'s") or low.endswith("’s") or (french and low == "son"):
            continue
        if low in OTHERS:
            out.append((m.start(), "other", OTHERS[low]))
        elif low in PATIENT_WORDS:
            out.append((m.start(), "patient", None))
    return out


def _antecedents(text: str, start: int, end: int, persons: list, resolved: list[SexMention], informants: bool = False
                 ) -> list[tuple[int, str, str | None, str]]:
    """Person mentions in ``text[start:end]``: nouns (skipping those inside a prepositional phrase, which are not
    subjects, and an informant after "per" unless ``informants``) and pronouns already given to someone else;
    ``(position, who, sex, "noun"|"pronoun")``."""
    out = [(p, who, sex, "noun") for p, who, sex in persons if start <= p < end  # "with the team (Dr ___)" too
           and not (who == "other" and _PREPOSITION_BEFORE.search(re.sub(r"\(\s*$", " ", text[max(start, p - 40):p])))
           and not (who == "other" and not informants and _INFORMANT_BEFORE.search(text[max(start, p - 20):p]))]
    out += [(w.start, "other", w.sex, "pronoun") for w in resolved if not w.patient and start <= w.start < end]
    return sorted(out)


def resolve(text: str, words: list[SexMention], sex: str | None) -> list[SexMention]:
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
        declared = _declared_by(text, w, persons)
        if declared is not None:
            out.append(_mark(w, declared, "rule 0: the pronouns declared for the person named before them"))
            continue
        chained = _chained(text, w, out, persons)
        if w.role == "possessive" and chained and re.fullmatch(r"\s+(?:and|&)\s+", text[chained:w.start]):
            out.append(_mark(w, False, "rule 3: in the clause of a subject pronoun given to someone else"))
            continue
        if w.role == "possessive" and (_relatives_own(text, w) or _relatives_aside(text, w)):
            out.append(_mark(w, False, "rule 3: in a clause about a relative's own history or in an aside on them"))
            continue
        if w.role in ("object", "reflexive", "possessive"):
            out.append(_mark(w, True, f"rule {2 if w.role != 'possessive' else 3}: {w.role} pronoun"))
            continue
        sentence = max(e for e in ends if e <= w.start)
        if CLINICIAN_ACTS.match(text, w.end) and _staff_named_last(text, max([e for e in ends if e < sentence] or [0]),
                                                                    w.start, out):
            out.append(_mark(w, False, "rule 4: a clinician's act, after naming the clinician"))
            continue
        # "Per her daughter, who was with her, she stood up": the report is about the patient, but the informant's
        # own act is the informant's ("per her daughter, who says she saw the same thing")
        before = _antecedents(text, sentence, w.start, persons, out, informants=bool(REPORTER_ACTS.match(text, w.end)))
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
            clause = re.split(r"[,;.]|\b(?:and|but|or)\s+(?:he|she)\b", text[w.end:w.end + 90])[0]
            # "says he saw him": an object of the pronoun's sex is a second person ("in her chair" is no object)
            two_people = any(w.sex == MALE or her_role(text, w.end + o.end()) == "object"
                             for o in re.finditer(rf"\b{'him' if w.sex == MALE else 'her'}\b", clause, re.I))
            other_sex = re.search(rf"\b{'her' if w.sex == MALE else 'him|his'}\b", clause, re.I)
            if SUBORDINATE.search(lead) and chained:
                out.append(_mark(w, False, "rule 4: a subordinate clause of someone else's"))
            elif SUBORDINATE.search(lead):
                out.append(_mark(w, True, "rule 4: opens a subordinate clause"))
            elif nearest[2] is None and other_sex and (sex is None or w.sex == sex):
                out.append(_mark(w, True, "rule 4: the other person is the one of the other sex"))
            elif nearest[3] == "noun" and (REPORTING.search(lead) or _reports(text, nearest[0])) and \
                    not two_people and not REPORTER_ACTS.match(text, w.end):
                out.append(_mark(w, True, "rule 4: after a verb of reporting"))
            elif nearest[3] == "noun" and _WITH_THE_PATIENT.search(text, max(0, nearest[0] - 25), nearest[0]):
                out.append(_mark(w, True, "rule 4: someone named together with the patient, after the patient"))
            else:
                out.append(_mark(w, False, "rule 4: the nearest person before it is someone else"))
            continue
        out.append(_mark(w, True, "rule 5: the patient"))
    return out


#: "(he/him)", "(she/her)": the pronouns a note declares for the person it has just named.
_DECLARATION = re.compile(r"\(\s*(?:he|she|they)\s*/\s*(?:him|her|his|hers|them|they)(?:\s*/\s*\w+)?\s*\)", re.I)


def _declared_by(text: str, word: SexMention, persons: list) -> bool | None:
    """Whether a pronoun inside a declaration ("His partner (he/him)") is the patient's: True or False by the person
    named right before it; None when the pronoun is not in a declaration."""
    for m in _DECLARATION.finditer(text, max(0, word.start - 12), word.end + 12):
        if m.start() <= word.start < m.end():
            named = [who for position, who, _ in persons if m.start() - 25 <= position < m.start()]
            return not named or named[-1] == "patient"
    return None


def _chained(text: str, word: SexMention, resolved: list[SexMention], persons: list) -> int:
    """Where it ends (0 if none), the subject pronoun of the pronoun's sex given to someone else that the pronoun
    follows in the same clause with no person named between: "the son says he and his wife work", "she called 911
    when she saw the door open"."""
    previous = [w for w in resolved if w.kind == "pronoun" and w.role == "subject" and w.sex == word.sex
                and 0 <= word.start - w.end <= 40]
    if not previous or previous[-1].patient:
        return 0
    between = text[previous[-1].end:word.start]
    linked = not re.search(r"[,;.:()\n]", between) and not any(
        previous[-1].end <= position < word.start for position, _, _ in persons)
    return previous[-1].end if linked else 0


def _staff_named_last(text: str, start: int, end: int, resolved: list[SexMention]) -> bool:
    """Whether the last person named in ``text[start:end]`` (this sentence and the one before; any role, also after
    a preposition) is a member of staff or a service, with no word of the patient's after it."""
    last_staff = max((m.start() for m in WORD.finditer(text, start, end) if m[0].lower().rstrip(".") in STAFF),
                     default=-1)
    if last_staff < 0:
        return False
    after = text[last_staff:end]
    patient_words = [m for m in WORD.finditer(after) if m[0].lower().rstrip(".") in PATIENT_WORDS - {"mr", "mrs", "ms",
                                                                                                    "miss", "mister"}]
    return not patient_words and not any(last_staff <= w.start < end and w.patient for w in resolved)


def _mark(word: SexMention, patient: bool, why: str) -> SexMention:
    return dataclasses.replace(word, patient=patient, why=why)  # keeps a counterpart the reader gave (Norwegian "hun")
