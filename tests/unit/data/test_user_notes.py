"""A user's own notes (pytest_medllm.data.user_notes): the two file formats, one clean error per malformed file,
the notes the suites get, and the relaxed ClinicalNote schema that keeps the cohort's rules."""

from __future__ import annotations

import json

import pytest

from pytest_medllm.data.schemas import ClinicalNote, ItemError
from pytest_medllm.data.sources import DatasetError
from pytest_medllm.data.user_notes import NO_VITALS, build_user_note, load_user_notes, los_bucket

NOTE = ("HPI: 67-year-old Hispanic woman with sepsis; her son brought her in.\nExam:\nT 38.4C, HR 112, BP 92/50, "
        "RR 24, SpO2 93% RA\n")


def _jsonl(tmp_path, records, name="notes.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def test_jsonl_notes_become_clinical_notes_with_spans_and_real_labels(tmp_path):
    path = _jsonl(tmp_path, [{"id": "a1", "text": NOTE, "mortality": 1, "los_days": 3.5, "extra": "ignored"},
                             {"id": 7, "text": "Family meeting held; comfort care.", "sex": "F", "age": 80}])
    first, second = load_user_notes(path)
    note = first.note
    assert (note.style, note.synthetic, note.age, note.gender, note.ethnicity) == ("user", False, 67, "female",
                                                                                   "Hispanic/Latino")
    assert note.label_map == {"mortality": "1", "los": "3"}  # 84 hours: DeVisE's bucket [[3]]
    assert note.vital_map == {"heart_rate": 112.0, "systolic_bp": 92.0, "diastolic_bp": 50.0,
                              "respiratory_rate": 24.0, "oxygen_saturation": 93.0,
                              "temperature": 101.1}  # 38.4 °C to 0.1 °F
    assert sorted(note.span_text("gender")) == ["her", "her", "woman"]
    assert note.span_text("temperature") == ["38.4"] and note.span_text("age") == ["67"]
    assert first.no_vitals_reason is None and first.source == "notes.jsonl:1"
    assert second.id == "7" and second.no_vitals_reason == NO_VITALS
    assert (second.note.age, second.note.gender) == (80, "female")  # the file's fields where the text says nothing


def test_csv_notes_with_quoted_multiline_text(tmp_path):
    path = tmp_path / "notes.csv"
    path.write_text('id,text,sex,ethnicity,los_hours\nn1,"' + NOTE.replace('"', '""') + '",male,Asian,20\n'
                    'n2,"Exam: HR 80",,,\n', encoding="utf-8")
    first, second = load_user_notes(path)
    assert (first.note.gender, first.note.ethnicity) == ("male", "Asian & Pacific")  # the file's fields win
    assert first.note.label_map == {} and first.los_hours == 20.0  # under 24 h: no bucket
    assert second.source == "notes.csv:6" and second.note.vital_map["heart_rate"] == 80.0  # the first spans 2-5


def test_findings_hold_offsets_and_values_never_the_text(tmp_path):
    user = build_user_note("x", NOTE)
    findings = user.findings()
    dumped = json.dumps(findings)
    assert "sepsis" not in dumped and "brought" not in dumped
    chosen = [row for row in findings["vitals"] if row["chosen"]]
    assert {row["variable"] for row in chosen} == {"temperature", "heart_rate", "systolic_bp", "diastolic_bp",
                                                   "respiratory_rate", "oxygen_saturation"}
    assert all(row["rule"] == 1 and row["section_kind"] == "exam" for row in chosen)
    declared = build_user_note("y", NOTE, sex="male", age=67).findings()
    assert declared["declared"] == {"age": 67, "sex": "male", "ethnicity": None}
    assert declared["declared_and_text_disagree"] == ["sex"]  # the file says male, the text says woman


def test_a_chosen_reading_beyond_devises_range_keeps_its_span_but_has_no_value():
    user = build_user_note("h", "Exam: BP 236/132, HR 90, SpO2 98%")
    assert user.note.vital_map["systolic_bp"] is None and user.note.vital_map["diastolic_bp"] == 132.0
    assert user.note.span_text("systolic_bp") == ["236"] and user.no_vitals_reason is None
    row = next(r for r in user.findings()["vitals"] if r["variable"] == "systolic_bp")
    assert (row["chosen"], row["in_range"], row["rule"]) == (True, False, 1)


@pytest.mark.parametrize("records, message", [
    ([{"text": NOTE}], "line 1: missing field 'id'"),
    ([{"id": "a", "text": NOTE}, {"id": "a", "text": NOTE}], "line 2 (id a): id 'a' is used twice (lines 1 and 2)"),
    ([{"id": "a"}], "line 1 (id a): missing field 'text'"),
    ([{"id": "a", "text": 5}], "line 1 (id a): field 'text' must be text, got number 5"),
    ([{"id": "a", "text": "   "}], "line 1 (id a): field 'text' must be non-empty text"),
    ([{"id": "a", "text": NOTE, "age": "old"}], "field 'age' must be a number, got text 'old'"),
    ([{"id": "a", "text": NOTE, "age": 140}], "field 'age' must be whole years 0-130, got number 140"),
    ([{"id": "a", "text": NOTE, "sex": "x"}], "field 'sex' must be M, F, male or female, got text 'x'"),
    ([{"id": "a", "text": NOTE, "ethnicity": "Martian"}], "field 'ethnicity' must be one of"),
    ([{"id": "a", "text": NOTE, "mortality": 2}], "field 'mortality' must be 0 or 1, got number 2"),
    ([{"id": "a", "text": NOTE, "mortality": True}], "field 'mortality' must be 0 or 1, got true/false"),
    ([{"id": "a", "text": NOTE, "los_days": 1, "los_hours": 24}], "give field 'los_days' or field 'los_hours'"),
    ([{"id": "a", "text": NOTE, "los_hours": -1}], "field 'los_hours' must be >= 0, got number -1"),
    ([[NOTE]], "line 1: expected a JSON object with 'id' and 'text', got text"),
])
def test_one_clean_error_naming_file_line_and_field(tmp_path, records, message):
    path = _jsonl(tmp_path, records)
    with pytest.raises(DatasetError) as error:
        load_user_notes(path)
    assert str(error.value).startswith(f"{path}: ") and message in str(error.value)
    assert "sepsis" not in str(error.value)  # the note's text never appears in a message


def test_csv_errors(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("id,note\n1,HR 80\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"bad.csv: line 1: the header needs the columns 'id' and 'text'"):
        load_user_notes(path)
    path.write_text("id,text\n1,HR 80,extra\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"bad.csv: line 2: 3 cells, but the header \(line 1\) has 2 columns"):
        load_user_notes(path)
    path.write_text("id,text,age\n1,HR 80,57.5\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"line 2 \(id 1\): field 'age' must be whole years"):
        load_user_notes(path)


def test_broken_json_is_located(tmp_path):
    path = tmp_path / "notes.jsonl"
    path.write_text('{"id": "a", "text": "HR 80"}\n{"id": "b", "text": \n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"notes.jsonl: line 3 column 1: not valid JSON"):
        load_user_notes(path)


def test_los_buckets_follow_devise_appendix_a6():
    assert [los_bucket(h) for h in (10, 24, 38.9, 39, 59.5, 60, 112.9, 113, 700)] == [
        None, "1", "1", "2", "2", "3", "3", "4", "4"]


def test_the_cohort_keeps_its_rules_and_user_notes_relax_them():
    base = dict(id="n", vitals=(("heart_rate", 80.0),), text="HR 80")
    ClinicalNote(age=None, gender=None, ethnicity=None, style="user", **base)
    ClinicalNote(age=95, gender="male", ethnicity="White", style="user", **base)
    for bad in (dict(age=None, gender="male", ethnicity="White"), dict(age=95, gender="male", ethnicity="White"),
                dict(age=60, gender=None, ethnicity="White"), dict(age=60, gender="male", ethnicity=None)):
        with pytest.raises(ItemError):
            ClinicalNote(style="raw", **bad, **base)
    with pytest.raises(ItemError, match="0-130 or unknown"):
        ClinicalNote(age=-1, gender=None, ethnicity=None, style="user", **base)
    with pytest.raises(ItemError, match="template, raw or user"):
        ClinicalNote(age=60, gender="male", ethnicity="White", style="other", **base)
