"""Self-assessment bias (pediatric endocrinology study, Experiment 3): shown its own prompt-A explanation and the
item's gold explanation, in both orders, which does the model call more clinically correct — and does the
answer depend on which came first?
"""

from __future__ import annotations

import pytest

from pytest_medllm import stats
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.data.parsing import parse_agreement, parse_preference
from pytest_medllm.prompts import self_assessment_prompt

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
def test_prefers_gold_explanation_regardless_of_order(subset, judgements, record_metric, record_answers):
    """The gold explanation should win in both orders; self-preference ("gold never") and order dependence are
    the failures. The study focuses on items the model answered wrongly."""
    rows = [r for r in judgements if subset == "all_items" or not r["answered_correctly"]]
    if subset == "all_items":
        record_answers(rows, failing=lambda r: r["class"] != "gold_both_orders")
    if not rows:
        pytest.skip("the model answered every item correctly")
    counts = {name: sum(r["class"] == name for r in rows) for name in CLASSES}
    for name, direction in (("gold_both_orders", "higher"), ("gold_never", "lower"), ("unparseable", "lower")):
        estimate = stats.proportion([r["class"] == name for r in rows])
        record_metric(f"{name}_share", estimate.value, n=estimate.n, ci=estimate.ci, ci_method="wilson",
                      direction=direction, condition=subset, test_type="INV", details={"classes": counts})
    order = stats.proportion([r["class"] in ("gold_only_when_first", "gold_only_when_second") for r in rows])
    record_metric("order_dependent_share", order.value, n=order.n, ci=order.ci, ci_method="wilson",
                  direction="lower", condition=subset, test_type="INV")
    parsed = [r for r in rows if r["class"] != "unparseable"]
    test = stats.mcnemar_exact([r["preference_gold_first"] == 1 for r in parsed],
                               [r["preference_gold_second"] == 2 for r in parsed])
    record_metric("order_mcnemar_p", test.pvalue, n=test.n, condition=subset, test_type="INV",
                  details={"gold_chosen_only_when_first": test.b, "gold_chosen_only_when_second": test.c})
    scores = [s for r in rows for s in (r["agreement_gold_first"], r["agreement_gold_second"]) if s is not None]
    record_metric("mean_agreement_score", sum(scores) / len(scores) if scores else None, n=len(scores),
                  condition=subset, test_type="INV",
                  details={"scale": "0 (null agreement) to 5 (perfect agreement)",
                           "unparsed_scores": 2 * len(rows) - len(scores)})
