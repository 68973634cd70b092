"""The label table: every way the notes name a vital sign, in which language, and when an abbreviation that means
something else elsewhere may be read in that sense. The fields of a :class:`~.label_type.Label` and how the reader
uses them are described in :mod:`.labels`; this module is data only, so that a language's labels are added here without
touching the reader.
"""

from __future__ import annotations

from .label_context import A_CHANGE as _A_CHANGE
from .label_context import ECG_CONTEXT as _ECG
from .label_context import HEART_EXAM as _HEART_EXAM
from .label_context import LAB_T as _LAB_T
from .label_context import NOT_PATIENTS_TEMPERATURE as _NOT_PATIENTS_TEMPERATURE
from .label_context import RHYTHM as _RHYTHM
from .label_type import Label
from .values import RATE_UNIT, TEMP_UNIT

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
                     r"irregular|thready|weak|bounding|strong|feeble|rapid|and))+\s+(?:at|of)(?:\s+(?:about|around|"
                     r"approximately))?",
       "heart_rate", meaning="'pulse irregular at 110', 'pulse was irregularly irregular at about 104 bpm'"),
    _L("apical, radial", r"(?:apical|radial)(?=[ \t:]*\d{2,3}\b)", "heart_rate",
       meaning="the apical or radial count of a pulse deficit: 'apical 116, radial 94'"),
    _L("apex beat rate", r"apex\s+beat\s+rate|apex\s+rate|apical\s+(?:heart\s+)?rate", "heart_rate",
       meaning="the rate counted at the apex: 'apex beat rate 108/min'"),
    _L("heartrate", r"heartrate", "heart_rate", meaning="MIMIC-IV-ED's triage and vital-sign fields"),
    _L("rate (b/min)", r"rate(?=[ \t]*\d{2,3}[ \t]*(?:b/min|bpm|beats))", "heart_rate",
       not_after=r"(?:heart|fetal|foetal|FHR|baseline|resp\w*|respiratory|breathing|ventilat\w*|set|infusion|drip|flow|"
                 r"pump)[ \t]*$",
       meaning="a rate in beats a minute after another word of the pulse: 'femoral weak, rate 132 b/min'"),
    _L("PR", r"PR", "heart_rate", "en (India)", unit=RATE_UNIT, case_sensitive=True, meaning="pulse rate",
       unit_or_vitals_line=True, not_after=r"(?:AVB|AV\s+block|heart\s+block|degree|interval)[^\n]{0,20}$"),
    _L("CR", r"CR", "heart_rate", "en (Philippines)", unit=RATE_UNIT, case_sensitive=True, meaning="cardiac rate",
       unit_or_vitals_line=True),
    _L("Nabız", r"[Nn]ab[ıi]z", "heart_rate", "tr", meaning="nabız, the pulse in Turkish"),
    _L("N (nadi)", r"N(?=[ \t:]+\d)", "heart_rate", "id", unit=r"[ \t]*x[ \t]*/[ \t]*(?:menit|mnt)\b",
       case_sensitive=True, unit_or_vitals_line=True,
       meaning="nadi, the pulse in Indonesian, with 'x/menit' or on a line of other vital signs ('TD 196/110   N 84')"),
    # Bengali "নাড়ি ৮৮/মিনিট" (the pulse, in Bengali digits, which the reader's \d reads)
    _L("নাড়ি", r"নাড়ি|নাড়ী|পালস", "heart_rate", "bn", meaning="the pulse in Bengali"),
    _L("rhythme sinusal à", r"(?:rythme\s+sinusal|ritmo\s+sinusal|ritmo\s+sinusale|Sinusrhythmus|sinusritme|"
                            r"(?:tachycardie|bradycardie)\s+sinusale|"
                            r"taquicardia\s+sinusal|bradicardia\s+sinusal|tachicardia\s+sinusale|"
                            r"bradicardia\s+sinusale|FA|FC)"
                            r"(?:\s+(?:régulier|regular|regolare|rapide|rápida|rapida))?\s*,?\s*(?:à|a|de|mit|met|von)",
       "heart_rate", "fr/es/it/de/nl", meaning="an ECG's sinus rhythm and its rate in other languages"),
    _L("rhythm at", rf"(?:{_RHYTHM}|sinus|NSR|AF(?:ib)?|AFL|SVT|atrial\s+(?:fibrillation|flutter))"
                    r"(?:\s+with\s+(?:RVR|rapid\s+ventricular\s+response))?\s*,?\s+(?:at\s+a\s+rate\s+of|at|@|to|with\s+(?:a\s+)?"
                    r"(?:ventricular\s+)?rate\s+of|(?:ventricular\s+)?rate(?:\s+of)?)", "heart_rate"),
    _L("rhythm", rf"{_RHYTHM}(?=[ \t]*:?[ \t]*\d{{2,3}}\b)", "heart_rate",
       unit=r"[ \t]*(?:bpm|b/min|/[ \t]?min|beats|[,;.)(\n]|$)",
       meaning="an ECG rhythm and its rate: 'sinus tachycardia 104 bpm', not 'atrial fibrillation 3 episodes'"),
    _L("ventricular rate", r"(?:mean\s+|average\s+)?(?:ventricular\s+)?(?:escape\s+rate|ventricular\s+(?:rate|response))(?:\s+of)?", "heart_rate"),
    _L("AF (ECG)", r"(?:AF(?:ib)?|AFL)(?:\s+(?:w/|with)\s*RVR)?(?=[ \t:~]*(?:[4-9]\d|[1-3]\d\d)\b)", "heart_rate", context=_ECG,
       case_sensitive=True, meaning="an ECG's atrial fibrillation and its rate: 'ECG: AF w/ RVR 116', 'ECG: AF ~140'"),
    _L("rhythm (other languages)", r"(?:sinus(?:tachycardie|bradycardie|ritme|rytm|rhythmus|takykardi|bradykardi)|"
                                   r"Sinus(?:tachykardie|bradykardie)|(?:taquicardia|bradicardia|ritmo)\s+sinusal|"
                                   r"(?:tachicardia|bradicardia|ritmo)\s+sinusale|(?:tachycardie|bradycardie)\s+sinusale|"
                                   r"rythme\s+sinusal|(?:tachykardia|bradykardia)\s+zatokowa|rytm\s+zatokowy|"
                                   # Hebrew "קצב סינוס 104"
                                   r"קצב\s+סינוס)"
                                   r"(?=[ \t]*:?[ \t]*\d{2,3}\b)", "heart_rate", "nl/de/sv/es/it/pt/fr/pl",
       unit=r"[ \t]*(?:bpm|b/min|/[ \t]?min|lpm|spm|[,;.)(\n]|$)",
       meaning="an ECG's sinus rhythm and its rate: 'sinustachycardie 114/min', 'taquicardia sinusal 112 lpm'"),
    _L("AS (akcja serca)", r"AS(?:[ \t]+(?:nie)?miarow[aey])?|"
                           r"(?:akcj[aięą]|czynno(?:ść|sc|ścią)|rytm(?:em)?)\s+(?:serca|komór)"
                           r"(?:\s+(?:nie)?miarow[aey])?(?:,?\s+(?:ok\.|około))?(?:\s+do)?", "heart_rate", "pl",
       only_in=("pl",),
       unit=r"[ \t]*/[ \t]?min",
       case_sensitive=False, meaning="akcja serca, czynność serca, the heart's rate in Polish: 'AS niemiarowa "
                                    "112/min', "
                                    "'Czynność serca miarowa, ok. 104/min'"),
    _L("SR", r"N?SR", "heart_rate", "en/de", unit=RATE_UNIT, context=_ECG, case_sensitive=True,
       meaning="sinus rhythm (Sinusrhythmus) on an ECG"),
    _L("tachycardic to", r"(?:tachy|brady)cardi(?:c|a)\s+(?:(?:up\s+)?to|at|in\s+the|of)|"
                         r"(?:tachy|brady)cardia(?=[ \t]+\d{2,3}[ \t]*(?:/[ \t]?min|bpm|b/min))|"
                         r"(?:tachy|brady)(?=[ \t]+\d{2,3}\b)|"
                         # its value in brackets: "tachycardic (118)"
                         r"(?:tachy|brady)cardi(?:c|a)(?=[ \t]*\([ \t]*\d{2,3}[ \t]*\))", "heart_rate",
       meaning="'tachycardic to 130', and the short 'tachy 104'"),
    _L("P", r"P", "heart_rate", weak=True, case_sensitive=True),
    _L("Puls", r"puls(?:frequenz)?|pols|pouls|polso|pulso|tętno", "heart_rate", "de/nl/sv/fr/it/es/pl",
       not_after=r"(?:deficit\s+de|deficyt)\s*$"),
    # Turkish "KTA 88/dk" (kalp tepe atımı)
    _L("KTA", r"KTA", "heart_rate", "tr", unit=r"[ \t]*/[ \t]?dk\b", case_sensitive=True,
       meaning="kalp tepe atımı, the heart rate in Turkish, with '/dk'"),
    _L("frekvens (heart)", r"frekv(?:ens|\.)?|frequenz|frequentie|fréquence|frecuencia|frequenza|tachykard\w*|"
                           r"bradykard\w*|czynność(?:\s+(?:nie)?miarowa)?,?|tachycard,?|bradycard,?", "heart_rate",
       "sv/de/nl/fr/es/it", context=_HEART_EXAM, meaning="the rate on the line of the heart's examination"),
    # English "CV: irreg irreg, rate ~90 on my exam"
    _L("rate (heart exam)", r"(?:ventricular\s+)?rate(?:\s+(?:of|about|approx\.?|around))?", "heart_rate", "en",
       context=_HEART_EXAM, not_after=r"(?:resp\w*|respiratory|breathing|ventilat\w*|set|infusion|drip|flow)[ \t]*$",
       meaning="the rate on the line of the heart's examination: 'CV: irreg irreg, rate ~90'"),
    _L("Tachykardie bis", r"(?:tachykardie|tachykard)\s+(?:bis|bis\s+zu|mit)", "heart_rate", "de",
       meaning="'Tachykardie bis 135/min'"),
    _L("Herzfrequenz", r"herzfrequenz|hartfrequentie|hjärtfrekvens|fréquence\s+cardiaque|frecuencia\s+card[íi]aca|"
                       r"frequenza\s+cardiaca", "heart_rate", "de/nl/sv/fr/es/it"),
    _L("Kammerfrequenz", r"kammarfrekvens|kammerfrequenz|fréquence\s+ventriculaire|frecuencia\s+ventricular|"
                         r"frequenza\s+ventricolare|ventrikelfrequentie|ventrikkelfrekvens|ventrikelfrekvens",
       "heart_rate", "sv/de/fr/es/it/nl/no/da", meaning="ventricular rate"),
    _L("Hf", r"Hf", "heart_rate", "de", only_in=("de",), case_sensitive=True,
       meaning="Herzfrequenz written 'Hf' (Finnish 'Hf' is the breathing rate)"),
    _L("HF", r"HF", "heart_rate", "de/nl", only_in=("de", "nl"), unit=RATE_UNIT, case_sensitive=True,
       meaning="Herzfrequenz, hartfrequentie (English HF is heart failure)"),
    # Finnish "syke 122", Czech "TF 128/min" (tepová frekvence), Greek "ΣΦ 104/min" (σφύξεις)
    _L("syke", r"syke|pulssi|tepová\s+frekvence|σφύξεις|pulzus\w*|pulz|mạch|tętn(?:ie|em|a)|"
                 # Hungarian "kamrafrekvencia" (the ventricles' rate), "szívfrekvencia"
                 r"kamrafrekvenci\w*|szívfrekvenci\w*", "heart_rate",
       "fi/cs/el/hu/sk/sl/vi/pl"),
    # Romania's "AV 122 b/min" (alura ventriculară), with its unit (English AV is atrioventricular)
    _L("AV", r"AV|Ps|FCC?", "heart_rate", "ro/ru", unit=RATE_UNIT + r"|[ \t]*в[ \t]+мин", case_sensitive=True,
       unit_or_vitals_line=True,
       meaning="alura ventriculară, puls, frecvența cardiacă (Romanian), pulsus ('Ps 96 уд/мин'), with the unit"),
    # the Indian Health Service's measurement codes ("PU 124   RS 26   TMP 102.3 F") and an apical pulse ("AP 104"),
    # on a line of other vital signs
    _L("PU", r"PU|AP", "heart_rate", "en (IHS)", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="pulse (IHS measurement code), apical pulse"),
    _L("σφ.", r"(?<![Α-Ωα-ωΆ-ώ])σφ\.", "heart_rate", "el", case_sensitive=True, unit=RATE_UNIT,
       meaning="σφύξεις abbreviated, with '/min'"),
    _L("KAH", r"KAH", "heart_rate", "tr", case_sensitive=True, unit=r"[ \t]*/[ \t]?dk\b",
       meaning="kalp atım hızı, the heart rate in Turkish, with '/dk'"),
    _L("ΣΦ", r"(?<![Α-Ωα-ωΆ-ώ])ΣΦ", "heart_rate", "el", case_sensitive=True, meaning="σφύξεις, the pulse in Greek"),
    # (and Taiwan's "心跳 80-95次/分", the heartbeat)
    _L("心率", r"心率|心跳|脉搏|脈搏|脈拍|心拍数|맥박|심박수", "heart_rate", "zh/ja/ko",
       meaning="heart rate, pulse: '心率108次/分'"),
    # Hindi "नाड़ी 112/मिनट", "पल्स 108/मिनट"
    _L("नाड़ी", r"नाड़ी|नाडी|पल्स|हृदय\s+गति", "heart_rate", "hi", meaning="the pulse, the heart rate in Hindi"),
    # (also "साँस की दर 32/मिनट", the rate of breath)
    _L("श्वसन दर", r"श्वसन(?:\s+दर)?|श्वास\s+दर|स(?:ाँ|ां)स(?:\s+की\s+दर)?", "respiratory_rate", "hi",
       meaning="the breathing rate in Hindi"),
    _L("रक्तचाप", r"रक्तचाप|बीपी|बी\.\s*पी\.?", "blood_pressure", "hi",
       meaning="the blood pressure in Hindi ('बीपी', the English letters written in Devanagari)"),
    _L("तापमान", r"तापमान", "temperature", "hi", meaning="the temperature in Hindi"),
    # Vietnamese "M 118 l/ph" (mạch), "NT 30 l/ph" (nhịp thở), "tần số 110 l/ph" (the heart's rate on its line)
    _L("M (mạch)", r"M|tần\s+số(?:\s+(?:tim|thất)(?:\s+trung\s+bình)?)?|nhịp\s+xoang(?:\s+(?:nhanh|chậm))?",
       "heart_rate", "vi",
       unit=r"[ \t]*(?:l/ph?|lần/ph(?:út)?|ck/ph?|nhịp/ph(?:út)?)\b",
       case_sensitive=True, meaning="mạch, the pulse in Vietnamese, and 'tần số' (rate; 'tần số tim', the heart's; "
                                    "'tần số thất', the ventricles'), always with 'l/ph' or 'l/p'"),
    _L("NT (nhịp thở)", r"NT|nhịp\s+thở|thở\s+(?:nhanh|chậm)", "respiratory_rate", "vi",
       unit=r"[ \t]*(?:l/ph?|lần/ph(?:út)?)\b",
       case_sensitive=True, meaning="nhịp thở, the breathing rate in Vietnamese, with 'l/ph'; 'thở nhanh 52 l/ph' "
                                    "(breathing fast)"),
    # "AF with RVR 140", "FA con RVR a 152 lpm": the ventricular rate of a fast atrial rhythm
    _L("RVR", r"RVR(?:\s+(?:a|at|of|to|de|in\s+the))?", "heart_rate", "any", unit=RATE_UNIT,
       meaning="rapid ventricular response and its rate, with the rate's unit"),
    _L("Nb", r"[Nn]b", "heart_rate", "tr", unit=r"[ \t]*/[ \t]?dk\b", case_sensitive=True, unit_or_vitals_line=True,
       meaning="nabız, the pulse in Turkish, with '/dk' or on a line of other vital signs ('TA 98/60, nb 108')"),
    _L("AS (Polish, with a word between)", r"AS[ \t]+(?:miarowa|niemiarowa|regularna|nieregularna|pravidelná|"
                                           r"nepravidelná)(?:,?[ \t]+(?:ok\.|około|cca\.?|asi))?", "heart_rate",
       "pl/sk/cs", unit=r"[ \t]*/[ \t]?min", case_sensitive=True,
       meaning="akcja serca miarowa 104/min, 'AS miarowa, ok. 100/min'; Slovak 'AS nepravidelná 138/min'"),
    _L("TF", r"TF", "heart_rate", "cs", only_in=("cs",), unit=RATE_UNIT, case_sensitive=True,
       meaning="tepová frekvence, the heart rate in Czech"),
    # (Serbian "срчана фреквенција 104/мин")
    _L("ЧСС", r"(?<![А-Яа-яЁёЇїІіЄє])(?:ЧСС|ЧЖС|СЧ|[Пп]ульс|[Пп]улс|срчана\s+фреквенција)(?![А-Яа-яЁёЇїІіЄє])",
       "heart_rate",
       "ru/uk/bg/sr/mk", meaning="частота сердечных (желудочковых) сокращений, сърдечна честота, пульс: the heart "
                                 "(ventricular) rate and pulse in Russian, Ukrainian, Bulgarian, Macedonian"),
    # Greek "ΚΣ 96/min" (καρδιακή συχνότητα); Lithuanian "ŠSD 92 k./min." (širdies susitraukimų dažnis); Estonian
    # "fr 116 x/min" (pulsisagedus); Swahili "Mapigo ya moyo 124/dak"; Malay and Indonesian "Nadi: 92/min"
    _L("ΚΣ", r"(?<![Α-Ωα-ωΆ-ώ])ΚΣ", "heart_rate", "el", case_sensitive=True, unit=RATE_UNIT, unit_or_vitals_line=True,
       meaning="καρδιακή συχνότητα, the heart rate in Greek"),
    _L("ŠSD", r"ŠSD|pulsas", "heart_rate", "lt", case_sensitive=True, meaning="širdies susitraukimų dažnis"),
    # Slovenian "FS 112/min" (frekvenca srca; an English "FS" is a fingerstick glucose), Latvian "pulss 88", Tamil
    # "நாடித்துடிப்பு: 88/நிமிடம்", "நாடி 94", Finnish "p 122" (pulssi) on a line of other vital signs
    _L("FS", r"FS", "heart_rate", "sl", only_in=("sl",), case_sensitive=True,
       meaning="frekvenca srca, the heart rate in Slovenian"),
    _L("pulss", r"pulss", "heart_rate", "lv/et", meaning="the pulse in Latvian and Estonian"),
    _L("நாடி", r"நாடித்துடிப்பு|நாடி", "heart_rate", "ta", meaning="the pulse in Tamil"),
    _L("p (pulssi)", r"p", "heart_rate", "fi", only_in=("fi",), case_sensitive=True, unit_or_vitals_line=True,
       meaning="pulssi, the pulse in Finnish notes' lower-case 'p 122', on a line of other vital signs"),
    _L("fr (Estonian)", r"fr", "heart_rate", "et", case_sensitive=True, unit=r"[ \t]*x[ \t]*/[ \t]*min\b",
       unit_or_vitals_line=True, meaning="pulsisagedus, the pulse in Estonian, with 'x/min' or on a line of other "
                                         "vital signs (Romance FR, upper case, is the breathing rate)"),
    # (not Malay "tekanan nadi 38", the pulse pressure)
    _L("mapigo ya moyo", r"mapigo(?:\s+ya\s+moyo)?|(?<!tekanan\s)nadi", "heart_rate", "sw/ms/id",
       meaning="the pulse in Swahili ('mapigo ya moyo'), Malay and Indonesian ('nadi')"),
    # Arabic, Hebrew, Icelandic and Slovenian pulse: "النبض 124", "דופק 44", "púls 108", "srčna frekvenca 120/min";
    # Arabic "التردد القلبي 128" (the heart's frequency, as Maghreb notes translate "fréquence cardiaque")
    _L("نبض", r"(?:ال)?نبض|دقات\s+القلب|(?:ال)?تردد\s+(?:ال)?قلب(?:ي)?|የልብ\s+ምት|"
       r"דופק|púls|srčn[ai]\s+(?:frekvenca|utrip)|frekvenca\s+srca|ضربان\s+قلب",
       "heart_rate", "ar/he/is/sl/fa", meaning="the pulse in Arabic ('التردد القلبي', the heart's "
                                                "frequency), Hebrew, Icelandic and Slovenian; Persian 'ضربان قلب' (the "
                                                "heart's beat)"),
    _L("ECG rate (other languages)", r"frekvencia(?:\s+komôr)?|frekvencij\w*(?!\s+disanja)|frekvence\s+komor|hız|"
                                     r"escape-?ritme|RS\s+[aà]|المعدل|szinuszritmus|sinus\s+ritmus",
       "heart_rate", "sk/hr/cs/tr/nl/it", unit=RATE_UNIT, context=_ECG,
       not_after=r"(?:disanj\w*|dihanj\w*|dech\w*|oddech\w*|solunum|breath\w*)[^\n]{0,15}$",
       meaning="an ECG's rate: 'frekvencia komôr 150/min', 'hız 46/dk', 'escaperitme 36/min', 'RS a 88 bpm'"),
    _L("FC", r"FC|Fc|F\.C\.", "heart_rate", "fr/es/it/pt", only_in=_ROMANCE, unit=RATE_UNIT, case_sensitive=True,
       unit_or_vitals_line=True, meaning="fréquence cardiaque, frecuencia cardíaca, frequenza cardiaca, frequência "
                                         "cardíaca (Québec 'Fc 108 rég.', Peru 'F.C.: 92 x'')"),
    # Albanian "FZ 112/min" (frekuenca e zemrës); Georgian "გცს 78 წთ-ში" (გულისცემის სიხშირე), "პულსი"
    _L("FZ", r"FZ", "heart_rate", "sq", case_sensitive=True, unit=RATE_UNIT, unit_or_vitals_line=True,
       meaning="frekuenca e zemrës, the heart rate in Albanian"),
    _L("გცს", r"(?<![\u10A0-\u10FF])(?:გცს|პულსი?)(?![\u10A0-\u10FF])", "heart_rate", "ka",
       meaning="გულისცემის სიხშირე, the heart rate, and the pulse in Georgian"),
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
    # Indonesian "TD 196/110" (tekanan darah); English TD (tetanus, to do) is never before a pressure-shaped pair
    _L("TD (pair)", r"TD", "blood_pressure", "id", case_sensitive=True,
       meaning="tekanan darah, the blood pressure in Indonesian, read only as a pair"),
    # Bengali "রক্তচাপ ১১০/৭০ মিমি পারদ"
    _L("রক্তচাপ", r"রক্তচাপ", "blood_pressure", "bn", meaning="the blood pressure in Bengali"),
    _L("BD (pair)", r"BD", "blood_pressure", "nl", case_sensitive=True,
       meaning="bloeddruk (Flemish), read only as a pair (English BD is twice daily)"),
    _L("Blutdruck", r"blutdruck|bloeddruk|blodtryck|tension\s+art[ée]rielle|pression\s+art[ée]rielle|"
                    r"presi[óo]n\s+arterial|tensi[óo]n\s+arterial|pressione\s+arteriosa|press[ãa]o\s+arterial|"
                    r"ciśnienie\s+tętnicze", "blood_pressure", "de/nl/sv/fr/es/it/pt/pl"),
    _L("TA", r"TA", "blood_pressure", "es/fr/pt/tr", only_in=_ROMANCE + ("tr",), unit=r"[ \t]*[cm]m[ \t]*Hg",
       case_sensitive=True, meaning="tensión arterial, tension artérielle, Turkish tansiyon arteriyel"),
    # Finnish "verenpaine", Czech "TK" (krevní tlak), Greek "ΑΠ" (αρτηριακή πίεση)
    _L("verenpaine", r"verenpaine|krevní\s+tlak|αρτηριακή\s+πίεση|huyết\s+áp|vérnyomás\w*", "blood_pressure",
       "fi/cs/el/vi/hu"),
    _L("HA", r"HA", "blood_pressure", "vi", unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="huyết áp, the blood pressure in Vietnamese, with mmHg (English HA is a headache)"),
    _L("ΑΠ", r"(?<![Α-Ωα-ωΆ-ώ])ΑΠ", "blood_pressure", "el", case_sensitive=True, meaning="αρτηριακή πίεση, the blood pressure in Greek"),
    _L("血压", r"血压|血壓|血圧|혈압", "blood_pressure", "zh/ja/ko", meaning="blood pressure"),
    # (and Amharic "የደም ግፊት", the blood's pressure)
    _L("ضغط الدم", r"ضغط\s+الدم|የደም\s+ግፊት|"
                   r"(?:ال)?ضغط\s+(?:ال)?شرياني|(?:ال)?ضغط|بلڈ\s+پریشر|ל[\"״”']ד|לחץ\s+דם|BÞ|blóðþrýstingur",
       "blood_pressure", "ar/he/is/ur", meaning="blood pressure in Arabic, Hebrew, Icelandic and Urdu"),
    _L("АД", r"(?<![А-Яа-яЁёЇїІіЄє])(?:АД|АТ|АН|ТА)(?![А-Яа-яЁёЇїІіЄє])", "blood_pressure", "ru/uk/bg/sr",
       case_sensitive=True, meaning="артериальное давление, артеріальний тиск, артериално налягане, тензија"),
    # Persian "فشار خون 138/82 mmHg"
    _L("فشار خون", r"فشار\s+خون", "blood_pressure", "fa", meaning="the blood pressure in Persian"),
    # Georgian "აწ 158/92 მმ ვწყ. სვ." (არტერიული წნევა)
    _L("აწ", r"(?<![\u10A0-\u10FF])(?:აწ|არტერიული\s+წნევა)(?![\u10A0-\u10FF])", "blood_pressure", "ka",
       meaning="არტერიული წნევა, the blood pressure in Georgian"),
    # Slovenian "KT 96/52 mmHg" (krvni tlak), Latvian "AS 114/66" (asinsspiediens; Polish and Slovak AS is the
    # heart's action), Tamil "இரத்த அழுத்தம் (BP): 110/70 mmHg"
    _L("KT", r"KT", "blood_pressure", "sl", only_in=("sl",), case_sensitive=True,
       meaning="krvni tlak, the blood pressure in Slovenian"),
    _L("AS (asinsspiediens)", r"AS|asinsspiediens", "blood_pressure", "lv", only_in=("lv",), case_sensitive=True,
       meaning="asinsspiediens, the blood pressure in Latvian"),
    _L("இரத்த அழுத்தம்", r"இரத்த\s+அழுத்தம்", "blood_pressure", "ta", meaning="the blood pressure in Tamil"),
    _L("AKS", r"AKS|AKD", "blood_pressure", "lt", case_sensitive=True,
       meaning="arterinis kraujo spaudimas (slėgis), the blood pressure in Lithuanian"),
    _L("TK", r"TK", "blood_pressure", "cs", only_in=("cs",), unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="krevní tlak, the blood pressure in Czech"),
    # French "PNI 161/93" (pression non invasive; English PNI is a nerve injury)
    _L("PNI", r"PNI", "blood_pressure", "fr", only_in=_ROMANCE, case_sensitive=True,
       meaning="pression non invasive, the cuff pressure in French"),
    _L("PA", r"PAO?", "blood_pressure", "fr/it/es/pt", only_in=_ROMANCE, case_sensitive=True,
       meaning="pression artérielle, pressione arteriosa, pressão arterial (English PA is the pulmonary artery)"),
    _L("BT", r"BT", "blood_pressure", "sv", only_in=("sv",), unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="blodtryck"),
    _L("TD", r"TD", "blood_pressure", "id", unit=r"[ \t]*mm[ \t]*Hg", case_sensitive=True,
       meaning="tekanan darah, the blood pressure in Indonesian, with mmHg"),
    # (a flowsheet row "BP (Systolic)", Russian "АД сист." and "АД диаст.")
    # (Swedish "systoliskt blodtryck 112", a NEWS2 row's, and "systoliskt BT")
    _L("SBP", r"SBPs?|systolic(?:\s+(?:(?:blood\s+)?pressure|BP))?|systolisch|systolique|sistolica|sistólica|"
              r"Sys\.?\s+BP|BP\s*\(\s*systolic\s*\)|АД\s+сист\.?|systoliskt\s+(?:blodtryck|BT)",
       "systolic_bp", not_after=_A_CHANGE),
    # Spanish and Portuguese "PAS 96–142 mmHg / PAD 50–76 mmHg" (presión arterial sistólica, diastólica)
    _L("TAS", r"TAS", "systolic_bp", "es", only_in=_ROMANCE, case_sensitive=True,
       meaning="tensión arterial sistólica"),
    _L("RR syst.", r"RR\s+syst\.?", "systolic_bp", "de", case_sensitive=True,
       meaning="the Riva-Rocci systolic pressure: 'RR syst. 96–134 mmHg'"),
    _L("PAS", r"PAS", "systolic_bp", "es/pt", only_in=_ROMANCE, case_sensitive=True,
       meaning="presión arterial sistólica, pressão arterial sistólica"),
    _L("PAD", r"PAD", "diastolic_bp", "es/pt", only_in=_ROMANCE, case_sensitive=True,
       meaning="presión arterial diastólica (English PAD is peripheral artery disease)"),
    _L("DBP", r"DBPs?|diastolic(?:\s+(?:(?:blood\s+)?pressure|BP))?|diastolisch|diastolique|diastolica|diastólica|"
              r"Dia\.?\s+BP|BP\s*\(\s*diastolic\s*\)|АД\s+диаст\.?",
       "diastolic_bp", not_after=_A_CHANGE),
    # respiratory rate
    _L("respiratory rate", r"resp(?:iratory|iration)?\.?\s+rate|respirations?|resps?\.?|resprate", "respiratory_rate"),
    # a ventilator's set rate is no breathing rate: "set RR 20", "RR (Set): 24"
    _L("R/R", r"R/R(?=[ \t:]*\d)", "respiratory_rate", "en (India)", case_sensitive=True,
       meaning="the respiratory rate as Indian case sheets write it: 'R/R: 22/min'"),
    # (Japanese and Chinese "設定RR 16", "设定RR": the set rate)
    _L("RR", r"RR(?![ \t]*\(?[ \t]*[Ss]et\b)|[Rr]r(?=[ \t:=]*\d)", "respiratory_rate", case_sensitive=True,
       not_after=r"(?:\bset|設定|设定|设置)[ \t]*$"),
    _L("tachypneic to", r"tachypn(?:o|e)ic\s+(?:to|at|in\s+the)|breathing\s+at|breathing\s+rate", "respiratory_rate"),
    _L("solunum sayısı", r"solunum\s+say[ıi]s[ıi]", "respiratory_rate", "tr", not_after=r"(?:yedek|ayarlanan|set)\s*$",
       meaning="the breathing rate in Turkish (a ventilator's backup rate, 'yedek solunum sayısı', is no reading)"),
    _L("SS", r"SS", "respiratory_rate", "tr", unit=r"[ \t]*/[ \t]?dk\b", case_sensitive=True, unit_or_vitals_line=True,
       meaning="solunum sayısı, the breathing rate in Turkish, with '/dk' or on a line of other vital signs"),
    _L("R", r"R", "respiratory_rate", weak=True, case_sensitive=True),
    _L("Atemfrequenz", r"atemfrequenz|adem(?:halings)?frequentie|andningsfrekvens|fréquence\s+respiratoire|"
                       r"frecuencia\s+respiratoria|frequenza\s+respiratoria|(?:częstość\s+)?oddech(?:ów|y)?|"
                       r"AH-?freq\.?|disanje|"
                       # Norwegian "resp.frekvens 24/min"
                       r"resp\.?\s*frekvens|respirasjonsfrekvens",
       "respiratory_rate", "de/nl/sv/fr/es/it/pl/sr/hr/no"),
    _L("Hf (hengitys)", r"Hf", "respiratory_rate", "fi", only_in=("fi",), case_sensitive=True,
       meaning="hengitysfrekvenssi, the breathing rate in Finnish"),
    _L("AF", r"AF", "respiratory_rate", "de/sv/nl", only_in=("de", "sv", "nl"), case_sensitive=True,
       not_after=r"eingestellte?[ \t]*$",
       meaning="Atemfrequenz, andningsfrekvens, ademfrequentie (English AF is atrial fibrillation)"),
    # Finnish "hengitystaajuus 34/min" and "hf 24/min", Czech "DF 24/min" (dechová frekvence), Greek "ΑΣ 18/min"
    _L("hengitystaajuus", r"hengitystaajuus|dechová\s+frekvence|αναπνοές|αναπν\.?\s*συχν\.?|αναπν\.|ademhaling|αναπνευστική\s+συχνότητα|呼吸数|呼吸频率|呼吸頻率|호흡수|nhịp\s+thở(?:\s+bệnh\s+nhân)?|légzésszám",
       "respiratory_rate", "fi/cs/el/vi/hu/zh/ja/ko"),
    # Urdu "سانس 22 فی منٹ", Bengali "শ্বাস ২৪/মিনিট", Chinese "呼吸 24次/分"
    # (Urdu "سانس کی رفتار: 22 فی منٹ", the breathing's speed; Amharic "የአተነፋፈስ መጠን 30/ደቂቃ", the breathing's rate)
    _L("سانس", r"سانس(?:\s+کی\s+(?:رفتار|شرح))?|শ্বাস(?:প্রশ্বাস|ের)?(?:\s+হার)?|呼吸(?=[ \t]*[:：]?[ \t]*\d)|"
               r"የአተነፋፈስ\s+መጠን", "respiratory_rate", "ur/bn/zh/am",
       meaning="the breathing in Urdu, Bengali, Chinese and Amharic"),
    # (not "ЧД аппарата 14/мин", the ventilator's rate)
    _L("ЧДД", r"(?<![А-Яа-яЁёЇїІіЄє])(?:ЧДД|ЧД|ДЧ|ЧДР|респираторна\s+фреквенција)(?![А-Яа-яЁёЇїІіЄє])"
              r"(?![ \t]+аппарат)",
       "respiratory_rate", "ru/uk/bg/sr",
       case_sensitive=True, meaning="частота дыхательных движений, the breathing rate in Russian, Ukrainian, Bulgarian"),
    _L("التنفس", r"(?:معدل\s+)?(?:ال)?تنفس|נשימות|קצב\s+נשימה|öndunartíðni", "respiratory_rate", "ar/he/is"),
    # Lithuanian "KD 20 k./min." (kvėpavimo dažnis), Estonian "HS 22 x/min" (hingamissagedus), Macedonian "дишење
    # 20/мин", Swahili "Kupumua 30/dak", Malay "Kadar pernafasan: 18/min"
    _L("KD", r"KD|HS", "respiratory_rate", "lt/et", case_sensitive=True,
       unit=r"[ \t]*(?:k\.?|x)[ \t]*/[ \t]*min\b", meaning="kvėpavimo dažnis, hingamissagedus, with '/min'"),
    _L("дишење", r"(?<![А-Яа-яЁё])(?:дишење|дишане)|kupumua|(?:kadar\s+)?pernafasan|(?:frekuensi\s+)?pernapasan|"
                 r"hingamissagedus|kvėpavimo\s+dažnis", "respiratory_rate", "mk/bg/sw/ms/id/et/lt"),
    _L("frekvencija disanja", r"(?:frekvencija|fr\.)\s+disanja|frekvenca\s+dihanja", "respiratory_rate", "hr/sr/sl"),
    # Slovenian "f skupna 22/min" (the total rate of a ventilated patient; "f nastavljena" is the set rate), Latvian
    # "elpošanas frekvence", "EF 18 x/min", Tamil "சுவாசம்: 18/நிமிடம்"
    _L("f skupna", r"f\s+skupna|f\s+skup\.", "respiratory_rate", "sl",
       meaning="the total breathing rate of a ventilated patient in Slovenian"),
    _L("elpošanas frekvence", r"elpošanas\s+frekvence|EF", "respiratory_rate", "lv", only_in=("lv",),
       unit=RATE_UNIT, case_sensitive=True, meaning="the breathing rate in Latvian, with its unit (English EF is the "
                                                     "ejection fraction)"),
    _L("சுவாசம்", r"சுவாசம்|சுவாச\s+விகிதம்", "respiratory_rate", "ta", meaning="the breathing in Tamil"),
    _L("HT", r"HT", "respiratory_rate", "fi", only_in=("fi",), unit=RATE_UNIT, case_sensitive=True,
       meaning="hengitystaajuus, the breathing rate in Finnish (English HT is hypertension or height)"),
    _L("RS", r"RS|FD", "respiratory_rate", "en (IHS)/sl", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="respirations (IHS measurement code), Slovenian frekvenca dihanja"),
    # Icelandic "ÖT 16/mín" (öndunartíðni), Georgian "სს 16 წთ-ში" (სუნთქვის სიხშირე), Polish "oddech pogłębiony
    # 28/min" (a breathing described, then its rate)
    _L("ÖT", r"ÖT", "respiratory_rate", "is", case_sensitive=True, unit=RATE_UNIT, unit_or_vitals_line=True,
       meaning="öndunartíðni, the breathing rate in Icelandic"),
    _L("სს", r"(?<![\u10A0-\u10FF])(?:სს|სუნთქვის\s+სიხშირე)(?![\u10A0-\u10FF])", "respiratory_rate", "ka",
       meaning="სუნთქვის სიხშირე, the breathing rate in Georgian"),
    _L("oddech (described)", r"oddech(?:,?\s+(?:pogłębiony|spłycony|przyspieszony|miarowy|regularny|wydolny|"
                             r"Kussmaula|kussmaulowski|płytki|wolny|szybki|zwolniony|nieregularny)){1,2},?",
       "respiratory_rate", "pl", unit=RATE_UNIT,
       meaning="a breathing described, then its rate: 'oddech Kussmaula 24/min'"),
    _L("ΑΣ", r"(?<![Α-Ωα-ωΆ-ώ])ΑΣ", "respiratory_rate", "el", case_sensitive=True, unit=RATE_UNIT,
       unit_or_vitals_line=True, meaning="αναπνευστική συχνότητα, the breathing rate in Greek, with '/min' or on a "
                                         "line of other vital signs ('15:10 ΑΠ 96/58, ΣΦ 118, ΑΣ 22')"),
    _L("hf", r"hf", "respiratory_rate", "fi", only_in=("fi",), unit=RATE_UNIT, case_sensitive=True,
       meaning="hengitystaajuus, the breathing rate in Finnish (English HF is heart failure)"),
    _L("DF", r"DF", "respiratory_rate", "cs", only_in=("cs",), unit=RATE_UNIT, case_sensitive=True,
       meaning="dechová frekvence, the breathing rate in Czech"),
    _L("AH", r"AH", "respiratory_rate", "nl", only_in=("nl",), unit=r"[ \t]*/[ \t]?min", case_sensitive=True,
       meaning="ademhalingsfrequentie"),
    _L("RF", r"RF", "respiratory_rate", "no/da", unit=RATE_UNIT, case_sensitive=True, unit_or_vitals_line=True,
       meaning="respirasjonsfrekvens (English RF is the rheumatoid factor): 'puls 112 – RF 28 – SpO2 89 %'"),
    _L("FR", r"FR|F\.R\.", "respiratory_rate", "fr/es/it/pt", only_in=_ROMANCE, unit=RATE_UNIT, case_sensitive=True,
       meaning="fréquence respiratoire, frecuencia respiratoria, frequenza respiratoria, frequência respiratória"),
    # oxygen saturation
    # (Urdu "آکسیجن سیچوریشن: 96%", the oxygen saturation)
    _L("SpO2", r"Sp[O0][2₂]|Sa[O0][2₂]|SatO[2₂]|Sat\.?\s?O[2₂]|SO2|O[2₂]\s*sat(?:uration)?s?|o2sat|"
               r"(?:آکسیجن\s+)?سیچوریشن|"
               r"oxygen\s+sat(?:uration)?s?|"
               r"pulse[\s-]?ox(?:imetry|imeter)?|p\s?ox|oximetry|(?:fingertip\s+)?oximeter|"
               r"sat(?:uration)?(?:'?s)?|sat'?(?:t)?ing|saturating|"
               r"desat(?:urat)?(?:ed|ing|ion)?\s+to|hypox(?:ic|emic)\s+to|"
               # Portuguese and Spanish desaturation "to": "dessaturação até 86%", "desaturación hasta 85%"
               r"dessatura\w*\s+(?:até|para)|desaturaci[óo]n\s+(?:hasta|a)|"
               # "episódio de dessaturação (86 %)"
               r"dessatura\w*(?=[ \t]*\([ \t]*\d{2}[ \t]*%)", "oxygen_saturation", "en/fr/es/it/pt"),
    _L("Sättigung", r"(?:sauerstoff)?s[äa]ttigung|saturatie|syrem[äa]ttnad|saturaci[óo]n|saturazione|saturacja|"
                    r"指脉氧|血氧饱和度|血氧飽和度|酸素飽和度|산소포화도",
       "oxygen_saturation", "de/nl/sv/es/it/pl/zh/ja/ko"),
    _L("O2", r"O2", "oxygen_saturation", needs_percent=True, case_sensitive=True),
    _L("סטורציה", r"סטורציה|רוויה|(?:ال)?تشبع(?:\s+الأكسجين)?|(?:súrefnis)?mettun|اشباع(?:\s+اکسیژن)?", "oxygen_saturation", "he/ar/is"),
    # temperature
    _L("afebrile (T)", r"afebril\w*(?=[ \t]*\([ \t]*\d{2,3}(?:[.,]\d)?[ \t]*(?:°[ \t]*[CF]?)?[ \t]*\))", "temperature",
       "en/da/sv/no/de", meaning="a temperature in brackets after 'afebrile': 'afebril (37,0)', 'afebrile (98.9)'"),
    _L("temperature", r"(?:(?:core|rectal|oral|tympanic|axillary|temporal|bladder|esophageal|oesophageal)\s+)?"
                      r"(?:temperature|temp\.?)s?|(?:körper)?temperatur|temperatuur|température|temperatura|"
                      r"(?:home\s+|oral\s+|ear\s+)?thermometer(?:\s+(?:reading|read|showed|said))?|体温|體溫|체온",
       "temperature", "en/de/nl/sv/fr/es/it/pt", not_after=_NOT_PATIENTS_TEMPERATURE),
    _L("T°", r"T[°ºª˚]|Temp\.", "temperature", "any", case_sensitive=True),
    _L("t тела", r"t\s+тела|(?<![А-Яа-яЁё])(?:температур[аыу](?:\s+тела)?|темп\.)", "temperature", "ru/uk/bg",
       meaning="температура тела, the body temperature in Russian"),
    _L("חום", r"(?:ال)?حرارة|חום|hiti|دما|(?:درجه\s+|درجہ\s+)?حرارت|তাপমাত্রা", "temperature", "ar/he/is/fa",
       not_after=_NOT_PATIENTS_TEMPERATURE, meaning="the temperature in Arabic, Hebrew, Icelandic and Persian"),
    _L("Т (Cyrillic)", r"(?<![А-Яа-яЁё])Т(?=[ \t]*\d{2}[.,]\d)", "temperature", "ru/bg/uk", case_sensitive=True,
       meaning="a Russian note's Cyrillic 'Т' before a temperature with a decimal: 'Т 36,5°С'"),
    _L("t (ru)", r"t(?=[ \t]*\d{2}[.,]\d)", "temperature", "ru", only_in=("ru",), case_sensitive=True,
       meaning="a Russian note's Latin 't' before a temperature with a decimal: 't 38,9'"),
    # (lower case too, as a discharge summary's prose writes it: "afebrile throughout, tmax 99.5")
    _L("Tmax", r"T\s?max|TMAX|tmax|T\s?min|T\s?curr(?:ent)?|Tm|Tc|Tt", "temperature", case_sensitive=True),
    _L("BT (body temperature)", r"BT(?=[ \t:]*\d{2}[.,]\d)", "temperature", "en (Japan, Korea)", case_sensitive=True,
       meaning="body temperature, always with a decimal ('BT 38.3'); Swedish BT is a blood pressure in mmHg"),
    # Finnish "lämpö 36,9", Czech "teplota", "TT 38,0 °C" (tělesná teplota), Greek "Θ 38,4 °C", Brazil's axillary "Tax"
    # (Amharic "የሙቀት መጠን 36.6°ሴ", the heat's measure)
    _L("lämpö", r"lämpö|teplota|θερμοκρασία|nhiệt\s+độ|testhő|suhu|joto|kehatemperatuur|የሙቀት\s+መጠን", "temperature",
       "fi/cs/el/vi/hu/am"),
    # Turkish "ateş 37,0" (the fever, as its notes label a temperature), Tamil "வெப்பநிலை"
    _L("ateş", r"[Aa]teş|வெப்பநிலை", "temperature", "tr/ta", not_after=_NOT_PATIENTS_TEMPERATURE,
       meaning="the temperature in Turkish ('ateş', the fever) and Tamil"),
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
                     r"(?:febrile|pyrexia|pyrexial|fever|febre|fièvre|fiebre|febbre|Fieber|koorts|feber|kuume\w*)"
                     r"(?=[ \t]*:?[ \t]*\d)|"
                     # an afebrile patient's temperature with its decimal: "afébrile 37,6", "afebrile 37.4"
                     r"af[ée]bril\w*(?=[ \t]*\d{2}[.,]\d)", "temperature", "en/pt/fr/es/it/de/nl/sv/fi",
       meaning="a fever's or a febrile patient's temperature: 'febrile to 39.4', 'fever 38.9 at home', Finnish "
               "'kuumetta 38,7'"),
    _L("T", r"T", "temperature", weak=True, case_sensitive=True, not_after=_LAB_T),
)
del _L
