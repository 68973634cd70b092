"""Whose note it is, which the choice rule of :mod:`pytest_medllm.data.note_vitals` reads: a note the admitting team
wrote (its title names an admission note, an H&P, a clerking, in any of the languages read, and not the emergency
department) puts the team's own examination before the emergency department's triage set or values it quotes under a
heading of their own (:func:`quotes_the_emergency_department`). A title that names the way the patient came in
("ADMISSION NOTE - FMW (via Casualty)") stays the admitting team's; Danish, Norwegian and Icelandic admission notes, a
Swiss "Eintrittsbericht", a Swedish "inskrivningsanteckning", a Japanese ICU's "入室時記録", an Arabic "ملاحظة
الدخول", a Bengali "ভর্তি নোট", a British post-take ward round, a Vietnamese "Bệnh án" and a Swahili "Maelezo ya
kulazwa" are admitting teams' (a Japanese note's "ER来院時" and a Vietnamese "Khoa Khám bệnh" are the emergency
department it quotes, and so is a Malay "Jabatan Kecemasan (triaj …)"); a note that triages by ETAT,
anywhere in it, is a ward triaging its own admissions. Pure functions of the text.
"""

from __future__ import annotations

import re

#: A note's title or first lines that say the admitting team wrote it: an admission note, an H&P, a clerking, an
#: Indian ward's case sheet.
_ADMISSION_TITLE = re.compile(r"(?i)\b(?:admission|admit(?:ting)?|H\s*&\s*P|history\s*(?:and|&)\s*physical|clerking|"
                              r"aufnahme|"
                              r"ingreso|ingr[eé]s|admisi[oó]n|entr[ée]e|ricovero|opname|hospitali[sz]ation|"
                              r"admiss[ãa]o|internamento|case\s+sheet|"
                              # Danish, Norwegian and Icelandic admission notes
                              r"indlæggelses(?:notat|journal)|innleggelses(?:notat|journal)|innlagnarnót\w*|"
                              # a British "Post-take ward round", a Vietnamese inpatient record "Bệnh án", a Swahili
                              # "Maelezo ya kulazwa" (notes of the admission)
                              r"post[- ]take|bệnh\s+án|kulazwa|"
                              # a Swiss "Eintrittsbericht", a Swedish "inskrivningsanteckning"
                              r"eintritts\w*|inskrivning\w*)\b|"
                              # Korean "[입원기록]", Chinese "入院记录" (and a discharge record's "入院日期"), Persian
                              # "شرح حال بدو ورود" (history on arrival), "بستری" (admitted)
                              r"입원|入院|بدو\s+ورود|بستری|"
                              # a Japanese ICU's admission record "【ICU入室時記録】", Arabic "ملاحظة الدخول" (the
                              # admission note), Bengali "ভর্তি নোট"
                              r"入室|ملاحظة\s+الدخول|ভর্তি\s+নোট")
#: ... unless the emergency department wrote it, or the admitting place is the emergency unit itself ("ER ADMITTING
#: NOTES", "MEDICAL EMERGENCY UNIT – ADMISSION CLERKING", "CASUALTY / ADMISSION NOTES"), or the ward triages its own
#: admissions (ETAT+ in a paediatric admission record, an acute receiving unit).
_EMERGENCY_TITLE = re.compile(r"(?i)\b(?:emergency\s+(?:department|medicine|room|physician|provider|note|ward|unit)|"
                              r"casualty|ER\s+admitting|acute\s+(?:care|receiving)\s+unit|ETAT\+?|"
                              r"ED\s+(?:provider|physician|note|attending|course\s+note)|A&E|urg[eê]ncias?|notaufnahme|"
                              r"urgences|pronto\s+soccorso|EM\s+note|ER\s+note|triage\s+note)\b")
#: The heading of a block the admitting team quotes from the emergency department ("ED Triage Vitals", "Triage:",
#: "ED (08:41)"), which is not its own examination ("Physical exam (ED team)" is one).
_QUOTED_EMERGENCY = re.compile(r"(?i)triage|\bED\b|emergency|"
                               # (a Japanese note's "ER来院時", on arrival at the ER: no word boundary before 来)
                               r"(?<![A-Za-z])ER(?![A-Za-z])|救急外来|A&E|casualty|urgenc|notaufnahme|\bZNA\b|\bSEH\b|"
                               # French "Au SAU (arrivée 11h20)" (service d'accueil des urgences)
                               r"pronto|\bSAU\b|"
                               # (Malay and Turkish "triaj"; Malay "Jabatan Kecemasan", the emergency department)
                               r"akuten|akutmottag\w*|tri[aá]ge?\w*|triaj\b|kecemasan|"
                               # the Danish ("FAM-triage"), Icelandic, Croatian and Estonian emergency departments
                               # (Vietnamese "Khoa Khám bệnh", the examination department that receives patients
                               # before a ward)
                               r"khám\s+bệnh|"
                               r"akutmodtag\w*|\bFAM\b|bráðamóttak\w*|\bOHBP\b|\bEMO\b|تریاژ|اورژانس|الطوارئ|الفرز")
#: The way a patient came in, named in an admitting team's title: "(via Casualty)", "via ED", "from A&E".
_CAME_THROUGH = re.compile(r"(?i)\b(?:via|through|from|seen\s+in)\s+(?:the\s+)?(?:casualty|ED|ER|A&E|"
                           r"emergency(?:\s+(?:department|room|unit))?)\b")
_OWN_EXAM_WORDS = re.compile(r"(?i)exam|physical|\bO/E\b|status|befund|objekti\w*")


def admitting_team_note(text: str) -> bool:
    """Whether the note's title says a team other than the emergency department wrote it (an admission note, H&P or
    clerking): there the team's own examination comes first, and the ED's triage set it quotes is from before. The
    title is the first line of the note's head that names an admission or the emergency department; the ED named on a
    later line ("Seen in A&E, Bay 4") does not make it the ED's note."""
    head = _CAME_THROUGH.sub(" ", text[:400])  # "ADMISSION NOTE - FMW (via Casualty)": the ward's, not casualty's
    title = next((line for line in head.split("\n") if _ADMISSION_TITLE.search(line) or _EMERGENCY_TITLE.search(line)),
                 "")
    return bool(_ADMISSION_TITLE.search(title)) and not _EMERGENCY_TITLE.search(title) and \
        not re.search(r"\bETAT\+?", text)  # a ward that triages its own admissions, whichever line says so


def quotes_the_emergency_department(label: str) -> bool:
    """Whether a section's heading names the emergency department's triage or values, not an examination."""
    return bool(_QUOTED_EMERGENCY.search(label)) and not _OWN_EXAM_WORDS.search(label)
