"""Counterfactuals of free-text notes (pytest_medllm.perturb.note_rewrites) on the annotated dev corpora (dev, dev2,
dev3): vital signs land in their class in the note's own notation (decimal comma included) and change only their number;
a reading beyond DeVisE's range is not applicable; demographics change exactly the annotated words (also in other
languages); a note without the variable is not applicable; a stray edit is an error."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.data.note_vitals import devise_temperature, extract_vitals
from pytest_medllm.data.schemas import ETHNICITIES, VITAL_SIGNS
from pytest_medllm.data.severity import AGE_BINS, SEVERITY_SCALES
from pytest_medllm.data.user_notes import build_user_note
from tests.helpers.notes_markup import load as load_notes
from pytest_medllm.perturb.clinical import Counterfactual, CounterfactualError, check_only_spans_changed
from pytest_medllm.perturb.note_rewrites import (
    OUT_OF_RANGE,
    NotApplicable,
    age_counterfactual,
    demographic_counterfactuals,
    ethnicity_counterfactual,
    note_counterfactuals,
    rewrite_vital,
    sex_counterfactual,
    vital_counterfactuals,
)
from tests.helpers.notes_markup import load
from tests.unit.data.test_note_demographics import KNOWN_DEV3_PRONOUN_ERRORS, KNOWN_PRONOUN_ERRORS

DEV = load("dev") + load("dev2") + load("dev3")
USER = {note.id: build_user_note(note.id, note.text) for note in DEV}


def _level(mention, value: float) -> int:
    return SEVERITY_SCALES[mention.variable].level(devise_temperature(value) if mention.unit == "°C" else value)


@pytest.mark.parametrize("note", DEV, ids=lambda n: n.id)
def test_every_chosen_vital_reaches_every_class_it_can_in_the_notes_own_notation(note):
    user = USER[note.id]
    for variable, mention, _ in user.vitals.chosen:
        for level in SEVERITY_SCALES[variable].levels:
            result = rewrite_vital(user, variable, level, seed=11)
            if isinstance(result, NotApplicable):
                # only a blood pressure whose reading leaves no room in that class, or one beyond DeVisE's range
                assert variable in ("systolic_bp", "diastolic_bp"), result
                assert ("same reading" in result.reason) != (not mention.in_range and OUT_OF_RANGE in result.reason)
                continue
            text, new = note.text, result.note.text
            # only the number's span changed
            assert new == text[:mention.start] + result.written + text[mention.end:]
            check_only_spans_changed(text, new, [(mention.start, mention.end)], note.id)
            # it lands in the class, and the extractor reads it back the same way
            again = extract_vitals(new).chosen_mention(variable)
            assert again is not None and (again.start, again.unit, again.notation) == (
                mention.start, mention.unit, mention.notation)
            assert _level(again, again.value) == level == int(result.value_class)
            assert result.severity_shift == abs(level) - abs(_level(mention, mention.value))
            # the note's own format: decimals, decimal mark, percent or fraction
            assert again.decimals == mention.decimals and ("," in again.text) == ("," in mention.text)
            assert result.written != mention.text
            if mention.partner is not None:  # the reading stays a reading: systolic above diastolic
                partner = next(m for m in user.vitals.mentions if (m.start, m.end) == mention.partner)
                low, high = sorted((again.value, partner.value))
                assert (variable == "systolic_bp") == (again.value == high) and low < high


def test_every_class_is_reachable_for_every_vital_but_blood_pressure():
    for user in USER.values():
        for variable, _, _ in user.vitals.chosen:
            made = vital_counterfactuals(user, variable, per_class=1, seed=3)
            levels = {int(cf.value_class) for cf in made.counterfactuals}
            if variable not in ("systolic_bp", "diastolic_bp"):
                assert levels == set(SEVERITY_SCALES[variable].levels) and not made.not_applicable


def test_blood_pressure_that_would_cross_its_partner_is_not_used():
    user = build_user_note("bp", "Exam: BP 168/94, HR 80")
    low = rewrite_vital(user, "systolic_bp", -2)  # 1-70 mmHg: all at or below the diastolic 94
    assert isinstance(low, NotApplicable) and "diastolic 94 mmHg of the same reading" in low.reason
    high = rewrite_vital(user, "diastolic_bp", 2, value=100.0)  # 100 < 168: fine
    assert isinstance(high, Counterfactual) and high.note.text == "Exam: BP 168/100, HR 80"
    assert isinstance(rewrite_vital(user, "diastolic_bp", 2, value=170.0), NotApplicable)


def test_a_pressure_in_centimetres_of_mercury_is_read_and_rewritten_in_them():
    """French and West African notes write "TA 15/9 cmHg" for 150/90 mmHg: read in mmHg it would be a systolic of 15
    (no blood pressure at all, or the lowest class); the class comes from the mmHg value, the rewrite stays in cmHg."""
    text = ("Examen clinique : patiente de 52 ans avec une toux depuis 3 jours. TA 15/9 cmHg au bras droit, "
            "14/9 cmHg au bras gauche ; pouls 88 bpm ; température 37,2 °C.")
    user = build_user_note("cmhg", text)
    systolic, diastolic = user.vitals.chosen_mention("systolic_bp"), user.vitals.chosen_mention("diastolic_bp")
    assert (systolic.text, systolic.unit, systolic.devise_value, diastolic.devise_value) == ("15", "cmHg", 150.0, 90.0)
    assert sorted(m.text for m in user.vitals.mentions if m.variable == "systolic_bp") == ["14", "15"]
    reached = set()
    for level in SEVERITY_SCALES["systolic_bp"].levels:
        result = rewrite_vital(user, "systolic_bp", level, seed=5)
        if isinstance(result, NotApplicable):  # a class whose every value would sit at or below the diastolic
            assert "9 cmHg of the same reading" in result.reason
            continue
        reached.add(level)
        assert result.note.text == text[:systolic.start] + result.written + text[systolic.end:]
        assert SEVERITY_SCALES["systolic_bp"].level(float(result.written) * 10) == level == int(result.value_class)
        assert result.value == float(result.written) * 10  # DeVisE's value in mmHg
    assert reached and max(reached) == max(SEVERITY_SCALES["systolic_bp"].levels)


def test_a_reading_beyond_devises_range_is_not_applicable_but_its_partner_is_rewritten():
    user = build_user_note("htn", "Vitals: BP 242/138, HR 84")
    assert user.vitals.chosen_mention("systolic_bp").text == "242"  # chosen by the rule, as annotated
    for level in SEVERITY_SCALES["systolic_bp"].levels:
        result = rewrite_vital(user, "systolic_bp", level, seed=1)
        assert isinstance(result, NotApplicable) and result.reason.startswith(OUT_OF_RANGE)
        assert "242 mmHg" in result.reason and result.value_class == str(level)
    made = vital_counterfactuals(user, "systolic_bp", per_class=2, seed=0)
    assert made.counterfactuals == () and [na.reason.split(":")[0] for na in made.not_applicable] == [
        "not applicable"]
    diastolic = rewrite_vital(user, "diastolic_bp", 0, value=70.0)
    assert isinstance(diastolic, Counterfactual) and diastolic.note.text == "Vitals: BP 242/70, HR 84"
    assert dict(diastolic.note.vitals)["systolic_bp"] is None  # DeVisE's scale cannot class 242 mmHg


def test_foreign_sex_words_are_swapped_in_their_language():
    text = "Mme ___, 78 ans, avec sa fille. Elle parle bien; depuis 3 jours dyspnée. Signes vitaux: TA 120/80"
    cf = sex_counterfactual(build_user_note("fr", text))
    assert cf.note.text == text.replace("Mme", "M.").replace("Elle", "Il")
    cf = sex_counterfactual(build_user_note("de", "Herr ___ (68 J.), Aufnahmebefund und Verlauf unauffällig."))
    assert cf.note.text == "Frau ___ (68 J.), Aufnahmebefund und Verlauf unauffällig."


@pytest.mark.parametrize("text, rewritten", [
    # a sex field's letter or word becomes the other sex's in that field's own language
    ("Yaş: 24     Cinsiyet: E\nTA 120/80 mmHg", "Yaş: 24     Cinsiyet: K\nTA 120/80 mmHg"),
    ("Věk: 58 let     Pohlaví: muž\nObjektivně: TK 102/58", "Věk: 58 let     Pohlaví: žena\nObjektivně: TK 102/58"),
    ("Ηλικία: 80   Φύλο: Θ\nΑΠ 120/80", "Ηλικία: 80   Φύλο: Α\nΑΠ 120/80"),
    ("Wiek: 55 lat   Płeć: M\nRR 120/80", "Wiek: 55 lat   Płeć: K\nRR 120/80"),
    ("Anul nașterii: 1977 (47 ani)     Sex: masculin", "Anul nașterii: 1977 (47 ani)     Sex: feminin"),
    ("Âge : 34 ans      Sexe : masculin\nTA 120/80", "Âge : 34 ans      Sexe : féminin\nTA 120/80"),
    ("性別：女　　年齡：63歲", "性別：男　　年齡：63歲"),
])
def test_a_sex_field_is_rewritten_in_its_own_letters(text, rewritten):
    assert sex_counterfactual(build_user_note("f", text)).note.text == rewritten


@pytest.mark.parametrize("corpus", ["dev6b", "dev7b", "dev8b", "dev9b", "dev10b", "dev11b", "dev12b", "dev13b",
                                    "dev14b", "dev15b", "dev16b", "dev17b", "dev18b", "dev19b", "dev20b", "dev21b",
                                    "dev22b", "dev23b", "dev24b", "dev25b", "dev26b",
                                    "dev27b", "dev28b", "dev29b", "dev30b", "dev31b", "dev32b", "dev33b",
                                    "dev34b", "dev35b", "dev36b", "dev37b", "dev38b", "dev39b", "dev40b",
                                    "dev41b", "dev42b", "dev43b", "dev44b", "dev45b", "dev46b"])
def test_every_other_language_note_gets_a_sex_counterfactual_or_a_reason(corpus):
    """Every note written in another language than English (the corpora's "b" parts) is rewritten to the other sex or
    told not applicable; none raises (a Chinese "性別：女", a Greek "Φύλο: Θ", a Turkish "Cinsiyet: E" did)."""
    for note in load_notes(corpus):
        made = sex_counterfactual(build_user_note(note.id, note.text))
        assert isinstance(made, (Counterfactual, NotApplicable)), note.id


def test_a_norwegian_man_becomes_a_woman_in_norwegian():
    text = "Sosialt: 61 år gammel mann, bor alene. Han røyker ikke. Pasienten ble innlagt fra legevakt."
    assert sex_counterfactual(build_user_note("n", text)).note.text == (
        "Sosialt: 61 år gammel kvinne, bor alene. Hun røyker ikke. Pasienten ble innlagt fra legevakt.")


def test_sex_fields_and_nouns_of_more_languages_are_rewritten_in_their_own_words():
    """Catalan "Sexe: Dona", Hebrew "מין: זכר" with "בן 70", Swahili "Jinsia: Ke" with "Mwanamke" (round 24)."""
    assert sex_counterfactual(build_user_note("ca", "Edat: 45 anys   Sexe: Dona\nTA 120/80")).note.text == \
        "Edat: 45 anys   Sexe: Home\nTA 120/80"
    assert sex_counterfactual(build_user_note("he", "גיל: 70   מין: זכר\nבן 70, דופק 80.")).note.text == \
        "גיל: 70   מין: נקבה\nבת 70, דופק 80."
    assert sex_counterfactual(build_user_note("sw", "Umri: miaka 32   Jinsia: Ke\nMwanamke wa miaka 32.")).note.text == \
        "Umri: miaka 32   Jinsia: Me\nMwanaume wa miaka 32."


def test_the_masculine_patient_noun_becomes_the_feminine_of_its_language():
    """German "Patient" becomes "Patientin", French "Patient" becomes "Patiente" (read since round 20)."""
    german = "Der 71-jährige Patient berichtet über Dyspnoe. Befund bei Aufnahme: RR 140/80 mmHg, Puls 88/min."
    cf = sex_counterfactual(build_user_note("de", german))
    assert "Patientin berichtet" in cf.note.text
    french = ("HDM :\nPatient de 58 ans, connu pour une HTA, qui consulte pour une douleur thoracique. Il est conscient "
              "et orienté, sans fièvre.\nExamen clinique : TA 150/90, FC 96.")
    cf = sex_counterfactual(build_user_note("fr", french))
    assert "Patiente de 58 ans" in cf.note.text and "Elle est conscient" in cf.note.text


@pytest.mark.parametrize("text, variable, level, value, expected", [
    ("T 38.2C HR 110", "temperature", 0, 37.0, "T 37.0C HR 110"),
    ("Temp 101 F", "temperature", 2, 105.0, "Temp 105 F"),
    ("Temp 37,8 °C", "temperature", -1, 34.5, "Temp 34,5 °C"),
    ("SpO2 98% RA", "oxygen_saturation", -1, 93.0, "SpO2 93% RA"),
    ("SpO2 0.98 on RA, HR 80", "oxygen_saturation", -2, 88.0, "SpO2 0.88 on RA, HR 80"),
    ("VS: 98.1 84 122/68 16 98%RA", "respiratory_rate", 2, 30.0, "VS: 98.1 84 122/68 30 98%RA"),
    ("Signes vitaux: FC 118, FR 24, T° 36,8 (buccale)", "temperature", 1, 38.3, "Signes vitaux: FC 118, FR 24, T° 38,3 "
                                                                                "(buccale)"),
    ("RR 160/90 mmHg, HF 88/min, AF 18/min, und keine Ödeme, Befund", "systolic_bp", 0, 110.0,
     "RR 110/90 mmHg, HF 88/min, AF 18/min, und keine Ödeme, Befund"),
])
def test_the_notes_notation_is_kept(text, variable, level, value, expected):
    result = rewrite_vital(build_user_note("n", text), variable, level, value=value)
    assert isinstance(result, Counterfactual) and result.note.text == expected


def test_a_number_in_another_script_is_rewritten_in_its_digits():
    """A Bengali note's pulse, temperature and age stay in Bengali digits (round 36); a Chinese "他" and a Vietnamese
    "bệnh nhi nam" become "她" and "nữ"."""
    text = "রোগীর নাম: [নাম]   বয়স: ৩১ বছর\nপরীক্ষা: রক্তচাপ ১২০/৮০ মিমি পারদ, নাড়ি ৯২/মিনিট, তাপমাত্রা ৯৯.২° ফা."
    user = build_user_note("bn", text)
    for variable in ("heart_rate", "temperature", "systolic_bp"):
        made = rewrite_vital(user, variable, 1, seed=3)
        assert isinstance(made, Counterfactual), made
        digits = [ch for ch in made.written if ch.isdigit()]
        assert digits and all("\u09e6" <= ch <= "\u09ef" for ch in digits), made.written
        again = extract_vitals(made.note.text).chosen_mention(variable)
        assert again is not None and again.value == made.value
    assert age_counterfactual(user, 67).note.text.startswith("রোগীর নাম: [নাম]   বয়স: ৬৭ বছর")
    assert sex_counterfactual(build_user_note("zh", "入院后完善检查。他自诉胸闷，予头孢他啶抗感染。")).note.text == \
        "入院后完善检查。她自诉胸闷，予头孢他啶抗感染。"
    assert sex_counterfactual(build_user_note("vi", "TÓM TẮT: Bệnh nhi nam, 4 tuổi, sốt cao.")).note.text == \
        "TÓM TẮT: Bệnh nhi nữ, 4 tuổi, sốt cao."


def test_a_celsius_value_is_drawn_in_the_fahrenheit_class():
    user = build_user_note("c", "Exam: T 36.9 °C, HR 80")
    for level in SEVERITY_SCALES["temperature"].levels:
        made = vital_counterfactuals(user, "temperature", per_class=5, seed=1).counterfactuals
        for cf in (c for c in made if c.value_class == str(level)):
            written = float(cf.written)
            assert SEVERITY_SCALES["temperature"].level(devise_temperature(written)) == level
            assert re.fullmatch(r"\d{2}\.\d", cf.written)
            assert cf.value == pytest.approx(devise_temperature(written), 0.01)


def _changed(cf: Counterfactual, variable: str) -> set[tuple[int, int]]:
    """The spans of ``variable`` in the original whose text the counterfactual changed."""
    before = [(a, b) for name, a, b in cf.original.spans if name == variable]
    after = [(a, b) for name, a, b in cf.note.spans if name == variable]
    return {old for old, new in zip(before, after)
            if cf.original.text[old[0]:old[1]] != cf.note.text[new[0]:new[1]]}


def _article_spans(cf: Counterfactual) -> set[tuple[int, int]]:
    """Characters outside the variable's spans that changed: only an "a"/"an" may."""
    inside = [(a, b) for name, a, b in cf.original.spans if name == cf.variable]
    spans = set()
    text = cf.original.text
    for match in re.finditer(r"(?<![A-Za-z])(?:an|a|An|A)(?=[ \t]+\S)", text):
        spans.add((match.start(), match.end()))
    check_only_spans_changed(text, cf.note.text, inside + sorted(spans), cf.original.id)
    return spans


@pytest.mark.parametrize("note", DEV, ids=lambda n: n.id)
def test_demographic_counterfactuals_change_exactly_the_annotated_words(note):
    user = USER[note.id]
    annotated = {kind: {(s.start, s.end) for s in note.spans if s.kind == kind} for kind in ("AGE", "SEX", "ETH")}
    for variable, kind in (("age", "AGE"), ("gender", "SEX"), ("ethnicity", "ETH")):
        made = demographic_counterfactuals(user, variable, per_class=1, seed=5)
        if not annotated[kind]:
            assert not made.counterfactuals and made.not_applicable, f"{variable} made up for {note.id}"
            continue
        assert made.counterfactuals and not made.not_applicable
        errors = {e.split("@")[0] for known in (KNOWN_PRONOUN_ERRORS, KNOWN_DEV3_PRONOUN_ERRORS)
                  for found in known.values() for e in found}
        for cf in made.counterfactuals:
            _article_spans(cf)  # nothing but the variable's words (and an article before them) changed
            if variable == "gender" and note.id in errors:
                continue  # the pronoun rules' known misses on the dev corpora (test_note_demographics)
            assert _changed(cf, variable) == annotated[kind], f"{variable} of {note.id}"


def test_age_counterfactual_keeps_every_form_consistent_and_fixes_the_article():
    user = build_user_note("a", "Mr. ___ is an 81 year old man. A/P: 81M with pneumonia. Wife, 79, at bedside.")
    cf = age_counterfactual(user, 57)
    assert cf.note.text == "Mr. ___ is a 57 year old man. A/P: 57M with pneumonia. Wife, 79, at bedside."
    assert (cf.value_class, cf.note.age, cf.original_value) == ("older adults", 57, 81)
    assert isinstance(age_counterfactual(user, 81), NotApplicable)
    per_bin = demographic_counterfactuals(user, "age", per_class=2, seed=0).counterfactuals
    assert {cf.value_class for cf in per_bin} == set(AGE_BINS) and len(per_bin) == 8


def test_sex_counterfactual_follows_grammar_and_capitals():
    text = ("HPI: Mrs. ___ is a 70 yo F. Her son found her on the floor; he called 911. She gave her IV to "
            "herself? SHE IS A WOMAN. Sex: F. The lady denies pain.")
    cf = sex_counterfactual(build_user_note("s", text))
    assert cf.note.text == ("HPI: Mr. ___ is a 70 yo M. His son found him on the floor; he called 911. He gave his "
                            "IV to himself? HE IS A MAN. Sex: M. The gentleman denies pain.")
    assert (cf.value, cf.note.gender, cf.original_value) == ("male", "male", "female")


@pytest.mark.parametrize("text, rewritten", [
    ("62 yom, Sex - M. He lives alone.", "62 yof, Sex - F. She lives alone."),
    ("Paciente do sexo feminino, 67 anos, com dispneia. Ela nega dor.",
     "Paciente do sexo masculino, 67 anos, com dispneia. Ele nega dor."),
    ("Mr ___, 64. Urology consulted. He recommends a CT for him.", "Ms ___, 64. Urology consulted. He recommends a CT "
                                                                  "for her."),
])
def test_sex_counterfactual_of_the_forms_the_retired_held_out_corpus_brought(text, rewritten):
    assert sex_counterfactual(build_user_note("s", text)).note.text == rewritten


def test_ethnicity_counterfactual_writes_each_class_in_the_notes_case():
    text = "Race: WHITE\nHPI: an Asian woman, 54 yo Asian woman."
    user = build_user_note("e", text)
    made = {cf.value: cf.note.text for cf in demographic_counterfactuals(user, "ethnicity", 1, 0).counterfactuals}
    assert set(made) == set(ETHNICITIES) - {"Asian & Pacific"}  # the class most mentions say
    assert made["Black"] == "Race: BLACK\nHPI: a Black woman, 54 yo Black woman."
    assert made["Other/Unknown"] == "Race: UNKNOWN\nHPI: a multiracial woman, 54 yo multiracial woman."
    assert made["White"] == "Race: WHITE\nHPI: a White woman, 54 yo White woman."  # a mention already White stays
    with pytest.raises(ValueError):
        ethnicity_counterfactual(user, "Martian")


def test_a_note_without_the_variable_is_not_applicable():
    user = build_user_note("none", "Family meeting; comfort care.")
    results = note_counterfactuals(user, per_class=2, seed=0)
    assert results.counterfactuals == ()
    assert {na.variable for na in results.not_applicable} == set(VITAL_SIGNS) | {"age", "gender", "ethnicity"}
    assert all(not na for na in results.not_applicable)  # falsy, like None
    assert "does not mention heart rate" in rewrite_vital(user, "heart_rate", 1).reason


def test_an_edit_outside_the_spans_raises_and_never_quotes_the_note():
    with pytest.raises(CounterfactualError, match="at characters 0-1") as error:
        check_only_spans_changed("secret HR 80", "Secret HR 90", [(10, 12)], "note 'x'", show_context=False)
    assert "ecret" not in str(error.value)


_WORDS = st.lists(st.sampled_from(["patient", "seen", "today", "and", "tolerating", "diet", "family", "updated",
                                   "plan", "continue", "on", "2", "L", "since", "Monday", "the", "with"]),
                  max_size=20).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(_WORDS, st.sampled_from(["HR 88", "BP 132/78", "RR 18", "SpO2 95%", "T 37.4", "Temp 99.1 F", "pulse 0.9"]),
       _WORDS, st.integers(-2, 2), st.integers(0, 10_000))
def test_rewrites_never_change_text_outside_the_span(before, vital, after, level, seed):
    text = f"Exam: {before}. {vital}. {after}"
    user = build_user_note("h", text)
    for variable, mention, _ in user.vitals.chosen:
        result = rewrite_vital(user, variable, level, seed=seed)
        if level not in SEVERITY_SCALES[variable].levels or isinstance(result, NotApplicable):
            continue
        assert result.note.text[:mention.start] == text[:mention.start]
        assert result.note.text[mention.start + len(result.written):] == text[mention.end:]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.sampled_from(["HR", "BP", "RR", "T", "P", "R", "SpO2", "sat", "Temp", "VS:", "Exam:", "|", "\n", "/", "%", "->",
                     ",", ".", "°C", "F", "M", "yo", "year old", "he", "she", "her", "his", "Mr.", "woman", "man",
                     "Asian", "an", "a", "wife", "son", "says", "Race:", "Discharge exam:", "Time | Temp | HR | BP\n"]),
    st.integers(0, 300).map(str), st.floats(20, 110, allow_nan=False).map(lambda x: f"{x:.1f}")), max_size=50))
def test_any_note_gives_counterfactuals_or_reasons_without_error(tokens):
    text = " ".join(tokens).strip() or "x"  # a blank note is refused by the schema, as the loader refuses it
    user = build_user_note("fuzz", text)
    results = note_counterfactuals(user, per_class=1, seed=0)
    for cf in results.counterfactuals:
        assert cf.note.text != text or cf.variable == "ethnicity"  # a mention already of the target class stays
    assert all(isinstance(na.reason, str) and na.reason for na in results.not_applicable)
