"""The transformers backend against independent computations, on a tiny random model and on the default model.

Everything runs in float32 on CPU, where batched and single runs agree to ~1e-5.
"""

from __future__ import annotations

import math

import pytest
import torch

from pytest_medllm.backends import (
    BackendError,
    ChoiceRequest,
    Decoding,
    GenerationRequest,
    LoglikelihoodRequest,
)
from pytest_medllm.backends.model_registry import ModelSpec
from pytest_medllm.backends.transformers.backend import TransformersBackend
from tests.helpers.scoring_checks import assert_as_each_read_alone

PROMPTS = [
    "A 10-year-old boy has polyuria and a glucose of 400 mg/dL. What is the diagnosis?",
    "Say hello.",
    "List three causes of short stature in children, then explain which is most common and why.",
    "TSH 12 mU/L, free T4 low.",
]


def test_greedy_generation_equals_plain_generate_and_is_batch_invariant(tiny):
    decoding = Decoding(max_new_tokens=12)
    batched = tiny.generate([GenerationRequest(p, decoding) for p in PROMPTS])
    tiny.batch_size = 1
    try:
        single = tiny.generate([GenerationRequest(p, decoding) for p in PROMPTS])
    finally:
        tiny.batch_size = 4
    assert [g.token_ids for g in batched] == [g.token_ids for g in single]
    for prompt, got in zip(PROMPTS, single):
        ids = tiny.tokenizer(tiny.format_prompt(prompt), return_tensors="pt", add_special_tokens=False)
        with torch.inference_mode():
            ref = tiny.model.generate(**ids, max_new_tokens=12, do_sample=False,
                                      pad_token_id=tiny.tokenizer.pad_token_id)
        expected = ref[0, ids["input_ids"].shape[1]:].tolist()
        assert list(got.token_ids) == expected[: len(got.token_ids)]


@pytest.mark.model
def test_token_logprobs_agree_with_an_independent_loglikelihood(default_model):
    gens = default_model.generate([GenerationRequest(p, Decoding(max_new_tokens=8)) for p in PROMPTS])
    compared = 0
    for prompt, gen in zip(PROMPTS, gens):
        text = default_model.tokenizer.decode(gen.token_ids)
        scored = default_model.loglikelihood([LoglikelihoodRequest(prompt, text, chat=True)])[0]
        if scored.token_ids != gen.token_ids:  # re-tokenising the text changed the tokens: not comparable
            continue
        compared += 1
        assert scored.logprobs == pytest.approx(gen.token_logprobs, abs=1e-4)
        assert all(scored.greedy)  # greedy generation picks the argmax at every step
    assert compared >= 2


def test_seeded_sampling_is_independent_of_batch_composition(tiny):
    decoding = Decoding(max_new_tokens=10, temperature=1.0, top_k=50)
    alone = tiny.generate([GenerationRequest(PROMPTS[0], decoding, seed=7)])[0]
    together = tiny.generate([GenerationRequest(p, decoding, seed=s) for p, s in
                              zip(PROMPTS, (3, 7, 9, 11))])
    mixed = tiny.generate([GenerationRequest(PROMPTS[2], decoding, seed=1),
                           GenerationRequest(PROMPTS[0], decoding, seed=7)])
    assert mixed[1].token_ids == alone.token_ids
    seeds = tiny.generate([GenerationRequest(PROMPTS[0], decoding, seed=s) for s in range(6)])
    assert len({g.token_ids for g in seeds}) > 1  # different seeds really sample differently
    assert together[0].token_ids != () and alone.finish_reason in ("eos", "length")


def test_top_logprobs_are_sorted_and_hold_the_greedy_token(tiny):
    gen = tiny.generate([GenerationRequest(PROMPTS[1], Decoding(max_new_tokens=5), top_logprobs=5)])[0]
    assert len(gen.top_logprobs) == len(gen.token_ids)
    for step, token, logprob in zip(gen.top_logprobs, gen.token_ids, gen.token_logprobs):
        values = [lp for _, lp in step]
        assert values == sorted(values, reverse=True) and len(step) == 5
        assert step[0][0] == token and step[0][1] == pytest.approx(logprob, abs=1e-5)


def test_cloze_scores_equal_the_loglikelihood_of_each_letter(tiny):
    prompt = "Which is right?\nA. x\nB. y\nC. z\nAnswer with the letter only."
    scores = tiny.score_choices([ChoiceRequest(prompt, ("A", "B", "C"))])[0]
    formatted = tiny.format_prompt(prompt)
    for letter, score in zip("ABC", scores.logprobs):
        ids = sorted(tiny.choice_token_ids(formatted, letter))
        lls = [tiny.loglikelihood([LoglikelihoodRequest(prompt, tiny.tokenizer.decode([i]), chat=True)])[0]
               for i in ids]
        expected = math.log(sum(math.exp(ll.logprobs[0]) for ll in lls))
        assert score == pytest.approx(expected, abs=1e-4)
    assert sum(scores.normalized()) == pytest.approx(1.0)


def test_cloze_reads_each_prompt_token_once_per_batch(tiny):
    shapes = []
    handle = tiny.model.register_forward_hook(
        lambda module, args, kwargs, out: shapes.append(tuple(kwargs["input_ids"].shape)), with_kwargs=True)
    try:
        tiny.score_choices([ChoiceRequest(p, ("A", "B")) for p in PROMPTS])
    finally:
        handle.remove()
    lengths = [len(tiny._encode_formatted(tiny.format_prompt(p))) for p in PROMPTS]
    # Four prompts, batch size four: the chat-template prefix they share is read once, then one pass over the rest.
    assert len(shapes) == 2 and shapes[0][0] == 1 and shapes[1][0] == 4
    assert shapes[0][1] + sum(n - shapes[0][1] for n in lengths) < sum(lengths)


def test_shared_prefix_scoring_equals_scoring_each_row_alone(tiny):
    note = "Age: 67\nGender: F\nVitals:\nHeart Rate: {hr}\nBlood Pressure: 118/51\nTemperature: 96.9\n"
    prompts = [f"Predict mortality. Answer [[0]] or [[1]].\n\nAdmission note:\n{note.format(hr=hr)}"
               for hr in (94, 120, 45, 61)]
    requests = [ChoiceRequest(p, ("0", "1"), answer_prefix="[[") for p in prompts]
    lls = [LoglikelihoodRequest("", note.format(hr=hr)) for hr in (94, 120, 45, 61)]
    assert_as_each_read_alone(tiny, requests, tiny.score_choices(requests), lls, tiny.loglikelihood(lls))


def test_choices_that_share_a_first_token_are_refused(tiny):
    with pytest.raises(BackendError, match="same token"):
        tiny.score_choices([ChoiceRequest("Pick", ("A", "A.", "B"))])


def test_loglikelihood_is_padding_invariant(tiny):
    texts = ["Fever of 39 C and tachycardia.", "HR 110.", "The patient is a 64-year-old woman admitted to the ICU."]
    together = tiny.loglikelihood([LoglikelihoodRequest("", t) for t in texts])
    for text, result in zip(texts, together):
        alone = tiny.loglikelihood([LoglikelihoodRequest("", text)])[0]
        assert result.logprobs == pytest.approx(alone.logprobs, abs=1e-4)
        assert result.token_ids == tuple(tiny.tokenizer(text, add_special_tokens=False)["input_ids"])


@pytest.mark.model
def test_default_model_loads_with_its_chat_template_and_letter_tokens(default_model):
    assert default_model.use_chat and default_model.torch_dtype == torch.float32
    formatted = default_model.format_prompt("Pick a letter.")
    assert formatted.endswith("<|im_start|>assistant\n")
    ids = [sorted(default_model.choice_token_ids(formatted, letter)) for letter in "ABCDE"]
    assert ids == [[49], [50], [51], [52], [53]]  # a letter starts the assistant turn without a space


@pytest.mark.model
def test_default_model_stops_at_end_of_turn_and_is_batch_invariant(default_model):
    decoding = Decoding(max_new_tokens=40)
    batched = default_model.generate([GenerationRequest(p, decoding) for p in PROMPTS])
    single = [default_model.generate([GenerationRequest(p, decoding)])[0] for p in PROMPTS]
    assert [g.token_ids for g in batched] == [g.token_ids for g in single]
    short = default_model.generate([GenerationRequest("Reply with the single word: yes", decoding)])[0]
    assert short.finish_reason == "eos" and "<|im_end|>" not in short.text


def test_repeated_prompts_share_their_prefill_without_changing_samples(tiny):
    decoding = Decoding(max_new_tokens=8, temperature=1.0, top_k=40)
    batch = [GenerationRequest(PROMPTS[0], decoding, seed=s) for s in range(4)]
    batch.append(GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=8, temperature=0.3), seed=9))
    batch.append(GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=8)))
    calls = []
    handle = tiny.model.register_forward_hook(lambda module, args, kwargs, out: calls.append(
        kwargs.get("input_ids", args[0] if args else None).shape), with_kwargs=True)
    try:
        tiny.batch_size = 6
        together = tiny.generate(batch)
    finally:
        handle.remove()
        tiny.batch_size = 4
    assert calls[0][0] == 1  # the prompt was read once for six rows
    alone = [tiny.generate([request])[0] for request in batch]
    assert [g.token_ids for g in together] == [g.token_ids for g in alone]
    flat = [lp for g in together for lp in g.token_logprobs]
    assert flat == pytest.approx([lp for g in alone for lp in g.token_logprobs], abs=1e-4)


def _manual_logprobs(backend, ids: list[int]) -> torch.Tensor:
    with torch.inference_mode():
        logits = backend.model(input_ids=torch.tensor([ids])).logits[0].float()
    return torch.log_softmax(logits, dim=-1)


def test_label_distribution_uses_the_full_vocabulary_at_the_answer_position(tiny):
    # Regression: published code kept only the top-20 candidates and fell back to a uniform distribution.
    prompt = "Will the patient die? Return [[0]] or [[1]].\nAdmission note:\nHR 140, BP 70/40."
    scores = tiny.score_choices([ChoiceRequest(prompt, ("0", "1"), answer_prefix="[[")])[0]
    text = tiny.format_prompt(prompt) + "[["
    ids = tiny._encode_formatted(text)
    logprobs = _manual_logprobs(tiny, ids)[-1]
    label_ids = [tiny.tokenizer.convert_tokens_to_ids(c) for c in "01"]
    expected = torch.softmax(logprobs[label_ids], dim=0).tolist()
    assert scores.normalized() == pytest.approx(expected, abs=1e-5)
    assert scores.logprobs == pytest.approx(logprobs[label_ids].tolist(), abs=1e-4)  # not renormalised


def test_perplexity_scores_the_notes_own_tokens(tiny):
    # Regression: published code took each position's rank-1 candidate instead of the note's actual token.
    note = "Temperature: 104.2\nHeart Rate: 43\nBlood Pressure: 180/55"
    result = tiny.loglikelihood([LoglikelihoodRequest("", note)])[0]
    tokens = tiny._encode_bare(note)
    start = tiny.tokenizer.bos_token_id if tiny.tokenizer.bos_token_id is not None else tiny.tokenizer.eos_token_id
    logprobs = _manual_logprobs(tiny, [start] + tokens)[:-1]
    own = logprobs.gather(1, torch.tensor(tokens).view(-1, 1)).squeeze(1)
    rank1 = logprobs.max(dim=-1).values
    assert result.logprobs == pytest.approx(own.tolist(), abs=1e-4)
    assert result.perplexity == pytest.approx(math.exp(-own.mean().item()), rel=1e-4)
    assert result.perplexity > math.exp(-rank1.mean().item())  # the rank-1 shortcut understates perplexity


def test_prompts_with_a_common_prefix_generate_as_if_alone(tiny):
    shots = "Example question: which nerve moves the diaphragm? A. vagus B. phrenic C. facial Answer: B\n" * 3
    prompts = [shots + p for p in PROMPTS]
    decoding = Decoding(max_new_tokens=8)
    shapes = []
    handle = tiny.model.register_forward_hook(
        lambda module, args, kwargs, out: shapes.append(tuple(kwargs["input_ids"].shape)), with_kwargs=True)
    try:
        together = tiny.generate([GenerationRequest(p, decoding) for p in prompts])
    finally:
        handle.remove()
    assert shapes[0][0] == 1  # the shared examples were read once, for the whole batch
    alone = [tiny.generate([GenerationRequest(p, decoding)])[0] for p in prompts]
    assert [g.token_ids for g in together] == [g.token_ids for g in alone]
    flat = [lp for g in together for lp in g.token_logprobs]
    assert flat == pytest.approx([lp for g in alone for lp in g.token_logprobs], abs=1e-4)


def test_groups_after_a_shared_prefix_skip_the_padding_they_share(tiny, monkeypatch):
    """Rows of very different lengths after a shared prefix are read in groups: a group of short rows is not padded
    to the longest row's width, and every row generates what it generates alone."""
    shots = "Example question: which nerve moves the diaphragm? A. vagus B. phrenic C. facial Answer: B\n" * 3
    lengths = (40, 38, 3, 2)  # two long rows, two short ones: two groups of two
    prompts = [shots + " ".join(["glucose"] * n) + "?" for n in lengths]
    encoded = [tiny._encode_formatted(tiny.format_prompt(p)) for p in prompts]
    longest_rest = len(encoded[0]) - tiny._common_prefix(encoded) - 1  # generate() reads each row's last token
    monkeypatch.setattr(tiny, "PREFILL_POSITIONS", 2 * longest_rest)  # two rows per pass
    decoding = Decoding(max_new_tokens=6)
    read = []
    handle = tiny.model.register_forward_hook(
        lambda module, args, kwargs, out: read.append(tuple(kwargs["input_ids"].shape)), with_kwargs=True)
    try:
        together = tiny.generate([GenerationRequest(p, decoding) for p in prompts])
    finally:
        handle.remove()
    prefill = read[1:3]  # after the shared prefix's pass: the two groups
    assert [rows for rows, _ in prefill] == [2, 2]
    assert prefill[1][1] < prefill[0][1] // 4, read  # the short group reads its own width, not the long one's
    alone = [tiny.generate([GenerationRequest(p, decoding)])[0] for p in prompts]
    assert [g.token_ids for g in together] == [g.token_ids for g in alone]
    flat = [lp for g in together for lp in g.token_logprobs]
    assert flat == pytest.approx([lp for g in alone for lp in g.token_logprobs], abs=1e-4)


def test_batches_end_where_a_long_shared_prefix_would_be_lost():
    from pytest_medllm.backends.transformers.batching import batches as _batches

    shots_a, shots_b = list(range(200)), list(range(1000, 1200))
    encoded = [shots_a + [i] for i in range(5)] + [shots_b + [i] for i in range(5)]
    assert _batches(list(range(10)), 8, encoded) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert _batches(list(range(10)), 8) == [list(range(8)), [8, 9]]  # without tokens: plain chunks
    short = [[i, i + 1] for i in range(10)]  # nothing long is shared: plain chunks
    assert _batches(list(range(10)), 4, short) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]


def test_batches_keep_shared_prefixes_together_and_lengths_alike():
    from pytest_medllm.backends.transformers.batching import batches as _batches
    from pytest_medllm.backends.transformers.batching import (
        sharing_order as _sharing_order,
    )

    system = [7] * 20  # every row shares a system prompt: that alone makes no cluster
    unrelated = [system + [100 + i] * n for i, n in enumerate((5, 40, 12, 33, 8, 25))]
    patient = [system + [9] * 60 + [i] for i in range(3)]  # one patient's counterfactuals
    encoded = unrelated + patient
    order = _sharing_order(list(range(len(encoded))), encoded)
    assert sorted(order) == list(range(len(encoded)))
    positions = [order.index(i) for i in (6, 7, 8)]
    assert max(positions) - min(positions) == 2, order  # the cluster stays in one piece
    lonely = [i for i in order if i < 6]
    assert [len(encoded[i]) for i in lonely] == sorted((len(encoded[i]) for i in lonely), reverse=True)

    def padding(rows: list[int]) -> int:
        return sum(max(len(encoded[i]) for i in b) * len(b) - sum(len(encoded[i]) for i in b)
                   for b in _batches(rows, 3))

    by_tokens = sorted(range(len(encoded)), key=lambda i: encoded[i])  # the order this replaced
    assert padding(order) < padding(by_tokens) / 2, (padding(order), padding(by_tokens))


def test_options_after_one_context_share_a_forward_pass(tiny):
    """lm-evaluation-harness's multiple-choice shape: " A".." D" after one question need one pass, not four."""
    contexts = ["Question: Which gland secretes TSH?\nA. Pituitary\nB. Thyroid\nC. Adrenal\nD. Pancreas\nAnswer:",
                "Question: Say hello.\nA. hi\nB. bye\nC. no\nD. yes\nAnswer:"]
    requests = [LoglikelihoodRequest(c, f" {letter}") for c in contexts for letter in "ABCD"]
    rows = []
    handle = tiny.model.register_forward_hook(
        lambda module, args, kwargs, out: rows.append(kwargs["input_ids"].shape[0]), with_kwargs=True)
    try:
        together = tiny.loglikelihood(requests)
    finally:
        handle.remove()
    assert sum(rows) <= 3  # two questions (their shared "Question:" may be read once more as a prefix)
    for request, result in zip(requests, together):
        alone = tiny.loglikelihood([request])[0]
        assert result.token_ids == alone.token_ids
        assert result.logprobs == pytest.approx(alone.logprobs, abs=1e-4)


def test_forward_clock_splits_prefill_from_decode_by_suite(tiny, monkeypatch):
    from pytest_medllm.backends.clock import ForwardClock

    clock = ForwardClock(where=lambda: "suite_x").attach(tiny.model)
    try:
        outputs = tiny.generate([GenerationRequest(p, Decoding(max_new_tokens=5)) for p in PROMPTS[:2]])
        tiny.score_choices([ChoiceRequest(PROMPTS[2], ("A", "B"))])  # a prompt not generated: read again
    finally:
        clock.detach()
    phases = clock.to_dict()["suite_x"]
    steps = max(len(o.token_ids) + (o.finish_reason == "eos") for o in outputs)
    # Generation reads its prompts but their last tokens (the shared chat-template prefix once), then reads one
    # position per row for every token it generates; scoring reads its prompt.
    assert phases["prefill"]["passes"] >= 2 and phases["decode"]["passes"] == steps
    lengths = [len(tiny._encode_formatted(tiny.format_prompt(p))) for p in PROMPTS[:3]]
    assert phases["prefill"]["positions"] >= (max(lengths[:2]) - 1) + lengths[2]
    assert phases["decode"]["positions"] == 2 * steps
    assert phases["prefill"]["seconds"] > 0 and phases["decode"]["seconds"] > 0


def test_rows_that_finish_leave_the_batch_without_changing_any_output(tiny, monkeypatch):
    """Generation in short segments, finished rows dropped between them, equals one generate() for the whole
    budget: the same tokens, log-probs, top-k and seeded samples, for rows that stop at different steps."""
    sampled = Decoding(max_new_tokens=30, temperature=0.8, top_p=0.9)
    requests = ([GenerationRequest(p, Decoding(max_new_tokens=30), top_logprobs=3) for p in PROMPTS]
                + [GenerationRequest(p, sampled, seed=7 + i, top_logprobs=3) for i, p in enumerate(PROMPTS)])
    whole = tiny.generate(requests)  # the reference: no row ends early with the real stop tokens

    # Tokens that some rows produce midway, as stop tokens, make rows end at different steps.
    early = {t for g in whole for t in g.token_ids[:4]}
    stops = [t for i, g in enumerate(whole[:6]) for t in g.token_ids[5 + 4 * i:6 + 4 * i] if t not in early]
    monkeypatch.setattr(tiny, "eos_ids", sorted(set(tiny.eos_ids) | set(stops)))
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 10 ** 6)
    one_call = tiny.generate(requests)
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 3)
    segmented = tiny.generate(requests)
    lengths = {len(g.token_ids) for g in one_call}
    assert len(lengths) > 2 and any(g.finish_reason == "eos" for g in one_call)  # rows really ended apart
    for a, b in zip(one_call, segmented):
        assert a.token_ids == b.token_ids and a.finish_reason == b.finish_reason
        assert a.token_logprobs == pytest.approx(b.token_logprobs, abs=1e-4)
        assert [[t for t, _ in step] for step in a.top_logprobs] == [[t for t, _ in step] for step in b.top_logprobs]


def test_packed_linear_layers_give_the_default_models_answers(default_model):
    """oneDNN's packed layers (the default on AVX-512 CPUs) and PyTorch's own: the same greedy tokens, log-probs
    within 1e-4, and separate cache identities."""
    if default_model.linear_kernel != "onednn":  # an AVX2-only CPU: auto keeps PyTorch's kernels, so ask for oneDNN's
        default_model = TransformersBackend(default_model.model_path, spec=default_model.spec, device="cpu",
                                            dtype="float32", batch_size=default_model.batch_size,
                                            model_hash=default_model.model_hash, linear_kernel="onednn")
    assert default_model.linear_kernel == "onednn"
    plain = TransformersBackend(default_model.model_path, spec=default_model.spec, device="cpu", dtype="float32",
                                batch_size=default_model.batch_size, model_hash=default_model.model_hash,
                                linear_kernel="torch")
    assert plain.linear_kernel == "torch"
    assert not any(type(m).__name__ == "MkldnnLinear" for m in plain.model.modules())
    requests = [GenerationRequest(p, Decoding(max_new_tokens=24)) for p in PROMPTS]
    for packed, reference in zip(default_model.generate(requests), plain.generate(requests)):
        assert packed.token_ids == reference.token_ids
        assert packed.token_logprobs == pytest.approx(reference.token_logprobs, abs=1e-4)
    choice = [ChoiceRequest(PROMPTS[0] + "\nA. yes\nB. no\nAnswer:", ("A", "B"))]
    assert default_model.score_choices(choice)[0].logprobs == pytest.approx(plain.score_choices(choice)[0].logprobs,
                                                                           abs=1e-4)
    assert default_model.identity()["linear_kernel"] == "onednn" and plain.identity()["linear_kernel"] == "torch"
    assert default_model.fingerprint()["linear_kernel"] != plain.fingerprint()["linear_kernel"]


def test_a_forced_kernel_that_fails_its_probe_is_an_error(default_dense_dir, monkeypatch):
    from pytest_medllm.backends.transformers import cpu_kernels

    monkeypatch.setattr(cpu_kernels, "PROBE_TOLERANCE", -1.0)
    monkeypatch.setattr(cpu_kernels, "onednn_beats_mkl", lambda: True)  # auto packs here (an AMD AVX-512 CPU)
    spec = ModelSpec(alias="dense", hub_id=str(default_dense_dir), source="local")
    with pytest.raises(BackendError, match="--linear-kernel torch"):
        TransformersBackend(str(default_dense_dir), spec=spec, device="cpu", dtype="float32", linear_kernel="onednn")
    with pytest.warns(UserWarning, match="keeps PyTorch's linear kernels"):
        kept = TransformersBackend(str(default_dense_dir), spec=spec, device="cpu", dtype="float32")
    assert kept.linear_kernel == "torch"


def test_models_whose_cache_layers_cannot_be_joined_generate_the_same(tiny, monkeypatch):
    """Sliding-window or linear-attention layers keep transformers' own cache classes: prompts are then read in one
    pass (or after a shared prefix by generate() itself), with the same tokens as the grouped path."""
    from transformers import DynamicCache

    from pytest_medllm.backends.transformers import generation as transformers_backend

    few_shot = "Example: TSH high, T4 low -> primary hypothyroidism.\n" * 8
    requests = ([GenerationRequest(p, Decoding(max_new_tokens=12)) for p in PROMPTS]
                + [GenerationRequest(few_shot + p, Decoding(max_new_tokens=12)) for p in PROMPTS]
                + [GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=12, temperature=0.7), seed=s)
                   for s in (1, 2)])
    monkeypatch.setattr(tiny, "PREFILL_POSITIONS", 64)  # several groups per batch on the grouped path
    grouped = tiny.generate(requests)
    monkeypatch.setattr(transformers_backend, "preallocated_cache", lambda config, headroom: DynamicCache(config=config))
    plain = tiny.generate(requests)
    for a, b in zip(grouped, plain):
        assert a.token_ids == b.token_ids
        assert a.token_logprobs == pytest.approx(b.token_logprobs, abs=1e-4)


def test_waiting_prompts_join_a_decoding_batch_without_changing_any_output(tiny, monkeypatch):
    """With more requests than rows, rows that finish (stop token or their own budget) make room for waiting
    prompts between segments. Every output equals the request's output alone: tokens, stop reason, log-probs,
    top-k and seeded samples, with per-row budgets and repetition penalties."""
    from pytest_medllm.backends.transformers import generation as transformers_backend

    prompts = PROMPTS + [p + " Answer briefly." for p in PROMPTS] + ["Define anemia.", "What is HbA1c?"]
    requests = [GenerationRequest(p, Decoding(max_new_tokens=6 + 3 * (i % 5), temperature=0.8 if i % 3 == 0 else 0,
                                              top_p=0.9 if i % 3 == 0 else None,
                                              repetition_penalty=1.3 if i % 2 else None), seed=11 + i,
                                  top_logprobs=2)
                for i, p in enumerate(prompts)]
    tiny.batch_size = 1
    try:
        alone = [tiny.generate([r])[0] for r in requests]
    finally:
        tiny.batch_size = 4
    # Tokens some rows produce midway, as stop tokens, make rows end apart (besides their budgets).
    early = {t for g in alone for t in g.token_ids[:3]}
    stops = [t for g in alone[:5] for t in g.token_ids[4:5] if t not in early]
    monkeypatch.setattr(tiny, "eos_ids", sorted(set(tiny.eos_ids) | set(stops)))
    tiny.batch_size = 1
    try:
        alone = [tiny.generate([r])[0] for r in requests]
    finally:
        tiny.batch_size = 4
    for request, got in zip(requests, alone):  # greedy rows alone are transformers' own generate()
        if request.decoding.greedy:
            ids = tiny.tokenizer(tiny.format_prompt(request.prompt), return_tensors="pt", add_special_tokens=False)
            with torch.inference_mode():
                ref = tiny.model.generate(**ids, max_new_tokens=request.decoding.max_new_tokens, do_sample=False,
                                          repetition_penalty=request.decoding.repetition_penalty or 1.0,
                                          eos_token_id=tiny.eos_ids, pad_token_id=tiny.tokenizer.pad_token_id)
            expected = ref[0, ids["input_ids"].shape[1]:].tolist()
            assert list(got.token_ids) == expected[: len(got.token_ids)]
            assert (got.finish_reason == "eos") == (len(expected) > len(got.token_ids))
    joins: list[int] = []
    real_join = transformers_backend.join

    def counting_join(running, rows, joining, pad_id, headroom):
        joins.append(len(rows) + len(joining.requests))
        return real_join(running, rows, joining, pad_id, headroom)

    monkeypatch.setattr(transformers_backend, "join", counting_join)
    monkeypatch.setattr(tiny, "SEGMENT_STEPS", 2)
    finished_order: list[int] = []
    together = tiny.generate(requests, on_batch=lambda done: finished_order.extend(i for i, _ in done))
    assert joins and max(joins) <= tiny.batch_size  # prompts joined running batches, never beyond its rows
    assert sorted(finished_order) == list(range(len(requests)))  # each result handed over once, when done
    assert any(g.finish_reason == "eos" for g in alone) and any(g.finish_reason == "length" for g in alone)
    for a, b in zip(alone, together):
        assert a.token_ids == b.token_ids and a.finish_reason == b.finish_reason
        assert a.token_logprobs == pytest.approx(b.token_logprobs, abs=1e-4)
        assert [[t for t, _ in step] for step in a.top_logprobs] == [[t for t, _ in step] for step in b.top_logprobs]


@pytest.mark.parametrize("shared", [True, False], ids=["after a shared prefix", "no shared prefix"])
def test_a_cache_read_in_groups_has_room_for_the_new_tokens_and_no_more(tiny, monkeypatch, shared):
    """Groups read apart are joined into one cache; it holds every prompt position but each row's last, and room
    for the tokens still to come, not a second prompt's width (16 demo prompts: 953 columns where 542 do)."""
    shots = "Example question: which nerve moves the diaphragm? A. vagus B. phrenic C. facial Answer: B\n" * 3
    prompts = [(shots if shared else f"{n}. ") + " ".join(["glucose"] * n) + "?" for n in (40, 38, 3, 2)]
    encoded = [tiny._encode_formatted(tiny.format_prompt(p)) for p in prompts]
    monkeypatch.setattr(tiny, "PREFILL_POSITIONS", 90)  # two groups
    new_tokens = 6
    with torch.inference_mode():
        ids, _, cache = tiny._prefill(encoded, max(len(s) for s in encoded) + new_tokens)
    assert cache.get_seq_length() == ids.shape[1] - 1
    assert {layer._key_buffer.shape[2] for layer in cache.layers} == {ids.shape[1] + new_tokens}


def test_a_reloaded_variant_is_timed_on_its_references_clock(tiny):
    """The numerical-stability suite's reloads (dtype, attention, linear kernel) run their own model: their passes
    count in the run's timing, under the suite that made them, and closing one leaves the reference timed. Before,
    each reload had a clock of its own that no report read, and its passes fell into a suite's "other" seconds."""
    from pytest_medllm.backends.transformers.variants import reloaded

    suite = tiny.clock.where() or "(outside tests)"

    def passes() -> int:
        return sum(phase["passes"] for phase in tiny.clock.to_dict().get(suite, {}).values())

    request = [GenerationRequest(PROMPTS[0], Decoding(max_new_tokens=3))]
    variant = reloaded(tiny, attn_implementation="eager")
    assert variant.model is not tiny.model and variant.clock is tiny.clock
    start = passes()
    variant.generate(request)
    after_variant = passes()
    assert after_variant > start
    variant.close()
    tiny.generate(request)
    assert passes() > after_variant
