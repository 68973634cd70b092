"""DeVisE's computations: %Mono by Eq. 5-6 (worked examples and a scripted model), length-of-stay bucket means from
the data and what they change, accuracy and macro-F1 as Table 3 reports them (against scikit-learn)."""

from __future__ import annotations

import itertools
import json

import pytest
from sklearn.metrics import accuracy_score, f1_score

from pytest_medllm.data.user_notes import build_user_note, notes_summary
from pytest_medllm.methods import devise
from pytest_medllm.perturb.note_rewrites import unit_rewrite, unit_rewrites

# -- %Mono, DeVisE Eq. 6 ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("m, expected", [
    ({-2: -0.2, -1: -0.1, 0: 0.0, 1: 0.1, 2: 0.2}, 8 / 8),        # every inequality holds
    ({-2: -0.2, -1: -0.1, 0: 0.0, 1: 0.3, 2: 0.2}, 7 / 8),        # m(1) > m(2): one ordering broken
    ({-2: -0.2, -1: 0.0, 0: 0.0, 1: 0.1, 2: 0.2}, 7 / 8),         # m(-1) = 0 is not < 0: one sign broken
    ({-2: 0.1, -1: 0.05, 0: 0.0, 1: 0.1, 2: 0.2}, 4 / 8),         # V-shape (|shift| drives it): 2 orders, 2 signs lost
    ({-2: 0.0, -1: 0.0, 0: 0.0, 1: 0.0, 2: 0.0}, 4 / 8),          # flat: orderings hold (<=), no sign does
    ({-2: 0.2, -1: 0.1, 0: 0.0, 1: -0.1, 2: -0.2}, 0 / 8),        # reversed
    ({-2: -0.3, -1: -0.1, 0: 0.05, 1: 0.02, 2: -0.01}, 5 / 8),    # Table 3's lowest, 62.5%: five of eight
])
def test_percent_monotonic_counts_the_eight_inequalities_of_eq6(m, expected):
    assert devise.percent_monotonic_eq6(m) == expected
    assert len(devise.monotonic_inequalities(m)) == 8
    assert (expected * 100) % 12.5 == 0  # Table 3's scale: multiples of 12.5%


def test_an_unobserved_shift_leaves_its_inequalities_out():
    m = {-2: None, -1: -0.1, 0: 0.0, 1: 0.1, 2: None}
    judged = [holds for _, holds in devise.monotonic_inequalities(m) if holds is not None]
    assert len(judged) == 4  # m(-1) <= m(0) <= m(1); m(-1) < 0; m(1) > 0
    assert devise.percent_monotonic_eq6(m) == 1.0
    assert devise.percent_monotonic_eq6(dict.fromkeys(devise.SHIFTS)) is None
    assert devise.percent_monotonic_eq6({-2: None, -1: None, 0: 0.1, 1: None, 2: None}) is None


def _pairs(risk, shifts_per_vital) -> list[devise.Pair]:
    """Pairs from a scripted risk of the severity shift: the original has risk(0), the counterfactual risk(s)."""
    task = devise.TASKS["mortality"]
    out = []
    for variable, shifts in shifts_per_vital.items():
        for n, s in enumerate(shifts):
            before, after = (1 - risk(0), risk(0)), (1 - risk(s), risk(s))
            out.append(devise.Pair(f"p{n}", variable, str(s), s, before, after, task.expected(before),
                                   task.expected(after), f"{variable}-{n}"))
    return out


def test_eq6_pools_every_vital_sign_where_the_per_vital_share_does_not():
    """A model monotonic in the pooled m(s) but with one vital sign backwards: %Mono stays 100% while the
    all-or-nothing per-vital share (the old metric, multiples of 1/6) drops to 5/6."""
    shifts = {v: [-2, -1, 0, 1, 2] for v in ("heart_rate", "systolic_bp", "diastolic_bp", "respiratory_rate",
                                              "oxygen_saturation")}
    pairs = _pairs(lambda s: 0.3 + 0.05 * s, shifts)
    backwards = _pairs(lambda s: 0.3 - 0.02 * s, {"temperature": [-2, -1, 0, 1, 2]})
    m = devise.mean_shift_by_severity(pairs + backwards)
    assert devise.percent_monotonic_eq6(m) == 1.0
    per_vital = [devise.is_monotonic(devise.mean_shift_by_severity([p for p in pairs + backwards
                                                                     if p.variable == v]))
                 for v in (*shifts, "temperature")]
    assert per_vital.count(True) == 5 and per_vital.count(False) == 1


def test_a_scripted_model_that_ignores_vitals_scores_one_half():
    pairs = _pairs(lambda s: 0.3, {"heart_rate": [-2, -1, 0, 1, 2]})
    assert devise.percent_monotonic_eq6(devise.mean_shift_by_severity(pairs)) == 0.5


# -- length of stay: bucket means --------------------------------------------------------------------------------

def test_bucket_means_come_from_the_labelled_stays():
    means = devise.los_bucket_means([30, 36, 45, 70, 100, 200, 10, None])
    assert means.hours == {"1": 33.0, "2": 45.0, "3": 85.0, "4": 200.0}
    assert means.counts == {"1": 2, "2": 1, "3": 2, "4": 1}  # 10 h has no bucket (DeVisE excluded < 24 h)
    partial = devise.los_bucket_means([30, 200])
    assert partial.hours["2"] == devise.LOS_DEFAULT_HOURS["2"] and partial.source["2"] == "default"
    assert partial.source["1"] == "data"


def test_moving_probability_between_several_buckets_changes_the_direction_with_the_means():
    """Probability leaves bucket 2 for buckets 1 and 4 at once. With the default means (bucket 4 at 230 h) the
    expected stay rises; with means from data where long stays are near 120 h it falls: %CD of a severity-raising
    counterfactual is 1 under one and 0 under the other. "Only the ordering matters" is false."""
    los = devise.TASKS["los"]
    before, after = (0.0, 1.0, 0.0, 0.0), (0.7, 0.0, 0.0, 0.3)
    data = devise.los_bucket_means([25, 25, 58, 58, 90, 120, 120])
    assert data.hours == {"1": 25.0, "2": 58.0, "3": 90.0, "4": 120.0}

    def pair(means):
        return devise.Pair("p", "heart_rate", "2", 1, before, after, los.expected(before, means),
                           los.expected(after, means))

    assert pair(None).correct_direction is True            # 0.7*31 + 0.3*230 = 90.7 h > 49 h
    assert pair(data).correct_direction is False           # 0.7*25 + 0.3*120 = 53.5 h < 58 h
    assert los.expected(after, data) == pytest.approx(53.5)
    assert los.expected(after) == pytest.approx(90.7)
    # an ordering-preserving move (all mass one bucket up) keeps its direction under either set of means
    up = (0.0, 0.0, 1.0, 0.0)
    assert los.expected(up, data) > los.expected(before, data) and los.expected(up) > los.expected(before)


# -- accuracy and macro-F1 (Table 3) -------------------------------------------------------------------------------

@pytest.mark.parametrize("truth, predicted", [
    (list("0011010"), list("0101011")),
    (list("1234"), list("1111")),
    (list("0000"), list("0000")),
    (list("1122334"), list("2233441")),
])
def test_accuracy_and_macro_f1_match_scikit_learn(truth, predicted):
    accuracy, macro_f1 = devise.outcome_scores(truth, predicted)
    assert accuracy == pytest.approx(accuracy_score(truth, predicted))
    assert macro_f1 == pytest.approx(f1_score(truth, predicted, average="macro"))


def test_outcome_scores_refuse_mismatched_inputs():
    with pytest.raises(ValueError):
        devise.outcome_scores(["0"], [])


# -- the user's notes: unit rewrites and the run's summary ------------------------------------------------------------

NOTE = ("Medical ICU admission\n68 year old man with pneumonia. Vitals: T 101.3 F, HR 112, BP 150/90, RR 24, "
        "SpO2 93% on RA.")


def test_unit_rewrites_of_a_user_note_change_only_the_value_and_its_unit():
    user = build_user_note("n1", NOTE)
    made = {r.name: r.note.text for r in unit_rewrites(user)}
    assert made["temperature-celsius"] == NOTE.replace("T 101.3 F", "T 38.5 °C")
    assert made["spo2-fraction"] == NOTE.replace("93%", "0.93")
    assert made["pulse-bpm"] == NOTE.replace("HR 112", "HR 112 bpm")
    celsius = build_user_note("n2", "Aufnahme: Temp 38,2 °C, HF 88/min, SpO2 0.95")
    assert not unit_rewrite(celsius, "temperature-celsius") and not unit_rewrite(celsius, "spo2-fraction")
    assert unit_rewrite(celsius, "temperature-fahrenheit").note.text == (
        "Aufnahme: Temp 100,8 °F, HF 88/min, SpO2 0.95")  # 38.2 °C is 100.76 °F: the same severity class
    assert not unit_rewrite(user, "temperature-fahrenheit")  # already in °F
    spaced = build_user_note("n5", "Obs: T 37.9C, HR 98, RR 18, SpO2 94 % on 2 L")
    made = {r.name: r.note.text for r in unit_rewrites(spaced)}
    assert made["spo2-fraction"] == "Obs: T 37.9C, HR 98, RR 18, SpO2 0.94 on 2 L"
    assert made["temperature-fahrenheit"] == "Obs: T 100.2 °F, HR 98, RR 18, SpO2 94 % on 2 L"
    assert not unit_rewrite(build_user_note("n3", "Doing well."), "pulse-bpm")
    positional = build_user_note("n4", "PHYSICAL EXAM:\nVS: 98.1 96 134/84 22 93% 4L\nWell appearing.")
    assert unit_rewrite(positional, "pulse-bpm").note.text.endswith("VS: 98.1 96 bpm 134/84 22 93% 4L\nWell appearing.")


def test_the_summary_counts_vitals_and_never_holds_the_text():
    notes = [build_user_note("a", NOTE, mortality=1, los_hours=50.0), build_user_note("b", "Doing well at home.")]
    summary = notes_summary("/somewhere/notes.jsonl", notes)
    assert summary["file"] == "notes.jsonl" and summary["n_notes"] == 2
    assert set(summary["with_vital"].values()) == {1}
    assert summary["without_vitals"]["count"] == 1 and summary["without_vitals"]["ids"] == ["b"]
    assert summary["labelled"] == {"mortality": 1, "los": 1}
    found = summary["notes"][0]["found"]
    assert {f["kind"] for f in found} == set(summary["with_vital"])
    assert all(NOTE[f["span"][0]:f["span"][1]] for f in found)
    dumped = json.dumps(summary)
    for words in itertools.chain(["Medical ICU admission", "pneumonia", "Doing well"]):
        assert words not in dumped  # not even a section heading


def test_unit_rewrites_hold_on_every_written_corpus_note():
    """Every rewrite of the 308 hand-written notes is diff-checked and keeps the value's span on its number."""
    from tests.helpers.notes_markup import load

    made = 0
    for corpus in ("dev", "dev2", "dev3", "dev4", "dev5"):
        for annotated in load(corpus):
            for rewrite in unit_rewrites(build_user_note("x", annotated.text)):
                made += 1
                for variable, start, end in rewrite.note.spans:
                    if variable == rewrite.variable:
                        float(rewrite.note.text[start:end].replace(",", "."))
    assert made > 300
