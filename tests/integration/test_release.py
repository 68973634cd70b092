"""Release comparison (--compare-to) on scripted models whose option-order behaviour is known exactly.

The reference always picks the same option *content* (0 flips). An identical candidate agrees with it on every
item; a candidate that answers by position on a fixed fifth of the items flips there, with differences equal to
the flips computed here from the perturbations themselves.

On the 20 items of these runs an identical candidate cannot *show* a 5-point non-inferiority margin: 20 items
without one disagreement are still compatible with a candidate that differs on 16% of items (the score interval's
bound z²/(n + z²)). So the README's 5-point policy fails every gate of an identical candidate here, and the
gates that an identical candidate must pass on 20 items have a margin of 20 points (the widest that 20 items
can still show is 16.1).
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats as scipy_stats

from pytest_medllm.comparisons.reference import (
    ItemResampler,
    Reference,
    compare,
    paired_interval,
    same_items_problem,
)
from pytest_medllm.data.loaders import load_dataset
from pytest_medllm.data.select import stratified_subset
from pytest_medllm.perturb import option_order as perturb
from pytest_medllm.verdict.gates import GateSyntaxError, parse_gate
from pytest_medllm.verdict.records import MetricRecord
from tests.conftest import PROJECT_DIR
from tests.helpers.content_models import follows_position
from tests.unit.verdict.test_gate_simulation import tango_by_likelihood

#: The README's policy: what a team keeps with a release, with margins that need more than 20 items.
README_POLICY = """\
# what a team would keep with the release: no more flips, no fewer usable answers, than production
option_order.flip_rate <= baseline + 0.05 @noninferior
option_order.usable_rate >= baseline - 0.05 @noninferior
option_order.parse_failure_rate <= baseline + 0.05 @noninferior
"""
#: The same gates with margins 20 items can show (an identical candidate's bound is ±0.161 there).
POLICY = README_POLICY.replace("0.05", "0.20")
ITEMS = 20
Z = scipy_stats.norm.ppf(0.975)
#: Bound of the difference when two runs agree on all n items: solving Tango's T(d) = ±z with no discordant
#: pair gives n d / (1 - d) = z², i.e. d = z² / (n + z²).
AGREEING_BOUND = Z ** 2 / (ITEMS + Z ** 2)


def run(tmp_path, name: str, backend: str, *args: str) -> tuple[subprocess.CompletedProcess, dict | None]:
    report = tmp_path / name
    env = {**os.environ, "PYTHONPATH": str(PROJECT_DIR)}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_option_order.py", "--backend", f"tests.helpers.content_models:{backend}",
         "--report-dir", str(report), "--cache-dir", str(tmp_path / f"cache-{name}"), "-p", "no:cacheprovider",
         "-p", "no:xdist", "-q", "--max-items", str(ITEMS), *args],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=300)
    artifact = report / "medllm-results.json"
    return result, json.loads(artifact.read_text()) if artifact.exists() else None


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("release")
    policy, readme_policy = tmp / "release.gates", tmp / "readme.gates"
    policy.write_text(POLICY)
    readme_policy.write_text(README_POLICY)
    _, reference = run(tmp, "reference", "content")
    same = run(tmp, "same", "content", "--compare-to", str(tmp / "reference"), "--gate-policy", str(policy))
    same_readme = run(tmp, "same-readme", "content", "--compare-to", str(tmp / "reference"), "--gate-policy",
                      str(readme_policy))
    worse = run(tmp, "worse", "position20", "--compare-to", str(tmp / "reference"), "--gate-policy", str(policy),
                "--html", str(tmp / "worse.html"), "--self-contained-html")
    # The position-following run as the reference of the content model: fewer flips, to claim superiority on.
    better = run(tmp, "better", "content", "--compare-to", str(tmp / "worse"),
                 "--gate", "option_order.flip_rate[rotate-1] <= baseline @superior",
                 "--gate", "option_order.flip_rate[rotate-2] <= baseline - 0.05 @superior")
    return {"tmp": tmp, "policy": policy, "reference": reference, "same": same, "same_readme": same_readme,
            "worse": worse, "better": better}


def true_flip_counts() -> dict[str, int]:
    """Flips of the position-following model, counted from the perturbations themselves: an item flips when it
    is one the model answers by position and the text at position A changes."""
    items = stratified_subset(load_dataset("demo", PROJECT_DIR).items, ITEMS, seed=1234)
    names = ([f"shuffle-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS] + ["rotate-1", "rotate-2"]
             + [f"distractor-swap-{s}" for s in perturb.STUDY_SHUFFLE_SEEDS])
    counts = {}
    for name in names:
        flips = 0
        for item in items:
            shown = (perturb.shuffle(item, int(name.split("-")[1])) if name.startswith("shuffle") else
                     perturb.rotate(item, int(name.split("-")[1])) if name.startswith("rotate") else
                     perturb.distractor_swap(item, int(name.rsplit("-", 1)[1])))
            moved_a = shown.item.options[0][1] != item.options[0][1]
            flips += follows_position(list(item.options)) and moved_a
        counts[name] = flips
    return counts


def discordant(candidate: dict, reference: dict) -> tuple[int, int]:
    """(candidate 1 and reference 0, candidate 0 and reference 1), counted over the shared units."""
    gained = sum(candidate[u] == 1 and reference[u] == 0 for u in candidate)
    lost = sum(candidate[u] == 0 and reference[u] == 1 for u in candidate)
    return gained, lost


def test_the_reference_model_never_flips(runs):
    flips = [m for m in runs["reference"]["metrics"] if m["name"] == "flip_rate"]
    assert len(flips) == 8 and all(m["value"] == 0 for m in flips)


def test_an_identical_candidate_passes_every_gate_that_20_items_can_show(runs):
    result, data = runs["same"]
    gates = data["comparison"]["gates"]
    assert len(gates) == 8 + 9 + 9  # flip rate per perturbation; usable and parse failures per condition
    assert all(g["verdict"] == "pass" for g in gates), [g for g in gates if g["verdict"] != "pass"]
    paired = [d for d in data["comparison"]["differences"] if d["paired"]]
    assert len(paired) >= 20
    for difference in paired:
        # Agreement on every item is not a zero-width interval: the bound of 20 agreeing items.
        assert difference["difference"] == 0
        assert difference["low"] == pytest.approx(-AGREEING_BOUND, abs=1e-9)
        assert difference["high"] == pytest.approx(AGREEING_BOUND, abs=1e-9)
        assert difference["method"].startswith("paired: Tango score interval")
    assert data["comparison"]["counts"].get("regressed", 0) == 0
    # The content model's own position bias (0.2, total variation distance) fails its own gate; every gate
    # against the reference passes.
    assert "0 of 26 gates against the reference failed" in data["verdict"]["headline"]


def test_an_identical_candidate_cannot_show_a_5_point_margin_on_20_items(runs):
    """The README's policy on the quick profile's 20 items: nothing can be shown, so every gate fails — with
    the bound of 20 agreeing items as the reason, not because anything differs."""
    result, data = runs["same_readme"]
    gates = data["comparison"]["gates"]
    assert len(gates) == 26 and all(g["verdict"] == "fail" for g in gates)
    bound = f"{AGREEING_BOUND:.4g}"
    assert bound == "0.1611"
    for gate in gates:
        side = "upper" if "<=" in gate["gate"] else "lower"
        sign = "+" if side == "upper" else "-"
        assert f"{side} bound of the difference {sign}{bound} misses" in gate["reason"]
        assert "(difference +0)" in gate["reason"]
    assert result.returncode == 1


def test_a_candidate_with_more_flips_fails_exactly_the_flip_rate_gates(runs):
    result, data = runs["worse"]
    flips = true_flip_counts()
    assert flips["rotate-1"] == flips["rotate-2"] == 4  # 20 points more flips: A always moves under rotation
    assert min(flips.values()) >= 2
    failing = {g["metric"] for g in data["comparison"]["gates"] if g["verdict"] != "pass"}
    assert failing == {f"option_order.flip_rate[{name}]" for name in flips}
    differences = {d["metric_id"]: d for d in data["comparison"]["differences"]}
    for name, count in flips.items():
        d = differences[f"option_order.flip_rate[{name}]"]
        assert d["paired"] and d["difference"] == pytest.approx(count / ITEMS, abs=1e-12)
        # The reference never flips: `count` discordant items, all against the candidate.
        low, high = tango_by_likelihood(count, 0, ITEMS)
        assert d["low"] == pytest.approx(low, abs=1e-7) and d["high"] == pytest.approx(high, abs=1e-7)
        assert high > 0.20  # why the 20-point gate fails even where the true difference is 10 points
    assert result.returncode == 1 and data["verdict"]["status"] == "failed"
    assert "8 of 26 gates against the reference failed" in data["verdict"]["headline"]
    assert "regressed option_order.flip_rate[rotate-1]" in result.stdout


def test_mcnemar_p_of_every_paired_binary_metric_is_the_exact_binomial_test(runs):
    _, data = runs["worse"]
    reference = {m["suite"] + "." + m["name"] + (f"[{m['condition']}]" if m.get("condition") else ""): m
                 for m in runs["reference"]["metrics"]}
    candidate = {d["metric_id"]: d for d in data["comparison"]["differences"]}
    mine = {m["suite"] + "." + m["name"] + (f"[{m['condition']}]" if m.get("condition") else ""): m
            for m in data["metrics"]}
    checked = 0
    for metric_id, d in candidate.items():
        if d["mcnemar_p"] is None:
            continue
        gained, lost = discordant(mine[metric_id]["per_item"], reference[metric_id]["per_item"])
        # McNemar's exact test: the discordant pairs are Binomial(b + c, 1/2) under no change.
        expected = 1.0 if gained + lost == 0 else scipy_stats.binomtest(gained, gained + lost, 0.5).pvalue
        assert d["mcnemar_p"] == pytest.approx(expected, rel=1e-9), metric_id
        checked += 1
    assert checked >= 30
    assert candidate["option_order.flip_rate[rotate-1]"]["mcnemar_p"] == pytest.approx(2 * 0.5 ** 4)


def test_metrics_without_per_item_values_are_compared_unpaired_and_labelled_so(runs):
    _, data = runs["worse"]
    reference = {m["name"] + f"[{m['condition']}]": m for m in runs["reference"]["metrics"]
                 if m["name"] == "position_bias"}
    candidate = {m["name"] + f"[{m['condition']}]": m for m in data["metrics"] if m["name"] == "position_bias"}
    differences = {d["metric_id"]: d for d in data["comparison"]["differences"]}
    assert set(reference) == set(candidate) and len(reference) == 2
    for key, ref in reference.items():
        mine = candidate[key]
        d = differences[f"option_order.{key}"]
        assert d["paired"] is False and d["mcnemar_p"] is None
        assert d["method"] == "unpaired: normal approximation from the two runs' 95% intervals"
        # Two independent normal estimates: the half-widths add in quadrature.
        spread = math.hypot((mine["ci_high"] - mine["ci_low"]) / 2, (ref["ci_high"] - ref["ci_low"]) / 2)
        assert d["difference"] == pytest.approx(mine["value"] - ref["value"])
        assert d["low"] == pytest.approx(d["difference"] - spread) and d["high"] == pytest.approx(
            d["difference"] + spread)
    unjudged = [d for d in data["comparison"]["differences"] if d["method"].startswith("unpaired; no interval")]
    assert unjudged and all(d["status"] == "not judged" and d["low"] is None for d in unjudged)


def test_superiority_gates_pass_only_when_the_whole_interval_is_better_by_the_margin(runs):
    result, data = runs["better"]
    verdicts = {g["metric"]: g for g in data["comparison"]["gates"]}
    assert set(verdicts) == {"option_order.flip_rate[rotate-1]", "option_order.flip_rate[rotate-2]"}
    # Four items flip in the reference and none in the candidate: difference -0.2; upper bound from Tango.
    _, high = tango_by_likelihood(0, 4, ITEMS)
    assert -0.05 < high < 0
    assert verdicts["option_order.flip_rate[rotate-1]"]["verdict"] == "pass"
    assert f"upper bound of the difference {high:+.4g} meets" in verdicts["option_order.flip_rate[rotate-1]"][
        "reason"]
    assert verdicts["option_order.flip_rate[rotate-2]"]["verdict"] == "fail"
    assert f"upper bound of the difference {high:+.4g} misses option_order.flip_rate[rotate-2] <= baseline - " \
           f"0.05 @superior" in verdicts["option_order.flip_rate[rotate-2]"]["reason"]
    assert result.returncode == 1


def test_the_html_report_shows_candidate_vs_reference(runs):
    text = (runs["tmp"] / "worse.html").read_text(encoding="utf-8")
    assert "<h3>Candidate vs reference (" in text
    rows = re.findall(r"<tr class=\"medllm-fail\">(.*?)</tr>", text)
    regressed = [r for r in rows if "option_order.flip_rate[rotate-1]" in r]
    assert regressed and "<td>regressed</td>" in regressed[0]
    assert re.search(r'<img alt="Candidate vs reference: differences with 95% intervals" '
                     r'src="data:image/png;base64,[A-Za-z0-9+/=]{1000,}">', text)


def test_runs_over_other_items_are_refused(runs):
    result, _ = run(runs["tmp"], "other-items", "content", "--max-items", "10", "--compare-to",
                    str(runs["tmp"] / "reference"))
    assert result.returncode == 4
    assert "refusing to compare with --compare-to" in result.stderr and "different items" in result.stderr


def test_another_dataset_is_refused_even_with_the_same_item_ids(runs):
    """A copy of the demo file under another name asks the same ids: still another --dataset, refused."""
    copy = runs["tmp"] / "my.jsonl"
    shutil.copy(PROJECT_DIR / "fixtures" / "demo_mcq.jsonl", copy)
    result, data = run(runs["tmp"], "other-dataset", "content", "--dataset", str(copy), "--compare-to",
                       str(runs["tmp"] / "reference"))
    assert result.returncode == 4 and data is None
    assert "refusing to compare with --compare-to" in result.stderr
    assert "of --dataset demo" in result.stderr and f"of --dataset {copy}" in result.stderr
    assert "run the candidate with --dataset demo" in result.stderr


def reference_of(dataset: str, ids: list[str], **run: object) -> Reference:
    return Reference(path="ref/medllm-results.json", metrics={},
                     facts={"datasets": {dataset: {"selection": {"ids": ids}}}},
                     run={"dataset": dataset, "seed": 1234, "profile": {"name": "quick"}, **run})


def test_same_items_problem_compares_datasets_by_name_and_items():
    ids = ["q1", "q2", "q3"]
    run_of = lambda dataset: {"dataset": dataset, "seed": 1234, "profile": {"name": "quick"}}  # noqa: E731
    # The same file from another folder (the reference kept from another machine): the same items, allowed.
    assert same_items_problem(reference_of("data/esap.jsonl", ids), {"/ci/data/esap.jsonl": ids},
                              run_of("/ci/data/esap.jsonl")) is None
    # The same file with other items asked: refused, naming what differs.
    problem = same_items_problem(reference_of("data/esap.jsonl", ids), {"/ci/data/esap.jsonl": ["q1", "q9"]},
                                 run_of("/ci/data/esap.jsonl"))
    assert problem and "different items" in problem and "['q2', 'q3']" in problem and "['q9']" in problem
    # Another dataset, whatever its ids: refused, naming both.
    problem = same_items_problem(reference_of("demo", ids), {"my.jsonl": ids}, run_of("my.jsonl"))
    assert problem and "3 items of --dataset demo" in problem and "3 items of --dataset my.jsonl" in problem
    # Another seed or profile: refused.
    assert "--seed" in same_items_problem(reference_of("demo", ids), {"demo": ids}, {**run_of("demo"), "seed": 1})
    assert "profile" in same_items_problem(reference_of("demo", ids), {"demo": ids},
                                           {**run_of("demo"), "profile": {"name": "paper"}})


def record(per_item: dict | None, value: float, low: float, high: float) -> MetricRecord:
    return MetricRecord(suite="s", name="m", value=value, ci_low=low, ci_high=high, n=len(per_item or {}),
                        direction="higher", per_item=per_item)


def test_per_item_values_over_other_units_are_compared_unpaired():
    ours = record({"q1": 1.0, "q2": 0.0, "q3": 1.0}, 2 / 3, 0.2, 0.9)
    theirs = {"suite": "s", "name": "m", "value": 0.5, "ci_low": 0.1, "ci_high": 0.8,
              "per_item": {"q1": 1.0, "q4": 0.0}}
    (d,) = compare([ours], Reference("ref", {"s.m": theirs}, {}, {}), resamples=200, seed=1)
    assert d.paired is False and d.mcnemar_p is None and d.method.startswith("unpaired")
    spread = math.sqrt(0.35 ** 2 + 0.35 ** 2)
    assert (d.low, d.high) == pytest.approx((2 / 3 - 0.5 - spread, 2 / 3 - 0.5 + spread))


def test_paired_interval_by_kind_of_outcome():
    resampler = ItemResampler([f"q{i}" for i in range(10)], 500, seed=3)
    # 0/1 outcomes, one unit per item: Tango's interval on the discordant counts.
    units = [f"q{i}" for i in range(10)]
    candidate = np.array([1, 1, 1, 0, 0, 0, 0, 1, 0, 0], dtype=float)
    reference = np.array([0, 1, 0, 0, 1, 0, 0, 1, 0, 0], dtype=float)
    low, high, method = paired_interval(units, candidate, reference, resampler)
    assert (low, high) == pytest.approx(tango_by_likelihood(2, 1, 10), abs=1e-7) and "Tango" in method
    # 0/1 outcomes, three seeds per item, all agreeing: the bound of 10 agreeing items, not of 30 units.
    seeded = [f"q{i}#{s}" for i in range(10) for s in range(3)]
    zeros = np.zeros(30)
    low, high, method = paired_interval(seeded, zeros, zeros, resampler)
    assert high == pytest.approx(Z ** 2 / (10 + Z ** 2), abs=1e-9) and low == pytest.approx(-high)
    assert "scaled to 10 items" in method
    # Disagreements all in one item (its three seeds): the interval covers the bootstrap over items too.
    clustered = zeros.copy()
    clustered[:3] = 1
    low, high, _ = paired_interval(seeded, clustered, zeros, resampler)
    boot_low, boot_high = resampler.mean_difference_ci(seeded, clustered - zeros)
    scaled = tango_by_likelihood(1, 0, 10)
    assert low == pytest.approx(min(boot_low, scaled[0]), abs=1e-7)
    assert high == pytest.approx(max(boot_high, scaled[1]), abs=1e-7)
    # Other values: the percentile bootstrap over items.
    shares = np.linspace(0, 0.9, 10)
    low, high, method = paired_interval(units, shares, shares[::-1], resampler)
    assert (low, high) == resampler.mean_difference_ci(units, shares - shares[::-1])
    assert method.startswith("paired bootstrap over items")


@pytest.mark.parametrize("line, message", [
    ("x.flip_rate <= baseline - 0.05 @noninferior",
     "a non-inferiority margin must lie on the worse side of the baseline (for <=: baseline + MARGIN); "
     "baseline - 0.05 demands a better candidate, which is @superior"),
    ("x.usable_rate >= baseline + 0.05 @noninferior",
     "a non-inferiority margin must lie on the worse side of the baseline (for >=: baseline - MARGIN); "
     "baseline + 0.05 demands a better candidate, which is @superior"),
    ("x.flip_rate <= baseline + 0.05 @superior",
     "a superiority margin must lie on the better side of the baseline (for <=: baseline - MARGIN); "
     "baseline + 0.05 tolerates a worse candidate, which is @noninferior"),
    ("x.usable_rate > baseline - 0.05 @superior",
     "a superiority margin must lie on the better side of the baseline (for >: baseline + MARGIN); "
     "baseline - 0.05 tolerates a worse candidate, which is @noninferior"),
    ("x.flip_rate <= baseline + 0.05 @lenient", "is judged @noninferior or @superior, not @lenient"),
    ("x.flip_rate <= 0.05 @noninferior", "(noninferior and superior gates compare with 'baseline')"),
    ("x.flip_rate <= baseline + 0.0.5 @noninferior", "margin '0.0.5' is not a number"),
])
def test_relative_gate_syntax_errors_say_what_to_write(line, message):
    with pytest.raises(GateSyntaxError) as raised:
        parse_gate(line)
    assert str(raised.value).startswith(f"gate {line!r}: ") and message in str(raised.value)


def test_relative_gates_parse_with_their_margin_and_mode():
    gate = parse_gate("option_order.flip_rate[rotate-*] <= baseline - 0.05 @superior")
    assert (gate.relative, gate.mode, gate.threshold, gate.op) == (True, "superior", -0.05, "<=")
    assert gate.text == "option_order.flip_rate[rotate-*] <= baseline - 0.05 @superior"
    assert gate.matches("option_order.flip_rate[rotate-1]", "option_order.flip_rate")
    assert not gate.matches("option_order.flip_rate[shuffle-42]", "option_order.flip_rate")
    default = parse_gate("x.usable_rate >= baseline - 0.05")  # the mode of a relative gate defaults to noninferior
    assert (default.mode, default.threshold) == ("noninferior", -0.05)
    assert parse_gate("x.flip_rate <= baseline @superior").threshold == 0  # no margin: strictly better


def test_a_gate_against_the_baseline_needs_a_reference(runs):
    result, _ = run(runs["tmp"], "no-reference", "content", "--gate-policy", str(runs["policy"]))
    assert result.returncode == 4
    assert "compares with a reference run: give the reference with --compare-to PATH" in result.stderr


def test_the_readme_noninferiority_table_quick_rows_are_reproducible():
    """The README's simulated false-alarm/power table: recompute its quick-profile rows (seeded, fast)."""
    from pytest_medllm.comparisons.reference import simulation_table

    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    quick = simulation_table(sizes={"quick (option-order items)": 20}).splitlines()[2:]
    for row in quick:
        assert row in readme, f"README's non-inferiority table is stale: {row}"
    assert re.search(r"\| paper, ESAP-sized \(91 items\) \| 0\.9 \|", readme)
