"""Answer parsing: from free model text to one option, MULTIPLE, or NONE — never a wrong letter.

Every invariance and consistency metric is computed on parsed answers, so a parser that reads the wrong letter
corrupts flip rates, kappa and accuracy at once. The rule here: a letter counts only where the reply *commits* to
it; anything else is a visible category with a reason (NONE or MULTIPLE), never a guess. One study's code took the
first A–D character anywhere ("Based on…" was answer B).

How a reply is read
-------------------
0. Only the reply to the question asked counts: text from the first invented block on — a new question in the
   prompt's own format, the prompt's instruction repeated, options that are not the question's, a leaked dialogue
   turn, a ``---`` that opens one of them — is not read (:mod:`.continuation`). A reply that is nothing but invented
   blocks is NONE ("no answer before an invented continuation"). The caller's ``question`` tells a restated
   question from an invented one.
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
   Lines that review an option ("B) Axillary nerve - incorrect because …", "C. Anemia of chronic disease:
   ferritin is normal") neither list nor choose it, so an answer given before a review of the others stands; a
   verdict under a condition ("B would be right if …") is no choice.
5. Resolution: an answer marked final wins; otherwise the commitments must agree, or the last one must follow a
   correction cue or a hedge ("B or D … I'd pick D"); a disagreement without one is NONE ("contradiction"). A final
   answer that differs from an answer the reply gave outright, with nothing revising it, is a contradiction too;
   so is a loop that keeps returning to answers it had left (B → D → B → D), and several final sections of a
   reasoning model that disagree. A reply that repeats one commitment until the token limit is that commitment
   (the fragment of one more repetition at the end is dropped); repetition without any is NONE. Without any
   commitment, one option mentioned (by letter with its own text, in brackets, or by text) and not negated is the
   answer (weak rules, named in ``method``); several are NONE.

Grammar (options of the table: A Type 1 diabetes mellitus, B Hypothyroidism, C Central hypothyroidism,
D Turner syndrome, E Hepatitis B). Each row is checked by
tests/unit/answers/test_parsing.py::test_docstring_grammar_table.

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
B\\n---\\nQ: Which drug?\\nA. Insulin B. Metformin\\nAnswer: A     B           invented question after the answer unread
### Question 2\\nWhich drug?\\nA. Iodine B. Lithium\\nAnswer: A  NONE        no answer before an invented continuation
C<|im_end|><|im_start|>user\\nAnd the first test?\\nD           C           a leaked dialogue turn is not read
C\\nLow T4, low TSH.\\nAnswer the following medical question.\\nD  C           the prompt repeated opens a new block
D\\nFinal Answer: D\\nD\\nFinal Answer: D\\nD\\nFinal Answer: D\\nD  D           one commitment repeated in a loop
The answer is B. Wait, D. Wait, B. Wait, D. Wait, B.           NONE        contradiction (a loop of corrections)
B\\nRationale: the TSH is high.\\nFinal Answer: D               NONE        contradiction (answered B, final D)
B\\nWhy not the others:\\nA) Type 1 diabetes mellitus: no       B           a review of the other options
Hypothyroidism (B) would be right if TSH were high, so C.     C           a conditional is no choice
TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH TSH    NONE        no answer found: repetition without a commitment
A. Type 1 diabetes mel                                         A           an option text the token limit cut
B. Type 1 diabetes mel                                         NONE        contradiction (letter B, cut text of A)
Findings such as a low TSH (B) and weight loss.                NONE        no answer found (a bracket in passing)
The correct answer to this case lies in option C.              C           answer phrase with its object
The answer is: Hypothyroidism; Turner syndrome.                MULTIPLE    several option texts as the answer
=============================================================  ==========  =====================================

Self-assessment replies (the pediatric endocrinology study's Experiment 3) are read with the same care by
:func:`parse_preference` (which explanation is more clinically correct; :func:`read_preference` also says how it
was read) and :func:`parse_agreement` (the agreement level 0–5), and evidence questions (PubMedQA) by
:func:`parse_decision` (yes / no / maybe).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from .commitments import VALUE_PER_OPTION, Mention, mentions
from .continuation import find_continuation
from .option_texts import mask_options
from .reply_text import (
    Categorized,
    Category,
    before_runaway,
    final_sections,
    final_segment,
    normalize,
    unwrap_markdown,
)


@dataclass(frozen=True)
class ParsedAnswer(Categorized):
    """What a response chose: ``category`` "option" (with ``letter``), "multiple" or "none" (with ``reason``)."""

    category: Category
    letter: str | None = None
    letters: tuple[str, ...] = ()
    method: str = ""
    reason: str = ""
    #: Characters of the reply that were read, when the rest was an invented continuation (see continuation.py).
    read_chars: int | None = None
    #: What began where reading stopped: its kind and the line that shows it ("invented question: Question: …").
    cut: str = ""

    def _chosen(self) -> str | None:
        return self.letter

    def to_dict(self) -> dict:
        out = {"category": self.category, "letter": self.letter, "letters": list(self.letters),
               "method": self.method, "reason": self.reason}
        if self.read_chars is not None:
            out.update(read_chars=self.read_chars, cut=self.cut)
        return out


def _none(reason: str, method: str = "") -> ParsedAnswer:
    return ParsedAnswer("none", None, (), method, reason)


# -- 5. resolution ------------------------------------------------------------------------------------------------

def _resolve(mentions: list[Mention], options: Mapping[str, str]) -> ParsedAnswer:
    strong = [m for m in mentions if m.positive and m.strong]
    negated = {x for m in mentions if not m.positive for x in m.letters}
    if strong:
        finals = [m for m in strong if m.final]
        oscillating = _oscillation(finals or strong)
        if oscillating:  # a loop that keeps changing its answer has no last word, whichever came last
            return _none(f"contradiction: alternates between {' and '.join(oscillating)}", "resolution")
        chosen = finals[-1] if finals else strong[-1]
        answered = [m for m in strong if m.start < chosen.start and m.method in _EXPLICIT
                    and set(m.letters) != set(chosen.letters) and not m.final]
        # Revised: a correction cue, or the reply commits to the final answer before declaring it final ("so the
        # answer is C, not B … Final Answer: C"), or it rejects the earlier answer.
        revised = answered and any(
            answered[-1].start < m.start <= chosen.start and (
                (m.positive and m.strong and (m.corrected or (set(m.letters) == set(chosen.letters) and not m.final)))
                or (not m.positive and set(m.letters) & set(answered[-1].letters)))
            for m in mentions)
        if finals and answered and not revised:
            # "B. Rationale: … Final Answer: D" with nothing that revises B: the reply answers twice, differently
            seen = sorted({"".join(m.letters) for m in [*answered, chosen]})
            return _none(f"contradiction: answers {' and then finally '.join(seen)} without revising", "resolution")
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
    deciding = [m for m in weak if m.method not in ("option-passing", "bracketed-passing")]
    if len(letters) == 1 and deciding:
        return _chosen(deciding[0], options)
    if len(letters) > 1:
        return _none(f"no answer found: mentions options {''.join(letters)} without choosing one", "mentions")
    if negated:
        return _none(f"negated only: rules out {''.join(sorted(negated))} and chooses nothing", "negation")
    return _none("no answer found")


#: Commitments that state an answer outright (not a verdict on one option in an analysis).
_EXPLICIT = ("leading", "letter-alone", "answer-phrase", "answer-phrase-text")


def _oscillation(commitments: list[Mention]) -> list[str]:
    """The answers a reply alternates between when it returns to an answer it had left at least twice over
    (B → A → B → A): runs of equal commitments, four or more, one of them a return. Empty when it does not."""
    runs: list[str] = []
    for mention in commitments:
        key = "".join(sorted(set(mention.letters)))
        if not runs or runs[-1] != key:
            runs.append(key)
    returns = any(key in runs[:i - 1] for i, key in enumerate(runs) if i >= 2)
    return sorted(set(runs)) if len(runs) >= 4 and returns else []


def _chosen(mention: Mention, options: Mapping[str, str]) -> ParsedAnswer:
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


# -- why a reply is unusable ------------------------------------------------------------------------------------

#: Why a reply chose no single option, so that a reader sees whether the model, the parser or the token budget
#: limits the usable rate.
UNUSABLE_CLASSES = ("cut off", "no commitment", "contradiction", "invented continuation",
                    "repetition without a commitment", "several options", "not an option")


def unusable_class(parsed: Categorized, finish_reason: str = "") -> str | None:
    """The class of an unusable reply (one of :data:`UNUSABLE_CLASSES`), or None for a usable one. A reply that
    ran out of tokens (``finish_reason == "length"``) before committing to anything was cut off. Works for any
    parsed reply (answers, yes/no/maybe decisions)."""
    if parsed.usable:
        return None
    if parsed.category == "multiple":
        return "several options"
    method, reason = getattr(parsed, "method", ""), getattr(parsed, "reason", "")
    if method == "reasoning":
        return "cut off"
    if method == "continuation":
        return "invented continuation"
    if method == "repetition":
        return "repetition without a commitment"
    if reason.startswith("contradiction"):
        return "contradiction"
    if reason.startswith("not an option"):
        return "not an option"
    return "cut off" if finish_reason == "length" else "no commitment"


# -- the parser -----------------------------------------------------------------------------------------------

def _without_partial_repetition(text: str) -> str:
    """A loop cut by the token limit ends inside one more repetition ("…Correct answer: B\n\nC"): that fragment (a
    last line that begins a line the reply repeated) is dropped, or its first letter would read as an answer."""
    lines = [line.strip() for line in text.rstrip().split("\n")]
    last = lines[-1]
    repeated = {line for line in lines[:-1] if line and lines.count(line) >= 2}
    if last and any(line != last and line.startswith(last) for line in repeated):
        return "\n".join(text.rstrip().split("\n")[:-1])
    return text


def _repetitive(text: str) -> bool:
    """A reply that repeats itself: few distinct words among many (a loop until the token limit)."""
    words = re.findall(r"\w+", text.casefold())
    return len(words) >= 12 and len(set(words)) / len(words) < 0.15


_REFUSAL = re.compile(r"\b(?:I\s+(?:cannot|can't|am\s+unable\s+to|won't)\s+(?:provide|give|answer|offer|choose)|"
                      r"consult\s+(?:a|your)\s+(?:doctor|physician|healthcare))", re.I)


def parse_answer(text: str | None, options: Mapping[str, str] | Sequence[tuple[str, str]],
                 letters_shown: bool = True, reasoning: str | None = None, question: str | None = None
                 ) -> ParsedAnswer:
    """Parse a model's reply to a multiple-choice question (see the module docstring for the grammar).

    ``options`` maps letters to option texts. With ``letters_shown=False`` (options were listed without letters)
    only option texts count: a letter in the reply would be the model's own invention. ``reasoning`` is the
    model's declared reasoning format (None detects any). ``question`` is the text of the question asked (case
    and question): with it, a reply that restates the question is told apart from one that invents new questions.
    Only the part of the reply before an invented continuation is read (see :mod:`.continuation`).
    """
    option_map = {str(k): str(v) for k, v in dict(options).items()}
    if text is None or not text.strip():
        return _none("no answer found: empty reply")
    continuation = find_continuation(text, option_map, question)
    parsed = _parse(text[:continuation.start] if continuation else text, option_map, letters_shown, reasoning)
    if continuation is None:
        return parsed
    cut = f"{continuation.kind}: {continuation.evidence}"
    if parsed.category == "none" and parsed.reason.startswith("no answer found"):
        parsed = _none(f"no answer before an invented continuation ({continuation.kind})", "continuation")
    return replace(parsed, read_chars=continuation.start, cut=cut)


def _parse(text: str, option_map: dict[str, str], letters_shown: bool, reasoning: str | None) -> ParsedAnswer:
    finals = final_sections(text)
    if len(finals) > 1:
        # A reasoning model that loops writes several final answers: one answer if they agree, else none.
        parsed = [_parse(section, option_map, letters_shown, None) for section in finals]
        chosen = {p.label for p in parsed if p.usable}
        if len(chosen) > 1:
            return _none(f"contradiction: its {len(finals)} final answers say {' and '.join(sorted(chosen))}",
                         "resolution")
        return next((p for p in reversed(parsed) if p.usable), parsed[-1])
    final, why = final_segment(text, reasoning)
    if final is None:
        return _none(why, "reasoning")
    body = before_runaway(unwrap_markdown(normalize(final))).strip()
    if not body:
        return _none("no answer found: empty final answer")
    body = _without_partial_repetition(body)
    if not re.search(r"[^\W\d_]", body):
        return _none("no answer found: no letters or words in the reply")
    masked = mask_options(body, option_map)
    parsed = _resolve(mentions(masked, letters_shown), option_map)
    if parsed.category == "none" and parsed.reason.startswith("no answer found"):
        if _repetitive(body):
            # A loop that repeats one commitment is that commitment (resolved above); one without any is no answer.
            return _none("no answer found: repetition without a commitment", "repetition")
        if _REFUSAL.search(body):
            return _none("no answer found: refusal", "refusal")
        valued = sorted({m.group(1) for m in VALUE_PER_OPTION.finditer(masked)})
        if len(valued) > 1:
            return _none(f"no answer found: gives values for options {''.join(valued)} and chooses none", "values")
    return parsed


