"""Loaders: round trips through every published format, clear errors, nothing dropped silently."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pytest_medllm.data.loaders import (
    DatasetError,
    iter_mcq_jsonl,
    load_dataset,
    split_spec,
)
from pytest_medllm.data.schemas import EvidenceItem, ItemError, MCQItem
from pytest_medllm.data.select import stratified_subset


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_demo_data_is_complete_and_balanced(demo_items):
    assert len(demo_items) >= 60
    assert all(len(item.options) == 5 and item.explanation for item in demo_items)
    assert sum(item.subject == "pediatric endocrinology" for item in demo_items) >= len(demo_items) // 3
    counts = Counter(item.answer for item in demo_items)
    assert max(counts.values()) - min(counts.values()) <= 1


def test_demo_evidence_has_labelled_sections():
    dataset = load_dataset("demo-evidence")
    assert len(dataset.items) >= 30
    for item in dataset.items:
        assert isinstance(item, EvidenceItem)
        labels = [s.label for s in item.contexts]
        assert labels[0] == "BACKGROUND" and "METHODS" in labels and labels[-1] == "RESULTS"
        assert item.long_answer  # the CONCLUSIONS section, as PubMedQA stores it


def test_generic_jsonl_round_trip(tmp_path, demo_items):
    path = write(tmp_path / "items.jsonl", iter_mcq_jsonl(demo_items))
    loaded = load_dataset(str(path))
    assert loaded.format == "mcq"
    assert [(i.id, i.options, i.answer, i.explanation, i.subject, i.description) for i in loaded.items] == \
        [(i.id, i.options, i.answer, i.explanation, i.subject, i.description) for i in demo_items]


def test_generic_csv_round_trip(tmp_path, demo_items):
    path = tmp_path / "items.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "subject", "description", "question", "A", "B", "C", "D", "E", "answer",
                         "explanation"])
        for i in demo_items[:10]:
            writer.writerow([i.id, i.subject, i.description, i.question, *i.option_texts, i.answer, i.explanation])
    loaded = load_dataset(str(path))
    assert loaded.format == "mcq-csv"
    assert [(i.id, i.options, i.answer) for i in loaded.items] == [(i.id, i.options, i.answer)
                                                                   for i in demo_items[:10]]


def medqa_line(i: int, n_options: int = 4, answer: str = "B") -> str:
    options = {k: f"option {k} {i}" for k in "ABCDE"[:n_options]}
    return json.dumps({"question": f"Question {i}?", "answer": options[answer], "options": options,
                       "meta_info": "step1", "answer_idx": answer, "metamap_phrases": ["x"]})


@pytest.mark.parametrize("n_options", [4, 5])
def test_medqa(tmp_path, n_options):
    path = write(tmp_path / "test.jsonl", "\n".join(medqa_line(i, n_options, "ABCD"[i % 4]) for i in range(8)))
    loaded = load_dataset(str(path))
    assert loaded.format == "medqa"
    assert len(loaded.items) == 8 and len(loaded.items[0].options) == n_options
    assert [i.answer for i in loaded.items] == ["A", "B", "C", "D"] * 2


def test_medqa_answer_text_must_match_answer_idx(tmp_path):
    record = json.loads(medqa_line(0))
    record["answer"] = "something else"
    path = write(tmp_path / "bad.jsonl", json.dumps(record))
    with pytest.raises(DatasetError, match=r"bad.jsonl: line 1: 'answer'"):
        load_dataset(str(path))


def medmcqa_line(i: int, cop: int, **extra) -> str:
    return json.dumps({"question": f"Q{i}?", "exp": "because", "cop": cop, "opa": f"a{i}", "opb": f"b{i}",
                       "opc": f"c{i}", "opd": f"d{i}", "subject_name": "Anatomy", "topic_name": None,
                       "id": f"id-{i}", "choice_type": "single", **extra})


def test_medmcqa_zero_based_is_detected_and_said(tmp_path):
    path = write(tmp_path / "dev.json", "\n".join(medmcqa_line(i, i % 4) for i in range(8)))
    loaded = load_dataset(str(path))
    assert loaded.format == "medmcqa-0based"
    assert [i.answer for i in loaded.items] == list("ABCD") * 2
    assert any("0-based" in note for note in loaded.notes)


def test_medmcqa_one_based_is_detected(tmp_path):
    path = write(tmp_path / "train.json", "\n".join(medmcqa_line(i, i % 4 + 1) for i in range(8)))
    loaded = load_dataset(str(path))
    assert loaded.format == "medmcqa-1based"
    assert [i.answer for i in loaded.items] == list("ABCD") * 2


def test_medmcqa_ambiguous_base_is_an_error_with_the_fix(tmp_path):
    path = write(tmp_path / "small.json", "\n".join(medmcqa_line(i, 1 + i % 3) for i in range(6)))
    with pytest.raises(DatasetError, match="medmcqa-0based"):
        load_dataset(str(path))
    forced = load_dataset(f"{path}:medmcqa-1based")
    assert [i.answer for i in forced.items] == ["A", "B", "C"] * 2


def test_medmcqa_test_split_and_duplicate_options_are_skipped_and_counted(tmp_path):
    lines = [medmcqa_line(i, i % 4) for i in range(4)]
    lines.append(medmcqa_line(9, -1))
    lines.append(medmcqa_line(10, 0, opb="a10"))
    loaded = load_dataset(str(write(tmp_path / "mix.json", "\n".join(lines))))
    assert len(loaded.items) == 4
    reasons = sorted(s.reason.split(" ")[0] for s in loaded.skipped)
    assert len(loaded.skipped) == 2 and reasons == ["no", "options"]
    assert {s.record_id for s in loaded.skipped} == {"id-9", "id-10"}


def test_pubmedqa(tmp_path):
    data = {"12345": {"QUESTION": "Does X help?", "CONTEXTS": ["bg", "res"], "LABELS": ["BACKGROUND", "RESULTS"],
                      "MESHES": ["Humans"], "YEAR": "2011", "reasoning_required_pred": "yes",
                      "reasoning_free_pred": "yes", "final_decision": "yes", "LONG_ANSWER": "It helps."}}
    loaded = load_dataset(str(write(tmp_path / "ori_pqal.json", json.dumps(data))))
    item = loaded.items[0]
    assert loaded.format == "pubmedqa" and item.id == "12345" and item.decision == "yes"
    assert [s.label for s in item.contexts] == ["BACKGROUND", "RESULTS"] and item.long_answer == "It helps."


def test_pubmedqa_errors_name_the_record(tmp_path):
    data = {"999": {"QUESTION": "Q?", "CONTEXTS": ["a"], "LABELS": ["A", "B"], "final_decision": "yes"}}
    with pytest.raises(DatasetError, match="record 999.*same length"):
        load_dataset(str(write(tmp_path / "x.json", json.dumps(data))))


def test_mmlu(tmp_path):
    rows = [["What is 1+1?", "1", "2", "3", "4", "B"], ["Which?", "w", "x", "y", "z", "D"]]
    path = tmp_path / "clinical_knowledge_test.csv"
    with open(path, "w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    loaded = load_dataset(str(path))
    assert loaded.format == "mmlu"
    assert [i.answer for i in loaded.items] == ["B", "D"] and loaded.items[0].subject == "clinical knowledge"


@pytest.mark.parametrize("content, message", [
    ('{"question": "Q?", "options": {"A": "x", "B": "y"}, "answer": "C"}', r"line 1.*'answer' must be one of the option letters AB"),
    ('{"question": "", "options": {"A": "x", "B": "y"}, "answer": "A"}', r"line 1.*'question'"),
    ('{"question": "Q?", "options": "x", "answer": "A"}', r"line 1.*'options'"),
    ('{"question": "Q?", "options": {"A": "x", "B": "y"}, "answer": "A"}\n{broken', r"line 2 column"),
    ('[1, 2]', r"line 1: expected a JSON object"),
])
def test_errors_name_file_line_and_field(tmp_path, content, message):
    path = write(tmp_path / "bad.jsonl", content)
    with pytest.raises(DatasetError, match=message) as info:
        load_dataset(f"{path}:mcq")
    assert "bad.jsonl" in str(info.value)


def test_missing_file_and_unknown_shape(tmp_path):
    with pytest.raises(DatasetError, match="no such file"):
        load_dataset(str(tmp_path / "nope.jsonl"))
    with pytest.raises(DatasetError, match="cannot tell the format"):
        load_dataset(str(write(tmp_path / "odd.jsonl", '{"foo": 1}')))


def test_split_spec_keeps_colons_that_are_not_formats():
    assert split_spec("data/x.jsonl:medqa") == ("data/x.jsonl", "medqa")
    assert split_spec("C:/data/x.jsonl") == ("C:/data/x.jsonl", None)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda s: s.encode("utf-8")),
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
                 lambda inner: st.one_of(st.lists(inner, max_size=4),
                                         st.dictionaries(st.sampled_from(["question", "options", "answer", "opa",
                                                                          "cop", "answer_idx", "QUESTION", "id"]),
                                                         inner, max_size=5)),
                 max_leaves=12).map(lambda obj: json.dumps(obj).encode("utf-8")),
), st.sampled_from(["x.jsonl", "x.json", "x.csv"]))
def test_malformed_files_give_a_clean_error_never_a_crash(tmp_path, content, name):
    path = tmp_path / name
    path.write_bytes(content)
    try:
        dataset = load_dataset(str(path))
    except DatasetError as exc:
        assert len(str(exc).splitlines()) == 1 and name in str(exc)
    else:
        assert dataset.items  # loading may succeed only with real items


MCQ = {"question": "Q?", "options": {"A": "x", "B": "y"}, "answer": "A"}
PUBMED = {"QUESTION": "Q?", "CONTEXTS": ["a"], "LABELS": ["RESULTS"], "final_decision": "yes"}


def jsonl(*records: dict) -> str:
    return "\n".join(json.dumps(r) for r in records) + "\n"


def medmcqa(cop: int, n: int = 0, **extra) -> dict:
    return {**json.loads(medmcqa_line(n, cop, **extra)), "id": f"m{n}"}


# Each defect the outside audit found (issue 13): the file, the format to force (or None), and the one line the
# loader must give: file, true line, field.
AUDIT = {
    "repeated id": ("d.jsonl", jsonl({**MCQ, "id": "x"}, MCQ, {**MCQ, "id": "x"}), None,
                    r"d.jsonl: line 3: id 'x' is used twice \(lines 1 and 3\)"),
    "27 options": ("d.jsonl", jsonl({**MCQ, "options": [f"o{i}" for i in range(27)]}), "mcq",
                   r"line 1: field 'options' has 27 options; at most 26 \(letters A-Z\)"),
    "non-text MedQA option": ("q.jsonl", jsonl({"question": "Q?", "options": {"A": "x", "B": 2, "C": "z", "D": "w"},
                                                "answer_idx": "A"}), None,
                              r"line 1: field 'options' option B must be text"),
    "list answer_idx": ("q.jsonl", jsonl({"question": "Q?", "options": dict(zip("ABCD", "wxyz")),
                                          "answer_idx": ["A"]}), None, r"line 1: field 'answer_idx' must be one of"),
    "truncated pretty JSON": ("d.json", json.dumps([MCQ, MCQ], indent=2)[:-20], "mcq", r"d.json: line 1[0-9] column"),
    "true line in a pretty JSON list": ("d.json", json.dumps([MCQ, {**MCQ, "answer": "C"}], indent=2), None,
                                        r"d.json: line 10: field 'answer'"),
    "PubMedQA record without QUESTION": ("p.json", json.dumps({"1": PUBMED, "2": {k: v for k, v in PUBMED.items()
                                                                                  if k != "QUESTION"}}), None,
                                         r"line 1 \(record 2\): missing field 'QUESTION'"),
    "every cop -1": ("m.json", jsonl(medmcqa(-1, n=1), medmcqa(-1, n=2)), None,
                     r"no usable items: all 2 records were skipped \(first at m.json:line 1: no answer key"),
    "CSV field over the limit": ("c.csv", "question,answer,A,B\nQ?,A,x,y\n" + f'"{"x" * 131073}",A,x,y\n', None,
                                 r"line 3: not readable as CSV \(a field is longer than 131072"),
    "MedMCQA exp not text": ("m.json", jsonl(medmcqa(0, exp=["why"])), None,
                             r"line 1 \(id m0\): field 'exp' must be text"),
    "MedMCQA subject_name not text": ("m.json", jsonl(medmcqa(0, subject_name=3)), None, r"field 'subject_name'"),
    "PubMedQA section not text": ("p.json", json.dumps({"1": {**PUBMED, "CONTEXTS": [5]}}), None,
                                  r"line 1 \(record 1\): field 'CONTEXTS' entry 1 must be text"),
    "PubMedQA LONG_ANSWER not text": ("p.json", json.dumps({"1": {**PUBMED, "LONG_ANSWER": ["x"]}}), None,
                                      r"field 'LONG_ANSWER' must be text"),
    "repeated PMID": ("p.json", '{\n "7": %s,\n "7": %s\n}' % (json.dumps(PUBMED), json.dumps(PUBMED)), None,
                      r"p.json: line 3 column 2: the record key \(PMID\) '7' appears twice \(lines 2 and 3\)"),
    "extra CSV cell": ("c.csv", "question,answer,A,B\nQ?,A,x,y,surplus\n", None,
                       r"line 2: 5 cells, but the header \(line 1\) has 4 columns"),
    "NUL byte": ("d.jsonl", jsonl(MCQ) + '{"question": "Q\x00"}\n', None, r"line 2 column 16: NUL character"),
    "repeated key in a record": ("d.jsonl", jsonl(MCQ) + '{"question": "a", "question": "b"}\n', None,
                                 r"line 2 column 1: key 'question' appears twice"),
    "text after a JSON Lines record": ("d.jsonl", jsonl(MCQ).strip() + " {}\n", None,
                                       r"line 1 column \d+: unexpected content"),
    "unclosed CSV quote": ("c.csv", 'question,answer,A,B\nQ?,A,x,y\n"Q2,A,x,y\n', None,
                           r"line 3: not readable as CSV \(a quoted field is not closed"),
    "MMLU extra cell": ("x_test.csv", "Q?,a,b,c,d,A\nQ2?,a,b,c,d,B,extra\n", "mmlu", r"line 2: expected 6 columns"),
    "cop ambiguous": ("m.json", jsonl(medmcqa(1, n=1), medmcqa(3, n=2)), None,
                      r"line 1: field 'cop' only holds values 1-3 in all 2 labelled records"),
    "option letters with a gap": ("d.jsonl", jsonl({**MCQ, "options": {"A": "x", "C": "y"}}), None,
                                  r"line 1: field 'options': option letters must be A, B without gaps"),
    "id of the wrong type": ("d.jsonl", jsonl({**MCQ, "id": [1]}), None,
                             r"line 1: field 'id' must be text or a whole"),
    "empty file": ("d.jsonl", "  \n", None, r"d.jsonl: the file is empty"),
    "empty JSON list": ("d.json", "\n[]", "mcq", r"d.json: line 2 column 1: the JSON list holds no records"),
}


@pytest.mark.parametrize("name, content, forced, message", AUDIT.values(), ids=AUDIT.keys())
def test_each_audit_finding_is_one_line_naming_file_line_and_field(tmp_path, name, content, forced, message):
    path = write(tmp_path / name, content)
    with pytest.raises(DatasetError) as info:
        load_dataset(f"{path}:{forced}" if forced else str(path))
    assert re.search(message, str(info.value)), str(info.value)
    assert len(str(info.value).splitlines()) == 1


@pytest.mark.parametrize("encoding, message", [
    ("utf-16", r"line 1: the file is UTF-16 text"),
    ("latin-1", r"line 2: byte 18 of the line \(0xE9\) is not UTF-8"),
])
def test_other_encodings_are_refused_at_their_line(tmp_path, encoding, message):
    path = tmp_path / "d.jsonl"
    path.write_bytes((jsonl(MCQ) + '{"question": "café?"}\n').encode(encoding))
    with pytest.raises(DatasetError, match=message):
        load_dataset(str(path))


def test_a_byte_order_mark_is_accepted_and_errors_after_it_keep_their_line(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + jsonl(MCQ, {**MCQ, "id": "b"}).encode())
    assert [i.id for i in load_dataset(str(path)).items] == ["d-1", "b"]
    path.write_bytes(b"\xef\xbb\xbf" + jsonl(MCQ).encode() + b'{"question": "caf\xe9"}\n')
    with pytest.raises(DatasetError, match=r"line 2: byte 18 of the line"):
        load_dataset(str(path))


def test_a_pubmedqa_file_pretty_printed_reports_the_true_line(tmp_path):
    data = {"1": PUBMED, "2": {**PUBMED, "final_decision": "Yes"}}
    text = json.dumps(data, indent=1)
    line = text.splitlines().index(' "2": {') + 1
    with pytest.raises(DatasetError, match=rf"line {line} \(record 2\): field 'final_decision'"):
        load_dataset(str(write(tmp_path / "ori_pqal.json", text)))


def test_schema_rejects_bad_items():
    with pytest.raises(ItemError, match="answer"):
        MCQItem(id="x", question="q?", options=(("A", "a"), ("B", "b")), answer="C")
    with pytest.raises(ItemError, match="repeat the same text"):
        MCQItem(id="x", question="q?", options=(("A", "a"), ("B", " A ")), answer="A")


def test_reorder_follows_the_answer_through_the_permutation(demo_items):
    item = demo_items[0]
    rotated = item.reorder([1, 2, 3, 4, 0])
    assert rotated.answer_text == item.answer_text
    assert rotated.option_texts == item.option_texts[1:] + item.option_texts[:1]


def test_stratified_subset_is_deterministic_balanced_and_in_file_order(demo_items):
    a = stratified_subset(demo_items, 20, seed=3)
    assert a == stratified_subset(demo_items, 20, seed=3)
    assert a != stratified_subset(demo_items, 20, seed=4)
    assert [demo_items.index(i) for i in a] == sorted(demo_items.index(i) for i in a)
    counts = Counter(i.answer for i in a)
    assert set(counts.values()) == {4}
    subjects = Counter(i.subject for i in a)
    assert subjects["pediatric endocrinology"] in (6, 7)  # a third of the file, a third of the subset
    first_rows = demo_items[:20]
    assert len({i.subject for i in a}) > len({i.subject for i in first_rows})

