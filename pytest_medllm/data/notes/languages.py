"""Which languages besides English a clinical note is partly written in, from words that only those languages use.

Local abbreviations mean other things in other languages — German and Dutch "RR" is the blood pressure (Riva-Rocci),
German and Swedish "AF" the respiratory rate, French, Italian, Spanish and Portuguese "PA" the blood pressure where an
English "PA" is the pulmonary artery — so a label that is ambiguous across languages is read in its foreign sense only
in a note that shows that language (:mod:`.labels` says which labels, and what else vouches for them). A language is
*shown* when the note holds at least :data:`EVIDENCE` (three) different marker words of it (:data:`MARKERS`: function
words and clinical words English does not use, such as German "und", "Befund", "Raumluft", French "avec", "Constantes",
"depuis", Portuguese "não", "sexo", "internação", Polish "oraz", "przy", "wywiad", Finnish "potilas", Czech
"vyšetření", Greek "ασθενής", Turkish "hasta", Norwegian "pasienten", Danish "indlæggelse", Romanian "pacienta"); a
stray word or two — a "Herr" in an English letter — is not enough.
Pure functions of the text.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Language codes and names (the label table names them).
LANGUAGES = {"de": "German", "nl": "Dutch", "fr": "French", "es": "Spanish", "it": "Italian", "sv": "Swedish",
             "pt": "Portuguese", "pl": "Polish", "fi": "Finnish", "cs": "Czech", "el": "Greek", "tr": "Turkish",
             "no": "Norwegian", "da": "Danish", "ro": "Romanian", "ru": "Russian (and Ukrainian, Bulgarian)",
             "sl": "Slovenian", "lv": "Latvian"}

#: Marker words per language, lower-case; none is an English word or a common English abbreviation once
#: lower-cased ("des", "los", "med", "ne" are left out: drug-eluting stent, length of stay, medication,
#: norepinephrine). A word two languages share ("paciente") counts for both.
MARKERS: dict[str, frozenset[str]] = {code: frozenset(words.split()) for code, words in {
    "de": """und bei nach nicht keine kein keinen sowie unauffällig befund aufnahmebefund entlassungsbefund
        untersuchung körperliche anamnese verlauf diagnosen herr frau patientin jahre jährige jähriger raumluft
        rhythmisch geräusche ödeme therapie therapieempfehlung arztbrief kollegen kolleginnen grüßen freundlichen
        geehrte vorgeschichte beschwerden seit wegen zustand innere entlassung aufnahme herzfrequenz atemfrequenz
        blutdruck temperatur pulmo weich bds vesikuläres atemgeräusch oberarzt assistenzarzt linkstyp herzkatheter
        schmerzen keine""",
    "nl": """het een geen niet bij onderzoek lichamelijk jaar liggend staand zittend pols kamerlucht ziekenhuis
        conclusie beleid mevrouw meneer patiënte opname ontslag thuiszorg duizelig gewicht lengte heteroanamnese
        voorgeschiedenis klachten wordt zijn heeft naar voor valt ademhalingsfrequentie hartfrequentie bloeddruk
        temperatuur systolisch huisarts aanvullend verwijzing dagelijks dagen koorts zonder hoesten benauwd
        benauwdheid sinds rookt gebruikt vaker telefonisch telefonische""",
    "fr": """avec depuis chez sous une femme homme constantes fièvre douleur signes vitaux urgence infirmière
        patiente retour biologie glycémie poids habituel bilatéral oreillers dyspnée orthopnée oedème œdème séjour
        céphalées vomissements matin ictère raideur marbrures genoux parle mari que entrée réanimation arrivée
        artérielle fréquence cardiaque respiratoire température buccale irrég irrégulier jours""",
    "es": """años varón mujer hombre exploración física dolor fiebre urgencias informe motivo pruebas blando estado
        sudoroso perfundido izquierdo izquierda derecho derecha frecuencia tensión arterial días grado sedimento
        leucocitos plaquetas escalofríos litiasis uréter hidronefrosis gafas nasales servicio paciente consulta
        lpm rpm constantes""",
    "it": """gli della dello delle degli anni esame obiettivo esami signora paziente ospedale consulenza ritmico
        atti cefalea febbre dolore terapia dimissione ricovero anamnesi decorso conclusioni pressione frequenza
        arteriosa temporali arterie ecocolordoppler""",
    "sv": """och utan år sedan dygn kvinna bedömning sökorsak påverkad trött inga blåsljud krepitationer höger
        vänster puls oregelbunden syrgas förmaksflimmer kammarfrekvens akutmottagningen sjukhus journalanteckning
        underläkare andfåddhet feber är blodtryck andningsfrekvens nydebuterat pneumoni""",
    "pt": """não com sem uma anos sexo feminino masculino paciente queixa dispneia febre dor exame físico sinais
        vitais pressão arterial frequência cardíaca respiratória temperatura axilar ambiente ar internação alta
        hospitalar história doença atual conduta hipótese diagnóstica senhora senhor mulher homem está há dias""",
    "pl": """oraz przy się bez jest przez wywiad rozpoznanie zalecenia przyjęcia wypisu tętno oddech pacjentka
        pacjent chorej chorego lekarz dobie leczenie badanie przedmiotowe przytomna przytomny zorientowana
        zorientowany duszności bólu klatce piersiowej""",
    "fi": """ja ei oli potilas potilaan potilaalla tutkimus tutkimukset syke lämpö hengitystaajuus verenpaine
        huoneilmalla päivystys päivystykseen ensihoito lääkäri hoito jatkohoito sairaala tulotilanteessa kohteessa
        annettu eteisvärinä kammiovaste seuranta kotiin vuotias""",
    "cs": """při bez dle vyšetření objektivně příjmu příjem nemocnice léčba doporučení tepová dechová frekvence
        tlak teplota podán podána stav pacientka pacient neguje lékař let""",
    "el": """και με ασθενής ασθενούς εξέταση πίεση θερμοκρασία σφύξεις εισαγωγή εισαγωγής ετών άνδρας γυναίκα
        ζωτικά σημεία""",
    "tr": """ve ile yok hasta hastanın muayene nabız ateş tansiyon solunum acil servis yaşında bulgular tedavi
        ekibi olay yerinde""",
    "no": """ikke pasient pasienten pasientens innleggelse sykehus lege sykepleier vakt romluft blodtrykk puls
        respirasjonsfrekvens smerter gammel kvinne mann hun henne datteren etter også ble fått""",
    "da": """ikke patient patienten patientens indlæggelse indlæggelsen sygehus læge sygeplejerske blodtryk puls
        respirationsfrekvens smerter årig kvinde mand hun efter også blev fik ingen""",
    "ro": """și cu fără pacient pacienta pacientă pacientul internare examen obiectiv tensiune arterială alura
        ventriculară frecvența respiratorie febră durere ani vârsta spital prezentare""",
    "ru": """и в на с не без при после жалобы анамнез диагноз больной больная пациент пациентка лет поступлении
        осмотр состояние дыхание пульс давление температура тела мин отделение лечение скорая і на при хворий
        хвора пацієнт років стан болен болна пациентът години състояние""",
    "sl": """bolnik bolnika bolnica bolnico bolniku pri brez zdravnik zdravljenje sprejem sprejemu odpust
        pregled stanje dihanje dihanja srca krvni tlak frekvenca utrip izmene postelja opombe dogodki ponovno
        zvišan znižan ostaja odvzeti diureza sedirana intubirana""",
    "lv": """pacients pacienta pacientam pacientei nodaļa nodaļas nodaļā palāta ārsts ārsta māsa māsas sūdzības
        stāvoklis asinsspiediens pulss elpošanas frekvence temperatūra gadi gadus vīrietis sieviete slimnīca
        slimnīcas izmeklēšana anamnēze diagnoze operācija pēc nav atkārtoti nozīmēts informēts""",
}.items()}
#: Different marker words a note needs to show a language.
EVIDENCE = 3
_WORDS = re.compile(r"[^\W\d_]+", re.UNICODE)


@lru_cache(maxsize=256)
def note_languages(text: str) -> frozenset[str]:
    """The codes (:data:`LANGUAGES`) of the languages besides English the note shows."""
    words = {w.lower() for w in _WORDS.findall(text)}
    return frozenset(code for code, markers in MARKERS.items() if len(words & markers) >= EVIDENCE)
