"""Scripted models whose truth is known, so that the suites can be checked against it (issue 11, point 3).

Each backend combines four scripted behaviours, one per kind of request a suite makes:

* multiple-choice answers (``generate`` on an item's prompt, ``score_choices`` on its cloze prompt):
  ``gold`` (a) always the keyed option; ``letter`` (b) always the option shown first, i.e. letter A;
  ``content`` (c) always the option whose text sorts first, wherever it is shown; ``random`` (d) the keyed option
  with probability ``P_RIGHT``, else a wrong one, from a random stream seeded by the item, prompt and seed;
* ICU label distributions (``score_choices`` on a DeVisE prompt): ``severity`` (e) a risk that rises linearly with
  the DeVisE severity of the note's vitals and with age; ``blind`` (f) a risk fixed per patient, blind to vitals;
* self-assessment verdicts (``generate`` on the judge prompt): ``gold`` prefers the item's gold explanation;
  ``first`` (g) always prefers the explanation shown first;
* note perplexity (``loglikelihood``): ``severity`` perplexity 2 + total severity; ``blind`` a constant;
* reasoning runs (repeatability): the same reply in every run, with a certain token at every step (gold) or a
  uniform top-k (the others); gold names its answer's text, the others write the same words for every case.

The factories combine them: ``gold`` = a + e + gold judge; ``letter`` = b + f + g; ``content`` = c;
``random_model`` = d.

The model reads an item from the prompt by its case description (every demo item's is unique; in a few-shot prompt
the question asked is the last one shown) and the shown order from where each option text stands. It reads an ICU
note by looking its text up among the notes the suites build from the run's seed and profile. Severity levels are
DeVisE Table 2, written out here again rather than imported, so that the library's own scale is checked too.
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from pytest_medllm.backends import Backend, ChoiceScores, Generation, TokenLogprobs
from pytest_medllm.data.schemas import MCQItem

#: Probability that model (d) answers right.
P_RIGHT = 0.6
LETTERS = "ABCDEFGHIJ"

#: DeVisE Table 2, inclusive ranges by severity level (temperature in °F, one decimal).
SEVERITY_TABLE: dict[str, list[tuple[int, float, float]]] = {
    "heart_rate": [(-2, 1, 40), (-1, 41, 50), (0, 51, 90), (1, 91, 110), (2, 111, 200)],
    "systolic_bp": [(-2, 1, 70), (-1, 71, 89), (0, 90, 119), (1, 120, 139), (2, 140, 220)],
    "diastolic_bp": [(-2, 1, 40), (-1, 41, 59), (0, 60, 79), (1, 80, 89), (2, 90, 140)],
    "respiratory_rate": [(-2, 1, 8), (-1, 9, 11), (0, 12, 20), (1, 21, 24), (2, 25, 50)],
    "oxygen_saturation": [(-2, 1, 91), (-1, 92, 95), (0, 96, 100)],
    "temperature": [(-2, 70.0, 89.4), (-1, 89.5, 94.9), (0, 95.0, 100.2), (1, 100.3, 103.9), (2, 104.0, 110.0)],
}
#: The largest total severity a note can have: |level| 2 for each of the six vital signs.
MAX_SEVERITY = 12
#: Length-of-stay bucket distributions of the least and the most severe patient; the model mixes them linearly.
LOS_LOW = (0.7, 0.2, 0.07, 0.03)
LOS_HIGH = (0.03, 0.07, 0.2, 0.7)


# -- reading the item from a prompt ----------------------------------------------------------------------------

@lru_cache(maxsize=1)
def demo_items() -> tuple[MCQItem, ...]:
    from pytest_medllm.data.loaders import load_dataset

    return tuple(load_dataset("demo").items)


@dataclass(frozen=True)
class Shown:
    """An item as a prompt shows it: option texts in shown order, and whether they carry letters."""

    item: MCQItem
    texts: tuple[str, ...]
    lettered: bool

    def letter(self, text: str) -> str:
        return LETTERS[self.texts.index(text)]

    def reply(self, text: str) -> str:
        """A one-sentence answer naming ``text`` by its letter, or by its text when no letters are shown."""
        return f"The answer is {self.letter(text)}." if self.lettered else f"The answer is {text}."


def _option_at(prompt: str, text: str, start: int) -> tuple[int, bool]:
    """Where option ``text`` is listed (after ``start``) and whether a letter precedes it; -1 when it is not."""
    index = prompt.find(text, start)
    while index >= 0:
        lettered = bool(re.search(r"(?:^|[\s;])[A-J]\. $", prompt[max(0, index - 4):index]))
        plain = prompt[:index].endswith(("Options: ", "; "))
        after = prompt[index + len(text):]
        ends = after == "" or after[0] in ";\n" or re.match(r" [A-J]\. ", after) is not None
        if (lettered or plain) and ends:
            return index, lettered
        index = prompt.find(text, index + 1)
    return -1, False


def read_item(prompt: str) -> Shown:
    """The demo item a prompt asks (the last case description in it) and its options as shown."""
    best, where = None, -1
    for item in demo_items():
        position = prompt.rfind(item.description.strip())
        if position > where:
            best, where = item, position
    if best is None:
        raise LookupError(f"no demo item in prompt {prompt[:120]!r}")
    found = [(*_option_at(prompt, text, where), text) for text in best.option_texts]
    missing = [text for position, _, text in found if position < 0]
    if missing:
        raise LookupError(f"item {best.id}: options {missing} are not listed in the prompt")
    found.sort()
    return Shown(best, tuple(text for _, _, text in found), all(lettered for _, lettered, _ in found))


# -- multiple-choice policies: the option *text* the model picks ---------------------------------------------------

def random_pick(item: MCQItem, prompt: str, seed: int = 0) -> str:
    """Model (d): the keyed text with probability P_RIGHT, else one of the wrong texts, from a stream seeded by
    the item, the exact prompt and the request's seed (so a test can replay it)."""
    digest = hashlib.sha256(prompt.encode("utf-8")).hexdigest()
    rng = random.Random(f"{item.id}|{seed}|{digest}")
    if rng.random() < P_RIGHT:
        return item.answer_text
    return rng.choice(sorted(text for text in item.option_texts if text != item.answer_text))


def content_pick(texts: Sequence[str]) -> str:
    """Model (c): the option whose text sorts first (case-folded), wherever it stands."""
    return min(texts, key=str.casefold)


def pick(policy: str, shown: Shown, prompt: str, seed: int) -> str:
    if policy == "gold":
        return shown.item.answer_text
    if policy == "letter":
        return shown.texts[0]
    if policy == "content":
        return content_pick(shown.texts)
    if policy == "random":
        return random_pick(shown.item, prompt, seed)
    raise ValueError(policy)


# -- ICU notes: severity, risk, perplexity ---------------------------------------------------------------------------

def level(variable: str, value: float) -> int:
    """DeVisE severity level of a value as written (Table 2)."""
    written = round(float(value), 1 if variable == "temperature" else 0)
    for lvl, _, high in SEVERITY_TABLE[variable]:
        if written <= high:
            return lvl
    raise ValueError(f"{variable} = {value} is above DeVisE's range")


def total_severity(vitals: dict[str, float | None]) -> int:
    """Sum of |severity level| over the vital signs the note gives."""
    return sum(abs(level(name, value)) for name, value in vitals.items() if value is not None)


def severity_risk(vitals: dict[str, float | None], age: int) -> float:
    """Model (e): linear in the total severity and in age, strictly inside (0, 1)."""
    return 0.02 + 0.6 * total_severity(vitals) / MAX_SEVERITY + 0.3 * (age - 18) / 73


def blind_risk(patient_id: str) -> float:
    """Model (f): a risk fixed per patient, whatever its vitals or demographics say."""
    return 0.1 + 0.5 * (int(hashlib.sha256(patient_id.encode()).hexdigest(), 16) % 1000) / 1000


def label_distribution(task: str, risk: float) -> tuple[float, ...]:
    """P(label) for a task: mortality (survival, death); length of stay a linear mix of LOS_LOW and LOS_HIGH."""
    if task == "mortality":
        return (1 - risk, risk)
    return tuple((1 - risk) * low + risk * high for low, high in zip(LOS_LOW, LOS_HIGH))


def severity_perplexity(vitals: dict[str, float | None]) -> float:
    """The severity model's note perplexity: 2 + total severity (an abnormal value surprises it more)."""
    return 2.0 + total_severity(vitals)


#: The vitals-blind model's perplexity of every note.
BLIND_PERPLEXITY = 3.0


def icu_notes(cohort_size: int, per_class: int, seed: int) -> dict[str, object]:
    """Every note the DeVisE suites can ask about (originals, counterfactuals, unit rewrites), by text."""
    from pytest_medllm.data.cohort import draw_patients, render_note
    from pytest_medllm.data.schemas import VITAL_SIGNS
    from pytest_medllm.perturb.clinical import (
        demographic_counterfactuals,
        vital_counterfactuals,
    )
    from pytest_medllm.perturb.units import REWRITES, rewrite

    notes = {}
    for patient in draw_patients(cohort_size, seed):
        for style in ("template", "raw"):
            note = render_note(patient, style)
            notes[note.text] = note
            for variable in VITAL_SIGNS:
                for cf in vital_counterfactuals(note, variable, per_class, seed):
                    notes[cf.note.text] = cf.note
            for variable in ("age", "gender", "ethnicity"):
                for cf in demographic_counterfactuals(note, variable, per_class, seed):
                    notes[cf.note.text] = cf.note
            for name in REWRITES:
                changed = rewrite(note, name)
                if changed is not None:
                    notes[changed.note.text] = changed.note
    return notes


# -- the backend -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Behaviour:
    """Which scripted policy answers each kind of request."""

    name: str
    answers: str      # gold | letter | content | random
    risk: str         # severity | blind
    judge: str        # gold | first
    #: Top-k log-probabilities of every generated token: "confident" (one token certain) or "uniform".
    certainty: str


BEHAVIOURS = {
    "gold": Behaviour("gold", "gold", "severity", "gold", "confident"),
    "letter": Behaviour("letter", "letter", "blind", "first", "uniform"),
    "content": Behaviour("content", "content", "severity", "gold", "confident"),
    "random": Behaviour("random", "random", "blind", "first", "uniform"),
}


def judge_reply(policy: str, shown: Shown, prompt: str) -> str:
    """The verdict on a self-assessment prompt: which explanation is more clinically correct, and agreement."""
    body = prompt.split("\n\nExplanation 1: ", 1)[1]
    first, rest = body.split("\n\nExplanation 2: ", 1)
    if policy == "first":
        chosen = 1
    elif policy == "gold":
        chosen = 1 if first.strip() == shown.item.explanation.strip() else 2
    else:
        raise ValueError(policy)
    return f"Explanation {chosen} is more clinically correct. Agreement level: {2 if policy == 'gold' else 3}."


#: What the models other than gold write after the Bayesian reasoning prompt: longer than their other replies, so
#: that the embedder pads their batches differently (identical texts then embed ~1e-7 apart).
BAYESIAN_REPLY = "After a careful step by step deduction of the case, my final answer is {letter}."


def reasoning_reply(behaviour: Behaviour, shown: Shown, prompt: str, seed: int) -> str:
    """A reasoning-prompt reply: the gold model names its answer's text (so its replies differ between cases,
    as reasoning about different cases does); the others write the same words for every case (a letter, and a
    longer sentence after the Bayesian prompt)."""
    from pytest_medllm.answers.prompts import REASONING_PROMPTS

    chosen = pick(behaviour.answers, shown, prompt, seed)
    if behaviour.answers == "gold":
        return f"The answer is {shown.letter(chosen)}, {chosen}."
    if prompt.rstrip().endswith(REASONING_PROMPTS["bayesian_reasoning_cot"]):
        return BAYESIAN_REPLY.format(letter=shown.letter(chosen))
    return shown.reply(chosen)


def tokens_of(text: str) -> tuple[str, ...]:
    """Whitespace words, with the byte-level BPE word-start marker on every word but the first."""
    words = text.split()
    return tuple(w if i == 0 else f"Ġ{w}" for i, w in enumerate(words))


def top_logprobs(certainty: str, steps: int, k: int) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per step, k (token id, log-probability) pairs: one certain token, or k equally likely ones."""
    if k <= 0:
        return ()
    if certainty == "confident":
        step = tuple((j, 0.0 if j == 0 else -50.0) for j in range(k))
    else:
        step = tuple((j, -math.log(k)) for j in range(k))
    return (step,) * steps


class ScriptedModel(Backend):
    """A backend that answers every suite's requests by a scripted behaviour (see the module docstring)."""

    name = "scripted"

    def __init__(self, behaviour: Behaviour, run_config=None) -> None:  # noqa: ANN001 - RunConfig or None
        self.behaviour = behaviour
        self.run_config = run_config

    def identity(self) -> dict:
        return {"backend": self.name, "model": f"scripted-{self.behaviour.name}"}

    def fingerprint(self) -> dict:
        return {"device": "cpu", "dtype": "none", "torch": "none", "transformers": "none", "cuda": None}

    @property
    def notes(self) -> dict:
        if not hasattr(self, "_notes"):
            profile, seed = self.run_config.profile, self.run_config.seed
            self._notes = icu_notes(profile["cohort_size"], profile["counterfactuals_per_class"], seed)
        return self._notes

    def note_risk(self, prompt: str) -> float:
        text = prompt.split("Admission note:\n", 1)[1]
        note = self.notes.get(text)
        if note is None:
            raise LookupError(f"scripted model: unknown ICU note {text[:80]!r}")
        if self.behaviour.risk == "severity":
            return severity_risk(note.vital_map, note.age)
        return blind_risk(note.patient_id)

    def reply(self, prompt: str, seed: int) -> str:
        shown = read_item(prompt)
        if "\n\nExplanation 1: " in prompt:
            return judge_reply(self.behaviour.judge, shown, prompt)
        from pytest_medllm.answers.prompts import REASONING_PROMPTS

        if prompt.rstrip().endswith(tuple(REASONING_PROMPTS.values())):
            return reasoning_reply(self.behaviour, shown, prompt, seed)
        return shown.reply(pick(self.behaviour.answers, shown, prompt, seed))

    def generate(self, requests, on_batch=None):
        out = []
        for r in requests:
            text = self.reply(r.prompt, 0 if r.decoding.greedy else r.seed)
            tokens = tokens_of(text)
            out.append(Generation(text=text, token_ids=tuple(range(len(tokens))), finish_reason="eos",
                                  token_logprobs=(0.0,) * len(tokens), tokens=tokens,
                                  top_logprobs=top_logprobs(self.behaviour.certainty, len(tokens), r.top_logprobs)))
        return out

    def score_choices(self, requests, on_batch=None):
        out = []
        for r in requests:
            if "Admission note:\n" in r.prompt:
                task = "mortality" if tuple(r.choices) == ("0", "1") else "los"
                probabilities = label_distribution(task, self.note_risk(r.prompt))
                out.append(ChoiceScores(tuple(math.log(p) for p in probabilities)))
                continue
            shown = read_item(r.prompt)
            chosen = shown.letter(pick(self.behaviour.answers, shown, r.prompt, 0))
            out.append(ChoiceScores(tuple(0.0 if c == chosen else -5.0 for c in r.choices)))
        return out

    def loglikelihood(self, requests, on_batch=None):
        out = []
        for r in requests:
            note = self.notes.get(r.continuation)
            if note is None:
                raise LookupError(f"scripted model: unknown ICU note {r.continuation[:80]!r}")
            ppl = severity_perplexity(note.vital_map) if self.behaviour.risk == "severity" else BLIND_PERPLEXITY
            out.append(TokenLogprobs(token_ids=(1,), tokens=("note",), logprobs=(-math.log(ppl),)))
        return out


def gold(run_config, spec):
    return ScriptedModel(BEHAVIOURS["gold"], run_config)


def letter(run_config, spec):
    return ScriptedModel(BEHAVIOURS["letter"], run_config)


def content(run_config, spec):
    return ScriptedModel(BEHAVIOURS["content"], run_config)


def random_model(run_config, spec):
    return ScriptedModel(BEHAVIOURS["random"], run_config)
