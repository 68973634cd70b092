"""The label table: every way the notes name a vital sign, in which language, and the reader of labelled values.

Each :class:`Label` says what it reads (``family``: a vital sign, or "blood_pressure" for a systolic/diastolic pair),
the language it is written in (``language``, for a reviewer: "en", "de", "fr/es/it", "any" …, and ``meaning`` for an
abbreviation) and, for an abbreviation that means something else elsewhere, when it may be read in this sense:
``only_in`` (the note shows one of these languages, :mod:`.languages`, or another label of one of them has a value on
the same line), ``unit`` (the value is followed by this unit: "PR 112/min" is the Indian pulse rate, "PR 180 ms" the ECG
interval), ``context`` (the line before the label: "SR 66" after "ECG:", "frekvens 112" after "Cor:"), ``weak``
(one-letter labels, kept only next to another vital), ``needs_percent`` ("O2 98%", not "O2: 2 L"), ``not_after`` (words
before the label that make it something else's: "troponin T", "room temperature"), ``unit_or_vitals_line`` (the unit may
be missing on a line of other vital signs or in a flowsheet row: "T 37.6, BP 130/76, PR 94"). A label with both
``only_in`` and ``unit`` is read when either holds. "RR" followed by a pressure-shaped pair is the German/Dutch blood
pressure in any note (a respiratory rate is never written "N/N"; a pair whose first number is below 50, "RR 18/14", is a
ventilator's total/set rate and is not a pressure); a single "RR" number is the respiratory rate; "RR 14/22 (set/total)"
and "RR 20 set, total 24" are read at the measured total, and a ventilator's set rate is no reading
(:func:`~.values.ventilator_rate`).
:func:`~.label_listing.label_table` lists the table for a reviewer.

The reader (:func:`read_labelled`) takes the value after a label on the same line; between them only separators, units
and a few words ("of", "is", "was", "fell to", "nadir", "as low as", "at home", "(rectal)", "R arm", "standing (1 min)",
"liggend", a quote mark, a time window "(24 h)", the value's own brackets "temp (100.1)": :data:`_GAP_PIECE`), in a
hard-wrapped note also across the line's end (a label ending a line of 50 characters or more, its value opening the
next line, not a list's next number), and the value never ends before a duration ("Tmax 24h: 38.9" is read at 38.9). A
labelled number is NOT taken (and is listed as rejected with the reason) when it is a range ("HR 80-110", "SBP 100s"), a
target or threshold ("goal SBP < 140", "keep sat > 92%", "T < 38.5", "fever 100.4 or above"), or refused by
:mod:`.values`. "Tm/Tc 38.1/37.2" gives two temperatures. "BP 80 palp" (by palpation, by Doppler, "88/P") is a systolic
without a diastolic. Values without a label (by their unit alone, or in a sentence about a temperature) are read by
:mod:`.unlabelled`.
"""

from __future__ import annotations

import re

from .label_context import A_CHANGE as _A_CHANGE
from .label_context import ECG_CONTEXT
from .label_context import ECG_CONTEXT as _ECG
from .label_context import HEART_EXAM as _HEART_EXAM
from .label_context import LAB_T as _LAB_T
from .label_context import NOT_PATIENTS_TEMPERATURE as _NOT_PATIENTS_TEMPERATURE
from .label_context import RHYTHM as _RHYTHM
from .label_type import Label
from .values import (
    NUMBER,
    RANGE_IN_BRACKETS,
    RATE_UNIT,
    TEMP_NUMBER,
    TEMP_UNIT,
    Found,
    read_pressure,
    read_single,
    read_temperature,
    someone_elses,
    ventilator_rate,
)


_ROMANCE = ("fr", "es", "it", "pt")
_L = Label
#: Labels by family. Longer forms come first where one label is a prefix of another.
LABELS: tuple[Label, ...] = (
    # heart rate
    _L("heart rate", r"heart\s+rate(?:\s+monitored)?", "heart_rate", not_after=r"(?:fetal|foetal|FHR|baby's|baseline)\s*$"),
    # "Hr 1  BP 150/84": a dialysis or infusion record's hour, not a heart rate
    _L("HR", r"HR|(?<!\d)(?<!\d[ \t])[Hh]r(?=[ \t:=]*\d)(?![ \t:=]*\d(?!\d))", "heart_rate", case_sensitive=True),
    _L("pulse", r"(?:apical\s+)?pulse(?:\s+rate)?(?!\s*(?:ox|pressure|s\b))", "heart_rate"),
    _L("pulse … at", r"pulse(?:\s+(?:was|is|rate))?(?:\s+(?:regular|irregular|irregularly\s+irregular|regularly\s+"
                     r"irregular|thready|weak|bounding|strong))+\s+(?:at|of)(?:\s+(?:about|around|approximately))?",
       "heart_rate", meaning="'pulse irregular at 110', 'pulse was irregularly irregular at about 104 bpm'"),
    _L("apical, radial", r"(?:apical|radial)(?=[ \t:]*\d{2,3}\b)", "heart_rate",
       meaning="the apical or radial count of a pulse deficit: 'apical 116, radial 94'"),
    _L("heartrate", r"heartrate", "heart_rate", meaning="MIMIC-IV-ED's triage and vital-sign fields"),
    _L("PR", r"PR", "heart_rate", "en (India)", unit=RATE_UNIT, case_sensitive=True, meaning="pulse rate",
       unit_or_vitals_line=True, not_after=r"(?:AVB|AV\s+block|heart\s+block|degree|interval)[^\n]{0,20}$"),
    _L("CR", r"CR", "heart_rate", "en (Philippines)", unit=RATE_UNIT, case_sensitive=True, meaning="cardiac rate",
       unit_or_vitals_line=True),
    _L("Nabız", r"[Nn]ab[ıi]z", "heart_rate", "tr", meaning="nabız, the pulse in Turkish"),
    _L("N (nadi)", r"N", "heart_rate", "id", unit=r"[ \t]*x[ \t]*/[ \t]*(?:menit|mnt)\b", case_sensitive=True,
       meaning="nadi, the pulse in Indonesian, always with 'x/menit'"),
    _L("rhythme sinusal à", r"(?:rythme\s+sinusal|ritmo\s+sinusal|ritmo\s+sinusale|Sinusrhythmus|sinusritme|"
                            r"(?:tachycardie|bradycardie)\s+sinusale|"
                            r"taquicardia\s+sinusal|bradicardia\s+sinusal|tachicardia\s+sinusale|"
                            r"bradicardia\s+sinusale|FA|FC)"
                            r"(?:\s+(?:régulier|regular|regolare))?\s*,?\s*(?:à|a|de|mit|met|von)",
       "heart_rate", "fr/es/it/de/nl", meaning="an ECG's sinus rhythm and its rate in other languages"),
    _L("rhythm at", rf"(?:{_RHYTHM}|sinus|NSR|AF(?:ib)?|AFL|SVT|atrial\s+(?:fibrillation|flutter))"
                    r"(?:\s+with\s+(?:RVR|rapid\s+ventricular\s+response))?\s*,?\s+(?:at\s+a\s+rate\s+of|at|@|to|with\s+(?:a\s+)?"
                    r"(?:ventricular\s+)?rate\s+of|(?:ventricular\s+)?rate(?:\s+of)?)", "heart_rate"),
    _L("rhythm", rf"{_RHYTHM}(?=[ \t]*:?[ \t]*\d{{2,3}}\b)", "heart_rate",
       unit=r"[ \t]*(?:bpm|b/min|/[ \t]?min|beats|[,;.)(\n]|$)",
       meaning="an ECG rhythm and its rate: 'sinus tachycardia 104 bpm', not 'atrial fibrillation 3 episodes'"),
    _L("ventricular rate", r"(?:mean\s+|average\s+)?ventricular\s+(?:rate|response)(?:\s+of)?", "heart_rate"),
    _L("AF (ECG)", r"(?:AF(?:ib)?|AFL)(?:\s+(?:w/|with)\s*RVR)?(?=[ \t:~]*(?:[4-9]\d|[1-3]\d\d)\b)", "heart_rate", context=_ECG,
       case_sensitive=True, meaning="an ECG's atrial fibrillation and its rate: 'ECG: AF w/ RVR 116', 'ECG: AF ~140'"),
    _L("rhythm (other languages)", r"(?:sinus(?:tachycardie|bradycardie|ritme|rytm|rhythmus|takykardi|bradykardi)|"
                                   r"Sinus(?:tachykardie|bradykardie)|(?:taquicardia|bradicardia|ritmo)\s+sinusal|"
                                   r"(?:tachicardia|bradicardia|ritmo)\s+sinusale|(?:tachycardie|bradycardie)\s+sinusale|"
                                   r"rythme\s+sinusal|(?:tachykardia|bradykardia)\s+zatokowa|rytm\s+zatokowy)"
                                   r"(?=[ \t]*:?[ \t]*\d{2,3}\b)", "heart_rate", "nl/de/sv/es/it/pt/fr/pl",
       unit=r"[ \t]*(?:bpm|b/min|/[ \t]?min|lpm|spm|[,;.)(\n]|$)",
       meaning="an ECG's sinus rhythm and its rate: 'sinustachycardie 114/min', 'taquicardia sinusal 112 lpm'"),
    _L("AS (akcja serca)", r"AS(?:[ \t]+(?:nie)?miarow[aey])?|akcj[aię]\s+(?:serca|komór)(?:\s+(?:nie)?miarow[aey])?"
                           r"(?:\s+do)?", "heart_rate", "pl", only_in=("pl",), unit=r"[ \t]*/[ \t]?min",
       case_sensitive=False, meaning="akcja serca, the heart's rate in Polish: 'AS niemiarowa 112/min'"),
    _L("SR", r"N?SR", "heart_rate", "en/de", unit=RATE_UNIT, context=_ECG, case_sensitive=True,
       meaning="sinus rhythm (Sinusrhythmus) on an ECG"),
    _L("tachycardic to", r"(?:tachy|brady)cardi(?:c|a)\s+(?:(?:up\s+)?to|at|in\s+the|of)|"
                         r"(?:tachy|brady)(?=[ \t]+\d{2,3}\b)", "heart_rate",
       meaning="'tachycardic to 130', and the short 'tachy 104'"),
    _L("P", r"P", "heart_rate", weak=True, case_sensitive=True),
    _L("Puls", r"puls(?:frequenz)?|pols|pouls|polso|pulso|tętno", "heart_rate", "de/nl/sv/fr/it/es/pl"),
    _L("frekvens (heart)", r"frekv(?:ens|\.)?|frequenz|frequentie|fréquence|frecuencia|frequenza|tachykard\w*|"
                           r"bradykard\w*", "heart_rate",
       "sv/de/nl/fr/es/it", context=_HEART_EXAM, meaning="the rate on the line of the heart's examination"),
    _L("Herzfrequenz", r"herzfrequenz|hartfrequentie|hjärtfrekvens|fréquence\s+cardiaque|frecuencia\s+card[íi]aca|"
                       r"frequenza\s+cardiaca", "heart_rate", "de/nl/sv/fr/es/it"),
    _L("Kammerfrequenz", r"kammarfrekvens|kammerfrequenz|fréquence\s+ventriculaire|frecuencia\s+ventricular|"
                         r"frequenza\s+ventricolare|ventrikelfrequentie|ventrikkelfrekvens", "heart_rate",
       "sv/de/fr/es/it/nl/no", meaning="ventricular rate"),
    _L("HF", r"HF", "heart_rate", "de/nl", only_in=("de", "nl"), unit=RATE_UNIT, case_sensitive=True,
       meaning="Herzfrequenz, hartfrequentie (English HF is heart failure)"),
    # Finnish "syke 122", Czech "TF 128/min" (tepová frekvence), Greek "ΣΦ 104/min" (σφύξεις)
    _L("syke", r"syke|pulssi|tepová\s+frekvence|σφύξεις|pulzus|pulz|mạch", "heart_rate", "fi/cs/el/hu/sk/sl/vi"),
    # Romania's "AV 122 b/min" (alura ventriculară), with its unit (English AV is atrioventricular)
    _L("AV", r"AV|Ps|FCC?", "heart_rate", "ro", unit=RATE_UNIT, case_sensitive=True,
       meaning="alura ventriculară, puls, frecvența cardiacă (Romanian), with the unit"),
    # the Indian Health Service's measurement codes ("PU 124   RS 26   TMP 102.3 F") and an apical pulse ("AP 104"),
    # on a line of other vital signs
    _L("PU", r"PU|AP", "heart_rate", "en (IHS)", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="pulse (IHS measurement code), apical pulse"),
    _L("ΣΦ", r"ΣΦ", "heart_rate", "el", case_sensitive=True, meaning="σφύξεις, the pulse in Greek"),
    _L("心率", r"心率|脉搏|脈搏|脈拍|心拍数|맥박|심박수", "heart_rate", "zh/ja/ko", meaning="heart rate, pulse: '心率108次/分'"),
    _L("Nb", r"Nb", "heart_rate", "tr", unit=r"[ \t]*/[ \t]?dk\b", case_sensitive=True,
       meaning="nabız, the pulse in Turkish, with '/dk'"),
    _L("AS (Polish, with a word between)", r"AS[ \t]+(?:miarowa|niemiarowa|regularna|nieregularna)", "heart_rate", "pl",
       unit=r"[ \t]*/[ \t]?min", case_sensitive=True, meaning="akcja serca miarowa 104/min"),
    _L("TF", r"TF", "heart_rate", "cs", only_in=("cs",), unit=RATE_UNIT, case_sensitive=True,
       meaning="tepová frekvence, the heart rate in Czech"),
    _L("ЧСС", r"(?<![А-Яа-яЁёЇїІіЄє])(?:ЧСС|[Пп]ульс|[Пп]улс)(?![А-Яа-яЁёЇїІіЄє])", "heart_rate", "ru/uk/bg/sr",
       meaning="частота сердечных сокращений, пульс: the heart rate and pulse in Russian, Ukrainian, Bulgarian"),
    # Arabic, Hebrew, Icelandic and Slovenian pulse: "النبض 124", "דופק 44", "púls 108", "srčna frekvenca 120/min"
    _L("نبض", r"(?:ال)?نبض|دقات\s+القلب|דופק|púls|srčn[ai]\s+(?:frekvenca|utrip)|frekvenca\s+srca", "heart_rate",
       "ar/he/is/sl"),
    _L("ECG rate (other languages)", r"frekvencia(?:\s+komôr)?|frekvencija(?!\s+disanja)|frekvence\s+komor|hız|"
                                     r"escape-?ritme|RS\s+a",
       "heart_rate", "sk/hr/cs/tr/nl/it", unit=RATE_UNIT, context=_ECG,
       not_after=r"(?:disanj\w*|dihanj\w*|dech\w*|oddech\w*|solunum|breath\w*)[^\n]{0,15}$",
       meaning="an ECG's rate: 'frekvencia komôr 150/min', 'hız 46/dk', 'escaperitme 36/min', 'RS a 88 bpm'"),
    _L("FC", r"FC", "heart_rate", "fr/es/it/pt", only_in=_ROMANCE, unit=RATE_UNIT, case_sensitive=True,
       meaning="fréquence cardiaque, frecuencia cardíaca, frequenza cardiaca, frequência cardíaca"),
    # blood pressure
    _L("blood pressure", r"(?:(?:non-?invasive|arterial|cuff)\s+)?blood\s+pressure|(?:arterial|art\.?|a-?)\s*line"
                         r"(?:\s+(?:BP|pressure))?", "blood_pressure"),
    _L("BP", r"(?:NI)?BP|NBP|B/P|B\.P\.?|ABP", "blood_pressure"),
    _L("hypotensive to", r"hypo(?:tensive)?\s+to|(?:hypo|hyper)tensive\s+(?:to|at|with)", "blood_pressure"),
    _L("RR (Riva-Rocci)", r"RR", "blood_pressure", "de/nl", case_sensitive=True,
       meaning="Riva-Rocci: the blood pressure, read only as a pair"),
    _L("BT (pair)", r"BT", "blood_pressure", "no/da/sv", case_sensitive=True,
       meaning="blodtrykk, blodtryk, blodtryck: the blood pressure, read only as a pair ('BT 108/62  P 102')"),
    # Flemish "BD 112/64" (bloeddruk); English "BD" is twice daily, never before a pressure-shaped pair
    _L("BD (pair)", r"BD", "blood_pressure", "nl", case_sensitive=True,
       meaning="bloeddruk (Flemish), read only as a pair (English BD is twice daily)"),
    _L("Blutdruck", r"blutdruck|bloeddruk|blodtryck|tension\s+art[ée]rielle|pression\s+art[ée]rielle|"
                    r"presi[óo]n\s+arterial|tensi[óo]n\s+arterial|pressione\s+arteriosa|press[ãa]o\s+arterial|"
                    r"ciśnienie\s+tętnicze", "blood_pressure", "de/nl/sv/fr/es/it/pt/pl"),
    _L("TA", r"TA", "blood_pressure", "es/fr/pt/tr", only_in=_ROMANCE + ("tr",), unit=r"[ \t]*[cm]m[ \t]*Hg",
       case_sensitive=True, meaning="tensión arterial, tension artérielle, Turkish tansiyon arteriyel"),
    # Finnish "verenpaine", Czech "TK" (krevní tlak), Greek "ΑΠ" (αρτηριακή πίεση)
    _L("verenpaine", r"verenpaine|krevní\s+tlak|αρτηριακή\s+πίεση|huyết\s+áp", "blood_pressure", "fi/cs/el/vi"),
    _L("HA", r"HA", "blood_pressure", "vi", unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="huyết áp, the blood pressure in Vietnamese, with mmHg (English HA is a headache)"),
    _L("ΑΠ", r"ΑΠ", "blood_pressure", "el", case_sensitive=True, meaning="αρτηριακή πίεση, the blood pressure in Greek"),
    _L("血压", r"血压|血壓|血圧|혈압", "blood_pressure", "zh/ja/ko", meaning="blood pressure"),
    _L("ضغط الدم", r"ضغط\s+الدم|(?:ال)?ضغط|ל\"ד|לחץ\s+דם|BÞ|blóðþrýstingur", "blood_pressure", "ar/he/is",
       meaning="blood pressure in Arabic, Hebrew and Icelandic"),
    _L("АД", r"(?<![А-Яа-яЁёЇїІіЄє])(?:АД|АТ|АН|ТА)(?![А-Яа-яЁёЇїІіЄє])", "blood_pressure", "ru/uk/bg/sr",
       case_sensitive=True, meaning="артериальное давление, артеріальний тиск, артериално налягане, тензија"),
    _L("TK", r"TK", "blood_pressure", "cs", only_in=("cs",), unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="krevní tlak, the blood pressure in Czech"),
    _L("PA", r"PAO?", "blood_pressure", "fr/it/es/pt", only_in=_ROMANCE, case_sensitive=True,
       meaning="pression artérielle, pressione arteriosa, pressão arterial (English PA is the pulmonary artery)"),
    _L("BT", r"BT", "blood_pressure", "sv", only_in=("sv",), unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="blodtryck"),
    _L("TD", r"TD", "blood_pressure", "id", unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="tekanan darah, the blood pressure in Indonesian, with mmHg"),
    _L("SBP", r"SBPs?|systolic(?:\s+(?:(?:blood\s+)?pressure|BP))?|systolisch|systolique|sistolica|sistólica",
       "systolic_bp", not_after=_A_CHANGE),
    _L("DBP", r"DBPs?|diastolic(?:\s+(?:(?:blood\s+)?pressure|BP))?|diastolisch|diastolique|diastolica|diastólica",
       "diastolic_bp", not_after=_A_CHANGE),
    # respiratory rate
    _L("respiratory rate", r"resp(?:iratory|iration)?\.?\s+rate|respirations?|resps?\.?|resprate", "respiratory_rate"),
    # a ventilator's set rate is no breathing rate: "set RR 20", "RR (Set): 24"
    _L("RR", r"RR(?![ \t]*\(?[ \t]*[Ss]et\b)|[Rr]r(?=[ \t:=]*\d)", "respiratory_rate", case_sensitive=True,
       not_after=r"\bset[ \t]*$"),
    _L("tachypneic to", r"tachypn(?:o|e)ic\s+(?:to|at|in\s+the)|breathing\s+at|breathing\s+rate", "respiratory_rate"),
    _L("SS", r"SS", "respiratory_rate", "tr", unit=r"[ \t]*/[ \t]?dk\b", case_sensitive=True,
       meaning="solunum sayısı, the breathing rate in Turkish, with '/dk'"),
    _L("R", r"R", "respiratory_rate", weak=True, case_sensitive=True),
    _L("Atemfrequenz", r"atemfrequenz|adem(?:halings)?frequentie|andningsfrekvens|fréquence\s+respiratoire|"
                       r"frecuencia\s+respiratoria|frequenza\s+respiratoria|(?:częstość\s+)?oddech(?:ów|y)?",
       "respiratory_rate", "de/nl/sv/fr/es/it/pl"),
    _L("AF", r"AF", "respiratory_rate", "de/sv/nl", only_in=("de", "sv", "nl"), case_sensitive=True,
       meaning="Atemfrequenz, andningsfrekvens, ademfrequentie (English AF is atrial fibrillation)"),
    # Finnish "hengitystaajuus 34/min" and "hf 24/min", Czech "DF 24/min" (dechová frekvence), Greek "ΑΣ 18/min"
    _L("hengitystaajuus", r"hengitystaajuus|dechová\s+frekvence|αναπνοές|αναπν\.|呼吸数|呼吸频率|呼吸頻率|호흡수|nhịp\s+thở(?:\s+bệnh\s+nhân)?|légzésszám",
       "respiratory_rate", "fi/cs/el/vi/hu/zh/ja/ko"),
    _L("ЧДД", r"(?<![А-Яа-яЁёЇїІіЄє])(?:ЧДД|ЧД|ДЧ|ЧДР)(?![А-Яа-яЁёЇїІіЄє])", "respiratory_rate", "ru/uk/bg",
       case_sensitive=True, meaning="частота дыхательных движений, the breathing rate in Russian, Ukrainian, Bulgarian"),
    _L("التنفس", r"(?:معدل\s+)?(?:ال)?تنفس|נשימות|קצב\s+נשימה|öndunartíðni", "respiratory_rate", "ar/he/is"),
    _L("frekvencija disanja", r"(?:frekvencija|fr\.)\s+disanja|frekvenca\s+dihanja", "respiratory_rate", "hr/sr/sl"),
    _L("HT", r"HT", "respiratory_rate", "fi", only_in=("fi",), unit=RATE_UNIT, case_sensitive=True,
       meaning="hengitystaajuus, the breathing rate in Finnish (English HT is hypertension or height)"),
    _L("RS", r"RS|FD", "respiratory_rate", "en (IHS)/sl", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="respirations (IHS measurement code), Slovenian frekvenca dihanja"),
    _L("ΑΣ", r"ΑΣ", "respiratory_rate", "el", case_sensitive=True, unit=RATE_UNIT,
       meaning="αναπνευστική συχνότητα, the breathing rate in Greek, with '/min'"),
    _L("hf", r"hf", "respiratory_rate", "fi", only_in=("fi",), unit=RATE_UNIT, case_sensitive=True,
       meaning="hengitystaajuus, the breathing rate in Finnish (English HF is heart failure)"),
    _L("DF", r"DF", "respiratory_rate", "cs", only_in=("cs",), unit=RATE_UNIT, case_sensitive=True,
       meaning="dechová frekvence, the breathing rate in Czech"),
    _L("AH", r"AH", "respiratory_rate", "nl", only_in=("nl",), unit=r"[ \t]*/[ \t]?min", case_sensitive=True,
       meaning="ademhalingsfrequentie"),
    _L("RF", r"RF", "respiratory_rate", "no/da", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="respirasjonsfrekvens (English RF is the rheumatoid factor): 'puls 112 – RF 28 – SpO2 89 %'"),
    _L("FR", r"FR", "respiratory_rate", "fr/es/it/pt", only_in=_ROMANCE, unit=RATE_UNIT, case_sensitive=True,
       meaning="fréquence respiratoire, frecuencia respiratoria, frequenza respiratoria, frequência respiratória"),
    # oxygen saturation
    _L("SpO2", r"Sp[O0][2₂]|Sa[O0][2₂]|SatO[2₂]|Sat\.?\s?O[2₂]|SO2|O[2₂]\s*sat(?:uration)?s?|o2sat|"
               r"oxygen\s+sat(?:uration)?s?|"
               r"pulse[\s-]?ox(?:imetry|imeter)?|p\s?ox|oximetry|sat(?:uration)?(?:'?s)?|sat'?(?:t)?ing|saturating|"
               r"desat(?:urat)?(?:ed|ing|ion)?\s+to|hypox(?:ic|emic)\s+to", "oxygen_saturation", "en/fr/es/it"),
    _L("Sättigung", r"(?:sauerstoff)?s[äa]ttigung|saturatie|syrem[äa]ttnad|saturaci[óo]n|saturazione|saturacja|"
                    r"指脉氧|血氧饱和度|血氧飽和度|酸素飽和度|산소포화도",
       "oxygen_saturation", "de/nl/sv/es/it/pl/zh/ja/ko"),
    _L("O2", r"O2", "oxygen_saturation", needs_percent=True, case_sensitive=True),
    _L("סטורציה", r"סטורציה|רוויה|(?:ال)?تشبع(?:\s+الأكسجين)?|súrefnismettun", "oxygen_saturation", "he/ar/is"),
    # temperature
    _L("temperature", r"(?:(?:core|rectal|oral|tympanic|axillary|temporal|bladder|esophageal|oesophageal)\s+)?"
                      r"(?:temperature|temp\.?)s?|(?:körper)?temperatur|temperatuur|température|temperatura|"
                      r"(?:home\s+|oral\s+|ear\s+)?thermometer(?:\s+(?:reading|read|showed|said))?|体温|體溫|체온",
       "temperature", "en/de/nl/sv/fr/es/it/pt", not_after=_NOT_PATIENTS_TEMPERATURE),
    _L("T°", r"T[°ºª˚]|Temp\.", "temperature", "any", case_sensitive=True),
    _L("t тела", r"t\s+тела|(?<![А-Яа-яЁё])(?:температура(?:\s+тела)?|темп\.)", "temperature", "ru/uk/bg",
       meaning="температура тела, the body temperature in Russian"),
    _L("חום", r"(?:ال)?حرارة|חום|hiti", "temperature", "ar/he/is", not_after=_NOT_PATIENTS_TEMPERATURE,
       meaning="the temperature in Arabic, Hebrew and Icelandic"),
    _L("t (ru)", r"t(?=[ \t]*\d{2}[.,]\d)", "temperature", "ru", only_in=("ru",), case_sensitive=True,
       meaning="a Russian note's Latin 't' before a temperature with a decimal: 't 38,9'"),
    _L("Tmax", r"T\s?max|TMAX|T\s?curr(?:ent)?|Tm|Tc|Tt", "temperature", case_sensitive=True),
    _L("BT (body temperature)", r"BT(?=[ \t:]*\d{2}[.,]\d)", "temperature", "en (Japan, Korea)", case_sensitive=True,
       meaning="body temperature, always with a decimal ('BT 38.3'); Swedish BT is a blood pressure in mmHg"),
    # Finnish "lämpö 36,9", Czech "teplota", "TT 38,0 °C" (tělesná teplota), Greek "Θ 38,4 °C", Brazil's axillary "Tax"
    _L("lämpö", r"lämpö|teplota|θερμοκρασία|nhiệt\s+độ|testhő", "temperature", "fi/cs/el/vi/hu"),
    _L("TMP", r"TMP", "temperature", "en (IHS)", case_sensitive=True, meaning="temperature (IHS measurement code)"),
    _L("Θ", r"Θ", "temperature", "el", case_sensitive=True, meaning="θερμοκρασία, the temperature in Greek"),
    _L("TT", r"TT", "temperature", "cs", only_in=("cs",), unit=TEMP_UNIT, case_sensitive=True,
       meaning="tělesná teplota, the body temperature in Czech"),
    _L("Tax", r"Tax", "temperature", "pt", only_in=("pt",), unit=TEMP_UNIT, case_sensitive=True,
       meaning="temperatura axilar, the axillary temperature in Brazil"),
    _L("TC", r"TC", "temperature", "it", only_in=("it",), unit=TEMP_UNIT, case_sensitive=True,
       meaning="temperatura corporea (English TC is total cholesterol)"),
    _L("febrile to", r"(?:febrile|pyrexial|hypothermic|spiked(?:\s+a\s+(?:temp(?:erature)?|fever))?|spikes|"
                     r"fevers?(?:\s+(?:peak|spike))?)\s+\(?(?:up\s+)?(?:to|of|at)|fever\s+(?:peak|spike)|"
                     r"(?:febrile|pyrexia|pyrexial|fever|febre|fièvre|fiebre|febbre|Fieber|koorts|feber)"
                     r"(?=[ \t]*:?[ \t]*\d)", "temperature", "en/pt/fr/es/it/de/nl/sv",
       meaning="a fever's or a febrile patient's temperature: 'febrile to 39.4', 'fever 38.9 at home'"),
    _L("T", r"T", "temperature", weak=True, case_sensitive=True, not_after=_LAB_T),
)
del _L

#: What may stand between a label and its value: separators, a few words, a qualifier in parentheses.
_GAP_WORD = (r"of|is|was|were|are|at|now|only|nadir|peak|lowest|highest|min(?:imum)?|at\s+home|home|low|high|"
             r"as\s+(?:low|high)\s+as|improved|improving|fell|falling|rose|rising|dropped|dropping|"
             r"increased|decreased|came\s+down|down|up|reading|measured|recorded|noted|remained|remains|still|"
             r"initially|on\s+arrival|in\s+triage|at\s+triage|max(?:imum)?|current(?:ly)?|today|tonight|"
             r"overnight|yesterday|this\s+(?:morning|afternoon|evening)|went|came|reached|peaked|trended|trending|"
             r"recover(?:ed|ing)|settled|stable|stabili[sz]ed|approx(?:imately|\.)?|about|around|~|total|actual|"
             r"actuelle?|aktuell|attuale|atual|"
             r"spontaneous|resting|at\s+rest|as|back|to|était|à|war|fue|era|read|reads|pre|post|baseline|"
             r"re-?checked|repeated|ventricular|ventricolare|ventriculaire|on\s+(?:RA|room\s+air)|"
             r"in\s+(?:the\s+)?(?:ED|ER|A&E|clinic)|"
             r"[LR]\s+arm|(?:left|right)\s+arm|manual(?:ly)?|supine|sitting|seated|standing|lying|upright|"
             r"liggend|staand|zittend|liegend|stehend|sitzend|couché|debout|assis|sentado|de\s+pie|supino|seduto|"
             r"in\s+piedi|liggande|stående|sittande|"
             r"oral(?:ly)?|rectal(?:ly)?|tympanic|axillary|core|temporal|by\s+\w+|to|de|di|von|van|"
             r"axillär|rektal|tympanal|sublingual|axillaire|rectale|buccale|axilar|ascellare|timpanica|corporea|"
             r"corporal|corporelle|basale?|ca\.?|cca\.?|um|ok\.|około|circa|около|re|li|rechts|links|"
             r"sağ\s+kol|sol\s+kol|rilevata(?:\s+sul\s+posto)?|remont[ée]e|totale|mesur[ée]e?|misurata|medida|"
             r"całkowita|máx|màx|tela|в\s+покое|peripheral|periph|naar|palpoiden|n\.|noin")
#: Comparison words and marks that make a labelled number a threshold or a target, not a reading.
_THRESHOLD = r"(?:<=?|>=?|≤|≥|=<|=>|less\s+than|greater\s+than|more\s+than|under|below|above|at\s+least|" \
             r"no\s+more\s+than|goal|target|aim)"
#: One piece of what may stand between a label and its value; the gap is any number of them (none overlapping, so
#: that a label without a value fails fast).
_GAP_PIECE = (rf"[ \t]*(?:[:=|\-–\"“”：]|\((?:[^()\d\n]{{1,30}})\)|\(?\d{{1,2}}[ \t]*min(?:utes?|uten|\.)?\)?(?=[ \t])|"
              rf"{RANGE_IN_BRACKETS}|\(\d{{2,3}}[ \t]*[-–][ \t]*\d{{2,3}}\)/\(\d{{2,3}}[ \t]*[-–][ \t]*\d{{2,3}}\)|"
              rf"\(?(?:(?:in|over|last|past|the)[ \t]+)*\d{{1,2}}[ \t]*(?:h|hrs?|hours?)\)?(?=[ \t:])|"
              rf"°[ \t]*[CF]?(?![A-Za-z])|%|bpm|mm[ \t]*Hg|/min|[LR](?=[ \t]*\d)|(?:{_GAP_WORD})\b|{_THRESHOLD}|"
              # "frekvens ca. 100", "tachykardia ok. 120/min": about, abbreviated
              r"(?:ca|cca|ok|approx)\.|"
              # the value in brackets right after its label: "Low-grade temp (100.1)", "HR (112)"
              r"\((?=[ \t]*\d{1,3}(?:[.,]\d{1,2})?[ \t]*(?:%|°[ \t]*[CF]?|bpm)?[ \t]*\)))")
_BEFORE_TARGET = re.compile(r"(?:\b(?:goal|target|keep|maintain|aim|titrat\w*\s+to|wean\w*\s+\w+\s+to|if|until|"
                            r"unless|parameters?|roughly|toward|towards)\W+(?:\w+\W+){0,1}|(?:目標|目标)[^\n]{0,4})$",
                            re.I)
#: A value ends where its number ends, not before a time or a duration ("Tmax 24h: 38.9" is read at 38.9).
_VALUE_END = (r"(?![\d.]*\d)(?!:\d)(?!,\d)"
              r"(?-i:(?![ \t]*(?:h|hrs?|hours?|d|days?|wks?|weeks?|mins?|minutes?|mo|months?|yrs?|years?)\b))")
#: A systolic measured without a diastolic: "BP 80 palp", "BP 70/palp", "SBP 80 by Doppler".
_PALPATED = r"(?=[ \t]*/?[ \t]*(?:palp\w*|by\s+palpation|by\s+doppler|dopp\w*|systolic)\b|[ \t]*/[ \t]*P\b)"


def _label_regex(label: Label) -> re.Pattern:
    flags = 0 if label.case_sensitive else re.I
    if label.family == "blood_pressure":
        body = (r"(?:(?P<n1>\d{1,3})(?:[ \t]*(?:/|[ \t]over[ \t])[ \t]*|[xX])(?P<n2>\d{1,3})|"  # "120x80" (Brazil)
                rf"(?P<p1>\d{{2,3}}){_PALPATED})")
    elif label.family == "temperature":
        body = rf"(?P<n1>{TEMP_NUMBER})"
    else:
        body = rf"(?P<n1>{NUMBER})"
    return re.compile(rf"(?<![A-Za-zÀ-ÿ0-9/])(?P<label>{label.pattern})(?![A-Za-zÀ-ÿ/])"
                      rf"(?P<gap>(?:{_GAP_PIECE})*?[ \t]*)(?P<wrap>\n[ \t]*)?(?<![\d.,]){body}{_VALUE_END}",
                      flags)


#: A hard-wrapped note (MIMIC's, at about 80 characters) breaks a line between a label and its value ("BP \n176/92
#: prior to tPA", "Febrile to \n101.6"): the label ends a line at least this long, and the value opens the next.
_WRAPPED_LINE = 50


def _wrapped_too_short(text: str, m: re.Match) -> bool:
    """A label whose value stands on the next line, on a line too short to be hard-wrapped prose (a header, a
    label alone on its line), or before the number of a list's next item ("discuss with resp\n6. Sputum"): no
    reading of it."""
    if m["wrap"] is None:
        return False
    return m.start("wrap") - (text.rfind("\n", 0, m.start("label")) + 1) < _WRAPPED_LINE or bool(
        re.match(r"\d{1,2}[.)](?:\s|$)", text[m.end("wrap"):]))


_LABEL_REGEXES = tuple((label, _label_regex(label)) for label in LABELS)


#: Labels read only as a pressure-shaped pair (alone they are a respiratory rate or a body temperature).
PAIR_ONLY = frozenset({"RR (Riva-Rocci)", "BT (pair)", "BD (pair)"})


def _not_a_reading(text: str, m: re.Match, label_start: int) -> str:
    """Why a labelled number is a range, threshold or target rather than a reading ("" if it is a reading)."""
    end = m.end()
    # "92〜96%": Japanese and Chinese write a range with a wave dash
    dash = re.match(r"[ \t]*(?:-|–|〜|～|~|to\b|à(?=[ \t])|bis\b)[ \t]*(?=\d)", text[end:])
    not_a_range_end = r"\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}:\d{2}|\d{1,2}[ \t]*h\b|\d+(?:[.,]\d+)?[ \t]*(?:L\b|l/min|mg|mcg|ml|mL|units?)"
    if (dash and not re.match(not_a_range_end, text[end + dash.end():])) or \
            re.match(r"'?s\b", text[end:]):
        return "a range"  # "HR 88-110"; not "BP 102/58 - 2/9/2024 15:20" (a record's date after the reading)
    if re.search(_THRESHOLD, m["gap"], re.I) or re.match(
            r"[ \t]*(?:°[ \t]*[CF]?|%|bpm|mm[ \t]*Hg)?[ \t]*or[ \t]+"
            r"(?:above|higher|more|greater|over|below|less|lower)\b",
            text[end:], re.I) or re.match(r"[ \t]*(?:%|°[ \t]*[CF]?|℃|bpm|mm[ \t]*Hg)?[ \t]*(?:이상|이하|以上|以下|未満|を超え)",
                                         text[end:]):
        return "a threshold or target"  # Korean and Japanese write "or more" after the value: "HR 110 이상"
    line_start = text.rfind("\n", 0, label_start) + 1
    if _BEFORE_TARGET.search(text[max(line_start, label_start - 40):label_start]):
        return "a threshold or target"
    if someone_elses(text, label_start):
        return "someone else's reading"
    if _SCORE_ITEM.search(text[max(line_start, label_start - 60):label_start]):
        return "an item of a withdrawal score"
    return ""


#: A withdrawal scale's items are scores, not readings: "COWS 0910: resting pulse 2, sweating 2" (not the vitals
#: after a scale's total: "CIWA 19, HR 134").
_SCORE_ITEM = re.compile(r"\b(?:COWS|CIWA(?:-Ar)?)\b(?![ \t]*(?:score[ \t]*)?[:=]?[ \t]*\d{1,2}\b(?![:\d]))[^\n]*$|"
                         # a score's items in brackets after its total: "Aldrete 7 (activity 1, resp 2, SpO2 1)"
                         r"\b(?:Aldrete|COWS|CIWA(?:-Ar)?|APGAR|Apgar|q?SOFA|MEWS|PEWS|NEWS2?)[ \t]*(?:score[ \t]*)?"
                         r"[:=]?[ \t]*\d{0,2}[ \t]*\([^()\n]*$")


def _line_support(text: str) -> dict[int, set[tuple[str, str]]]:
    """Per line (by its start), the language-bound labels with a value on it: ``(label name, language)``."""
    support: dict[int, set[tuple[str, str]]] = {}
    for label, regex in _LABEL_REGEXES:
        if label.only_in:
            for m in regex.finditer(text):
                if (label.family == "blood_pressure" and m["p1"] is not None) or _wrapped_too_short(text, m):
                    continue
                value_ok = (read_pressure(text, m, "")[0] if label.family == "blood_pressure" else
                            read_single(label.family, text, m.start("n1"), m.end("n1"), "")[0])
                if not value_ok or _not_a_reading(text, m, m.start("label")):
                    continue  # "FC 16 Fr": a catheter, which vouches for nothing
                line = text.rfind("\n", 0, m.start()) + 1
                support.setdefault(line, set()).update((label.name, code) for code in label.only_in)
    return support


def _allowed(label: Label, text: str, m: re.Match, languages: frozenset[str],
             support: dict[int, set[tuple[str, str]]]) -> bool:
    """Whether an abbreviation that means something else elsewhere may be read in this sense here: the note shows
    its language, a unit confirms it, or another label of that language has a value on the same line ("TA 142/88,
    FC 118, FR 24": three French abbreviations vouch for each other)."""
    end = m.end("n1") if m["n1"] is not None else m.end("p1")
    if label.not_after and re.search(label.not_after, text[max(0, m.start("label") - 20):m.start("label")], re.I):
        return False
    if label.name == "T" and m["n1"] is not None and m.end("label") == m.start("n1") and _ICD_LINE.search(
            text[text.rfind("\n", 0, m.start("label")) + 1:m.start("label")]):
        return False  # "Dijagnoze: T42.4 Otrovanje …, T39.1 …": injury codes of ICD-10, not temperatures
    if label.family == "blood_pressure" and m["n2"] is not None:
        end = m.end("n2")
    unit_after = bool(label.unit and re.match(label.unit, text[end:end + 16], re.I))
    if label.only_in:
        line = support.get(text.rfind("\n", 0, m.start()) + 1, set())
        neighbours = {code for name, code in line if name != label.name}
        return bool((languages | neighbours) & set(label.only_in)) or unit_after
    if label.context:
        line = text[text.rfind("\n", 0, m.start("label")) + 1:m.start("label")]
        return unit_after or bool(re.search(label.context, line))
    if label.unit and not unit_after:
        # "T 37.6, BP 130/76, PR 94, SpO2 98% RA": on a line of other vital signs "PR" and "CR" need no unit
        line = text[text.rfind("\n", 0, m.start("label")) + 1:(text.find("\n", end) + 1 or len(text) + 1) - 1]
        rest = text[m.start("n1") - 1:].split("\n", 1)[0] if m["n1"] is not None else ""
        row = re.fullmatch(r"[ \t:]*(?:\d{2,3}(?:[ \t]{2,}|\t|[ \t]*$)){3,}", rest)  # "PR   88   94   104": a row
        return label.unit_or_vitals_line and bool(_OTHER_VITAL_ON_LINE.search(line) or row)
    return True


#: A diagnosis line before a "T" glued to its number: a diagnosis label or another ICD-10 code on the line.
_ICD_LINE = re.compile(r"(?i:\b(?:diagnos\w*|dijagnoz\w*|diagnoz\w*|dg\.?|icd(?:-?10)?|mkb(?:-?10)?|cid(?:-?10)?)\b)|"
                       r"\b[A-Z]\d{2}\.\d{1,2}\b")


#: The other vital signs that vouch for a label with ``unit_or_vitals_line`` on its line.
_OTHER_VITAL_ON_LINE = re.compile(r"(?<![A-Za-z])(?:BP|B/P|SpO2|SPO2|SaO2|O2\s+sat|Sats?|SAT|Temp|T|RR|RBS|BT|[Pp]uls)"
                                  r"(?:[ \t:]+(?:was|is|of|supine|sitting|standing|lying))?[ \t:]*\d")


def read_labelled(text: str, languages: frozenset[str]) -> tuple[list[Found], list[tuple[str, int, int, str]]]:
    """Every labelled value of the note, and the labelled numbers refused as ``(variable, start, end, reason)``."""
    found: list[Found] = []
    rejected: list[tuple[str, int, int, str]] = []
    taken: set[int] = set()
    support = _line_support(text)
    for label, regex in _LABEL_REGEXES:
        for m in regex.finditer(text):
            start = m.start("n1") if m["n1"] is not None else m.start("p1")
            if start in taken or _wrapped_too_short(text, m) or not _allowed(label, text, m, languages, support):
                continue
            how = f"label {m['label']!r}" + (f" ({re.split(r' [(]|:', label.meaning)[0]})" if label.meaning else "")
            variable = label.family
            reason = _not_a_reading(text, m, m.start("label"))
            items: list[Found] = []
            if not reason and label.family == "blood_pressure" and m["p1"] is not None:
                if label.name in PAIR_ONLY:
                    continue
                item, reason = read_single("systolic_bp", text, m.start("p1"), m.end("p1"), how + " by palpation")
                items = [item] if item else []
            elif not reason and label.family == "blood_pressure":
                lowest = 50.0 if label.name in PAIR_ONLY else 1.0
                items, reason = read_pressure(text, m, how, lowest_systolic=lowest)
                if reason and label.name in PAIR_ONLY:
                    continue  # "RR 18/14": not a pressure; the respiratory-rate label says why it is not one either
            elif not reason:
                if variable in ("systolic_bp", "diastolic_bp") and re.match(r"[ \t]*/[ \t]*\d", text[m.end():]):
                    continue  # "SBP 120/80": the blood-pressure labels read it
                at, end = m.start("n1"), m.end("n1")
                measured, reason = ventilator_rate(text, m.start("label"), end) if variable == "respiratory_rate" \
                    else (None, "")
                if measured:  # "RR 14/22 (set/total)", "RR 20 set, total 24": the measured rate comes second
                    at, end = measured
                item, reason = read_single(variable, text, at, end, how, needs_percent=label.needs_percent) \
                    if not reason else (None, reason)
                items = [item] if item else []
            if reason:
                # a one-letter label's range with its rate unit ("P 112-124/min") is a range all the same
                if not label.weak or (reason == "a range" and m["n1"] is not None and re.match(
                        rf"[ \t]*[-–][ \t]*\d{{2,3}}{RATE_UNIT}", text[m.end("n1"):])):
                    var = "systolic_bp" if variable == "blood_pressure" else variable
                    rejected.append((var, start, m.end("n1") if m["n1"] is not None else m.end("p1"), reason))
                continue
            for item in items:
                # "T 38.2" or "T 38C" is a temperature on its own; a bare "T 37" needs company like "P" and "R"
                item.weak = label.weak and not (label.name == "T" and (
                    re.search(r"[.,]", text[item.start:item.end]) or item.unit_written))
                found.append(item)
                taken.add(item.start)
    for m in _PAIRED_TEMPERATURES.finditer(text):  # "Tm/Tc 38.1/37.2": the maximum, then the current one
        for group in ("n1", "n2"):
            item, _ = read_temperature(text, m.start(group), m.end(group), f"label {m['label']!r}")
            if item and item.start not in taken:
                found.append(item)
                taken.add(item.start)
    return found, rejected


#: Two temperature labels and their two values: "Tm/Tc 38.1/37.2", "Tmax/Tcurrent: 101.2/99.8".
_PAIRED_TEMPERATURES = re.compile(rf"(?<![A-Za-z])(?P<label>T\s?m(?:ax)?[ \t]*/[ \t]*T\s?c(?:urr?(?:ent)?)?)"
                                  rf"[ \t]*:?[ \t]*"
                                  rf"(?P<n1>{TEMP_NUMBER})[ \t]*/[ \t]*(?P<n2>{TEMP_NUMBER})(?![\d/])")
