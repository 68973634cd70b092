"""Prompt templates, verbatim from the studies' appendices where they give them.

Pediatric endocrinology study (000), appendix "Prompting": prompt A, prompt B (a paraphrase of A) and prompt A
without option letters ("identical to prompt A except that the option letters (A to E) are omitted from the
<options> field, separating each option with a semicolon"). So that the letter-removal contrast changes nothing
but the letters, options *with* letters are also written on one line separated by semicolons ("A. …; B. …").

MedGemma prompt-sensitivity study (002), appendix A: the multiple-choice templates and the PubMedQA evidence
prompt.

Stop sequences: every builder of a generated prompt declares (``builder.stops``) where a reply to it has stopped
answering — a new question block as the prompt writes it, the prompt's own instruction lines written again, a
``---`` separator opening either, and chat-turn markers written as text (the model's own end-of-turn tokens end it
already). They are lines a reply has no reason to write except when it invents a new prompt: each begins with a
newline (a restatement that opens the reply is no stop), none is a phrase an answer may use ("Answer:", "Options:",
"Explanation 1:" and step-by-step cues are never stops). The suites' decodings carry them.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from ..data.schemas import ContextSection, MCQItem

#: Chat-turn markers a model may write as text after its answer, simulating the next turn of a dialogue.
TURN_STOPS = ("<|im_start|>", "<start_of_turn>", "\nUser:", "\nHuman:")

Builder = TypeVar("Builder", bound=Callable[..., str])


def block_stops(openers: Sequence[str] = (), closers: Sequence[str] = ()) -> tuple[str, ...]:
    """Stop sequences of a prompt format: each line that opens a new block of it (``openers``) at the start of a
    line, also after a ``---`` separator line; each of its closing instruction lines (``closers``) at the start of a
    line; and :data:`TURN_STOPS`. Sorted, without repeats (as ``Decoding`` keeps them)."""
    stops = set(TURN_STOPS)
    for line in openers:
        stops.update((f"\n{line}", f"\n---\n{line}", f"\n---\n\n{line}"))
    stops.update(f"\n{line}" for line in closers)
    return tuple(sorted(stops))


def declares_stops(stops: tuple[str, ...]) -> Callable[[Builder], Builder]:
    """Mark a prompt builder with the stop sequences its replies end at (``builder.stops``)."""
    def mark(builder: Builder) -> Builder:
        builder.stops = stops  # type: ignore[attr-defined]
        _STOP_SETS[builder.__name__] = stops
        return builder
    return mark


_STOP_SETS: dict[str, tuple[str, ...]] = {}


def all_stop_sets() -> dict[str, tuple[str, ...]]:
    """Every prompt builder's stop sequences, by builder name."""
    return dict(_STOP_SETS)

PROMPT_A_START = ("Given the following clinical case, consider the question, and provide the most likely answer among "
                  "the provided options and the reasoning process behind your choice.")
PROMPT_A_END = "Please, reduce the output to a paragraph and report the logic steps that led to your answer."
PROMPT_B_START = "Consider this clinical case, question, and options available."
PROMPT_B_END = ("Please do provide your choice among the possible answers. Then provide the reasoning steps behind "
                "your choice.")
CLOZE_INSTRUCTION = "Answer with the letter of the correct option only."


def format_options(item: MCQItem, letters: bool = True) -> str:
    """``A. text; B. text; …`` or, without letters, ``text; text; …``."""
    if letters:
        return "; ".join(f"{letter}. {text}" for letter, text in item.options)
    return "; ".join(text for _, text in item.options)


def _case(item: MCQItem, letters: bool) -> str:
    parts = [item.description.strip()] if item.description.strip() else []
    parts += [item.question.strip(), f"Options: {format_options(item, letters)}"]
    return "\n\n".join(parts)


#: Prompts A and B (paraphrases of one prompt, asked in one call): a case has no marker of its own (it opens with
#: the case text), so what shows a new one is either instruction written again at the start of a line.
PEDIATRIC_STOPS = block_stops(
    openers=(PROMPT_A_START.split(", consider")[0], PROMPT_B_START),
    closers=(PROMPT_A_END.split(" and report")[0], PROMPT_B_END.split(". Then")[0]))


@declares_stops(PEDIATRIC_STOPS)
def prompt_a(item: MCQItem, letters: bool = True) -> str:
    """Prompt A of the pediatric endocrinology study (Experiment 1); ``letters=False`` is its no-letter variant."""
    return f"{PROMPT_A_START}\n\n{_case(item, letters)}\n\n{PROMPT_A_END}"


@declares_stops(PEDIATRIC_STOPS)
def prompt_b(item: MCQItem) -> str:
    """Prompt B: the study's paraphrase of prompt A."""
    return f"{PROMPT_B_START}\n\n{_case(item, True)}\n\n{PROMPT_B_END}"


def cloze_prompt(item: MCQItem) -> str:
    """A question whose answer letter is scored at the first answer position (cloze scoring).

    The closing "Answer:" gives models without a chat template the same answer slot that a chat template's
    assistant turn gives the others.
    """
    lines = [item.description.strip()] if item.description.strip() else []
    lines.append(item.question.strip())
    lines += [f"{letter}. {text}" for letter, text in item.options]
    lines.append(CLOZE_INSTRUCTION)
    return "\n".join(lines) + "\nAnswer:"


# -- MedGemma prompt-sensitivity study (002), appendix A ---------------------------------------------------------

def letter_list(item: MCQItem) -> str:
    """``A, B, C, or D`` for the item's own letters."""
    letters = list(item.letters)
    return ", ".join(letters[:-1]) + f", or {letters[-1]}"


def medgemma_options(item: MCQItem) -> str:
    """Two options per line, as in the study's templates: ``A. … B. …`` / ``C. … D. …``."""
    pairs = [f"{letter}. {text}" for letter, text in item.options]
    return "\n".join(" ".join(pairs[i:i + 2]) for i in range(0, len(pairs), 2))


def _question(item: MCQItem) -> str:
    # The study's MedMCQA items have no separate case description; ours may, so it leads the question.
    return f"{item.description.strip()} {item.question.strip()}".strip()


MEDGEMMA_START = "Answer the following medical question"
MEDGEMMA_DIRECT_END = "Answer with just the letter"
#: The MedGemma templates (zero-shot and few-shot, direct and chain-of-thought, answer-only): a question block opens
#: with "Question:" (the few-shot examples show a model exactly that), or with the instruction written again.
#: "Answer:" (the examples' answer line) and "Let's think step by step" (the chain-of-thought cue a reply may
#: echo before reasoning) are no stops.
MEDGEMMA_STOPS = block_stops(openers=("Question:", MEDGEMMA_START), closers=(MEDGEMMA_DIRECT_END,))


@declares_stops(MEDGEMMA_STOPS)
def zero_shot_direct(item: MCQItem) -> str:
    return ("Answer the following medical question by selecting the correct option.\n\n"
            f"Question: {_question(item)}\n\n{medgemma_options(item)}\n\n"
            f"Answer with just the letter ({letter_list(item)}):")


@declares_stops(MEDGEMMA_STOPS)
def zero_shot_cot(item: MCQItem) -> str:
    return ("Answer the following medical question.\nThink step by step.\n\n"
            f"Question: {_question(item)}\n\n{medgemma_options(item)}\n\n"
            f"Let's think step by step, then provide the answer as a single letter ({letter_list(item)}):")


@declares_stops(MEDGEMMA_STOPS)
def answer_only(item: MCQItem) -> str:
    return f"{_question(item)}\n{medgemma_options(item)}"


def _example(example: MCQItem, cot: bool) -> str:
    body = f"Question: {_question(example)}\n\n{medgemma_options(example)}\n\n"
    if cot:
        return body + f"Let's think step by step. {example.explanation.strip()}"
    return body + f"Answer: {example.answer}"


@declares_stops(MEDGEMMA_STOPS)
def few_shot(item: MCQItem, examples: list[MCQItem], cot: bool = False) -> str:
    """Examples with their correct answers (and, for CoT, their step-by-step rationales) prepended to the
    zero-shot direct or CoT question."""
    shots = "\n\n".join(_example(e, cot) for e in examples)
    test = zero_shot_cot(item) if cot else zero_shot_direct(item)
    return f"{shots}\n\n{test}"


EVIDENCE_START = "Based on the following context, answer the research question."
EVIDENCE_END = "Answer with one word: yes, no, or maybe."


#: The evidence prompt: a new one opens with its instruction, "Context:" or "Question:"; its closing instruction
#: written again ends the one-word answer too.
EVIDENCE_STOPS = block_stops(openers=(EVIDENCE_START.split(",")[0], "Context:", "Question:"),
                             closers=(EVIDENCE_END.split(":")[0],))


def evidence_context(sections: Sequence[ContextSection]) -> str:
    """Labelled abstract sections, one per line: ``[BACKGROUND] text`` (the study's code showed labels this way, with
    a blank line between sections; one line each keeps the template's own blank lines the only ones). A truncated
    section keeps its own label: no condition adds a label or a warning of its own."""
    return "\n".join(f"[{section.label}] {section.text.strip()}" for section in sections)


@declares_stops(EVIDENCE_STOPS)
def evidence_prompt(question: str, sections: Sequence[ContextSection]) -> str:
    """The study's PubMedQA prompt (appendix A), verbatim, with the shown sections as ``{context}``.

    Every evidence condition uses this one template, so conditions differ only in the evidence shown. With no
    section (question only) the ``Context:`` line is left out and nothing else changes — the study's code switched
    to another instruction ("Based on your medical knowledge…") for that condition, and to one warning that the
    context "may be incomplete" for truncated ones, which changed two things at once.
    """
    context = f"Context: {evidence_context(sections)}\n" if sections else ""
    return f"{EVIDENCE_START}\n\n{context}Question: {question.strip()}\n\n{EVIDENCE_END}"


# -- pediatric endocrinology study (000), Experiment 3: self-assessment ------------------------------------------

JUDGE_START = ("Given the case the following clinical case and multiple choice question, I will provide you two "
               "potential explanations. Can you please report the level of agreement from a scale from 0 (null "
               "agreement) to 5 (perfect agreement) and select which response makes more clinical sense between "
               "the two explanations?")
JUDGE_END = ("Please state clearly which is the most clinical correct option between explanation 1 and "
             "explanation 2. Then specify the agreement level between explanation 1 and explanation 2.")


#: The judge prompt: a new one opens with its instruction or "Clinical case:"; its closing instruction written again
#: ends the judgement. "Explanation 1:"/"Explanation 2:" and "Options:" are no stops: a judgement may quote them.
SELF_ASSESSMENT_STOPS = block_stops(openers=(JUDGE_START.split(" and multiple")[0], "Clinical case:"),
                                    closers=(JUDGE_END.split(" between")[0],))


@declares_stops(SELF_ASSESSMENT_STOPS)
def self_assessment_prompt(item: MCQItem, explanation_1: str, explanation_2: str) -> str:
    """The study's Experiment 3 prompt, verbatim, with two candidate explanations in the given order."""
    return (f"{JUDGE_START}\n\nClinical case: {item.description.strip()}\n\nQuestions: {item.question.strip()}\n\n"
            f"Options: {format_options(item)}\n\nExplanation 1: {explanation_1.strip()}\n\n"
            f"Explanation 2: {explanation_2.strip()}\n\n{JUDGE_END}")


# -- repeatability framework (001), Table 1: five diagnostic-reasoning prompts (from Savage et al.) ------------------

REASONING_PROMPTS = {
    "traditional_cot": "Provide a step-by-step deduction that identifies the correct response.",
    "differential_diagnosis_cot": ("Use step-by-step deduction to create a differential diagnosis and then "
                                   "determine the correct response."),
    "intuitive_reasoning_cot": "Use symptoms, signs, and lab associations to step-by-step deduce the correct response.",
    "analytic_reasoning_cot": ("Use analytic reasoning to deduce the pathophysiology and step-by-step identify the "
                               "diagnosis."),
    "bayesian_reasoning_cot": ("Use Bayesian inference to create a prior, update with new information, and "
                               "determine the diagnosis."),
}


#: The reasoning prompts end with one instruction line; any of the five written again at the start of a line is a
#: new prompt (the case itself opens with free text: no marker to stop at).
REASONING_STOPS = block_stops(closers=tuple(REASONING_PROMPTS.values()))


@declares_stops(REASONING_STOPS)
def reasoning_prompt(item: MCQItem, style: str) -> str:
    """An item followed by one of the five reasoning instructions."""
    options = "\n".join(f"{letter}. {text}" for letter, text in item.options)
    return f"{_question(item)}\n{options}\n\n{REASONING_PROMPTS[style]}"
