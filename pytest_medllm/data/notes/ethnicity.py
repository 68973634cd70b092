"""Ethnicity mentions of a clinical note: a race or ethnicity term (:data:`~.lexicon.ETHNICITY_TERMS`, the peoples of
:mod:`.peoples`) where it describes the patient — the value of a race/ethnicity field (with the rest of a census
category: "Mixed - White and Black African", "Black or African American"), a term before a patient noun or right after
the age, in apposition after the patient, said of the patient, of a descent or a background ("of Mexican descent",
"His South Asian ethnicity", "ethnically Tamil", and the descent phrases of other languages: "de etnia gitana", "van
Marokkaanse afkomst", "kurdischer Herkunft", "med somalisk bakgrund"), an item of the comma-separated opening line that
gives the patient's age or of the social history ("SH: Alaska Native, commercial fisherman") — by the rules of
:func:`find_ethnicities`, which :mod:`pytest_medllm.data.note_demographics` describes. Where the place says the words
are a people, the lexicon need not know them (:func:`_beyond_the_lexicon`): the whole value of a race, ethnicity,
caste, tribe or iwi field in any of the languages ("Caste: Arain", "Raça/cor: parda", "Autoidentificación étnica:
quechua", "Tribal affiliation: Navajo Nation", "Indigenous self-identification: Métis", "Race-based data
(self-identified): Black - African Nova Scotian", "Autoadscripción étnica: indígena zapoteca", "Pertenencia étnica:
pueblo qom", "Ethnocultural background (self-identified):", Australia's "Aboriginal and/or Torres Strait Islander
status:"; a category's code before its words: "Ethnic category: K — Asian or Asian British: Bangladeshi", New
Zealand's "31111 Samoan; 21111 NZ Māori"; the IHS's "Classification/Beneficiary:" and "Tribe of membership:",
Chile's "Pueblo originario:", Uruguay's "Ascendencia étnico-racial", Cuba's "Color de la piel:", Vietnam's "Dân tộc:",
Indonesia's "Suku:"), a people in brackets after a mention ("First Nations (Kwanlin Dün)"), a nation the patient is a member of
("member of the Crow Tribe"), "d'ethnie X", and Swedish "same" in a Swedish note; a value that states nothing ("Race:
Unknown", "Declined") is no mention. Pure functions of the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..schemas import ETHNICITIES
from .casefold import entry
from .first_characters import AlternationByFirstCharacter
from .lexicon import ETHNICITY_TERMS, ORIGIN_TERMS
from .languages import note_languages
from .peoples import DESCENT_PHRASES, FIELD_ONLY_TERMS, LANGUAGE_TERMS, NOT_TERMS, descent_class

_ALL_TERMS = {**FIELD_ONLY_TERMS, **NOT_TERMS, **ETHNICITY_TERMS}
assert set(_ALL_TERMS.values()) <= set(ETHNICITIES)
#: A country a people's name is joined to: "Filipino-Canadian", "Korean American", "Chinese-Australian".
_NATION_SUFFIX = r"[- ](?:American|Canadian|Australian|British|New\s+Zealander)"
#: "Indo-Trinidadian", "Indo-Guyanese", "Afro-Brazilian": a diaspora named by the people it comes from.
_PREFIXED = {"indo": "Asian & Pacific", "afro": "Black"}
#: (tried at each word's start only with the terms that begin with its letter: :mod:`.first_characters`)
_ETHNICITY = AlternationByFirstCharacter(
    r"(?<![^\W\d_]|-)",
    [r"(?:indo|afro)-[^\W\d_]{3,}", *sorted((re.escape(t) for t in _ALL_TERMS), key=len, reverse=True)],
    rf"(?:{_NATION_SUFFIX})?(?![^\W\d_]|-(?!born\b))", re.I)  # "Jamaican-born" too
_WORD_START = re.compile(r"(?<![^\W\d_]|-)")
#: A patient noun after a term, a word or two between ("Cantonese-speaking man"; not "in person").
_PATIENT_NOUN_AFTER = re.compile(r"^(?:[\s,-]+(?:(?!(?:in|by|via|over|on)\b)\w+[\s-]+){0,2}?)"
                                 r"(?:man|woman|male|female|gentleman|lady|boy|girl|"
                                 r"patient|pt|person|adult|M|F|individual|veteran|national|citizen)\b")
#: What may stand between the age and an ethnicity that describes the patient: "57 yo Filipino", "47M (Black)".
_AGE_TAIL = re.compile(r"[\s,()/.-]*(?:(?:years?|yrs?|yo|y/o|y\.o|old|year-old|[MFy]|J|ans|años|anos|anni|jaar|år|"
                       r"vuotias)\b"  # Finnish "35-vuotias somalialaistaustainen nainen"
                       r"[\s,()/.-]*)*")
#: The age and a patient noun before a term written after it, as Māori and Romance word order has it: "56 yo wāhine
#: Māori", or as the next sentence of a terse header: "Pt: 38yo woman. Aboriginal."
_AGE_NOUN = re.compile(_AGE_TAIL.pattern + r"(?:man|woman|male|female|wāhine|wahine|tāne|boy|girl|lady|gentleman)"
                                           r"(?:[ \t]+|\.[ \t]+)", re.I)
_NOT_PATIENT_AFTER = re.compile(r"^[\s-]*(?:[A-Z][a-z]+[\s-]+)?(?:speaking|speaker|interpreter|translator|language|"
                                r"liaison|food|cuisine|restaurant|community|church|health|services?|(?:patient\s+)?"
                                r"navigator|advocate|worker|council|centre|center)", re.I)


@dataclass(frozen=True)
class EthnicityMention:
    start: int
    end: int
    text: str
    ethnicity: str
    #: "field" ("Race: WHITE") or "prose".
    form: str = "prose"

    @property
    def negated(self) -> bool:
        """A mention that says only what the patient is not: "Not Hispanic or Latino"."""
        return self.text.lower() in NOT_TERMS or bool(re.match(r"(?:no|not|neither)\b", self.text, re.I))


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


#: Race written as a letter glued to the sex letter after an age: "58 y/o WM", "41 yo AAF", "67 yo BF", "32 YO WM".
_GLUED_ETHNICITY = re.compile(r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|YO|Y/O|-?years?[- ]old)[ \t]*(?P<e>AA|W|B)"
                              r"(?=[MF]\b)")
_GLUED_CLASSES = {"AA": "Black", "W": "White", "B": "Black", "AI": "Other/Unknown", "AI/AN": "Other/Unknown",
                  "E/I": "Asian & Pacific"}
#: The census abbreviations before a patient noun: "elderly AI female" (American Indian), "52 yo AA man".
#: The Caribbean's "E/I" (East Indian): "42 Y/O E/I FEMALE".
_ABBREVIATED = re.compile(r"(?<![\w/])(?P<e>AI/AN|AI|E/I)(?=[ \t]+(?:(?i:man|woman|male|female)|M|F)\b)")
_AGE_RACE_SEX = re.compile(r"(?<![\w/.])\d{1,3}[ \t]*/[ \t]*(?P<e>[A-Z][a-z]+)[ \t]*/[ \t]*[MF](?![\w/])")


#: The rest of a race/ethnicity field's value after its first term: the words of a census category up to the field's
#: end ("Mixed - White and Black African", "White - Any other White background", "HISPANIC/LATINO - DOMINICAN"), not a
#: religion ("Community: Punjabi Sikh" is Punjabi) nor the next field's label.
_FIELD_VALUE_REST = re.compile(r"(?:(?:[ \t]*[-–—/][ \t]*|[ \t]+(?:and|or|AND|OR|&)[ \t]+|[ \t]|(?<=British):[ \t]+)"
                               r"(?!(?:Sikh|Hindu|Muslim|Christian|Catholic|Buddhist|Protestant|Jain|Orthodox|Roman)\b)"
                               r"(?:[A-Z][A-Za-z'ʻ]+|any|other|background|group|heritage|origin|of|descent|but|not))+"
                               r"(?=[ \t]{2,}|[ \t]*[.;,|\n]|[ \t]*\(|$)")
#: A category's code before its words, which is not part of the value: the UK's "K — ", New Zealand's "31111 ".
_CATEGORY_CODE = r"(?:[A-Z][ \t]*[—–-][ \t]*|\d{5}[ \t]+)?"
#: A country or a nation that qualifies an ethnicity term: "NZ Māori", "British Bangladeshi".
_QUALIFIER = r"(?:NZ|UK|US|British|English|Australian|Canadian|American|New\s+Zealand)"
#: A race/ethnicity field before its value: "Race: WHITE", "Ethnicity - Hispanic", "race/ethnicity Black", "Race is
#: white", "Ethnicity (as recorded on registration): …", "Iwi: Ngāpuhi", "Nationality: Bangladeshi", "Ethnicity: NZ
#: Māori" (the country that qualifies it is part of the field's value).
_FIELD_LABEL = (r"race|ethnicity|ethnic(?:\s*/\s*cultural|\s+and\s+cultural)?\s+(?:group|origin|background|category)|"
                r"cultural\s+background|indigenous\s+status|tribe|caste|iwi|"
                # the same fields in the other languages: "Etnia:", "Raça/cor:", "Autoidentificación étnica:"
                r"etnia|raça(?:\s*/\s*cor)?|cor\s*/\s*raça|raza|origen\s+étnico|autoidentificación\s+étnica|"
                r"ethnie|origine\s+ethnique|etnicitet|etniciteit|etnische\s+achtergrond|pochodzenie\s+etniczne|"
                # Mexico's "Grupo étnico:", Thailand's "เชื้อชาติ" (race)
                r"grupo\s+étnico|เชื้อชาติ|atsi\s+status|"
                # a census's detail and identity fields: "Asian subgroup:", "Ethnic or cultural origin:", "Indigenous
                # identity (self-identified):", "Population group:" (South Africa), "Ethnicity 2:", Chile's
                # "Pertenencia a pueblo originario:", Poland's "Obywatelstwo:"
                r"(?:asian|hispanic|pacific\s+islander)\s+subgroup|ethnic\s+or\s+cultural\s+(?:origin|background)|"
                r"indigenous\s+identity|population\s+group|self-identified\s+ethnicity|ethnicity\s*\d|"
                r"pertenencia\s+a\s+pueblo\s+originario|obywatelstwo|"
                # "Tribal affiliation: Navajo Nation", "Indigenous self-identification: Métis", Nova Scotia's "Race-based
                # data (self-identified):", Mexico's "Autoadscripción étnica:", Colombia's and Argentina's "Pertenencia
                # étnica:"
                r"tribal\s+affiliation|indigenous\s+self-identification|race-based\s+data|autoadscripción\s+étnica|"
                r"pertenencia\s+étnica|ethnocultural\s+background|ethnic\s+category|"
                # Australia's Indigenous status question: "Aboriginal and/or Torres Strait Islander status:"
                r"aboriginal\s+and/or\s+torres\s+strait\s+islander\s+status|aboriginal/torres\s+strait\s+islander\s+status|"
                # the IHS's beneficiary classification and tribe, a race's detail, Chile's and Uruguay's fields, Cuba's
                # skin colour, Vietnam's "Dân tộc", Indonesia's "Suku"
                r"classification/beneficiary|tribe\s+of\s+membership|ethnic\s+group\s+detail|pueblo\s+originario|"
                r"ascendencia\s+étnico-racial|color\s+de\s+(?:la\s+)?piel|dân\s+tộc|suku|"
                # Slovakia's "Národnosť:", Malaysia's "Bangsa:" (race), Taiwan's "身分別：原住民" (status: Indigenous),
                # a Canadian record's "Self-identified: First Nations (Oji-Cree)"
                r"národnosť|bangsa|身分別|self-identified|"
                # Uzbek "millati:", Azerbaijani "milliyyəti:", Estonian "Rahvus:", Mongolian "үндэс угсаа:", Nepali
                # "जात:" (caste), Russian "национальность:", Latvian "tautība:", Lithuanian "tautybė:", Armenian
                # "ազգություն:"
                r"millati|milliyyəti|rahvus|үндэс\s+угсаа|जात|национальность|tautība|tautybė|ազգություն")
_FIELD = re.compile(rf"(?:\b(?:{_FIELD_LABEL}|community|nationality|ancestry)(?:\s*/\s*ethnicity)?|民族)"
                    r"(?:\s*\([^()\n]{1,40}\))?"
                    r"(?:\s*[:=\-–：]\s*|\s+is\s+|\s+(?:recorded|documented|listed|registered|coded|noted|given)\s+as\s+|"
                    rf"\s+){_CATEGORY_CODE}(?P<q>{_QUALIFIER}[ \t]+)?$", re.I)
#: A race/ethnicity field and its whole value, whatever the value's words (a caste, a people the lexicon does not
#: know): "Caste: Arain", "Ethnicity: Janajati (Tamang)", "Raça/cor: parda". Read after the rules above, for values
#: they left; the value ends at the field's end or at a bracket (read as a finer term).
_FIELD_WITH_VALUE = re.compile(rf"\b(?:{_FIELD_LABEL})(?:\s*/\s*ethnicity)?(?:\s*\([^()\n]{{1,40}}\))?[ \t]*[:=：][ \t]*"
                               rf"{_CATEGORY_CODE}"
                               # an OASIS or IRF-PAI answer's letter, a "yes" before the people: "D. Yes, Cuban"
                               r"(?:[A-Z]\.[ \t]+)?(?:(?i:yes|sí|si|ja|oui|sim)[ \t]*[,–-][ \t]*)?"
                               r"(?P<v>[^\W\d_]+(?:(?:['’-]| (?! ))[^\W\d_]+){0,5})"
                               r"(?=[ \t]*(?:[ \t]{2}|[(;|,/\n（　]|\.(?:\s|$)|$)|(?<=[^\W\d_]{3})[ \t]+[–—][ \t])", re.I)
#: A people named after its field's word without a colon: Vietnamese "dân tộc Tày", Indonesian "suku Madura", Thai
#: "เชื้อชาติ ม้ง" (race: Hmong) and "เชื้อสายม้ง" (of Hmong descent), written without a space.
_FIELD_WITHOUT_COLON = re.compile(r"\b(?:dân[ \t]+tộc|suku)[ \t]+(?P<v>[A-ZÀ-ÞĐ][^\W\d_]+)|"
                                  r"(?:เชื้อชาติ|เชื้อสาย)[ \t]*(?P<t>[\u0E00-\u0E7F]+?)(?=[ \t]|$)")
#: The answer to a Hispanic-origin question: "Hispanic/Latino: No", "Hispanic, Latino/a, or Spanish origin: No, not
#: Hispanic/Latino/a".
_HISPANIC_ORIGIN_ANSWER = re.compile(r"\bHispanic(?:/Latino(?:/a)?|,[ \t]+Latino/a,[ \t]+or[ \t]+Spanish[ \t]+origin)?"
                                     r"[ \t]*:[ \t]*(?P<v>(?:No|Yes)\b(?:,[ \t]+not[ \t]+[^\n]{1,40}?)?)"
                                     r"(?=[ \t]{2}|\n|$)")
#: A Māori pepeha names the iwi: "Ko Ngāpuhi te iwi".
_PEPEHA_IWI = re.compile(r"\bKo[ \t]+(?P<t>[^\W\d_]+(?:[ -][^\W\d_]+)?)[ \t]+te[ \t]+iwi\b")
#: A prison record's race and sex letters: "Race/Sex: H/M".
_RACE_SEX_CODE = re.compile(r"\bRace[ \t]*/[ \t]*Sex[ \t]*:[ \t]*(?P<e>[WBHAIO])[ \t]*/[ \t]*[MF]\b")
_RACE_CODES = {"W": "White", "B": "Black", "H": "Hispanic/Latino", "A": "Asian & Pacific", "I": "Other/Unknown",
               "O": "Other/Unknown"}
#: Field values that state nothing: no mention.
_NO_VALUE = re.compile(r"(?:unknown|not\s+known|unk|not\s+(?:stated|recorded|specified|given|asked|documented|"
                       r"available)|declined(?:\s+to\s+\w+)?|refused|prefer\s+not\s+to\s+say|none|other(?:\s+race)?|n/?a|"
                       r"patient\s+declined|unavailable|desconocid[oa]|no\s+consta|inconnue?|non\s+renseignée?|"
                       r"unbekannt|nicht\s+bekannt|onbekend|okänd|nieznane|ignorad[oa]|não\s+informad[oa]|sconosciut[oa]|"
                       r"yes|no)", re.I)
#: A people in brackets after a mention, which the lexicon need not know: "First Nations (Kwanlin Dün)", "Crow
#: Tribe (Apsáalooke)", "Janajati (Tamang)".
_BRACKETED_PEOPLE = re.compile(r"[ \t]*\([ \t]*(?P<t>[A-ZÀ-Þ][^\W\d_'’-]*(?:['’-][^\W\d_]+)*"
                               r"(?:[ \t]+[A-ZÀ-Þ][^\W\d_'’-]*(?:['’-][^\W\d_]+)*){0,2})[ \t]*\)")
#: A further item of a field's list or of its bracket: "; Chinese", "(Black or African American".
_LIST_ITEM = re.compile(r"[ \t]*[;(][ \t]*(?:\d{5}[ \t]+)?(?P<t>[A-ZÀ-Þ][^\W\d_]*(?:(?:['’-]| (?! ))[A-Za-zÀ-ÿ][^\W\d_]*){0,5}?)"
                        r"(?=[ \t]*(?:[;)]|[ \t]{2}|\n|$)|\.(?:\s|$))")
#: One word in brackets (read as a people only when the lexicon knows it): "(soninké)".
_BRACKETED_WORD = re.compile(r"[ \t]*\([ \t]*(?P<t>[^\W\d_]+)[ \t]*\)")
#: An Indigenous nation the patient belongs to, named before "Tribe", "Nation", "Band": "Enrolled member of the Crow
#: Tribe", "citizen of the Cherokee Nation".
_TRIBE_MEMBER = re.compile(r"\b(?:member|citizen|descendant)\s+of\s+(?:the\s+)?"
                           r"(?P<t>[A-Z][^\W\d_]+(?:[ '’-][A-Z][^\W\d_]*(?:['’][^\W\d_]+)?){0,2})[ \t]+"
                           r"(?:Tribe|Nation|First\s+Nation|Band|Pueblo|Indian\s+Community|Tribal\s+Nation)\b")
#: The social history's line up to an item of it: "SH: Alaska Native, …", "SH: Lives with wife. Irish Traveller."
_SOCIAL_ITEM = re.compile(r"^[ \t]*(?:SH|SHx|S/H|Soc(?:ial)?(?:[ \t]+(?:history|hx))?|Soc[ \t]*Hx)[ \t]*[:\-][ \t]*"
                          r"(?:[^\n]*[.;,][ \t]+)?$", re.I)


#: The social history's heading alone on its line, a few lines above: "Social History:\n___\nRetired fisherman,
#: Portuguese, …".
_SOCIAL_HEADING_ABOVE = re.compile(r"(?:^|\n)[ \t]*(?:social[ \t]+history|soc(?:ial)?[ \t]*hx|sh|shx)[ \t]*:?[ \t]*\n"
                                   r"(?:[^\n]*\n){0,3}[^\n]*$", re.I)


def _age_end(text: str, age: _Span) -> int:
    """Where the age and the words that go with it end ("29 y/o, " of "29 y/o, male")."""
    return _AGE_TAIL.match(text, age.end).end()  # type: ignore[union-attr]


def _class(word: str) -> str:
    """The class of a term as matched: "Filipino-Canadian" by its people, "Indo-Trinidadian" by its prefix."""
    low = entry(_ALL_TERMS, word)
    if low is not None:
        return _ALL_TERMS[low]
    base = entry(_ALL_TERMS, re.sub(rf"{_NATION_SUFFIX}$", "", word, flags=re.I))
    return _ALL_TERMS[base] if base is not None else \
        _PREFIXED[entry(_PREFIXED, word.split("-")[0]) or word.split("-")[0].lower()]


def _terms(text: str) -> list[tuple[int, int, str]]:
    """The ethnicity terms of the text, terms written one after the other taken as one ("South African Indian",
    "non-Hispanic white"): ``(start, end, class)``, the class of the last term (the head of the compound); a
    birthplace before a term is no mention of its own ("Jamaican-born Black man" is Black)."""
    out: list[tuple[int, int, str]] = []
    for m in _ETHNICITY.finditer(text, _WORD_START):
        if m[0] == "aa":
            continue  # lower case "aa" is Italian "anni" ("Età: 42 aa"), not African American
        ethnicity = _class(m[0])
        if out and text[out[-1][1]:m.start()] == " " and (
                not text[out[-1][0]].islower() or text[out[-1][0]:out[-1][1]].lower() in NOT_TERMS):  # names, not prose
            out[-1] = (out[-1][0], m.end(), ethnicity)
        elif out and re.fullmatch(r"-born[ \t]+", text[out[-1][1]:m.start()]):
            out[-1] = (m.start(), m.end(), ethnicity)
        else:
            out.append((m.start(), m.end(), ethnicity))
    return out


def _describes_patient(text: str, start: int, end: int, ages: Sequence[_Span]) -> bool:
    """Whether the term at ``text[start:end]`` describes the patient in prose (the field, the community and a term
    joined to the mention before it are read by :func:`find_ethnicities`)."""
    before, after = text[max(0, start - 40):start], text[end:end + 40]
    near_age = any(a.end <= start and (_AGE_TAIL.fullmatch(text[a.end:start]) or (
        _AGE_NOUN.fullmatch(text[a.end:start]) and re.match(r"[ \t]*(?:[,;.)]|$|\n)", after))) for a in ages)
    # "of Mexican descent", "of Punjabi Sikh background", "of South African Indian descent", "His South Asian
    # ethnicity", "ethnically Tamil"
    # (also with a people in brackets before the word: "of Ojibwe (Anishinaabe) background")
    descent = (re.match(r"(?:\s+(?-i:[A-Z][\w'-]+)){0,2}(?:\s*\([^()\n]{1,30}\))?\s+(?:descent|origin|heritage|"
                        r"background|ancestry|"
                        r"extraction|ethnicity|race|side|roots)\b", after, re.I) and re.search(
        r"\b(?:of|his|her|given|with|(?:the\s+)?(?:patient|pt)['’]s)\s*$|"
        r"(?:^|\n)[ \t]*(?:social(?:\s+history)?|sh|soc(?:\s*hx)?)[ \t]*:[ \t]*$", before, re.I)) or re.search(
        r"\bethnic(?:ally)?\s+$", before, re.I)
    noun = _PATIENT_NOUN_AFTER.match(after) and not re.match(r"[\s-]*(?:nurse|doctor|staff|friend)", after)
    qualified = re.search(rf",\s*{_QUALIFIER}\s+$", before)
    if qualified:  # "Pt: 59 M, NZ Māori": the country before the term qualifies it
        before = before[:qualified.start()] + ", "
    # in apposition after the patient: "61-year-old man, Korean, no English"
    apposition = re.search(r",\s*$", before) and _PATIENT_BEFORE.search(before) and re.match(
        r"(?:-born)?[ \t]*(?:[,;.)]|\(|$|\n)", after)
    # an item of the opening line that gives the patient's age: "31 yo F G3P2 at 34w, Somali, Somali-speaking",
    # "R.M., 29 y/o, male, single, Filipino, Roman Catholic", "41 y/o male, Indian national (from Kerala)"
    listed = re.search(r",\s*$", before) and re.match(
        r"(?:[ \t]+(?:national|citizen))?[ \t]*(?:[,;.)(]|$|\n)", after) and any(
        a.end <= start <= a.end + 150 and not re.search(r"[.!?]\s|\n", text[_age_end(text, a):start]) for a in ages)
    # an item of the social history: "SH: Alaska Native, commercial fisherman", "SH: … (landscaping). Irish Traveller."
    line_before = text[text.rfind("\n", 0, start) + 1:start]
    social = (_SOCIAL_ITEM.search(line_before) or (re.fullmatch(r"(?:[^\n]*[.;,][ \t]+)?", line_before) and
                                                   _SOCIAL_HEADING_ABOVE.search(text, max(0, start - 300), start))) \
        and re.match(r"[ \t]*(?:[,;.]|$|\n)", after)
    # said of the patient: "She is Jamaican", "a 50-year-old man who is Black and …", "She self-identifies as
    # Hispanic"; "34yo M, identifies as Aboriginal": a note says this only of its patient
    predicate = (re.search(r"(?:\b(?:he|she|patient|pt)|\b(?:man|woman|male|female|gentleman|lady|patient|pt)"
                           r"\s*,?\s*who)\s+(?:is|was|(?:self[- ])?identifie[sd]\s+as|"
                           r"describes\s+(?:him|her)self\s+as)\s+(?:an?\s+)?$", before, re.I) or
                 re.search(r"\b(?:(?:self[- ])?identif(?:ies|ied|ying)|describes\s+(?:him|her|them)self)\s+as\s+"
                           r"(?:an?\s+)?[\"“]?$", before, re.I)) and \
        re.match(r"[ \t]*(?:[,;.)(]|and\b|$|\n|[ \t]{2,})", after)
    # Canada's registered "Status First Nations", "Treaty Indian"
    status = re.search(r"\b(?:status|treaty)\s+$", before, re.I) and _class(text[start:end]) == "Other/Unknown"
    return bool(near_age or descent or noun or apposition or listed or social or predicate or status)


def find_ethnicities(text: str, ages: Sequence[_Span]) -> list[EthnicityMention]:
    """The ethnicity mentions of a note (the rules are in :mod:`pytest_medllm.data.note_demographics`); ``ages``: the
    patient's age mentions."""
    out: list[EthnicityMention] = []
    for start, end, ethnicity in _terms(text):
        words = text[start:end]
        before, after = text[max(0, start - 50):start], text[end:end + 40]
        # "a 52-yr-old man from the Irish Traveller community", "SHx: Member of the Traveller community"
        community = re.match(r"\s+community\b", after) and (re.search(
            r"\b(?:member|part)\s+of\s+(?:the|a|our)\s+(?:(?:wider|broader|local|close-knit|tight-knit|large)\s+)?$",
            before, re.I)
                                                             or (re.search(r"\bfrom\s+the\s+$", before) and
                                                                 _PATIENT_BEFORE.search(before)))
        field = _FIELD.search(before)
        identifies = re.search(r"\bidentif(?:ies|ied|ying)\s+as\s+$", before, re.I)
        after_field = out and out[-1].form == "field" and re.fullmatch(r"\s*\(\s*", text[out[-1].end:start]) and \
            re.match(r"\s*\)", after)
        # South Africa's "26 y/o Coloured male": a capitalised census term between the age and a patient noun
        census_prose = words[0].isupper() and words.lower() in ("coloured", "colored", "mixed") and \
            _PATIENT_NOUN_AFTER.match(after) and any(a.end <= start and _AGE_TAIL.fullmatch(text[a.end:start])
                                                     for a in ages)
        if words.lower() in FIELD_ONLY_TERMS and not (field or community or after_field or census_prose) or (
                words.lower() in ("traveller", "traveler") and not words[0].isupper()):
            continue  # "Traveller", "Mixed", an iwi: only a field's value or a community's name
        if _NOT_PATIENT_AFTER.match(after) and not community and not field and not identifies:
            continue  # "Cantonese-speaking", "Indian Health Service"; a field's value stays ("Ethnicity: X   Language")
        # the country before the term: "British Bangladeshi woman", "NZ Māori" (not in apposition: ", NZ Māori")
        lead = re.search(rf"(?<![\w-])(?P<q>{_QUALIFIER})[ \t]+$", before)
        lead = lead if lead and not re.search(r",\s*$", before[:lead.start()]) else None
        # the second of two terms joined by "and": "identifies as Black and Puerto Rican"
        coordinated = out and re.fullmatch(r"\s+(?:and|&)\s+", text[out[-1].end:start])
        joined = out and out[-1].ethnicity == ethnicity and re.fullmatch(r"\s*(?:/|or)\s*",
                                                                          text[out[-1].end:start], re.I)
        if joined:  # "BLACK/AFRICAN AMERICAN", "BLACK OR AFRICAN AMERICAN": one mention of one class
            last = out.pop()
            out.append(EthnicityMention(last.start, end, text[last.start:end], ethnicity, last.form))
        elif out and re.fullmatch(r"\s*\(\s*", text[out[-1].end:start]) and re.match(r"\s*\)", after):
            # "Ethnicity: Asian (Vietnamese)", "Black (Nigerian)": a finer term of the mention before it
            out.append(EthnicityMention(start, end, words, ethnicity, out[-1].form))
        elif field:
            first = start - len(field["q"] or "")
            out.append(EthnicityMention(first, end, text[first:end], ethnicity, "field"))
        elif lead and (_PATIENT_NOUN_AFTER.match(after) or (re.match(
                r"(?:\s+(?-i:[A-Z][\w'-]+)){0,2}\s+(?:descent|origin|heritage|background|ancestry|extraction|ethnicity|"
                r"race)\b", after, re.I) and re.search(r"\bof\s*$", before[:lead.start()]))):
            first = start - (len(before) - lead.start("q"))
            out.append(EthnicityMention(first, end, text[first:end], ethnicity, "prose"))
        elif community or coordinated or _describes_patient(text, start, end, ages):
            out.append(EthnicityMention(start, end, words, ethnicity, "prose"))
    out = _whole_field_values(text, out)
    for m in _AGE_RACE_SEX.finditer(text):  # "82 / Chinese / M": the race between age and sex
        ethnicity = ETHNICITY_TERMS.get(m["e"].lower())
        if ethnicity and not any(e.start <= m.start("e") < e.end for e in out):
            out.append(EthnicityMention(m.start("e"), m.end("e"), m["e"], ethnicity, "field"))
    for m in [*_GLUED_ETHNICITY.finditer(text), *_ABBREVIATED.finditer(text)]:  # "58 y/o WM", "elderly AI female"
        if not any(e.start <= m.start("e") < e.end for e in out):
            out.append(EthnicityMention(m.start("e"), m.end("e"), m["e"], _GLUED_CLASSES[m["e"]], "prose"))
    for phrase in DESCENT_PHRASES:  # "d'origine malienne", "van Marokkaanse afkomst", "kurdischer Herkunft"
        for m in phrase.finditer(text):
            word = m["t"]
            ethnicity = ORIGIN_TERMS.get(word.lower()) or descent_class(word) or ETHNICITY_TERMS.get(word.lower())
            if not ethnicity and re.search(r"(?i)ethnie|etnia", m[0]):
                ethnicity = "Other/Unknown"  # "d'ethnie X", "de etnia X" name a people whatever X is
            if ethnicity and not _covered(out, m.start("t")):
                out.append(EthnicityMention(m.start("t"), m.end("t"), word, ethnicity, "prose"))
    out.extend(_beyond_the_lexicon(text, ages, out))
    return sorted(out, key=lambda e: e.start)


def _covered(out: Sequence[EthnicityMention], position: int) -> bool:
    return any(e.start <= position < e.end for e in out)


def _value_class(value: str) -> str:
    """The class of a field's value or a bracketed people: its last known term's, else Other/Unknown (a people the
    lexicon does not know is still the patient's ethnicity)."""
    known = _terms(value)
    if known:
        return known[-1][2]
    for word in reversed(re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)?", value)):
        found = ORIGIN_TERMS.get(word.lower()) or descent_class(word)
        if found:
            return found
    return "Other/Unknown"


def _beyond_the_lexicon(text: str, ages: Sequence[_Span], out: list[EthnicityMention]) -> list[EthnicityMention]:
    """Mentions whose words the lexicon need not know, read from where they stand: a people term of the note's other
    language ("58-årig man, same,"), a nation the patient is a member of ("member of the Crow Tribe"), the answer to a
    Hispanic-origin question ("Hispanic/Latino: No"), a pepeha's iwi, a prison's race letter ("Race/Sex: H/M"), the
    value of a race/ethnicity field ("Caste: Arain") and the further items of its list ("Native Hawaiian; Chinese"),
    and a people in brackets after a mention ("First Nations (Kwanlin Dün)"). A place an earlier mention covers is
    not read again."""
    found: list[EthnicityMention] = []

    def add(m: re.Match, group: str, ethnicity: str, form: str) -> None:
        if not _covered([*out, *found], m.start(group)):
            found.append(EthnicityMention(m.start(group), m.end(group), m[group], ethnicity, form))

    for language in note_languages(text) & LANGUAGE_TERMS.keys():
        terms = LANGUAGE_TERMS[language]
        for m in re.finditer(r"(?<![^\W\d_])(?:" + "|".join(map(re.escape, terms)) + r")(?![^\W\d_])", text, re.I):
            if _describes_patient(text, m.start(), m.end(), ages):
                add(m, 0, terms[entry(terms, m[0]) or m[0].lower()], "prose")  # type: ignore[arg-type]
    for m in _TRIBE_MEMBER.finditer(text):
        add(m, "t", _value_class(m["t"]), "prose")
    for m in _HISPANIC_ORIGIN_ANSWER.finditer(text):
        add(m, "v", "Hispanic/Latino" if m["v"].startswith("Yes") else "Other/Unknown", "field")
    for m in _PEPEHA_IWI.finditer(text):
        add(m, "t", "Asian & Pacific", "prose")
    for m in _RACE_SEX_CODE.finditer(text):
        add(m, "e", _RACE_CODES[m["e"]], "field")
    for m in _FIELD_WITHOUT_COLON.finditer(text):
        group = "v" if m["v"] else "t"
        if not (_NO_VALUE.fullmatch(m[group]) or _covered([*out, *found], m.start(group))):
            add(m, group, _value_class(m[group]), "field")
    for m in _FIELD_WITH_VALUE.finditer(text):
        value = m["v"]
        if not (_NO_VALUE.fullmatch(value) or any(m.start("v") <= e.start < m.end("v") for e in [*out, *found])):
            add(m, "v", _value_class(value), "field")
    for mention in sorted([*out, *found], key=lambda e: e.start):
        position = mention.end  # the further items of a field's list: "Native Hawaiian; Chinese; Filipino",
        while mention.form == "field" and (item := _LIST_ITEM.match(text, position)):  # "Multiracial (White; Asian)"
            if not _NO_VALUE.fullmatch(item["t"]):
                add(item, "t", _value_class(item["t"]), "field")
            position = item.end("t")
    for mention in sorted([*out, *found], key=lambda e: e.start):
        nation = re.match(r"[ \t]+(?:Tribe|Nation|First\s+Nation|Band)\b", text[mention.end:mention.end + 20])
        bracket = _BRACKETED_PEOPLE.match(text, mention.end + (nation.end() if nation else 0))
        if not bracket:  # "d'origine malienne (soninké)": a people the lexicon knows, in lower case
            known = _BRACKETED_WORD.match(text, mention.end)
            bracket = known if known and (descent_class(known["t"]) or known["t"].lower() in _ALL_TERMS) else None
        if bracket and not _NO_VALUE.fullmatch(bracket["t"]) and not _NOT_PATIENT_AFTER.match(bracket["t"]) and \
                not (mention.form == "prose" and bracket["t"].lower() in FIELD_ONLY_TERMS):  # "Māori (Ngāpuhi)"
            add(bracket, "t", _value_class(bracket["t"]), mention.form)
    return found


def _whole_field_values(text: str, out: list[EthnicityMention]) -> list[EthnicityMention]:
    """Each field's mention widened to the field's whole value ("race: HISPANIC/LATINO - DOMINICAN", "Ethnicity:
    Mixed - White and Black African"), the terms inside it taken into it (the class stays the first term's)."""
    for index, mention in enumerate(out):
        rest = _FIELD_VALUE_REST.match(text, mention.end) if mention.form == "field" else None
        if rest:
            whole = text[mention.start:rest.end()]
            # "INDIAN/ALASKA NATIVE" (the IHS's beneficiary class) is American Indian, not the Indian of India
            ethnicity = "Other/Unknown" if re.search(r"(?i)\balaska\s+native\b", whole) else mention.ethnicity
            out[index] = EthnicityMention(mention.start, rest.end(), whole, ethnicity, "field")
    kept: list[EthnicityMention] = []
    for mention in out:
        if not any(o is not mention and o.start <= mention.start and mention.end <= o.end and o.end - o.start >
                   mention.end - mention.start for o in out):
            kept.extend(_race_and_detail(mention))
    return kept


#: A race and its detail in one field value: "Asian - Korean", "Hispanic or Latino / Mexican American".
_DETAIL_SEPARATOR = re.compile(r"[ \t]+[-–—/][ \t]+")


def _race_and_detail(mention: EthnicityMention) -> list[EthnicityMention]:
    """A field value that gives a race and then a people ("Asian - Korean", "Native Hawaiian or Other Pacific
    Islander - Marshallese") as two mentions, as registration systems record them; a census category whose words
    go on after a dash stays one ("Black or Black British - Caribbean", "Mixed - White and Black African", "White -
    Any other White background", MIMIC's "HISPANIC/LATINO - DOMINICAN")."""
    split = _DETAIL_SEPARATOR.search(mention.text)
    if mention.form != "field" or not split or mention.text.isupper():
        return [mention]
    head, tail = mention.text[:split.start()], mention.text[split.end():]
    # the census categories of the UK, Ireland and Scotland ("White — Irish Traveller", "White — Scottish") stay whole
    if re.search(r"british|^mixed|^white$", head, re.I) or re.match(r"(?:any|other)\b", tail, re.I) or \
            re.search(r"\s(?:and|&)\s", tail) or not _terms(head):
        return [mention]
    start = mention.start + split.end()
    return [EthnicityMention(mention.start, mention.start + len(head), head, _value_class(head), "field"),
            EthnicityMention(start, mention.end, tail, _value_class(tail), "field")]
