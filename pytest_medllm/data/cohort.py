"""A synthetic ICU cohort drawn from DeVisE's cohort statistics, rendered as template and raw-style notes.

Patients are drawn, seeded and deterministic, from DeVisE Table 4 (sex, race, age and vital-sign means/SDs, each
vital's missingness), truncated to the admissible ranges of Table 2. Every patient has a fixed *layout* (the
serialisation order of the template, the notation and filler text of the raw note), so that a counterfactual
re-rendered from the same layout differs from the original only where the changed variable is written.

Outcome labels are SYNTHETIC and come from a transparent rule, not from data: a NEWS2 early-warning score
(Royal College of Physicians, 2017) computed from the vitals in the note (missing vitals score 0; consciousness
and supplemental oxygen are not in the note and assumed alert / room air), plus 1 point for age 65-79 and 2 for
age >= 80. Mortality = 1 when that risk score is >= 8 (about 9% of the cohort; DeVisE reports 7%); the
length-of-stay bucket (DeVisE's [[1]]-[[4]]) is 1 for scores 0-2, 2 for 3-4, 3 for 5-6 and 4 for >= 7. They let a
suite check its plumbing; the behavioral tests measure direction and invariance, not agreement with these labels.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

from .schemas import ETHNICITIES, VITAL_SIGNS, ClinicalNote
from .severity import SEVERITY_SCALES

#: DeVisE Table 4.
COHORT_STATS = {
    "sex": {"male": 0.552, "female": 0.448},
    "race": {"White": 0.691, "Other/Unknown": 0.132, "Black": 0.102, "Asian & Pacific": 0.040,
             "Hispanic/Latino": 0.035},
    "age": (63.64, 16.85),
    "vitals": {  # mean, SD, missing share
        "temperature": (97.10, 7.69, 0.27),
        "heart_rate": (83.86, 20.47, 0.057),
        "respiratory_rate": (18.93, 5.38, 0.12),
        "oxygen_saturation": (96.99, 3.49, 0.051),
        "systolic_bp": (128.90, 24.15, 0.043),
        "diastolic_bp": (71.03, 15.46, 0.043),
    },
}
assert set(COHORT_STATS["race"]) == set(ETHNICITIES)

RAW_NOTATIONS = ("colon", "compact", "pulse", "words", "abbreviated")
_COMPLAINTS = ("shortness of breath", "chest pain", "fever and confusion", "abdominal pain", "hematemesis",
               "syncope", "generalized weakness", "altered mental status", "productive cough", "palpitations")
_HISTORY = ("hypertension", "type 2 diabetes mellitus", "COPD on home inhalers", "CAD s/p PCI",
            "atrial fibrillation on apixaban", "CKD stage 3", "heart failure with reduced ejection fraction",
            "alcohol-associated cirrhosis", "hyperlipidemia", "prior ischemic stroke", "hypothyroidism",
            "obstructive sleep apnea")
_MEDICATIONS = ("amlodipine 5 mg", "atorvastatin 80 mg", "metformin 1000 mg BID", "furosemide 40 mg",
                "apixaban 5 mg BID", "lisinopril 20 mg", "tiotropium inhaler", "levothyroxine 75 mcg",
                "metoprolol succinate 50 mg", "insulin glargine 20 units", "aspirin 81 mg", "pantoprazole 40 mg")
_ALLERGIES = ("No Known Allergies / Adverse Drug Reactions", "Penicillins", "Codeine",
              "Sulfa (Sulfonamide Antibiotics)", "Iodinated contrast")
_FAMILY = ("Father died of myocardial infarction at 70.", "Mother with breast cancer.", "Non-contributory.",
           "Sister with type 2 diabetes.")
_SOCIAL = ("Former smoker, 20 pack-years; no alcohol.", "Lives with spouse; independent in ADLs.",
           "Lives alone; drinks 2-3 beers daily.", "Retired teacher; never smoker.")
#: How raw notes (MIMIC-style headers) write race.
RAW_RACE = {"White": "WHITE", "Black": "BLACK/AFRICAN AMERICAN", "Hispanic/Latino": "HISPANIC/LATINO",
            "Asian & Pacific": "ASIAN", "Other/Unknown": "UNKNOWN"}


@dataclass(frozen=True)
class Patient:
    """One synthetic ICU patient: variables plus the fixed layout their notes are rendered with."""

    id: str
    age: int
    gender: str
    ethnicity: str
    vitals: tuple[tuple[str, float | None], ...]
    layout: dict = field(compare=False, hash=False, default_factory=dict)

    @property
    def vital_map(self) -> dict[str, float | None]:
        return dict(self.vitals)

    def with_value(self, variable: str, value: object) -> "Patient":
        """The same patient with one variable changed (the counterfactual's patient)."""
        if variable in ("age", "gender", "ethnicity"):
            return replace(self, **{variable: value})
        if variable not in VITAL_SIGNS:
            raise ValueError(f"unknown variable {variable!r}")
        return replace(self, vitals=tuple((k, value if k == variable else v) for k, v in self.vitals))


# -- drawing -------------------------------------------------------------------------------------------------

def _truncated_normal(rng: random.Random, mean: float, sd: float, low: float, high: float) -> float:
    for _ in range(1000):
        value = rng.gauss(mean, sd)
        if low <= value <= high:
            return value
    return min(max(mean, low), high)  # pragma: no cover - only for absurd parameters


def _choice(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def draw_patients(n: int, seed: int) -> list[Patient]:
    """``n`` patients drawn from DeVisE Table 4; the same seed always gives the same patients."""
    rng = random.Random(f"pytest-medllm-cohort-{seed}")
    patients = []
    for index in range(n):
        age = int(round(_truncated_normal(rng, *COHORT_STATS["age"], 18, 91)))
        gender = _choice(rng, COHORT_STATS["sex"])
        ethnicity = _choice(rng, COHORT_STATS["race"])
        vitals: dict[str, float | None] = {}
        bp_missing = rng.random() < COHORT_STATS["vitals"]["systolic_bp"][2]  # BP is written as one reading
        for name in VITAL_SIGNS:
            mean, sd, missing = COHORT_STATS["vitals"][name]
            scale = SEVERITY_SCALES[name]
            if (name in ("systolic_bp", "diastolic_bp") and bp_missing) or \
                    (name not in ("systolic_bp", "diastolic_bp") and rng.random() < missing):
                vitals[name] = None
                continue
            low, high = scale.bounds
            if name == "diastolic_bp" and vitals.get("systolic_bp") is not None:
                high = min(high, float(vitals["systolic_bp"]) - 10)  # a pulse pressure of at least 10 mmHg
            vitals[name] = round(_truncated_normal(rng, mean, sd, low, high), scale.decimals)
            if scale.decimals == 0:
                vitals[name] = float(int(vitals[name]))
        layout = {
            "template_demographics": rng.sample(["age", "gender", "ethnicity"], 3),
            "template_vitals": rng.sample(["heart_rate", "blood_pressure", "respiratory_rate", "temperature",
                                           "oxygen_saturation"], 5),
            "notation": rng.choice(RAW_NOTATIONS),
            "complaint": rng.choice(_COMPLAINTS),
            "history": rng.sample(_HISTORY, rng.randint(2, 4)),
            "medications": rng.sample(_MEDICATIONS, rng.randint(2, 5)),
            "allergies": rng.choice(_ALLERGIES),
            "family": rng.choice(_FAMILY),
            "social": rng.choice(_SOCIAL),
            "oxygen": rng.choice(["RA", "RA", "2L NC", "4L NC"]),
        }
        patients.append(Patient(id=f"icu-{seed}-{index:04d}", age=age, gender=gender, ethnicity=ethnicity,
                                vitals=tuple((k, vitals[k]) for k in VITAL_SIGNS), layout=layout))
    return patients


# -- synthetic outcome labels ----------------------------------------------------------------------------------

def _f_to_c(fahrenheit: float) -> float:
    return (fahrenheit - 32.0) * 5.0 / 9.0


def news2_points(vitals: dict[str, float | None]) -> dict[str, int]:
    """NEWS2 points per parameter (SpO2 scale 1; temperature converted from °F); missing vitals score 0."""
    def band(value: float | None, bands: list[tuple[float, int]], top: int) -> int:
        if value is None:
            return 0
        for upper, points in bands:
            if value <= upper:
                return points
        return top

    temp = vitals.get("temperature")
    return {
        "respiratory_rate": band(vitals.get("respiratory_rate"), [(8, 3), (11, 1), (20, 0), (24, 2)], 3),
        "oxygen_saturation": band(vitals.get("oxygen_saturation"), [(91, 3), (93, 2), (95, 1)], 0),
        "systolic_bp": band(vitals.get("systolic_bp"), [(90, 3), (100, 2), (110, 1), (219, 0)], 3),
        "heart_rate": band(vitals.get("heart_rate"), [(40, 3), (50, 1), (90, 0), (110, 1), (130, 2)], 3),
        "temperature": band(None if temp is None else round(_f_to_c(temp), 1),
                            [(35.0, 3), (36.0, 1), (38.0, 0), (39.0, 1)], 2),
    }


def synthetic_labels(patient: Patient) -> dict[str, object]:
    """The documented synthetic outcome rule (see the module docstring)."""
    points = news2_points(patient.vital_map)
    news2 = sum(points.values())
    age_points = 2 if patient.age >= 80 else 1 if patient.age >= 65 else 0
    risk = news2 + age_points
    los = 1 if risk <= 2 else 2 if risk <= 4 else 3 if risk <= 6 else 4
    return {"mortality": "1" if risk >= 8 else "0", "los": str(los), "news2": news2, "risk_score": risk,
            "news2_points": points}


# -- rendering -----------------------------------------------------------------------------------------------------

class _Text:
    """Text assembled piece by piece, remembering where each variable's value is written."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.spans: list[tuple[str, int, int]] = []
        self.length = 0

    def add(self, text: str) -> "_Text":
        self.parts.append(text)
        self.length += len(text)
        return self

    def var(self, variable: str, text: str) -> "_Text":
        self.spans.append((variable, self.length, self.length + len(text)))
        return self.add(text)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def format_vital(variable: str, value: float) -> str:
    decimals = SEVERITY_SCALES[variable].decimals
    return f"{value:.{decimals}f}"


def render_template(patient: Patient) -> _Text:
    """DeVisE's template note (Appendix A.2), variables in the patient's shuffled serialisation order."""
    out = _Text()
    vitals = patient.vital_map
    for name in patient.layout["template_demographics"]:
        if name == "age":
            out.add("Age: ").var("age", str(patient.age)).add("\n")
        elif name == "gender":
            out.add("Gender: ").var("gender", "F" if patient.gender == "female" else "M").add("\n")
        else:
            out.add("Ethnicity: ").var("ethnicity", patient.ethnicity).add("\n")
    out.add("Vitals:\n")
    labels = {"heart_rate": "Heart Rate", "respiratory_rate": "Respiration Rate", "temperature": "Temperature",
              "oxygen_saturation": "Oxygen Saturation"}
    for name in patient.layout["template_vitals"]:
        if name == "blood_pressure":
            if vitals["systolic_bp"] is None:
                continue
            out.add("Blood Pressure: ").var("systolic_bp", format_vital("systolic_bp", vitals["systolic_bp"]))
            out.add("/").var("diastolic_bp", format_vital("diastolic_bp", vitals["diastolic_bp"])).add("\n")
        elif vitals[name] is not None:
            out.add(f"{labels[name]}: ").var(name, format_vital(name, vitals[name]))
            out.add("%\n" if name == "oxygen_saturation" else "\n")
    return out


#: Raw-note vital notations: (variable, prefix, suffix) pieces in order; BP is written systolic/diastolic.
_NOTATIONS: dict[str, tuple[str, list[tuple[str, str, str]], str]] = {
    "colon": ("Vitals: ", [("temperature", "T: ", ""), ("blood_pressure", "BP: ", ""), ("heart_rate", "HR: ", ""),
                           ("respiratory_rate", "RR: ", ""), ("oxygen_saturation", "O2Sat: ", "% on {oxygen}")],
              ", "),
    "compact": ("VS: ", [("temperature", "T ", ""), ("heart_rate", "HR ", ""), ("blood_pressure", "BP ", ""),
                         ("respiratory_rate", "RR ", ""), ("oxygen_saturation", "O2 ", "%")], ", "),
    "pulse": ("", [("temperature", "T ", ""), ("heart_rate", "P ", ""), ("blood_pressure", "BP ", ""),
                   ("respiratory_rate", "RR ", ""), ("oxygen_saturation", "O2 ", "% {oxygen}")], ", "),
    "words": ("Vital signs: ", [("temperature", "temperature ", " F"), ("heart_rate", "heart rate ", ""),
                                ("blood_pressure", "blood pressure ", ""), ("respiratory_rate", "respiratory rate ", ""),
                                ("oxygen_saturation", "SpO2 ", "% on {oxygen}")], ", "),
    "abbreviated": ("", [("temperature", "Tmax ", ""), ("heart_rate", "HR ", ""), ("blood_pressure", "BP ", ""),
                         ("respiratory_rate", "RR ", ""), ("oxygen_saturation", "Sat ", "%{oxygen}")], " "),
}


def render_raw(patient: Patient) -> _Text:
    """A raw-style admission note (DeVisE Appendix A.1 sections) with the patient's own vital notation."""
    layout = patient.layout
    vitals = patient.vital_map
    sex = "F" if patient.gender == "female" else "M"
    out = _Text()
    out.add("Sex: ").var("gender", sex).add("   Age: ").var("age", str(patient.age))
    out.add("   Race: ").var("ethnicity", RAW_RACE[patient.ethnicity]).add("\n\n")
    out.add(f"CHIEF COMPLAINT: {layout['complaint'].capitalize()}\n\n")
    out.add("PRESENT ILLNESS: The patient is a ").var("age", str(patient.age)).add(" year-old ")
    out.var("gender", patient.gender).add(f" with a history of {', '.join(layout['history'])} who presents with "
                                          f"{layout['complaint']}.\n\n")
    out.add(f"MEDICAL HISTORY: {', '.join(h[0].upper() + h[1:] for h in layout['history'])}.\n\n")
    out.add(f"MEDICATION ON ADMISSION: {', '.join(layout['medications'])}.\n\n")
    out.add(f"ALLERGIES: {layout['allergies']}\n\n")
    out.add("PHYSICAL EXAM: On Admission: ")
    lead, pieces, separator = _NOTATIONS[layout["notation"]]
    out.add(lead)
    first = True
    for name, prefix, suffix in pieces:
        if name == "blood_pressure":
            if vitals["systolic_bp"] is None:
                continue
        elif vitals[name] is None:
            continue
        if not first:
            out.add(separator)
        first = False
        out.add(prefix)
        if name == "blood_pressure":
            out.var("systolic_bp", format_vital("systolic_bp", vitals["systolic_bp"])).add("/")
            out.var("diastolic_bp", format_vital("diastolic_bp", vitals["diastolic_bp"]))
        else:
            out.var(name, format_vital(name, vitals[name]))
        out.add(suffix.format(oxygen=layout["oxygen"]))
    if first:
        out.add("Vitals not recorded")
    out.add(".\n\n")
    out.add(f"FAMILY HISTORY: {layout['family']}\n\nSOCIAL HISTORY: {layout['social']}\n")
    return out


def render_note(patient: Patient, style: str, note_id: str | None = None) -> ClinicalNote:
    """The patient's note in ``style`` ("template" or "raw"), with variable spans and synthetic labels."""
    if style == "template":
        built = render_template(patient)
    elif style == "raw":
        built = render_raw(patient)
    else:
        raise ValueError(f"style must be 'template' or 'raw', got {style!r}")
    labels = synthetic_labels(patient)
    return ClinicalNote(id=note_id or f"{patient.id}-{style}", age=patient.age, gender=patient.gender,
                        ethnicity=patient.ethnicity, vitals=patient.vitals, text=built.text, style=style,
                        spans=tuple(built.spans), labels=(("mortality", str(labels["mortality"])),
                                                          ("los", str(labels["los"]))),
                        synthetic=True, patient_id=patient.id)


# -- reading vitals back from raw text ------------------------------------------------------------------------------

_VITAL_PATTERNS = {
    "temperature": r"(?:\bT(?:max)?:?|\bTemp(?:erature)?:?|\btemperature)\s*(?P<v>\d{2,3}(?:\.\d)?)",
    "heart_rate": r"(?:\bHR:?|\bP\b:?|\bpulse:?|\bheart rate:?|\bHeart Rate:)\s*(?P<v>\d{1,3})\b",
    "blood_pressure": r"(?:\bBP:?|\bblood pressure:?|\bBlood Pressure:)\s*(?P<s>\d{1,3})\s*/\s*(?P<d>\d{1,3})",
    "respiratory_rate": r"(?:\bRR:?|\brespiratory rate:?|\bRespiration Rate:)\s*(?P<v>\d{1,2})\b",
    "oxygen_saturation": r"(?:\bO2\s*Sat:?|\bO2:?|\bSpO2:?|\bSat:?|\bOxygen Saturation:)\s*(?P<v>\d{2,3})\s*%",
}


def find_vital_spans(text: str) -> dict[str, tuple[int, int]]:
    """Where the vital signs are written in a note (its PHYSICAL EXAM section when it has one).

    Understands the notations of real admission notes: "T 97.7, HR 110, BP 99/62, RR 25, O2 99%",
    "Vitals: T: 96.9, BP: 118/51, HR: 94", "P 117", "SpO2 95% RA", "temperature 99.1 F" and the template form.
    """
    section = re.search(r"PHYSICAL EXAM:(?P<body>.*?)(?:\n\n[A-Z][A-Z ]+:|\Z)", text, re.S)
    offset, body = (section.start("body"), section["body"]) if section else (0, text)
    found: dict[str, tuple[int, int]] = {}
    for name, pattern in _VITAL_PATTERNS.items():
        match = re.search(pattern, body)
        if not match:
            continue
        if name == "blood_pressure":
            found["systolic_bp"] = (offset + match.start("s"), offset + match.end("s"))
            found["diastolic_bp"] = (offset + match.start("d"), offset + match.end("d"))
        else:
            found[name] = (offset + match.start("v"), offset + match.end("v"))
    return found
