"""Vital signs told in a sentence, in any language: a word of the vital sign, a few words, then the value in the form
only that vital sign takes.

Labels read a value right after their word, with a few known words between ("pulse of 92", "TA à 82/50"); a
sentence says more between them — "tachycarde à 118/min", "la freqüència cardíaca és de 78 bpm", "pulz je hmatný,
pravidelný, 132 za minútu", "Nadi radialis lemah, cepat, 134 kali per menit", "tensiunea arterială măsurată la sosire
este de 84 pe 48 mmHg", "الضغط 180 على 100", "فشار خون ۱۰۰ روی ۶۰", "saturația este de 91%". This reader takes such a
value when

* its form says what it is: a rate per minute (a heart or breathing rate, in the units of many languages: "/min",
  "za minútu", "kali per menit", "lần/phút", "回/分", "в минуту", "το λεπτό", "فی منٹ", also before the count:
  "dəqiqədə 92 vurğu"), a count without a unit that ends its clause ("breathing 22, saturating 96%"), a pair of
  pressures
  ("84 pe 48", "180 على 100", "138/84"), a percentage (a saturation), and
* the last word of a vital sign before it, in the same sentence and with no number between, is of that vital sign
  (a heart word makes the rate a heart rate, a breathing word a respiratory rate; any other word, "FiO2" among them,
  makes it nothing), and
* no bound or target stands between them or right after the value ("snížit TK pod 185/110", "শ্বাস ১৬/মিনিটের বেশি"),
  it is no end of a range ("130–140/λεπτό" is the range reader's), and it is not a relative's reading.

The other readers run first (a number they took or refused is skipped); this one only adds. A pure function of the
text.
"""

from __future__ import annotations

import re

from .values import BOUND_AFTER_WORDS, RATE_UNIT, Found, read_pressure, read_single, someone_elses

#: Per minute, after a rate: the units labels know (RATE_UNIT) and the words sentences use.
_PER_MINUTE = (rf"(?:{RATE_UNIT}|"
               # (a count word before it: "124 batimentos por minuto", "128 battiti al minuto", "76 slag i minuttet",
               # "164 rrahje në minutë", "112 reizes minūtē", "108 kwa dakika", "30 ciclos por minuto")
               r"[ \t]*(?:-?(?:krát|krat|puta|пута|раз[аы]?|razy|fois|volte|veces|vezes|mal|kez|kere|batimentos|"
               r"battiti|latidos|pulsaciones|ciclos|respiraciones|respirações|slag|Schläge|rrahje|reizes|udar\w*|"
               r"удар\w*|vurğu|marta|удаа|mara|beats|breaths)[ \t]*)?"
               r"(?:(?:za|per|por|pe|pro|na|в|во|за|у|ανά|par|al|a|i|në|kwa|in[ \t]+der|in[ \t]+a|each)[ \t]+"
               r"(?:min[uú]t\w*|minuto|minute|min\b\.?|минут\w*|мин\b\.?|хв\w*|λεπτό|menit|perc\w*|dakika\w*|"
               r"minuttet|minutë|mínútu|daq\w*)|"
               # (a case ending says "in a minute" without a preposition: Latvian "minūtē", Armenian "րոպեում")
               r"minūtē|րոպեում)(?![^\W\d_])|"
               r"[ \t]*(?:marta|удаа)[ \t]*/[ \t]*(?:daq|мин)|[ \t]*զ/ր|[ \t]*/[ \t]*ደቂቃ|[ \t]*x[´'’]|"
               r"[ \t]*(?:de[ \t]+)?(?:bătăi|respirații|respirații|lovitur\w*)|"
               r"[ \t]*(?:το|ανά)[ \t]+λεπτό|"
               r"[ \t]*(?:kali|x)[ \t]*(?:per|/)[ \t]*(?:menit|mnt)|"
               r"[ \t]*(?:lần|nhịp)[ \t]*/[ \t]*phút|"
               r"[ \t]*(?:回|次|회|拍)[ \t]*/[ \t]*(?:分|분|min)|"
               r"[ \t]*/[ \t]*(?:мин|хв|дак|phút|分|분|دقيقة|دقیقه|মিনিট|मिनट|นาที)|"
               r"[ \t]*(?:في|فی|در|فى)[ \t]+(?:ال)?(?:دقيقة|دقیقه|منٹ)|"
               r"[ \t]*(?:ב|ל)דקה|"
               r"[ \t]*प्रति[ \t]+मिने?ट|[ \t]*/[ \t]*मिनेट|[ \t]*ครั้ง[ \t]*/[ \t]*นาที|"
               r"[ \t]*(?:beats|breaths)[ \t]+(?:per|a|/)[ \t]*min\w*|[ \t]*per[ \t]+min\w*)")

#: The words of each vital sign a sentence names before its value (case-insensitive, but the abbreviations).
_HEART = (r"pulse|puls\w*|pols\w*|pulz\w*|pulzus\w*|pouls|púls|nəbz|mapigo[ \t]+ya[ \t]+moyo|srčni[ \t]+utrip|"
          r"(?:судасны|зүрхний)[ \t]+цохилт|пулс\w*|պուլս\w*|սրտի[ \t]+կծկումների[ \t]+հաճախություն\w*|ՍԿՀ|"
          r"გულისცემის[ \t]+სიხშირე|გსს|நாடித்துடிப்பு|YuUS|taquicárdic\w*|пульс\w*|пулс\w*|σφύξ\w*|nadi|"
          r"denyut(?:[ \t]+nadi)?|mạch|"
          r"nhịp[ \t]+tim|tần[ \t]+số[ \t]+tim|脈拍|脉搏|脈搏|心率|心拍\w*|맥박|심박\w*|نبض\w*|النبض|דופק|"
          r"नाड़ी|नाडी|नब्ज़?|নাড়ি|ชีพจร|nabız\w*|tętn\w*|syke|herzfrequenz|hartslag|hartfrequentie|"
          r"heart[ \t]+rate|fr[ée]quence[ \t]+cardiaque|frecuencia[ \t]+card[ií]aca|freq[üu][eè]ncia[ \t]+card[ií]aca|"
          r"frequ[eê]ncia[ \t]+card[ií]aca|frequenza[ \t]+cardiaca|ritmo[ \t]+card[ií]aco|"
          r"срчан\w*[ \t]+фреквенц\w*|частот\w*[ \t]+(?:серд\w*|пульс\w*|скорочень[ \t]+серц\w*)|"
          r"καρδιακ\w*[ \t]+συχνότητα|alur\w*[ \t]+ventricular\w*|frecven\w*[ \t]+cardiac\w*|"
          r"(?:tepov\w*|srdečn\w*|srdcov\w*)[ \t]+frekvenc\w*|częstość[ \t]+(?:akcji[ \t]+)?serca|szívfrekvencia|"
          r"kalp[ \t]+hız\w*|ventricular[ \t]+(?:response|rate)|κοιλιακή[ \t]+ανταπόκριση|"
          r"tachy?card\w*|tachicard\w*|taquicard\w*|tachykard\w*|tahikard\w*|тахікард\w*|тахикард\w*|ταχυκαρδ\w*|"
          r"bradycard\w*|bradicard\w*|bradikard\w*|bradykard\w*|брадикард\w*|βραδυκαρδ\w*|"
          r"(?-i:ЧСС|ЧШС|ЧСЖ|СФ|ΣΦ|HR|FC)")
_BREATH = (r"resp(?:ir\w*|\.)?|hingamissagedus|elpošanas[ \t]+frekvence|frekvenca[ \t]+dihanja|frymëmarrj\w*|"
           r"öndunartíðni|anapumua|tənəffüs[ \t]+sayı|амьсгал\w*(?:[ \t]+тоо)?|շնչառության[ \t]+հաճախություն\w*|"
           r"श्वासप्रश्वास|சுவாசம்|(?-i:NOS|Дф)|taquipneic\w*|frecven\w*[ \t]+respirator\w*|dých\w*|dýcha\w*|"
           r"dycha\w*|diše|dise|дише|дисао|дихан\w*|"
           r"дыхан\w*|дыш\w*|αναπν\w*|napas|pernapasan|nhịp[ \t]+thở|呼吸|호흡|تنفس|التنفس|تنفسه|سانس|"
           r"נשימ\w*|श्वास|सांस|শ্বাস|การหายใจ|solunum\w*|oddech\w*|légzés\w*|hengity\w*|andning\w*|"
           r"ademhaling\w*|atemfrequenz|atmung|breath\w*|tachypn\w*|taquipn\w*|tachipn\w*|тахипн\w*|ταχύπνοι\w*|"
           r"polypn\w*|bradypn\w*|"
           r"(?-i:ЧД|ЧДД|FR)")
_SATURATION = (r"pulse[ \t]+ox\w*|"
               r"satur\w*|metning\w*|mettun|mettar|piesātinājum\w*|nasičenost|սատուրացի\w*|сатурац\w*|κορεσμ\w*|"
               r"sats?|oxim\w*|آکسیجن|اکسیژن|اشباع|تشبع\w*|التشبع|סטורציה|"
               r"רוויה|ऑक्सीजन|স্যাচুরেশন|산소[ \t]*포화도|血氧\w*|酸素飽和度|(?-i:SpO2|SaO2|SatO2|SO2)")
_PRESSURE = (r"blood[ \t]+pressure|pressure|blodtryk\w*|blóðþrýsting\w*|shinikizo[ \t]+la[ \t]+damu|təzyiq\w*|"
             r"даралт|ճնշում\w*|ԶՃ|წნევა|(?-i:AQB)|tensi[oó]n\w*|tensão|tensiun\w*|pressão|presi[oó]n\w*|pressione|"
             r"Blutdruck|bloeddruk|давлен\w*|притис\w*|тиск\w*|πίεση|tlak\w*|ciśnien\w*|vérnyomás\w*|"
             r"kan[ \t]+basınc\w*|tekanan[ \t]+darah|huyết[ \t]+áp|血压|血圧|혈압|ضغط\w*|الضغط|فشار\w*|"
             r"לחץ[ \t]+דם|blodtryck|blodtrykk|verenpaine|रक्तचाप|ब्लड[ \t]+प्रेशर|بلڈ[ \t]+پریشر|রক্তচাপ|ความดัน\w*|"
             r"(?-i:BP|RR|TA|ΑΠ|АД|АТ|TK|TD|KT|ל\"ד)")
#: Words of what is not a vital sign but is written like one: the last of them before a value makes it no reading.
_OTHER = (r"FiO2|EF|LVEF|PA[ \t]+pressures?|pulmonary[ \t]+(?:artery[ \t]+)?pressures?|RVSP|PASP|PAP|"
          r"(?-i:f|Vt|VT|PEEP|SIMV|PCV|IPAP|EPAP|Pinsp|LF)|"
          r"weight|peso|Gewicht|poids|вес|маса|масса|vaha|váha|waga|βάρος|وزن|משקל|"
          r"glyc\w*|glic\w*|glukos\w*|glucos\w*|глюк\w*|глик\w*|GCS|MAP|PAM|CVP|PVC|ЦВД|fetal\w*|fœtal\w*|fetal|"
          r"CTG|KTG|ECG|EKG|ЕКГ|ЭКГ|ΗΚΓ|心電図|心电图|심전도|تخطيط|אק\"ג|"
          # a ventilator's own rate: Russian "ЧД аппарата 14/мин"
          r"аппарат\w*")
#: A letter of the scripts that write words apart (Chinese, Japanese, Thai and Arabic glue words to what goes before).
_LETTER = r"A-Za-zÀ-ÿĀ-žА-Яа-яЁёЇїІіЄєЂ-џΑ-Ωα-ωΆ-ώ"
_WORDS = re.compile(rf"(?<![{_LETTER}])(?:(?P<other>{_OTHER})|(?P<saturation>{_SATURATION})|(?P<breath>{_BREATH})|"
                    rf"(?P<pressure>{_PRESSURE})|(?P<heart>{_HEART}))(?![{_LETTER}])", re.I)

#: A number, not a part of another (a date, a decimal, a range's second end).
_NUM = r"(?<![\d.,/:\-–—〜])(?<!\d~)(?<!\d[ \t]~)\d{2,3}(?!\d|[.,]\d)"  # "at ~14/min" (a range's "12~14" is not)
_RATE = re.compile(rf"(?P<n1>{_NUM})(?={_PER_MINUTE})|"
                   # "per minute" before the count: Azerbaijani "dəqiqədə 92 vurğu", Tamil "நிமிடத்திற்கு 98"
                   rf"(?<![^\W\d_])(?:dəqiqədə|நிமிடத்திற்கு)[ \t]*(?P<n2>{_NUM})", re.I)
_PAIR = re.compile(rf"(?P<n1>{_NUM})[ \t]*(?:/|"
                   rf"[ \t](?:over|sobre|pe|na|su|op|auf|zu|por|juu[ \t]+ya|на|над|على|علی|روی|על)[ \t]|"
                   rf"(?<=\d)[ \t]+(?:على|علی|روی|על)[ \t]+)[ \t]*(?P<n2>\d{{2,3}})(?!\d|[.,/]\d)", re.I)
#: A count without a unit that ends its clause, after a word of a rate: "breathing 22, saturating 96%", "breathing
#: rapid and shallow at 32, radial pulse 148", "I counted her respiratory rate on screen at 24." — only right after
#: "breathing" or after a few words and "at" (any other words make it another count: "pulse deficit 14", "HR rise
#: only 16", "single-breath count 12", "FR de secours 12", Malay "tekanan nadi 38", the pulse pressure).
_BARE_RATE = re.compile(rf"(?P<n1>{_NUM})(?=[ \t]*(?:[,;)]|\.(?:\s|$)|$)|[ \t]+(?:and|with|over|while|on)(?![^\W\d_]))",
                        re.M)
_BARE_RATE_GAP = re.compile(r"[ \t]+(?:(?:[^\W\d_]+[ \t]+){0,5}at[ \t]+(?:about[ \t]+|around[ \t]+|~[ \t]*)?)?$")
_BREATHING = re.compile(r"(?<![^\W\d_])(?:breathing|breathes)$", re.I)
_PERCENT = re.compile(rf"(?P<n1>{_NUM})(?=[ \t]*(?:%|٪|فیصد|percent|per[ \t]+cent|procent|por[ \t]+ciento|"
                      rf"pour[ \t]+cent|per[ \t]+cento|por[ \t]+cento))", re.I)

#: Where a sentence ends (the value and its word must share one): a full stop before a space, a semicolon, a line.
_SENTENCE_END = re.compile(r"[.!?。](?:\s|$)|[;\n؛。]")
#: A bound or a target between the word and the value: "TK pod 185/110", "keep SBP below 160", "إذا تجاوزت".
_BOUND = re.compile(r"[<>≤≥＜＞≦≧]|(?<![^\W\d_])(?:below|above|under|over|less|more|than|target|goal|keep|if|unless|"
                    r"until|wenn|falls|pod|nad|peste|sub|méně|více|više|manje|ispod|iznad|меньше|больше|"
                    r"выше|ниже|менее|более|якщо|если|αν|κάτω|πάνω|إذا|اذا|أقل|أكثر|تجاوز\w*|اگر|کمتر|بیشتر|"
                    r"अगर|यदि|ऊपर|jika|nếu|dưới|trên|mayor|menor|más|menos|plus|moins|über|unter|hedef|yli|alle|"
                    r"över|objetivo|alvo|obiettivo|cible|ziel|doel|cél|cíl|цель|цільов\w*|meta|sotto|sopra|нижче|вище|"
                    r"عن|قل|زاد|بالای|بالاتر|زیر|هدف|מעל|מתחת|יעד|"
                    # a ventilator's set or backup rate: "FR impostata 16/min", "yedek solunum sayısı 14/dk"
                    r"set|impostat\w*|programad\w*|prog|réglée?|yedek|backup|back-up|nastav\w*)(?![^\W\d_])|"
                    r"目標|目标|以上|以下|이상|이하|未満|超え|設定|设定|设置", re.I)
_BOUND_AFTER = re.compile(rf"[^\n\d]{{0,6}}(?:{BOUND_AFTER_WORDS}|or[ \t]+(?:above|more|higher|below|less|lower)|"
                          r"से[ \t]+(?:ऊपर|कम|अधिक|ज़्यादा)|বেশি|উপরে|(?:o|ou)[ \t]+m[aá]s)", re.I)  # (以上, 이하: BOUND_AFTER_WORDS)
#: A fetus's or a newborn's reading in the mother's note: "fetal heart rate 140 bpm", "FHR", "胎心".
_UNBORN = re.compile(r"(?:fetal|foetal|fœtal|fetus|foetus|fetale|fetaal|fetální|płod\w*|плод\w*|baby|newborn|neonat\w*|"
                     r"胎|태아|جنين|עובר)[^\n.;]{0,12}$", re.I)
#: What after a value makes it one end of a range: "124/78 - 148/94", "130–140/λεπτό" (read by :mod:`.ranges`).
_RANGE_AFTER = re.compile(r"[ \t]*(?:[-–—~〜]|->|to|až|до|a|et|and|y|e|i|und|и)[ \t]*\d")
#: Before a value, the first word of a range "between … and …": "TA entre 105/65 et 125/85".
_BETWEEN = re.compile(r"(?<![^\W\d_])(?:entre|between|zwischen|tra|tussen|между|між|mezi|między)[ \t]*$", re.I)
#: After a pair, the unit of a dose: "losartan/HCTZ 100/25 mg" is no pressure.
_DOSE_AFTER = re.compile(r"[ \t]*(?:mg|mcg|µg|g|ml|mL|IU|units?)(?![^\W\d_])")
#: The longest stretch between the word and its value.
_REACH = 60


def _vital_word(text: str, start: int) -> re.Match | None:
    """The last vital-sign word before ``start`` in its sentence, with no number between (its group names its kind:
    "heart", "breath", "saturation", "pressure", "other"), or ``None``."""
    window_start = max(0, start - _REACH)
    ends = list(_SENTENCE_END.finditer(text, window_start, start))
    if ends:
        window_start = ends[-1].end()
    words = list(_WORDS.finditer(text, window_start, start))
    if not words:
        return None
    last = words[-1]
    gap = text[last.end():start]
    # a colon after other words names another thing ("pulzusdeficit, LF: 26/min"), not after the word's own
    # abbreviation in brackets ("გულისცემის სიხშირე (გსს): 118 წთ-ში"); a bound may stand before the word as well
    # ("إذا قل التشبع عن 92%", "Не знижувати АТ нижче 140/90")
    if re.search(r"\d|[^\s)）][^:]*:", gap) or _BOUND.search(text, max(window_start, last.start() - 30), start) or \
            someone_elses(text, last.start()) or _UNBORN.search(text, max(0, last.start() - 25), last.start()):
        return None
    return last


def _kind(word: re.Match | None) -> str:
    """The kind of a vital-sign word of :data:`_WORDS` ("" for none)."""
    return next((kind for kind, value in word.groupdict().items() if value is not None), "") if word else ""


def _bare_count_follows(text: str, word: re.Match, start: int) -> bool:
    """Whether the count without a unit at ``start`` follows its rate's ``word`` as a reading does: right after
    "breathing" ("breathing 22") or after a few words and "at" ("respiratory rate on screen at 24"); see
    :data:`_BARE_RATE`."""
    gap = text[word.end():start]
    return bool(_BARE_RATE_GAP.fullmatch(gap)) and (bool(gap.strip()) or bool(_BREATHING.search(word.group())))


def read_prose_vitals(text: str, taken: set[int]) -> list[Found]:
    """Rates, pressures and saturations a sentence tells after a word of their vital sign (see the module
    docstring), outside ``taken``."""
    found: list[Found] = []
    how = "told in a sentence after a word of its vital sign"
    for m in _PAIR.finditer(text):
        if m.start("n1") in taken or _BOUND_AFTER.match(text, m.end()) or \
                _kind(_vital_word(text, m.start())) != "pressure" \
                or _RANGE_AFTER.match(text, m.end()) or _DOSE_AFTER.match(text, m.end()) \
                or _BETWEEN.search(text, max(0, m.start() - 12), m.start()):
            continue  # "BP range 124/78 - 148/94", "TA entre 105/65 et 125/85": the range reader's
        items, _ = read_pressure(text, m, how, lowest_systolic=50.0)
        found += items
    claimed = taken | {f.start for f in found} | {f.partner[0] for f in found if f.partner}
    for pattern, kinds in ((_RATE, {"heart": "heart_rate", "breath": "respiratory_rate"}),
                           (_PERCENT, {"saturation": "oxygen_saturation"}),
                           (_BARE_RATE, {"heart": "heart_rate", "breath": "respiratory_rate"})):
        for m in pattern.finditer(text):
            group = "n1" if m["n1"] is not None else "n2"  # (n2: the count after "per minute")
            start, end = m.start(group), m.end(group)
            if start in claimed or _BOUND_AFTER.match(text, end) or _RANGE_AFTER.match(text, end):
                continue
            word = _vital_word(text, start)
            variable = kinds.get(_kind(word))
            if variable is None or pattern is _BARE_RATE and not _bare_count_follows(text, word, start):
                continue
            after = "" if pattern is _RATE else None  # a sentence's unit is no other thing's ("26-krát za minútu")
            item, _ = read_single(variable, text, start, end, how, after=after)
            if item:
                item.unit_written = pattern is not _BARE_RATE
                found.append(item)
                claimed.add(start)
    return found
