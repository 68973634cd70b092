"""The repeatability study's free-response form: the case and an open question, no options (001, §2.3)."""

from __future__ import annotations

import pytest

from pytest_medllm.answers import prompts
from pytest_medllm.answers.free_response import free_response_reasoning_prompt, open_question
from pytest_medllm.answers.parsing import parse_answer


@pytest.mark.parametrize("question, expected", [
    ("Which of the following is the most likely diagnosis?", "What is the most likely diagnosis?"),
    ("Which of the following best explains his current hyponatremia?",
     "What best explains his current hyponatremia?"),
    ("In addition to fluid resuscitation, which of the following is the most appropriate immediate treatment?",
     "In addition to fluid resuscitation, what is the most appropriate immediate treatment?"),
    ("Which of the following drugs is most likely responsible?", "Which drugs is most likely responsible?"),
    ("What is the most likely diagnosis?", "What is the most likely diagnosis?"),
    ("The most likely cause is which of the following?", "The most likely cause is which?"),
    ("Select the most likely diagnosis from the options below.", "Select the most likely diagnosis."),
])
def test_multiple_choice_wording_becomes_an_open_question(question, expected):
    assert open_question(question) == expected


def test_no_demo_question_still_refers_to_options(demo_items):
    for item in demo_items:
        assert "the following" not in open_question(item.question).lower(), item.id


@pytest.mark.parametrize("style", list(prompts.REASONING_PROMPTS))
def test_the_prompt_is_the_option_listing_one_without_its_options(style, demo_items):
    """Only the option lines go (and the question is reworded): case, question and instruction stay in place, so
    that the two forms differ in nothing else."""
    item = demo_items[0]
    free = free_response_reasoning_prompt(item, style)
    listed = prompts.reasoning_prompt(item, style)
    for letter, text in item.options:
        assert f"{letter}. {text}" in listed
        assert f"{letter}. " not in free
    assert item.description.strip() in free and free.endswith(f"\n\n{prompts.REASONING_PROMPTS[style]}")
    option_lines = "\n" + "\n".join(f"{letter}. {text}" for letter, text in item.options)
    assert listed.replace(option_lines, "").replace(item.question.strip(), open_question(item.question)) == free


def test_it_stops_where_the_option_listing_prompt_stops():
    assert free_response_reasoning_prompt.stops == prompts.reasoning_prompt.stops
    assert prompts.all_stop_sets()["free_response_reasoning_prompt"] == prompts.REASONING_STOPS


def test_a_reply_is_correct_only_by_naming_the_keyed_text(demo_items):
    """No letter was shown, so only option texts count (``letters_shown=False``): the keyed text is correct, a bare
    letter is no answer."""
    item = demo_items[0]
    keyed = parse_answer(f"Putting it together, the diagnosis is {item.answer_text}.", item.option_map,
                         letters_shown=False)
    assert keyed.letter == item.answer
    assert parse_answer(f"The answer is {item.answer}.", item.option_map, letters_shown=False).letter is None
