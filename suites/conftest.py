"""Suite-level fixtures shared by the modules in suites/.

Model outputs that several suites use (the greedy answers to prompt A, for instance) are computed once per
session here; the plugin's response cache makes them free in later sessions too.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    Answer,
    ChoiceRequest,
    ChoiceScores,
    Decoding,
    EvidenceItem,
    MCQItem,
    answer_jobs,
    original_jobs,
    prompts,
    suite_subset,
)
from pytest_medllm.data.loaders import fixtures_dir, load_dataset
from pytest_medllm.runner.command_line import RunConfig
from pytest_medllm.runner.profiles import Profile


@pytest.fixture(scope="session")
def mcq_items(mcq_dataset) -> tuple[MCQItem, ...]:
    """The multiple-choice items of this run, in file order (``--max-items`` or the profile's limit)."""
    return tuple(mcq_dataset.items)


def _smaller_subset(items: tuple[MCQItem, ...], config: RunConfig, limit: int | None) -> tuple[MCQItem, ...]:
    return suite_subset(items, limit, config.max_items, config.seed)


@pytest.fixture(scope="session")
def perturbation_items(mcq_items, medllm_config, medllm_profile) -> tuple[MCQItem, ...]:
    """Items for suites that ask each item under many conditions (a stratified subset in the quick profile)."""
    return _smaller_subset(mcq_items, medllm_config, medllm_profile.perturbation_items)


@pytest.fixture(scope="session")
def fewshot_items(mcq_items, medllm_config, medllm_profile) -> tuple[MCQItem, ...]:
    """Items for few-shot suites, whose prompts are several times longer."""
    return _smaller_subset(mcq_items, medllm_config, medllm_profile.fewshot_items)


@pytest.fixture(scope="session")
def sampling_items(mcq_items, medllm_config, medllm_profile) -> tuple[MCQItem, ...]:
    """Items for the repeated-sampling and self-assessment suites (their greedy prompt-A answers are shared)."""
    return _smaller_subset(mcq_items, medllm_config, medllm_profile.sampling_items)


@pytest.fixture(scope="session")
def curated_examples(pytestconfig) -> tuple[MCQItem, ...]:
    """The curated few-shot examples with step-by-step rationales (fixtures/fewshot_curated.jsonl)."""
    path = fixtures_dir(pytestconfig.rootpath) / "fewshot_curated.jsonl"
    return tuple(load_dataset(f"{path}:mcq").items)


@pytest.fixture(scope="session")
def greedy_decoding(medllm_profile: Profile) -> Decoding:
    """Greedy decoding with the pediatric endocrinology study's settings (repetition penalty 1.2), with the
    profile's token budget (1500 new tokens in ``paper``), ending where a reply to prompt A or B starts a new
    prompt (``prompts.prompt_a.stops``)."""
    return Decoding(max_new_tokens=medllm_profile.max_new_tokens, temperature=0.0,
                    repetition_penalty=medllm_profile.repetition_penalty, stop=prompts.prompt_a.stops)


@pytest.fixture(scope="session")
def direct_decoding(medllm_profile: Profile) -> Decoding:
    """Greedy decoding of the MedGemma study's frozen protocol for "answer with just the letter" prompts, ending at
    a new question of the MedGemma templates (``prompts.zero_shot_direct.stops``)."""
    return Decoding(max_new_tokens=medllm_profile.direct_max_new_tokens, temperature=0.0,
                    stop=prompts.zero_shot_direct.stops)


@pytest.fixture(scope="session")
def cot_decoding(medllm_profile: Profile) -> Decoding:
    """Greedy decoding for chain-of-thought prompts (MedGemma study: 256 new tokens), ending at a new question of
    the MedGemma templates (``prompts.zero_shot_cot.stops``)."""
    return Decoding(max_new_tokens=medllm_profile.cot_max_new_tokens, temperature=0.0,
                    stop=prompts.zero_shot_cot.stops)


@pytest.fixture(scope="session")
def prompt_a_run(model, mcq_items, greedy_decoding) -> list[Answer]:
    """Greedy answers to prompt A for every item, parsed (one batched call, shared by the accuracy, prompt
    variation and self-assessment suites)."""
    return answer_jobs(model, original_jobs("prompt_a", mcq_items, prompts.prompt_a), greedy_decoding)["prompt_a"]


@pytest.fixture(scope="session")
def cloze_scores(model, mcq_items) -> tuple[ChoiceScores, ...]:
    """Option-letter log-probabilities at the answer position, one forward pass per item."""
    return tuple(model.score_choices([ChoiceRequest(prompts.cloze_prompt(item), item.letters) for item in mcq_items]))


# -- evidence questions (PubMedQA shape) ------------------------------------------------------------------------

@pytest.fixture(scope="session")
def evidence_items(evidence_dataset) -> tuple[EvidenceItem, ...]:
    """The evidence items of this run (``--dataset demo``: the bundled demo evidence items; or a PubMedQA file),
    a subset stratified by the keyed decision in the quick profile."""
    return tuple(evidence_dataset.items)


@pytest.fixture(scope="session")
def evidence_decoding(medllm_profile: Profile) -> Decoding:
    """Greedy decoding of the MedGemma study's frozen protocol for the one-word yes/no/maybe answer (256 new
    tokens in ``paper``), ending at a new evidence prompt (``prompts.evidence_prompt.stops``)."""
    return Decoding(max_new_tokens=medllm_profile.evidence_max_new_tokens, temperature=0.0,
                    stop=prompts.evidence_prompt.stops)


# -- the synthetic ICU cohort and its counterfactuals (DeVisE suites) --------------------------------------------

NOTE_STYLES = ("template", "raw")


@pytest.fixture(scope="session")
def icu_notes(medllm_profile, medllm_config) -> dict[str, list]:
    """Original admission notes of the synthetic cohort, by style ("template", "raw")."""
    from pytest_medllm.data.cohort import draw_patients, render_note

    patients = draw_patients(medllm_profile.cohort_size, medllm_config.seed)
    return {style: [render_note(p, style) for p in patients] for style in NOTE_STYLES}


@pytest.fixture(scope="session")
def counterfactuals(icu_notes, medllm_profile, medllm_config) -> dict[str, list]:
    """Every single-variable counterfactual of every note, by style (each checked to change only its variable)."""
    from pytest_medllm.data.schemas import VITAL_SIGNS
    from pytest_medllm.perturb.clinical import (
        demographic_counterfactuals,
        vital_counterfactuals,
    )

    per_class, seed = medllm_profile.counterfactuals_per_class, medllm_config.seed
    out = {}
    for style, notes in icu_notes.items():
        items = []
        for note in notes:
            for variable in VITAL_SIGNS:
                items += vital_counterfactuals(note, variable, per_class, seed)
            for variable in ("age", "gender", "ethnicity"):
                items += demographic_counterfactuals(note, variable, per_class, seed)
        out[style] = items
    return out


@pytest.fixture(scope="session")
def label_distributions(model, icu_notes, counterfactuals, unit_rewrites):
    """The model's label distribution for every note (originals, counterfactuals, unit rewrites) and task, from
    one batched scoring call: {(note id, task): probabilities}."""
    from pytest_medllm.methods.devise import TASKS, distribution

    notes = {}
    for style in NOTE_STYLES:
        for note in icu_notes[style]:
            notes[note.id] = note
        for cf in counterfactuals[style]:
            notes[cf.note.id] = cf.note
        for rewrite in unit_rewrites[style]:
            notes[rewrite.note.id] = rewrite.note
    keys = [(note_id, task) for note_id in notes for task in TASKS]
    scores = model.score_choices([TASKS[task].request(notes[note_id]) for note_id, task in keys])
    return {key: distribution(s) for key, s in zip(keys, scores)}


@pytest.fixture(scope="session")
def unit_rewrites(icu_notes) -> dict[str, list]:
    """Each original note with one vital sign written in another unit or notation (°C, SpO2 as a fraction,
    pulse in bpm)."""
    from pytest_medllm.perturb.units import REWRITES, rewrite

    out = {}
    for style, notes in icu_notes.items():
        out[style] = [r for note in notes for name in REWRITES if (r := rewrite(note, name)) is not None]
    return out
