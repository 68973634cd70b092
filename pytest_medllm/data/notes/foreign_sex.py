"""The sex words of other languages in a note (:data:`~.lexicon.FOREIGN_SEX_WORDS`) where they mark the patient's sex:
titles before a name, nouns, possessives, and, only in a note that shows the language (:mod:`.languages`), subject
pronouns beside a verb that makes them a person's (German "sie", Dutch "ze"/"zij" in the singular; French "il" never
impersonal, "lui" only after a preposition). The rules are listed in :mod:`pytest_medllm.data.note_demographics`; a
title before a clinician (:data:`STAFF_AFTER_NAME`, :data:`STAFF_BEFORE`) is no patient's. Sex words of languages no
marker words identify or written without spaces (Vietnamese, Chinese, Hindi) are read by their own patterns
(:func:`unspaced_sex_words`). Pure functions of the text.
"""

from __future__ import annotations

import re

from .casefold import entry
from .languages import note_languages
from .lexicon import FOREIGN_SEX_WORDS
from .pronouns import FEMALE, MALE, SexMention

#: A Norwegian relative with the possessive after it: "Kona hans var på besøk", "sønnen hans".
_NORWEGIAN_RELATIVE_BEFORE = re.compile(r"\b(?:kona|kone[n]?|mannen|sønnen|datteren|dattera|broren|søsteren|søstera|"
                                        r"faren|moren|mora|barna|samboeren)[ \t]+$", re.I)


#: A title before a clinician's name and role: "Mr Hussain (Cons)", "Ms Adeyemi (SpR)", "Frau Kollegin".
STAFF_AFTER_NAME = re.compile(r"\.?[ \t]+(?:(?:[A-Z][\w'-]+|\[[A-Z]+\]|_{2,})[ \t]*\((?:Cons\w*|SpR|StR|Reg\w*|FY\d|CT\d|SHO|"
                               r"Dr|RN|NP|PA|Nurse|Surgeon|Anaesth\w*|Attending)\)|Kolleg\w*|Dr\b|Prof\b)")


#: A role before a title: "Consultant: Mr O'Neill", "Surgeon: Ms Patel", "seen by Mr ___".
STAFF_BEFORE = re.compile(r"(?:\b(?:consultant|cons|"
                           r"surgeon|registrar|attending|referring|seen\s+by|under|gp|aan|interne|"
                           # a doctor's initial after the title: "Dre M. Tremblay", "Dr M. Dupont"
                           r"dre?\.?|"
                           r"on\s+behalf\s+of|"
                           r"assistant|anaesthetist|anesthetist|médecin|nurse|scrub)"
                           r"[ \t:,]*|\b(?:mother|father|mum|dad|teacher|wife|husband|son|daughter|sister|brother|"
                           # a member of staff named by role, the title in brackets: "Surgical reg (Mr ___)"
                           r"reg|registrar|liaison|elder|worker|nurse|consultant|doctor|interpreter|physio\w*|"
                           r"therapist|officer|coordinator|chaplain|navigator|advocate|SHO|FY\d|SpR|fellow|resident|"
                           # a surgical team named by its consultant: "Colorectal Surgery (Mr ___)"
                           r"surgery|"
                           r"attending|surgeon|an(?:a)?esthetist|pharmacist|dietitian|midwife|chr|phn|"
                           # a nurse's signature in Persian: "امضا و مهر پرستار: خانم ز. ک"
                           r"پرستار[ \t:]*)"
                           r"[ \t]*\()$",
                           re.I)



#: Chinese and Japanese write the noun glued to the age or to "patient": "78歳男性", "患者男性", "老年男性" (an
#: elderly man); not the end of a compound ("sage-femme", a midwife).
#: (a word of Chinese, Japanese or Korean letters needs no boundary after it: "72歲女性有 DM", "남자가")
_FOREIGN = re.compile(r"(?<!-)(?:(?<![^\W\d_])|(?<=[歳岁歲者年]))(?:" + "|".join(sorted((re.escape(w) for w in FOREIGN_SEX_WORDS), key=len,
                                                             reverse=True)) + r")"
                      r"(?:(?<=[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af])|(?![^\W\d_]))", re.I)
#: French "il" that is no one: "il y a 9 jours", "il faut", "il s'agit de", "il est possible".
_IMPERSONAL = re.compile(r"\s+(?:y\s+a|n['’]y\s+a|faut|s['’]agit|semble|existe|convient|reste|est\s+(?:possible|"
                         r"probable|important|nécessaire|recommandé|prévu|à\s+noter|difficile|urgent))\b", re.I)


#: German finite verbs of the third person singular, beyond the many that end in -t or -e: "sie kann", "war sie".
_GERMAN_SINGULAR = {"ist", "hat", "war", "wird", "kann", "muss", "soll", "will", "darf", "mag", "sei", "weiß", "lag",
                    "kam", "ging", "gab", "fiel", "bekam", "nahm", "sah", "saß", "schlief", "trank", "aß"}
#: Words ending in -t or -e next to "sie" that are no verb: "seit sie", "die sie", "nicht".
_NOT_GERMAN_VERBS = {"seit", "nicht", "mit", "jetzt", "erst", "bereits", "zuletzt", "meist", "sofort", "dort", "oft",
                     "fast", "die", "eine", "keine", "ohne", "wie", "alle", "diese", "welche", "beide", "ihre", "seine",
                     "heute", "gerade", "gestern", "ebenfalls", "laut", "bzw", "nachdem"}


def _german_singular_verb(word: str) -> bool:
    """A German finite verb in the third person singular ("berichtet", "fühle", "entwickelte", "kann")."""
    return word.islower() and word not in _NOT_GERMAN_VERBS and (
        word in _GERMAN_SINGULAR or (len(word) > 3 and word.endswith(("t", "e"))))


def _german_singular(text: str, m: re.Match) -> bool:
    """Whether German "sie" stands beside a finite verb in the singular ("Sie berichtet", "fühle sie sich", "hat sie"),
    which makes it "she"; "sie haben", "sie sind" are "they" (or the formal "you")."""
    following = re.match(r"\s+([^\W\d_]+)", text[m.end():])
    preceding = re.search(r"([^\W\d_]+)\s+$", text[max(0, m.start() - 30):m.start()])
    after, before = (following[1] if following else ""), (preceding[1] if preceding else "")
    if after == "sind" or (after.islower() and after.endswith("en") and after not in _GERMAN_SINGULAR):
        return False
    return _german_singular_verb(after) or _german_singular_verb(before)


#: The relatives a Swedish, Dutch or German possessive stands before: "hans sambo", "zijn echtgenote", "ihr Sohn".
_RELATIVE_AFTER = re.compile(r"[ \t]+(?:sambo|fru|hustru|make|maka|man|dotter|son|söner|döttrar|barn|mor|far|bror|syster|"
                             r"echtgenote|echtgenoot|vrouw|man|partner|dochter|zoon|kinderen|moeder|vader|broer|zus|"
                             r"klein(?:zoon|dochter|kind|kinderen)|"
                             r"Sohn|Tochter|Ehemann|Ehefrau|Mann|Partner(?:in)?|Kinder|Mutter|Vater|Bruder|Schwester|"
                             r"Enkel\w*|Lebensgefährt\w*|"
                             # Danish and Norwegian: "hans kone", "hans datter"
                             r"kone|datter|søn|sønn|søster|børn|"
                             # Polish: "jej matka", "jej mąż"
                             r"matka|ojciec|mąż|żona|córka|syn|brat|siostra|dzieci|partner(?:ka)?)\b")


#: The masculine patient nouns, which are no sex word as a field's label ("Pacjent: Marek W.").
_MASCULINE_PATIENT = {"pacjent", "pacjenta", "pacjentem", "pacientem", "patient"}
#: Dutch finite verbs of the third person singular beyond those in -t: "Zij is", "ze kon", "zij gaf".
_DUTCH_SINGULAR = {"is", "was", "had", "kan", "kon", "wil", "wou", "zal", "zou", "mag", "moet", "gaf", "kreeg", "ging",
                   "lag", "zat", "at", "sliep", "viel", "nam", "kwam", "zag", "wist", "vond", "bleef", "werd", "deed"}
#: Words in -t next to "ze" that are no verb: "niet", "met", "het".
_NOT_DUTCH_VERBS = {"niet", "met", "het", "dat", "wat", "tot", "ooit", "echt", "vast", "net", "nooit", "toch", "best",
                    "laatst", "eerst", "meest", "sindsdien", "ongeveer"}


def _dutch_singular(text: str, m: re.Match) -> bool:
    """Whether Dutch "ze"/"zij" stands beside a finite verb in the singular ("Zij is", "ziet ze", "ze maakt"): "she";
    beside a plural ("ze hebben", "zijn ze") it is "they"."""
    following = re.match(r"\s+([^\W\d_]+)", text[m.end():])
    preceding = re.search(r"([^\W\d_]+)\s+$", text[max(0, m.start() - 30):m.start()])

    def singular(word: str) -> bool:
        low = word.lower()
        return low in _DUTCH_SINGULAR or (len(low) > 2 and low.endswith("t") and low not in _NOT_DUTCH_VERBS)
    return any(singular(w[1]) for w in (following, preceding) if w)


def _title_without_a_name(word: str, before: str, after: str) -> bool:
    """A title that names the patient without a name after it: French "Mme présente depuis 5 jours …", Italian "La
    signora porta …", a title of a script without capitals before its initials ("آقای م. ر.")."""
    low = word.lower()
    if low in ("mme", "madame", "monsieur"):
        return bool(re.match(r"[ \t]+(?:est|a|présente|rapporte|décrit|signale|se|dit|vit|habite|consulte|ne|n['’])\b",
                             after))
    if low in ("signora", "signore", "sig.ra", "sig.", "sig.na"):
        return bool(re.search(r"\b(?:la|il)[ \t]+$", before, re.I))  # "Al domicilio la Sig.ra ha misurato …"
    if low in ("pani", "pan") and word[0].isupper():
        return bool(re.match(r"[ \t]+[a-ząćęłńóśźżěščřžýáíéůú]", after))  # Polish "W dniu wypisu Pani bez duszności"
    if low in ("frau", "herr") and re.match(r"[ \t]*,", after):
        return bool(re.search(r"(?:\]|_{2,}|[^\W\d_]),[ \t]*$", before))  # a header's "Pat.: [name], Frau, geb. …"
    return word.upper() == word.lower() and bool(re.match(r"[ \t]+\S", after))


def foreign_sex_words(text: str) -> list[SexMention]:
    """Titles, nouns and (in a note that shows the language) subject pronouns of other languages."""
    languages = note_languages(text)
    out = []
    for m in _FOREIGN.finditer(text):
        word = m[0]
        sex, kind, needs = FOREIGN_SEX_WORDS[entry(FOREIGN_SEX_WORDS, word) or word.lower()]
        if needs and not languages & set(needs):
            continue
        if word == "PANI":
            continue  # Italian "PANI ogni 5 min": pressione arteriosa non invasiva
        if word in ("男", "女") and (text[m.start() - 1:m.start()] != "者" or
                                    re.match(r"[\u4e00-\u9fff]", text[m.end():m.end() + 1])):
            continue  # "患者男" is the patient; "育有1子1女", "患者女儿" (a daughter), "男性" and "女性" are words of their own
        after = text[m.end():m.end() + 40]
        # the age before the title: German "85-jähriger Herr", Czech "66letý pan", Slovak "70-ročná pani"
        after_age = re.search(r"\d[ \t]*-?[ \t]*(?:jährige[rn]?|let[ýá]|ročn[ýá])[ \t]+$",
                              text[max(0, m.start() - 15):m.start()])
        # titles written in lower case before a name: Dutch "dhr. P.", Czech "paní M. D.", Greek "κα Ελένη", Danish
        # "hr. N. J.", Romanian "dna E. P."; Dutch
        # also before a verb ("Sociaal: dhr. is van …")
        lower_dutch = (word.lower() in ("dhr.", "mw.", "mevr.", "mevrouw", "meneer", "pan", "paní", "hr.", "dna", "sig.",
                                      "sig.ra", "dl.") or
                       word in ("κα", "κ.")) and (
            re.match(r"[ \t]+(?:[A-ZΑ-Ω\[]|_{2,})", after) or  # (a masked name: "dhr. [name]")
             (word.lower() in ("dhr.", "mw.", "mevr.", "mevrouw", "meneer")
                                                               and re.match(r"[ \t]+(?:is|heeft|werd|woont|was|kreeg)\b",
                                                                            after)))
        title_before_verb = _title_without_a_name(word, text[max(0, m.start() - 4):m.start()], after)
        # "Mme 70 y.o., of Vietnamese origin": the title before the age, the name left out
        # (Portuguese "Senhora de 84 anos com pneumonia")
        before_age = re.match(r"[ \t]+(?:de[ \t]+)?\d{1,3}[ \t]*(?:y\.?o\b|yo\b|ans\b|años\b|anos\b|J\.|jaar\b)",
                              after)
        if kind == "title after":  # Turkish "Ahmet Bey", "___ Hanım": the title follows the name
            # (Hungarian writes "úr" in lower case, also after a masked name: "Név: [Név] úr")
            if not ((word[0].isupper() or word.lower() == "úr") and re.search(
                    r"(?:_{2,}|\[[^\]\n]{1,30}\]|[A-ZÀ-ÞÇĞİÖŞÜ][^\W\d_]+|[A-ZÀ-Þ]\.)[ \t]+$", text[max(0, m.start() - 30):m.start()])):
                continue
            kind = "title"
        elif kind == "title" and not after_age and not lower_dutch and not before_age and not title_before_verb and not (
                # (Georgian has no capitals in writing: "ბატონი გ. მ.")
                (word[0].isupper() or word.upper() == word.lower() or "\u10d0" <= word[0] <= "\u10ff") and
                re.match(r"[ \t]+(?:_|[A-ZÀ-Þ\[]|\.{3}|…|[\u10D0-\u10FF]\.)",
                                                                                 after)):
            continue  # a title stands before a name, "___" or "..." ("85-jähriger Herr" is the patient, "dhr. P." too)
        if kind == "title" and (STAFF_AFTER_NAME.match(text, m.end()) or
                                STAFF_BEFORE.search(text[max(0, m.start() - 25):m.start()])):
            continue  # "Sehr geehrte Frau Kollegin": the colleague written to
        if kind == "noun" and re.search(r"\b(?:zijn|haar|sein\w*|ihr\w*|su|son|sa|seu|sua)[ \t]+$",
                                        text[max(0, m.start() - 8):m.start()], re.I) and \
                not word.lower().startswith(("patient", "pacjent")):
            continue  # "Zijn vrouw": the patient's wife; "Ihre Patientin" (a letter's formal "your") is the patient
        if kind == "possessive before a relative":  # "woont met zijn echtgenote", "Hans sambo", "ihr Sohn übersetzt"
            if not (word.islower() or (word[0].isupper() and word[1:].islower() and word.lower() != "ihr")) or \
                    not (_RELATIVE_AFTER.match(after) or (word == "hans" and languages & {"no", "da"} and
                                                          _NORWEGIAN_RELATIVE_BEFORE.search(text[:m.start()]))):
                continue
            out.append(SexMention(m.start(), m.end(), word, sex, "pronoun", "possessive"))
            continue
        if kind == "noun after a singular article":  # "Wir berichten über Ihren Patienten, Herrn P."
            if re.search(r"\b(?:Ihren|Ihrem|unseren|unserem|den|dem|einen|einem|des|diesen|diesem)[ \t]+$",
                         text[max(0, m.start() - 10):m.start()]) and word[0].isupper():
                out.append(SexMention(m.start(), m.end(), word, sex, "noun"))
            continue
        if word.lower() in ("больного", "хворого") and re.search(r"(?:стационарн|стаціонарн|амбулаторн)\w*[ \t]+$",
                                                                text[max(0, m.start() - 20):m.start()], re.I):
            continue  # "медицинской карты стационарного больного": a form's name, the inpatient of any chart
        if kind == "object":  # Swedish "körde honom"; Hebrew "הוסבר לה" (no capitals)
            if word.islower() or word.upper() == word.lower():
                out.append(SexMention(m.start(), m.end(), word, sex, "pronoun", "object"))
            continue
        if kind == "mother of children":  # "mariée, mère de 6 enfants": the patient as a mother
            if re.match(r"[ \t]+de[ \t]+(?:\d{1,2}|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)[ \t]+enfants",
                        after) and not re.search(r"\b(?:sa|la|ma|votre|leur)[ \t]+$", text[max(0, m.start() - 8):m.start()],
                                                re.I):
                out.append(SexMention(m.start(), m.end(), word, sex, "noun"))
            continue
        if kind == "noun" and word.lower() in ("mann", "frau") and not word[0].isupper() and not (
                word.lower() == "mann" and languages & {"no", "da"}):
            continue  # German nouns are capitalised; Norwegian "54 år gammel mann" is not
        if kind == "noun" and word.lower() in _MASCULINE_PATIENT and (re.match(r"[ \t]*:", after) or (
                word.lower() == "patient" and not (word[0].isupper() or "fr" in languages and re.search(
                    r"(?:\b(?:le|un|du|au|ce|cet|votre|notre)|[(:])[ \t]*$", text[max(0, m.start() - 7):m.start()])))):
            continue  # a field's label ("Pacjent: Marek W."); "with patient and daughter" is English
        if word.lower() == "dl." and re.search(r"[/\d][ \t]*$", text[max(0, m.start() - 3):m.start()]):
            continue  # "mg/dl." is a unit, not Romanian "domnul"
        if word.lower() in ("sig.", "sig.ra") and word[0].islower() and "it" not in languages:
            continue  # Swedish "över sig." ends a sentence; Italian writes "sig. B. G." in lower case too
        if word in ("מטופל", "מטופלת") and re.match(r"[ \t]*:|[ \t]+ב(?![תן][ \t]+\d)", after):
            continue  # a field's label ("מטופל: מר י. ל."), or "treated with" ("מטופלת באינסולין")
        if word.lower() == "lui" and "it" not in languages:
            # French "lui" is "him" only after a preposition ("selon lui"); "je lui ai dit" is "to him or her"
            if re.search(r"\b(?:selon|pour|avec|chez|sans|contre|par|de|à|d['’]après)[ \t]+$",
                         text[max(0, m.start() - 12):m.start()], re.I) and word.islower():
                out.append(SexMention(m.start(), m.end(), word, sex, "pronoun", "object"))
            continue
        if word.lower() in ("ze", "zij") and not _dutch_singular(text, m):
            continue  # "zij hebben", "ze zijn": they
        if kind == "pronoun":
            # (a list's item opens a sentence too: "- Hun ønsker å amme")
            sentence_start = re.search(r"(?:^|[.!?:;]\s+|\n|\n[ \t]*[-–•*][ \t]+)$",
                                       text[max(0, m.start() - 3):m.start()])
            if word != word.lower() and not (word[0].isupper() and word[1:].islower() and sentence_start):
                continue  # "ER", "Han Chinese", a name: not a pronoun
            if word.lower() == "il" and _IMPERSONAL.match(after):
                continue
            if word.lower() == "sie" and not _german_singular(text, m):
                continue  # "sie haben", "Sie können": they, or the formal you
        if kind == "possessive":  # German "lebt mit seiner Ehefrau": a possessive pronoun
            if word != word.lower() and not (word[0].isupper() and word[1:].islower()):
                continue
            out.append(SexMention(m.start(), m.end(), word, sex, "pronoun", "possessive"))
            continue
        # the French patient's counterpart is "patiente"; the lexicon's swap gives the German "Patientin"
        french_patient = word.lower() == "patient" and "fr" in languages and "de" not in languages
        # Norwegian and Danish "han" has "hun" for its counterpart, Swedish "hon"
        nordic_han = word.lower() == "han" and (bool(languages & {"no", "da"}) or "sv" not in languages)
        # Norwegian "mann" has "kvinne" for its counterpart, German "Mann" "Frau"
        nordic_mann = word.lower() == "mann" and languages & {"no", "da"} and "de" not in languages
        # Czech "pan" has "paní" for its counterpart, Polish "pani"
        czech_pan = word.lower() == "pan" and "cs" in languages and "pl" not in languages
        counterpart = ("patiente" if french_patient else "hun" if nordic_han else "kvinne" if nordic_mann else
                       "paní" if czech_pan else "")
        out.append(SexMention(m.start(), m.end(), word, sex, kind, "subject" if kind == "pronoun" else "",
                              counterpart=counterpart))
    return out


def unspaced_sex_words(text: str) -> list[SexMention]:
    """Sex words that a word list cannot find, in languages whose note no marker words identify or whose words are
    not separated by spaces: Vietnamese "bệnh nhi nam", Chinese "他"/"她", Hindi "वर्षीय महिला"; each with its
    counterpart of the other sex."""
    words: list[SexMention] = []
    # Vietnamese "Bệnh nhi nam, 2 tuổi" (the child patient, male), "bệnh nhân nữ"
    # (and "Người bệnh nam, 62 tuổi": the sick person, male)
    for m in re.finditer(r"\b(?:[Bb]ệnh[ \t]+nh(?:i|ân)|[Nn]gười[ \t]+bệnh)[ \t]+(?P<w>nam|nữ)\b", text):
        sex = MALE if m["w"] == "nam" else FEMALE
        words.append(SexMention(m.start("w"), m.end("w"), m["w"], sex, "noun",
                                counterpart="nữ" if sex == MALE else "nam"))
    # Chinese "他", "她" (he, she) opening a clause or before "的" (his, her): not in "其他" (other), "他人" (others),
    # "他们" (they) nor a drug's name ("头孢他啶", ceftazidime; "哌拉西林他唑巴坦")
    for m in re.finditer(r"(?:(?<=[。，；：、！？\n（(“\"])|^)(?P<w>[他她])(?![人们們])|(?P<p>[他她])(?=的)", text, re.M):
        m_start, word = (m.start("w"), m["w"]) if m["w"] else (m.start("p"), m["p"])
        sex = MALE if word == "他" else FEMALE
        words.append(SexMention(m_start, m_start + 1, word, sex, "pronoun", counterpart="她" if sex == MALE else "他"))
    # Thai "ผู้ป่วยหญิง" (the patient, a woman), written without a space; "นาง" (Mrs) before a name
    for m in re.finditer(r"(?<=ผู้ป่วย)(?P<w>หญิง|ชาย)|(?<![\u0E00-\u0E7F])(?P<t>นาง|นาย)(?=[ \t]+\S)", text):
        word = m["w"] or m["t"]
        sex = FEMALE if word in ("หญิง", "นาง") else MALE
        counterpart = {"หญิง": "ชาย", "ชาย": "หญิง", "นาง": "นาย", "นาย": "นาง"}[word]
        words.append(SexMention(m.start(), m.end(), word, sex, "noun" if m["w"] else "title", counterpart=counterpart))
    # Hindi "26 वर्षीय महिला" (a 26-year-old woman), "महिला रोगी" (a woman patient); not a women's ward or hospital
    # and the sex field's "लिंग: स्त्री" (female)
    for m in re.finditer(r"(?<=वर्षीय[ \t])(?P<w>महिला|पुरुष)|(?P<v>महिला|पुरुष)(?=[ \t]+(?:रोगी|मरीज))|"
                         r"(?<=लिंग:[ \t])(?P<f>स्त्री|पुरुष|महिला)", text):
        word = m["w"] or m["v"] or m["f"]
        sex = MALE if word == "पुरुष" else FEMALE
        counterpart = "पुरुष" if sex == FEMALE else "स्त्री" if m["f"] else "महिला"
        words.append(SexMention(m.start(), m.end(), word, sex, "noun", counterpart=counterpart))
    return words
