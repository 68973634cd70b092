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
    StudyInference,
    answer_jobs,
    one_plain_prompt_per_call,
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
def fewshot_pool(mcq_dataset, medllm_config, pytestconfig) -> tuple[tuple[MCQItem, ...], str]:
    """``(items, description)``: the items of ``--fewshot-pool`` (checked before any test), else all the run's
    loaded multiple-choice items — from which a suite must leave out the item it asks."""
    if medllm_config.fewshot_pool is None:
        return tuple(mcq_dataset.items), "the evaluated items (no --fewshot-pool)"
    pool = load_dataset(medllm_config.fewshot_pool, pytestconfig.rootpath)
    return tuple(pool.items), f"--fewshot-pool {medllm_config.fewshot_pool} ({len(pool.items)} {pool.format} items)"


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
def pediatric_inference(model, medllm_profile: Profile) -> StudyInference:
    """The backend the pediatric endocrinology suites generate with, and how it sends prompts. In ``paper``
    (``pediatric_plain_unbatched``) each prompt goes alone as plain text, as the study ran (appendix "Inference and
    Hyperparameters"); otherwise the session's chat template and batching."""
    if medllm_profile.pediatric_plain_unbatched:
        return one_plain_prompt_per_call(model)
    return StudyInference(model, "the session's chat template and batch size (--chat-template, --batch-size); "
                                 "--profile paper sends each prompt alone as plain text, as the study did",
                          applied=False)


@pytest.fixture(scope="session")
def prompt_a_run(pediatric_inference, mcq_items, greedy_decoding) -> list[Answer]:
    """Greedy answers to prompt A for every item, parsed (one call, shared by the accuracy, prompt variation and
    self-assessment suites), sent as :func:`pediatric_inference` says."""
    return answer_jobs(pediatric_inference.backend, original_jobs("prompt_a", mcq_items, prompts.prompt_a),
                       greedy_decoding)["prompt_a"]


@pytest.fixture(scope="session")
def prompt_b_run(pediatric_inference, mcq_items, greedy_decoding) -> list[Answer]:
    """Greedy answers to prompt B (the study's paraphrase), shared by the prompt variation and self-assessment
    suites (Experiment 3 judges the explanations of both prompts)."""
    return answer_jobs(pediatric_inference.backend, original_jobs("prompt_b", mcq_items, prompts.prompt_b),
                       greedy_decoding)["prompt_b"]


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


# -- the DeVisE suites' notes: the synthetic ICU cohort, or the user's own (--notes) ----------------------------

NOTE_STYLES = ("template", "raw")


def note_styles(config: pytest.Config) -> tuple[str, ...]:
    """The note types the DeVisE suites run on: the cohort's template and raw notes, or "user" with ``--notes``."""
    return ("user",) if getattr(config.option, "medllm_notes", None) else NOTE_STYLES


def unit_rewrite_names(config: pytest.Config) -> tuple[str, ...]:
    """The unit and notation rewrites of this run: all of them on a user's notes; on the cohort, whose notes write °F,
    not "temperature-fahrenheit" (it rewrites a note in °C)."""
    from pytest_medllm.perturb.units import REWRITES

    user = bool(getattr(config.option, "medllm_notes", None))
    return tuple(name for name in REWRITES if user or name != "temperature-fahrenheit")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for ``note_style`` runs once per note type of this run (:func:`note_styles`), one that asks
    for ``unit_rewrite`` once per rewrite the run's notes can take (:func:`unit_rewrite_names`)."""
    if "note_style" in metafunc.fixturenames:
        metafunc.parametrize("note_style", note_styles(metafunc.config))
    if "unit_rewrite" in metafunc.fixturenames:
        metafunc.parametrize("unit_rewrite", unit_rewrite_names(metafunc.config))


@pytest.fixture(scope="session")
def run_facts(pytestconfig) -> dict:
    """The run's facts (the JSON artifact's ``facts``, merged across xdist workers): what a suite records here the
    card and the HTML report can name."""
    from pytest_medllm.runner.session import STATE_KEY

    return pytestconfig.stash[STATE_KEY].facts


@pytest.fixture(scope="session")
def user_notes(pytestconfig, medllm_config, medllm_profile) -> tuple:
    """The notes of ``--notes`` (UserNote, file order; empty without it): the first ``--max-items`` of them, else the
    profile's ``max_notes`` (quick: 20; paper: all). What the extractors found in each — never the text — goes to the
    JSON artifact's ``facts.user_notes``, and the card counts the notes per vital sign and says how many were used."""
    if medllm_config.notes is None:
        return ()
    from pytest_medllm.data.user_notes import load_user_notes, notes_summary
    from pytest_medllm.runner.session import STATE_KEY

    every = tuple(load_user_notes(medllm_config.notes))  # checked before any test (preflight): well-formed
    limit = medllm_config.max_items if medllm_config.max_items is not None else medllm_profile.max_notes
    notes = every if limit is None else every[:limit]  # the first notes of the file: the user can see which
    pytestconfig.stash[STATE_KEY].facts["user_notes"] = notes_summary(medllm_config.notes, notes,
                                                                      in_file=len(every))
    return notes


@pytest.fixture(scope="session")
def icu_notes(medllm_profile, medllm_config, user_notes) -> dict[str, list]:
    """Original admission notes by style: the synthetic cohort's ("template", "raw"), or the user's ("user")."""
    if user_notes:
        return {"user": [u.note for u in user_notes]}
    from pytest_medllm.data.cohort import draw_patients, render_note

    patients = draw_patients(medllm_profile.cohort_size, medllm_config.seed)
    return {style: [render_note(p, style) for p in patients] for style in NOTE_STYLES}


@pytest.fixture(scope="session")
def counterfactuals(icu_notes, user_notes, medllm_profile, medllm_config) -> dict[str, list]:
    """Every single-variable counterfactual of every note, by style (each checked to change only its variable); a
    user's note gets those its text allows (:func:`~pytest_medllm.perturb.note_rewrites.note_counterfactuals`)."""
    from pytest_medllm.data.schemas import VITAL_SIGNS
    from pytest_medllm.perturb.clinical import (
        demographic_counterfactuals,
        vital_counterfactuals,
    )

    per_class, seed = medllm_profile.counterfactuals_per_class, medllm_config.seed
    if user_notes:
        from pytest_medllm.perturb.note_rewrites import note_counterfactuals

        return {"user": [cf for u in user_notes for cf in note_counterfactuals(u, per_class, seed).counterfactuals]}
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
def los_means(user_notes):
    """mu_l of DeVisE's expected length of stay: the bucket means of the user's labelled stays when ``--notes`` gives
    them, else the documented defaults (:data:`pytest_medllm.methods.devise.LOS_DEFAULT_HOURS`)."""
    from pytest_medllm.methods.devise import DEFAULT_LOS_MEANS, los_bucket_means

    stays = [u.los_hours for u in user_notes if u.los_hours is not None]
    return los_bucket_means(stays) if stays else DEFAULT_LOS_MEANS


@pytest.fixture(scope="session")
def label_distributions(request, model, icu_notes, counterfactuals, unit_rewrites):
    """The model's label distribution for every note (originals, counterfactuals, unit rewrites) and task:
    {(note id, task): probabilities}. The note styles and tasks the selected tests name are scored in one batched
    call (a ``-k`` selection of one style and task scores a quarter of the notes); any other on its first use."""
    from pytest_medllm.methods.devise import TASKS, LabelDistributions
    from pytest_medllm.runner.selection import selected_values

    notes_by_style: dict[str, dict] = {}
    for style in icu_notes:
        notes = notes_by_style.setdefault(style, {})
        for note in icu_notes[style]:
            notes[note.id] = note
        for cf in counterfactuals[style]:
            notes[cf.note.id] = cf.note
        for rewrite in unit_rewrites[style]:
            notes[rewrite.note.id] = rewrite.note
    styles = selected_values(request.session, "label_distributions", "note_style", icu_notes)
    tasks = selected_values(request.session, "label_distributions", "task", TASKS)
    return LabelDistributions(model, notes_by_style, [(style, task) for style in styles for task in tasks])


@pytest.fixture(scope="session")
def unit_rewrites(icu_notes, user_notes) -> dict[str, list]:
    """Each original note with one vital sign written in another unit or notation (°C, SpO2 as a fraction,
    pulse in bpm; on a user's note, the rewrites its notation allows)."""
    if user_notes:
        from pytest_medllm.perturb.note_rewrites import unit_rewrites as rewrites_of

        return {"user": [r for u in user_notes for r in rewrites_of(u)]}
    from pytest_medllm.perturb.units import REWRITES, rewrite

    out = {}
    for style, notes in icu_notes.items():
        out[style] = [r for note in notes for name in REWRITES if (r := rewrite(note, name)) is not None]
    return out
