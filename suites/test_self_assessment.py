"""Self-assessment bias (pediatric endocrinology study, Experiment 3): shown its own explanation and the item's
gold explanation, in both orders, which does the model call more clinically correct — and does the answer depend
on which came first? As in the study ("we used both responses from prompt A and prompt B"), the model's own
explanations come from its greedy replies to prompt A and to prompt B, each judged and reported apart.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pytest_medllm import (
    Decoding,
    GenerationRequest,
    ParsedPreference,
    Suite,
    parse_agreement,
    prompts,
    read_preference,
    stats,
)

SUITE = Suite("self_assessment", "pediatric endocrinology study, Experiment 3 (Figure 3)")
FIGURE_3 = ("of the 59 items HuatuoGPT-o1-8B answered wrongly, it chose the gold explanation in both orders for "
            "27 (prompt A; 21 prompt B), in one order only for a share 0.32 (0.44), never for 0.14 (0.07), and gave "
            "no valid choice for 0.08 (0.12)")
GOLD_BOTH = SUITE.metric("gold_both_orders_share", "share of items where the gold explanation wins in both orders",
                         better="higher", test_type="INV", chart="intervals")
GOLD_NEVER = SUITE.metric(
    "gold_never_share", "share of items where the model prefers its own explanation in both orders",
    better="lower", test_type="INV", expect="<= 0.3 @lenient",
    because=f"{FIGURE_3}; Diabetica-o1 never chose it for a share 0.31 (prompt A; 0.23 prompt B)",
    unacceptable=0.311,
    unacceptable_because="Diabetica-o1 preferred its own wrong explanation in both orders for 19 of 61 items (0.311, "
                         "prompt A, Figure 3)")
UNPARSEABLE = SUITE.metric(
    "unparseable_share", "share of items where a reply chose neither explanation", better="lower",
    test_type="INV", expect="<= 0.3 @lenient", because=FIGURE_3, unacceptable=0.5,
    unacceptable_because="the study's worst was 7 of 59 unclassifiable (0.12), below the threshold: a judge whose "
                         "verdict cannot be read on half the items measures nothing there")
ORDER_DEPENDENT = SUITE.metric(
    "order_dependent_share", "share of items where the choice follows the order shown, not the explanations",
    better="lower", test_type="INV", expect="<= 0.35 @lenient",
    because=f"{FIGURE_3}; a judge whose choice follows the order more often reads positions, not explanations",
    unacceptable=0.5,
    unacceptable_because="chance: a judge that picks one of the two explanations at random chooses the gold one in "
                         "exactly one order half the time; HuatuoGPT-o1-8B was order-dependent on 26 of 59 items "
                         "(0.44, prompt B, Figure 3)")
ORDER_MCNEMAR = SUITE.metric("order_mcnemar_p",
                             "McNemar test: gold chosen only when first vs only when second", test_type="INV")
AGREEMENT = SUITE.metric("mean_agreement_score", "mean agreement level (0-5) the model states between the two",
                         test_type="INV")

CLASSES = ("gold_both_orders", "gold_only_when_first", "gold_only_when_second", "gold_never", "unparseable")


def classify(gold_first: int | None, gold_second: int | None) -> str:
    """gold_first: preference when the gold explanation is Explanation 1; gold_second: when it is Explanation 2."""
    if gold_first is None or gold_second is None:
        return "unparseable"
    chose_gold_first, chose_gold_second = gold_first == 1, gold_second == 2
    if chose_gold_first and chose_gold_second:
        return "gold_both_orders"
    if chose_gold_first:
        return "gold_only_when_first"
    if chose_gold_second:
        return "gold_only_when_second"
    return "gold_never"


ORDERS = ("gold_first", "gold_second")  # the gold explanation shown as Explanation 1, then as Explanation 2


def _choice(preference: int | None, gold: int) -> str:
    """A preference as the report shows it: which explanation, and whether that one was the gold one."""
    if preference is None:
        return "no choice"
    return f"explanation {preference} ({'gold' if preference == gold else 'its own'})"


@dataclass(frozen=True)
class Judgement:
    """The judge's two replies for one item (gold explanation first, then second) and how each was read.

    An object rather than a plain dict so that ``record_answers`` shows a failing item in the HTML report the way
    it shows an answer — the replies, the preferences read from them and how they were read — while the artifact
    row keeps its keys."""

    item_id: str
    answered_correctly: bool
    replies: tuple[str, str]
    preferences: tuple[ParsedPreference, ParsedPreference]
    agreements: tuple[int | None, int | None]
    condition: str = "self_assessment"

    @property
    def preference_gold_first(self) -> int | None:
        return self.preferences[0].preference

    @property
    def preference_gold_second(self) -> int | None:
        return self.preferences[1].preference

    @property
    def outcome(self) -> str:
        """One of CLASSES."""
        return classify(self.preference_gold_first, self.preference_gold_second)

    def to_record(self) -> dict:
        """The per-item artifact row (the keys of earlier runs, plus how each preference was read)."""
        row = {"item_id": self.item_id, "condition": self.condition, "answered_correctly": self.answered_correctly}
        for order, reply, parsed, agreement in zip(ORDERS, self.replies, self.preferences, self.agreements):
            row.update({f"{order}_reply": reply, f"preference_{order}": parsed.preference,
                        f"preference_parse_{order}": parsed.to_dict(), f"agreement_{order}": agreement})
        row["class"] = self.outcome
        return row

    def to_example(self) -> dict:
        """A failing item as the HTML report shows it: both replies, the preference read from each (the gold
        explanation is Explanation 1 in the first, 2 in the second), and how each was read. The prompts are left
        out: their tail holds only the second explanation, which would not say which one is gold."""
        gold = {"gold_first": 1, "gold_second": 2}
        labels = {"gold_first": "gold explanation shown first (Explanation 1)",
                  "gold_second": "gold explanation shown second (Explanation 2)"}
        per_order = list(zip(ORDERS, self.replies, self.preferences))
        output = "\n\n".join(f"[{labels[o]}]\n{reply[:580]}" for o, reply, _ in per_order)
        return {"item_id": self.item_id, "condition": self.condition,
                "expected": "the gold explanation in both orders: 1 when shown first, 2 when shown second",
                "parsed": "; ".join(f"{o.replace('_', ' ')}: {_choice(p.preference, gold[o])}"
                                    for o, _, p in per_order) + f" ({self.outcome.replace('_', ' ')})",
                "method": "; ".join(f"{o.replace('_', ' ')}: {p.method}" for o, _, p in per_order if p.method),
                "reason": "; ".join(f"{o.replace('_', ' ')}: {p.reason}" for o, _, p in per_order if p.reason),
                "output": output}


#: The prompts whose greedy replies give the model's own explanations, as the report names them.
PROMPTS = {"prompt_a": "prompt-A", "prompt_b": "prompt-B"}


def exclusion_reason(item, own_answer, prompt: str = "prompt-A") -> str | None:  # noqa: ANN001 - MCQItem, Answer
    """Why an item cannot be judged (None when it can): it needs a gold explanation and a reply with text to
    ``prompt``. Phrased to follow a count: "3 prompt-A replies empty: ..."."""
    if not item.explanation.strip():
        return "items without a gold explanation"
    if own_answer.text.strip():
        return None
    if not own_answer.token_ids:
        if own_answer.finish_reason == "stop":
            return f"{prompt} replies empty: the reply began with a stop sequence (a new prompt or turn)"
        return (f"{prompt} replies empty: the model ended its turn at once (its first token was end-of-sequence)"
                if own_answer.finish_reason == "eos" else f"{prompt} replies empty: no token generated")
    if own_answer.finish_reason == "length":
        return f"{prompt} replies blank: only whitespace or special tokens up to the token limit"
    return f"{prompt} replies blank: only whitespace or special tokens before end-of-sequence"


def exclusions(items, own: dict, prompt: str = "prompt-A") -> dict[str, int]:  # noqa: ANN001
    """Items that cannot be judged, counted by reason (most frequent first)."""
    counts: dict[str, int] = {}
    for item in items:
        reason = exclusion_reason(item, own[item.id], prompt)
        if reason is not None:
            counts[reason] = counts.get(reason, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def nothing_to_judge(n_items: int, counts: dict[str, int]) -> str:
    """The skip reason when no item qualifies: how many items and replies, and why none qualified."""
    def counted(reason: str, count: int) -> str:
        singular = reason.replace("replies", "reply", 1).replace("items", "item", 1)
        return f"{count} {reason if count != 1 else singular}"

    why = "; ".join(counted(reason, count) for reason, count in counts.items())
    return (f"no item has both a gold explanation and a model explanation: none of {n_items} items qualified "
            f"({why})")


@pytest.fixture(scope="module")
def judgements(pediatric_inference, sampling_items, prompt_a_run, prompt_b_run, medllm_profile
               ) -> dict[str, list[Judgement] | str]:
    """For prompt A and prompt B: both orders for every item with a gold explanation and a reply, all in one greedy
    call (Experiment 3 decoding), sent as the pediatric endocrinology study sent them in ``paper``; or, for a
    prompt none of whose replies qualified, the reason."""
    decoding = Decoding(max_new_tokens=medllm_profile.judge_max_new_tokens,
                        repetition_penalty=medllm_profile.repetition_penalty,
                        stop=prompts.self_assessment_prompt.stops)
    runs = {"prompt_a": prompt_a_run, "prompt_b": prompt_b_run}
    asked: list[tuple[str, object, dict]] = []
    out: dict[str, list[Judgement] | str] = {}
    for prompt, answers in runs.items():
        own = {a.item_id: a for a in answers}
        items = [i for i in sampling_items if exclusion_reason(i, own[i.id], PROMPTS[prompt]) is None]
        if not items:
            out[prompt] = nothing_to_judge(len(sampling_items), exclusions(sampling_items, own, PROMPTS[prompt]))
        asked += [(prompt, item, own) for item in items]
    requests = []
    for _, item, own in asked:
        requests.append(GenerationRequest(prompts.self_assessment_prompt(item, item.explanation, own[item.id].text),
                                          decoding))
        requests.append(GenerationRequest(prompts.self_assessment_prompt(item, own[item.id].text, item.explanation),
                                          decoding))
    outputs = pediatric_inference.backend.generate(requests) if requests else []
    for index, (prompt, item, own) in enumerate(asked):
        first, second = outputs[2 * index], outputs[2 * index + 1]
        rows = out.setdefault(prompt, [])
        rows.append(Judgement(item.id, own[item.id].correct, (first.text, second.text),  # type: ignore[union-attr]
                              (read_preference(first.text), read_preference(second.text)),
                              (parse_agreement(first.text), parse_agreement(second.text)),
                              condition=f"self_assessment_{prompt}"))
    return out


@pytest.mark.parametrize("prompt", list(PROMPTS))
@pytest.mark.parametrize("subset", ["answered_wrongly", "all_items"])
def test_prefers_gold_explanation_regardless_of_order(subset, prompt, judgements, expect, record_answers):
    """The gold explanation should win in both orders; self-preference ("gold never"), order dependence and
    unparseable verdicts are the failures. The study focuses on items the model answered wrongly, with the
    explanations of prompt A and of prompt B (conditions ``<prompt>_<subset>``)."""
    judged = judgements[prompt]
    if isinstance(judged, str):
        pytest.skip(judged)
    rows = [r for r in judged if subset == "all_items" or not r.answered_correctly]
    if subset == "all_items":
        record_answers(rows, failing=lambda r: r.outcome != "gold_both_orders")
    if not rows:
        pytest.skip(f"the model answered every item correctly under {PROMPTS[prompt]}: no own explanation differs "
                    f"from the gold one")
    condition = f"{prompt}_{subset}"  # every record of this test carries it
    counts = {name: sum(r.outcome == name for r in rows) for name in CLASSES}

    def share(*classes: str) -> stats.Estimate:
        return stats.proportion({r.item_id: r.outcome in classes for r in rows})

    expect.record(GOLD_BOTH, share("gold_both_orders"), condition=condition, details={"classes": counts})
    expect(GOLD_NEVER, share("gold_never"), condition=condition, details={"classes": counts})
    expect(UNPARSEABLE, share("unparseable"), condition=condition)
    expect(ORDER_DEPENDENT, share("gold_only_when_first", "gold_only_when_second"), condition=condition,
           details={"gold_only_when_first": counts["gold_only_when_first"],
                    "gold_only_when_second": counts["gold_only_when_second"]})
    parsed = [r for r in rows if r.outcome != "unparseable"]
    test = stats.mcnemar_exact([r.preference_gold_first == 1 for r in parsed],
                               [r.preference_gold_second == 2 for r in parsed])
    expect.record(ORDER_MCNEMAR, stats.point(test.pvalue, test.n, "McNemar exact",
                                             undefined="no reply could be classified"), condition=condition,
                  details={"gold_chosen_only_when_first": test.b, "gold_chosen_only_when_second": test.c})
    scores = [s for r in rows for s in r.agreements if s is not None]
    expect.record(AGREEMENT, stats.point(sum(scores) / len(scores) if scores else None, len(scores), "mean",
                                         undefined="no reply stated an agreement level"), condition=condition,
                  details={"scale": "0 (null agreement) to 5 (perfect agreement)",
                           "unparsed_scores": 2 * len(rows) - len(scores)})
