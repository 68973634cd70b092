"""Prompt templates, verbatim from the studies' appendices where they give them.

Pediatric endocrinology study (000), appendix "Prompting": prompt A, prompt B (a paraphrase of A) and prompt A
without option letters ("identical to prompt A except that the option letters (A to E) are omitted from the
<options> field, separating each option with a semicolon"). So that the letter-removal contrast changes nothing
but the letters, options *with* letters are also written on one line separated by semicolons ("A. …; B. …").
"""

from __future__ import annotations

from .data.schemas import MCQItem

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


def prompt_a(item: MCQItem, letters: bool = True) -> str:
    """Prompt A of the pediatric endocrinology study (Experiment 1); ``letters=False`` is its no-letter variant."""
    return f"{PROMPT_A_START}\n\n{_case(item, letters)}\n\n{PROMPT_A_END}"


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
