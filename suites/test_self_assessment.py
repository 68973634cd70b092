"""Self-assessment bias (pediatric endocrinology study, Experiment 3): shown its own prompt-A explanation and the
item's gold explanation, in both orders, which does the model call more clinically correct — and does the
answer depend on which came first?
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
FIGURE_3 = ("of the 59 items HuatuoGPT-o1-8B answered wrongly (prompt A), it chose the gold explanation in both "
            "orders for 27, in one order only for 19 (32%), never for 8 (14%), and gave no valid choice for 5")
GOLD_BOTH = SUITE.metric("gold_both_orders_share", "share of items where the gold explanation wins in both orders",
                         better="higher", test_type="INV", chart="intervals")
GOLD_NEVER = SUITE.metric(
    "gold_never_share", "share of items where the model prefers its own explanation in both orders",
    better="lower", test_type="INV", expect="<= 0.3 @lenient",
    because=f"{FIGURE_3}; Diabetica-o1 never chose it for 31%",
    unacceptable=0.311,
    unacceptable_because="Diabetica-o1 preferred its own wrong explanation in both orders for 19 of 61 items (31%, "
                         "prompt A, Figure 3)")
UNPARSEABLE = SUITE.metric(
    "unparseable_share", "share of items where a reply chose neither explanation", better="lower",
    test_type="INV", expect="<= 0.3 @lenient", because=FIGURE_3, unacceptable=0.5,
    unacceptable_because="the study's worst was 7 of 59 unclassifiable (12%), below the threshold: a judge whose "
                         "verdict cannot be read on half the items measures nothing there")
ORDER_DEPENDENT = SUITE.metric(
    "order_dependent_share", "share of items where the choice follows the order shown, not the explanations",
    better="lower", test_type="INV", expect="<= 0.35 @lenient",
    because=f"{FIGURE_3}; a judge whose choice follows the order more often reads positions, not explanations",
    unacceptable=0.5,
    unacceptable_because="chance: a judge that picks one of the two explanations at random chooses the gold one in "
                         "exactly one order half the time; HuatuoGPT-o1-8B was order-dependent on 26 of 59 items "
                         "(44%, prompt B, Figure 3)")
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


def exclusion_reason(item, own_answer) -> str | None:  # noqa: ANN001 - an MCQItem and its prompt-A Answer
    """Why an item cannot be judged (None when it can): it needs a gold explanation and a prompt-A reply with text.
    Phrased to follow a count: "3 prompt-A replies empty: ..."."""
    if not item.explanation.strip():
        return "items without a gold explanation"
    if own_answer.text.strip():
        return None
    if not own_answer.token_ids:
        if own_answer.finish_reason == "stop":
            return "prompt-A replies empty: the reply began with a stop sequence (a new prompt or turn)"
        return ("prompt-A replies empty: the model ended its turn at once (its first token was end-of-sequence)"
                if own_answer.finish_reason == "eos" else "prompt-A replies empty: no token generated")
    if own_answer.finish_reason == "length":
        return "prompt-A replies blank: only whitespace or special tokens up to the token limit"
    return "prompt-A replies blank: only whitespace or special tokens before end-of-sequence"


def exclusions(items, own: dict) -> dict[str, int]:  # noqa: ANN001
    """Items that cannot be judged, counted by reason (most frequent first)."""
    counts: dict[str, int] = {}
    for item in items:
        reason = exclusion_reason(item, own[item.id])
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
def judgements(model, sampling_items, prompt_a_run, medllm_profile) -> list[Judgement]:
    """Both orders for every item with an explanation, one batched greedy call (Experiment 3 decoding)."""
    own = {a.item_id: a for a in prompt_a_run}
    items = [i for i in sampling_items if exclusion_reason(i, own[i.id]) is None]
    if not items:
        pytest.skip(nothing_to_judge(len(sampling_items), exclusions(sampling_items, own)))
    decoding = Decoding(max_new_tokens=medllm_profile.judge_max_new_tokens,
                        repetition_penalty=medllm_profile.repetition_penalty,
                        stop=prompts.self_assessment_prompt.stops)
    requests = []
    for item in items:
        requests.append(GenerationRequest(prompts.self_assessment_prompt(item, item.explanation, own[item.id].text),
                                          decoding))
        requests.append(GenerationRequest(prompts.self_assessment_prompt(item, own[item.id].text, item.explanation),
                                          decoding))
    outputs = model.generate(requests)
    rows = []
    for index, item in enumerate(items):
        first, second = outputs[2 * index], outputs[2 * index + 1]
        rows.append(Judgement(item.id, own[item.id].correct, (first.text, second.text),
                              (read_preference(first.text), read_preference(second.text)),
                              (parse_agreement(first.text), parse_agreement(second.text))))
    return rows


@pytest.mark.parametrize("subset", ["answered_wrongly", "all_items"])
def test_prefers_gold_explanation_regardless_of_order(subset, judgements, expect, record_answers):
    """The gold explanation should win in both orders; self-preference ("gold never"), order dependence and
    unparseable verdicts are the failures. The study focuses on items the model answered wrongly."""
    rows = [r for r in judgements if subset == "all_items" or not r.answered_correctly]
    if subset == "all_items":
        record_answers(rows, failing=lambda r: r.outcome != "gold_both_orders")
    if not rows:
        pytest.skip("the model answered every item correctly: no own explanation differs from the gold one")
    counts = {name: sum(r.outcome == name for r in rows) for name in CLASSES}

    def share(*classes: str) -> stats.Estimate:
        return stats.proportion({r.item_id: r.outcome in classes for r in rows})

    expect.record(GOLD_BOTH, share("gold_both_orders"), condition=subset, details={"classes": counts})
    expect(GOLD_NEVER, share("gold_never"), condition=subset, details={"classes": counts})
    expect(UNPARSEABLE, share("unparseable"), condition=subset)
    expect(ORDER_DEPENDENT, share("gold_only_when_first", "gold_only_when_second"), condition=subset,
           details={"gold_only_when_first": counts["gold_only_when_first"],
                    "gold_only_when_second": counts["gold_only_when_second"]})
    parsed = [r for r in rows if r.outcome != "unparseable"]
    test = stats.mcnemar_exact([r.preference_gold_first == 1 for r in parsed],
                               [r.preference_gold_second == 2 for r in parsed])
    expect.record(ORDER_MCNEMAR, stats.point(test.pvalue, test.n, "McNemar exact",
                                             undefined="no reply could be classified"), condition=subset,
                  details={"gold_chosen_only_when_first": test.b, "gold_chosen_only_when_second": test.c})
    scores = [s for r in rows for s in r.agreements if s is not None]
    expect.record(AGREEMENT, stats.point(sum(scores) / len(scores) if scores else None, len(scores), "mean",
                                         undefined="no reply stated an agreement level"), condition=subset,
                  details={"scale": "0 (null agreement) to 5 (perfect agreement)",
                           "unparsed_scores": 2 * len(rows) - len(scores)})
