"""The words :mod:`pytest_medllm.data.note_demographics` reads beyond English pronouns: ethnicity terms and the
sex words of other languages.

**Ethnicity terms** map to DeVisE's five classes (Table 1) as the US census groups them: African and Afro-Caribbean
peoples are Black; Latin American peoples (Brazil included) Hispanic/Latino; East, South-East and South Asian and
Pacific peoples Asian & Pacific; European peoples White; Indigenous peoples of the Americas and Australia, mixed
origins, and peoples the census grouping leaves undecided (Middle Eastern and North African, Guyanese,
Trinidadian, South African) Other/Unknown. The peoples of the world beyond the common terms here, the census
categories of registration systems and the descent adjectives of other languages are in :mod:`.peoples`. A term
counts only where it describes the patient (the rules are in
:mod:`.note_demographics`), so "German measles", "black stools" or "Spanish interpreter" are never mentions.
:data:`ORIGIN_TERMS` are the French, Spanish and Italian adjectives read only after "d'origine", "de origen",
"di origine" ("Femme de 45 ans, d'origine malienne").

**Sex words of other languages** (:data:`FOREIGN_SEX_WORDS`): titles ("Mme", "Herr", "Mw.", "Sig.ra", "Pani"),
nouns ("Femme", "Varón", "Kvinna", "Patientin", "Mulher"), the sex a Portuguese, Italian or French note names ("sexo
feminino", "sesso maschile", "sexe masculin") and, only in a note that shows the language (:mod:`.languages`),
subject pronouns ("elle", "él", "hij", "er", "sie" beside a verb in the singular, "hon", "ela") and Polish "chora",
"chorej" (the sick woman); :data:`FOREIGN_SWAPS` gives each one's counterpart of the other sex for a rewrite.
"""

from __future__ import annotations

from .peoples import WORLD_TERMS

_B, _H, _A, _W, _O = "Black", "Hispanic/Latino", "Asian & Pacific", "White", "Other/Unknown"


def _terms(cls: str, words: str) -> dict[str, str]:
    return {w.replace("_", " "): cls for w in words.split()}


#: Ethnicity and race terms (lower-case; "_" stands for a space) -> DeVisE class (Table 1).
ETHNICITY_TERMS: dict[str, str] = {
    **_terms(_B, """african_american african-american aa afro-caribbean afro_caribbean black black_african
        black_caribbean black_british black_other african west_african east_african haitian jamaican barbadian bajan
        bahamian nigerian ghanaian somali somalian ethiopian eritrean kenyan ugandan congolese sudanese
        south_sudanese senegalese malian ivorian cameroonian zimbabwean zambian malawian tanzanian rwandan
        burundian liberian sierra_leonean gambian guinean angolan mozambican togolese beninese burkinabe chadian
        cape_verdean caribbean west_indian yoruba igbo hausa akan ashanti fulani zulu xhosa kikuyu luo amhara oromo
        tigrayan preta preto asante fante ewe ga somalisk somaliske"""),
    **_terms(_H, """hispanic latino latina latinx latine chicano chicana puerto_rican mexican dominican cuban
        salvadoran salvadorean guatemalan honduran nicaraguan costa_rican panamanian colombian venezuelan
        ecuadorian peruvian bolivian chilean argentine argentinian uruguayan paraguayan brazilian central_american
        south_american latin_american mestizo mestiza hispano hispana"""),
    **_terms(_A, """asian south_asian east_asian southeast_asian south-east_asian british_asian asian_indian chinese
        east_indian han_chinese taiwanese japanese korean vietnamese cambodian khmer laotian hmong thai burmese filipino
        filipina indonesian malaysian singaporean indian pakistani bangladeshi sri_lankan nepali nepalese bhutanese
        tibetan mongolian punjabi gujarati tamil bengali afghan uzbek pacific_islander native_hawaiian
        hawaiian samoan tongan fijian maori māori chamorro marshallese micronesian chuukese tahitian cook_islander
        niuean papua_new_guinean polynesian melanesian 汉族 han malay iban kadazan zhuang hui uyghur kinh tharu
        surinaams-hindoestaanse surinaams-hindoestaans hindoestaanse hindostaanse"""),
    **_terms(_W, """white caucasian white_british white_irish white_other white_european irish_traveller
        irish_traveler gypsy roma romani european eastern_european western_european irish scottish welsh italian
        polish russian ukrainian german greek portuguese albanian bosnian romanian bulgarian serbian croatian
        hungarian czech slovak lithuanian latvian estonian scandinavian norwegian danish finnish belgian swiss
        austrian ashkenazi ashkenazi_jewish jewish armenian caucasiano caucasiana caucásico caucásica"""),
    **_terms(_O, """american_indian native_american alaska_native alaskan_native native_alaskan aboriginal indigenous
        first_nations métis metis
        inuit cree ojibwe ojibway navajo lakota cherokee torres_strait_islander multiracial mixed_race mixed-race
        biracial middle_eastern north_african arab lebanese syrian iraqi iranian persian turkish kurdish egyptian
        moroccan algerian tunisian libyan yemeni saudi palestinian jordanian guyanese trinidadian south_african
        surinamese emirati qatari kuwaiti omani bahraini diné parda pardo oji-cree"""),
    # the peoples of the world beyond these (:mod:`.peoples`)
    **WORLD_TERMS,
}
del _terms

#: French, Spanish and Italian origin adjectives, read only after "d'origine", "de origen", "di origine".
ORIGIN_TERMS: dict[str, str] = {
    **{w: _B for w in """malien malienne sénégalais sénégalaise ivoirien ivoirienne haïtien haïtienne congolais
        congolaise camerounais camerounaise guinéen guinéenne comorien comorienne mauritanien mauritanienne africain
        africaine subsaharien subsaharienne antillais antillaise martiniquais martiniquaise guadeloupéen
        guadeloupéenne nigeriano nigeriana senegalés senegalesa subsahariano subsahariana senegalese""".split()},
    **{w: _H for w in """ecuatoriano ecuatoriana colombiano colombiana peruano peruana boliviano boliviana dominicano
        dominicana mexicano mexicana cubano cubana venezolano venezolana argentino argentina paraguayo paraguaya
        hondureño hondureña latinoamericano latinoamericana peruviano peruviana ecuadoriano ecuadoriana
        latino-américain latino-américaine""".split()},
    **{w: _A for w in """vietnamien vietnamienne chinois chinoise cambodgien cambodgienne laotien laotienne asiatique
        chino china filipino filipina pakistaní cinese filippino filippina indiano indiana bengalese pakistano
        pakistana tamoul tamoule""".split()},
    **{w: _W for w in """portugais portugaise italien italienne espagnol espagnole polonais polonaise roumain roumaine
        européen européenne caucasien caucasienne caucasiano caucasiana rumano rumana rumeno rumena albanese ucraino ucraina gitan gitane
        gitano gitana rom""".split()},
    **{w: _O for w in """marocain marocaine algérien algérienne tunisien tunisienne maghrébin maghrébine turc turque
        nord-africain nord-africaine marroquí magrebí árabe marocchino marocchina egiziano egiziana tunisino
        tunisina""".split()},
}
del _B, _H, _A, _W, _O

#: Sex words of other languages: word (as matched, lower-case) -> (sex, kind, languages that must be shown or ()).
FOREIGN_SEX_WORDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # titles, before a name or "___"
    "mme": ("female", "title", ()), "mme.": ("female", "title", ()), "madame": ("female", "title", ()),
    "monsieur": ("male", "title", ()), "m.": ("male", "title", ("fr",)), "herr": ("male", "title", ()),
    "frau": ("female", "title", ()), "mw.": ("female", "title", ()), "mevr.": ("female", "title", ()),
    "herrn": ("male", "title", ("de",)), "fr.": ("female", "title", ("de",)), "pn.": ("female", "title", ()),
    "mdm": ("female", "title", ()), "mdm.": ("female", "title", ()), "tn.": ("male", "title", ()),
    "ny.": ("female", "title", ()), "w/ro": ("female", "title", ()), "mzee": ("male", "title", ()),
    "kadın": ("female", "noun", ()), "erkek": ("male", "noun", ()), "laki-laki": ("male", "noun", ()),
    "perempuan": ("female", "noun", ()), "lelaki": ("male", "noun", ()),
    # German registration abbreviations ("Frau Gerda H., geb. 14.03.1943 (81 J.), weibl."), Dutch "patiënte"
    "weibl": ("female", "noun", ("de",)), "männl": ("male", "noun", ("de",)), "patiënte": ("female", "noun", ("nl",)),
    # Spanish and Portuguese "Dña. Rosario", "Dona Maria"; India's "Smt."/"Shri"; Czech "Pacient"/"Pacientka"; Finnish
    # "mies"/"nainen"; Greek "Άρρεν"/"Θήλυ" (a sex field), "Άνδρας"/"Γυναίκα"
    "dña.": ("female", "title", ()), "doña": ("female", "title", ()), "dona": ("female", "title", ("pt",)),
    "smt.": ("female", "title", ()), "shri": ("male", "title", ()),
    "pacient": ("male", "noun", ("cs",)), "pacientka": ("female", "noun", ("cs",)),
    # Czech "u pacientky" (the woman patient's genitive); Croatian "Upute bolesniku" (to the patient, a man); Russian
    # "со слов больного", Ukrainian "стан хворого" (the man's genitive); Romanian "dna" (doamna); Arabic "السيدة"
    # (Mrs); Hebrew "מר" (Mr) and "גבר" (a man); Vietnamese "ông" and "bà" (he, she: an elder's title)
    "pacientky": ("female", "noun", ()), "bolesniku": ("male", "noun", ()), "больного": ("male", "noun", ()),
    "хворого": ("male", "noun", ()), "dna": ("female", "title", ("ro",)), "السيدة": ("female", "title", ()),
    # Austrian "Pat.in" (Patientin), Hungarian "nőbeteget" (accusative), Russian "мужчина"/"женщина", Ukrainian
    # "Хворому" (dative), Bulgarian "Болният"/"Болната", Serbian "Pacijentkinja"
    "pat.in": ("female", "noun", ()), "nőbeteget": ("female", "noun", ()), "férfibeteget": ("male", "noun", ()),
    "мужчина": ("male", "noun", ()), "женщина": ("female", "noun", ()), "хворому": ("male", "noun", ()),
    "болният": ("male", "noun", ()), "болната": ("female", "noun", ()), "pacijentkinja": ("female", "noun", ()),
    "מר": ("male", "title", ()), "גבר": ("male", "noun", ()), "ông": ("male", "pronoun", ()),
    "bà": ("female", "pronoun", ()),
    "mies": ("male", "noun", ("fi",)), "nainen": ("female", "noun", ("fi",)),
    "άρρεν": ("male", "noun", ()), "θήλυ": ("female", "noun", ()), "άνδρας": ("male", "noun", ()),
    # Greek "άνδρα" (the man, as an object: "Πρόκειται για άνδρα 68 ετών"), Swedish "änka" (a widow), Ukrainian
    # "хворої" (the sick woman's: "стан хворої")
    "άνδρα": ("male", "noun", ()), "änka": ("female", "noun", ("sv",)), "хворої": ("female", "noun", ()),
    # Québec's "Pte" (patiente), Portuguese "fem" in a header ("67a, fem, parda"), Italian "maschio", "femmina",
    # Romanian "pacientei" (the patient's, of a woman), Ukrainian "хлопчик" and "дівчинка" (a boy, a girl), Arabic
    # "سيدة" (a lady)
    "pte": ("female", "noun", ("fr",)), "fem": ("female", "noun", ("pt", "es")),
    "maschio": ("male", "noun", ("it",)), "femmina": ("female", "noun", ("it",)),
    "pacientei": ("female", "noun", ("ro",)), "хлопчик": ("male", "noun", ()), "дівчинка": ("female", "noun", ()),
    "سيدة": ("female", "noun", ()),
    # French "Garçon de 26 mois", Romanian "Băiat în vârstă de 4 ani" (a boy; "fille" is also a daughter)
    "garçon": ("male", "noun", ("fr",)), "băiat": ("male", "noun", ("ro",)),
    # Estonian "poiss" (a boy), Slovenian, Croatian, Czech and Polish "ona" (she), Swahili "Bi." (Bibi, Mrs)
    "poiss": ("male", "noun", ()), "ona": ("female", "pronoun", ()),
    "bi.": ("female", "title", ()),
    "γυναίκα": ("female", "noun", ()),
    # Danish "mand" (Norwegian and Danish "hun" is read below; the relatives it may be of are in .pronouns.OTHERS);
    # Romanian "pacienta"/"pacientul"; Hungarian "nő", "férfi",
    # "nőbeteg"; Croatian and Slovenian "bolesnica"/"bolesnik", "bolnik", "moški"/"ženska", "gospod"/"gospa";
    # Japanese and Korean "女性"/"男性", "여자"/"남자", "여성"/"남성"; Bangladesh's "Mst." (Mosammat)
    "mand": ("male", "noun", ("da",)), "pacienta": ("female", "noun", ("ro",)),
    "pacientă": ("female", "noun", ("ro",)), "pacientul": ("male", "noun", ("ro",)),
    "nő": ("female", "noun", ()), "nőbeteg": ("female", "noun", ()), "férfi": ("male", "noun", ()),
    "férfibeteg": ("male", "noun", ()), "bolesnica": ("female", "noun", ()), "bolesnik": ("male", "noun", ()),
    "bolnik": ("male", "noun", ()), "moški": ("male", "noun", ()), "ženska": ("female", "noun", ()),
    "gospod": ("male", "noun", ()), "gospa": ("female", "noun", ()),
    # Croatian and Serbian "Gospođa navodi …" (the lady, the patient in a SOAP line), Afrikaans titles "Mev." and "Mnr."
    "gospođa": ("female", "noun", ()), "gospodin": ("male", "noun", ()), "mev.": ("female", "title", ()),
    # Slovenian "Bolnica:" (the woman patient; Croatian "bolnica" is a hospital), Latvian "vīrietis"/"sieviete",
    # Icelandic "drengur"/"stúlka" (a boy, a girl), Tamil "திருமதி" (Mrs) and "பெண்"/"ஆண்" (a woman, a man)
    "bolnica": ("female", "noun", ("sl",)), "vīrietis": ("male", "noun", ()), "sieviete": ("female", "noun", ()),
    "drengur": ("male", "noun", ()), "stúlka": ("female", "noun", ()),
    "திருமதி": ("female", "title", ()), "பெண்": ("female", "noun", ()), "ஆண்": ("male", "noun", ()),
    "mnr.": ("male", "title", ()),
    "女性": ("female", "noun", ()), "男性": ("male", "noun", ()), "여자": ("female", "noun", ()),
    "남자": ("male", "noun", ()), "여성": ("female", "noun", ()), "남성": ("male", "noun", ()),
    "mst.": ("female", "title", ()), "paní": ("female", "title", ("cs",)), "κα": ("female", "title", ()),
    "κ.": ("male", "title", ()), "masc": ("male", "noun", ("pt", "es")),
    "mevrouw": ("female", "title", ()), "dhr.": ("male", "title", ()), "meneer": ("male", "title", ()),
    "sr.": ("male", "title", ("es", "pt")), "sra.": ("female", "title", ("es", "pt")), "srta.": ("female", "title", ("es",)),
    "señor": ("male", "title", ()), "señora": ("female", "title", ()), "sig.": ("male", "title", ()),
    "sig.ra": ("female", "title", ()), "sig.na": ("female", "title", ()), "signor": ("male", "title", ()),
    "signora": ("female", "title", ()),
    # nouns
    "femme": ("female", "noun", ()), "homme": ("male", "noun", ()), "patiente": ("female", "noun", ("fr",)),
    "mujer": ("female", "noun", ()), "hombre": ("male", "noun", ()), "varón": ("male", "noun", ()),
    "donna": ("female", "noun", ("it",)), "uomo": ("male", "noun", ()), "vrouw": ("female", "noun", ()),
    "kvinna": ("female", "noun", ()), "mann": ("male", "noun", ("de", "no")), "patientin": ("female", "noun", ()),
    "mulher": ("female", "noun", ()), "homem": ("male", "noun", ()), "senhora": ("female", "title", ()),
    "senhor": ("male", "title", ()),
    # the sex a field or "sexo feminino" names, in the languages that write it so
    "feminino": ("female", "noun", ("pt",)), "masculino": ("male", "noun", ("pt", "es")),
    "femenino": ("female", "noun", ("es",)), "femenina": ("female", "noun", ("es",)),
    "pacjentka": ("female", "noun", ()), "pacjentkę": ("female", "noun", ()),
    # the masculine patient nouns of Polish, Czech, German and French (not a field's label "Pacjent:", nor English)
    "pacjent": ("male", "noun", ("pl",)), "pacjenta": ("male", "noun", ("pl",)), "pacjentem": ("male", "noun", ("pl",)),
    "pacientem": ("male", "noun", ("cs",)), "patient": ("male", "noun", ("de", "fr")),
    # Polish: "Pani Anna K.", "Stan chorej stopniowo się poprawiał" (the sick woman's condition)
    "pani": ("female", "title", ()), "pan": ("male", "title", ("pl", "cs")), "chora": ("female", "noun", ("pl",)),
    "chorej": ("female", "noun", ("pl",)), "chory": ("male", "noun", ("pl",)), "chorego": ("male", "noun", ("pl",)),
    "kvinde": ("female", "noun", ()),
    # Danish "Kvinden har siden i går …" (the woman, an obstetric note's patient), Dutch "een 88-jarige dame"
    "kvinden": ("female", "noun", ("da", "no")), "dame": ("female", "noun", ("nl",)),
    "femminile": ("female", "noun", ("it",)), "maschile": ("male", "noun", ("it",)),
    "féminin": ("female", "noun", ("fr",)), "masculin": ("male", "noun", ("fr",)),
    # subject pronouns, only in a note that shows the language
    "elle": ("female", "pronoun", ("fr",)), "il": ("male", "pronoun", ("fr",)), "ella": ("female", "pronoun", ("es",)),
    "él": ("male", "pronoun", ("es",)), "lei": ("female", "pronoun", ("it",)), "lui": ("male", "pronoun", ("it", "fr")),
    "hij": ("male", "pronoun", ("nl",)), "er": ("male", "pronoun", ("de",)), "sie": ("female", "pronoun", ("de",)),
    "hon": ("female", "pronoun", ("sv",)), "hun": ("female", "pronoun", ("no", "da")),
    # Dutch "ze"/"zij" (also "they": read beside a verb in the singular, "ziet ze", "Zij is")
    "ze": ("female", "pronoun", ("nl",)), "zij": ("female", "pronoun", ("nl",)),
    "han": ("male", "pronoun", ("sv", "no", "da")), "ela": ("female", "pronoun", ("pt",)), "ele": ("male", "pronoun", ("pt",)),
    # Malay titles ("Puan ___", "Encik ___", "Cik ___"), Turkish titles after the name ("___ Bey", "___ Hanım")
    "puan": ("female", "title", ()), "encik": ("male", "title", ()), "cik": ("female", "title", ()),
    "bey": ("male", "title after", ()), "hanım": ("female", "title after", ()),
    # Māori nouns in New Zealand notes ("56 yo wāhine Māori"), German sex words and possessives ("männlich",
    # "lebt mit seiner Ehefrau"; "sein" alone is also the verb "to be", "ihr…" also "their")
    "wāhine": ("female", "noun", ()), "wahine": ("female", "noun", ()), "tāne": ("male", "noun", ()),
    "kuia": ("female", "noun", ()), "koroua": ("male", "noun", ()),
    "männlich": ("male", "noun", ()), "weiblich": ("female", "noun", ()),
    "seine": ("male", "possessive", ("de",)), "seiner": ("male", "possessive", ("de",)),
    "seinem": ("male", "possessive", ("de",)), "seinen": ("male", "possessive", ("de",)),
    "seines": ("male", "possessive", ("de",)),
    # Swedish object pronouns ("Hans sambo körde honom"), and possessives before a relative in Swedish, Dutch and
    # German (read only there: "hans" is also a name, "zijn" also "are", "haar" also "hair", "ihr" also "their")
    "honom": ("male", "object", ("sv",)), "henne": ("female", "object", ("sv", "no")),
    # Danish and Norwegian "ser ham", German "wird ihm zugesandt"
    "ham": ("male", "object", ("da", "no")), "ihm": ("male", "object", ("de",)),
    "hans": ("male", "possessive before a relative", ("sv", "no", "da")),
    "hennes": ("female", "possessive", ("sv", "no")),  # only "her", unlike "hans"
    # Dutch "volgens hem", Danish "Hendes datter", Russian "со слов пациента" (the masculine patient's genitive),
    # German "Ihren Patienten, Herrn P." (after a singular article or possessive only: "die Patienten" are many)
    "hem": ("male", "object", ("nl",)), "hendes": ("female", "possessive", ("da",)),
    "пациента": ("male", "noun", ()), "patienten": ("male", "noun after a singular article", ("de",)),
    "zijn": ("male", "possessive before a relative", ("nl",)),
    "haar": ("female", "possessive before a relative", ("nl",)),
    "ihr": ("female", "possessive before a relative", ("de",)), "ihre": ("female", "possessive before a relative", ("de",)),
    "ihrem": ("female", "possessive before a relative", ("de",)),
    "ihren": ("female", "possessive before a relative", ("de",)),
    "ihrer": ("female", "possessive before a relative", ("de",)),
    # titles and nouns: "Patient Madam A.M.", "mère de 6 enfants"
    "madam": ("female", "title", ()), "mère": ("female", "mother of children", ("fr",)),
    # Norwegian nouns; a woman's smoking status in German and Italian; Austria's "Hr." (Herr)
    "kvinne": ("female", "noun", ()), "enke": ("female", "noun", ()), "enkemann": ("male", "noun", ()),
    "nichtraucherin": ("female", "noun", ()), "raucherin": ("female", "noun", ()),
    "fumatrice": ("female", "noun", ()), "hr.": ("male", "title", ("de", "da", "no")),
    "père": ("male", "mother of children", ("fr",)),
    # Russian nouns and pronouns ("Больная Т., 76 лет", "Она контактна"); other status words ("exfumador",
    # "aposentado") are left out: most annotators do not count them as sex words (a widow's are read, below)
    "больная": ("female", "noun", ("ru",)), "больной": ("male", "noun", ("ru",)),
    "пациентка": ("female", "noun", ()), "она": ("female", "pronoun", ("ru",)), "он": ("male", "pronoun", ("ru",)),
    "её": ("female", "possessive", ("ru",)),
    # Ukrainian, Serbian (Cyrillic), Czech, Persian, Arabic, Indonesian and Hindi nouns and titles (Icelandic "kona"
    # is also Norwegian "the wife")
    "хворий": ("male", "noun", ()), "хвора": ("female", "noun", ()), "пацієнтка": ("female", "noun", ()),
    "пацијенткиња": ("female", "noun", ()), "nemocná": ("female", "noun", ()), "nemocný": ("male", "noun", ()),
    "آقای": ("male", "title", ()), "خانم": ("female", "title", ()), "مرد": ("male", "noun", ()),
    "زن": ("female", "noun", ()), "رجل": ("male", "noun", ()), "امرأة": ("female", "noun", ()),
    "bapak": ("male", "title", ()), "ibu": ("female", "title", ()),
    "श्रीमती": ("female", "title", ()), "श्री": ("male", "title", ()),
    # Estonian, Lithuanian, Croatian/Bosnian, Bulgarian/Macedonian, Romanian, Hungarian, Arabic, Hebrew, Swahili,
    # Filipino and Galician nouns, pronouns and titles ("62-aastane mees", "Pacientė … moteris", "Pacijent", "мъж",
    # "Таа", "Ea neagă", "[Név] úr", "المريض", "המטופלת", "Mwanamke", "dalaga", "Muller de 88 anos"); Romanian "el" is
    # also the Spanish article, read only in a Romanian note
    "mees": ("male", "noun", ()), "naine": ("female", "noun", ()),
    "pacientė": ("female", "noun", ()), "pacientas": ("male", "noun", ()), "moteris": ("female", "noun", ()),
    "jis": ("male", "pronoun", ()),
    "pacijent": ("male", "noun", ()), "pacijentica": ("female", "noun", ()), "muški": ("male", "noun", ()),
    "ženski": ("female", "noun", ()),
    "пациент": ("male", "noun", ()), "пациентът": ("male", "noun", ()), "пациентката": ("female", "noun", ()),
    "пациентки": ("female", "noun", ()), "мъж": ("male", "noun", ()), "тя": ("female", "pronoun", ()),
    "таа": ("female", "pronoun", ()), "тој": ("male", "pronoun", ()),
    "ea": ("female", "pronoun", ("ro",)), "el": ("male", "pronoun", ("ro",)),
    "úr": ("male", "title after", ()),
    "المريض": ("male", "noun", ()), "المريضة": ("female", "noun", ()), "للمريض": ("male", "noun", ()),
    "للمريضة": ("female", "noun", ()), "أنثى": ("female", "noun", ()),
    "המטופל": ("male", "noun", ()), "המטופלת": ("female", "noun", ()), "הוא": ("male", "pronoun", ()),
    "היא": ("female", "pronoun", ()), "נקבה": ("female", "noun", ()),
    "mwanamke": ("female", "noun", ()), "mwanaume": ("male", "noun", ()),
    "dalaga": ("female", "noun", ()), "binata": ("male", "noun", ()), "muller": ("female", "noun", ()),
    # Polish "34-letni mężczyzna", a Chinese record's "患者男，58岁" (glued to "patient", see foreign_sex)
    "mężczyzna": ("male", "noun", ()), "kobieta": ("female", "noun", ()), "男": ("male", "noun", ()),
    "女": ("female", "noun", ()),
    # Ukrainian pronouns, a Polish accusative
    "він": ("male", "pronoun", ()), "вона": ("female", "pronoun", ()), "chorą": ("female", "noun", ()),
    # Icelandic pronouns and nouns ("71 árs karlmaður", "Hann hefur haft", "Rætt við hann", "honum"; "hans" and
    # "kona" are read as Swedish and Norwegian words above), Albanian ("Pacientja: femër", "ajo ka fjetur"), Georgian
    # ("ბატონი გ. მ.", "სქესი: მამრობითი"), Hebrew without the article ("מטופלת בת 78"), Arabic subject pronouns,
    # a Polish possessive ("jej matka obecna")
    "hann": ("male", "pronoun", ()), "hún": ("female", "pronoun", ()), "honum": ("male", "object", ()),
    "henni": ("female", "object", ()), "hennar": ("female", "possessive", ()), "karlmaður": ("male", "noun", ()),
    # Slovak and Czech "68-ročný muž", "u 68-ročného muža"; Romanian "Bărbat de 59 ani", "dl. P. I."; Vietnamese
    # "Bệnh nhân nữ"; Ukrainian "Стан пацієнтки", "Її чоловік"; Hungarian "Az idős hölgy"; Hebrew "הוסבר לה";
    # Croatian "njezina supruga", "njegova supruga"; German "seine Frau begleitet ihn"
    "muž": ("male", "noun", ()), "muža": ("male", "noun", ()), "mužovi": ("male", "noun", ()),
    "bărbat": ("male", "noun", ()), "femeie": ("female", "noun", ()), "dl.": ("male", "title", ("ro",)),
    "nữ": ("female", "noun", ()), "пацієнтки": ("female", "noun", ()), "її": ("female", "pronoun", ()),
    "hölgy": ("female", "noun", ()), "לה": ("female", "object", ()), "njezina": ("female", "possessive", ()),
    "njezin": ("female", "possessive", ()), "njegova": ("male", "possessive", ()), "njegov": ("male", "possessive", ()),
    "ihn": ("male", "object", ("de",)),
    "pacientja": ("female", "noun", ()), "femër": ("female", "noun", ()), "mashkull": ("male", "noun", ()),
    "ajo": ("female", "pronoun", ()),
    "ბატონი": ("male", "title", ()), "ქალბატონი": ("female", "title", ()), "მამრობითი": ("male", "noun", ()),
    "მდედრობითი": ("female", "noun", ()),
    "מטופלת": ("female", "noun", ()), "מטופל": ("male", "noun", ()), "هو": ("male", "pronoun", ()),
    "هي": ("female", "pronoun", ()), "jej": ("female", "possessive before a relative", ("pl",)),
    # Slovak "9-ročné dievča", "chlapec"; Serbian "67-годишњи мушкарац"; Portuguese "o menino", "a menina"
    "dievča": ("female", "noun", ()), "chlapec": ("male", "noun", ()), "мушкарац": ("male", "noun", ()),
    "menino": ("male", "noun", ()), "menina": ("female", "noun", ()),
    # Filipino "62/M, lalaki", Malay "Wanita ini", Mongolian "58 настай, эрэгтэй", Georgian "ქალი, 52 წლის", Armenian
    # "59 տարեկան, տղամարդ", Azerbaijani "69 yaş, qadın", Albanian "djalë, 3 vjeç", Spanish "el niño"
    "lalaki": ("male", "noun", ()), "babae": ("female", "noun", ()), "wanita": ("female", "noun", ()),
    "эрэгтэй": ("male", "noun", ()), "эмэгтэй": ("female", "noun", ()), "ქალი": ("female", "noun", ()),
    "მამაკაცი": ("male", "noun", ()), "տղամարդ": ("male", "noun", ()), "կին": ("female", "noun", ()),
    "qadın": ("female", "noun", ()), "djalë": ("male", "noun", ()),
    "vajzë": ("female", "noun", ()), "niño": ("male", "noun", ()), "niña": ("female", "noun", ()),
    # Bulgarian "2-годишно момче"; a widow or widower ("Witwe", "veuve", "vedova", "viuda", "viúva"): the word tells
    # the sex, so a counterfactual that kept it would contradict itself (about half the annotators mark it)
    "момче": ("male", "noun", ()), "момиче": ("female", "noun", ()), "witwe": ("female", "noun", ()),
    "witwer": ("male", "noun", ()), "veuve": ("female", "noun", ()), "veuf": ("male", "noun", ()),
    "vedova": ("female", "noun", ()), "vedovo": ("male", "noun", ()), "viuda": ("female", "noun", ()),
    "viudo": ("male", "noun", ()), "viúva": ("female", "noun", ()), "viúvo": ("male", "noun", ()),
}
#: The counterpart of each foreign sex word, for a rewrite (lower-case; the rewrite keeps the original's capitals).
FOREIGN_SWAPS: dict[str, str] = {
    "mme": "m.", "mme.": "m.", "madame": "monsieur", "monsieur": "madame", "m.": "mme", "herr": "frau",
    "frau": "herr", "mw.": "dhr.", "mevr.": "dhr.", "mevrouw": "meneer", "dhr.": "mw.", "meneer": "mevrouw",
    "herrn": "frau", "fr.": "hr.", "pn.": "en.", "mdm": "mr", "mdm.": "mr.", "tn.": "ny.", "ny.": "tn.",
    "w/ro": "ato", "mzee": "bibi", "kadın": "erkek", "erkek": "kadın", "laki-laki": "perempuan",
    "perempuan": "laki-laki", "lelaki": "perempuan", "weibl": "männl", "männl": "weibl", "patiënte": "patiënt", "dña.": "D.", "doña": "don", "dona": "senhor",
    "smt.": "Shri", "mand": "kvinde", "pacienta": "pacientul",
    "pacientă": "pacient", "pacientul": "pacienta", "nő": "férfi", "nőbeteg": "férfibeteg", "férfi": "nő",
    "férfibeteg": "nőbeteg", "bolesnica": "bolesnik", "bolesnik": "bolesnica", "bolnik": "bolnica",
    "moški": "ženska", "ženska": "moški", "gospod": "gospa", "gospa": "gospod", "gospođa": "gospodin", "gospodin": "gospođa", "mev.": "mnr.",
    "mnr.": "mev.", "女性": "男性", "男性": "女性",
    "여자": "남자", "남자": "여자", "여성": "남성", "남성": "여성", "mst.": "Md.", "paní": "pan", "κα": "κ.", "κ.": "κα", "masc": "fem", "shri": "Smt.", "pacient": "pacientka", "pacientka": "pacient", "mies": "nainen", "nainen": "mies",
    "άρρεν": "θήλυ", "θήλυ": "άρρεν", "άνδρας": "γυναίκα", "γυναίκα": "άνδρας", "άνδρα": "γυναίκα", "änka": "änkling",
    "хворої": "хворого", "pte": "Pt", "fem": "masc",
    "maschio": "femmina", "femmina": "maschio", "pacientei": "pacientului", "хлопчик": "дівчинка",
    "дівчинка": "хлопчик", "سيدة": "رجل", "garçon": "fille", "băiat": "fată",
    "poiss": "tüdruk", "ona": "on", "bi.": "Bw.",
    "sr.": "sra.", "sra.": "sr.", "srta.": "sr.", "señor": "señora", "señora": "señor", "sig.": "sig.ra",
    "sig.ra": "sig.", "sig.na": "sig.", "signor": "signora", "signora": "signor", "femme": "homme", "homme": "femme",
    "patiente": "patient", "mujer": "hombre", "hombre": "mujer", "varón": "mujer", "donna": "uomo", "uomo": "donna",
    "vrouw": "man", "kvinna": "man", "mann": "frau", "patientin": "patient", "elle": "il", "il": "elle",
    "mulher": "homem", "homem": "mulher", "senhora": "senhor", "senhor": "senhora", "feminino": "masculino",
    "masculino": "feminino", "femenino": "masculino", "femenina": "masculino",
    "pacjentka": "pacjent", "pacjentkę": "pacjenta", "pani": "pan", "pan": "pani", "chora": "chory",
    "chorej": "chorego", "chory": "chora", "chorego": "chorej",
    "kvinden": "manden", "dame": "heer",
    "kvinde": "mand", "femminile": "maschile", "maschile": "femminile", "féminin": "masculin",
    "masculin": "féminin", "ela": "ele", "ele": "ela",
    "ella": "él", "él": "ella", "lei": "lui", "lui": "lei", "hij": "zij", "er": "sie", "sie": "er", "hon": "han",
    "han": "hon", "hun": "han", "ze": "hij", "zij": "hij", "pacjent": "pacjentka", "pacjenta": "pacjentki",
    "pacjentem": "pacjentką", "pacientem": "pacientkou", "patient": "patientin", "puan": "encik", "encik": "puan", "cik": "encik", "bey": "hanım", "hanım": "bey", "wāhine": "tāne",
    "wahine": "tane", "tāne": "wāhine", "kuia": "koroua", "koroua": "kuia", "männlich": "weiblich",
    "weiblich": "männlich", "seine": "ihre", "seiner": "ihrer", "seinem": "ihrem", "seinen": "ihren", "seines": "ihres",
    "honom": "henne", "henne": "honom", "hans": "hennes", "hennes": "hans", "zijn": "haar", "haar": "zijn",
    "ihr": "sein", "ihre": "seine", "ihrem": "seinem", "ihren": "seinen", "ihrer": "seiner", "madam": "sir", "mère": "père",
    "kvinne": "mann", "enke": "enkemann", "enkemann": "enke", "nichtraucherin": "nichtraucher",
    "raucherin": "raucher", "fumatrice": "fumatore", "hr.": "fr.",
    "père": "mère",
    "хворий": "хвора", "хвора": "хворий", "пацієнтка": "пацієнт", "пацијенткиња": "пацијент",
    "nemocná": "nemocný", "nemocný": "nemocná", "آقای": "خانم", "خانم": "آقای", "مرد": "زن", "زن": "مرد",
    "رجل": "امرأة", "امرأة": "رجل", "bapak": "ibu", "ibu": "bapak", "श्रीमती": "श्री",
    "श्री": "श्रीमती",
    "больная": "больной", "больной": "больная", "пациентка": "пациент", "она": "он", "он": "она", "её": "его",
    "mees": "naine", "naine": "mees", "pacientė": "pacientas", "pacientas": "pacientė", "moteris": "vyras",
    "jis": "ji", "pacijent": "pacijentica", "pacijentica": "pacijent", "muški": "ženski", "ženski": "muški",
    "пациент": "пациентка", "пациентът": "пациентката", "пациентката": "пациентът", "пациентки": "пациента",
    "мъж": "жена", "тя": "той", "таа": "тој", "тој": "таа", "ea": "el", "el": "ea", "úr": "asszony",
    "المريض": "المريضة", "المريضة": "المريض", "للمريض": "للمريضة", "للمريضة": "للمريض", "أنثى": "ذكر",
    "המטופל": "המטופלת", "המטופלת": "המטופל", "הוא": "היא", "היא": "הוא", "נקבה": "זכר",
    "mwanamke": "mwanaume", "mwanaume": "mwanamke", "dalaga": "binata", "binata": "dalaga", "muller": "home",
    "mężczyzna": "kobieta", "kobieta": "mężczyzna", "男": "女", "女": "男", "він": "вона", "вона": "він",
    "chorą": "chorego", "hann": "hún", "hún": "hann", "honum": "henni", "henni": "honum", "hennar": "hans",
    "bolnica": "bolnik", "vīrietis": "sieviete", "sieviete": "vīrietis", "drengur": "stúlka", "stúlka": "drengur",
    "திருமதி": "திரு", "பெண்": "ஆண்", "ஆண்": "பெண்",
    "karlmaður": "kona", "muž": "žena", "muža": "ženy", "mužovi": "žene", "bărbat": "femeie", "femeie": "bărbat",
    "dl.": "dna.", "nữ": "nam", "пацієнтки": "пацієнта", "її": "його", "hölgy": "úr", "לה": "לו",
    "njezina": "njegova", "njezin": "njegov", "njegova": "njezina", "njegov": "njezin", "ihn": "sie",
    "pacientja": "pacienti", "femër": "mashkull", "mashkull": "femër", "ajo": "ai",
    "ბატონი": "ქალბატონი", "ქალბატონი": "ბატონი", "მამრობითი": "მდედრობითი", "მდედრობითი": "მამრობითი",
    "מטופלת": "מטופל", "מטופל": "מטופלת", "هو": "هي", "هي": "هو", "jej": "jego",
    "ham": "hende", "ihm": "ihr", "pacientky": "pacienta", "bolesniku": "bolesnici",
    "больного": "больной", "хворого": "хворої", "dna": "dl", "السيدة": "السيد", "מר": "גב'", "גבר": "אישה",
    "ông": "bà", "bà": "ông", "hem": "haar", "pat.in": "pat.", "nőbeteget": "férfibeteget",
    "férfibeteget": "nőbeteget", "мужчина": "женщина", "женщина": "мужчина", "хворому": "хворій",
    "болният": "болната", "болната": "болният", "dievča": "chlapec", "chlapec": "dievča", "мушкарац": "жена",
    "menino": "menina", "menina": "menino",
    "lalaki": "babae", "babae": "lalaki", "wanita": "lelaki", "эрэгтэй": "эмэгтэй", "эмэгтэй": "эрэгтэй",
    "ქალი": "მამაკაცი", "მამაკაცი": "ქალი", "տղամարդ": "կին", "կին": "տղամարդ", "qadın": "kişi",
    "djalë": "vajzë", "vajzë": "djalë", "niño": "niña", "niña": "niño",
    "момче": "момиче", "момиче": "момче", "witwe": "witwer", "witwer": "witwe", "veuve": "veuf", "veuf": "veuve",
    "vedova": "vedovo", "vedovo": "vedova", "viuda": "viudo", "viudo": "viuda", "viúva": "viúvo", "viúvo": "viúva",
    "pacijentkinja": "pacijent", "hendes": "hans", "пациента": "пациентки", "patienten": "patientin",
}
assert set(FOREIGN_SWAPS) == set(FOREIGN_SEX_WORDS)
