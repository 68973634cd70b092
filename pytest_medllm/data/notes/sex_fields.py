"""The sex a record's field states, in its own language: "Sex: M", "Geschl.: w", "Pohlaví: muž", "Cinsiyet: E",
"Пол: мъж", "성별/나이: 여/81", and the value of the other sex in the same field for a rewrite. Pure functions of the
text.
"""

from __future__ import annotations

import re

from .pronouns import FEMALE, MALE, SexMention

#: A sex field and its value: "Sex: M", "Geschl.: w", "Pohlaví: muž", "Cinsiyet: E", "Sex: masculin".
SEX_FIELD = re.compile(r"\b(?P<label>sex|gender|sexo|sesso|sexe|geschlecht|geschl\.|geslacht|kön|płeć|cinsiyet|φύλο|"
                       r"pohlaví|pohlavie|spol|jinsia|מין|الجنس|النوع|пол|стать|nem|lytis|giới(?:\s+tính)?|jk|"
                       r"jenis\s+kelamin|성별(?:/나이)?|लिंग|लिङ्ग|jinsi|جنس)"
                       # (a Devanagari word's vowel signs are no word letters to re: "महिला")
                       r"(?![^\W\d_])\s*[:=\-]?\s*(?P<w>(?:[^\W\d_]|[\u0900-\u0903\u093a-\u094f])+)(?![^\W\d_])", re.I)
#: The letters a field's language gives the sexes beyond M and F: Polish and Swedish "K" (kobieta, kvinna), German
#: "w" (weiblich), Dutch "V" (vrouw), Greek "Θ" (θήλυ) and "Α" (άρρεν), Turkish "E" (erkek) and "K" (kadın).
_FIELD_LETTERS = {"płeć": {"k": FEMALE}, "kön": {"k": FEMALE}, "geschlecht": {"w": FEMALE}, "geschl": {"w": FEMALE},
                  "geslacht": {"v": FEMALE}, "φύλο": {"θ": FEMALE, "γ": FEMALE, "α": MALE},
                  "cinsiyet": {"e": MALE, "k": FEMALE}, "jk": {"l": MALE, "p": FEMALE},
                  "jenis kelamin": {"l": MALE, "p": FEMALE},
                  # Russian and Bulgarian "пол: М/Ж", Ukrainian "Стать: ч/ж" (чоловіча, жіноча)
                  "пол": {"м": MALE, "ж": FEMALE}, "стать": {"ч": MALE, "ж": FEMALE},
                  # Greek "Φύλο: Γ" (γυναίκα), Slovenian and Croatian "spol: ž" (ženski)
                  "spol": {"ž": FEMALE},
                  # Czech and Slovak "Pohlaví: Ž" (žena)
                  "pohlaví": {"ž": FEMALE}, "pohlavie": {"ž": FEMALE}}
#: Words a sex field's value may be in any language: Czech "muž"/"žena", Romanian "masculin"/"feminin".
_FIELD_WORDS = {"muž": MALE, "žena": FEMALE, "masculin": MALE, "feminin": FEMALE,
                # Catalan "Sexe: Dona/Home", Hebrew "מין: זכר", Arabic "الجنس: ذكر", Russian "Пол: жен./муж."
                # (a noun alone is also "wife"/"husband" there), Swahili "Jinsia: Ke/Me" (kike, kiume)
                "dona": FEMALE, "home": MALE, "זכר": MALE, "ذكر": MALE, "жен": FEMALE, "муж": MALE, "ke": FEMALE,
                "me": MALE, "чоловіча": MALE, "жіноча": FEMALE, "nữ": FEMALE, "nam": MALE,
                # Serbian "пол: мушки/женски", Russian "мужской/женский"
                "мушки": MALE, "женски": FEMALE, "мужской": MALE, "женский": FEMALE,
                # Korean "성별/나이: 여/81", Bulgarian "Пол: мъж", Hindi "लिंग: महिला"
                "여": FEMALE, "남": MALE, "мъж": MALE, "жена": FEMALE, "महिला": FEMALE, "पुरुष": MALE,
                # Macedonian "пол: машки", Uzbek "jinsi: qiz" (a girl) or "o'g'il" (a boy), "erkak", "ayol"
                "машки": MALE, "qiz": FEMALE, "erkak": MALE, "ayol": FEMALE,
                # Bulgarian "Пол: мъжки", Urdu "جنس: خاتون" (a woman) or "مرد"
                "мъжки": MALE, "خاتون": FEMALE, "مرد": MALE}
#: Each field word's counterpart of the other sex (French writes "féminin").
_FIELD_WORD_COUNTERPARTS = {"muž": "žena", "žena": "muž", "masculin": "feminin", "feminin": "masculin",
                            "dona": "home", "home": "dona", "זכר": "נקבה", "ذكر": "أنثى", "жен": "муж", "муж": "жен",
                            "ke": "me", "me": "ke", "чоловіча": "жіноча", "жіноча": "чоловіча", "nữ": "nam", "nam": "nữ",
                            "мушки": "женски", "женски": "мушки", "мужской": "женский", "женский": "мужской",
                            "여": "남", "남": "여", "мъж": "жена", "жена": "мъж", "महिला": "पुरुष", "पुरुष": "महिला",
                            "машки": "женски", "qiz": "o'g'il", "erkak": "ayol", "ayol": "erkak",
                            "мъжки": "женски", "خاتون": "مرد", "مرد": "خاتون"}


def _field_counterpart(label: str, value: str, sex: str) -> str:
    """The value of the other sex in the same field: its language's letter ("Cinsiyet: E" -> "K", "Geschl.: w" ->
    "m", "Φύλο: Θ" -> "Α") or word ("Pohlaví: muž" -> "žena", French "Sexe : masculin" -> "féminin")."""
    if value in _FIELD_WORD_COUNTERPARTS:
        other = _FIELD_WORD_COUNTERPARTS[value]
        return "féminin" if other == "feminin" and label == "sexe" else other
    letters = dict(_FIELD_LETTERS.get(label, {}))  # the language's own letters, then M or F for a sex it lacks
    for letter, letter_sex in (("m", MALE), ("f", FEMALE)):
        if letter_sex not in letters.values():
            letters[letter] = letter_sex
    return next((letter for letter, letter_sex in letters.items() if letter_sex != sex), "")




#: A Korean header's sex and age in brackets after the name: "환자: [name] (남/58)".
KOREAN_SEX_AGE = re.compile(r"\((?P<w>[남여])[ \t]*/[ \t]*(?P<n>\d{1,3})\)")


def sex_field_words(text: str) -> list[SexMention]:
    """The value of every sex field of ``text`` whose language's letters or words name a sex."""
    words = [SexMention(m.start("w"), m.end("w"), m["w"], _FIELD_WORDS[m["w"]], "noun",
                        counterpart=_FIELD_WORD_COUNTERPARTS[m["w"]]) for m in KOREAN_SEX_AGE.finditer(text)]
    for m in SEX_FIELD.finditer(text):
        label, value = m["label"].lower().rstrip("."), m["w"].lower()
        sex = _FIELD_LETTERS.get(label, {}).get(value) or {"m": MALE, "f": FEMALE}.get(value) or \
            _FIELD_WORDS.get(value)
        if sex and (len(value) == 1 or value in _FIELD_WORDS):
            words.append(SexMention(m.start("w"), m.end("w"), m["w"], sex, "letter" if len(value) == 1 else "noun",
                                    counterpart=_field_counterpart(label, value, sex)))
    return words
