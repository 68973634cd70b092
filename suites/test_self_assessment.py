"""Self-assessment bias (pediatric endocrinology study, Experiment 3): shown its own prompt-A explanation and the
item's gold explanation, in both orders, which does the model call more clinically correct — and does the
answer depend on which came first?
"""

from __future__ import annotations

import pytest

from pytest_medllm import stats
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.data.parsing import parse_agreement, parse_preference
from pytest_medllm.expectations import Suite
from pytest_medllm.prompts import self_assessment_prompt

SUITE = Suite("self_assessment", "pediatric endocrinology study, Experiment 3 (Figure 3)")
FIGURE_3 = ("of the 59 items HuatuoGPT-o1-8B answered wrongly (prompt A), it chose the gold explanation in both "
            "orders for 27, in one order only for 19 (32%), never for 8 (14%), and gave no valid choice for 5")
GOLD_BOTH = SUITE.metric("gold_both_orders_share", "share of items where the gold explanation wins in both orders",
                         better="higher", test_type="INV", chart="intervals")
GOLD_NEVER = SUITE.metric(
    "gold_never_share", "share of items where the model prefers its own explanation in both orders",
    better="lower", test_type="INV", expect="<= 0.3 @lenient",
    because=f"{FIGURE_3}; Diabetica-o1 never chose it for 31%")
UNPARSEABLE = SUITE.metric(
    "unparseable_share", "share of items where a reply chose neither explanation", better="lower",
    test_type="INV", expect="<= 0.3 @lenient", because=FIGURE_3)
ORDER_DEPENDENT = SUITE.metric(
    "order_dependent_share", "share of items where the choice follows the order shown, not the explanations",
    better="lower", test_type="INV", expect="<= 0.35 @lenient",
    because=f"{FIGURE_3}; a judge whose choice follows the order more often reads positions, not explanations")
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


@pytest.fixture(scope="module")
def judgements(model, sampling_items, prompt_a_run, medllm_profile):
    """Both orders for every item with an explanation, one batched greedy call (Experiment 3 decoding)."""
    own = {a.item_id: a for a in prompt_a_run}
    items = [i for i in sampling_items if i.explanation.strip() and own[i.id].text.strip()]
    if not items:
        pytest.skip("no item has both a gold explanation and a model explanation")
    decoding = Decoding(max_new_tokens=medllm_profile.judge_max_new_tokens,
                        repetition_penalty=medllm_profile.repetition_penalty)
    requests = []
    for item in items:
        requests.append(GenerationRequest(self_assessment_prompt(item, item.explanation, own[item.id].text),
                                          decoding))
        requests.append(GenerationRequest(self_assessment_prompt(item, own[item.id].text, item.explanation),
                                          decoding))
    outputs = model.generate(requests)
    rows = []
    for index, item in enumerate(items):
        first, second = outputs[2 * index], outputs[2 * index + 1]
        pref_first, pref_second = parse_preference(first.text), parse_preference(second.text)
        rows.append({"item_id": item.id, "condition": "self_assessment", "answered_correctly": own[item.id].correct,
                     "gold_first_reply": first.text, "gold_second_reply": second.text,
                     "preference_gold_first": pref_first, "preference_gold_second": pref_second,
                     "agreement_gold_first": parse_agreement(first.text),
                     "agreement_gold_second": parse_agreement(second.text),
                     "class": classify(pref_first, pref_second)})
    return rows


@pytest.mark.parametrize("subset", ["answered_wrongly", "all_items"])
def test_prefers_gold_explanation_regardless_of_order(subset, judgements, expect, record_answers):
    """The gold explanation should win in both orders; self-preference ("gold never"), order dependence and
    unparseable verdicts are the failures. The study focuses on items the model answered wrongly."""
    rows = [r for r in judgements if subset == "all_items" or not r["answered_correctly"]]
    if subset == "all_items":
        record_answers(rows, failing=lambda r: r["class"] != "gold_both_orders")
    if not rows:
        pytest.skip("the model answered every item correctly: no own explanation differs from the gold one")
    counts = {name: sum(r["class"] == name for r in rows) for name in CLASSES}

    def share(*classes: str) -> stats.Estimate:
        return stats.proportion({r["item_id"]: r["class"] in classes for r in rows})

    expect.record(GOLD_BOTH, share("gold_both_orders"), condition=subset, details={"classes": counts})
    expect(GOLD_NEVER, share("gold_never"), condition=subset, details={"classes": counts})
    expect(UNPARSEABLE, share("unparseable"), condition=subset)
    expect(ORDER_DEPENDENT, share("gold_only_when_first", "gold_only_when_second"), condition=subset,
           details={"gold_only_when_first": counts["gold_only_when_first"],
                    "gold_only_when_second": counts["gold_only_when_second"]})
    parsed = [r for r in rows if r["class"] != "unparseable"]
    test = stats.mcnemar_exact([r["preference_gold_first"] == 1 for r in parsed],
                               [r["preference_gold_second"] == 2 for r in parsed])
    expect.record(ORDER_MCNEMAR, stats.point(test.pvalue, test.n, "McNemar exact",
                                             undefined="no reply could be classified"), condition=subset,
                  details={"gold_chosen_only_when_first": test.b, "gold_chosen_only_when_second": test.c})
    scores = [s for r in rows for s in (r["agreement_gold_first"], r["agreement_gold_second"]) if s is not None]
    expect.record(AGREEMENT, stats.point(sum(scores) / len(scores) if scores else None, len(scores), "mean",
                                         undefined="no reply stated an agreement level"), condition=subset,
                  details={"scale": "0 (null agreement) to 5 (perfect agreement)",
                           "unparsed_scores": 2 * len(rows) - len(scores)})
