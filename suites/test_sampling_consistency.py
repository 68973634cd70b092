"""Consistency under temperature sampling (pediatric endocrinology study, Experiment 2) and chain-of-thought
self-consistency (MedGemma prompt-sensitivity study, Experiment 4).

A model that gives the same *wrong* answer run after run is more dangerous than one that wavers: consistency is
not correctness. The key gate is the share of items given the same wrong option in every run (the study's Table 3
counts 10 of 10); the share with a >= 70% wrong majority (Figure 1's bar, 7 of 10) is reported beside it.
"""

from __future__ import annotations

import pytest

from pytest_medllm import (
    MULTIPLE,
    NONE,
    Decoding,
    Job,
    Suite,
    answer_jobs,
    consistency,
    option_order,
    prompts,
    selected_values,
    stats,
    unusable_reasons,
)

SUITE = Suite("sampling_consistency", "pediatric endocrinology study, Experiment 2 (Table 3, Figure 1); MedGemma "
                                      "study, Experiment 4 (self-consistency)")
CONSISTENCY = SUITE.metric("consistency", "mean share of runs giving an item's most frequent answer",
                           better="higher", test_type="MFT")
CORRECTNESS = SUITE.metric("correctness", "mean share of runs giving the keyed answer", better="higher",
                           test_type="MFT")
CONSISTENTLY_CORRECT = SUITE.metric("consistently_correct_share",
                                    "share of items whose majority (>= 70% of runs) is the keyed answer",
                                    better="higher", test_type="MFT")
CONSISTENTLY_WRONG = SUITE.metric(
    "consistently_wrong_share", "share of items whose majority (>= 70% of runs: 7 of 10, Figure 1's bar) is one "
                                "wrong option", better="lower", test_type="MFT", chart="bubbles")
ALWAYS_WRONG = SUITE.metric(
    "always_wrong_share", "share of items given the same wrong option in every run (Table 3: 10 of 10)",
    better="lower", test_type="MFT", expect="<= 0.1 @lenient",
    because="reproducibly wrong is the dangerous case: Diabetica-7B gave the same wrong option in 10 of 10 runs "
            "on 16 of 91 items (0.176) at T = 0.3, HuatuoGPT-o1-8B on 11 (0.121; Table 3); a release should stay "
            "below both",
    unacceptable=0.176,
    unacceptable_because="Diabetica-7B's share of items given the same wrong option in all 10 runs at T = 0.3 "
                         "(16 of 91, Table 3)")
ABOVE_CHANCE = SUITE.metric("consistency_above_chance",
                            "consistency minus what the model's answer frequencies give by chance",
                            better="higher", test_type="MFT")
SAMPLED_USABLE = SUITE.metric(
    "usable_rate", "share of sampled replies that choose exactly one option", better="higher", test_type="MFT",
    expect=">= 0.8 @lenient",
    because="at T = 1.0 Meditron3-8B's majority answer was no answer at all for 71 of 91 items (0.78 of items; "
            "the study gives no per-reply rate): a model that stops answering when sampled cannot be relied on",
    unacceptable=0.5,
    unacceptable_because="half the sampled replies without a usable answer: Meditron3-8B's majority at T = 1.0 was "
                         "no answer for 71 of 91 items (the study gives no per-reply rate)")
VOTED_ACCURACY = SUITE.metric("self_consistency_accuracy", "accuracy of the majority over N chain-of-thought samples",
                              better="higher", test_type="MFT")
VOTING_GAIN = SUITE.metric(
    "self_consistency_gain", "accuracy of the vote over sampled chain-of-thought minus greedy chain-of-thought",
    better="higher", test_type="MFT", expect=">= 0 @lenient",
    because="self-consistency exists to recover accuracy (Wang et al.; the MedGemma study's Experiment 4): a vote "
            "clearly worse than one greedy answer means sampling scatters the model's answers",
    unacceptable=-0.119,
    unacceptable_because="a vote that costs as much accuracy as the largest prompt-induced loss the MedGemma study "
                         "measured (-0.119 with few-shot examples, Table 4); it reports no self-consistency loss")


def always_wrong(runs) -> bool:  # noqa: ANN001 - a consistency.ItemRuns
    """The same wrong option in every run (Table 3's count; NONE and MULTIPLE are no recommendation)."""
    return runs.always and runs.labels[0] not in (NONE, MULTIPLE, runs.key)


def _seed(base: int, run: int) -> int:
    return base * 1000 + run


@pytest.fixture(scope="module")
def sampled(request, pediatric_inference, sampling_items, medllm_profile, medllm_config, greedy_decoding):
    """N seeded runs of prompt A per item and temperature (Experiment 2: top-p 0.9, top-k 75, repetition
    penalty 1.2), in one call in which each prompt is read once for all its runs — or, in ``paper``, each run sent
    alone as plain text, as the study ran (``pediatric_inference``). Only the temperatures the selected tests read."""
    jobs = []
    for temperature in selected_values(request.session, "sampled", "temperature", medllm_profile.temperatures):
        decoding = Decoding(max_new_tokens=medllm_profile.max_new_tokens, temperature=temperature, top_p=0.9,
                            top_k=75, repetition_penalty=medllm_profile.repetition_penalty,
                            stop=prompts.prompt_a.stops)
        jobs += [Job(f"T={temperature:g}", option_order.identity(item), prompts.prompt_a(item),
                     seed=_seed(medllm_config.seed, run), decoding=decoding)
                 for item in sampling_items for run in range(medllm_profile.sampling_runs)]
    return answer_jobs(pediatric_inference.backend, jobs, greedy_decoding)


@pytest.mark.parametrize("temperature", [0.3, 0.6, 1.0], ids=lambda t: f"T={t:g}")
def test_consistency_is_not_reproducible_error(temperature, sampled, sampling_items, expect, record_answers,
                                               medllm_profile, medllm_config):
    """Few items may get the same wrong option in every run (Table 3), and sampled replies must still answer;
    the >= 70% wrong majorities (Figure 1), consistency, correctness and their baseline by chance are reported."""
    if temperature not in medllm_profile.temperatures:
        pytest.skip(f"temperature {temperature} is not in the {medllm_profile.name} profile")
    condition = f"T={temperature:g}"
    answers = sampled[condition]
    record_answers(answers, examples=0)
    by_item: dict[str, list[str]] = {}
    for answer in answers:
        by_item.setdefault(answer.item_id, []).append(answer.label)
    runs = [consistency.ItemRuns(item.id, tuple(by_item[item.id]), item.answer) for item in sampling_items]
    resamples, seed = medllm_profile.bootstrap_resamples, medllm_config.seed
    baseline = consistency.permutation_baseline(runs, resamples=min(resamples, 2000), seed=seed)
    counts = consistency.summary(runs)
    expect.record(CONSISTENCY, stats.mean_ci({r.item_id: r.consistency for r in runs}, resamples, seed),
                  condition=condition, details={"permutation_baseline": baseline, "runs": runs[0].n})
    expect.record(CORRECTNESS, stats.mean_ci({r.item_id: r.correct_runs / r.n for r in runs}, resamples, seed),
                  condition=condition)
    expect.record(CONSISTENTLY_CORRECT, stats.proportion({r.item_id: r.consistently_correct for r in runs}),
                  condition=condition)
    expect.record(CONSISTENTLY_WRONG, stats.proportion({r.item_id: r.consistently_wrong for r in runs}),
                  condition=condition,
                  details={**counts, "runs": runs[0].n, "definition": "majority on a wrong option in >= 70% of runs"})
    expect(ALWAYS_WRONG, stats.proportion({r.item_id: always_wrong(r) for r in runs}), condition=condition,
           details={"runs": runs[0].n, "definition": f"the same wrong option in all {runs[0].n} runs (Table 3 counts "
                                                     f"10 of 10)", "always_correct": counts["always_correct"]})
    expect.record(ABOVE_CHANCE, stats.point(baseline["observed"] - baseline["baseline_mean"], len(runs),
                                            "observed minus permutation mean"),
                  condition=condition, details={"pvalue": baseline["pvalue"]})
    expect(SAMPLED_USABLE, stats.proportion({f"{a.item_id}#{a.seed}": a.parsed.usable for a in answers}),
           condition=condition, details={"unusable_by_reason": unusable_reasons(answers)})


def test_cot_self_consistency(model, sampling_items, expect, record_answers, medllm_profile, medllm_config,
                              cot_decoding):
    """Majority vote over N chain-of-thought samples (T = 0.7, top-p 0.95, top-k 50) is not worse than greedy
    chain-of-thought on the same items (paired bootstrap; McNemar)."""
    greedy_jobs = [Job("greedy", option_order.identity(i), prompts.zero_shot_cot(i)) for i in sampling_items]
    greedy = answer_jobs(model, greedy_jobs, cot_decoding)["greedy"]
    decoding = Decoding(max_new_tokens=cot_decoding.max_new_tokens, temperature=0.7, top_p=0.95, top_k=50,
                        stop=prompts.zero_shot_cot.stops)
    sampled_jobs = [Job("sampled", option_order.identity(i), prompts.zero_shot_cot(i),
                        seed=_seed(medllm_config.seed, r))
                    for i in sampling_items for r in range(medllm_profile.self_consistency_samples)]
    samples = answer_jobs(model, sampled_jobs, decoding)["sampled"]
    record_answers(samples, examples=0)
    votes: dict[str, list[str]] = {}
    for answer in samples:
        votes.setdefault(answer.item_id, []).append(answer.label)
    voted_correct = [consistency.ItemRuns(item.id, tuple(votes[item.id]), item.answer).majority[0] == item.answer
                     for item in sampling_items]
    greedy_correct = [a.correct for a in greedy]
    test = stats.mcnemar_exact(voted_correct, greedy_correct)
    ids = [item.id for item in sampling_items]
    expect.record(VOTED_ACCURACY, stats.proportion(dict(zip(ids, voted_correct))),
                  details={"samples": medllm_profile.self_consistency_samples,
                           "greedy_cot_accuracy": stats.proportion(greedy_correct).value})
    expect(VOTING_GAIN, stats.paired_difference(greedy_correct, voted_correct, medllm_profile.bootstrap_resamples,
                                                medllm_config.seed, ids=ids),
           details={"mcnemar_p": test.pvalue, "vote_only_correct": test.b, "greedy_only_correct": test.c})
