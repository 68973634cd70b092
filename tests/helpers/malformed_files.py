"""Generators of dataset files, valid and malformed, for the loader fuzz test (tests/unit/data/test_loader_fuzz.py).

A valid file is drawn first, in one of the loader's formats and layouts (JSON Lines, JSON list pretty-printed or on
one line, PubMedQA's object keyed by PMID, CSV), with the item each record must become. A mutation then breaks one
record or the whole file, and says what the loader must do: refuse the file naming this record's line (the line
where the record starts in the file) and this field, skip this record, or still load it. Every :class:`Case`
carries that expectation, so a test can fail both ways: a valid file refused, a broken file accepted.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
import string
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

#: The loader's limit for a text field (and the csv module's field limit).
MAX_TEXT = 131_072
LETTERS = string.ascii_uppercase

_CHARS = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), include_characters="\n")
#: Non-empty text without surrounding whitespace (CSV readers strip cells), line breaks allowed inside.
TEXT = st.text(_CHARS, min_size=1, max_size=16).map(str.strip).filter(bool)
IDS = st.text(string.ascii_letters + string.digits + "-_.:/ é漢", min_size=1, max_size=12).map(str.strip)
#: JSON values that are not text, for "wrong type" mutations (null is added where a field is required).
NOT_TEXT = st.sampled_from([0, 7, -1, 1.5, True, False, [], ["x"], {}, {"A": "x"}])


@dataclass(frozen=True)
class Case:
    """A file and what loading it must give."""

    name: str
    content: bytes
    forced: str | None        # format named with PATH:FORMAT, or None (detected)
    expect: str               # "load", "error" or "any" (random input: only a clean outcome is promised)
    items: tuple = ()         # for "load": the items' keys, in file order (see item_key in the test)
    skipped: tuple = ()       # for "load": lines of the skipped records
    lines: tuple = ()         # for "error": lines the message must name (the first line it names is one of them)
    field: str | None = None  # for "error": a pattern the message must match (the field's name)
    label: str = ""           # what was done, for statistics and failure reports


@dataclass
class Rec:
    """One record of a plan: its data, what it must load as, and how it is written."""

    data: object
    #: the expected item key, from the number in loader-made ids (the line; the position in a JSON list)
    item: Callable[[int], tuple] | None = None
    key: str | None = None                      # its PMID in a keyed PubMedQA object
    raw: str | None = None                      # JSON text written instead of ``data`` (text-level damage)
    skip: bool = False


@dataclass
class Plan:
    """A dataset file before it is written."""

    fmt: str                 # the loader's format name (medmcqa-0based / -1based for MedMCQA)
    layout: str              # jsonl, list-pretty, list-compact, keyed-pretty, keyed-compact or csv
    name: str
    records: list[Rec]
    force: bool
    header: list[str] | None = None
    delimiter: str = ","
    ensure_ascii: bool = True
    blanks: list[int] = field(default_factory=list)

    @property
    def stem(self) -> str:
        return self.name.rsplit(".", 1)[0]

    @property
    def is_csv(self) -> bool:
        return self.layout == "csv"


# -- rendering -------------------------------------------------------------------------------------------------

def render(plan: Plan) -> tuple[str, list[int]]:
    """The file's text and the line where each record starts."""
    out: list[str] = []
    starts: list[int] = []
    size = 0

    def emit(text: str, record: bool = False) -> None:
        nonlocal size
        if record:
            starts.append(size)
        out.append(text)
        size += len(text)

    if plan.is_csv:
        def row_text(cells: list[str]) -> str:
            buffer = io.StringIO()
            csv.writer(buffer, delimiter=plan.delimiter).writerow(cells)
            return buffer.getvalue()
        if plan.header is not None:
            emit(row_text(plan.header))
        for index, rec in enumerate(plan.records):
            emit("\r\n" * _blank(plan, index))
            emit(rec.raw if rec.raw is not None else row_text(rec.data), record=True)  # type: ignore[arg-type]
    else:
        def dumps(rec: Rec, indent: int | None) -> str:
            if rec.raw is not None:
                return rec.raw
            return json.dumps(rec.data, indent=indent, ensure_ascii=plan.ensure_ascii)
        layout = plan.layout
        if layout == "jsonl":
            for index, rec in enumerate(plan.records):
                emit("\n" * _blank(plan, index))
                emit(dumps(rec, None), record=True)
                emit("\n")
        elif layout.startswith(("list", "keyed")):
            pretty = layout.endswith("pretty")
            opening, closing = ("[", "]") if layout.startswith("list") else ("{", "}")
            emit(opening + ("\n" if pretty else ""))
            for index, rec in enumerate(plan.records):
                if index:
                    emit(",\n" if pretty else ", ")
                emit("  " if pretty else "")
                if rec.key is not None:
                    emit(json.dumps(rec.key) + ": ")
                emit(dumps(rec, 2 if pretty else None).replace("\n", "\n  "), record=True)
            emit(("\n" if pretty else "") + closing + "\n")
        else:
            raise ValueError(layout)
    text = "".join(out)
    return text, [text.count("\n", 0, start) + 1 for start in starts]


def _blank(plan: Plan, index: int) -> int:
    return plan.blanks[index] if index < len(plan.blanks) else 0


def case_of(plan: Plan, expect: str | None = None, error_records: tuple[int, ...] = (), field: str | None = None,
            label: str = "", text: str | None = None, encode: Callable[[str], bytes] | None = None) -> Case:
    """Write the plan and say what the loader must do: refuse it naming the lines of ``error_records``, or (no
    error) load the records' items and skip the records marked skipped; all skipped is an error at the first."""
    rendered, lines = render(plan)
    content = (encode or (lambda t: t.encode("utf-8")))(text if text is not None else rendered)
    forced = plan.fmt if plan.force else None
    if expect == "error" or error_records:
        return Case(plan.name, content, forced, "error", lines=tuple(lines[i] for i in error_records), field=field,
                    label=label)
    numbers = list(range(1, len(lines) + 1)) if plan.layout.startswith("list") else lines
    kept = [(rec, number) for rec, number in zip(plan.records, numbers) if not rec.skip]
    if not kept:
        return Case(plan.name, content, forced, "error", lines=(lines[0],), label=label + " (all skipped)")
    return Case(plan.name, content, forced, "load", items=tuple(rec.item(number) for rec, number in kept),
                skipped=tuple(line for rec, line in zip(plan.records, lines) if rec.skip), label=label)


# -- valid files -----------------------------------------------------------------------------------------------

@st.composite
def options(draw, low: int = 2, high: int = 6) -> list[str]:
    """Option texts, distinct even when case and spacing are folded (the last word is the option's number)."""
    count = draw(st.integers(low, high))
    return [f"{draw(TEXT)} {index}" for index in range(count)]


def _explicit_id(draw, index: int, required: bool = False) -> str | None:
    """Explicit ids start with q, so they never meet the loader's own ids (made from the file name and line)."""
    if not required and draw(st.booleans()):
        return None
    return f"q{index}-{draw(IDS)}".strip()


def _mcq_key(item_id: str | None, default: Callable[[int], str], question: str, texts: list[str], answer: int):
    letters = LETTERS[: len(texts)]
    return lambda line: (item_id or default(line), question, tuple(zip(letters, texts)), letters[answer])


@st.composite
def mcq_plan(draw, name: str = "data.jsonl") -> Plan:
    layout = draw(st.sampled_from(["jsonl", "list-pretty", "list-compact"]))
    stem = name.rsplit(".", 1)[0]
    records = []
    for index in range(draw(st.integers(1, 5))):
        texts, question = draw(options(2, 8)), draw(TEXT)
        answer = draw(st.integers(0, len(texts) - 1))
        item_id = _explicit_id(draw, index)
        data: dict = {"question": question}
        if item_id:
            data["id"] = item_id
        if draw(st.booleans()):
            shown = list(zip(LETTERS, texts))
            if draw(st.booleans()):
                shown.reverse()  # keys in any order and case: the loader orders by letter
            case = str.lower if draw(st.booleans()) else str
            data["options"] = {case(letter): text for letter, text in shown}
        else:
            data["options"] = texts
        data["answer"] = draw(st.sampled_from([LETTERS[answer], LETTERS[answer].lower(), f" {LETTERS[answer]} "]))
        for optional in ("subject", "explanation", "description", "context", "rationale"):
            if draw(st.integers(0, 3)) == 0:
                data[optional] = draw(st.none() | TEXT | st.just(""))
        records.append(Rec(data, _mcq_key(item_id, lambda line: f"{stem}-{line}", question, texts, answer)))
    return Plan("mcq", layout, name, records, force=draw(st.booleans()), ensure_ascii=draw(st.booleans()),
                blanks=draw(st.lists(st.integers(0, 2), max_size=5)))


@st.composite
def medqa_plan(draw) -> Plan:
    name = "medqa_test.jsonl"
    records = []
    for index in range(draw(st.integers(1, 5))):
        texts, question = draw(options(4, 5)), draw(TEXT)
        answer = draw(st.integers(0, len(texts) - 1))
        item_id = _explicit_id(draw, index)
        data = {"question": question, "answer": texts[answer], "options": dict(zip(LETTERS, texts)),
                "meta_info": draw(st.sampled_from(["step1", "step2&3", None])), "answer_idx": LETTERS[answer],
                "metamap_phrases": [draw(TEXT)]}
        if item_id:
            data["id"] = item_id
        if draw(st.integers(0, 3)) == 0:
            del data["answer"]  # the text of the answer is optional
        records.append(Rec(data, _mcq_key(item_id, lambda line: f"medqa-medqa_test-{line}", question, texts,
                                          answer)))
    return Plan("medqa", draw(st.sampled_from(["jsonl", "jsonl", "list-pretty"])), name, records,
                force=draw(st.booleans()), blanks=draw(st.lists(st.integers(0, 1), max_size=5)))


@st.composite
def medmcqa_plan(draw) -> Plan:
    base = draw(st.integers(0, 1))
    records = []
    for index in range(draw(st.integers(1, 5))):
        texts, question = draw(options(4, 4)), draw(TEXT)
        answer = draw(st.integers(0, 3))
        item_id = _explicit_id(draw, index)
        data = {"question": question, "exp": draw(st.none() | TEXT), "cop": answer + base,
                **dict(zip(("opa", "opb", "opc", "opd"), texts)), "subject_name": draw(st.none() | TEXT),
                "topic_name": None, "choice_type": draw(st.sampled_from(["single", "multi", None]))}
        if item_id:
            data["id"] = item_id
        records.append(Rec(data, _mcq_key(item_id, lambda line: f"medmcqa-{line}", question, texts, answer)))
    cops = {rec.data["cop"] for rec in records}  # type: ignore[index]
    # the base can be told only from a 0 (0-based) or a 4 (1-based); otherwise the format must be named
    detectable = 0 in cops or 4 in cops
    return Plan(f"medmcqa-{base}based", "jsonl", "dev.json", records,
                force=not detectable or draw(st.booleans()))


LABELS = ["BACKGROUND", "OBJECTIVE", "METHODS", "RESULTS", "conclusions"]


def _evidence_key(given: str | None, question: str, sections: tuple, decision: str) -> Callable[[int], tuple]:
    return lambda line: (given or f"ori_pqal-{line}", question, sections, decision)


@st.composite
def pubmedqa_plan(draw) -> Plan:
    layout = draw(st.sampled_from(["keyed-pretty", "keyed-compact", "list-pretty", "jsonl"]))
    keyed = layout.startswith("keyed")
    records = []
    for index in range(draw(st.integers(1, 4))):
        sections = draw(st.integers(1, 4))
        contexts = [draw(TEXT) for _ in range(sections)]
        labels = [draw(st.sampled_from(LABELS)) for _ in range(sections)]
        question = draw(TEXT)
        decision = draw(st.sampled_from(["yes", "no", "maybe"]))
        data = {"QUESTION": question, "CONTEXTS": contexts, "LABELS": labels,
                "MESHES": draw(st.lists(TEXT, max_size=2)), "YEAR": draw(st.sampled_from(["2011", 2011, None])),
                "reasoning_required_pred": "yes", "reasoning_free_pred": "yes", "final_decision": decision,
                "LONG_ANSWER": draw(st.none() | TEXT)}
        pmid = f"{20000000 + index}"
        if not keyed and draw(st.booleans()):
            data["id"] = pmid
        sections_key = tuple((label.upper(), text) for label, text in zip(labels, contexts))
        given = pmid if keyed else data.get("id")
        records.append(Rec(data, _evidence_key(given, question, sections_key, decision), key=pmid if keyed else None))
    return Plan("pubmedqa", layout, "ori_pqal.json", records, force=draw(st.booleans()),
                ensure_ascii=draw(st.booleans()))


@st.composite
def mcq_csv_plan(draw) -> Plan:
    width = draw(st.integers(2, 6))
    style = draw(st.sampled_from(["letters", "option_"]))
    option_columns = [c if style == "letters" else f"option_{c.lower()}" for c in LETTERS[:width]]
    with_id, with_index = draw(st.booleans()), draw(st.booleans())
    header = ([""] if with_index else []) + (["id"] if with_id else []) + ["question", *option_columns, "answer",
                                                                            "explanation"]
    records = []
    for index in range(draw(st.integers(1, 5))):
        texts, question = draw(options(2, width)), draw(TEXT)
        answer = draw(st.integers(0, len(texts) - 1))
        item_id = _explicit_id(draw, index) if with_id else None
        cells = ([str(index)] if with_index else []) + ([item_id or ""] if with_id else []) + \
            [question, *texts, *([""] * (width - len(texts))), LETTERS[answer], draw(st.sampled_from(["", "why"]))]
        records.append(Rec(cells, _mcq_key(item_id, lambda line: f"items-{line}", question, texts, answer)))
    return Plan("mcq-csv", "csv", "items.csv", records, force=draw(st.booleans()), header=header,
                blanks=draw(st.lists(st.integers(0, 1), max_size=5)))


@st.composite
def mmlu_plan(draw) -> Plan:
    records = []
    for index in range(draw(st.integers(1, 5))):
        texts, question = draw(options(4, 4)), draw(TEXT)
        answer = draw(st.integers(0, 3))
        cells = [question, *texts, draw(st.sampled_from([LETTERS[answer], LETTERS[answer].lower()]))]
        records.append(Rec(cells, _mcq_key(None, lambda line: f"mmlu-anatomy_test-{line}", question, texts,
                                           answer)))
    return Plan("mmlu", "csv", "anatomy_test.csv", records, force=draw(st.booleans()))


PLANS = {"mcq": mcq_plan(), "medqa": medqa_plan(), "medmcqa": medmcqa_plan(), "pubmedqa": pubmedqa_plan(),
         "mcq-csv": mcq_csv_plan(), "mmlu": mmlu_plan()}
any_plan = st.sampled_from(sorted(PLANS)).flatmap(lambda fmt: PLANS[fmt])


@st.composite
def valid_files(draw) -> Case:
    """A valid file in any format and layout, sometimes with a byte order mark or Windows line ends."""
    plan = draw(any_plan)
    finish = draw(st.sampled_from(["plain", "bom", "crlf"] if not plan.is_csv else ["plain", "bom"]))
    text, _ = render(plan)
    if finish == "crlf":  # JSON strings hold no raw line breaks, so only the layout changes
        text = text.replace("\n", "\r\n")
    encode = (lambda t: codecs.BOM_UTF8 + t.encode("utf-8")) if finish == "bom" else None
    return case_of(plan, label=f"valid {plan.fmt} {plan.layout} {finish}", text=text, encode=encode)


# -- one broken record -----------------------------------------------------------------------------------------

#: (field, mutation) → what the loader must do with the record: ("error", field), ("skip",) or ("load",).
Outcome = tuple


def _set(data: dict, name: str, value: object) -> dict:
    return {**data, name: value}


def _without(data: dict, name: str) -> dict:
    return {k: v for k, v in data.items() if k != name}


def _text_damage(draw, value: str) -> tuple[str, str]:
    kind = draw(st.sampled_from(["nul", "surrogate", "huge"]))
    damaged = {"nul": value + "\x00", "surrogate": value + "\ud800", "huge": "x" * (MAX_TEXT + 1)}[kind]
    return kind, damaged


def _json_field_mutations(draw, plan: Plan, data: dict) -> tuple[dict | object, Outcome, str]:
    """Break one field of a JSON record, the way the audit did: wrong type, missing, empty, damaged text…"""
    fmt = plan.fmt.split("-")[0]
    required_text = {"mcq": ["question"], "medqa": ["question"], "medmcqa": ["question"],
                     "pubmedqa": ["QUESTION"]}[fmt]
    optional_text = {"mcq": ["subject", "explanation", "description", "context", "rationale"],
                     "medqa": ["meta_info", "answer"], "medmcqa": ["exp", "subject_name", "choice_type"],
                     "pubmedqa": ["LONG_ANSWER"]}[fmt]
    kinds = ["required-wrong-type", "required-missing", "required-blank", "required-damaged",
             "optional-wrong-type", "optional-null", "id-wrong-type", "id-not-one-line", "not-an-object"]
    kinds += {"mcq": ["options-wrong-type", "options-count", "options-gap", "options-bad-letter",
                      "option-not-text", "option-duplicate", "option-empty", "answer-not-an-option",
                      "answer-wrong-type", "answer-missing"],
              "medqa": ["options-wrong-type", "options-count", "option-not-text", "option-duplicate",
                        "option-empty", "answer-not-an-option", "answer-wrong-type", "answer-missing",
                        "answer-text-mismatch", "options-lowercase"],
              "medmcqa": ["op-wrong-type", "op-missing", "option-duplicate", "option-empty", "cop-bad",
                          "cop-none"],
              "pubmedqa": ["contexts-bad", "labels-length", "label-not-text", "decision-bad", "year-bad",
                           "year-int", "meshes-bad"]}[fmt]
    kind = draw(st.sampled_from(kinds))
    if kind == "required-wrong-type":
        name = draw(st.sampled_from(required_text))
        return _set(data, name, draw(NOT_TEXT | st.none())), ("error", name), kind
    if kind == "required-missing":
        name = draw(st.sampled_from(required_text))
        return _without(data, name), ("error", name), kind
    if kind == "required-blank":
        name = draw(st.sampled_from(required_text))
        return _set(data, name, draw(st.sampled_from(["", " ", "\n\t"]))), ("error", name), kind
    if kind == "required-damaged":
        name = draw(st.sampled_from(required_text))
        how, value = _text_damage(draw, str(data[name]))
        return _set(data, name, value), ("error", name), f"{kind} {how}"
    if kind == "optional-wrong-type":
        name = draw(st.sampled_from(optional_text))
        return _set(data, name, draw(NOT_TEXT)), ("error", name), kind
    if kind == "optional-null":
        name = draw(st.sampled_from(optional_text))
        return _set(data, name, None), ("load",), kind
    if kind == "id-wrong-type":
        if fmt == "pubmedqa" and plan.layout.startswith("keyed"):
            return _set(data, "id", draw(NOT_TEXT)), ("load",), "id ignored in keyed records"
        return _set(data, "id", draw(st.sampled_from([1.5, True, [], ["x"], {}, {"a": 1}]))), ("error", "id"), kind
    if kind == "id-not-one-line":
        if fmt == "pubmedqa" and plan.layout.startswith("keyed"):
            return data, ("load",), "unchanged"
        bad = draw(st.sampled_from(["a\nb", "tab\there", "x" * 201, "nul\x00"]))
        return _set(data, "id", bad), ("error", "id"), kind
    if kind == "not-an-object":
        return draw(st.sampled_from([[], [1, 2], "text", 3, None, True])), ("error", None), kind
    if kind == "options-wrong-type":
        return _set(data, "options", draw(st.sampled_from(["A", 3, None, True, 1.5]))), ("error", "options"), kind
    if kind == "options-count":
        count = draw(st.sampled_from([0, 1, 3, 6, 27, 40] if fmt == "medqa" else [0, 1, 27, 40]))
        texts = [f"t{i}" for i in range(count)]
        value = texts if fmt == "mcq" and draw(st.booleans()) else dict(zip(LETTERS + "abcdefghijklmn", texts))
        return _set(data, "options", value), ("error", "options"), f"{kind} {count}"
    if kind == "options-gap":
        return _set(data, "options", {"A": "x", "B": "y", "D": "z"}), ("error", "options"), kind
    if kind == "options-bad-letter":
        bad = draw(st.sampled_from(["AA", "1", "", "É", "a b"]))
        return _set(data, "options", {"A": "x", bad: "y"}), ("error", "options"), kind
    if kind == "options-lowercase":
        options = data["options"]
        return _set(data, "options", {k.lower(): v for k, v in options.items()}), ("error", "options"), kind
    if kind == "option-not-text":
        options = data["options"]
        value = draw(NOT_TEXT | st.none())
        if isinstance(options, list):
            return _set(data, "options", [value, *options[1:]]), ("error", "options"), kind
        first = next(iter(options))
        return _set(data, "options", {**options, first: value}), ("error", "options"), kind
    if kind in ("option-duplicate", "option-empty"):
        if fmt == "medmcqa":
            copy = data["opa"] if kind == "option-duplicate" else draw(st.sampled_from(["", "  "]))
            return _set(data, draw(st.sampled_from(["opb", "opc", "opd"])), copy), ("skip",), kind
        options = data["options"]
        texts = list(options.values()) if isinstance(options, dict) else list(options)
        target = draw(st.integers(1, len(texts) - 1))
        texts[target] = texts[0] if kind == "option-duplicate" else draw(st.sampled_from(["", "  "]))
        if isinstance(options, dict):
            value: object = dict(zip(options, texts))
        else:
            value = texts
        updated = _set(data, "options", value)
        if fmt == "medqa" and "answer" in updated:  # keep the answer text consistent with the changed options
            updated["answer"] = value[data["answer_idx"]]  # type: ignore[index]
            if not str(updated["answer"]).strip():
                updated = _without(updated, "answer")
        return updated, ("skip",), kind
    if kind == "answer-not-an-option":
        name = "answer_idx" if fmt == "medqa" else "answer"
        count = len(data["options"])
        return _set(data, name, draw(st.sampled_from([LETTERS[count], "", "AB", "Z", "1"]))), ("error", name), kind
    if kind == "answer-wrong-type":
        name = "answer_idx" if fmt == "medqa" else "answer"
        return _set(data, name, draw(NOT_TEXT | st.none())), ("error", name), kind
    if kind == "answer-missing":
        name = "answer_idx" if fmt == "medqa" else "answer"
        return _without(data, name), ("error", name), kind
    if kind == "answer-text-mismatch":
        return _set(data, "answer", "not the keyed option text"), ("error", "answer"), kind
    if kind == "op-wrong-type":
        name = draw(st.sampled_from(["opa", "opb", "opc", "opd"]))
        return _set(data, name, draw(NOT_TEXT | st.none())), ("error", name), kind
    if kind == "op-missing":
        name = draw(st.sampled_from(["opa", "opb", "opc", "opd"]))
        return _without(data, name), ("error", name), kind
    if kind == "cop-bad":
        value = draw(st.sampled_from([5, -2, 1.5, 1.0, "1", True, [1], {"a": 1}, 10**30]))
        return _set(data, "cop", value), ("error", "cop"), f"{kind} {value!r}"[:40]
    if kind == "cop-none":
        if draw(st.booleans()):
            return _without(data, "cop"), ("skip",), kind
        return _set(data, "cop", draw(st.sampled_from([-1, None]))), ("skip",), kind
    if kind == "contexts-bad":
        value = draw(st.sampled_from([[], "text", None, 3, [1], [""], [None]]))
        return _set(data, "CONTEXTS", value), ("error", "CONTEXTS"), kind
    if kind == "labels-length":
        return _set(data, "LABELS", [*data["LABELS"], "EXTRA"]), ("error", "LABELS"), kind
    if kind == "label-not-text":
        return _set(data, "LABELS", [draw(NOT_TEXT | st.none()), *data["LABELS"][1:]]), ("error", "LABELS"), kind
    if kind == "decision-bad":
        value = draw(st.sampled_from(["Yes", "", "perhaps", 1, None, ["yes"]]))
        if draw(st.booleans()):
            return _without(data, "final_decision"), ("error", "final_decision"), kind
        return _set(data, "final_decision", value), ("error", "final_decision"), kind
    if kind == "year-bad":
        return _set(data, "YEAR", draw(st.sampled_from([1.5, [2011], {}, True]))), ("error", "YEAR"), kind
    if kind == "year-int":
        return _set(data, "YEAR", 1999), ("load",), kind
    if kind == "meshes-bad":
        return _set(data, "MESHES", draw(st.sampled_from(["Humans", 3, [1], [None], [""]]))), ("error", "MESHES"), \
            kind
    raise AssertionError(kind)


def _json_text_damage(draw, plan: Plan, index: int) -> tuple[Outcome, str]:
    """Damage a record's JSON text: a repeated key, nesting too deep, a number JSON cannot hold, text after it."""
    rec = plan.records[index]
    body = json.dumps(rec.data, ensure_ascii=plan.ensure_ascii)
    kinds = ["repeated-key", "too-deep", "huge-integer"] + (["text-after"] if plan.layout == "jsonl" else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "repeated-key":
        name = draw(st.sampled_from(sorted(rec.data)))  # type: ignore[arg-type]
        rec.raw = "{" + json.dumps(name) + ": 0, " + body[1:]
        return ("error", name), kind
    if kind == "too-deep":
        depth = 100_000
        rec.raw = '{"deep": ' + "[" * depth + "]" * depth + ", " + body[1:]
        return ("error", None), kind
    if kind == "huge-integer":
        rec.raw = '{"big": ' + "7" * 5000 + ", " + body[1:]
        return ("error", None), kind
    rec.raw = body + draw(st.sampled_from([' {"question": "x"}', " x", ", 1"]))
    return ("error", None), kind


def _csv_mutations(draw, plan: Plan, index: int) -> tuple[Outcome, str]:
    rec = plan.records[index]
    cells = list(rec.data)  # type: ignore[arg-type]
    mmlu = plan.fmt == "mmlu"
    header = plan.header or []
    column = (lambda name: header.index(name)) if not mmlu else \
        (lambda name: {"question": 0, "answer": 5}[name])
    first_option = 1 if mmlu else header.index("question") + 1
    width = 4 if mmlu else sum(1 for h in header if len(h) == 1 and h.isupper() or h.startswith("option_"))
    kind = draw(st.sampled_from(["extra-cell", "missing-cell", "answer-not-an-option", "question-blank",
                                 "option-empty", "option-duplicate", "huge-cell", "unclosed-quote"]
                                + ([] if mmlu or "id" not in header else ["id-not-one-line"])))
    if kind == "extra-cell":
        cells.append(draw(st.sampled_from(["", "x", "A"])))
        outcome: Outcome = ("error", None)
    elif kind == "missing-cell":
        cells.pop()
        outcome = ("error", None)
    elif kind == "answer-not-an-option":
        used = sum(1 for cell in cells[first_option: first_option + width] if cell.strip())
        cells[column("answer")] = draw(st.sampled_from([LETTERS[used], "", "AB", "1"]))
        outcome = ("error", "answer")
    elif kind == "question-blank":
        cells[column("question")] = draw(st.sampled_from(["", "  "]))
        outcome = ("error", "question")
    elif kind in ("option-empty", "option-duplicate"):
        used = sum(1 for cell in cells[first_option: first_option + width] if cell.strip())
        if used < 3 and kind == "option-empty":  # an empty last option is a trailing empty column, not a gap
            cells[first_option + 1] = cells[first_option]
            kind = "option-duplicate"
        else:
            target = draw(st.integers(1, used - 2 if kind == "option-empty" else used - 1))
            cells[first_option + target] = "" if kind == "option-empty" else cells[first_option]
        outcome = ("skip",)
    elif kind == "huge-cell":
        cells[column("question")] = "x" * (MAX_TEXT + 1)
        outcome = ("error", None)
    elif kind == "unclosed-quote":
        rec.data = cells
        del plan.records[index + 1:]  # the quote runs to the end of the file, never closed by a later quote
        buffer = io.StringIO()
        csv.writer(buffer).writerow(cells)
        text = buffer.getvalue().rstrip("\r\n")
        rec.raw = text[: len(text) // 2] + ',"never closed\r\n'
        # the quote swallows the rest of the file: an error at this record's line, whatever follows
        return ("error", None), kind
    else:
        cells[column("id")] = draw(st.sampled_from(["a\tb", "x" * 201]))
        outcome = ("error", "id")
    rec.data = cells
    return outcome, kind


@st.composite
def broken_records(draw) -> Case:
    """A valid file with one record broken; the loader must refuse it at that record's line (or skip the record
    where the README says so). Sometimes an earlier record's id is repeated instead."""
    plan = draw(any_plan)
    plan.force = plan.force or plan.fmt.startswith("medmcqa")  # a changed 'cop' may change what can be detected
    index = draw(st.integers(0, len(plan.records) - 1))
    rec = plan.records[index]
    duplicate = len(plan.records) > 1 and index > 0 and draw(st.integers(0, 5)) == 0
    if duplicate:
        return _duplicate_id(draw, plan, index)
    if plan.is_csv:
        outcome, kind = _csv_mutations(draw, plan, index)
    elif draw(st.integers(0, 4)) == 0:
        outcome, kind = _json_text_damage(draw, plan, index)
    else:
        rec.data, outcome, kind = _json_field_mutations(draw, plan, rec.data)  # type: ignore[arg-type]
        plan.ensure_ascii = plan.ensure_ascii or "surrogate" in kind  # as "\ud800": UTF-8 cannot hold it raw
    label = f"{plan.fmt} {plan.layout}: {kind}"
    if outcome[0] == "error":
        pattern = re.escape(outcome[1]) if outcome[1] else None
        if index == 0 and not plan.force and pattern:  # the first record also tells the format
            pattern = f"{pattern}|cannot tell the format"
        if plan.layout.startswith("keyed") and len(plan.records) == 1 and not isinstance(rec.data, dict):
            # {"PMID": []} is no longer a collection of records: one record at line 1, which has no QUESTION
            return case_of(plan, expect="error", label=label)
        return case_of(plan, error_records=(index,), field=pattern, label=label)
    if outcome[0] == "skip":
        rec.skip, rec.item = True, None
    return case_of(plan, label=label)


def _duplicate_id(draw, plan: Plan, index: int) -> Case:
    earlier = draw(st.integers(0, index - 1))
    first, second = plan.records[earlier], plan.records[index]
    if plan.fmt == "mmlu":  # MMLU has no ids: its ids are made from the line, never repeated
        return case_of(plan, label="mmlu: no ids to repeat")
    if plan.layout.startswith("keyed"):
        second.key = first.key
        return case_of(plan, error_records=(earlier, index), field=None, label=f"{plan.fmt}: repeated PMID")
    if plan.is_csv:
        header = plan.header or []
        if "id" not in header:
            return case_of(plan, label="mcq-csv: no id column")
        column = header.index("id")
        shared = f"q-shared-{draw(IDS)}".strip()
        first.data[column] = second.data[column] = shared  # type: ignore[index]
    else:
        shared = draw(st.sampled_from([f"q-shared-{index}", 12345]))
        first.data = {**first.data, "id": shared}  # type: ignore[dict-item]
        second.data = {**second.data, "id": shared}  # type: ignore[dict-item]
    return case_of(plan, error_records=(earlier, index), field="id", label=f"{plan.fmt} {plan.layout}: repeated id")


# -- the whole file --------------------------------------------------------------------------------------------

@st.composite
def broken_files(draw) -> Case:
    """Damage to the whole file: empty, binary, another encoding, a NUL, truncated, the wrong CSV delimiter,
    every record skipped, MedMCQA answer keys that cannot be read."""
    plan = draw(any_plan)
    text, lines = render(plan)
    kinds = ["empty", "binary", "utf-16", "latin-1", "nul", "truncated", "all-skipped"]
    kinds += ["wrong-delimiter", "csv-header"] if plan.is_csv else ["trailing-comma"]
    kinds += ["cop-ambiguous", "cop-mixed"] if plan.fmt.startswith("medmcqa") else []
    kind = draw(st.sampled_from(kinds))
    label = f"{plan.fmt} {plan.layout}: {kind}"
    forced = plan.fmt if plan.force else None
    if kind == "empty":
        content = draw(st.sampled_from([b"", b"\n", b"  \r\n\t", codecs.BOM_UTF8, codecs.BOM_UTF8 + b"\n"]))
        return Case(plan.name, content, forced, "error", label=label)
    if kind == "binary":
        junk = draw(st.binary(min_size=1, max_size=200))
        return Case(plan.name, junk[:50] + b"\x00\xff" + junk[50:], forced, "error", label=label)
    if kind == "utf-16":
        return Case(plan.name, text.encode("utf-16"), forced, "error", lines=(1,), label=label)
    if kind in ("latin-1", "nul"):
        position = draw(st.integers(0, len(text)))
        line = text.count("\n", 0, position) + 1
        if kind == "nul":
            content = (text[:position] + "\x00" + text[position:]).encode("utf-8")
        else:
            content = text[:position].encode("utf-8") + "é".encode("latin-1") + text[position:].encode("utf-8")
        return Case(plan.name, content, forced, "error", lines=(line,), label=label)
    if kind == "truncated":
        return _truncated(draw, plan, text, label)
    if kind == "all-skipped":
        return _all_skipped(draw, plan, label)
    if kind == "trailing-comma":
        closing = text.rstrip().rfind("]" if plan.layout.startswith("list") else "}")
        if plan.layout == "jsonl" or closing < 0:
            damaged = text.rstrip("\n") + ",\n"  # JSON Lines: a comma after the last record
        else:
            damaged = text[:closing].rstrip() + ",\n" + text[closing:]
        return Case(plan.name, damaged.encode("utf-8"), forced, "error", label=label)
    if kind == "wrong-delimiter":
        plan.delimiter = draw(st.sampled_from([";", "\t", "|"]))
        first_line = 1
        rendered, _ = render(plan)
        return Case(plan.name, rendered.encode("utf-8"), forced, "error", lines=(first_line,), label=label)
    if kind == "csv-header":
        if plan.fmt == "mmlu":  # MMLU has no header: a header row is a record whose answer is not a letter
            plan.header = ["question", "A", "B", "C", "D", "answer"]
            return Case(plan.name, render(plan)[0].encode("utf-8"), "mmlu", "error", lines=(1,), field="answer",
                        label=label)
        header = list(plan.header or [])
        how = draw(st.sampled_from(["no-answer", "gap", "repeated"]))
        options = [i for i, h in enumerate(header) if len(h) == 1 or h.startswith("option_")]
        if how == "no-answer":
            header[header.index("answer")] = "solution"
        elif how == "gap":
            header[options[1]] = "note"
        else:
            header[header.index("explanation")] = "question"
        plan.header = header
        return Case(plan.name, render(plan)[0].encode("utf-8"), "mcq-csv" if how != "no-answer" else forced,
                    "error", lines=(1,), label=f"{label} {how}")
    if kind == "cop-ambiguous":
        for rec in plan.records:
            rec.data["cop"] = 1 + draw(st.integers(0, 2))  # type: ignore[index]
        plan.force = False
        return case_of(plan, expect="error", error_records=(0,), field="cop", label=label)
    # cop-mixed: a 0 and a 4 in one file
    for rec in plan.records:
        rec.data["cop"] = 1 + draw(st.integers(0, 2))  # type: ignore[index]
    plan.records[0].data["cop"] = 0  # type: ignore[index]
    plan.records.append(Rec({**plan.records[0].data, "id": "q-last", "cop": 4}))  # type: ignore[dict-item]
    plan.force = False
    return case_of(plan, error_records=(0, len(plan.records) - 1), field="cop", label=label)


def _truncated(draw, plan: Plan, text: str, label: str) -> Case:
    """Cut inside the last kept record: JSON is left unclosed (an error where the file ends), a CSV row loses
    cells (an error at its line)."""
    forced = plan.fmt if plan.force else None
    _, lines = render(plan)
    index = draw(st.integers(0, len(plan.records) - 1))
    starts = [_offset_of_line(text, line) for line in lines]
    start = starts[index]
    if plan.is_csv:
        row_end = text.find("\n", start) if index + 1 == len(starts) else starts[index + 1]
        row = text[start: row_end]
        last_delimiter = _last_delimiter(row)
        # keep at least one character of content, or the cut row would be a blank line (ignored)
        content = next(i for i, char in enumerate(row) if char not in ',"\r\n ')
        if last_delimiter <= content:
            return case_of(plan, label=label + " (nothing to cut)")
        cut = start + draw(st.integers(content + 1, last_delimiter))
        return Case(plan.name, text[:cut].encode("utf-8"), forced, "error", lines=(lines[index],), label=label)
    if plan.layout == "jsonl":
        end = text.find("\n", start)
        cut = draw(st.integers(start + 1, end - 1))
    else:  # a list or an object: any cut before its closing bracket leaves it unclosed
        cut = draw(st.integers(start + 1, len(text.rstrip()) - 1))
    truncated = text[:cut]
    return Case(plan.name, truncated.encode("utf-8"), forced, "error", lines=(truncated.count("\n") + 1,),
                label=label)


def _offset_of_line(text: str, line: int) -> int:
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    # the record starts at the first non-blank character of its line (keyed layouts: the key)
    return offset + len(text[offset:]) - len(text[offset:].lstrip(" "))


def _last_delimiter(row: str) -> int:
    """Offset of the row's last delimiter outside quotes (0 if none)."""
    quoted, last = False, 0
    for offset, char in enumerate(row):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            last = offset
    return last


def _all_skipped(draw, plan: Plan, label: str) -> Case:
    """Every record has a documented reason to be skipped: the file has no usable items, an error."""
    for rec in plan.records:
        data = rec.data
        if plan.is_csv:
            first = 1 if plan.fmt == "mmlu" else (plan.header or []).index("question") + 1
            cells = list(data)  # type: ignore[arg-type]
            cells[first + 1] = cells[first]
            rec.data = cells
        elif plan.fmt.startswith("medmcqa"):
            rec.data = {**data, "cop": -1}  # type: ignore[dict-item]
        elif plan.fmt == "pubmedqa":
            return case_of(plan, label=label + " (PubMedQA has no skips)")
        else:
            options = data["options"]  # type: ignore[index]
            if isinstance(options, dict):
                first_key = next(iter(options))
                rec.data = {**data, "options": {**options, first_key: ""}}  # type: ignore[dict-item]
                if plan.fmt == "medqa" and "answer" in data:  # type: ignore[operator]
                    rec.data = {k: v for k, v in rec.data.items() if k != "answer"}  # type: ignore[union-attr]
            else:
                rec.data = {**data, "options": ["", *options[1:]]}  # type: ignore[dict-item]
        rec.skip, rec.item = True, None
    return case_of(plan, label=label)


# -- anything at all -------------------------------------------------------------------------------------------

_JSON_KEYS = ["question", "options", "answer", "answer_idx", "opa", "opb", "opc", "opd", "cop", "QUESTION",
              "CONTEXTS", "LABELS", "final_decision", "id", "exp", "subject", "A", "B"]
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["A", "B", "yes", "maybe", ""]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(_JSON_KEYS) | st.text(max_size=4),
                                                                inner, max_size=6),
    max_leaves=25)


@st.composite
def random_files(draw) -> Case:
    """Random bytes, random text, random JSON records and random CSV: only a clean outcome is promised."""
    name = draw(st.sampled_from(["x.jsonl", "x.json", "x.csv", "ori_pqal.json", "y_test.csv"]))
    forced = draw(st.none() | st.sampled_from(["mcq", "mcq-csv", "medqa", "medmcqa", "medmcqa-0based",
                                               "medmcqa-1based", "pubmedqa", "mmlu"]))
    kind = draw(st.sampled_from(["bytes", "text", "json-lines", "json-document", "csv"]))
    if kind == "bytes":
        content = draw(st.binary(max_size=300))
    elif kind == "text":
        content = draw(st.text(max_size=300)).encode("utf-8", "surrogatepass")
    elif kind == "json-lines":
        records = draw(st.lists(_json_values, min_size=1, max_size=5))
        content = "\n".join(json.dumps(r) for r in records).encode("utf-8")
    elif kind == "json-document":
        content = json.dumps(draw(_json_values), indent=draw(st.sampled_from([None, 1, 2]))).encode("utf-8")
    else:
        rows = draw(st.lists(st.lists(st.text(max_size=8) | st.sampled_from(["A", "B", "question", "answer"]),
                                      max_size=8), max_size=6))
        buffer = io.StringIO()
        csv.writer(buffer).writerows(rows)
        content = buffer.getvalue().encode("utf-8", "surrogatepass")
    return Case(name, content, forced, "any", label=f"random {kind}")
