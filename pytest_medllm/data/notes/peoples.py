"""The peoples of the world as notes name them: national and ethnic groups, their demonyms, Indigenous peoples, the
census categories of registration systems, and the descent adjectives of the eight other languages the extractor
reads — each mapped to one of DeVisE's five classes by the rule of :mod:`.lexicon` (African and Afro-Caribbean peoples
Black; Latin American peoples Hispanic/Latino; East, South-East, South and Central Asian and Pacific peoples Asian &
Pacific; European peoples White; Indigenous peoples of the Americas and Australia, the Middle East and North Africa,
mixed origins and peoples the census grouping leaves undecided Other/Unknown).

The words are written here, group by group, not taken from a data set. A word that is also a common word, a first
name or a place left out ("Karen", "Chin", "Dakota", "Seneca", "Crow", "Georgian", "Spanish", "French", "English":
the languages are read as languages) or kept only where a field or a community names it (:data:`FIELD_ONLY_TERMS`:
"Traveller", "Mixed", "Coloured", the iwi of Aotearoa). A term still counts only where it describes the patient (the
rules of :mod:`.ethnicity`): "Indian Health Service", "Somali interpreter", "non-Caucasian" are never mentions.
"""

from __future__ import annotations

import re

_B, _H, _A, _W, _O = "Black", "Hispanic/Latino", "Asian & Pacific", "White", "Other/Unknown"


def _terms(cls: str, words: str) -> dict[str, str]:
    return {w.replace("_", " "): cls for w in words.split()}


#: English names of peoples beyond :data:`.lexicon.ETHNICITY_TERMS` (lower-case; "_" stands for a space).
WORLD_TERMS: dict[str, str] = {
    # Sub-Saharan Africa and its diaspora in the Caribbean and the Americas
    **_terms(_B, """botswanan motswana batswana burkinabé central_african comorian djiboutian
        equatoguinean equatorial_guinean gabonese bissau-guinean mosotho basotho malagasy namibian
        nigerien sao_tomean são_toméan somalilander swazi liswati grenadian vincentian st_lucian saint_lucian
        antiguan kittitian nevisian montserratian anguillan garifuna african_caribbean african-caribbean
        afro-latino afro-latina afro-brazilian afro-colombian afro-cuban afro-american black_canadian
        black_american black_or_african_american ibo ibibio efik ijaw izon urhobo itsekiri tiv kanuri nupe
        igala idoma fanti dagomba krobo wolof mandinka malinke serer soninke bambara dogon mossi baoulé baule dioula
        dyula kru kpelle mende temne krio afar sidama gurage wolayta gikuyu luhya luyia kalenjin kamba akamba kisii
        maasai masai chagga sukuma baganda acholi langi banyankole hutu tutsi shona ndebele sotho tswana pedi venda
        tsonga bemba chewa lomwe makua makhuwa herero ovambo owambo himba bakongo dinka nuer shilluk nubian beja
        habesha african_nova_scotian black_nova_scotian african_canadian african-canadian black_african_caribbean"""),
    # Latin America
    **_terms(_H, """boricua nuyorican tejano tejana chicanx latinoamericano latinoamericana
        hispanic_or_latino hispanic/latino latino/a latina/o"""),
    # East, South-East, South and Central Asia; the Pacific
    **_terms(_A, """kazakh kazakhstani kyrgyz tajik tajikistani turkmen hazara pashtun pathan baloch baluch sindhi
        kashmiri mohajir muhajir telugu malayali kannadiga marathi bihari rajasthani odia assamese sylheti goan
        konkani parsi sinhala sinhalese maldivian gurkha sherpa newar rohingya kachin arakanese rakhine lao 
        javanese sundanese balinese batak minangkabau bugis dayak acehnese bidayuh melanau peranakan visayan cebuano
        ilocano ilonggo kapampangan bruneian timorese east_timorese macanese hongkonger hakka hokkien teochew manchu
        okinawan ryukyuan ainu orang_asli adivasi indo-caribbean indo-guyanese indo-trinidadian indo-fijian
        indo-canadian indo-mauritian palauan i-kiribati tuvaluan nauruan ni-vanuatu solomon_islander tokelauan
        pohnpeian kosraean yapese carolinian rotuman kanaka_maoli kānaka_maoli kanaka_ʻōiwi moriori pasifika
        native_hawaiian_or_other_pacific_islander asian_or_asian_british asian_indian_american janajati tamang
        gurung magar madhesi dusun kadazan-dusun kadazandusun murut bajau itaukei melayu madura tày kinh hmong
        ม้ง"""),
    # Europe and European settler peoples
    **_terms(_W, """dutch flemish walloon swedish icelandic maltese cypriot slovenian slovene montenegrin macedonian
        kosovar moldovan belarusian luxembourgish sámi anglo-celtic pākehā pakeha afrikaner sephardi sephardic
        romany sinti scottish_traveller gypsy_traveller gypsy_or_irish_traveller white_irish_traveller
        french_canadian french-canadian québécois acadian cajun white_or_caucasian"""),
    # the Middle East and North Africa; Indigenous peoples of the Americas, the Arctic and Australia; mixed origins
    **_terms(_O, """israeli assyrian chaldean druze bedouin berber amazigh kabyle tuareg sahrawi yazidi maghrebi
        mauritanian azeri
        american_indian_or_alaska_native alaska_native_or_american_indian native_american_indian
        apache choctaw chickasaw muscogee seminole anishinaabe anishinabe chippewa mi'kmaq mikmaq micmac maliseet
        wolastoqiyik mohawk kanienʼkehá:ka oneida onondaga tuscarora haudenosaunee iroquois blackfoot siksika kainai
        piikani dene tłı̨chǫ tlicho gwich'in inuk inuinnait inupiat iñupiat inupiaq iñupiaq yup'ik yupik cup'ik
        aleut unangan alutiiq sugpiaq athabascan athabaskan tlingit haida tsimshian nisga'a salish nuu-chah-nulth
        kwakwaka'wakw hopi zuni comanche kiowa osage pawnee shoshone paiute arapaho sioux lumbee menominee
        potawatomi ho-chunk tohono_o'odham o'odham pima yaqui yavapai havasupai hualapai innu naskapi atikamekw
        algonquin abenaki passamaquoddy penobscot wampanoag narragansett pequot lenape shawnee kickapoo meskwaki
        ponca quapaw caddo chitimacha kalaallit greenlandic_inuit quechua aymara mapuche mayan kichwa guarani
        guaraní nahua zapotec mixtec purépecha purepecha wayuu miskito taíno taino k'iche' kiche q'eqchi' ngäbe
        emberá wixárika huichol tarahumara rarámuri otomi mazatec totonac tzotzil tzeltal kuna guna yanomami
        kayapo guajajara ticuna tikuna koori koorie murri noongar nyoongar nyungar yolŋu yolngu arrernte warlpiri
        pitjantjatjara anangu wiradjuri kamilaroi gamilaraay yorta_yorta wurundjeri kaurna ngarrindjeri tiwi
        larrakia bundjalung dharug darug gadigal eora yamatji palawa martu kuku_yalanji luritja anmatyerr alyawarr
        nunga gumbaynggirr yuin first_peoples indigenous_australian aboriginal_and_torres_strait_islander
        aboriginal_or_torres_strait_islander two_or_more_races some_other_race mixed_heritage mixed_ethnicity
        dual_heritage multi-ethnic multiethnic maya aboriginal_but_not_torres_strait_islander_origin
        torres_strait_islander_but_not_aboriginal_origin both_aboriginal_and_torres_strait_islander_origin
        tasmanian_aboriginal oji-cree"""),
    # Finnish "somalialaistaustainen" (of Somali background), Greek "Ρομά", Hebrew "בדואית"/"בדואי" (a Bedouin)
    **_terms(_B, "somalialaistaustainen"),
    **_terms(_W, "ρομά"),
    **_terms(_O, "בדואית בדואי"),
}

#: Terms read only as the value of a race/ethnicity field (or in brackets after one) and, for "Traveller", as the name
#: of a community ("a member of the Traveller community"): elsewhere they are common words, or an iwi named in prose
#: after the patient's Māori ethnicity, which a note need not mark.
FIELD_ONLY_TERMS: dict[str, str] = {
    **_terms(_W, "traveller traveler"),
    **_terms(_O, "mixed coloured colored"),
    # the iwi (tribes) of Aotearoa New Zealand, which a registration records after the ethnicity ("Iwi: Ngāpuhi")
    **_terms(_A, """ngāpuhi ngapuhi ngāti_porou ngati_porou ngāi_tahu ngai_tahu waikato-tainui tainui
        ngāti_kahungunu ngati_kahungunu te_arawa tūhoe tuhoe ngāti_tūwharetoa ngati_tuwharetoa te_rarawa
        ngāti_maniapoto ngati_maniapoto ngāti_whātua ngati_whatua te_āti_awa te_ati_awa ngāti_raukawa ngati_raukawa
        ngāti_awa ngati_awa whakatōhea te_whānau-ā-apanui ngāti_ruanui ngā_rauru ngāti_toa rongowhakaata"""),
}
#: A field that says only what the patient is not ("Ethnicity: Not Hispanic or Latino"): a mention, which a rewrite
#: must change too, but no class of its own when another mention names one.
NOT_TERMS: dict[str, str] = _terms(_O, """not_hispanic_or_latino not_hispanic/latino not_hispanic_or_latina
    not_hispanic non-hispanic non_hispanic non-latino neither_aboriginal_nor_torres_strait_islander_origin
    neither_aboriginal_nor_torres_strait_islander not_aboriginal_or_torres_strait_islander non-indigenous
    not_of_aboriginal_or_torres_strait_islander_origin not_aboriginal_or_torres_strait_islander_origin
    no,_not_of_hispanic,_latino/a,_or_spanish_origin no,_not_hispanic/latino/a no,_not_hispanic_or_latino""")

#: The descent adjectives of the other languages, by the phrase that introduces them: French "d'origine
#: malienne", "d'ethnie peule"; Spanish "de origen ecuatoriano", "de etnia gitana", "de raza negra"; Italian "di origine
#: marocchina", "di etnia rom"; Portuguese "de origem cabo-verdiana", "de etnia cigana", "de raça negra"; Dutch "van
#: Marokkaanse afkomst"; German "kurdischer Herkunft"; Swedish "med somalisk bakgrund"; Polish "pochodzenia
#: wietnamskiego". German, Swedish and Polish adjectives are stored by their stem (:func:`descent_class`).
DESCENT_TERMS: dict[str, str] = {
    # Portuguese
    **_terms(_B, """cabo-verdiano cabo-verdiana caboverdiano caboverdiana angolano angolana guineense são-tomense
        santomense moçambicano moçambicana africano africana negro negra nigeriano nigeriana"""),
    **_terms(_H, "brasileiro brasileira latino latina"),
    **_terms(_A, """indiano indiana chinês chinesa paquistanês paquistanesa nepalês nepalesa bengali bangladeshiano
        bangladeshiana timorense"""),
    **_terms(_W, "ucraniano ucraniana romeno romena moldavo moldava cigano cigana branco branca europeu europeia"),
    **_terms(_O, "marroquino marroquina árabe indígena"),
    # Spanish and Italian beyond :data:`.lexicon.ORIGIN_TERMS`
    **_terms(_B, "negro negra africano africana"),
    **_terms(_W, "blanco blanca caucásico caucásica rom"),
    **_terms(_O, "amazigh bereber mapuche quechua aymara"),
    **_terms(_B, "haitiano haitiana"),
    # Catalan, Italian, French, Romanian, Slovak, Danish and Norwegian forms the phrases take
    **_terms(_A, "pakistanès pakistanesa"),
    **_terms(_W, "kosovara kosovaro romă rómskej rómsky dansk norsk saamelainen maďarská maďarský maďarskej"),
    # Catalan and Spanish "d'ètnia gitana", Slovak and Czech "rómskeho pôvodu", "romského původu", Bulgarian "от
    # турски етнически произход", "ромски", Hebrew "ממוצא אתיופי" (of Ethiopian origin)
    **_terms(_W, "gitano gitana gitanos rómskeho romského romskeho ромски ромска"),
    **_terms(_O, "турски турска арменски арменска"),
    **_terms(_B, "אתיופי אתיופית"),
    **_terms(_B, "érythréen érythréenne somalienne somalien comorien comorienne"),
    **_terms(_O, "grønlandsk samisk"),
    # French
    **_terms(_B, "peul peule peuls soninké bambara wolof sérère sérères serere diola toucouleur haoussa"),
    # Dutch, in the inflected form the phrase takes
    **_terms(_B, "surinaamse antilliaanse arubaanse curaçaose ghanese somalische eritrese kaapverdiaanse creoolse"),
    **_terms(_A, "hindostaanse hindostaans molukse indonesische chinese vietnamese"),
    **_terms(_W, "poolse bulgaarse roemeense nederlandse"),
    **_terms(_O, "marokkaanse turkse syrische afghaanse iraakse iraanse koerdische"),
    # German stems (-e, -er, -en, -em, -es follow)
    **_terms(_B, """afrikanisch eritreisch somalisch äthiopisch nigerianisch ghanaisch kamerunisch kongolesisch
        kapverdisch"""),
    **_terms(_H, "lateinamerikanisch brasilianisch kolumbianisch kubanisch mexikanisch"),
    **_terms(_A, """asiatisch vietnamesisch chinesisch thailändisch philippinisch indisch pakistanisch tamilisch
        srilankisch afghanisch japanisch koreanisch"""),
    **_terms(_W, """deutsch europäisch russisch polnisch rumänisch bulgarisch albanisch kosovarisch serbisch kroatisch
        bosnisch italienisch griechisch spanisch portugiesisch ukrainisch"""),
    **_terms(_O, "kurdisch türkisch arabisch syrisch irakisch iranisch libanesisch marokkanisch tunesisch algerisch"),
    # Swedish stems (-a follows)
    **_terms(_B, "somalisk eritreansk etiopisk afrikansk"),
    **_terms(_H, "chilensk latinamerikansk"),
    **_terms(_A, "thailändsk kinesisk vietnamesisk indisk afghansk"),
    **_terms(_W, "finsk polsk bosnisk romsk svensk"),
    **_terms(_O, "irakisk syrisk iransk turkisk kurdisk arabisk"),
    # Polish stems (-iego, -ego follow)
    **_terms(_A, "wietnamsk chińsk"),
    **_terms(_W, "ukraińsk romsk białorusk rosyjsk ormiańsk litewsk niemieck polsk"),
    **_terms(_O, "czeczeńsk kurdyjsk arabsk tureck"),
}
del _terms, _B, _H, _A, _W, _O

#: Terms that are a common word in English and a people's name only in a note written in another language (by its
#: code in :data:`.languages.LANGUAGES`): Swedish and Norwegian "same" (a Sámi).
LANGUAGE_TERMS: dict[str, dict[str, str]] = {"sv": dict.fromkeys(("same", "samisk", "samiska"), "White"),
                                             "da": dict.fromkeys(("grønlandsk",), "Other/Unknown"),
                                             "no": dict.fromkeys(("same", "samisk"), "White"),
                                             "fi": dict.fromkeys(("saamelainen",), "White")}

_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)?"
#: The phrases that introduce a descent adjective (group ``t``), in the eight other languages.
DESCENT_PHRASES: tuple[re.Pattern, ...] = tuple(re.compile(p) for p in (
    rf"(?i)\b(?:d['’]\s*(?:origine|ethnie|origen|ètnia)|"
    rf"de\s+(?:origen|origem|etnia|raza|raça|etnie)|di\s+(?:origine|etnia)|"
    rf"(?<=, )raça|"
    rf"pochodzenia|narodowości|etnia)\s+(?P<t>{_WORD})",
    # Danish and Norwegian "af grønlandsk herkomst", "av somalisk opprinnelse"; Slovak "rómskej národnosti"
    rf"(?i)\b(?:af|av)\s+(?P<t>{_WORD})\s+(?:herkomst|härkomst|afstamning|opprinnelse|oprindelse|bakgrunn|baggrund|"
    rf"ursprung)\b",
    rf"(?i)\b(?P<t>{_WORD})\s+(?:národnosti|pôvodu|původu)\b",
    rf"(?i)(?<![^\W\d_])(?P<t>{_WORD})\s+(?:етнически\s+)?произход(?![^\W\d_])",
    rf"ממוצא\s+(?P<t>{_WORD})",
    rf"(?i)\bvan\s+(?P<t>{_WORD})\s+(?:afkomst|komaf|herkomst|origine)\b",
    rf"(?i)\bmed\s+(?:en\s+)?(?P<t>{_WORD})\s+(?:bakgrund|ursprung|härkomst)\b",
    rf"\b(?P<t>{_WORD})\s+(?:Herkunft|Abstammung)\b",
    # German "türkischstämmig": the people's adjective joined to "-stämmig"
    r"(?i)\b(?P<t>[^\W\d_]{4,}?stämmig[^\W\d_]*)",
))


def descent_class(word: str) -> str | None:
    """The class of a descent adjective as written ("kurdischer", "somaliska", "wietnamskiego", "Marokkaanse"), by
    its form or its stem."""
    low = re.sub(r"stämmig\w*$", "", word.lower())  # "türkischstämmige": the people's adjective before it
    for form in (low, re.sub(r"(?:e[rnms]?|a|iego|ego|iej|ie)$", "", low)):
        if form in DESCENT_TERMS:
            return DESCENT_TERMS[form]
    if "-" in low:  # "Hindostaans-Surinaamse": the people it comes from first, as "Indo-" and "Afro-" name them
        return next((c for c in map(descent_class, low.split("-")) if c), None)
    return None
