"""Where a multiple-choice reply commits to an option, and where it rejects one.

Each commitment is a :class:`Mention` with its position: answer phrases in several languages followed by a letter
or an option text, a letter or option with a verdict, the reply's leading letter, a letter alone on a line, a
correction, hedges between options. Negations ("A is incorrect", "not A", "rule out A") are collected too, and
never count as a commitment. :mod:`.choices` resolves the mentions into one answer; its docstring holds the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from .option_texts import CLOSE, OPEN
from .reply_text import CORRECTION, CORRECTION_WORDS


@dataclass(frozen=True)
class Mention:
    start: int
    letters: tuple[str, ...]
    positive: bool
    strong: bool
    method: str
    final: bool = False
    corrected: bool = False


_L = r"[A-Za-z]"
# A lettered choice: "C", "(C)", "[c]", "option C", "choice (b)", or an option text marker.
_TOKEN = (rf"(?:(?:option|choice|letter|alternative|alternativa|opci[oó]n|opzione|选项)\s*)?"
          rf"(?:{OPEN}(?P<m>[A-Z]){CLOSE}|[(\[\"'](?P<b>{_L})[)\]\"']|(?P<l>{_L})(?![\w'\u2983]))")
_UPPER_TOKEN = rf"(?:(?i:option|choice|letter)\s*)?(?:{OPEN}(?P<m>[A-Z]){CLOSE}|[(\[\"'](?P<b>[A-Z])[)\]\"']|" \
               rf"(?P<l>[A-Z])(?![\w'\u2983]))"
_NEGATIVE_WORDS = (r"(?:not\s+(?:the\s+)?(?:correct|right|best|answer|likely|appropriate|true|it)|incorrect|wrong|"
                   r"false|unlikely|less\s+likely|least\s+likely|improbable|implausible|inappropriate|"
                   r"ruled\s+out|excluded|eliminated|irrelevant|not\s+relevant|not)\b")
_DOES_NOT = re.compile(r"\s*(?:,\s*)?(?:which\s+)?(?:does|do|did|would|could|can)\s*(?:not|n't)\s+(?:explain|fit|"
                       r"account|match|cause|apply|present)|\s*(?:would\s+)?(?:worsen|make\s+\w+\s+worse)", re.I)
_POSITIVE_WORDS = (r"(?:the\s+)?(?:correct|right|best|true|most\s+(?:likely|appropriate|accurate|probable|"
                   r"plausible|consistent)|(?:final\s+|correct\s+|best\s+)?answer|one\s+to\s+choose|"
                   r"my\s+(?:final\s+)?(?:answer|choice|pick|selection)|fits\s+best|appropriate|"
                   r"preferred|recommended)\b")
_ANSWER_CUES = [
    # English: "The (final/correct) answer is", "Answer:", "answers are", "answer choice -", "lies in"
    r"(?P<final>final\s+)?(?:correct\s+|right\s+|best\s+|most\s+(?:likely|appropriate)\s+)?answers?"
    r"(?:\s+(?:choice|option))?(?:\s+(?:to|for)\s+(?:this|the|that)(?:\s+(?!is\b|are\b)\w+){0,3}?)?"
    r"\s*(?:is|are|would\s+be|will\s+be|should\s+be|must\s+be|=|:|-|->|lies\s+"
    r"(?:in|at|within|with))",
    r"(?:correct|best|right|most\s+(?:likely|appropriate|accurate|probable|plausible)|primary|underlying|main)\s+"
    r"(?:option|choice|response|diagnosis|answer|management|next\s+step|treatment|cause|explanation|selection|"
    r"mechanism)(?:\s+\w+){0,5}?\s*(?:is|was|would\s+be|involves|:)",
    r"\bI(?:'d|'ll|\s+would|\s+will|\s+should)?\s+(?:choose|select|pick|go\s+with|say|opt\s+for|answer|"
    r"vote\s+for|lean\s+towards?|recommend)",
    r"\b(?:I(?:'ll|\s+will)?\s+)?chang(?:e|ing)\s+my\s+answer\s+to",
    r"\bI\s+(?:think|believe)\s+(?:that\s+)?(?:it(?:'s|\s+is|\s+would\s+be)|the\s+answer\s+is)",
    r"\bmy\s+(?P<final>final\s+)?(?:answer|choice|pick|selection)\s*(?:is|would\s+be|:)?",
    r"\bgoing\s+with", r"\b(?P<final>final)\s+(?:choice|selection|decision)\s*(?:is|:)",
    r"(?:^|[,;.]\s*)answer\s+(?=[A-J](?![\w']))",  # "…, answer B."
    r"\bans\s*[:.]", r"\bmy\s+vote\s*(?:is|:)?", r"\b(?:go|went)\s+with", r"\bit(?:'s|\s+is)\s+option",
    r"\b(?:which|that)\s+(?:is|would\s+be|corresponds\s+to)\s+option",
    r"\b(?:first|next|best|initial)\s+step\s*(?:is|would\s+be|:)",
    r"\bopci[oó]n\s+correcta\s+es(?:\s+la)?", r"\bcorrect\s+option\s*:",
    # Spanish, French, German, Italian, Portuguese
    r"\b(?:respuesta|r[ée]ponse|antwort|risposta|resposta)\s*:",
    r"\brespuesta(?:\s+correcta)?\s+es(?:\s+la)?", r"\br[ée]ponse(?:\s+correcte)?\s+est(?:\s+la|\s+l')?",
    r"\bantwort\s+(?:ist|lautet)", r"\brisposta(?:\s+corretta)?\s+[eè]", r"\bresposta(?:\s+correta)?\s+[eé](?:\s+a)?",
    # Chinese: 答案是B, 正确答案：C, 选C, 最可能的诊断是C
    r"(?:最终|正确)?答案\s*(?:是|为|:)?", r"正确(?:选项|答案)\s*(?:是|为|:)?", r"选(?:择)?\s*(?:是|为)?",
    r"最可能的(?:诊断|答案)\s*(?:是|为)",
]
_CUE = re.compile("|".join(f"(?:{c})" for c in _ANSWER_CUES).replace("(?P<final>", "(?:"), re.I)
_FINAL_CUE = re.compile(r"final|最终", re.I)
_LIST_SEPARATOR = re.compile(r"\s*(?:,|/|&|\band/or\b|\band\b|\bor\b|\bplus\b|和|或)\s*", re.I)


# "A: 10%", "B = 0.05", "C (60%)", "D - 20 %": a value given to an option (a probability, a score, a rank).
VALUE_PER_OPTION = re.compile(r"(?<![\w\u2983])([A-J])\s*(?:[:=]|\s-|\()\s*\d+(?:[.,]\d+)?\s*%?")


def _token_letter(match: re.Match) -> str | None:
    found = match.group("m") or match.group("b") or match.group("l")
    return found.upper() if found else None


def _letter_at(text: str, pos: int, lowercase: bool) -> tuple[str, int, bool] | None:
    """A token at ``text[pos:]``: (letter, end, is_marker) — lowercase letters only where ``lowercase``."""
    match = re.compile(_TOKEN if lowercase else _UPPER_TOKEN, re.I if lowercase else 0).match(text, pos)
    if not match:
        return None
    letter = _token_letter(match)
    if letter is None:
        return None
    if match.group("l") and not lowercase and not match.group("l").isupper():
        return None
    return letter, match.end(), bool(match.group("m"))


_AFTER_LETTER_OK = re.compile(r"\s*(?:$|[.,;:!?)\]\"'\n]|-|\(|/|&|" + OPEN + r"|[\u3000-\u9fff\uff00-\uffef]|"
                              r"(?:is|was|would|because|since|as|for|seems|appears|and|or|but|so|which|given|due|"
                              r"with|then|here|fits|explains|therefore|thus|hence)\b|[^\w\s])", re.I)


# After a lowercase "a" only what cannot follow the article counts: "a." / "a," / "a)" / "a - text" / "a and c" /
# "a because…". Not "a given…", "a due…", "a so-called…", "a-fib", "a (rare) form": there "a" is the article.
_AFTER_LOWERCASE_A_OK = re.compile(r"\s*(?:$|[.,;:!?)\]\"'\n]|-(?!\w)|/|&|[\u3000-\u9fff\uff00-\uffef]|"
                                   r"\(\s*" + OPEN + r"A" + CLOSE + r"|"
                                   r"(?:is|was|would|because|since|as|for|seems|appears|and|or|but|so|which|with|"
                                   r"then|here|fits|explains|therefore|thus|hence)\b(?![-'])|"
                                   r"[^\w\s(\-" + OPEN + r"])", re.I)
# A letter directly followed by an option text ("A. Toxic multinodular goiter", "A) …", "A (…)", "A\n…").
_TEXT_AFTER_LETTER = re.compile(r"\s*(?:[.):\-(\[]\s*)?(?:,\s*)?[\"']?\s*" + OPEN + r"([A-Z])" + CLOSE)
# An option text directly followed by a bracketed letter ("Toxic multinodular goiter (D)").
_LETTER_AFTER_TEXT = re.compile(OPEN + r"([A-Z])" + CLOSE +
                                r"\s*[(\[]\s*(?:(?i:option|choice)\s+)?([A-Z])\s*[)\]]")


def _other_text_after(text: str, end: int, letter: str) -> str | None:
    """The letter of the option text that follows letter ``letter`` at ``text[end:]``, when it is another
    option's ("A. Toxic multinodular goiter" where that is option D): None when no text follows or it is the
    letter's own."""
    match = _TEXT_AFTER_LETTER.match(text, end)
    return match.group(1) if match and match.group(1) != letter.upper() else None


def _ends_like_an_answer(text: str, end: int, is_marker: bool, letter: str | None = None) -> bool:
    """A letter used as an answer ends there ("C.", "C because…", "C) text", "C 👍"), unlike the article in
    "A 10-year-old" and "the answer is a given", the pronoun in "I would order…", the abbreviation in "E. coli"
    and the compound word in "B-cell lymphoma". A letter followed by *another* option's text is not read either:
    whether "A. Toxic multinodular goiter" (option D) means A or D cannot be told (see :func:`_text_mismatch`).
    ``letter`` is the letter read (needed for bracketed tokens such as "(a)", whose last character is no letter).
    """
    if is_marker:
        return True
    last = text[end - 1:end]
    letter = letter or last
    if last == "I" and re.match(r"\s+[a-z']|'", text[end:end + 2]):
        return False
    if re.match(r"\.\s*[a-z]", text[end:end + 3]):  # "E. coli", "S. aureus"
        return False
    if re.match(r"-\w", text[end:end + 2]) and last.isalpha():  # "B-cell", "C-peptide", "X-ray", "a-fib"
        return False
    if _other_text_after(text, end, letter):
        return False
    if last == "a" and not re.search(r"(?:option|choice|letter)\s*a$", text[max(0, end - 12):end], re.I):
        # Lowercase "a" is the article far more often than letter A: it is a letter only where the reply's shape
        # says so ("the answer is a.", "answer: a", "a) …", "a and c"), never before a word.
        return bool(_AFTER_LOWERCASE_A_OK.match(text, end))
    return bool(_AFTER_LETTER_OK.match(text, end))


def _text_mismatch(text: str, pos: int, lowercase: bool) -> tuple[str, str, int] | None:
    """A letter at ``text[pos:]`` followed by another option's text: (letter, the text's letter, end).

    "A. Toxic multinodular goiter" where that text is option D commits to A by its letter and to D by its text;
    reading either would be a guess, so the reply is NONE with this reason (unless it answers again, clearly)."""
    match = re.compile(rf"(?:(?:option|choice)\s+)?[(\[]?({_L if lowercase else '[A-Z]'})[)\]]?(?![\w'])",
                       re.I if lowercase else 0).match(text, pos)
    if not match:
        return None
    other = _other_text_after(text, match.end(), match.group(1))
    if other is None:
        return None
    return match.group(1).upper(), other, _TEXT_AFTER_LETTER.match(text, match.end()).end()


def _negated_after(text: str, end: int) -> bool:
    paren = re.match(rf"\s*\(\s*{OPEN}[A-Z]{CLOSE}\s*\)", text[end:end + 20])
    if paren:  # "Option A (⦃A⦄) is incorrect": the verdict follows the option's text in brackets
        end += paren.end()
    if _DOES_NOT.match(text[end:end + 60]):
        return True
    if re.match(r"\s*[.:\-)]\s*no\b(?!\s+(?:doubt|question|wait)|\s*,\s*(?:wait|actually))", text[end:end + 20], re.I):
        return True  # "A. No", "A - no": a reviewed option rejected
    return bool(re.match(rf"\s*(?:[:(\-]\s*|,?\s*(?:which\s+)?(?:is|are|was|were|seems|appears|would\s+be|remains)\s+)"
                         rf"(?:definitely\s+|clearly\s+|probably\s+|also\s+)?{_NEGATIVE_WORDS}", text[end:end + 80],
                         re.I))


def _letter_list(text: str, start: int, lowercase: bool) -> tuple[list[str], int, bool] | None:
    """Letters at ``text[start:]`` used as an answer: 'C', '(c)', 'A and C', 'B, D' — with whether a negation
    follows ("A is incorrect"). Option-text markers do not start a list (a mention is not a commitment)."""
    first = _letter_at(text, start, lowercase=lowercase)
    if first is None or first[2]:
        return None
    letter, end, marker = first
    if not _ends_like_an_answer(text, end, marker, letter):
        return None
    letters = [letter]
    while True:
        sep = _LIST_SEPARATOR.match(text, end)
        if not sep:
            break
        nxt = _letter_at(text, sep.end(), lowercase=lowercase)
        if nxt is None:
            break
        ends = re.match(r"\s*(?:$|[.,;:!?)\]\n]|" + OPEN + ")", text[nxt[1]:nxt[1] + 2])
        plural = re.match(r"\s+(?:are|were|both|could|might|may|seem|remain)\b", text[nxt[1]:nxt[1] + 12], re.I)
        if not ends and not plural:
            break  # "A and B is wrong": the list ends where a letter does not
        if not nxt[2] and _other_text_after(text, nxt[1], nxt[0]):
            break  # "B and A. Toxic multinodular goiter": that A is given with another option's text
        letters.append(nxt[0])
        end = nxt[1]
    return letters, end, _negated_after(text, end)


_CUE_FILLER = re.compile(r"[\s:=\-*\"'>]*(?:(?:the\s+)?(?:letter|option|choice|category)\s+[\"']?)?")


def _letters_after_cue(text: str, pos: int) -> tuple[list[str], int, bool] | None:
    """A letter list (or option texts) after an answer phrase; lowercase letters count here ("answer is b")."""
    start = _CUE_FILLER.match(text, pos).end()
    if re.match(r"(?:not|no)\b", text[start:], re.I):
        return None  # "the answer is not D": a negation, collected elsewhere
    marker = re.match(rf"{OPEN}([A-Z]){CLOSE}", text[start:])
    if marker:
        end = start + marker.end()
        letters = [marker.group(1)]
        # "The answer is: ⦃A⦄; ⦃B⦄; ⦃C⦄." — several option texts given as the answer
        while more := re.match(rf"\s*(?:[,;/&]|\band\b|\bplus\b)\s*(?:and\s+)?{OPEN}([A-Z]){CLOSE}", text[end:], re.I):
            letters.append(more.group(1))
            end += more.end()
        return letters, end, _negated_after(text, end)
    return _letter_list(text, start, lowercase=True)


# After an option's text on its own line: an explanation of it ("B. ⦃B⦄: ferritin is normal", "C) ⦃C⦄ - usually does
# not suppress"). Such a line reviews the option; it neither lists it as a choice nor chooses it.
_REVIEW_LINE = re.compile(r"[ \t]*(?::|-|\u2013|\u2014)[ \t]+\S+(?:[ \t]+\S+)")


def _line_end_of_text(text: str, pos: int) -> int:
    """After "A) ⦃A⦄" at ``pos``: the position after the option-text marker (where "- incorrect" would follow)."""
    marker = re.match(rf"\s*{OPEN}[A-Z]{CLOSE}\s*", text[pos:])
    return pos + marker.end() if marker else pos


def mentions(text: str, letters_shown: bool) -> list[Mention]:
    found: list[Mention] = []
    corrections = [m.end() for m in CORRECTION.finditer(text)]

    def corrected_at(pos: int) -> bool:
        """A correction cue stands between the previous commitment and this one."""
        earlier = [m.start for m in found if m.positive and m.strong and m.start < pos]
        last = max(earlier) if earlier else -1
        return any(last < c <= pos for c in corrections)

    def add(pos: int, letters: Sequence[str], positive: bool, strong: bool, method: str, final: bool = False):
        if not letters_shown and method not in ("option-text", "option-passing", "answer-phrase-text", "verdict-text",
                                                "hedge-text", "conclusion-text", "statement-text"):
            return
        found.append(Mention(pos, tuple(dict.fromkeys(letters)), positive, strong, method, final,
                              corrected_at(pos) if positive else False))

    def add_mismatch(pos: int, found_mismatch: tuple[str, str, int]) -> None:
        """A letter given with another option's text: a commitment that cannot be read (see _text_mismatch)."""
        letter, other, end = found_mismatch
        if not _negated_after(text, end):
            add(pos, [letter, other], True, True, "letter-text-mismatch")

    # A table of values per option ("A: 10%, B: 5%, C: 60%") weighs every option and chooses none: its first
    # row is no leading letter. Choosing the highest value would be a rule of our own, not the reply's answer.
    valued = {m.group(1) for m in VALUE_PER_OPTION.finditer(text)}
    # the reply's leading letter: "C.", "(C)", "C) text", "C 👍"; a letter alone on a line
    leading = re.match(r"[^\w\u2983]*", text)
    start = leading.end() if leading else 0
    listed = _letter_list(text, start, lowercase=False)
    # Letters that open lines ("A) text", "B. text"): several of them list options. A line that rejects its option
    # ("B) Axillary nerve - incorrect because…") reviews it and lists nothing; an article ("A penetrating wound…")
    # opens no option line.
    option_lines = [(m.group(1), m.start() == 0 or not text[:m.start()].strip(),
                     _negated_after(text, _line_end_of_text(text, m.end())),
                     bool(_REVIEW_LINE.match(text, _line_end_of_text(text, m.end()))))
                    for m in re.finditer(rf"(?m)^[^\w\n]*([A-Z])(?:[.):](?!\w)|[ \t]*$|[ \t]*{OPEN})", text)]
    line_letters = {letter for letter, _, negated, review in option_lines if not negated and not review}
    first_reviews = any(first and review for _, first, _, review in option_lines)
    others_reviewed = {letter for letter, first, negated, review in option_lines if not first and review and not negated}
    # The options written out again, on one line or several ("A. ⦃A⦄; B. ⦃B⦄; C. ⦃C⦄ …"): a list, not an answer.
    relisted = {m.group(1) for m in re.finditer(rf"(?<![\w])([A-Z])[.)]\s*{OPEN}(\1){CLOSE}", text)}
    if len(line_letters) > 1 or len(valued) > 1 or (first_reviews and others_reviewed) or len(relisted) >= 3:
        listed = None  # lines that each list or review an option, or values per letter: no leading answer
    if len(line_letters) > 1:
        # Lines that open with several letters name those options: without a stronger commitment, a reply that
        # writes "A. …" and then "C. … would be …", "D. …" has not chosen one of them.
        add(0, sorted(line_letters), True, False, "option-lines")
    explicit = re.match(r"(?i:option|choice)\s+([a-z])(?![\w'])", text[start:])
    if listed is None and explicit and len(line_letters) <= 1 and len(valued) <= 1 and \
            not _other_text_after(text, start + explicit.end(), explicit.group(1)):
        end = start + explicit.end()
        listed = ([explicit.group(1).upper()], end, _negated_after(text, end))
    if listed is None:
        lower = re.match(r"[(\[]?([a-z])[)\]](?=\s|$)", text[start:])
        if lower and not _other_text_after(text, start + lower.end(), lower.group(1)):
            listed = ([lower.group(1).upper()], start + lower.end(), _negated_after(text, start + lower.end()))
    if listed is None and len(line_letters) <= 1:
        mismatch = _text_mismatch(text, start, lowercase=True)
        if mismatch:
            add_mismatch(0, mismatch)
    # "Option A is a branch of…" describes A: a leading letter followed by a verb is the subject of a sentence
    # (the verdict rules judge "C is correct"), not an answer.
    describes = listed is not None and re.match(r"\s+(?:is|was|would|seems|appears|has|does|can|may|might|arises|"
                                                r"causes|presents)\b", text[listed[1]:], re.I)
    if listed is not None and not listed[2] and not describes:
        add(0, listed[0], True, True, "leading")
    for match in re.finditer(r"(?m)^[\s(\[]*([A-Z])[\s.)\]]*$|^\s*[(\[]([a-z])[)\]]\s*$", text):
        letter = (match.group(1) or match.group(2)).upper()
        other = _other_text_after(text, match.end(), letter)  # "A.\nToxic multinodular goiter" (option D)
        if other and len(line_letters) <= 1:
            add_mismatch(match.start(), (letter, other, _TEXT_AFTER_LETTER.match(text, match.end()).end()))
        elif not other:
            add(match.start(), [letter], True, True, "letter-alone")
    # answer phrases: "the answer is C", "Answer: (c)", "I'd go with C", "答案是B"
    for cue in _CUE.finditer(text):
        parsed = _letters_after_cue(text, cue.end())
        if parsed is None:
            mismatch = _text_mismatch(text, _CUE_FILLER.match(text, cue.end()).end(), lowercase=True)
            if mismatch:  # "The answer is A. Toxic multinodular goiter" (option D)
                add_mismatch(cue.start(), mismatch)
            continue
        letters, _, negated = parsed
        markers_only = all(f"{OPEN}{x}{CLOSE}" in text[cue.end():cue.end() + 40 * len(letters)] for x in letters)
        method = "answer-phrase-text" if markers_only else "answer-phrase"
        add(cue.start(), letters, not negated, True, method, bool(_FINAL_CUE.search(cue.group(0))))
    # an option text labelled with another letter: "Toxic multinodular goiter (A)" where that text is option D
    for match in _LETTER_AFTER_TEXT.finditer(text):
        if match.group(1) != match.group(2):
            add_mismatch(match.start(), (match.group(2), match.group(1), match.end()))
    # verdicts: "C is correct", "Turner syndrome is the most likely diagnosis"; negations: "A is incorrect"
    for match in re.finditer(r"(?<![\w\u2983\u2984])" + _UPPER_TOKEN, text):
        letter = _token_letter(match)
        tail = text[match.end():match.end() + 80]
        positive = re.match(rf"(?:\s*\((?:[^()]{{0,60}})\))?\s*(?:(?:(?:is|would\s+be|seems(?:\s+to\s+be)?|"
                            rf"appears(?:\s+to\s+be)?|remains|must\s+be|stands\s+out\s+as)\s+|[:\-]\s*)"
                            rf"(?:definitely\s+|clearly\s+|probably\s+)?{_POSITIVE_WORDS}|\s+(?:fits|explains)\s+"
                            rf"(?:best|the\b|all\b|everything\b))", tail, re.I)
        elliptical = re.match(r"\s+is\s*(?:[.!;]|$)", tail)
        method = "verdict-text" if match.group("m") else "verdict"
        # "B would be the right answer if the patient were outside the window": a conditional, not a choice
        conditional = positive and re.match(r"[^.;\n]{0,50}?\b(?:if|unless|were|only\s+when|in\s+a\s+patient\s+who)\b",
                                            tail[positive.end():], re.I)
        if _negated_after(text, match.end()):
            add(match.start(), [letter], False, True, method)
        elif positive and not conditional:
            add(match.start(), [letter], True, True, method)
        elif elliptical and any(not m.positive for m in found if m.start < match.start()):
            add(match.start(), [letter], True, True, method)  # "A is not correct, B is."
    # negations before a token: "not A", "rule out A", "we can exclude B", "instead of D"
    for match in re.finditer(r"\b(?:not|rule\s+out|ruling\s+out|ruled\s+out:?|exclude[sd]?|excluding|eliminate[sd]?|"
                             r"eliminating|except|never|isn't|cannot\s+be|can't\s+be|rather\s+than|instead\s+of|"
                             r"other\s+than|(?:don't|do\s+not)\s+think\s+(?:it(?:'s|\s+is)|the\s+answer\s+is))\s+",
                             text, re.I):
        token = _letter_at(text, match.end(), lowercase=False)
        if token and _ends_like_an_answer(text, token[1], token[2], token[0]):
            add(match.start(), [token[0]], False, True, "negation")
    # "…, but C" / "it is B" / "rather D" after a negation, and "actually D" after a commitment
    contrast = r"but|it(?:'s|\s+is|\s+must\s+be|\s+should\s+be)|makes\s+it|" + CORRECTION_WORDS
    for match in re.finditer(rf"\b(?:{contrast})\s*[,:;.!]?\s*(?:(?:it(?:'s|\s+is)|the\s+answer\s+is|I\s+mean)\s+)?",
                             text, re.I):
        token = _letter_at(text, match.end(), lowercase=False)
        if token is None or not _ends_like_an_answer(text, token[1], token[2], token[0]) or \
                _negated_after(text, token[1]):
            continue
        if re.search(r"(?:\bnot|n't)\s+(?:think|believe|say)\s*$", text[max(0, match.start() - 20):match.start()], re.I):
            continue  # "I don't think it's B" negates B (collected above)
        after_negation = any(not m.positive for m in found if m.start < match.start())
        after_commitment = any(m.positive and m.strong for m in found if m.start < match.start())
        if after_negation or (after_commitment and corrected_at(match.end())):
            add(match.end(), [token[0]], True, True, "correction" if after_commitment else "contrast")
    # "I'm confident it's C", "so it's the anterior ethmoidal artery": a statement, unless conditional or a question
    for match in re.finditer(r"\bit(?:'s|\s+is)\s+(?:most\s+likely\s+|probably\s+|definitely\s+|clearly\s+)?", text,
                             re.I):
        token = _letter_at(text, match.end(), lowercase=False)
        if token is None or not _ends_like_an_answer(text, token[1], token[2], token[0]) or \
                _negated_after(text, token[1]):
            continue
        clause = re.split(r"[.;!?\n]", text[:match.start()])[-1]
        if re.search(r"\b(?:if|whether|unless|assuming|suppose|not)\b|n't\b", clause, re.I) or \
                re.match(r"[^.\n]{0,40}\?", text[token[1]:]):
            continue
        add(match.end(), [token[0]], True, True, "statement-text" if token[2] else "statement")
    # conclusions and suggestions: "so option A", "it must be B", "the labs point to D", "consistent with Graves
    # disease" (capital letters or option texts only: "it is a …" is an article)
    for match in re.finditer(r"\b(?:so|hence|thus|therefore|it\s+(?:must|should|has\s+to)\s+be|suggests?|suggesting|"
                             r"corresponds?\s+to|start(?:ing)?\s+with|begin\s+with|initiate|administer|give|means|"
                             r"prescribe|treat\s+with|"
                             r"suggestive\s+of|points?\s+(?:to(?:wards)?)|pointing\s+to|consistent\s+with|"
                             r"compatible\s+with|in\s+keeping\s+with|indicat(?:es|ive\s+of|ing)|favou?rs?|"
                             r"most\s+likely\s+(?:has|is|represents|have|suffering\s+from)|likely\s+represents|"
                             r"is\s+classic\s+for|"
                             r"typical\s+of|diagnosis\s+(?:is|of|here\s+is))\s*[,:]?\s*", text, re.I):
        if re.search(r"\b(?:could|might|may|can|not|never|n't)\s*$", text[max(0, match.start() - 12):match.start()],
                     re.I):
            continue  # "could suggest A, D or…" weighs options, "should not give D" rejects: neither concludes
        listed = _letter_list(text, match.end(), lowercase=False)
        marker = re.match(rf"{OPEN}([A-Z]){CLOSE}", text[match.end():])
        if marker and not _negated_after(text, match.end() + marker.end()):
            add(match.end(), [marker.group(1)], True, True, "conclusion-text")
        elif listed is not None and not listed[2]:
            add(match.end(), listed[0], True, True, "conclusion")
    # hedges: "either B or D", "could be B or D", "between B and D", "B or D could be right", a bare "A or C"
    second = _UPPER_TOKEN.replace("?P<m>", "?P<m2>").replace("?P<b>", "?P<b2>").replace("?P<l>", "?P<l2>")
    for match in re.finditer(rf"(?:\beither\s+|\bcould\s+be\s+|\bbetween\s+|\bboth\s+|^|[\s(:]){_UPPER_TOKEN}\s*"
                             rf"(?:or|and|/|或|和)\s*(?:option\s+)?{second}(?P<rest>[^\n]{{0,40}})", text):
        first_letter = _token_letter(match)
        second_letter = (match.group("m2") or match.group("b2") or match.group("l2") or "").upper()
        lead = match.group(0).lstrip(" (:").lower()
        rest = match.group("rest")
        hedged = lead.startswith(("either", "could be", "between", "both")) or not rest.strip(" .!?") or re.match(
            r"\s*(?:,|;|\.|could|might|may|are\s+(?:both\s+)?(?:possible|plausible|correct|likely|reasonable|"
            r"valid|acceptable|appropriate|right|true)|both|seem|depending|,?\s*(?:I\s+am|I'm)\s+not\s+sure|"
            r"[\u3000-\u9fff,]*(?:不确定|都))", rest, re.I)
        # "regarding options D and E, …", "as for B or C" name options under discussion, not a hedge
        before = text[max(0, match.start() - 24):match.start() + 1]
        discussed = re.search(r"\b(?:regarding|concerning|about|as\s+for)(?:\s+options?)?\s*$", before, re.I) or (
            re.search(r"\boptions\s*$", before, re.I) and rest.lstrip().startswith(","))
        if first_letter and second_letter and first_letter != second_letter and hedged and not discussed:
            markers = bool(match.group("m") and match.group("m2"))
            add(match.start(), [first_letter, second_letter], True, True, "hedge-text" if markers else "hedge")
    # the same hedges between letters given with their own texts: "either B) ⦃B⦄ or C) ⦃C⦄"
    for match in re.finditer(rf"\b(?:either|could\s+be|between|both)\s+([A-Z])[.)]?\s*{OPEN}\1{CLOSE}\s*"
                             rf"(?:or|and)\s+([A-Z])[.)]?\s*{OPEN}\2{CLOSE}", text, re.I):
        if match.group(1) != match.group(2):
            add(match.start(), [match.group(1).upper(), match.group(2).upper()], True, True, "hedge-text")
    # weak mentions: a letter with its own text ("C. Central hypothyroidism"), a bracketed letter, an option text
    for match in re.finditer(rf"(?<![\w]){OPEN}?[(\[]?([A-Z])[)\]]?[.):-]?\s*{OPEN}([A-Z]){CLOSE}", text):
        if match.group(1) == match.group(2):
            add(match.start(), [match.group(1)], not _negated_after(text, match.end()), False, "letter-with-text")
    for match in re.finditer(r"[(\[](?:(?i:option|choice)\s+)?([A-Z])[)\]]", text):
        # "(C)" after a phrase of the reply's own ("…such as height measurement (C) and…") tags what it names, not
        # a choice: like an option named in passing, it decides only where it opens the reply or stands alone.
        head = re.sub(rf"[{OPEN}{CLOSE}]", "", text[:match.start()])
        alone = re.match(r"\s*(?:[.!?\n]|$)", text[match.end():]) and re.search(r"(?:^|[.!?\n:])\s*$", head)
        own_text = re.search(rf"{OPEN}{match.group(1)}{CLOSE}\s*$", text[:match.start()])  # "⦃B⦄ (B)": its label
        # "The most likely diagnosis is vitamin E deficiency (E).": the bracket ends the sentence of an answer phrase
        sentence = re.split(r"[.!?\n]", text[:match.start()])[-1]
        answers = re.match(r"\s*(?:[.!?\n]|$)", text[match.end():]) and _CUE.search(sentence)
        method = "bracketed" if not re.search(r"\w", head) or alone or own_text or answers else "bracketed-passing"
        add(match.start(), [match.group(1)], not _negated_after(text, match.end()), False, method)
    for match in re.finditer(rf"{OPEN}([A-Z]){CLOSE}", text):
        before = text[max(0, match.start() - 30):match.start()]
        sentence_rest = re.split(r"[.!?;\n]", text[match.end():], maxsplit=1)[0]
        negated = _negated_after(text, match.end()) or re.search(
            r"\b(?:not|rule\s+out|ruling\s+out|exclude[sd]?|excluding|unlikely|rather\s+than|instead\s+of|"
            r"other\s+than)\s*$", before, re.I) or re.search(
            rf"\b(?:but|yet|although|though)\b[^{OPEN}]*?(?:{_DOES_NOT.pattern}|\b(?:not|unlikely|"
            rf"irrelevant)\b)", sentence_rest, re.I)
        # An option named in passing is not a choice ("…is a side effect of metformin"): it counts when the reply
        # starts with it.
        head = text[:match.start()].replace(OPEN, "").replace(CLOSE, "")
        if not letters_shown:  # "A: IgA nephropathy" — a label the model invented does not hide the text
            head = re.sub(r"^\W*[A-Z]\W{1,3}$", "", head)
        leads = not re.search(r"\w", head)
        alone = re.search(r"(?:^|[.!?\n:])\s*$", text[:match.start()]) and re.match(r"\s*(?:[.!?\n]|$)",
                                                                                   text[match.end():])
        # An option named in passing ("…is a side effect of metformin") is not a choice, but it is a mention: it
        # makes a lone choice ambiguous. It decides only when the reply starts with it or it stands alone.
        method = "option-text" if negated or leads or alone else "option-passing"
        add(match.start(), [match.group(1)], not negated, False, method)
    return sorted(found, key=lambda m: m.start)
