"""Options, registry, profiles and gates: every bad value is a one-line usage error that says what is allowed."""

from __future__ import annotations

import pytest

from pytest_medllm.backends.model_registry import (
    MODELS,
    UnknownModelError,
    resolve_model,
)
from pytest_medllm.runner.profiles import PROFILES, resolve_profile
from pytest_medllm.verdict.gates import (
    Gate,
    GateSyntaxError,
    find_gate,
    parse_gate,
    parse_gates,
)

STUDY_ALIASES = ["huatuo-o1-8b", "diabetica-7b", "diabetica-o1", "meditron3-8b", "medfound-7b", "clinicalgpt-base-zh",
                 "medgemma-4b", "medgemma-27b", "llama-3.2-1b", "meditron3-phi4-14b", "phi4-14b", "openbiollm-70b",
                 "llama-3.3-70b", "deepseek-r1-distill-70b", "qwen2.5-72b", "gpt-oss-120b", "smollm2-135m"]


def test_registry_has_every_model_of_the_studies():
    assert set(STUDY_ALIASES) <= set(MODELS)
    for alias in STUDY_ALIASES:
        spec = MODELS[alias]
        assert spec.hub_id.count("/") == 1 and spec.study
        assert not spec.needs_remote_code or "remote" in spec.notes


def test_resolve_model(tmp_path):
    assert resolve_model("huatuo-o1-8b").hub_id == "FreedomIntelligence/HuatuoGPT-o1-8B"
    assert resolve_model("huatuo-o1-8b", revision="abc").revision == "abc"
    assert resolve_model("someorg/some-model").source == "hub"
    assert resolve_model(str(tmp_path)).source == "local"
    with pytest.raises(UnknownModelError, match="Known aliases: .*smollm2-135m"):
        resolve_model("huatuo")
    with pytest.raises(UnknownModelError, match="no such folder"):
        resolve_model("./missing/model")


def test_profiles():
    assert resolve_profile("paper", "cpu").bootstrap_resamples == 10000
    assert resolve_profile("paper", "cpu").sampling_runs == 10
    assert resolve_profile("auto", "cpu").name == "quick"
    assert resolve_profile("auto", "cuda:0").name == "paper"
    assert set(PROFILES) == {"quick", "paper"}


@pytest.mark.parametrize("text, op, threshold, mode", [
    ("accuracy.accuracy >= 0.5", ">=", 0.5, "lenient"),
    ("option_order.flip_rate<=0.25@strict", "<=", 0.25, "strict"),
    ("x.y[rotate-1] < 1e-3 @ point", "<", 0.001, "point"),
])
def test_parse_gate(text, op, threshold, mode):
    gate = parse_gate(text)
    assert (gate.op, gate.threshold, gate.mode) == (op, threshold, mode)


@pytest.mark.parametrize("text", ["accuracy >= ", "accuracy => 0.5", "a.b >= 0.5 @sometimes", ">= 0.5"])
def test_bad_gates_say_the_expected_form(text):
    with pytest.raises(GateSyntaxError, match="METRIC OP THRESHOLD|mode"):
        parse_gate(text)


def test_gate_modes_judge_the_right_bound():
    high = Gate("m", ">=", 0.5, "lenient")
    assert high.judge(0.4, (0.3, 0.55))[0] == "pass"   # interval reaches the threshold: no evidence of failure
    assert high.judge(0.4, (0.3, 0.45))[0] == "fail"   # whole interval below
    strict = Gate("m", ">=", 0.5, "strict")
    assert strict.judge(0.6, (0.45, 0.7))[0] == "fail"  # not shown to clear it
    assert strict.judge(0.6, (0.52, 0.7))[0] == "pass"
    low = Gate("m", "<=", 0.2, "lenient")
    assert low.judge(0.3, (0.15, 0.4))[0] == "pass" and low.judge(0.3, (0.25, 0.4))[0] == "fail"
    assert Gate("m", "<=", 0.2, "point").judge(0.21, None)[0] == "fail"
    assert high.judge(None, None)[0] == "unmeasured"
    assert high.judge(0.7, None)[0] == "unmeasured"  # an interval gate needs an interval


def test_command_line_gates_win_over_ini():
    gates = parse_gates(["accuracy.accuracy >= 0.9"], ["accuracy.* >= 0.2", "# comment", ""])
    assert find_gate(gates, "accuracy.accuracy[cloze]", "accuracy.accuracy").threshold == 0.9
    assert find_gate(gates, "accuracy.usable_rate", "accuracy.usable_rate").threshold == 0.2
    assert find_gate(gates, "other.metric", "other.metric") is None


def test_gate_patterns_match_conditions_without_escaping_brackets():
    gate = parse_gate("demographic_invariance.flip_rate[*gender*] <= 0.1")
    assert gate.matches("demographic_invariance.flip_rate[template/los/gender]", "demographic_invariance.flip_rate")
    assert not gate.matches("demographic_invariance.flip_rate[template/los/age]", "demographic_invariance.flip_rate")
    assert not gate.matches("demographic_invariance.flip_rate", "demographic_invariance.flip_rate")
    assert parse_gate("x.* <= 1").matches("x.flip_rate[anything]", "x.flip_rate")


def test_each_xdist_worker_gets_its_own_gpu(monkeypatch):
    import torch

    from pytest_medllm.backends.placement import current_worker
    from pytest_medllm.backends.transformers.devices import resolve_device

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw3")
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "4")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    worker = current_worker("auto")
    index, count = worker.index, worker.count
    assert (index, count) == (3, 4)
    assert worker.device == "cuda:1"  # chosen without torch, so custom backends are pinned too
    assert current_worker("cuda:0").device == "cuda:0"
    assert resolve_device("auto", index) == "cuda:1"
    assert resolve_device("cuda:0", index) == "cuda:0"  # an explicit device is kept
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert resolve_device("auto", index) in ("cpu", "mps")
    with pytest.raises(Exception, match="no CUDA GPU"):
        resolve_device("cuda", index)


def test_a_configured_gate_is_checked_against_every_declared_suite_not_only_the_selected_ones():
    from pytest_medllm.verdict.declarations import Suite, unmatched_gates

    selected = Suite("gatecheck_selected", "the suite a run selects")
    selected.metric("accuracy", "share right")
    other = Suite("gatecheck_other", "a declared suite the run does not select")
    other.metric("flip_rate", "share changed")
    allowed = parse_gates(["gatecheck_other.flip_rate <= 0.1", "gatecheck_*.flip_rate[*gender] <= 0.1",
                           "gatecheck_selected.baseline_match_rate >= 0.95", "*.baseline_kappa >= 0.4",
                           "gatecheck_other.flip_rate <= baseline + 0.05 @noninferior"], [])
    assert unmatched_gates(allowed, [selected], [other]) == []
    # Without the declared suites, the gate for the unselected one names nothing: the declarations decide.
    assert len(unmatched_gates(allowed[:1], [selected])) == 1

    refused = parse_gates(["flip_rate <= 0.1", "gatecheck_othr.flip_rate <= 0.1", "answer_order.flip_rate <= 0.1",
                           "gatecheck_other.acuracy >= 0.5"], [], ["gatecheck_other.flip_rat <= 0.1"])
    problems = unmatched_gates(refused, [selected], [other], unreadable=["suites/test_x.py (ImportError: no)"])
    assert len(problems) == 5
    for problem in problems[:3] + problems[4:]:
        assert "nearest metric ids: gatecheck_other.flip_rate" in problem, problem
    assert "nearest metric ids: gatecheck_selected.accuracy" in problems[3]
    assert "(a gate names SUITE.METRIC" in problems[0] and "(a gate names" not in problems[1]
    assert problems[4].startswith("gate 'gatecheck_other.flip_rat <= 0.1 @lenient' (policy) matches no metric")
    assert all(p.endswith("could not be read and may declare it: suites/test_x.py (ImportError: no)")
               for p in problems)
