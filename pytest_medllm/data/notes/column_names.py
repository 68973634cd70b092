"""The words that head a vital sign's column in a table, in many languages (the vocabulary of
:func:`.layouts.tables`): "HR", "Pulse", "FC", "ЧСС", "脈拍", Hindi "पल्स", Bengali "রক্তচাপ" …; the columns read only
in a note that shows their language; and the words a header's "(a/b)" uses for the measured part of a cell.
"""

from __future__ import annotations

#: The names a table's header cell gives each vital sign's column (lower case, matched whole, after its unit and
#: brackets are taken off), in the languages of the corpora.
COLUMN_NAMES = {"temperature": r"t|t°|temp\w*|tmax|t\s*\(\s*°?[cf]\s*\)|temperat\w*|tª|tt|الحرارة|ateş|"
                                # a site after the letter: Portuguese "Tª auric.", "T ax."
                                r"t[ª°º]?\s*(?:auric|ax|axil|timp|tímp|tymp|rect|oral|blaas|bladder|eso|esof)\w*\.?|"
                                # the site before it: "Rectal T (F)", "Core temp"
                                r"(?:rectal|oral|core|bladder|tympanic|axillary)\s+t(?:emp\w*)?|"
                                # Japanese and Chinese: "体温", a site's "膀胱温" (bladder), "腋窩温" (axillary)
                                r"[\u3040-\u30ff\u4e00-\u9fff]{0,3}温|"
                                # Finnish "lämpö"
                                r"lämpö\w*|"
                                # Italian "TC" (temperatura corporea)
                                r"tc|"
                                # Urdu "بخار" (fever), "درجہ حرارت"
                                r"بخار|درجہ\s+حرارت|"
                                # Hindi "तापमान", Bengali "তাপমাত্রা"
                                r"तापमान|তাপমাত্রা",
                # Slovak "AS" (akcia srdca), "TK" (krvný tlak), "TT" (telesná teplota); Ukrainian and Russian "ЧСС",
                # "АТ", "ЧД"; Arabic "النبض", "ضغط الدم", "التنفس", "تشبع الأكسجين", "الحرارة"
                "heart_rate": r"hr|pulse|p|heart\s*rate|puls|pols|pouls|polso|pulso|fc|hf|pr|cr|tętno|as|чсс|пульс|"
                              r"النبض|nabız|kta|"
                              # Indonesian "N (x/mnt)" (nadi)
                              r"n|nadi|"
                              # Czech "TF" (tepová frekvence), Finnish "syke"
                              r"tf|syke|"
                              # Lithuanian "ŠSD" (širdies susitraukimų dažnis)
                              r"šsd|نبض|"
                              # Latvian "Pulss", Tamil "நாடி"
                              r"pulss|நாடி\S*|"
                              # Japanese, Chinese and Korean "心拍数", "心率", "脈拍", "脉搏", "맥박", "심박수"
                              r"心拍数|心率|脈拍|脉搏|脈搏|맥박|심박수|"
                              # Hindi "पल्स", "नाड़ी", Bengali "নাড়ি" (the pulse)
                              r"पल्स|नाड़ी|नाडी|নাড়ি|নাড়ী|পালস",
                # German "RR art." (the arterial line's pressure), Arabic "الضغط" (the pressure)
                "blood_pressure": r"bp|b/p|nibp|abp|blood\s+pressure|ta|pa|bt|blutdruck|bloeddruk|tk|ат|ад|ضغط\s+الدم|"
                                  r"rr\s*art\w*|الضغط|"
                                  # Dutch "BD" (bloeddruk), Indonesian "TD (mmHg)" (tekanan darah)
                                  r"bd|td|"
                                  # Turkish "KB (mmHg)" (kan basıncı)
                                  r"kb|"
                                  # Lithuanian "AKS" (arterinis kraujo spaudimas)
                                  r"aks|بلڈ\s+پریشر|"
                                  # French "PNI (mmHg)" (pression non invasive); Japanese, Chinese and Korean
                                  r"pni|血圧|血压|血壓|혈압|"
                                  # Hindi "बीपी", "रक्तचाप", Bengali "রক্তচাপ"
                                  r"बीपी|बी\.\s*पी\.?|रक्तचाप|রক্তচাপ|"
                                  # Chinese "有创血压" (invasive, an arterial line's), "无创血压" (the cuff's)
                                  r"(?:有创|无创|有創|無創)血[压壓]",
                # "Sys BP", "Dia BP" (a NEWS2 chart's columns)
                "systolic_bp": r"sbp|systolic|sys(?:t\w*)?(?:\s*bp)?", "diastolic_bp": r"dbp|diastolic|dia(?:st\w*)?(?:\s*bp)?",
                # Dutch "Ademh.", Danish "Resp.fr.", Turkish "SS" (solunum sayısı), Czech "DF" (dechová frekvence),
                # Finnish "hengitystaajuus"
                "respiratory_rate": r"rr|resp\w*|r|fr|af|ah|rf|oddech\w*|чд|чдд|التنفس|ademh\w*|resp\.?\s*fr\.?|ss|df|"
                                    r"hengity\w*|سانس|"
                                    # Slovenian "f skup." (the total rate a ventilated patient breathes), Tamil
                                    # "சுவாசம்" (Latvian "EF (x/min)" is read in _column, with its unit)
                                    r"f\s*skup\w*|சுவாச\S*|"
                                    # Japanese, Chinese and Korean "呼吸数", "呼吸", "呼吸频率", "호흡수"
                                    r"呼吸数|呼吸|呼吸频率|呼吸頻率|호흡수|"
                                    # Hindi "श्वास", Bengali "শ্বাস" (the breaths)
                                    r"श्वास|श्वसन|শ্বাস",
                "oxygen_saturation": r"spo2|sao2|sato2|o2\s*sat\w*|sats?|o2|pulse\s*ox|(?:تشبع\s+)?الأكسجين|"
                                     r"(?:ال)?تشبع"}


#: Column names read only in a note that shows their language (:mod:`.languages`): Slovenian "FS" (frekvenca srca)
#: and "KT (s/d)" (krvni tlak), where an English flowsheet's "FS" is a fingerstick glucose.
COLUMN_NAMES_IN_LANGUAGE = {"sl": {"heart_rate": r"fs", "blood_pressure": r"kt"}}

#: Words a column header's "(a/b)" gives the measured part of a "N/N" cell: "RR (set/total)" holds "14/22".
MEASURED_PART = r"total|measured|actual|obs\w*|pt|patient"
