"""Properties of the answer parser, on generated replies (Hypothesis).

1. A negated mention of another option ("X is incorrect", "not X", "rule out X", "X is unlikely", "we can exclude
   X") added before or after the answer never turns the parse into X.
2. Wrapping the answer in markdown (bold, heading, table cell, list item, code ticks, trailing emoji or
   punctuation) never changes it.
3. Relabelling the letters (one permutation applied to the options and the reply) permutes the result the same way.
4. Any text gives a visible category — never an exception, never a letter that is not an option.
5. An option's text after the article ("The answer is a toxic multinodular goiter.", "I'd say an IgA nephropathy")
   is that option or NONE — the article "a" is never read as letter A.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_medllm.answers.parsing import ParsedAnswer, parse_answer

TEXTS = ["Graves disease", "Hashimoto thyroiditis", "Subacute granulomatous thyroiditis", "Toxic adenoma",
         "Thyroid lymphoma", "Vitamin D deficiency", "Type A aortic dissection", "Hepatitis B infection",
         "IgA nephropathy", "Congenital adrenal hyperplasia", "Turner syndrome", "Central precocious puberty",
         "Oral levothyroxine", "Intravenous hydrocortisone", "Observation and repeat testing in 6 months"]
LETTERS = "ABCDE"

options_strategy = st.lists(st.sampled_from(TEXTS), min_size=4, max_size=5, unique=True).map(
    lambda texts: dict(zip(LETTERS, texts)))

ANSWER_TEMPLATES = [
    "The answer is {L}.", "Answer: {L}", "The correct answer is {L}.", "I'd go with {L}.", "Final answer: {L}",
    "{L}. {T}", "The most likely diagnosis is {T} ({L}).", "Option {L} is correct.", "My answer: ({L})",
    "Based on the findings, the best answer is {L} because it explains the labs.", "{L}",
]
NEGATIONS = ["{X} is incorrect.", "Not {X}.", "We can rule out {X}.", "{X} is unlikely.", "We can exclude {X}.",
             "Option {X} is wrong because the labs do not fit.", "It is not {X}."]
WRAPPERS = ["**{A}**", "### Answer\n{A}", "| Final answer | {A} |", "- {A}", "`{A}`", "{A} 👍", "{A}!!!", "> {A}",
            "{A} ✅"]


@st.composite
def answered(draw):
    """(options, reply, letter it commits to)."""
    options = draw(options_strategy)
    letter = draw(st.sampled_from(sorted(options)))
    template = draw(st.sampled_from(ANSWER_TEMPLATES))
    return options, template.format(L=letter, T=options[letter]), letter


@settings(max_examples=300, deadline=None)
@given(answered(), st.data())
def test_a_negated_mention_of_another_option_never_becomes_the_answer(case, data):
    options, reply, letter = case
    other = data.draw(st.sampled_from([x for x in options if x != letter]))
    negation = data.draw(st.sampled_from(NEGATIONS)).format(X=data.draw(st.sampled_from([other, options[other]])))
    for text in (f"{negation} {reply}", f"{reply} {negation}"):
        parsed = parse_answer(text, options)
        assert parsed.letter != other, (text, parsed)
        assert parsed.label in (letter, "NONE"), (text, parsed)


@settings(max_examples=300, deadline=None)
@given(answered(), st.sampled_from(WRAPPERS))
def test_markdown_around_the_answer_never_changes_it(case, wrapper):
    options, reply, letter = case
    plain = parse_answer(reply, options)
    assert plain.label == letter, (reply, plain)
    wrapped = wrapper.format(A=reply)
    assert parse_answer(wrapped, options).label == letter, (wrapped, parse_answer(wrapped, options))


@settings(max_examples=300, deadline=None)
@given(answered(), st.permutations(LETTERS))
def test_relabelling_the_letters_permutes_the_result(case, permutation):
    options, reply, letter = case
    mapping = dict(zip(LETTERS, permutation))
    relabelled_options = {mapping[k]: v for k, v in options.items()}
    # Rename the committed letter in the reply: templates hold exactly one standalone answer letter.
    import re

    relabelled_reply = re.sub(rf"(?<![A-Za-z]){letter}(?![A-Za-z])", mapping[letter], reply)
    original = parse_answer(reply, options)
    relabelled = parse_answer(relabelled_reply, relabelled_options)
    expected = mapping[original.letter] if original.letter else original.label
    assert relabelled.label == expected, (reply, relabelled_reply, original, relabelled)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=400), options_strategy)
def test_any_text_gives_a_visible_category_never_a_crash(text, options):
    parsed = parse_answer(text, options)
    assert isinstance(parsed, ParsedAnswer)
    assert parsed.category in ("option", "multiple", "none")
    if parsed.category == "option":
        assert parsed.letter in options
    else:
        assert parsed.reason


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(whitelist_categories=("Ll", "Zs")), min_size=1, max_size=300),
       options_strategy)
def test_lowercase_prose_never_yields_a_letter_by_accident(text, options):
    parsed = parse_answer(text, options)
    if parsed.category == "option":
        assert parsed.method.startswith(("option-text", "answer-phrase-text", "verdict-text")), parsed


# The article before an option text, in the shapes replies take: after an answer phrase, a first-person choice, a
# statement, and at the start of the reply ("A toxic multinodular goiter.": a capital article before lowercase).
ARTICLE_TEMPLATES = ["The answer is a {T}.", "I'd say an {T}", "I'd say a {T}.", "My answer is a {T}",
                     "I think it's a {T}.", "The most likely diagnosis is a {T}.", "Answer: a {T}",
                     "A {t}.", "It is an {t}, given the findings."]


@settings(max_examples=400, deadline=None)
@given(options_strategy, st.data(), st.sampled_from(ARTICLE_TEMPLATES), st.booleans())
def test_the_article_before_an_option_text_is_never_letter_a(options, data, template, lowercase):
    letter = data.draw(st.sampled_from(sorted(options)))
    text = options[letter].lower() if lowercase else options[letter]
    reply = template.format(T=text, t=text[:1].lower() + text[1:])
    parsed = parse_answer(reply, options)
    assert parsed.label in (letter, "NONE"), (reply, options, parsed)
    if parsed.label == "NONE":
        assert parsed.reason, (reply, parsed)


# -- 6. what a model writes after its answer is not read ------------------------------------------------------------

INVENTED_BLOCKS = [
    "\n\nQuestion: {Q}\n\nA. {X1} B. {X2}\nC. {X3} D. {X4}\n\nAnswer: {L2}",
    "\n---\n\nQuestion: {Q}\n\nOptions:\nA) {X1}\nB) {X2}\nC) {X3}\nD) {X4}\n\nAnswer with a single letter (A, B, C, or D).\n{L2}",
    "\n\n### Question 2\n{Q}\n\nA. {X1} B. {X2}\nC. {X3} D. {X4}\n\n**Answer: {L2}**",
    "\n\n**Follow-up question:** {Q}\n\nOptions: A. {X1}; B. {X2}; C. {X3}; D. {X4}\n\n**Answer:** {L2}",
    "<|im_end|>\n<|im_start|>user\n{Q}<|im_end|>\n<|im_start|>assistant\nThe answer is {L2}.",
    "\n\nUser: {Q}\nAssistant: {L2}",
    "\n\nAnswer the following medical question by selecting the correct option.\n\nQuestion: {Q}\n\n"
    "A. {X1} B. {X2}\nC. {X3} D. {X4}\n\nAnswer with just the letter (A, B, C, or D):\n{L2}",
]
INVENTED_QUESTIONS = ["Which drug is first line in this setting?", "What is the most likely complication?",
                      "The most common cause of this finding is:", "Which investigation should be done first?"]
FOREIGN = ["Metformin", "Propranolol", "Lumbar puncture", "Chest radiograph", "Observation", "Surgery"]


@settings(max_examples=300, deadline=None)
@given(answered(), st.data())
def test_an_invented_question_after_the_answer_never_changes_it(case, data):
    """A reply followed by a question the model invented (with its own answer, in any of the shapes models write
    them) reads as the reply alone — whatever letter the invented question is answered with."""
    options, reply, letter = case
    alone = parse_answer(reply, options, question="A case the model was asked about.")
    block = data.draw(st.sampled_from(INVENTED_BLOCKS))
    foreign = data.draw(st.lists(st.sampled_from(FOREIGN), min_size=4, max_size=4, unique=True))
    invented = block.format(Q=data.draw(st.sampled_from(INVENTED_QUESTIONS)), L2=data.draw(st.sampled_from("ABCD")),
                            X1=foreign[0], X2=foreign[1], X3=foreign[2], X4=foreign[3])
    parsed = parse_answer(reply + invented, options, question="A case the model was asked about.")
    assert parsed.label == alone.label, (reply + invented, parsed, alone)
    assert parsed.read_chars is not None and parsed.read_chars <= len(reply) + 5, parsed


@settings(max_examples=200, deadline=None)
@given(answered(), st.integers(min_value=3, max_value=30), st.integers(min_value=0, max_value=40))
def test_a_loop_of_one_answer_is_that_answer(case, repeats, cut):
    """A reply repeated until the token limit (cut anywhere inside the last repetition) is its one answer."""
    options, reply, letter = case
    looped = "\n\n".join([reply] * repeats)
    looped = looped[:len(looped) - min(cut, len(reply) - 1)] if cut else looped
    parsed = parse_answer(looped, options)
    assert parsed.label in (letter, "NONE"), (looped[-200:], parsed)
    assert parse_answer(reply, options).label != letter or parsed.label == letter or cut, (looped[-200:], parsed)


@settings(max_examples=200, deadline=None)
@given(options_strategy, st.data())
def test_a_loop_that_keeps_changing_its_answer_is_no_answer(options, data):
    first, second = data.draw(st.lists(st.sampled_from(sorted(options)), min_size=2, max_size=2, unique=True))
    unit = data.draw(st.sampled_from(["Answer: {L}\n\nWait, let me reconsider.\n\n", "Final Answer: {L}\n",
                                      "The answer is {L}. Actually, no. "]))
    text = "".join(unit.format(L=x) for x in [first, second] * data.draw(st.integers(min_value=2, max_value=6)))
    assert parse_answer(text, options).label == "NONE", text
