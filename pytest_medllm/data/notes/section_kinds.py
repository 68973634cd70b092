"""The words of section headings and the kind each makes a section (``discharge``, ``other``, ``block``, ``exam``),
which :mod:`.sections` reads; the rules they implement are described there. Data only, so that a language's headings
are added here without touching the reader.
"""

from __future__ import annotations

#: Kinds of section headings, by the words of the heading (first match wins; matched lower-cased).
SECTION_KINDS: tuple[tuple[str, str], ...] = (
    ("discharge", r"\bdischarge\b(?!\s+(?:summary|letter|note|date))|\b(?:on|at)\s+discharge\b|"
                  r"entlass\w*(?:befund|untersuchung)|\bbei\s+entlassung|\bbij\s+ontslag|ontslagonderzoek|"
                  r"\b(?:à\s+la|de)\s+sortie\b|\bau\s+congé\b|\b(?:al|na|de)\s+alta\b|\ba\s+l['’]alta\b|בשחרור|при\s+выписке|при\s+изписването|"
                  r"при\s+виписці|\balla\s+dimissione\b|\bvid\s+utskrivning|"
                  r"\bprzy\s+wypisie\b|\blahkumisel\b|"
                  r"κατά\s+την\s+έξοδο|\bbei\s+austritt\b|\baustrittsbefund|出院情况|出院時|出院时|退院時"),
    # a document title, not the exam; every repeat of the exam or the vitals
    # (a medication list's heading is no examination, whatever it says: "Medikamente bei Eintritt", "Medications on
    # admission", "Traitement à l'entrée")
    ("other", r"^diagnos\w*\b|^(?:medications?|meds|medikament\w*|medikation|traitements?|tratamientos?|medicatie)\b|"
              r"^(?:скарг\w*|жалоб\w*|оплаквания)|tại\s+phòng\s+khám|救急隊|急诊|急診|tại\s+ttyt|tuyến\s+trước|history\s*(?:and|&)\s*physical|\bh\s*&\s*p\b|aanvullend\s+onderzoek|\bexames\s+(?:complementares|"
              r"laboratoriais)|\bexamens?\s+compl[ée]mentaires\b|\bexploracions\s+complementàries|"
              r"\bexploraciones\s+complementarias|\bre-?obs\b|"
              r"\brepeat\s+(?:obs|observations|vitals?|vs|v/s|exam\w*|set)\b|\bre-?exam\w*|\bre-?assess\w*|"
              r"\bre-?check\w*|\bre-?evaluat\w*|\bfollow[- ]?up\b|\bafter\b|\bfollowing\b|\binterval\b|"
              r"\b(?:2nd|second|3rd|third|later|subsequent)\s+(?:set|vitals?|vs|obs)\b|"
              r"\b(?:vitals?|vs|obs|set)\s*(?:#|no\.?\s*)?[2-9]\b|"
              # (not "post-ictal", a state of the patient on arrival: "On arrival to PAU (post-ictal, rousable)")
              r"\bpost[- ]?(?!rosc\b|ictal\b)[a-z]+|\bpre[- ]?(?:hospital|arrival|arrest)\b|"
              # values from before the encounter: the ambulance, the field, the referring hospital
              r"\b(?:ems|paramedics?|medics?(?![ \t]+(?:upu|specialist|primar|rezident|de\s+gard))|ambulance|ambulancia|ambulanza|ambul[âa]ncia|ambulans|ambo|hems|field|"
              r"osh|outside\s+hospital|referring|transferring|rettungsdienst|rtw|notarzt|nef|übergabe|samu|smur|118|112|"
              r"inem|vmer|"
              r"pogotowie|zrm|trend|(?:sapeurs?[- ])?pompiers|bomberos|bombeiros|feuerwehr|brandweer|"
              # the ambulance services of the UK, Ireland, Australia, New Zealand and Canada by their initials
              r"nwas|neas|yas|emas|wmas|eeast|secamb|scas|swast|swasft|wast|nias|dfb|qas|nswa|asnsw|saas|sjwa?|las|"
              r"actas|st\s+john|ehs|bcehs|ornge|amr|crews?|bspp|nas|in[- ]flight|referral|"
              # Czech, Finnish and Greek ambulance services; the ED quoted by a ward's Greek note ("Στο ΤΕΠ:")
              r"zzs|rzp|nmp|saj|echipa\w*|smurd|la\s+locul\s+(?:accidentului|evenimentului)|"
              # Estonian, Croatian, Icelandic and Albanian ambulance crews: "kiirabi", "HMP (na terenu)",
              # "Sjúkraflutningamenn", "Ekipi i ambulancës"
              r"kiirabi\w*|hmp\w*|na\s+terenu|sjúkraflutning\w*|ambulanc\w*|"
              r"ensihoito\w*|εκαβ|στο\s+τεπ|seuranta|omsz|mentő\w*|מד[\"״]א|"
              # Québec's paramedics ("À l'arrivée des TAP :"), a New Zealand lead maternity carer's obs ("LMC obs at
              # 03:55", quoted by the hospital's registrar), a Korean ambulance crew ("구급대 측정 V/S:")
              r"tap|lmc|구급대\w*|"
              # Slovak "Na UP:" (urgentný príjem, the emergency department quoted by a ward's note)
              r"na\s+up|"
              # a follow-up of the vitals (Arabic "متابعة الحرارة والعلامات الحيوية")
              r"متابعة)\b|\bmet\s+call\w*|\brapid\s+response\b|"
              # the routine set charted before a change in condition: "Last routine VS 06/20 14:00:"
              r"\blast\s+routine\b|\blast\s+(?:recorded\s+|documented\s+|known\s+)?(?:vitals?|vital\s+signs|vs|v/s|obs|"
              r"observations|set)\b|\bcopied\s+forward\b|\bprevious\s+visit\b|"
              # what another shift or the ward's nurses handed over or reported: "Handover from days:", "Report from
              # nights:", "RN-reported vitals 09:38:", "Nursing obs 01:10:" in a doctor's review after an escalation
              r"^handover\b|\bhandover\s+from\b|\breport\s+from\b|\brapport\s+(?:fra|från)\b|"
              r"\b(?:rn|nurse|nursing)[- ]reported\b|\bnursing\s+obs\b|"
              # another language's nursing record of the shift before: "Constantes (registro de enfermería, turno
              # de noche)", "Registos de enfermagem (07/11)"
              r"\bregist(?:r)?os?\s+de\s+enferm\w*|\bturno\s+de\s+noche\b|\bfolha\s+de\s+enfermagem\b|"
              # values quoted from another team's record: "Pre-induction obs per anaesthetic chart"
              r"\bper\s+(?:the\s+)?(?:an(?:a)?esthe\w*|ambulance|referral|referring|transfer\w*|handover)\b|"
              # the ED's last set when the patient is moved ("Vitals on transfer:"); "Exam on transfer" is the exam
              r"\b(?:vitals?|vs|v/s)\s+(?:on|at|prior\s+to|before)\s+transfer\b|\btransfer\s+vitals?\b|"
              r"\bsince\s+(?:arrival|admission)\b|"
              # the ward's observations quoted by a team called to the ward (a MET call, an outreach review)
              r"\b(?:ward|floor)\s+(?:obs|observations|vitals?|vs)\b|"
              # the nurses' chart a doctor's note quotes ("Obs chart (nurses):"), a baseline of an earlier visit
              # ("Baseline (day 2, OPD):"), an Arabic ambulance ("في الإسعاف"), a Chinese home log ("家居血壓紀錄"),
              # the Serbian field crew ("ХМП на терену")
              r"\bobs\s+chart\b|\bbaseline\s*\([^)]*\b(?:opd|clinic|day\s+\d)|الإسعاف|家居|居家|自測|自测|"
              r"(?<![а-я])хмп|на\s+терену|"
              # a ward round's summary of the night before its own set ("Obs overnight: T 37.4-38.1 …")
              r"\b(?:obs|observations|vitals?)\s+overnight\b|\bovernight\s+(?:obs|observations|vitals?)\b|"
              # the patient's own readings at home, a log or diary brought in ("Home BP log (Omron):", "Home BP diary")
              r"\bhome\s+(?:bp|blood\s+pressure|readings?|log|diary|monitoring)\b|\b(?:bp|blood\s+pressure)\s+(?:log|diary)\b|"
              # Danish and Norwegian "egne målinger" (the patient's own readings), "hjemmemålinger"
              r"\begne\s+målinger\b|\bhjemme-?målinger\b|"
              # the note's own title ("OB Triage Note", "ED Triage Note"): a title, not the triage block
              r"\bnote\b"),
    ("block", r"^(?:vitals?|vital\s+signs?|vs|v/s|obs|observations|flowsheet|signes\s+vitaux|param[èe]tres\s+vitaux|"
              r"constantes(?:\s+vitales)?|signos\s+vitales|sinais\s+vitais|parametri\s+vitali|vitalparameter|vitalzeichen|"
              r"vitale\s+parameters|vitalparametrar)\b|\b(?:vitals?|vs|obs)\s*(?:\(|$)"),
    ("exam", r"\bphysical\b|\bexam\w*|^o/?e\b|^[ps]/e\b|^e/p\b|^o$|^pe$|\bobjective\b|\bvitals?\b|\bvital\s+signs\b|"
             r"^vs\b|\bvs\b|\bobs\b|\bobservations\b|\barrival\b|\btriage\b|\binitial\b|\bprimary\s+survey\b|"
             r"\bassessment\s*(?:at\b|@|\(?\s*\d{1,2}:?\d{2})|^\d{1,2}:?\d{2}\s+assessment$|"
             # a nurse's examination at the start of the shift: "1930 SHIFT ASSESSMENT"
             r"^(?:\d{1,2}:?\d{2}\s+)?shift\s+assessment$|"
             r"\bon\s+admission\b|\bbaseline\b|"
             r"\b(?:pacu|recovery|icu|hdu)\s+(?:admission|arrival)\b|^o\s*\(\s*\d{1,2}:?\d{2}\s*\)$|"
             # the structured bedside assessment: "A-E ASSESSMENT", "ABCDE assessment"
             r"\b(?:a\s*(?:-|–|to)\s*e|abcde?)\s+(?:assessment|exam\w*|survey)\b|"
             r"^(?:a\s*(?:-|–|to)\s*e|abcde?)(?:\s*[(\d]|$)|"
             r"\bmy\s+(?:evaluation|assessment)\b|\bon\s+evaluation\b|"
             r"\b(?:admission|clinical|physical|examination)\s+(?:findings|status)|\bsecondary\s+survey\b|"
             r"\bfindings\s+(?:on|at)\s+(?:admission|arrival|presentation)|klinische\s+untersuchung|"
             r"\bbefund\s+bei\s+aufnahme|"
             r"\bpre[- ]?(?:procedure|op\w*|sedation|induction|treatment|dialysis|hd|transfusion|an(?:a)?esthe\w*|"
             r"infusion|chemo\w*|exercise|walk|test|surgery|surgical|cath\w*|endoscopy|bronchoscopy|ect)\b|"
             r"aufnahmebefund|k[öo]rperliche\s+untersuchung|untersuchungsbefund|klinischer\s+befund|^befund$|"
             r"^status\b|lichamelijk\s+onderzoek|^onderzoek$|\bbij\s+opname\b|^examen\b|\bexamen\s+(?:clinique|"
             r"physique|f[íi]sico)|\bà\s+l['’](?:arrivée|admission|entrée)|exploraci[óo]n|esame\s+obiettivo|"
             r"^eo\b|\ball['’]ingresso\b|\bal\s+ingreso\b|\bvid\s+ankomst\b|\bankomststatus\b|"
             r"fizik\s+(?:muayene|bak[ıi])|pemeriksaan\s+fisik|tanda[- ]tanda\s+vital|\btriaje\b|\btriagem\b|"
             r"\bioa\b|\barriv[ée]e\b|geliş\s+bulgu\w*|başvuru\s+bulgu\w*|"
             r"^resting\b|\bprzy\s+przyj[ęe]ciu\b|badanie\s+przedmiotowe|"
             # triage by its system or another language's word: "Categorización ESI (10:48)", "Segregacja medyczna",
             # "Tri IAO (13h10)"; a medical assistant's or a nurse's intake; the German and Swiss admission status
             r"\bcategori[sz]aci[óo]n\b|\bclasificaci[óo]n\b|\bsegregacja\b|^tri\b|\btriaj\b|"
             r"\bclassifica[çc][ãa]o\s+de\s+risco\b|\bacolhimento\b|"
             # Arabic "التقييم الحالي (08:00)" (the current assessment), Bengali "ট্রায়াজ পরীক্ষা" (triage
             # examination), Vietnamese "Lúc vào viện" (on admission), Galician and Portuguese "Primeira toma de
             # constantes" (the first set)
             # Latvian "Somatiskais stāvoklis" (the somatic state), Malay "Pemeriksaan (di wad, 23:20)"
             r"somatiskais\s+stāvoklis|^pemeriksaan\b|"
             # Uzbek "Obyektiv ko'rik" (the objective examination), Finnish "Tulotila teholle" (the state on arrival
             # in the ICU), Catalan "Constants a l'arribada", Danish "Objektiv us." (undersøgelse), Czech "Před HD"
             # (before the dialysis: its baseline)
             r"obyektiv\s+ko['ʻ’]rik|tulotila\b|constants\s+a\s+l['’]arribada|^objektiv\s+us\.?$|před\s+hd\b|"
             r"التقييم\s+الحالي|(?:শারীরিক|ক্লিনিক্যাল)\s+পরীক্ষা|ট্রায়াজ|lúc\s+vào\s+viện|\btoma\s+de\s+constantes\b|"
             r"\b(?:ma|rn|nursing|nurse|triage)\s+intake\b|aufnahmestatus|eintrittsstatus|\bon\s+adm\b|"
             # Czech "Objektivně (při příjmu)", Finnish "Tulotilanteessa" (on arrival), Greek "Αντικειμενική
             # εξέταση", "Ζωτικά σημεία"
             r"objektivně|tulotilan\w*|αντικειμενική\s+εξέταση|ζωτικά\s+σημεία|objektívn\w*|^obj\.?$|examen\s+obiectiv|"
             r"\btriaž\w*|\btriaj\b|\btriaż\b|\btriyaj\b|\btriatge\b|διαλογή|トリアージ|ersteinschätzung|^ef\s*\(\s*\d{1,2}:?\d{2}\s*\)$|"
             r"^ssvv\b|vital\s+bulgular|starea\s+la\s+internare|\bla\s+internare\b|κλινική\s+εικόνα|κατά\s+την\s+εισαγωγή|来院時現症|現症|身体所見|入院時所見|体格检查|查体|生命体征|バイタル|\bkhám\b|dấu\s+hiệu\s+sinh\s+tồn|"
             r"toàn\s+thân|"
             # Swiss "Befunde bei Eintritt", Norwegian/Danish "Funn ved innkomst", "Objektiv undersøgelse", Turkish
             # "Muayenem (10:30)", Hungarian "Triázs (szakdolgozó, 11:30)"
             # (and "Befund bei IPS-Eintritt (03:40)", the findings on admission to a Swiss ICU; Bengali "পরীক্ষা
             # (আইসিইউতে ভর্তির সময়)", the examination at the ICU admission)
             # (Swahili "Uchunguzi (wodini)", the examination on the ward, and "Vipimo muhimu", the vital signs; a US
             # discharge summary's "Admission PE"; Taiwan's "入院理學檢查（加護病房）", the physical examination)
             r"^uchunguzi\b|^vipimo\s+muhimu\b|\badmission\s+(?:pe|p/e)\b|理學檢查|"
             r"\bbei\s+eintritt\b|^befund\s+bei\b|^পরীক্ষা\s*\([^()]*ভর্তি|\bved\s+(?:innkomst|ankomst|innleggelse|indlæggelse)\b|objektiv\s+unders\w+|"
             # a German ICU round's current findings after its night's events: "Aktuell:"
             r"^aktuell$|^aktueller\s+(?:befund|status)\b|^befund\s+aktuell\b|"
             # India's general examination ("G/E", Hindi "सामान्य परीक्षण"), Norwegian and Danish observations of a
             # shift ("Observasjoner dagvakt:")
             r"\bg/e\b|परीक्षण|^observa(?:sjon|tion)er\b|"
             # Spanish "Evaluación primaria (ATLS) – 23:42", Danish "Objektivt:", Norwegian "NEWS2-observasjoner kl.
             # 08:15:", Polish "W badaniu przedmiotowym:", German "Bei der Aufnahmeuntersuchung:", French "À
             # l'examen :",
             # Spanish and Portuguese "Al examen", "Ao exame", a retrieval team's "At bedside (0905)"
             r"evaluaci[óo]n\s+primaria|valoraci[óo]n\s+primaria|^objektivt?$|news2?-?\s*observ\w*|"
             # Romanian "Evaluare primară (ABCDE) la sosire, 18:45", Turkish "Objektif (08:00 vizit)"
             r"evaluare\s+primar\w*|\bla\s+sosire\b|^objektif\b|"
             # Polish "Badanie – ocena wstępna (05:54)" (the examination, the initial assessment)
             r"^badanie\b|\bocena\s+wstępna\b|"
             r"badani[eu]\s+przedmiotow\w*|\bbei\s+der\s+(?:aufnahme)?untersuchung\b|à\s+l['’]examen|\bal\s+examen\b|"
             r"\bao\s+exame\b|\bat\s+(?:the\s+)?bedside\b|"
             # Peru's "O/ Funciones vitales (07:00):", Mexico's "EF: Signos vitales:"
             r"\bfunciones\s+vitales\b|\bsignos\s+vitales\b|"
             # the author's own look at the patient: "O: On my review 21:40:", "My assessment (02:15):"
             r"\bon\s+my\s+(?:review|exam\w*|assessment|arrival)\b|^my\s+(?:review|exam\w*|assessment)\b|"
             r"\bmuayene\w*|\btriázs\b|"
             # traditional Chinese "生命徵象" (vital signs) and a ward's admission assessment "入病房評估（15:50）"
             r"生命徵象|入\S{0,3}[評评]估|"
             # arrival on the ward: Spanish "A su llegada a planta", Finnish "Tila osastolle tullessa", Greek "Κατά
             # την άφιξη στην κλινική"
             r"\bllegada\b|\btullessa\b|άφιξη|^(?:retts|ktas|ctas)\b|"
             # Hungarian "Fizikális vizsgálat", a Japanese department's first examination "当科初診時（…）", an
             # Italian team's own "Valutazione:" (its A-E assessment)
             r"fizikális\s+vizsgálat|初診時|初诊时|来院時|^valutazione$|^o\s*\([^()]*\)$|^befund\s*\(|"
             # Russian, Ukrainian and Bulgarian examination headings: "Объективно:", "Об'єктивно:", "Обективно:",
             # "Status praesens", "При поступлении:"
             r"объективн\w*|об['’]єктивн\w*|обективн\w*|status\s+praesens|\bst\.?\s+praesens|при\s+поступлении|"
             r"при\s+надходженні|при\s+постъпване|"
             # Arabic, Hebrew and Icelandic: "الفحص عند الوصول", "العلامات الحيوية", "בדיקה גופנית", "סימנים
             # חיוניים", "טריאז'", "Skoðun", "Lífsmörk við komu"
             r"الفحص|فحص\s+سريري|العلامات\s+الحيوية|בדיקה\s+גופנית|סימנים\s+חיוניים|טריאז|skoðun|lífsmörk|"
             # Hebrew "בבדיקה בקבלה למחלקה" (on examination at admission to the ward), Catalan "Exploració física a
             # l'ingrés", Lithuanian "Objektyviai", Hungarian "Felvételi status", Macedonian "Статус при прием",
             # Finnish "Osastolla tulovaiheessa" (on the ward, on arrival)
             r"בבדיקה|בקבלה|exploració\s+física|objektyviai|felvételi\s+st[aá]tusz?|статус\s+при\s+прием|"
             r"при\s+прием\b|tulovaih\w*|"
             # Persian "معاینه" (examination), "علائم حیاتی" (vital signs)
             r"معاینه|علائم\s+حیاتی|"
             # Swiss "Eintrittsbefund (Notfallstation, …)", Estonian "Objektiivne leid vastuvõtul", Greek
             # "Αντικειμενικά:", Croatian "Somatski status (22:30):", Turkish "Servise kabul (15:20)", Albanian
             # "Triazhi (07:30, infermierja):" and "Ekzaminimi objektiv", Georgian "ობიექტური გასინჯვა"
             r"eintrittsbefund|objektiivne\s+leid|\bvastuvõtul\b|αντικειμενικ\w*|\b(?:somatski|psihijatrijski|"
             r"psihički|neurološki)\s+status\b|servise\s+kabul|\btriazh\w*|ekzaminim\w*|ობიექტურ\w*|"
             # Slovak and Czech "Somatický stav:", Spanish "EF:" (exploración física; not an ejection fraction's
             # "EF: 55%", see _LETTER_WITH_VALUE), India's "GPE:" (general physical examination), a video
             # consultation's set taken "during the conversation" (Danish "Under samtalen måler pt. …:")
             r"\bsomatick\w+\s+stav\b|^ef$|^gpe\b|^under\s+samtalen\b|"
             # a Finnish ambulance crew's own look at the scene: "Tila kohteessa (A–E):"
             r"\btila\s+kohteessa\b|"
             # "Upon admission to our ward (Day 1):", Portuguese "21h00 – Avaliação inicial:", Finnish "Salissa klo
             # 08:05 ennen induktiota:" (before induction), Czech "Při přijetí na KARIM:", Hindi "जाँच (भर्ती पर)"
             # (examination, on admission), Italian "E.O. (ore 08:30)" (esame obiettivo)
             r"\bupon\s+(?:admission|arrival)\b|avalia[çc][ãa]o\s+inicial|ennen\s+induktio\w*|"
             r"při\s+přijetí|při\s+příjmu|जाँच|भर्ती\s+पर|^e\.o\.?(?:\s*\(|$)|^salissa\b|"
             # Romanian "Starea prezentă", Estonian "Somaatiline staatus", Serbian "Соматски налаз (10:10)", Finnish
             # "Saliin saapuessa klo 8.05" (on arrival in theatre), a Hebrew ED's triage by its nurse "מיון (אחות,
             # 16:48)", Urdu "معائنہ", Chinese "客觀資料" (objective data), a ward's "On ward 10:40"
             r"starea\s+prezent[ăa]|somaatiline\s+staatus|соматски\s+(?:налаз|статус)|saapuessa|^מיון\s*\(|معائنہ|"
             r"客觀資料|客观资料|^on\s+(?:the\s+)?ward\b(?!\s+round)"),
    ("other", r"\b(?:addend\w*|update\w*|recheck\w*|re-?assess\w*|re-?evaluat\w*|repeat|post-?\w*|after|"
              r"overnight|course|history|hpi|hpc|pmh|psh|ros|meds?|medications?|allerg\w*|labs?|laboratory|data|"
              r"results?|imaging|ecg|ekg|cxr|ct|mri|micro\w*|impression|assessment|a/p|plan|recs?|"
              r"recommendations?|mdm|dispo\w*|diagnos\w*|procedure|ed|ems|osh|prehospital|ambulance|referring|"
              r"social|family|sh|fh|dh|pc|cc|chief|complaint|reason|subjective|background|situation|i&o|i/o|"
              r"drips?|bloods?(?!\s+pressure)|ix|abg|vbg|"
              r"treatment|therapy|actions?|comments?|code|indication|consent|intake|"
              r"output|cooling|interventions?|events?|summary|date|conclusions?|"
              r"anamnes[ei]s?|anamnèse|heteroanamnese|verlauf|procedere|therapie\w*|medikation|labor|beurteilung|"
              r"epikrise|antécédents|atcd|hdm|histoire|mode\s+de\s+vie|évolution|traitements?|biologie|antecedentes|"
              r"enfermedad|evolución|juicio|a&e|c/o|h/o|k/c/o|inv|invx|imp|adv|advice|"
              r"tratamiento|pruebas|motivo|decorso|terapia|esami|sökorsak|bedömning|åtgärd\w*|beleid|conclusie|"
              r"voorgeschiedenis|medicatie|hist[óo]ria|queixa|conduta|hip[óo]teses?|evolu[çc][ãa]o|laborat[óo]rio|"
              r"wywiad|rozpoznanie|przebieg|zalecenia|badania|"
              # Turkish and Greek history, diagnosis, course and treatment
              r"öykü|şikayet\w*|özgeçmiş|soygeçmiş|ιστορικό|διάγνωση|δευτερεύουσες|πορεία|αγωγή|(?:nacht-?)?ereignisse|"
              r"eventos|entrega\s+de\s+turno|"
              r"病歴|既往|経過|方針|診断|検査|诊疗经过|治疗经过|住院经过|入院情况|"
              # Russian, Ukrainian and Bulgarian complaints, history, diagnosis, conclusion, plan, labs, treatment,
              # and the admission department's values "for comparison"
              r"жалоб\w*|скарг\w*|оплаквания|анамнез\w*|диагноз\w*|діагноз\w*|заключени\w*|висновок|план\w*|"
              r"лаборатор\w*|для\s+сравнения|при[её]мн\w*|лечени\w*|лікування|лечение|рекомендац\w*|"
              r"эпикриз\w*|епікриз\w*|дневник\w*|القصة\s+المرضية|الخطة|التشخيص|سبب\s+الدخول|"
              r"תלונה\s+עיקרית|אבחנה|תוכנית|המלצות|saga|greining|áætlun|anamnees|anamnez\w*|rivlerësim\w*|dopun\w*|"
              r"ანამნეზ\w*|ლაბორატორი\w*|შეფასება)\b|^[sp]$"),
)
