"""The patient's age, sex and ethnicity as written in the free text of a clinical note.

* **Age** — the number of "57-year-old", "57 year old", "57 y old", "57 yo", "57-yo", "57 y/o", "57yo", "57yom",
  "57 YOF", "57M", "57 yo F", "57y M", "57 yrs male", "57 yrs/M", "aged 57", "Age: 57", "Age (years): 57", "(age 57,
  …)", "Mr ___, 57,", "Re: Miss ___ ___, 27 years", "Mrs Doreen W., 89", "Korean man, 57,", "Mr ___ (24 y)",
  "patient (57 years)", "a woman of 57", "She is 57.", "DOB ___ (71)", "born ___ (69 y.)", "57 years of age", "Pt:
  M/64", "Age/Sex: 45/M", "67/Chinese/Male", and the years of other languages ("78 ans", "64 años", "67 anos", "76
  anni", "83 år", "81 jaar", "68 J.", "68-jähriger", "(24-jährig)", Polish "Anna K., lat 59", "Wiek: 79 lat", "w wieku
  79 lat", "Pacjent lat 63", "mężczyzna, lat 52   PESEL", Turkish "Yaş: 44", Dutch "geb. 03/09/1950 (74 j.)", Belgian
  "°12/06/1958 (66 j)", Finnish "71-vuotias", Czech "Pan M. V., 66 let", "58letý pacient", Greek
  "Ηλικία: 76 ετών", Romanian "Vârsta: 42 ani", "în vârstă de 42 de ani", Hungarian "78 éves", Slovak "47-ročný",
  Croatian "72 god.", Catalan "52 anys", Japanese "82歳", Korean "58세", Chinese "年齡：63歲", Vietnamese "Tuổi: 36", Indonesian "Umur: 22
  th", "DOB: [redacted] (67 yrs)"), after a masked date of birth ("DOB **/04/1979 (46y)")
  and in a banner's cell ("| 55y |"). Not the patient's: an age next to a
  relative ("her 61-year-old daughter", "daughter (___, age 61)"), a past age or a duration ("dx age 11", "diagnosed at
  age 16", "depuis 15 ans"), decades ("in her 80s") and a ward's name ("Ward: 7M"). The patient's age is the first such number; every mention of
  that number is a span.
* **Sex** — every word that marks the patient's sex: pronouns (he, she, his, her, him, himself, herself, hers),
  nouns (man, woman, male, female, gentleman, gent, lady, boy, girl), titles (Mr., Mrs., Ms., Miss; before a masked "*****" too, and
  in brackets after the name: "CAMPBELL, Marcia (Mrs)"), the M/F of
  "57M", "57 yo F", "32 YO WM", "57yom", "Sex: M", "Sex - F", "Sesso: F", "Geschlecht: M", "Geschl.: w", Turkish
  "Cinsiyet: E" (erkek; "K" kadın), "Pohlaví: muž", "Sex: masculin", "性別：女", "M/64", "45/M", MIMIC's
  "___ M restrained driver", "Gen: elderly F, NAD", and the words of other languages
  (:data:`~pytest_medllm.data.notes.lexicon.FOREIGN_SEX_WORDS`: "Mme", "Herr", "Mw.", "Sig.ra", "Pani", Malay "Puan",
  "Encik", "Lelaki", Turkish "___ Bey", "Femme", "Varón", "Kvinna", "Patientin", "patiënte", "Mulher", "männlich",
  "weibl.", "Dña.", "Dona", "Smt.", "Shri", Czech "Pacientka", Finnish "mies", Greek "Άρρεν", "Γυναίκα", Danish "mand",
  Romanian "pacienta", Hungarian "nő", Croatian "bolesnica", Slovenian "moški", "gospod", Japanese "女性" (glued to
  the age or to "patient" too: "78歳男性", "患者男性"), Korean "남자",
  Bangladesh's "Mst.", Māori
  "wāhine", "tāne",
  "sexo feminino", Polish "chorej" and "Płeć: K", German "seiner" in a German note, "Madam", French "mère de 6
  enfants", possessives before a relative in a note of that language ("zijn echtgenote", "hans sambo", "ihr Sohn"),
  Swedish "honom"; the
  subject pronouns "elle", "il", "él", "ella", "hij", "er", "hon", "han", "hun", "ela" only in a note that shows the
  language, Dutch "ze"/"zij" beside a verb in the singular ("ziet ze", "Zij is", not "ze hebben"); the nouns "Patient"
  (German, French), "pacjent", "pacjenta" (Polish), "pacientem" (Czech), not as a field's label; Swedish "hennes",
  French "selon lui" (after a preposition),
  :mod:`~pytest_medllm.data.notes.languages`, never the impersonal "il y a", and German "sie" only beside a verb in the
  singular: "Sie berichtet", "fühle sie sich", not "sie haben"). The patient's sex is what the nouns, titles and
  letters say (the pronouns when there are none, by majority). Look-alikes are not sex words: "mild MR." (mitral
  regurgitation), "red man syndrome", the "M" of a name that goes on in a letter outside ASCII ("52 yo Māori woman"),
  a birth in the obstetric history ("P1 - SVD 2021, term, female, 3.1kg"). Vietnamese "bệnh nhi nam", Chinese "他"/"她"
  (opening a clause, not "其他" nor a drug's "头孢他啶") and Hindi "वर्षीय महिला" are read by
  :func:`~pytest_medllm.data.notes.foreign_sex.unspaced_sex_words`.
* **Ethnicity** (:mod:`~pytest_medllm.data.notes.ethnicity`) — a race or ethnicity term
  (:data:`~pytest_medllm.data.notes.lexicon.ETHNICITY_TERMS`, mapped to DeVisE's classes; terms written one after the
  other are one mention of the last one's class, "South African Indian") that describes the patient: the value of a
  race/ethnicity field ("Race: WHITE", "Ethnicity - Hispanic", "Race Black", "Ethnicity (recorded): Black Caribbean",
  "Ethnicity: NZ Māori" with the country that qualifies it, "Community: Punjabi Sikh" without the religion), a term
  just before a patient noun or right after the age ("54 yo Asian woman", "47M (Black)", "Mr ___, 52, South Asian", "Mr
  ___ (24 y), Black Caribbean", "33-year-old British Bangladeshi woman", "67/Chinese/Male"), in apposition after the
  patient ("61-year-old man, Korean, no English"), an item of the comma-separated sentence that gives the age ("29 y/o,
  male, single, Filipino, Roman Catholic", "31 yo F G3P2 at 34w, Somali, Somali-speaking", "41 y/o male, Indian
  national"), said of the patient ("She is Jamaican", "a man who is Black", "she self-identifies as Hispanic",
  "identifies as Black and Puerto Rican": both), "of Mexican descent/origin/heritage/ethnicity", "of Punjabi Sikh
  background", "His South Asian ethnicity", "ethnically Tamil", "from the Irish Traveller community", "a member of the
  Traveller community", an item of the social history ("SH: Alaska Native, commercial fisherman"), Canada's "Status
  First Nations", a census category whole ("Black or African American", "Mixed - White and Black African", "White - Any
  other White background"; "Not Hispanic or Latino" is a mention that names no class beside another), a people joined to
  a country or a diaspora ("Filipino-Canadian", "Indo-Trinidadian"), "elderly AI female", the peoples of the world
  (:mod:`~pytest_medllm.data.notes.peoples`: "Yup'ik", "Yolŋu", "Kanaka Maoli", "Sinhala", "Pathan", an iwi as a
  field's value), and the descent phrases of other languages: "d'origine malienne", "de origen ecuatoriano", "de etnia
  gitana", "de origem cabo-verdiana", "van Marokkaanse afkomst", "kurdischer Herkunft", "med somalisk bakgrund". A
  language ("Cantonese-speaking", "Haitian Creole-speaking", "Spanish interpreter"), a service ("Aboriginal Liaison
  Officer", "Indian Health Service", "Indigenous patient navigator") or a birthplace before the race ("Jamaican-born
  Black man") is not a mention.

**Pronouns about other people** are given to the patient or to someone else by the rules of
:mod:`~pytest_medllm.data.notes.pronouns`. Pure functions of the text; nothing here logs or keeps the note.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .notes.ethnicity import EthnicityMention, find_ethnicities
from .notes.foreign_sex import STAFF_AFTER_NAME, STAFF_BEFORE, foreign_sex_words, unspaced_sex_words
from .notes.lexicon import ETHNICITY_TERMS
from .notes.languages import note_languages
from .notes.pronouns import FEMALE, MALE, OTHERS, PRONOUNS, WORD, SexMention, her_role, resolve
from .notes.sex_fields import sex_field_words

# -- the lexicon -------------------------------------------------------------------------------------------------

NOUNS = {"man": MALE, "woman": FEMALE, "male": MALE, "female": FEMALE, "gentleman": MALE, "gent": MALE, "lady": FEMALE,
         "boy": MALE, "girl": FEMALE, "widower": MALE, "widow": FEMALE, "housewife": FEMALE}
TITLES = {"mr": MALE, "mister": MALE, "mrs": FEMALE, "ms": FEMALE, "miss": FEMALE}
#: People whose age a note may give next to the patient's ("her 61-year-old daughter", "partner, 45").
_RELATIVES = {w for w, sex in OTHERS.items() if sex is not None} | {
    "partner", "spouse", "friend", "roommate", "flatmate", "cousin", "sibling", "child", "parent", "grandchild"}

# -- ages ----------------------------------------------------------------------------------------------------------

_AGE_FORMS: tuple[tuple[str, str], ...] = (
    ("year-old", r"(?P<n>\d{1,3})[ \t]*[-‐–]?[ \t]*(?:years?|yrs?|yr\.?|y)[ \t]*[-‐–]?[ \t]*old"),
    ("years of age", r"(?P<n>\d{1,3})[ \t]+(?:years?|yrs?)[ \t]+of[ \t]+age"),
    ("yo", r"(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:yo|y/o|y\.o\.?|yoa|YO|Y/O|Y\.O\.?)(?=[MFmf]?\b|[MF](?![^\W\d_]))"),
    ("aged", r"(?i)\baged[ \t]+(?P<n>\d{1,3})\b"),
    # a header's "Age/Sex/Race: 61/M/Chinese", a letter's "(56 YEARS)", "29yr Black African female"
    ("age/sex", r"(?i)\bage[ \t]*/[ \t]*(?:sex|gender)(?:[ \t]*/[ \t]*race)?[ \t]*:[ \t]*(?P<n>\d{1,3})(?=[ \t]*/)"),
    # (after a title and a name, or a date of birth, only: "HTN (10 years)" is a duration; "29yr" only before a sex
    # or "old")
    ("years in brackets", r"(?:\b(?:Mr|Mrs|Ms|Miss|MR|MRS|MS|MISS)\.?[ \t]+(?:\[[^\]\n]{1,30}\]|_{2,}|"
                          r"(?:[A-Z][A-Za-z'-]+[ \t]*){1,3})[ \t]*|\bDOB\b[^\n()]{0,40}?)"
                          r"\((?P<n>\d{1,3})[ \t]+(?:YEARS|YRS|years|yrs)\)"),
    ("yr glued", r"(?<![\d.])(?P<n>\d{1,3})yrs?\b(?=[ \t]+(?:[A-Za-z-]+[ \t]+){0,3}(?:male|female|man|woman|boy|girl|"
                 r"gentleman|lady|old)\b)"),
    ("age", r"(?i)\bage(?:[ \t]*\((?:years?|yrs?|y)\))?[ \t]*:?[ \t]*(?P<n>\d{1,3})(?=\b|y\b|yrs?\b)"
            r"(?!\s*(?:-|to)\s*\d)"),
    # "Mr ___, 57,", "Mr D, 72,", "Pt: Mr D.T., 79": a name, a surname's initial or initials
    # "Re: Miss ___ ___, 27 years": a first name and a surname, both blanked
    ("after name", r"\b(?:Mr|Mrs|Ms|Miss)\.?[ \t]+(?:_{2,}(?:[ \t]+_{2,})?|(?:[A-Z][a-z]+[ \t]+){0,2}"
                   r"(?:[A-Z][a-z'-]+|[A-Z]\.)|"
                   r"[A-Z](?:\.?[A-Z]){0,2}\.?|\[[^\]\n]{1,30}\])"
                   r"[ \t]*,[ \t]*"
                   r"(?P<n>\d{1,3})(?:[ \t]+(?:years?|yrs?))?(?=[ \t]*[.,;)\n]|\s*$|[ \t]{2,})"),
    # (not a temperature below zero: "Weather: -4 F")
    ("NNM", r"(?<![\d.\-−])(?P<n>\d{1,3})[ \t]*(?P<sex>[MF])(?![^\W_])"),
    ("years (other languages)", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:ans|años|anos|anni|år|jaar|Jahre|J\.|j\.(?=[ \t]+Patient)|"
                                r"jährig(?:e[rn]?)?|jarige|årig|jr\.?|letni[a-ząęó]*|tahun|yaş|yaşında|vuotias|ετών|"
                                # Czech glued "58letý pacient", "80letá"
                                r"let[ýáé]|"
                                # Romanian, Hungarian, Slovak, Croatian, Catalan, Vietnamese
                                r"ani|év|éves|ročn[ýá]|ročn(?:ého|ej|ému|ou)|god\.|godišnj[aie]|anys|tuổi|yaşındaki|"
                                # Russian, Ukrainian, Serbian and Bulgarian, Arabic, Persian, Hindi, Icelandic
                                r"лет|года|год|рік|роки|років|године|година|години|سنة|عاماً|عاما|ساله|वर्ष|साल|ára|"
                                r"árs|"
                                # Albanian "34 vjeç", Georgian "69 წლის", Ukrainian "56 р.," (років)
                                r"vjeç|vjeçe|წლის|р\.(?=[ \t]*[,;)])|سالہ|"
                                # Tamil "23 வயது பெண்"
                                r"வயது|"
                                # Slovak "34 r., nar. 1989" (rokov)
                                r"r\.(?=[ \t]*,[ \t]*nar\.)|"
                                # Estonian "62-aastane", Macedonian and Bulgarian "59-годишна", Italian "79 aa" (anni),
                                # Finnish "87-v. nainen"
                                r"aastane|aastase|годишн[аиео]|годишен|aa(?=[ \t]*[,;)]|[ \t]+[^\W\d_])|"
                                r"v\.?(?=[ \t]*,?[ \t]*(?:nainen|mies|poika|tyttö|potilas))|"
                                # Italian "81enne", Latvian "29 gadus vecs", Slovenian "38-letna", Armenian
                                # "59 տարեկան", Mongolian "58 настай", Uzbek "8 yosh", Amharic "48 ዓመት"
                                r"enne|gadus|gadi(?=[ \t]+ve)|letn[aioe]|letni[km]|տարեկան|настай|yosh|ዓመት)"
                                r"(?![^\W\d_])"),
    # Czech "Pan M. V., 66 let": the years after a comma, at the end of the clause ("let" is also an English word)
    # (or before the next field of a header: "moški, 81 let   ZZZS št.", "mężczyzna, lat 52   PESEL")
    ("years (Czech let)", r"(?<=,)[ \t]*(?P<n>\d{1,3})[ \t]+let\b(?=[ \t]*(?:[,.;\n]|$)|[ \t]{2,})"),
    # the years after a date of birth, in brackets: Austrian "geb. 1940 (84 a)", Hungarian "szül. 1957 (67 é)"
    ("years after a birth year", r"\b(?:19|20)\d{2}[ \t]*\((?P<n>\d{1,3})[ \t]*(?:a|é|J\.?|j\.?)\)"),
    # Czech "Pacient 59 let, přijat …": the years right after the patient noun
    # Latvian "[name], 66 g., vīrietis" (gadi; the sex word after it, as "g." is also grams)
    ("years (Latvian g.)", r"(?<=,)[ \t]*(?P<n>\d{1,3})[ \t]+g\.(?=[ \t]*,[ \t]*(?:vīrietis|sieviete|zēns|meitene)\b)"),
    ("years (Czech patient let)", r"\b[Pp]acient(?:ka)?[ \t]+(?P<n>\d{1,3})[ \t]+let\b"),
    ("years (Polish lat)", r"(?<=,)[ \t]*lat[ \t]+(?P<n>\d{1,3})(?=[ \t]*(?:[,;\n]|$)|[ \t]{2,})"),  # "Anna K., lat 59"
    # Polish "Pacjent lat 63", "Pacjentka lat 57": the years right after the patient noun
    ("years (Polish patient lat)", r"\b(?i:pacjent(?:ka)?|mężczyzna|kobieta)[ \t]+lat[ \t]+(?P<n>\d{1,3})\b(?![.,]\d)"),
    # the age field and "at the age of" of other languages: "Wiek: 79 lat", "w wieku 79 lat", "Edad: 64", "Alter: 71"
    ("age (other languages)", r"(?i)\b(?:wiek|w\s+wieku|edad|idade|età|âge|alter|leeftijd|ålder|yaş|ηλικία|"
                              r"ikä|věk|vârsta|életkor|tuổi|umur|vek|возраст|вік|العمر|आयु|aldur|גיל|อายุ|umri|vanus|"
                              # Tamil "வயது: 23"
                              r"வயது|"
                              # Croatian "u dobi od 52 godine", Finnish "mies 67 v", Italian "di anni 66", Urdu "عمر
                              # 27 سال", Bengali "বয়স ২৫" (in Bengali digits)
                              r"u\s+dobi\s+od|(?<=mies\s)|(?<=nainen\s)|di\s+anni|عمر|বয়স|възраст|"
                              r"سن)[ \t]*:?[ \t]*"
                              r"(?:miaka[ \t]+)?(?P<n>\d{1,3})(?![\d/:]|[.,]\d)"),
    # Italian "nata il 03/11/1941, anni 83" (after a comma: "negli anni 80" is a decade)
    ("anni N", r"(?<=,)[ \t]*anni[ \t]+(?P<n>\d{1,3})\b(?![.,]\d)"),
    # Swahili "Mwanamke wa miaka 32" (a woman of 32 years)
    ("miaka", r"(?i)\bwa[ \t]+miaka[ \t]+(?P<n>\d{1,3})\b"),
    # Croatian "Dob: 41 g." (the age, in years; English "DOB" is a date of birth)
    ("dob", r"\b[Dd]ob:[ \t]*(?P<n>\d{1,3})[ \t]+(?:g\.|godin\w*)"),
    # a banner's cell: "CAMPBELL, Marcia (Mrs) | 55y | Female |"
    ("banner cell", r"(?<=\|)[ \t]*(?P<n>\d{1,3})[ \t]*(?:y|yrs?|years?)[ \t]*(?=\|)"),
    # "Pt: Ms Carys M___ | 46 | F |": a bare number in the cell before the sex letter's
    ("banner cell before the sex", r"(?<=\|)[ \t]*(?P<n>\d{1,3})[ \t]*(?=\|[ \t]*(?:[MF]|[Mm]ale|[Ff]emale)[ \t]*\|)"),
    ("years (Indonesian th)", r"(?<![\d.])(?P<n>\d{1,3})[ \t]+(?:th|thn)\b(?=[ \t]*,)"),
    ("(age) after name", r"\b(?:Mr|Mrs|Ms|Miss|Mx|Mme|Herr|Frau|Mw|Dhr|Sig|Sig\.ra|Sra?)\.?[ \t]+(?:_{2,}|[A-Z][a-z]+)"
                         r"[ \t]*\((?P<n>\d{1,3})(?:[ \t]*(?:y|yrs?|years?|yo|J|ans|jaar|år)\.?)?\)"),
    # the date's digits may be masked ("DOB **/04/1979 (46y)"); Dutch writes "geb. 03/09/1950 (74 j.)" and, Belgian,
    # "°12/06/1958 (66 j)" (the degree sign is "born")
    ("(age) after date of birth", r"(?:\b(?:DOB|D\.O\.B\.?|[Bb]orn|geb\.?|Født|nar\.)|°)[ \t:]*"
                                  r"(?:_{2,}(?:/\d{4})?|[\d*-]{1,2}[./-][\d*-]{1,2}[./-][\d*]{2,4}|\[[^\]\n]{1,20}\]|"
                                  r"(?<=nar\.[ \t])\d{4})"
                                  r"[ \t]*,?[ \t]*\((?P<n>\d{1,3})"
                                  r"(?:[ \t]*(?:y|yrs?|years?|J|j|ans|jaar|år|let)\.?)?\)"),
    # "a Korean man, 61, …", "Female, 74, Caucasian", "Patient: 62 years, male", "She is 72."
    ("after a patient noun", r"\b(?i:man|woman|male|female|gentleman|lady)[ \t]*,[ \t]*(?P<n>\d{1,3})"
                             r"(?:[ \t]+(?:years?|yrs?))?(?=[ \t]*[,;.)\n]|[ \t]*$|[ \t]{2,})"),
    # "Mrs Hauwa I., 28YRS,", "Mzee J.K., 72 yrs,": a name, a comma and the years
    # "Mrs Hauwa I., 28YRS,", Austria's "Hr. Franz W., 71a"
    # (also after the birth year, "geb. 1949, 74 a"; Italian "66 aa" (anni), Finnish "69 v" (vuotta))
    # (Lithuanian "[Vardas Pavardė], 71 m.", Bulgarian "ЕГН XXXXXXXXXX, 66 г.")
    ("name, N yrs", r"(?:(?<=[A-Za-z.\]],)|(?<=\b(?:19|20)\d\d,))[ \t]*(?P<n>\d{1,3})[ \t]*(?i:yrs?|years?|y|aa|a|J|v|m|г)\b"
                    r"(?=[ \t]*[,.;)\n]|[ \t]{2,}|[ \t]*$)"),
    # "71 yrs male", "71y M", "Patient: 62 years, male"
    ("years, sex", r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:years?|yrs?|y)\.?[ \t]*,?[ \t]*"
                   r"(?=(?i:male|female|man|woman|gentleman|lady|boy|girl)\b|[MF]\b)"),
    # "patient (71 years)", "a woman of 71"
    ("(age) after a patient noun", r"\b(?i:patient|pt|man|woman|gentleman|lady|male|female)[ \t]*\((?P<n>\d{1,3})"
                                   r"(?:[ \t]*(?:y|yrs?|years?|yo)\.?)?\)"),
    ("of N", r"\b(?i:man|woman|gentleman|lady|patient)[ \t]+of[ \t]+(?P<n>\d{1,3})(?=[ \t]*(?:years?\b|[.,;)]|$))"),
    ("is N", r"\b(?:[Hh]e|[Ss]he|[Pp]atient|[Pp]t)[ \t]+is[ \t]+(?P<n>\d{1,3})(?=[ \t]*[.,;]|[ \t]*$)"),
    ("sex/age", r"(?<![\w/])(?P<sex>[MF])[ \t]*/[ \t]*(?P<n>\d{1,3})(?![\d/])"),
    # a Korean header's "성별/나이: 여/81" (sex/age), "[name] (남/58)"
    ("Korean sex/age in brackets", r"\([남여][ \t]*/[ \t]*(?P<n>\d{1,3})\)"),
    # a Korean header's "성별/나이: 여/81" (sex/age)
    ("Korean sex/age field", r"성별[ \t]*/[ \t]*나이[ \t]*:?[ \t]*[여남][ \t]*/[ \t]*(?P<n>\d{1,3})(?!\d)"),
    # "Age/Sex: 58 Y/F", "Patient: 57 years   Sex: Male", "年龄: 68岁"
    ("age/sex field", r"(?i)\bage\s*/\s*(?:sex|gender)\s*:?\s*(?P<n>\d{1,3})(?!\d)"),
    ("patient field", r"(?i)\b(?:patient|pt)\s*:\s*(?P<n>\d{1,3})\s*(?:years?|yrs?|y)\b(?!\s+ago)"),
    ("years (Chinese)", r"(?:年[龄齡][:：]?\s*)?(?P<n>\d{1,3})\s*[岁歲]"),  # simplified and traditional
    ("years (Japanese, Korean)", r"(?P<n>\d{1,3})\s*(?:歳|세)"),
    ("în vârstă de", r"(?i)\bîn\s+vârstă\s+de\s+(?P<n>\d{1,3})\b"),
    # Hebrew "בת 16", "בן 72" (daughter/son of: aged); Arabic "يبلغ من العمر 38"
    ("Hebrew bat/ben", r"(?<![\u0590-\u05FF])(?:בת|בן)[ \t]+(?P<n>\d{1,3})(?!\d)"),
    # "82 / Chinese / M", "58/Malay/F": age, race and sex, as Singapore and Malaysia write them
    ("age/race/sex", r"(?<![\w/.])(?P<n>\d{1,3})[ \t]*/[ \t]*[A-Z][a-z]+[ \t]*/[ \t]*(?P<sex>[MF])(?![\w/])"),
    ("age/race/sex word", r"(?<![\w/.])(?P<n>\d{1,3})[ \t]*/[ \t]*[A-Z][a-z]+[ \t]*/[ \t]*(?i:male|female)\b"),
    # "56 Chinese M, NKDA": the same three opening a line, with spaces
    ("age race sex", r"(?m:^)[ \t]*(?P<n>\d{1,3})[ \t]+[A-Z][a-z]+[ \t]+(?P<sex>[MF])(?=[ \t]*[,;.]|[ \t]*$)"),
    # "67 yrs/M", "58 Y/F": the years and the sex letter
    ("years/sex", r"(?<![\w/.])(?P<n>\d{1,3})[ \t]*(?:[Yy](?:rs?|ears?)?)\.?[ \t]*/[ \t]*"
                  r"(?:[MF]|[Mm]ale|[Ff]emale)(?![\w/])"),
    # a header's title, a blanked name and the years after wide spaces: "Mrs [name]   36 yrs   G2 P1"
    ("title [name]   N yrs", r"\b(?:Mr|Mrs|Ms|Miss)\.?[ \t]+\[[^\]\n]{1,30}\][ \t]{2,}(?P<n>\d{1,3})[ \t]*"
                             r"(?:yrs?|years?|y)\b"),
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
    # (not across a line: "Accompanied by: daughter" above "Age: 74")
    near_before = re.search(r"\b(\w+(?:-in-law)?)\b[^\w\n]*(?:\(|,)?[^\w\n]*(?:_{2,}[^\w\n]*)?(?:age[^\w\n]*)?$",
                            before)
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
    if re.search(r"\b(?:ward|bed|room|bay|unit|floor|level|station)[ \t]*[:#]?[ \t]*$", before, re.I):
        return False  # "Ward: 7M Bed 21": a ward's name, not an age and a sex
    # also an IMIST-AMBO handover's "I – 58M"
    # (also after a field's spaced slash: "환자: [name] / F/58", not "w/ 4F-PCC")
    # (and after a masked name: "[name]  M/67")
    opens = re.search(r"(?:^|[\n.;:(|]|(?<![\d\s\[])\][ \t]|[ \t]/|,|[ \t]{3,}|^[ \t]*I[ \t]*[–-])[\s*\-–]*"
                      r"(?:pt|patient|age/sex|sex/age|age/gender|gender/age|(?:(?:pt|patient|he|she)\s+is\s+)?an?)?"
                      r"[\s:]*$", before, re.I) or not before.strip()
    male = "sex" in m.groupdict() and m["sex"] == "M"
    # "98 F 37" is a temperature (a number in °F's range before the F); "34M 28% TBSA", "52F 28% TBSA" are none
    fahrenheit = "n" in m.groupdict() and m["n"] is not None and 90 <= int(m["n"]) <= 110
    return bool(opens) and (male or not fahrenheit or not re.match(r"[ \t]*(?:\d|°|degrees)", after))


# -- sex -----------------------------------------------------------------------------------------------------------

def _a_birth(text: str, start: int, end: int) -> bool:
    """A sex noun of an obstetric history's birth: "P1 - SVD 2021, term, female, 3.1kg", "LSCS 2019 male 3400 g"."""
    return bool(re.match(r"[ \t]*,?[ \t]*\d(?:[.,]\d+)?[ \t]*kg\b|[ \t]*,?[ \t]*\d{3,4}[ \t]*g\b",
                         text[end:end + 12]) or
                re.search(r"\b(?:SVD|NVD|SVB|LSCS|C-?section|CS|vaginal\s+delivery)\b"
                          r"[^.;\n]{0,20}$", text[max(0, start - 40):start]))


def _impersonal_man(text: str, start: int, end: int) -> bool:
    """Norwegian, Danish and Swedish "man" as "one", between a verb and the rest of its clause ("fant man en …",
    "kan man se"), not the noun ("78-årig man som bor …", "Pat.: man, 63 år")."""
    before = re.search(r"(?<![\w-])([a-zæøåäö]+)[ \t]+$", text[max(0, start - 20):start])
    after = re.match(r"[ \t]+([a-zæøåäö]+)\b", text[end:end + 20])
    return bool(before and after and not before[1].endswith(("årig", "årige")) and
                before[1] not in {"a", "an", "the", "old", "young", "elderly", "this", "en", "ein", "one", "ung", "eldre",
                                  "äldre", "yngre", "gammel", "gammal"} and
                after[1] not in {"som", "med", "uden", "utan", "uten", "with", "who", "was", "is", "has", "had", "and",
                                 "in", "og", "och", "fra", "från", "født", "född"})


def _sex_words(text: str) -> list[SexMention]:
    words: list[SexMention] = []
    letters = [c for c in text if c.isalpha()]
    shouting = sum(c.isupper() for c in letters) > 0.6 * max(1, len(letters))  # a note written in capitals
    for m in WORD.finditer(text):
        word = m[0]
        low = word.lower()[:-2] if word.lower().endswith("'s") else word.lower()  # "She's": the pronoun is "She"
        base_end = m.end() - 2 if word.lower().endswith("'s") else m.end()
        if low in PRONOUNS and word.isupper() and len(word) > 1 and (
                re.match(r"\s*(?:\d|[a-z])", text[m.end():]) or not (shouting or re.match(r"\s+[A-Z]{2,}\b",
                                                                                          text[m.end():]))):
            continue  # "HE grade 2", "ascites, HE;" (hepatic encephalopathy), "HER2": abbreviations, mixed-case note
        if low == "her" and {"da", "no"} & note_languages(text):
            continue  # Danish and Norwegian "her" is "here": "som ikke kan tilbydes her i aften"
        if low in PRONOUNS:
            sex, role = PRONOUNS[low]
            if low == "her":
                role = her_role(text, m.end())
            words.append(SexMention(m.start(), base_end, text[m.start():base_end], sex, "pronoun", role))
        elif low == "gent" and word[0].isupper() and "nl" in note_languages(text):
            continue  # "UZ Gent", "MUG Gent": the Flemish city
        elif low == "gent" and (re.match(r"[ \t]+(?:held|stat|given|dose|level|\d)", text[m.end():], re.I) or
                                re.search(r"\b(?:avoid|withhold|stop|start|no|iv|im)[ \t]+$",
                                          text[max(0, m.start() - 10):m.start()], re.I)):
            continue  # "Pip/tazo stat, gent held (CKD)", "avoid gent with AKI": gentamicin
        elif low == "man" and re.search(r"\b(?:haar|hennes|hendes|hennar)[ \t]+$", text[max(0, m.start() - 10):m.start()],
                                        re.I):
            continue  # Dutch "haar man", Scandinavian "hennes man": her husband
        elif low == "man" and {"no", "da", "sv"} & note_languages(text) and _impersonal_man(text, m.start(), m.end()):
            continue  # Scandinavian "man" is also "one": "Peroperativt fant man en gangrenøs appendiks"
        elif low == "boy" and re.match(r"[ \t:]*\d{2,3}(?:[.,]\d)?[ \t]*(?:cm|m)\b", text[m.end():]):
            continue  # Turkish "boy 155 cm": a height
        elif low in NOUNS and not re.match(r"[\s-]*(?:nurse|partner|friend|relative|staff|pattern|syndrome|infant|"
                                           r"baby|newborn|neonate|fetus|twin|voices?)", text[m.end():]) and not re.search(
                r"\b(?:baby|live|newborn|a\s+healthy|medicine|middle|best|sales|delivery|police|fire|red)\W{0,2}$",
                text[max(0, m.start() - 12):m.start()], re.I) and \
                not _describes_other(text, m.start()) and not _a_birth(text, m.start(), m.end()):
            # Swedish "78-årig man": its counterpart is Swedish
            other = "kvinna" if low == "man" and "sv" in note_languages(text) else ""
            words.append(SexMention(m.start(), m.end(), word, NOUNS[low], "noun", counterpart=other))
        elif low in TITLES and word[0].isupper() and (  # before a name, "___" or a masked "*****"; "Marcia (Mrs)"
                re.match(r"\.?[ \t]+(?:_|\*|[A-Z\[])", text[m.end():]) or
                (text[m.start() - 1:m.start()] == "(" and re.match(r"\.?\)", text[m.end():]))) and \
                not re.match(r"[ \t]*(?:No\b|#|Number\b)", text[m.end():]) and \
                not STAFF_AFTER_NAME.match(text, m.end()) and not STAFF_BEFORE.search(
                    text[max(0, m.start() - 25):m.start()]) and not (
                word.isupper() and re.search(r"\b(?:mild|moderate|severe|trace|trivial|no|significant|and|with|"
                                             r"rheumatic|mitral|calcific|critical|known)\s*$",
                                             text[max(0, m.start() - 15):m.start()], re.I)):
            end = m.end() + (text[m.end():m.end() + 1] == ".")  # "Mr." is one word: the period goes with it
            words.append(SexMention(m.start(), end, text[m.start():end], TITLES[low], "title"))
    words += sex_field_words(text)
    forms = dict(_AGE_FORMS)
    for pattern in (forms["NNM"], forms["sex/age"], forms["age/sex"], forms["age/race/sex"], forms["age race sex"],
                    # "58 yo F", "82 yo white M", "63 y/o AA M", "58 y/o WM", "41 yo AAF"
                    r"(?<![\d.])\d{1,3}[ \t]*(?:yo|y/o|y\.o\.?|YO|Y/O|-?years?[- ]old|yrs?[ \t]+old)[ \t]*"
                    r"(?:(?:[A-Za-z][a-z]+(?:[- ][A-Z][a-z]+|-[a-z]+)?|AA|W|B|H)[ \t]+|AA|W|B)?(?P<sex>[MF])(?![^\W_])",
                    r"(?<![\d.])\d{1,3}[ \t]*[Yy](?:rs?)?\.?[ \t]*/[ \t]*(?P<sex>[MF])(?![^\W_])",  # "58 Y/F"
                    # another language's age, a comma and the sex letter: "Z. Reto, 59-jährig, m", "83 aa, F"
                    r"(?<![\d.])\d{1,3}[ \t]*(?:-?jährig|J\.|Jahre|aa|anni|ans|años|anos|jaar|år)[ \t]*,[ \t]*"
                    r"(?P<sex>[MFmf])(?![^\W_])",
                    # "___ yo F", "___ yo Cantonese-speaking M"
                    r"_{2,}[ \t]*(?:yo|y/o|y\.o\.?|-?years?[- ]old)[ \t]*(?:[A-Z][a-z]+-[a-z]+[ \t]+)?"
                    r"(?P<sex>[MF])(?![^\W_])",
                    r"(?<![\d.])\d{1,3}[ \t]*(?:yo|YO)(?P<sex>[MFmf])\b",  # "62 yom", "45 YOF"
                    r"(?<![\d.])(?P<n>\d{1,3})[ \t]*-?[ \t]*(?:y|yrs?)\b\.?[ \t]*,?[ \t]*(?P<sex>[MF])(?![^\W_])",
                    r"(?:^|(?<=[.\n]\s)|(?<=\n))(?P<sex>[MF])(?=\s+(?:in\s+(?:his|her)\s+\d0s|aged\b|,\s*\d))",
                    r"\bRace[ \t]*/[ \t]*Sex[ \t]*:[ \t]*[WBHAIO][ \t]*/[ \t]*(?P<sex>[MF])\b",  # a prison's "H/M"
                    # a banner's sex cell after its age cell: "Pt: Mrs Edith H___ | 79 yrs | F |"
                    r"\|[ \t]*\d{1,3}[ \t]*(?:y|yrs?|years?)?[ \t]*\|[ \t]*(?P<sex>[MF])[ \t]*(?=\|)",
                    # MIMIC's blanked age opening the history: "___ M restrained driver in a high-speed MVC"
                    r"^[ \t]*_{2,}[ \t]+(?P<sex>[MF])(?=[ \t]+(?:[a-z]|w/|s/p))",
                    # a sex letter after a word that describes the person: "Gen: elderly F, NAD"
                    r"\b(?i:elderly|young|older|obese|frail|thin|cachectic|pleasant|middle-aged|well-appearing|"
                    r"ill-appearing)[ \t]+(?P<sex>[MF])(?=[ \t]*[,;.]|[ \t]+(?:in|with|lying|sitting|who|on)\b)",
                    # a header's fields between dashes: "Paziente: [name] – M – 71 anni"
                    r"(?<=[–-])[ \t]*(?P<sex>[MF])[ \t]*(?=[–-][ \t]*\d{1,3}\b)"):
        for m in re.finditer(pattern, text, re.M):
            if "n" in m.groupdict() and m["n"] and not _age_context(text, m):
                continue
            if "n" in m.groupdict() and _TEMPERATURE_BEFORE.search(text[max(0, m.start() - 25):m.start()]):
                continue
            words.append(SexMention(m.start("sex"), m.end("sex"), m["sex"], MALE if m["sex"] in "Mm" else FEMALE,
                                    "letter"))
    # a name's patronymic ("Rajendran s/o Muthu", "Juliana binti Anthony"): a son or a daughter of
    # (also between blanked names: "Pt: [name] s/o [name]")
    for m in re.finditer(r"(?<=[A-Za-z_\]])[ \t]+(?P<w>s/o|d/o|bin|binti|a/l|a/p)[ \t]+(?=[A-Z_\[])", text):
        words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if m["w"] in ("s/o", "bin", "a/l") else FEMALE,
                                "noun"))
    words += unspaced_sex_words(text)
    # "52 y/o Bedouin woman, mother of 9": the patient as a mother or a father (not "her mother of 80")
    for m in re.finditer(r"(?<![\w'’])(?P<w>mother|father)[ \t]+of[ \t]+(?:\d{1,2}|one|two|three|four|five|six|seven|"
                         r"eight|nine|ten)\b", text, re.I):
        if not re.search(r"\b(?:his|her|their|my|the|pt['’]s|patient['’]s|whose|a)\s+$",
                         text[max(0, m.start() - 10):m.start()], re.I):
            words.append(SexMention(m.start("w"), m.end("w"), m["w"], FEMALE if m["w"].lower() == "mother" else MALE,
                                    "noun"))
    for m in re.finditer(r"(?<![\u0590-\u05FF])(?P<w>בן|בת)[ \t]+\d{1,3}(?!\d)", text):  # Hebrew "בת 16": aged, a girl
        words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if m["w"] == "בן" else FEMALE, "noun",
                                counterpart="בת" if m["w"] == "בן" else "בן"))
    for m in re.finditer(r"性[别別][:：]?\s*(?P<w>男|女)", text):  # a Chinese record's sex field (simplified, traditional)
        words.append(SexMention(m.start("w"), m.end("w"), m["w"], MALE if m["w"] == "男" else FEMALE, "letter",
                                counterpart="女" if m["w"] == "男" else "男"))
    words += foreign_sex_words(text)
    unique = {w.start: w for w in words}
    return sorted(unique.values(), key=lambda w: w.start)



def patient_sex(words: list[SexMention]) -> str | None:
    """The sex the nouns, titles and letters say (majority), else the pronouns' majority; None if no word."""
    for kinds in (("noun", "title", "letter"), ("pronoun",)):
        votes = Counter(w.sex for w in words if w.kind in kinds)
        if votes:
            return votes.most_common(1)[0][0]
    return None


def extract_demographics(text: str, declared_sex: str | None = None) -> NoteDemographics:
    """Age, sex and ethnicity mentions of one note. ``declared_sex`` (from the user's file) anchors rule 1 of the
    pronoun rules when the text itself has no noun, title or letter that says it."""
    ages = find_ages(text)
    words = _sex_words(text)
    sex = patient_sex([w for w in words if w.kind != "pronoun"]) or declared_sex or patient_sex(words)
    resolved = resolve(text, words, sex)
    ethnicities = find_ethnicities(text, ages)
    # a field that says only what the patient is not ("Not Hispanic or Latino") names no class beside one that does
    classes = Counter(e.ethnicity for e in [e for e in ethnicities if not e.negated] or ethnicities)
    return NoteDemographics(
        age=ages[0].value if ages else None, age_mentions=tuple(ages), sex=sex if words else None,
        sex_mentions=tuple(w for w in resolved if w.patient),
        other_pronouns=tuple(w for w in resolved if not w.patient),
        ethnicity=classes.most_common(1)[0][0] if classes else None, ethnicity_mentions=tuple(ethnicities))
