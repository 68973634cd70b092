"""Single-variable counterfactuals of a user's free-text note (DeVisE, section 2.4), as :mod:`.clinical` makes them
for the synthetic cohort.

* **Vital signs** — the chosen mention (:mod:`pytest_medllm.data.note_vitals`) is rewritten to a value of a target
  severity class of DeVisE Table 2 (in °F; a °C note gets a °C value whose °F equivalent lies in the class) written
  the way the note writes it: as many decimals ("38.2" stays one decimal, "101" a whole number), the same decimal
  comma, "98%" stays a percentage and "0.98" a fraction. Only the number's span changes. A blood-pressure value
  that would put the diastolic at or above the systolic of the same reading is not used; a class left without
  any usable value is :class:`NotApplicable`, with the reason. A chosen reading beyond DeVisE's range (a blood
  pressure above 220/140 mmHg, taken by the extractor as a real measurement) has no severity class to shift from:
  every rewrite of it is :class:`NotApplicable` ("not applicable: outside DeVisE's range (Table 2)"); its partner,
  when in range, is rewritten as usual (and stays below the systolic).
* **Age** — every mention of the patient's age gets the new number; an "a"/"an" right before it follows the new
  number ("an 81-year-old" becomes "a 57-year-old"), the only edit outside the spans, and an allowed one.
* **Sex** — every word that marks the patient's sex changes: he↔she, his↔her, him→her, her→his or him (possessive
  or object, as the extractor read it), himself↔herself, man↔woman, male↔female, gentleman↔lady, boy↔girl,
  Mr.→Ms., Mrs./Ms./Miss→Mr., M↔F, keeping capitals, and the words of other languages the extractor reads
  (Herr↔Frau, Mme→M., Mw.→Dhr., Sig.ra→Sig., femme↔homme, varón→mujer, kvinna→man, elle↔il, hij→zij …:
  :data:`~pytest_medllm.data.notes.lexicon.FOREIGN_SWAPS`; adjectives that agree with them are not changed).
  Pronouns about other people are left alone.
* **Ethnicity** — every mention becomes the target class's term (prose: Asian, Black, Hispanic, multiracial,
  White; a "Race:"/"Ethnicity:" field: Asian, Black, Hispanic/Latino, Unknown, White), in the original's case,
  with "a"/"an" before it adjusted.

* **Units and notation** (:func:`unit_rewrites`, the INV rewrites of :mod:`.units` on a user's note) — a °F
  temperature written in °C (:func:`~.units.celsius_text`) and a °C temperature written in °F
  (:func:`~.units.fahrenheit_text`, with the note's decimal comma), each kept in its severity class; a saturation
  written "97%" or "97 %" as the fraction "0.97"; and a heart rate without a unit given "bpm" (the note's own label
  stays: unlike the cohort's "pulse-bpm", the label is not rewritten).

A note without a mention of the variable is not applicable for it (:class:`NotApplicable`), never given one.
Every counterfactual is checked, like the study's GNU diff step, to differ from the original only inside the
edited spans (:func:`~.clinical.check_only_spans_changed`); a difference anywhere else raises
:class:`~.clinical.CounterfactualError`, never a silent skip. Error messages give offsets, not the note's text.
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from dataclasses import dataclass, replace

from ..data.note_demographics import FEMALE, MALE, SexMention
from ..data.note_vitals import VitalMention
from ..data.notes.values import in_devise_units
from ..data.notes.casefold import entry
from ..data.notes.lexicon import FOREIGN_SWAPS
from ..data.schemas import ETHNICITIES, VITAL_SIGNS
from ..data.severity import AGE_BINS, SEVERITY_SCALES, age_bin, severity_shift
from ..data.user_notes import UserNote
from .clinical import Counterfactual, CounterfactualError, check_only_spans_changed, replace_spans
from .units import Rewrite, celsius_text, fahrenheit_text

#: The word written for each ethnicity class in prose, and as the value of a "Race:" / "Ethnicity:" field.
PROSE_TERMS = {"Asian & Pacific": "Asian", "Black": "Black", "Hispanic/Latino": "Hispanic",
               "Other/Unknown": "multiracial", "White": "White"}
FIELD_TERMS = {"Asian & Pacific": "Asian", "Black": "Black", "Hispanic/Latino": "Hispanic/Latino",
               "Other/Unknown": "Unknown", "White": "White"}
SEX_SWAPS = {"he": "she", "she": "he", "him": "her", "his": "her", "hers": "his", "himself": "herself",
             "herself": "himself", "man": "woman", "woman": "man", "male": "female", "female": "male",
             "gentleman": "lady", "gent": "lady", "lady": "gentleman", "boy": "girl", "girl": "boy", "mr": "ms",
             "mister": "ms", "mrs": "mr", "ms": "mr", "miss": "mr", "m": "f", "f": "m",
             "k": "m", "w": "m", "v": "m",  # "Płeć: K" (kobieta), "Geschlecht: w", "Geslacht: V"
             "widower": "widow", "widow": "widower", "housewife": "househusband", "mother": "father",
             "father": "mother", "s/o": "d/o", "d/o": "s/o", "bin": "binti", "binti": "bin", "a/l": "a/p",
             "a/p": "a/l"}


@dataclass(frozen=True)
class NotApplicable:
    """A counterfactual that cannot be made, and why (falsy, so ``if result:`` reads like a check for None)."""

    variable: str
    reason: str
    value_class: str = ""

    def __bool__(self) -> bool:
        return False


@dataclass(frozen=True)
class NoteRewrites:
    """All counterfactuals of one note, and the ones that could not be made."""

    counterfactuals: tuple[Counterfactual, ...]
    not_applicable: tuple[NotApplicable, ...]


# -- vital signs -----------------------------------------------------------------------------------------------

def written_like(mention: VitalMention, value: float) -> str:
    """``value`` (in the mention's unit; saturation in percent) written as the mention writes its number, in its
    digits (Bengali "১১০" stays Bengali)."""
    decimals = mention.decimals
    if mention.notation == "fraction":
        text = f"{value / 100:.{decimals}f}"
        return _in_digits_of(mention.text, text[1:] if mention.text.startswith(".") else text)
    text = f"{value:.{decimals}f}"
    return _in_digits_of(mention.text, text.replace(".", ",") if "," in mention.text else text)


def _in_digits_of(original: str, text: str) -> str:
    """``text`` with its ASCII digits written in the script of ``original``'s digits."""
    digit = next((ch for ch in original if ch.isdigit() and not ch.isascii()), None)
    if digit is None:
        return text
    zero = ord(digit) - unicodedata.digit(digit)
    return text.translate({ord("0") + i: chr(zero + i) for i in range(10)})


def _grid_step(mention: VitalMention) -> float:
    """The smallest change the mention's notation can write, in its unit (a fraction's 0.01 is 1 %)."""
    decimals = mention.decimals - 2 if mention.notation == "fraction" else mention.decimals
    return 10.0 ** -max(decimals, 0)


def candidate_values(mention: VitalMention, level: int, partner: VitalMention | None = None) -> list[float]:
    """Values (in the mention's unit) of severity ``level`` that the note's notation can write, other than the
    original; for a blood pressure, only those that keep the systolic above the diastolic ``partner``."""
    scale = SEVERITY_SCALES[mention.variable]
    low, high = scale.range_of(level)
    celsius = mention.unit == "°C"
    if celsius:
        low, high = (low - 32) * 5 / 9 - 0.1, (high - 32) * 5 / 9 + 0.1
    elif mention.unit == "cmHg":  # "TA 22/12 cmHg": the class's mmHg bounds in the note's centimetres
        low, high = low / 10, high / 10
    step = _grid_step(mention)
    original = written_like(mention, mention.value)
    out = []
    for k in range(math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9) + 1):
        value = round(k * step, 6)
        if value <= 0 or written_like(mention, value) == original:
            continue
        if mention.notation == "fraction" and value > 100:
            continue
        read_back = float(written_like(mention, value).replace(",", "."))
        read_back = read_back * 100 if mention.notation == "fraction" else read_back
        try:
            if scale.level(in_devise_units(read_back, mention.unit)) != level:
                continue
        except ValueError:  # outside DeVisE's range
            continue
        if partner is not None and mention.variable == "systolic_bp" and value <= partner.value:
            continue
        if partner is not None and mention.variable == "diastolic_bp" and value >= partner.value:
            continue
        out.append(value)
    return out


def _partner(note: UserNote, mention: VitalMention) -> VitalMention | None:
    if mention.partner is None:
        return None
    return next((m for m in note.vitals.mentions if (m.start, m.end) == mention.partner), None)


#: The reason given for a chosen reading beyond DeVisE's range.
OUT_OF_RANGE = "not applicable: outside DeVisE's range (Table 2)"


def _out_of_range(mention: VitalMention, level: int | None = None) -> NotApplicable:
    low, high = SEVERITY_SCALES[mention.variable].bounds
    return NotApplicable(mention.variable, f"{OUT_OF_RANGE}: the note's {mention.variable.replace('_', ' ')} "
                                           f"{mention.text} {mention.unit} is not within {low:g}-{high:g}",
                         "" if level is None else str(level))


def _devise(mention: VitalMention, value: float) -> float:
    return in_devise_units(value, mention.unit)


def rewrite_vital(note: UserNote, variable: str, level: int, value: float | None = None, seed: int = 0
                  ) -> Counterfactual | NotApplicable:
    """The note with its chosen ``variable`` mention rewritten to a value of severity ``level`` (``value`` in the
    mention's unit if given, else one drawn uniformly with ``seed``)."""
    mention = note.vitals.chosen_mention(variable)
    if mention is None:
        return NotApplicable(variable, f"the note does not mention {variable.replace('_', ' ')}", str(level))
    scale = SEVERITY_SCALES[variable]
    if level not in scale.levels:
        return NotApplicable(variable, f"{variable} has no severity level {level}", str(level))
    if not mention.in_range:
        return _out_of_range(mention, level)
    candidates = candidate_values(mention, level, _partner(note, mention))
    if value is None:
        if not candidates:
            return NotApplicable(variable, _why_none(note, mention, level), str(level))
        value = random.Random(f"note-cf|{seed}|{note.id}|{variable}|{level}").choice(candidates)
    elif value not in candidates:
        return NotApplicable(variable, f"{value} is not a usable value of level {level}: "
                                       f"{_why_none(note, mention, level)}", str(level))
    return _vital_counterfactual(note, mention, level, value)


def _why_none(note: UserNote, mention: VitalMention, level: int) -> str:
    partner = _partner(note, mention)
    if partner is not None and candidate_values(mention, level):
        side = "at or below the diastolic" if mention.variable == "systolic_bp" else "at or above the systolic"
        return (f"every {mention.variable} of severity {level} would be {side} {partner.value:g} {partner.unit} of "
                f"the same reading")
    return f"no value of severity {level} other than the original can be written as {mention.text!r} is"


def _vital_counterfactual(note: UserNote, mention: VitalMention, level: int, value: float) -> Counterfactual:
    written = written_like(mention, value)
    devise = _devise(mention, value)
    vitals = tuple((k, devise if k == mention.variable else v) for k, v in note.note.vitals)
    new = replace_spans(note.note, {(mention.start, mention.end): written}, f"{mention.variable}={written}",
                        vitals=vitals)
    check_only_spans_changed(note.note.text, new.text, [(mention.start, mention.end)],
                             f"note {note.id!r} for {mention.variable!r}", show_context=False)
    return Counterfactual(variable=mention.variable, original_value=mention.devise_value, value=devise,
                          value_class=str(level),
                          severity_shift=severity_shift(mention.variable, mention.devise_value, devise),
                          note=new, original=note.note, written=written)


def vital_counterfactuals(note: UserNote, variable: str, per_class: int, seed: int) -> NoteRewrites:
    """``per_class`` values drawn uniformly from every severity level of ``variable`` (DeVisE's sampling)."""
    made, skipped = [], []
    mention = note.vitals.chosen_mention(variable)
    if mention is None:
        return NoteRewrites((), (NotApplicable(variable, f"the note does not mention {variable.replace('_', ' ')}"),))
    if not mention.in_range:
        return NoteRewrites((), (_out_of_range(mention),))
    rng = random.Random(f"note-cf|{seed}|{note.id}|{variable}")
    for level in SEVERITY_SCALES[variable].levels:
        candidates = candidate_values(mention, level, _partner(note, mention))
        if not candidates:
            skipped.append(NotApplicable(variable, _why_none(note, mention, level), str(level)))
            continue
        for value in rng.sample(candidates, min(per_class, len(candidates))):
            made.append(_vital_counterfactual(note, mention, level, value))
    return NoteRewrites(tuple(made), tuple(skipped))


# -- demographics ----------------------------------------------------------------------------------------------

def _like(original: str, word: str) -> str:
    """``word`` in the capitalisation of ``original`` (HE -> SHE, He -> She, he -> she)."""
    if original.isupper() and (len(original) > 1 or len(word) == 1):
        return word.upper()
    if original[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _article_for(word: str) -> str:
    """"a" or "an" before ``word`` (a number is read aloud: "an 81-year-old", "an 18", "an 11", "a 57")."""
    if word[:1].isdigit():
        spoken = word.startswith("8") or (len(word) == 2 and word in ("11", "18"))
        return "an" if spoken else "a"
    return "an" if word[:1].lower() in "aeiou" else "a"


def _article_edit(text: str, start: int, new_word: str) -> tuple[tuple[int, int], str] | None:
    """The edit that makes an "a"/"an" right before ``start`` agree with ``new_word`` (None when none is due)."""
    m = re.search(r"(?<![A-Za-z])(a|an|A|An|AN)[ \t]+$", text[max(0, start - 6):start])
    if not m:
        return None
    begin = max(0, start - 6) + m.start(1)
    old, new = m[1], _article_for(new_word)
    new = new.upper() if old == "AN" else new.capitalize() if old[0].isupper() else new  # a lone "A": capitalised
    return ((begin, begin + len(old)), new) if new.lower() != old.lower() else None


def _diff_spans(text: str, edits: dict[tuple[int, int], str]) -> list[tuple[int, int]]:
    """The edited spans for the diff check, two of them joined when only spaces or punctuation stand between: in
    "his he" -> "her she" a diff cannot tell which word the shared "s" belongs to, and may report the space."""
    spans: list[tuple[int, int]] = []
    for start, end in sorted(edits):
        if spans and re.fullmatch(r"[\s.,;:!?()\[\]/-]*", text[spans[-1][1]:start]):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def _demographic(note: UserNote, variable: str, edits: dict[tuple[int, int], str], value: object,
                 value_class: str, original_value: object, written: str) -> Counterfactual:
    field = {"age": "age", "gender": "gender", "ethnicity": "ethnicity"}[variable]
    new = replace_spans(note.note, edits, f"{variable}={value}", **{field: value})
    check_only_spans_changed(note.note.text, new.text, _diff_spans(note.note.text, edits),
                             f"note {note.id!r} for {variable!r}", show_context=False)
    return Counterfactual(variable=variable, original_value=original_value, value=value, value_class=value_class,
                          severity_shift=None, note=new, original=note.note, written=written)


def age_counterfactual(note: UserNote, age: int) -> Counterfactual | NotApplicable:
    """Every mention of the patient's age rewritten to ``age`` (and an "a"/"an" before it made to agree)."""
    mentions = note.demographics.age_mentions
    if not mentions:
        return NotApplicable("age", "the note does not give the patient's age as a number")
    if age == note.demographics.age:
        return NotApplicable("age", f"{age} is the note's own age")
    text = note.note.text
    edits: dict[tuple[int, int], str] = {(m.start, m.end): _in_digits_of(text[m.start:m.end], str(age))
                                         for m in mentions}
    for m in mentions:
        article = _article_edit(note.note.text, m.start, str(age))
        if article:
            edits[article[0]] = article[1]
    value_class = age_bin(age) if 18 <= age <= 91 else "outside DeVisE's age range"
    return _demographic(note, "age", edits, age, value_class, note.demographics.age, str(age))


def _swapped(word: SexMention) -> str:
    foreign = word.counterpart or FOREIGN_SWAPS.get(entry(FOREIGN_SWAPS, word.text) or "")
    if foreign is not None:  # "Herr" -> "Frau", "Mw." -> "Dhr.", "Elle" -> "Il", "MME" -> "M."
        if word.text.isupper() and len(word.text.rstrip(".")) > 1:
            return foreign.upper()
        return foreign[:1].upper() + foreign[1:] if word.text[:1].isupper() else foreign
    low = word.text.lower().rstrip(".")
    if low == "her":
        new = "his" if word.role == "possessive" else "him"
    else:
        new = SEX_SWAPS[low]
    return _like(word.text, new) + ("." if word.text.endswith(".") else "")


def sex_counterfactual(note: UserNote) -> Counterfactual | NotApplicable:
    """Every word that marks the patient's sex rewritten to the other sex (pronouns about others untouched)."""
    words = note.demographics.sex_mentions
    sex = note.demographics.sex
    if not words or sex is None:
        return NotApplicable("gender", "the note has no word that marks the patient's sex")
    target = FEMALE if sex == MALE else MALE
    edits = {(w.start, w.end): _swapped(w) for w in words if w.sex != target}
    if not edits:
        raise CounterfactualError(f"note {note.id!r}: no sex word of the patient to change")
    return _demographic(note, "gender", edits, target, target, sex, target)


def ethnicity_counterfactual(note: UserNote, ethnicity: str) -> Counterfactual | NotApplicable:
    """Every ethnicity mention rewritten to ``ethnicity``'s term (one of DeVisE's classes)."""
    if ethnicity not in ETHNICITIES:
        raise ValueError(f"ethnicity must be one of {ETHNICITIES}, got {ethnicity!r}")
    mentions = note.demographics.ethnicity_mentions
    original = note.demographics.ethnicity
    if not mentions:
        return NotApplicable("ethnicity", "the note does not mention the patient's race or ethnicity")
    if ethnicity == original:
        return NotApplicable("ethnicity", f"{ethnicity} is the note's own class")
    edits: dict[tuple[int, int], str] = {}
    for m in mentions:
        term = (FIELD_TERMS if m.form == "field" else PROSE_TERMS)[ethnicity]
        term = term.upper() if m.text.isupper() else term.lower() if m.text.islower() else term
        edits[(m.start, m.end)] = term
        article = _article_edit(note.note.text, m.start, term)
        if article:
            edits[article[0]] = article[1]
    return _demographic(note, "ethnicity", edits, ethnicity, ethnicity, original, PROSE_TERMS[ethnicity])


def demographic_counterfactuals(note: UserNote, variable: str, per_class: int, seed: int) -> NoteRewrites:
    """Age: ``per_class`` ages per age bin (Table 1); gender: the other one; ethnicity: every other class."""
    results: list[Counterfactual | NotApplicable] = []
    if variable == "age":
        rng = random.Random(f"note-cf|{seed}|{note.id}|age")
        for low, high in AGE_BINS.values():
            choices = [a for a in range(low, high + 1) if a != note.demographics.age]
            results += [age_counterfactual(note, a) for a in rng.sample(choices, min(per_class, len(choices)))]
    elif variable == "gender":
        results.append(sex_counterfactual(note))
    elif variable == "ethnicity":
        results += [ethnicity_counterfactual(note, e) for e in ETHNICITIES if e != note.demographics.ethnicity]
    else:
        raise ValueError(f"{variable!r} is not a demographic variable")
    made = tuple(r for r in results if isinstance(r, Counterfactual))
    skipped = tuple({(r.variable, r.reason): r for r in results if isinstance(r, NotApplicable)}.values())
    return NoteRewrites(made, skipped)


def note_counterfactuals(note: UserNote, per_class: int, seed: int) -> NoteRewrites:
    """Every counterfactual of the note: each vital sign, then age, gender and ethnicity."""
    parts = [vital_counterfactuals(note, v, per_class, seed) for v in VITAL_SIGNS]
    parts += [demographic_counterfactuals(note, v, per_class, seed) for v in ("age", "gender", "ethnicity")]
    return NoteRewrites(tuple(c for p in parts for c in p.counterfactuals),
                        tuple(n for p in parts for n in p.not_applicable))


# -- units and notation (INV) ----------------------------------------------------------------------------------

_FAHRENHEIT_UNIT = re.compile(r"[ \t]*(?:°|º|deg\.?[ \t]*|degrees[ \t]*)?F\b")
_CELSIUS_UNIT = re.compile(r"[ \t]*(?:°|º|˚|deg\.?[ \t]*|degrees[ \t]*)?(?:C\b|Celsius\b|centigrade\b)|[ \t]*℃")
#: Rewrite name -> (the unit a note must be in, the unit written instead, the source unit's pattern, converter of
#: the value in °F to the text written).
_TEMPERATURE_REWRITES = {"temperature-celsius": ("°F", "°C", _FAHRENHEIT_UNIT, celsius_text),
                         "temperature-fahrenheit": ("°C", "°F", _CELSIUS_UNIT, fahrenheit_text)}


def _unit_rewrite(note: UserNote, name: str, variable: str, start: int, end: int, written: str
                  ) -> Rewrite:
    original = note.note
    shift = len(written) - (end - start)
    number = len(re.match(r"[\d.,]*", written).group(0))  # the value's span in the new text: its number only
    spans = tuple((v, a, b) if b <= start else (v, a + shift, b + shift) if a >= end else (v, start, start + number)
                  for v, a, b in original.spans)
    new = replace(original, id=f"{note.id}|{name}", text=original.text[:start] + written + original.text[end:],
                  spans=spans)
    # "96 134/84" -> "96 bpm 134/84": a diff may place the insertion after the space ("96 " + "bpm "), so the
    # spaces right after the edit count as part of it
    after = end + len(note.note.text[end:]) - len(note.note.text[end:].lstrip(" \t"))
    check_only_spans_changed(note.note.text, new.text, [(start, after)], f"note {note.id!r} for {name!r}",
                             show_context=False)
    return Rewrite(name=name, variable=variable, note=new, original=note.note)


def unit_rewrite(note: UserNote, name: str) -> Rewrite | NotApplicable:
    """One rewrite of :data:`~.units.REWRITES` (same names) on the note's chosen mention, or why it cannot be made."""
    variable = {"temperature-celsius": "temperature", "temperature-fahrenheit": "temperature",
                "spo2-fraction": "oxygen_saturation", "pulse-bpm": "heart_rate"}[name]
    mention = note.vitals.chosen_mention(variable)
    if mention is None:
        return NotApplicable(variable, f"the note does not mention {variable.replace('_', ' ')}")
    if not mention.in_range:
        return _out_of_range(mention)
    text = note.note.text
    if name in _TEMPERATURE_REWRITES:
        source, target, written_unit, convert = _TEMPERATURE_REWRITES[name]
        if mention.unit != source:
            return NotApplicable(variable, f"the note's temperature is already in {target}")
        unit = written_unit.match(text, mention.end)
        if mention.unit_written and unit is None:
            return NotApplicable(variable, f"the note's {source} unit is not written right after the number")
        written = convert(mention.devise_value)
        if written is None:
            return NotApplicable(variable, f"no {target} value of one or two decimals keeps the severity class")
        if "," in mention.text:  # the note's decimal comma: "38,2 °C" becomes "100,8 °F"
            written = written.replace(".", ",")
        return _unit_rewrite(note, name, variable, mention.start, unit.end() if unit else mention.end, written)
    if name == "spo2-fraction":
        percent = re.match(r"[ \t]?%", text[mention.end:])  # "95%" and "95 %"
        if mention.notation != "percent" or percent is None:
            return NotApplicable(variable, "the note's saturation is not written as a percentage with '%'")
        end = mention.end + percent.end()
        gap = " " if text[end:end + 1].isalnum() else ""
        return _unit_rewrite(note, name, variable, mention.start, end, f"{mention.value / 100:.2f}{gap}")
    if mention.unit_written:
        return NotApplicable(variable, "the note already writes the heart rate's unit")
    return _unit_rewrite(note, name, variable, mention.start, mention.end, f"{mention.text} bpm")


def unit_rewrites(note: UserNote) -> list[Rewrite]:
    """Every unit or notation rewrite that can be made of the note (see the module docstring)."""
    from .units import REWRITES

    return [r for name in REWRITES if isinstance(r := unit_rewrite(note, name), Rewrite)]
