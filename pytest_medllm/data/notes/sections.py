"""The sections of a clinical note and their kinds, which the choice rule of :mod:`pytest_medllm.data.note_vitals`
reads.

A line that starts with a label and a colon ("Physical Exam:", "O:", "VS:", "Obs @ triage:", "Constantes à l'arrivée :",
"Post-ROSC assessment (14:30):") or a known heading alone on its line ("PHYSICAL EXAM", "## Vital signs", "3. PHYSICAL
EXAMINATION", "DISCHARGE EXAM (transfer to floor)") opens a section; so does a paragraph of prose that opens with the
words of an examination or a discharge ("On exam, …", "on examination she …", "On arrival to the ED her vitals were …",
"At discharge, …": dictated notes without headings), until the paragraph ends, in a note where no heading names the
examination. A section's kind comes from its heading's words (:data:`SECTION_KINDS`, first match wins, in English,
German, Dutch, French, Spanish, Italian, Swedish, Portuguese and Polish): ``discharge`` (a discharge exam or vitals, not
a "discharge summary" title), ``exam`` (the examination the note documents: physical exam, O/E, objective, status,
admission or clinical findings, secondary survey, vitals/VS/obs blocks — inside a discharge section they stay discharge
—, triage, also a nurse's "Triage note (RN):" over its text, on arrival, initial vitals, primary survey, a baseline or
pre-procedure block, a timed assessment such as "Assessment at 14:30" or "Post-ROSC assessment (14:30)") or ``other``
(history, ED course, labs, plan, hospital course, addenda, interval events, a note's title alone on its line, "OB
Triage Note", and every repeat or later set: re-obs, rechecks, reassessments, repeat vitals, a second set,
"post-procedure vitals", "vitals after fluids", pre-hospital values: EMS, the field, an ambulance service by its
initials ("SWAST obs", "NIAS obs"), firefighters ("Pompiers"), a crew, the referring hospital, values quoted from
another team's record ("… per anaesthetic chart"), the observations of the place a retrieved or transferred patient
came from ("Clinic obs 0600" in such a note), and the ward's observations a MET call quotes, "Ward obs 12:00:"). A
label the table does not know ("Gen:", "CV:", "A:") continues the section it is in; after an SBAR or SOAP letter the
label that follows is the heading ("A: Assessment on RRT arrival (14:25):", "A – CCOT assessment 16:15:"). A line that
opens with triage and goes on with its category, system, time or nurse ("Triage (MTS) 21:26 – ORANGE – discriminator:
…", "TRIAGE ore 12:40 – codice 2") opens the triage block; so do "Categorización ESI", "Segregacja medyczna", "Tri
IAO", a medical assistant's "MA intake", "Aufnahmestatus"; a referral's, a retrieval flight's ("RFDS in flight"), an
ambulance service's ("NAS handover") and the last routine set before a change ("Last routine VS") are from before.
A triage line may name its system first ("SATS triage 10:48 (SN …) – ORANGE"); "Tri IOA", Turkish "Triaj", Brazil's
"Acolhimento com Classificação de Risco", an A–E assessment under its time ("A–E (23:20):"), a shift's "Flowsheet
(q1h)" and a heading after its time ("07:45 Vital Signs", "O/E 10.45 a.m.") open the examination; what another shift
or the ward's nurses handed over or reported ("Handover from days:", "Report from nights:", "RN-reported vitals
09:38:", "Nursing obs 01:10:", "Last vitals 04:00") is from before, and so are the observations of the clinic a
patient arrived from ("Arrived 18:32 – CareFlight", a "Referral:" heading). Czech "Objektivně", Finnish
"Tulotilanteessa" (on arrival) and Greek "Αντικειμενική εξέταση" open the examination; Czech "ZZS", Finnish "Ensihoito",
Greek "ΕΚΑΒ" and "Στο ΤΕΠ" (the ED quoted in a ward's note) are from before; so are the floor's vitals a rapid
response quotes ("Floor VS 02:00:") and the patient's own home readings ("Home BP log (Omron, L arm, …):").
Chinese and Japanese headings count, alone on their line or before a full-width colon ("体格检查", "来院時現症（14:15）：");
Slovak "Objektívny nález", Romanian "EXAMEN OBIECTIV (medic UPU, …)" (a "medic" is a physician there), Slovenian
"Triaža", Vietnamese "Khám", a long "PRIMARY SURVEY on arrival to …", a recovery unit's "PACU ADMISSION 11:50", SOAP's
"O (02:28)" and a triage line named by its nurse ("AHP triage (10:05)") open the examination; "after 5 min rest" in a
heading is how a set was taken, not a later set; Slovak RZP, Slovenian NMP, Romanian SAJ, Japanese 救急隊, Chinese 急诊,
a previous visit's values "copied forward" and the last recorded vital signs before a death are from before.
Triage lines of German ("MTS-Ersteinschätzung"), Polish ("TRIAŻ"), Greek ("Διαλογή") and Turkish ("Triyaj"), Brazil's
"EF (04:00)" and "SSVV", Turkish "Vital bulgular" and a Greek "Κλινική εικόνα κατά την εισαγωγή" open the examination;
a German NEF handover ("Übergabe NEF"), the "112" crew and a London ambulance's "LAS obs" are from before; Turkish and
Greek history, diagnosis and course headings end the section before them, and "κατά την έξοδο" is the discharge.
Romanian "Starea la internare" opens the examination and an ambulance crew ("Echipa AMU") is from before.
Swiss "Befunde bei Eintritt", Norwegian "Funn ved innkomst", Danish "Objektiv undersøgelse", Turkish "Muayenem
(10:30)", Hungarian "Triázs (…)", traditional Chinese "生命徵象" and a ward's "入病房評估" open the examination, and a
Chinese or Japanese heading spaced out for the eye ("体 格 检 查") is read as written together; Swiss "bei Austritt" is
the discharge, and the Hungarian ambulance service ("OMSZ", "mentő…") is from before. Arrival on the ward opens the
examination (Spanish "A su llegada a planta", Finnish "Tila osastolle tullessa", Greek "Κατά την άφιξη στην κλινική"),
and so does a triage line that opens with its system's name ("RETTS 15:44 – RÖD", "KTAS 2", "CTAS 3", Brazil's
"CLASSIFICAÇÃO DE RISCO (Manchester) 10:35 – LARANJA"); so do Hungarian "Fizikális vizsgálat", a Japanese department's
"当科初診時（…）" and an Italian team's own "Valutazione:"; a diagnosis heading ("Diagnostic la internare") never does.
Swiss "Eintrittsbefund", Estonian "Objektiivne leid vastuvõtul", Greek "Αντικειμενικά", Croatian "Somatski status",
Turkish "Servise kabul", Albanian "Triazhi" and "Ekzaminimi objektiv" and Georgian "ობიექტური გასინჯვა" open the
examination; the Estonian "kiirabi", the Croatian "HMP" ("na terenu"), Icelandic paramedics and an Albanian ambulance
crew are from before, and Estonian "Lahkumisel" is the discharge. In a note written after an operation (its first
lines say so: "POST-OP NOTE", Turkish "AMELİYAT SONRASI") the pre-operative block is from before, not the baseline
the note examines against; Danish, Norwegian and Icelandic admission notes are the admitting team's, and the Danish
"FAM-triage" is the emergency department's. SOAP letters written with a bracket ("O) V/S: …", "P）…"), Persian
"معاینه" and "علائم حیاتی", and a nurse's timed entry whose vital signs follow a sentence on its line ("1915 Received
report … VS at 2000: T 99.1 …") or open it ("06:00  V/S 측정함. BP …") open the examination.
A nurse's "0730 Assessment:", a German round's "Befund aktuell (07:30 Uhr)", India's "G/E" (Hindi "सामान्य परीक्षण"),
Norwegian "Observasjoner dagvakt", a heading with a qualifier after its time ("Lichamelijk onderzoek (03:00) – ABCDE:"),
"VITAL SIGNS — flowsheet (pasted from EHR)" and a "V/S" line that opens with its run of values ("14:30 V/S
192/106-88-20-36.6", "V/S 128/76-84-18-36.5") open the examination; Québec's paramedics ("TAP"), a New Zealand lead
maternity carer's obs ("LMC obs"), a Korean ambulance crew ("구급대"), a Norwegian or Swedish report from the night
("Rapport fra natt") are from before; a medication list's heading is never the examination ("Medikamente bei
Eintritt", "Traitement à l'entrée"). A heading that says the set is the writer's own opens the examination whatever
else it says ("Vitals on my assessment (21h10, after 1L Ringers)", "Initial crew VS", "At bedside (0905) - team's own assessment";
not an ECG "read by me" nor a repeat); so do Spanish "Evaluación primaria (ATLS) – 23:42", Mexico's "EF: Signos
vitales:" (two letters before the heading), Peru's "O/ Funciones vitales (07:00):", Danish "Objektivt:", Norwegian
"NEWS2-observasjoner kl. 08:15:", a heading with a time after a comma ("Lichamelijk onderzoek (ABCDE), 21:20:") and, in
a letter without an examination heading, "W badaniu przedmiotowym:", "On examination," after another sentence of its
paragraph. Whose note it is — an admitting team's ("ADMISSION NOTE - FMW (via Casualty)", a Swiss "Eintrittsbericht")
or the emergency department's — is read by :mod:`.note_authors`. A Russian or Ukrainian epicrisis's paragraph that
opens "При поступлении" (on admission), a Swiss ICU's "Befund bei IPS-Eintritt" and a Bengali examination "at the
ICU admission" ("পরীক্ষা (আইসিইউতে ভর্তির সময়)") open the examination, and so do Swahili "Uchunguzi (wodini)" and
"Vipimo muhimu"; a British consultant's "O/E (PTWR)" on the post-take ward round is the writer's own, and an SBAR or
SOAP "A:" alone on its line before "Airway - …" is an outreach team's A–E assessment. A US discharge summary's
"Admission PE" and Taiwan's "入院理學檢查" open the examination; "post-ictal" in a heading ("On arrival to PAU
(post-ictal, rousable)") is the patient's state, not a later set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .section_kinds import SECTION_KINDS


@dataclass(frozen=True)
class Section:
    """A stretch of the note under one heading; ``label`` is the heading as written ("" before the first)."""

    label: str
    kind: str  # "exam", "discharge" or "other"
    start: int
    end: int


#: (Devanagari's and Bengali's vowel signs are no word characters to Python's regular expressions: "जाँच" is one word)
#: (a time may stand inside it: Finnish "Salissa klo 08:05 ennen induktiota:", in the theatre before induction)
_LABEL_WORD = r"[^\W_](?:[\w\u0900-\u097F\u0980-\u09FF/&.,'’@\-– ]|" \
              r"(?<=[^ \t][ \t])\d{1,2}:\d{2}(?=[ \t][^\W\d_])){0,60}?"
#: A line that starts with a label and a colon; after an SBAR or SOAP letter the heading is the label that follows it
#: ("A: Assessment on RRT arrival (14:25):", "O: Vitals:").
_HEADING = re.compile(
    rf"^[ \t]*(?:[-*•#@]+[ \t]*)?"
    # a time before a heading of words: "19:00 On arrival to PNW:" (not a timed entry's "16:00 V/S:")
    rf"(?:\d{{1,2}}:\d{{2}}[ \t]+(?=[A-Z][a-z]+[ \t]+[A-Za-z]))?"
    rf"(?:(?P<letter>[A-Z]{{1,2}})[ \t]*[:–][ \t]+(?=[A-Z][A-Za-z](?:[^:\n]|:\d){{0,60}}:(?:\s|$)))?"
    rf"(?P<label>(?:{_LABEL_WORD}|\d{{1,2}}:\d{{2}})(?:[ \t]+\d{{1,2}}:\d{{2}}(?=[ \t]*[(\[]))?"
    # (a bracket may say at length whose history it is: "Anamnese (fremdanamnestisch lt. Pflegeheim/Rettung, …):")
    r"(?:\s*\([^()\n]{0,90}\)|\s*\[[^\[\]\n]{0,40}\]|（[^（）\n]{0,40}）)?"
    # a few words after the bracket, before the time: "Evaluare primară (ABCDE) la sosire, 18:45:"
    r"(?:(?<=\))[ \t]+[^\W\d_]+(?:[ \t]+[^\W\d_]+){0,2}(?=,?[ \t]+\d{1,2}:\d{2}[ \t]*:))?"
    r"(?:,?[ \t]+\d{1,2}:\d{2})?"
    r"(?:(?<=\))[ \t]+[–—-][ \t]+[^\W\d_][\w'’ ]{1,30}?)?)[ \t]*"
    r"(?::(?=\s|$)|：)", re.M)
#: A heading alone on its line: "PHYSICAL EXAM", "## Physical exam", "**Vital signs**", "Physical Examination",
#: also numbered ("3. PHYSICAL EXAMINATION", "II. Examination") or with a qualifier after it ("DISCHARGE EXAM
#: (transfer to floor)", "EXAMINATION - ON ADMISSION", "VITAL SIGNS — flowsheet (pasted from EHR)").
_BARE_HEADING = re.compile(r"^[ \t]*(?:#{1,6}[ \t]*|\*\*)?(?:(?:\d{1,2}|[IVX]{1,4}|[A-H])[.)][ \t]+|"
                           r"\d{1,2}:\d{2}[ \t]+)?"
                           # (or Italian "E.O." with its periods: "E.O. (ore 08:30)")
                           r"(?P<label>(?:E\.O\.|[A-ZÀ-Þ][A-Za-zÀ-ÿ /&'’\-–—]{1,60}?)"
                           r"(?P<qualifier>[ \t]*\([^()\n]{1,40}\)(?:[ \t]+[–-][ \t]+\d{1,2}[:.]\d{2})?|"
                           r"[ \t]*\[[^\[\]\n]{1,40}\]|"
                           r"[ \t]+\d{1,2}[:.]\d{2}(?:[ \t]*[ap]\.?m\.?)?)?)"
                           r"(?:\*\*)?"
                           r"[ \t]*(?::[ \t]*)?$",
                           re.M)
#: A heading of Chinese or Japanese alone on its line: "体格检查", "来院時現症（14:15）".
_CJK_HEADING = re.compile(r"^[ \t]*(?:\d{1,2}[.、][ \t]*)?(?P<label>[\u3040-\u30ff\u4e00-\u9fff]"
                          r"(?:[ \t\u3000]?[\u3040-\u30ff\u4e00-\u9fff]){1,11}"
                          r"(?:[（(][^（）()\n]{1,20}[）)])?)[ \t]*[：:]?[ \t]*$", re.M)
#: A Chinese or Japanese record's examination opened inside a paragraph: "…最高体温39.2℃。入院查体：T 38.9℃，P 118次/分".
_CJK_INLINE_EXAM = re.compile(r"(?<=[。，；,;])[ \t]*(?P<label>入院查体|入院时查体|入院時現症|体格检查|查体)(?=[：:])")
#: A Japanese or Chinese heading in lenticular brackets, its text after it on the line: "【来院時所見】14:35".
_BRACKETED_HEADING = re.compile(r"^[ \t]*【(?P<label>[^【】\n]{1,20})】", re.M)
#: A SOAP letter with a bracket, as Korean and Japanese progress notes write it: "O) V/S: 118/72 - 88 - 18 - 36.7",
#: "P）…", or with a slash, as Peruvian and Spanish ones do: "O/ Funciones vitales (07:00): PA 108/64".
_SOAP_BRACKET = re.compile(r"^[ \t]*(?P<label>[SOAP])[)）/][ \t]*(?=\S|$)", re.M)  # (alone on its line too: "O)")
#: A nurse's timed entry whose vital signs follow a sentence on its line: "1915 Received report from day RN. … VS at
#: 2000: T 99.1 F oral, P 88", "0745 D: Received pt from night RN, awake, … VS: T 98.4 oral": the set opens there;
#: so does a timed "V/S" that opens its line, before words or its run of values ("14:30 V/S 192/106-88-20-36.6").
_TIMED_ENTRY_VITALS = re.compile(r"^[ \t]*\d{4}\b[^\n]*?[.;,][ \t]+(?P<label>(?:VS|V/S|Vitals?)(?:[ \t]+(?:at|@)[ \t]*"
                                 r"\d{3,4})?)(?=[ \t]*:)|"
                                 # a timed entry that opens with its vital signs: "06:00  V/S 측정함. BP 132/78",
                                 # "14:04 initial V/S 164/96-98-20-36.6"
                                 r"^[ \t]*\d{1,2}:\d{2}[ \t]+(?P<entry>(?:initial[ \t]+)?(?:V/S|VS))"
                                 r"(?=[ \t]+(?:[^\W\d_]|\d{2,3}/\d))|"
                                 # or without its time, its values a run of hyphens: "       V/S 128/76-84-18-36.5"
                                 r"^[ \t]*(?P<run>V/S|VS)(?=[ \t]+\d{2,3}/\d{2,3}[ \t]*-[ \t]*\d)", re.M)
#: An SBAR or SOAP letter "A:" alone on its line whose next line opens the airway: an outreach team's or a ward's
#: A–E assessment ("A:" then "Airway - patent, talking", "Breathing - RR 28, SpO2 93% on 4L").
_LETTER_BEFORE_AIRWAY = re.compile(r"^[ \t]*A[ \t]*[:：)][ \t]*\n(?=[ \t]*(?:A[ \t]*[-–:][ \t]*)?Airway\b)", re.M)
#: The spaces between the characters of a Chinese or Japanese heading spaced out for the eye.
_CJK_SPACE = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff])[ \t\u3000]+(?=[\u3040-\u30ff\u4e00-\u9fff])")
#: A paragraph of prose that opens with the words of an examination or of a discharge ("On exam, …", "On
#: examination she …", "On arrival to the ED her vitals were …", "At discharge, BP …") is a section of that kind
#: until the paragraph ends (a blank line) or a heading comes; then the section it interrupted goes on. Dictated
#: notes without headings mark their examination this way; a note with a heading that names its examination is
#: cut at its headings only (its "On arrival to the ED, …" in the history stays history).
_LEAD_IN = re.compile(r"^[ \t]*(?P<label>(?:on|upon|at)[ \t]+(?:(?:the[ \t]+)?time[ \t]+of[ \t]+)?"
                      r"(?:(?:physical|clinical|my)[ \t]+)?(?:exam(?:ination)?|arr?iv\w*|admission|triage|discharge)"
                      # (Russian and Ukrainian epicrises: "При поступлении в ОРИТ состояние тяжёлое. … АД 78/40")
                      r"|o/e|при[ \t]+поступлении|при[ \t]+надходженні)\b(?=[ \t]*[,:;]|[ \t]+[a-zа-яёії])",
                      re.M | re.I)
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
#: The same words after another sentence of the paragraph, as letters and epicrises write them: "… NIHSS 12 pkt. W
#: badaniu przedmiotowym: RR 188/102 mmHg", "… in the ED. On examination, BP 150/90".
_INLINE_LEAD_IN = re.compile(r"(?<=[.;][ \t])(?P<label>W\s+badaniu\s+przedmiotowym|(?:On|At)\s+exam(?:ination)?|"
                             r"Bei\s+der\s+(?:Aufnahme)?[Uu]ntersuchung|À\s+l['’]examen(?:\s+clinique)?|"
                             r"Al\s+examen(?:\s+f[íi]sico)?|Ao\s+exame(?:\s+f[íi]sico)?)(?=[ \t]*[:,])")
#: A line that opens with triage and goes on with its category, its system, a time or a nurse's name ("Triage (MTS)
#: 21:26 – ORANGE – discriminator: …", "TRIAGE ore 12:40 – codice 2", "Triage akuttmottak (RETTS) kl. 19:40:
#: ORANSJE"): the triage block of the encounter begins there, whatever the rest of the line.
_TRIAGE_LINE = re.compile(r"^[ \t]*(?P<label>(?:(?-i:[A-Z]{2,6})[ \t]+)?"  # its system or its nurse: "SATS", "AHP"
                          r"(?:triage|triaje|triagem|triaj|triatge|triaža|triaż|triyaj|διαλογή|الفرز|[\w-]*ersteinschätzung|"
                          # a triage system by its name: Sweden's "RETTS 15:44 – RÖD", Korea's KTAS, Canada's CTAS
                          r"RETTS|KTAS|CTAS|classifica[çc][ãa]o\s+de\s+risco|"
                          r"tri[ \t]+I[AO]{2})\b(?![ \t]+(?:note|nurse|category\s+\d"
                          r"\s+in\b))[^\n:]{0,50})", re.M | re.I)


#: A sentence that opens with a place or a time and a comma is prose, whatever ends it ("In the ED, initial vitals:").
_PREPOSITIONAL_CLAUSE = re.compile(r"\s*(?:(?:in|at|on|upon|after|before|while|during)\b[^():]*,\s|"
                                   r"in\s+(?:the\s+)?(?:ED|ER|A&E|emergency)\b)", re.I)
#: A colon after these ends a sentence that introduces a list, not a heading ("In the ED, initial vitals were:",
#: "Exam was notable for:").
_PROSE_BEFORE_COLON = re.compile(r"\b(?:were|was|are|is|included?|showed|revealed|notable\s+for|significant\s+for|"
                                 r"remarkable\s+for)\s*$", re.I)


#: A note that says the patient came from elsewhere (retrieved, transferred, brought in, sent in by someone).
_CAME_FROM_ELSEWHERE = re.compile(r"\b(?:retriev\w+|arrived\s+(?:via|by|from)|arrived\s+\d{1,2}:?\d{2}\s*[–-]|"
                                  r"(?m:^referral\s*:)|transferred\s+(?:in\s+)?from|"
                                  r"brought\s+in\s+by|BIBA?\b|referred\s+(?:in\s+)?(?:by|from)|sent\s+in\s+(?:by|from)|"
                                  r"flown\s+in)", re.I)
#: The observations of the place such a patient came from: "Clinic obs 0600:", "GP vitals:", "Care home obs:".
_PLACE_OBS = re.compile(r"\b(?:clinic|gp|practice|surgery|health\s+cent(?:re|er)|nursing\s+home|care\s+home|"
                        r"residential\s+home|community|home)\s+(?:obs|observations|vitals?|vs|v/s)\b")


#: A note written after an operation says so in its title: "POST-OP NOTE", "AMELİYAT SONRASI SERVİS KABUL" (Turkish),
#: "Overflyttingsnotat fra postoperativ" (Norwegian).
_AFTER_OPERATION_TITLE = re.compile(r"(?i)\bpost[- ]?op\w*|\bpostoperat\w*|amel[iİı]yat\s+sonras[ıiI]")
#: A block of values from before the operation: "Pre-op vitals:", "Preoperatif (sabah 07:00):", "Preoperativt:".
_BEFORE_OPERATION = re.compile(r"\bpre[- ]?op\w*|\bpréop\w*|ameliyat\s+öncesi")


#: A heading that names an ECG, an image or a repeat of an earlier set is never the writer's own examination, whoever
#: read or took it ("ECG read by me", "Repeat BP after 5 min rest (by me)", "Orthostatics (done by me with RN)").
_NOT_AN_EXAMINATION = (r"(?!.*\b(?:ecg|ekg|cxr|ct|x-?ray|echo|repeat\w*|re-?check\w*|orthostat\w*|re-?assess\w*|"
                       r"re-?eval\w*)\b)")
#: A heading that says the writer examined the patient: "Physical exam (by me, 23:50)", "At bedside (0905) - team's own
#: assessment". The choice rule puts its set first (:func:`pytest_medllm.data.note_vitals.choose_mentions`).
BY_THE_WRITER = re.compile(rf"(?i)^{_NOT_AN_EXAMINATION}.*(?:\bby\s+me\b|\bteam['’]s\s+own\b|"
                           # a British consultant's post-take ward round: "O/E (PTWR)"
                           r"\bPTWR\b)")
#: A heading that says the set is the writer's own, whatever else it names (a place, a fluid given before it, the
#: crew that writes the record): "Vitals on my assessment (21h10, after 1L Ringers in casualty)", "Initial crew VS".
_OWN_SET = re.compile(rf"(?i)^{_NOT_AN_EXAMINATION}(?:.*\bon\s+my\s+(?:review|exam\w*|assessment|arrival)\b|"
                      r"my\s+(?:review|exam\w*|assessment|findings)\b|initial\s+crew\s+(?:vs|v/s|vitals?|obs)\b)")


def written_after_an_operation(text: str) -> bool:
    """Whether the note's first two lines say it was written after an operation (a post-operative or recovery note),
    where the values taken before the operation are quoted from before, not the note's own examination."""
    return bool(_AFTER_OPERATION_TITLE.search("\n".join(text.lstrip().split("\n")[:2])))


def section_kind(label: str, current: str, form: str = "bare", came_from_elsewhere: bool = False,
                 after_operation: bool = False) -> str | None:
    """The kind a heading gives its section; None for a label the table does not know (it continues ``current``).
    ``form`` "colon": a label followed by a colon and its text. ``came_from_elsewhere``: the note says the patient
    came from elsewhere, so that the observations of a place ("Clinic obs 0600:") are that place's, from before this
    encounter (a clinic's own note calls its observations so too, and keeps them as its vitals block).
    ``after_operation``: the note was written after an operation, so that a pre-operative block is from before."""
    # "after 5 min rest", "after 5 minutes seated": how a reading was taken, not a later set
    words = re.sub(r"\bafter\s+\d+\s*min\w*\s+(?:of\s+)?(?:rest|sitting|seated|supine|lying)\b", " ",
                   label.strip().lower())
    words = _CJK_SPACE.sub("", words)  # a heading spaced out for the eye: "体 格 检 查"
    if came_from_elsewhere and _PLACE_OBS.search(words):
        return "other"
    if after_operation and _BEFORE_OPERATION.search(words):
        return "other"
    if _OWN_SET.search(words) or BY_THE_WRITER.search(words):
        return "exam"  # "Vitals on my assessment (21h10, after 1L Ringers …)", "Initial crew VS": the writer's own set
    head = re.sub(r"\([^()]*\)", " ", words).strip()
    if re.fullmatch(r"(?:physical\s+)?exam(?:ination)?|o/e|objective", head) and re.search(
            r"\bon\s+(?:arrival|admission)\b", words):
        return "exam"  # "EXAM (on arrival to floor 22:10, after 1st unit)": the team's own exam, taken after a unit
    if form == "colon" and re.search(r"\bnote\b", words):
        # "Triage note (RN): 27 yo F … HR 124": a nurse's triage note written under its heading is the triage block;
        # a note's title ("OB Triage Note") stands alone on its line and stays a title
        inner = section_kind(re.sub(r"\bnote\b", " ", words), current)
        if inner == "exam":
            return inner
    for kind, pattern in SECTION_KINDS:
        if re.search(pattern, words):
            if kind == "block":  # a vitals block inside a discharge section is the discharge vitals
                return "discharge" if current == "discharge" else "exam"
            return kind
    return None


#: " P: 78 (03/05 09:48)", "R: 16", "T: 97.7": a vital sign's one-letter label with its value, not SOAP's Plan.
_LETTER_WITH_VALUE = re.compile(r"(?:[PRTprt]|EF)[ \t]*\d")


def _soap_letter_or_label(m: re.Match) -> str:
    """The heading of a line that opens with a SOAP or SBAR letter: the label after it when it is one ("O: Vitals:"),
    else the letter ("O: KU lemah, Kes: CM, … TD 100/60": an Indonesian objective line whose first words end in a
    colon)."""
    if m["letter"] and section_kind(m["label"], "other", "colon") is None:
        return m["letter"]
    return m["label"]


#: Pre-hospital values a triage nurse's paragraph quotes after another sentence: "… at 1935. EMS vitals on scene:
#: HR 132, BP 84/50." (from before, until the next heading).
_INLINE_FROM_BEFORE = re.compile(r"(?<=[.;][ \t])(?P<label>(?:EMS|Field|Ambulance|Paramedic|Pre-?hospital|Crew)"
                                 r"[ \t]+(?:vitals|VS|V/S|obs)(?:[ \t]+(?:on[ \t]+scene|en[ \t]+route))?)(?=[ \t]*:)")


def find_sections(text: str) -> list[Section]:
    """The note cut at its headings, and at its prose lead-ins when no heading names an examination; unknown labels
    ("Gen:", "A:") do not cut it."""
    headings = [(m.start(), m["label"], "bare") for m in _BRACKETED_HEADING.finditer(text)]
    headings += [(m.start(), _soap_letter_or_label(m), "colon") for m in _HEADING.finditer(text)
                if not _LETTER_WITH_VALUE.match(m["label"] + text[m.end():m.end() + 6])] + [
        (m.start(), m["label"], "bare") for m in _BARE_HEADING.finditer(text)] + [
        (m.start(), m["label"], "bare") for m in _CJK_HEADING.finditer(text)]
    starts = {start for start, _, _ in headings}
    headings += [(m.start(), m["label"], "triage line") for m in _TRIAGE_LINE.finditer(text) if m.start() not in starts]
    headings += [(m.start(), m["label"], "lead-in") for m in _CJK_INLINE_EXAM.finditer(text) if m.start() not in starts]
    headings += [(m.start(), m["label"], "colon") for m in _SOAP_BRACKET.finditer(text) if m.start() not in starts]
    headings += [(m.start(), m["label"], "colon") for m in _INLINE_FROM_BEFORE.finditer(text)]
    airway = {m.start() for m in _LETTER_BEFORE_AIRWAY.finditer(text)}  # "A:" then "Airway - …": the A–E block
    headings = [h for h in headings if h[0] not in airway] + [(start, "A–E assessment", "colon") for start in airway]
    headings += [(m.start("label"), m["label"], "colon") if m["label"] else (m.start(), m["entry"] or m["run"], "colon")
                 for m in _TIMED_ENTRY_VITALS.finditer(text) if m["label"] or m.start() not in starts]
    elsewhere = bool(_CAME_FROM_ELSEWHERE.search(text))
    after_operation = written_after_an_operation(text)
    sections = _cut(text, sorted(headings), elsewhere, after_operation)
    if any(s.kind == "exam" for s in sections):
        return sections
    lead_ins = [(m.start(), m["label"], "lead-in") for m in _LEAD_IN.finditer(text)]
    lead_ins += [(m.start(), m["label"], "lead-in") for m in _INLINE_LEAD_IN.finditer(text)]
    return _cut(text, sorted(headings + lead_ins), elsewhere, after_operation)


def _cut(text: str, headings: list[tuple[int, str, str]], elsewhere: bool = False, after_operation: bool = False
         ) -> list[Section]:
    """The sections that ``headings`` (position, label, form) open (``elsewhere``: the patient came from elsewhere;
    ``after_operation``: the note was written after an operation)."""
    cuts: list[tuple[int, str, str]] = []
    current = "other"
    resume: tuple[int, str, str] | None = None  # where a lead-in's paragraph ends, and the section it interrupted
    for start, label, form in headings:
        if resume and start >= resume[0]:
            cuts.append(resume)
            current, resume = resume[2], None
        kind = section_kind(label, current, form, elsewhere, after_operation)
        words = len(re.sub(r"\([^()]*\)|\[[^\[\]]*\]", "", label).split())
        long_exam = kind == "exam" and re.match(r"(?i)\s*(?:primary|secondary)\s+survey\b|\s*physical\s+exam|"
                                                r"\s*vital\s+signs\b", label)
        if kind is None or (form == "bare" and ((words > 5 and not (long_exam and words <= 10)) or
                                                (kind == "other" and words > 3))):
            continue  # a title line ("MICU ADMISSION NOTE"), a sentence or a sub-label: the section goes on
        if len(re.sub(r"\([^()]*\)", "()", label)) > 60 or (form == "lead-in" and kind not in ("exam", "discharge")):
            continue
        if form == "colon" and (_PROSE_BEFORE_COLON.search(label) or _PREPOSITIONAL_CLAUSE.match(label)):
            continue  # "In the ED, initial vitals were: …": a sentence of the history introducing a list
        if form == "lead-in":
            kind = "discharge" if current == "discharge" else kind  # "On exam" under a discharge heading
            previous = cuts[-1] if cuts else (0, "", "other")
            end = _PARAGRAPH_END.search(text, start)
            resume = (end.end() if end else len(text), previous[1], previous[2])
        else:
            resume = None
        cuts.append((start, label.strip(), kind))
        current = kind
    if resume and resume[0] < len(text):
        cuts.append(resume)
    sections, previous = [], (0, "", "other")
    for cut in cuts:
        if cut[0] > previous[0]:
            sections.append(Section(previous[1], previous[2], previous[0], cut[0]))
        previous = cut
    sections.append(Section(previous[1], previous[2], previous[0], len(text)))
    return sections
