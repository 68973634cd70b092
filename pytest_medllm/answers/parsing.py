"""Answer parsing: from free model text to one option, MULTIPLE, or NONE — never a wrong letter.

Every invariance and consistency metric is computed on parsed answers, so a parser that reads the wrong letter
corrupts flip rates, kappa and accuracy at once. The rule here: a letter counts only where the reply *commits* to
it; anything else is a visible category with a reason (NONE or MULTIPLE), never a guess. One study's code took the
first A–D character anywhere ("Based on…" was answer B).

How a reply is read
-------------------
1. The final answer is cut from reasoning models' output first: gpt-oss's final channel, text after ``</think>``,
   after ``## Final Response``. With the model's declared format (``reasoning=``), an output that never reached it
   was cut off inside its reasoning: NONE ("reasoning never finished").
2. The reply and the option texts are normalised the same way: NFKC (full-width letters, ``：``, ``²`` → ``2``),
   dashes, quotes, whitespace, case for text; markdown (bold, code ticks, headings, list markers, table rows) and
   LaTeX ``\\boxed{}`` are unwrapped.
3. Option texts found in the reply are replaced by a marker of their letter, longest first — so that "Hepatitis B"
   (option A) is never read as letter B, and "Central hypothyroidism" is not also "Hypothyroidism". The article
   before an option text goes with it: in "The answer is a toxic multinodular goiter." the "a" is no letter A.
4. Commitments are collected with their position: answer phrases in several languages followed by a letter or an
   option text; a letter (or option) with a verdict ("C is correct", "Turner syndrome is the most likely
   diagnosis"); the reply's leading letter; a letter alone on a line; a correction ("actually D"); hedges between
   options. Negations ("A is incorrect", "not A", "rule out A", "A is unlikely", "we can exclude A") are collected
   too, and never count as a commitment. A lowercase "a" is a letter only where the reply's shape is a letter
   answer ("the answer is a.", "answer: a", "(a)", "a)"), never before a word ("the answer is a given"); a letter
   in a compound word ("B-cell", "C-peptide") is none. A letter given with another option's text ("A. Toxic
   multinodular goiter" where that is option D, or "Toxic multinodular goiter (A)") commits to two options at
   once: NONE ("contradiction"). A table of values per option ("A: 10%, B: 5%, C: 60%") chooses none of them.
5. Resolution: an answer marked final wins; otherwise the commitments must agree, or the last one must follow a
   correction cue or a hedge ("B or D … I'd pick D"); a disagreement without one is NONE ("contradiction").
   Without any commitment, one option mentioned (by letter with its own text, in brackets, or by text) and not
   negated is the answer (weak rules, named in ``method``); several are NONE.

Grammar (options of the table: A Type 1 diabetes mellitus, B Hypothyroidism, C Central hypothyroidism,
D Turner syndrome, E Hepatitis B). Each row is checked by tests/test_parsing.py::test_docstring_grammar_table.

=============================================================  ==========  =====================================
reply                                                          result      rule
=============================================================  ==========  =====================================
The answer is C.                                               C           answer phrase
the answer is c                                                C           answer phrase, lowercase letter
**Answer:** (c)                                                C           markdown unwrapped
| Final answer | C |                                           C           table row read as "Final answer: C"
### Answer\\nD                                                  D           heading read as "Answer:"
I'd go with C.                                                 C           first-person choice
答案是B                                                         B           Chinese answer phrase
正确答案：C                                                     C           full-width colon normalised
La respuesta correcta es la D                                  D           Spanish answer phrase
Option E is correct.                                           E           letter with a verdict
Turner syndrome is the most likely diagnosis.                  D           option text with a verdict
C 👍                                                            C           leading letter, trailing emoji
C) Central hypothyroidism                                      C           leading letter with its text
\\boxed{B}                                                      B           LaTeX unwrapped
The answer is C. Actually, no: D.                              D           correction: the last commitment
Not A, but C.                                                  C           negated A, committed C
The answer is not D; it is B.                                  B           negated D, committed B
A is not correct, B is.                                        B           elliptical "B is" after a negation
Hepatitis B is the most likely cause.                          E           option text masks its letter
Either B or D could be right; I am not sure.                   MULTIPLE    hedge between options
The answer is A and C.                                         MULTIPLE    two options chosen
Answer: A is incorrect.                                        NONE        negated only
The answer is B. The answer is D.                              NONE        contradiction
Based on the findings, more tests are needed.                  NONE        no answer found ("Based" is not B)
A 10-year-old girl presents with short stature.                NONE        no answer found (an article, not A)
The answer is a central hypothyroidism.                        C           article "a" before an option text
I'd say a hepatitis B.                                         E           article before a text holding "B"
A central hypothyroidism is the most likely diagnosis.         C           capital article before lowercase text
the answer is a.                                               A           lowercase letter a, as a letter answer
answer: a                                                      A           lowercase letter a after "answer:"
The answer is a given.                                         NONE        no answer found (an article, not A)
C-peptide is low.                                              NONE        no answer found (a compound, not C)
A. Turner syndrome                                             NONE        contradiction (letter A, text of D)
Turner syndrome (A) is the most likely diagnosis.              NONE        contradiction (text of D, letter A)
A: 10%, B: 5%, C: 60%, D: 20%, E: 5%                           NONE        no answer found (values per option)
The answer is F.                                               NONE        not an option
Hypothyroidism versus Turner syndrome: both fit.               NONE        no answer found (two options, no choice)
<think>Maybe A, maybe B                                        NONE        reasoning never finished
=============================================================  ==========  =====================================

Self-assessment replies (the pediatric endocrinology study's Experiment 3) are read with the same care by
:func:`parse_preference` (which explanation is more clinically correct; :func:`read_preference` also says how it
was read) and :func:`parse_agreement` (the agreement level 0–5), and evidence questions (PubMedQA) by
:func:`parse_decision` (yes / no / maybe).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal, Mapping, Sequence

Category = Literal["option", "multiple", "none"]
MULTIPLE = "MULTIPLE"
NONE = "NONE"
REASONING_FORMATS = (None, "think-tags", "huatuo", "harmony")


class _Categorized:
    """What parsed answers share: one category, and a label for agreement statistics."""

    category: Category

    @property
    def usable(self) -> bool:
        return self.category == "option"

    def _chosen(self) -> str | None:
        raise NotImplementedError

    @property
    def label(self) -> str:
        """The answer as one category label: the chosen option, ``MULTIPLE`` or ``NONE``."""
        if self.category == "option":
            chosen = self._chosen()
            assert chosen is not None
            return chosen
        return MULTIPLE if self.category == "multiple" else NONE


@dataclass(frozen=True)
class ParsedAnswer(_Categorized):
    """What a response chose: ``category`` "option" (with ``letter``), "multiple" or "none" (with ``reason``)."""

    category: Category
    letter: str | None = None
    letters: tuple[str, ...] = ()
    method: str = ""
    reason: str = ""

    def _chosen(self) -> str | None:
        return self.letter

    def to_dict(self) -> dict:
        return {"category": self.category, "letter": self.letter, "letters": list(self.letters),
                "method": self.method, "reason": self.reason}


def _none(reason: str, method: str = "") -> ParsedAnswer:
    return ParsedAnswer("none", None, (), method, reason)


# -- 1. the final segment of reasoning models -----------------------------------------------------------------

_HARMONY_FINAL = re.compile(r"<\|channel\|>\s*final\s*<\|message\|>", re.I)
_FINAL_HEADINGS = re.compile(r"^\s*#{1,6}\s*final\s+(?:response|answer)\s*:?\s*$", re.I | re.M)
_THINKING_HEADING = re.compile(r"^\s*#{1,6}\s*thinking\b", re.I | re.M)


def final_segment(text: str, reasoning: str | None = None) -> tuple[str | None, str]:
    """The part of ``text`` that holds the final answer, or ``(None, reason)`` when reasoning never finished.

    ``reasoning`` is the model's declared format; None detects any of them."""
    if reasoning not in REASONING_FORMATS:
        raise ValueError(f"reasoning must be one of {REASONING_FORMATS}, got {reasoning!r}")
    harmony = list(_HARMONY_FINAL.finditer(text))
    if harmony:
        return re.sub(r"<\|(?:end|return|call)\|>.*", "", text[harmony[-1].end():], flags=re.S), ""
    if reasoning == "harmony" or "<|channel|>" in text:
        return None, "reasoning never finished: no final channel"
    if "</think>" in text:
        return text.rsplit("</think>", 1)[1], ""
    if reasoning == "think-tags" or "<think>" in text:
        return None, "reasoning never finished: no </think>"
    headings = list(_FINAL_HEADINGS.finditer(text))
    if headings:
        return text[headings[-1].end():], ""
    if reasoning == "huatuo" or _THINKING_HEADING.search(text):
        return None, "reasoning never finished: no '## Final Response'"
    return text, ""


# -- 2. normalisation -----------------------------------------------------------------------------------------

_DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"), "-")
_QUOTES = {ord("\u2018"): "'", ord("\u2019"): "'", ord("\u201c"): '"', ord("\u201d"): '"', ord("\u00ab"): '"',
           ord("\u00bb"): '"'}
_ANSWER_HEADING = re.compile(r"(?:final\s+)?(?:answer|choice|decision|verdict|conclusion|response)s?", re.I)


def normalize(text: str) -> str:
    """The same surface for replies and option texts: NFKC, ASCII dashes, quotes and comparison signs, no
    zero-width characters."""
    text = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    text = text.replace("\u2265", ">=").replace("\u2264", "<=").replace("\u2260", "!=")
    return re.sub(r"[\u200b-\u200d\ufeff]", "", text)


# Small models often go on after their answer with a made-up dialogue or a new question (the pediatric study
# discarded "what was unrelated to the analysis of the clinical scenario"): only the part before counts.
_RUNAWAY = re.compile(r"\n\s*(?:user|human|assistant|patient|doctor|instruction|question\s*\d+|q\d+)\s*:", re.I)


def _before_runaway(text: str) -> str:
    match = _RUNAWAY.search(text)
    return text[:match.start()] if match and match.start() > 0 else text


def fold(text: str) -> str:
    """Option-text comparison form: normalised, case-folded, single spaces, no surrounding punctuation."""
    return " ".join(normalize(text).casefold().split()).strip(" .;:,!?")


_CHECK_MARKS = re.compile(r"[\u2713\u2714\u2705\u2611]\ufe0f?\s*(?=\S)")
_CROSS_MARKS = re.compile(r"[\u2717\u2718\u274c\u274e\u2612]\ufe0f?\s*(?=\S)")


def _unwrap_markdown(text: str) -> str:
    text = re.sub(r"\\boxed\s*\{\s*(?:\\text(?:bf)?\s*\{)?\s*([^{}]*?)\s*\}?\s*\}", r"\1", text)
    text = re.sub(r"\\text(?:bf)?\s*\{([^{}]*)\}", r"\1", text).replace("$", "")
    text = re.sub(r"<\|[^|>]{1,40}\|>", " ", text)  # leftover special tokens
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.count("|") >= 2:  # a table row: "| Final answer | C |" -> "Final answer: C"
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue
            line = ": ".join(c for c in cells if c)
        heading = re.match(r"^\s*#{1,6}\s*(.*?)\s*#*\s*$", line)
        if heading:  # "### Answer" -> "Answer:" (the letter follows on the next line)
            title = heading.group(1).strip("*_ :")
            line = f"{title}:" if _ANSWER_HEADING.fullmatch(title) else title
        line = re.sub(r"^\s*(?:[-*+\u2022>]|\d{1,2}[.)])\s+", "", line)  # list markers and quotes
        lines.append(line)
    text = "\n".join(lines)
    text = re.sub(r"\*\*|__|~~|`", "", text)
    # "✓ C" / "✗ A" in a checklist: read as "correct: C" / "incorrect: A"
    text = _CROSS_MARKS.sub("ruled out: ", _CHECK_MARKS.sub("correct answer: ", text))
    return re.sub(r"(?<![\w*])\*(?=\S)([^*\n]{1,80}?)(?<=\S)\*(?!\w)", r"\1", text)  # *C* -> C


# -- 3. option texts become markers of their letters ------------------------------------------------------------

_OPEN, _CLOSE = "\u2983", "\u2984"  # ⦃A⦄ stands for "the text of option A" after masking


def _option_pattern(option: str) -> re.Pattern | None:
    """An option's text anywhere in a reply, with the indefinite article before it (group ``article``)."""
    words = fold(option).split()
    if not words:
        return None
    body = r"\s+".join(re.escape(w) for w in words)
    return re.compile(r"(?<![\w])(?:(?P<article>an?)[ \t]+)?(?P<body>" + body + r")(?![\w])", re.I)


def _article_belongs_to_text(match: re.Match) -> bool:
    """Whether the "a"/"an" before an option text is its article ("a toxic multinodular goiter"), so that it is
    masked with the text instead of being left as a letter A before it.

    A lowercase "a"/"an" directly before an option text is read as the article (a letter answer in lowercase is
    punctuated: "a) …", "a. …", "answer: a"). A capital "A" is the article when the text after it starts in
    lowercase, as in English prose ("A toxic multinodular goiter."); before a capitalised text ("A Toxic
    multinodular goiter") it may just as well be letter A followed by an option's text, and is left for the
    letter rules to judge (which make a letter given with another option's text NONE)."""
    article = match.group("article")
    if article is None:
        return False
    if article != "A":
        return True
    return match.group("body")[:1].islower()


def _mask_options(text: str, options: Mapping[str, str]) -> str:
    for letter, option in sorted(options.items(), key=lambda kv: -len(fold(kv[1]))):
        pattern = _option_pattern(option)
        if pattern is None:
            continue

        def marker(match: re.Match, letter: str = letter) -> str:
            article = match.group("article")
            kept = f"{article} " if article and not _article_belongs_to_text(match) else ""
            return f"{kept} {_OPEN}{letter}{_CLOSE} "

        text = pattern.sub(marker, text)
    return text


# -- 4. commitments and negations -------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Mention:
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
          rf"(?:{_OPEN}(?P<m>[A-Z]){_CLOSE}|[(\[\"'](?P<b>{_L})[)\]\"']|(?P<l>{_L})(?![\w'\u2983]))")
_UPPER_TOKEN = rf"(?:(?i:option|choice|letter)\s*)?(?:{_OPEN}(?P<m>[A-Z]){_CLOSE}|[(\[\"'](?P<b>[A-Z])[)\]\"']|" \
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
    r"(?:\s+(?:choice|option))?\s*(?:is|are|would\s+be|will\s+be|should\s+be|must\s+be|=|:|-|->|lies\s+"
    r"(?:in|at|within|with))",
    r"(?:correct|best|right|most\s+(?:likely|appropriate|accurate|probable|plausible))\s+(?:option|choice|"
    r"response|diagnosis|answer|management|next\s+step|treatment|cause|explanation|selection)(?:\s+\w+){0,3}?"
    r"\s*(?:is|would\s+be|:)",
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
_CORRECTION_WORDS = (r"actually|wait|correction|sorry|edit|update|revised\s+answer|on\s+(?:second\s+thought|reflection)|"
                     r"scratch\s+that|i\s+mean|"
                     r"let\s+me\s+reconsider|i\s+change\s+my\s+answer|changing\s+my\s+answer|"
                     r"no\s*[,:;.!\-]\s*(?=\W*\w)|rather|instead")
_CORRECTION = re.compile(rf"\b(?:{_CORRECTION_WORDS})\b", re.I)
_LIST_SEPARATOR = re.compile(r"\s*(?:,|/|&|\band/or\b|\band\b|\bor\b|\bplus\b|和|或)\s*", re.I)


# "A: 10%", "B = 0.05", "C (60%)", "D - 20 %": a value given to an option (a probability, a score, a rank).
_VALUE_PER_OPTION = re.compile(r"(?<![\w\u2983])([A-J])\s*(?:[:=]|\s-|\()\s*\d+(?:[.,]\d+)?\s*%?")


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


_AFTER_LETTER_OK = re.compile(r"\s*(?:$|[.,;:!?)\]\"'\n]|-|\(|/|&|" + _OPEN + r"|[\u3000-\u9fff\uff00-\uffef]|"
                              r"(?:is|was|would|because|since|as|for|seems|appears|and|or|but|so|which|given|due|"
                              r"with|then|here|fits|explains|therefore|thus|hence)\b|[^\w\s])", re.I)


# After a lowercase "a" only what cannot follow the article counts: "a." / "a," / "a)" / "a - text" / "a and c" /
# "a because…". Not "a given…", "a due…", "a so-called…", "a-fib", "a (rare) form": there "a" is the article.
_AFTER_LOWERCASE_A_OK = re.compile(r"\s*(?:$|[.,;:!?)\]\"'\n]|-(?!\w)|/|&|[\u3000-\u9fff\uff00-\uffef]|"
                                   r"\(\s*" + _OPEN + r"A" + _CLOSE + r"|"
                                   r"(?:is|was|would|because|since|as|for|seems|appears|and|or|but|so|which|with|"
                                   r"then|here|fits|explains|therefore|thus|hence)\b(?![-'])|"
                                   r"[^\w\s(\-" + _OPEN + r"])", re.I)
# A letter directly followed by an option text ("A. Toxic multinodular goiter", "A) …", "A (…)", "A\n…").
_TEXT_AFTER_LETTER = re.compile(r"\s*(?:[.):\-(\[]\s*)?" + _OPEN + r"([A-Z])" + _CLOSE)
# An option text directly followed by a bracketed letter ("Toxic multinodular goiter (D)").
_LETTER_AFTER_TEXT = re.compile(_OPEN + r"([A-Z])" + _CLOSE +
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
        ends = re.match(r"\s*(?:$|[.,;:!?)\]\n]|" + _OPEN + ")", text[nxt[1]:nxt[1] + 2])
        plural = re.match(r"\s+(?:are|were|both|could|might|may|seem|remain)\b", text[nxt[1]:nxt[1] + 12], re.I)
        if not ends and not plural:
            break  # "A and B is wrong": the list ends where a letter does not
        if not nxt[2] and _other_text_after(text, nxt[1], nxt[0]):
            break  # "B and A. Toxic multinodular goiter": that A is given with another option's text
        letters.append(nxt[0])
        end = nxt[1]
    return letters, end, _negated_after(text, end)


_CUE_FILLER = re.compile(r"[\s:=\-*\"'>]*(?:(?:the\s+)?(?:letter|option|choice)\s+)?")


def _letters_after_cue(text: str, pos: int) -> tuple[list[str], int, bool] | None:
    """A letter list (or option texts) after an answer phrase; lowercase letters count here ("answer is b")."""
    start = _CUE_FILLER.match(text, pos).end()
    if re.match(r"(?:not|no)\b", text[start:], re.I):
        return None  # "the answer is not D": a negation, collected elsewhere
    marker = re.match(rf"{_OPEN}([A-Z]){_CLOSE}", text[start:])
    if marker:
        end = start + marker.end()
        return [marker.group(1)], end, _negated_after(text, end)
    return _letter_list(text, start, lowercase=True)


def _mentions(text: str, letters_shown: bool) -> list[_Mention]:
    found: list[_Mention] = []
    corrections = [m.end() for m in _CORRECTION.finditer(text)]

    def corrected_at(pos: int) -> bool:
        """A correction cue stands between the previous commitment and this one."""
        earlier = [m.start for m in found if m.positive and m.strong and m.start < pos]
        last = max(earlier) if earlier else -1
        return any(last < c <= pos for c in corrections)

    def add(pos: int, letters: Sequence[str], positive: bool, strong: bool, method: str, final: bool = False):
        if not letters_shown and method not in ("option-text", "option-passing", "answer-phrase-text", "verdict-text",
                                                "hedge-text", "conclusion-text", "statement-text"):
            return
        found.append(_Mention(pos, tuple(dict.fromkeys(letters)), positive, strong, method, final,
                              corrected_at(pos) if positive else False))

    def add_mismatch(pos: int, found_mismatch: tuple[str, str, int]) -> None:
        """A letter given with another option's text: a commitment that cannot be read (see _text_mismatch)."""
        letter, other, end = found_mismatch
        if not _negated_after(text, end):
            add(pos, [letter, other], True, True, "letter-text-mismatch")

    # A table of values per option ("A: 10%, B: 5%, C: 60%") weighs every option and chooses none: its first
    # row is no leading letter. Choosing the highest value would be a rule of our own, not the reply's answer.
    valued = {m.group(1) for m in _VALUE_PER_OPTION.finditer(text)}
    # the reply's leading letter: "C.", "(C)", "C) text", "C 👍"; a letter alone on a line
    leading = re.match(r"[^\w\u2983]*", text)
    start = leading.end() if leading else 0
    listed = _letter_list(text, start, lowercase=False)
    line_letters = {m.group(1) for m in re.finditer(r"(?m)^[^\w\n]*([A-Z])[.):\s]", text)}
    if len(line_letters) > 1 or len(valued) > 1:
        listed = None  # lines that each start with a letter, or values per letter, list options: no answer
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
        markers_only = all(f"{_OPEN}{x}{_CLOSE}" in text[cue.end():cue.end() + 40 * len(letters)] for x in letters)
        method = "answer-phrase-text" if markers_only else "answer-phrase"
        add(cue.start(), letters, not negated, True, method, bool(_FINAL_CUE.search(cue.group(0))))
    # an option text labelled with another letter: "Toxic multinodular goiter (A)" where that text is option D
    for match in _LETTER_AFTER_TEXT.finditer(text):
        if match.group(1) != match.group(2):
            add_mismatch(match.start(), (match.group(2), match.group(1), match.end()))
    # verdicts: "C is correct", "Turner syndrome is the most likely diagnosis"; negations: "A is incorrect"
    for match in re.finditer(_UPPER_TOKEN, text):
        letter = _token_letter(match)
        tail = text[match.end():match.end() + 80]
        positive = re.match(rf"(?:\s*\((?:[^()]{{0,60}})\))?\s*(?:(?:(?:is|would\s+be|seems(?:\s+to\s+be)?|"
                            rf"appears(?:\s+to\s+be)?|remains|must\s+be|stands\s+out\s+as)\s+|[:\-]\s*)"
                            rf"(?:definitely\s+|clearly\s+|probably\s+)?{_POSITIVE_WORDS}|\s+(?:fits|explains)\s+"
                            rf"(?:best|the\b|all\b|everything\b))", tail, re.I)
        elliptical = re.match(r"\s+is\s*(?:[.!;]|$)", tail)
        method = "verdict-text" if match.group("m") else "verdict"
        if _negated_after(text, match.end()):
            add(match.start(), [letter], False, True, method)
        elif positive:
            add(match.start(), [letter], True, True, method)
        elif elliptical and any(not m.positive for m in found if m.start < match.start()):
            add(match.start(), [letter], True, True, method)  # "A is not correct, B is."
    # negations before a token: "not A", "rule out A", "we can exclude B", "instead of D"
    for match in re.finditer(rf"\b(?:not|rule\s+out|ruling\s+out|ruled\s+out:?|exclude[sd]?|excluding|eliminate[sd]?|"
                             rf"eliminating|except|never|isn't|cannot\s+be|can't\s+be|rather\s+than|instead\s+of|"
                             rf"other\s+than|(?:don't|do\s+not)\s+think\s+(?:it(?:'s|\s+is)|the\s+answer\s+is))\s+",
                             text, re.I):
        token = _letter_at(text, match.end(), lowercase=False)
        if token and _ends_like_an_answer(text, token[1], token[2], token[0]):
            add(match.start(), [token[0]], False, True, "negation")
    # "…, but C" / "it is B" / "rather D" after a negation, and "actually D" after a commitment
    contrast = r"but|it(?:'s|\s+is|\s+must\s+be|\s+should\s+be)|makes\s+it|" + _CORRECTION_WORDS
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
        marker = re.match(rf"{_OPEN}([A-Z]){_CLOSE}", text[match.end():])
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
        if first_letter and second_letter and first_letter != second_letter and hedged:
            markers = bool(match.group("m") and match.group("m2"))
            add(match.start(), [first_letter, second_letter], True, True, "hedge-text" if markers else "hedge")
    # weak mentions: a letter with its own text ("C. Central hypothyroidism"), a bracketed letter, an option text
    for match in re.finditer(rf"(?<![\w]){_OPEN}?[(\[]?([A-Z])[)\]]?[.):-]?\s*{_OPEN}([A-Z]){_CLOSE}", text):
        if match.group(1) == match.group(2):
            add(match.start(), [match.group(1)], not _negated_after(text, match.end()), False, "letter-with-text")
    for match in re.finditer(r"[(\[](?:(?i:option|choice)\s+)?([A-Z])[)\]]", text):
        add(match.start(), [match.group(1)], not _negated_after(text, match.end()), False, "bracketed")
    for match in re.finditer(rf"{_OPEN}([A-Z]){_CLOSE}", text):
        before = text[max(0, match.start() - 30):match.start()]
        sentence_rest = re.split(r"[.!?;\n]", text[match.end():], maxsplit=1)[0]
        negated = _negated_after(text, match.end()) or re.search(
            r"\b(?:not|rule\s+out|ruling\s+out|exclude[sd]?|excluding|unlikely|rather\s+than|instead\s+of|"
            r"other\s+than)\s*$", before, re.I) or re.search(
            rf"\b(?:but|yet|although|though)\b[^{_OPEN}]*?(?:{_DOES_NOT.pattern}|\b(?:not|unlikely|"
            rf"irrelevant)\b)", sentence_rest, re.I)
        # An option named in passing is not a choice ("…is a side effect of metformin"): it counts when the reply
        # starts with it.
        head = text[:match.start()].replace(_OPEN, "").replace(_CLOSE, "")
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


# -- 5. resolution ------------------------------------------------------------------------------------------------

def _resolve(mentions: list[_Mention], options: Mapping[str, str]) -> ParsedAnswer:
    strong = [m for m in mentions if m.positive and m.strong]
    negated = {x for m in mentions if not m.positive for x in m.letters}
    if strong:
        finals = [m for m in strong if m.final]
        chosen = finals[-1] if finals else strong[-1]
        if chosen.method == "letter-text-mismatch":
            return _chosen(chosen, options)  # its own reason says more than "contradiction: commits to …"
        earlier = [m for m in strong if m.start < chosen.start and set(m.letters) != set(chosen.letters)]
        later_negation = [m for m in mentions if not m.positive and m.start > chosen.start
                          and set(m.letters) & set(chosen.letters)]
        # The trailing run of commitments that agree with the chosen one settles an earlier disagreement when it
        # begins with a correction ("actually", "wait") or follows a hedge ("B or D … I'd pick D").
        last_other = max((m.start for m in earlier), default=-1)
        trailing = [m for m in strong if m.start > last_other and set(m.letters) == set(chosen.letters)]
        last_earlier = max(earlier, key=lambda m: m.start) if earlier else None
        # (a letter given with another option's text names two letters too, but it is no hedge)
        hedged = last_earlier is not None and len(last_earlier.letters) > 1 and \
            last_earlier.method != "letter-text-mismatch"
        settled = not finals and (any(m.corrected for m in trailing) or hedged)
        if earlier and not finals and not settled:
            mismatched = [m for m in strong if m.method == "letter-text-mismatch"]
            if mismatched:  # "Toxic multinodular goiter (A) is the most likely diagnosis": say what clashed
                return _chosen(mismatched[-1], options)
            seen = sorted({"".join(m.letters) for m in strong})
            return _none(f"contradiction: commits to {' and '.join(seen)}", "resolution")
        if later_negation and not any(m.start > later_negation[-1].start for m in strong):
            return _none(f"contradiction: {chosen.letters[0]} chosen, then negated", "resolution")
        return _chosen(chosen, options)
    weak = [m for m in mentions if m.positive and not m.strong and not (set(m.letters) & negated)]
    reviewed = {x for m in mentions if m.method == "letter-with-text" for x in m.letters}
    if len(reviewed) > 1:  # "A. text - no. B. text - possible…": a review of the options, not a choice
        return _none(f"no answer found: reviews options {''.join(sorted(reviewed))} without choosing one", "mentions")
    letters = sorted({x for m in weak for x in m.letters})
    deciding = [m for m in weak if m.method != "option-passing"]
    if len(letters) == 1 and deciding:
        return _chosen(deciding[0], options)
    if len(letters) > 1:
        return _none(f"no answer found: mentions options {''.join(letters)} without choosing one", "mentions")
    if negated:
        return _none(f"negated only: rules out {''.join(sorted(negated))} and chooses nothing", "negation")
    return _none("no answer found")


def _chosen(mention: _Mention, options: Mapping[str, str]) -> ParsedAnswer:
    if mention.method == "letter-text-mismatch":
        letter, other = mention.letters
        return _none(f"contradiction: letter {letter} given with the text of option {other}", "resolution")
    letters = tuple(dict.fromkeys(mention.letters))
    invalid = [x for x in letters if x not in options]
    if invalid:
        return _none(f"not an option: {', '.join(invalid)} (options {''.join(options)})", mention.method)
    if len(letters) > 1:
        reason = "hedge" if mention.method == "hedge" else "more than one option chosen"
        return ParsedAnswer("multiple", None, tuple(sorted(letters)), mention.method,
                            f"{reason}: {', '.join(sorted(letters))}")
    method = mention.method + ("-final" if mention.final else "")
    return ParsedAnswer("option", letters[0], letters, method)


# -- the parser -----------------------------------------------------------------------------------------------

def _is_degenerate(text: str) -> str:
    if not re.search(r"[^\W\d_]", text):
        return "no answer found: no letters or words in the reply"
    words = re.findall(r"\w+", text.casefold())
    if len(words) >= 12 and len(set(words)) / len(words) < 0.15:
        return "degenerate repetition"
    return ""


_REFUSAL = re.compile(r"\b(?:I\s+(?:cannot|can't|am\s+unable\s+to|won't)\s+(?:provide|give|answer|offer|choose)|"
                      r"consult\s+(?:a|your)\s+(?:doctor|physician|healthcare))", re.I)


def parse_answer(text: str | None, options: Mapping[str, str] | Sequence[tuple[str, str]],
                 letters_shown: bool = True, reasoning: str | None = None) -> ParsedAnswer:
    """Parse a model's reply to a multiple-choice question (see the module docstring for the grammar).

    ``options`` maps letters to option texts. With ``letters_shown=False`` (options were listed without letters)
    only option texts count: a letter in the reply would be the model's own invention. ``reasoning`` is the
    model's declared reasoning format (None detects any).
    """
    option_map = {str(k): str(v) for k, v in dict(options).items()}
    if text is None or not text.strip():
        return _none("no answer found: empty reply")
    final, why = final_segment(text, reasoning)
    if final is None:
        return _none(why, "reasoning")
    body = _before_runaway(_unwrap_markdown(normalize(final))).strip()
    if not body:
        return _none("no answer found: empty final answer")
    degenerate = _is_degenerate(body)
    if degenerate:
        return _none(degenerate)
    masked = _mask_options(body, option_map)
    parsed = _resolve(_mentions(masked, letters_shown), option_map)
    if parsed.category == "none" and parsed.reason.startswith("no answer found"):
        if _REFUSAL.search(body):
            return _none("no answer found: refusal", "refusal")
        valued = sorted({m.group(1) for m in _VALUE_PER_OPTION.finditer(masked)})
        if len(valued) > 1:
            return _none(f"no answer found: gives values for options {''.join(valued)} and chooses none", "values")
    return parsed


# -- self-assessment replies (pediatric endocrinology study, Experiment 3) -----------------------------------------

_NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "first": 1, "second": 2}
_REF = (r"(?:(?:explanation|response|option|answer)\s*(?:#|no\.?|number)?\s*(?P<n>[12]|one|two)\b"
        r"|(?:the\s+)?(?P<ord>first|second|former|latter)(?:\s+(?:explanation|response|one|option))?\b)")
_PREFERENCE_CUES = [
    r"\b(?:most|more)\s+(?:clinical(?:ly)?\s+)?(?:correct|accurate|sensible|appropriate|sound)\b[^.\n]{0,60}?"
    r"\b(?:is|was|would\s+be|:)\s*",
    r"\b(?:answer|choice|preference)\s+(?:lies|is)\s+(?:with)?in\s*",
    r"\b(?:makes?|made)\s+(?:more|the\s+most)\s+clinical\s+sense\b[^.\n]{0,20}?(?:is|:)\s*",
    r"\b(?:I\s+(?:would\s+|'d\s+)?(?:choose|select|prefer|pick|go\s+with)|(?:the\s+)?(?:better|preferred|best|"
    r"superior|stronger)\s+(?:one|choice|explanation|option|response)\s+(?:is|:)|I\s+prefer|prefer(?:red|ence)?\s*:|"
    r"I(?:'d|\s+would)?\s+go\s+with|the\s+(?:correct|right)\s+one\s+is)\s*",
]
_VERDICT = re.compile(_REF + r"\s+(?:is|seems|appears|makes|provides|gives|offers|was)\s+(?:to\s+be\s+)?"
                      r"(?:clearly\s+|definitely\s+)?(?:the\s+|a\s+)?(?:more|most|better|best|superior|preferable|"
                      r"preferred)\b", re.I)
_NEGATED_VERDICT = re.compile(_REF + r"\s+(?:is|seems|was)\s+(?:not|less)\b", re.I)


def _ref_number(match: re.Match) -> int:
    word = (match["n"] or match["ord"]).lower()
    return {"former": 1, "latter": 2}.get(word) or _NUMBER_WORDS.get(word) or int(word)


@dataclass(frozen=True)
class ParsedPreference:
    """Which explanation a self-assessment reply prefers (``preference`` 1 or 2, or None) and how it was read:
    ``method`` names the rule that decided, ``reason`` says why there is no preference (as for answers, so that a
    failing example in the report shows how its reply was read)."""

    preference: int | None
    method: str = ""
    reason: str = ""

    def to_dict(self) -> dict:
        return {"preference": self.preference, "method": self.method, "reason": self.reason}


def read_preference(text: str | None) -> ParsedPreference:
    """Which of two explanations a reply prefers, with the rule that decided or the reason it is None (see
    :func:`parse_preference` for the grammar).

    Methods: ``preference-phrase`` ("I would choose the second explanation"), ``verdict`` ("Explanation 2 is
    better"), ``elliptical`` ("…; explanation 2 is."), ``alone`` ("The second one."), ``elimination``
    ("explanation 1 is not better" leaves 2), ``correction`` (a later choice after "wait", "actually")."""
    if not text:
        return ParsedPreference(None, reason="no choice found: empty reply")
    final, why = final_segment(text)
    if final is None:
        return ParsedPreference(None, "reasoning", why)
    body = _before_runaway(_unwrap_markdown(normalize(final)))
    choices: list[tuple[int, int, str]] = []  # (position, explanation, method)
    rejected = {_ref_number(m) for m in _NEGATED_VERDICT.finditer(body)}
    for cue in _PREFERENCE_CUES:
        for match in re.finditer(cue, body, re.I):
            ref = re.match(r"\s*(?:option\s+)?" + _REF, body[match.end():], re.I)
            if ref:
                choices.append((match.end(), _ref_number(ref), "preference-phrase"))
    choices.extend((m.start(), _ref_number(m), "verdict") for m in _VERDICT.finditer(body))
    for match in re.finditer(r"(?:^|[.;:,!]\s*)(?:wait|actually|no)?\s*,?\s*" + _REF + r"\s+is\s*[.!;]", body, re.I):
        # "…; explanation 2 is." / "Wait, explanation 2 is."
        choices.append((match.start(), _ref_number(match), "elliptical"))
    alone = re.fullmatch(r"\W*(?:the\s+)?(?P<ord>first|second)(?:\s+(?:one|explanation|response))?\W*", body, re.I)
    if alone:
        choices.append((0, _NUMBER_WORDS[alone["ord"].lower()], "alone"))
    choices.sort()
    wanted = [c for c in choices if c[1] not in rejected]
    distinct = {c[1] for c in wanted}
    if not distinct:
        if len(rejected) == 1 and not choices:  # "explanation 1 is not better" leaves the other one
            return ParsedPreference(3 - next(iter(rejected)), "elimination")
        if choices:
            chosen = sorted({c[1] for c in choices})
            return ParsedPreference(None, "resolution", "contradiction: chooses and rejects explanation "
                                    + " and ".join(map(str, chosen)))
        if rejected:
            return ParsedPreference(None, "resolution", "no choice found: rejects both explanations")
        return ParsedPreference(None, reason="no choice found")
    if len(distinct) == 1:
        return ParsedPreference(wanted[-1][1], wanted[-1][2])
    last = wanted[-1]
    previous = max(c[0] for c in wanted if c[1] != last[1])
    if any(previous < m.end() <= last[0] + 12 for m in _CORRECTION.finditer(body)):
        return ParsedPreference(last[1], "correction")
    return ParsedPreference(None, "resolution", "contradiction: prefers explanation 1 and explanation 2")


def parse_preference(text: str | None) -> int | None:
    """Which of two explanations a reply prefers (1 or 2), or None when it picks neither, both, or something new.

    Understands "Explanation 1 is more clinically correct", "The most clinically correct option is explanation 2",
    "I would choose the second explanation", "Explanation 2 is better", "I prefer the first", "Explanation #1",
    "Preference: explanation 2", a reply that is only "The second one."; "Explanation 1 is not more correct;
    explanation 2 is" is 2; a later choice after a correction ("Wait, explanation 2 is.") wins; other contradictory
    choices give None. :func:`read_preference` also says how the reply was read.
    """
    return read_preference(text).preference


_SCORE = r"(?P<v>[0-5]|zero|one|two|three|four|five)"


def _score(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def parse_agreement(text: str | None) -> int | None:
    """The agreement level 0-5 a reply states ("agreement level: 4", "3/5", "3 out of 5", "three", "level 3.").

    Numbers that are no score ("5 mg", "type 2 diabetes", "explanation 2", "7/10") are not read."""
    if not text:
        return None
    final, _ = final_segment(text)
    body = _unwrap_markdown(normalize(final or ""))
    value = rf"(?:a\s+|about\s+|around\s+|level\s+(?:of\s+)?|score\s+(?:of\s+)?)?{_SCORE}(?:\s*(?:/|out\s+of)\s*5)?" \
            rf"(?!\s*(?:/|out\s+of)\s*\d)(?![\d\w]|\.\d|\s*(?:mg|ml|kg|%|years?))"
    patterns = [
        rf"agreement(?:\s+(?:level|score|rating))?\s*(?:is|of|:|=|at|would\s+be|-)\s*(?:rated\s+)?{value}",
        rf"agreement(?:\s+(?:level|score))?\s+between\b[^.\n]{{0,80}}?(?:\bis|:|=|\bat|\bwould\s+be)\s*{value}",
        rf"agreement\s*\(\s*{_SCORE}\s*\)", rf"\b{_SCORE}\s+agreement\b",
        rf"\blevel\s+{_SCORE}\s+agreement\b", rf"\bagreement[^.\n]{{0,40}}?\(\s*{_SCORE}\s*\)",
        rf"(?:level|degree)\s+of\s+agreement\s*(?:is|:|=|at|would\s+be|-)?\s*{value}",
        rf"\b{_SCORE}\s*(?:/|out\s+of)\s*5\b",
        rf"\b(?:rate|score|put)\s+(?:the\s+|their\s+|this\s+|it\s+)?(?:agreement|similarity)\b[^.\n]{{0,30}}?"
        rf"\b(?:as|at|a)?\s*{value}",
    ]
    values = {_score(m["v"]) for p in patterns for m in re.finditer(p, body, re.I)}
    return values.pop() if len(values) == 1 else None


# -- evidence questions (PubMedQA: yes / no / maybe) -------------------------------------------------------------

DECISIONS = ("yes", "no", "maybe")


@dataclass(frozen=True)
class ParsedDecision(_Categorized):
    """A yes/no/maybe answer: ``category`` "option" (with ``label``), "multiple" or "none" (with ``reason``)."""

    category: Category
    decision: str | None = None
    decisions: tuple[str, ...] = field(default_factory=tuple)
    method: str = ""
    reason: str = ""

    def _chosen(self) -> str | None:
        return self.decision

    def to_dict(self) -> dict:
        return {"category": self.category, "decision": self.decision, "decisions": list(self.decisions),
                "method": self.method, "reason": self.reason}


_DECISION = r"(?P<d>yes|no|maybe|uncertain|unsure|cannot\s+be\s+determined)"
_DECISION_CUES = re.compile(
    r"(?:(?P<final>final\s+)?(?:answer|decision|verdict|conclusion)s?\s*(?:is|would\s+be|:|=|-)|"
    r"\bI\s+(?:would\s+)?(?:say|answer|conclude)|\bmy\s+(?:final\s+)?answer\s*(?:is|:)?)\s*[\"'(]?", re.I)


# One decision word inside a list or hedge: not followed by a further word ("no adverse events" is a determiner).
_LISTED = r"(?:yes|no|maybe)\b(?!\s+(?!or\b)[^\W\d_])"
_DECISION_LIST = re.compile(rf"\b{_LISTED}(?:\s*(?:,\s*(?:or\s+)?|/\s*|or\s+){_LISTED})+", re.I)


def _decision_word(word: str) -> str:
    word = word.lower()
    return "maybe" if word in ("uncertain", "unsure") or word.startswith("cannot") else word


def parse_decision(text: str | None, reasoning: str | None = None) -> ParsedDecision:
    """Parse a yes/no/maybe answer to an evidence question ("Answer: yes", "No, because…", "The answer is maybe",
    "Final decision: no"); a hedge between decisions ("yes or maybe") and a list of them ("yes, no, or maybe" — the
    instruction's choices repeated back, common in small models) are MULTIPLE unless a decision follows them;
    disagreeing decisions without a correction are NONE ("contradiction"). "No" used as a determiner ("Yes, no
    adverse events occurred") is not a decision."""
    if text is None or not text.strip():
        return ParsedDecision("none", reason="no answer found: empty reply")
    final, why = final_segment(text, reasoning)
    if final is None:
        return ParsedDecision("none", method="reasoning", reason=why)
    body = _unwrap_markdown(normalize(final)).strip()
    found: list[tuple[int, str, bool, bool]] = []  # (position, decision, final, corrected)
    corrections = [m.end() for m in _CORRECTION.finditer(body)]
    for cue in _DECISION_CUES.finditer(body):
        match = re.match(rf"\s*(?:(?P<neg>not)\s+)?{_DECISION}\b", body[cue.end():], re.I)
        if match and not match.group("neg"):
            found.append((cue.start(), _decision_word(match["d"]), bool(cue.group("final")), False))
    lead = re.match(rf"\W*{_DECISION}\b(?!\s+(?:one|of|more|less|further|other|doubt))", body, re.I)
    if lead:
        found.append((0, _decision_word(lead["d"]), False, False))
    found.sort()
    for listed in _DECISION_LIST.finditer(body):
        words = tuple(dict.fromkeys(w.lower() for w in re.findall(r"yes|no|maybe", listed.group(), re.I)))
        if len(words) > 1 and not any(f[0] >= listed.end() for f in found):
            ordered = tuple(d for d in ("yes", "no", "maybe") if d in words)
            if len(ordered) == 3 or "," in listed.group():
                return ParsedDecision("multiple", decisions=ordered, method="choices-listed",
                                      reason=f"lists the choices {', '.join(ordered)} without choosing one")
            return ParsedDecision("multiple", decisions=ordered, method="hedge",
                                  reason=f"hedge: {' or '.join(ordered)}")
    if not found:
        return ParsedDecision("none", reason="no answer found")
    finals = [f for f in found if f[2]]
    chosen = finals[-1] if finals else found[-1]
    others = {f[1] for f in found if f[0] < chosen[0]} - {chosen[1]}
    corrected = any(max((f[0] for f in found if f[0] < chosen[0]), default=-1) < c <= chosen[0]
                    for c in corrections)
    if others and not finals and not corrected:
        return ParsedDecision("none", method="resolution",
                              reason=f"contradiction: {' and '.join(sorted(others | {chosen[1]}))}")
    return ParsedDecision("option", chosen[1], (chosen[1],), "answer-phrase-final" if chosen[2] else
                          ("leading" if chosen[0] == 0 and lead else "answer-phrase"))

