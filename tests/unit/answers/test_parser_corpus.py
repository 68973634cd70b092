"""The answer parser on a corpus of realistic model outputs (tests/data/parser_corpus.jsonl, written for the
project in the styles of the registry's models; see tests/data/README.md).

The test prints the confusion table and fails on any wrong letter — a letter other than the expected one, or a
letter where the expected answer is NONE or MULTIPLE — and when fewer than 95% of outputs get the right category.
``python -m tests.unit.answers.test_parser_corpus`` prints the tables as Markdown; the README shows them between its
``parser-table`` markers, and a test fails when they differ from what the parser gives now.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from pytest_medllm.answers.parsing import (
    parse_agreement,
    parse_answer,
    parse_preference,
)
from tests.conftest import PROJECT_DIR, TESTS_DIR

DATA = TESTS_DIR / "data"
README = PROJECT_DIR / "README.md"
CORPUS = DATA / "parser_corpus.jsonl"
#: Replies written in the styles of larger models that run on: invented questions, loops, reviews of the options.
RUNAWAY = DATA / "parser_corpus_written_runaway.jsonl"
SELF_ASSESSMENT = DATA / "self_assessment_corpus.jsonl"
#: Replies the models this project runs here actually wrote, labelled by readers who did not see the parser's output.
REAL = DATA / "parser_corpus_real.jsonl"
COLUMNS = ("right", "NONE instead of a letter", "MULTIPLE instead of a letter", "wrong letter", "other")


def load(path: Path) -> list[dict]:
    if not path.exists():
        pytest.skip(f"{path.name} is not there")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def outcome(expected: str, got: str) -> str:
    if got == expected:
        return "right"
    is_letter = expected not in ("NONE", "MULTIPLE")
    if got not in ("NONE", "MULTIPLE"):
        return "wrong letter"  # a letter where another letter, NONE or MULTIPLE was right
    if is_letter:
        return f"{got} instead of a letter"
    return "other"  # NONE for MULTIPLE or the reverse: visible, but not the right category


def confusion(rows: list[dict]) -> tuple[dict[str, Counter], list[tuple[dict, str]]]:
    table: dict[str, Counter] = {"letter": Counter(), "MULTIPLE": Counter(), "NONE": Counter()}
    wrong = []
    for row in rows:
        parsed = parse_answer(row["output"], row["options"], letters_shown=row["letters_shown"],
                              reasoning=row.get("reasoning"), question=row.get("question"))
        kind = "letter" if row["expected"] not in ("NONE", "MULTIPLE") else row["expected"]
        result = outcome(row["expected"], parsed.label)
        table[kind][result] += 1
        if result != "right":
            wrong.append((row, parsed.label))
    return table, wrong


def corpus_table(rows: list[dict] | None = None) -> str:
    """The confusion table as Markdown."""
    table, _ = confusion(rows if rows is not None else load(CORPUS))
    lines = ["| expected | outputs | " + " | ".join(COLUMNS) + " |", "|---|---|" + "---|" * len(COLUMNS)]
    for kind, counts in table.items():
        lines.append(f"| {kind} | {sum(counts.values())} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |")
    total = sum(sum(c.values()) for c in table.values())
    right = sum(c["right"] for c in table.values())
    lines.append(f"| **all** | {total} | {right} ({100 * right / total:.1f}%) | "
                 + " | ".join(str(sum(c[col] for c in table.values())) for col in COLUMNS[1:]) + " |")
    return "\n".join(lines)


def test_no_output_of_the_corpus_gets_a_wrong_letter():
    rows = load(CORPUS)
    assert len(rows) >= 200
    print("\n" + corpus_table(rows))
    table, wrong = confusion(rows)
    wrong_letters = [(row["id"], row["expected"], got) for row, got in wrong if outcome(row["expected"], got) ==
                     "wrong letter"]
    assert not wrong_letters, wrong_letters
    right = sum(c["right"] for c in table.values())
    misses = [(row["id"], row["expected"], got) for row, got in wrong]
    assert right / len(rows) >= 0.95, misses


def test_runaway_loop_and_review_replies_never_get_a_wrong_letter():
    """Replies that go on after their answer (new questions, leaked turns, loops, reviews of the other options),
    written in the styles of the registry's larger models: only the answer to the question asked is read."""
    rows = load(RUNAWAY)
    assert len(rows) >= 150
    print("\n" + corpus_table(rows) + "\n\n" + style_table(rows))
    table, wrong = confusion(rows)
    assert not [(r["id"], r["expected"], got) for r, got in wrong if outcome(r["expected"], got) == "wrong letter"]
    assert not [(r["id"], got) for r, got in wrong if r["expected"] == "NONE" and got != "NONE"]
    right = sum(c["right"] for c in table.values())
    assert right / len(rows) >= 0.95, [(r["id"], r["expected"], got) for r, got in wrong]


def test_real_replies_never_get_a_wrong_letter():
    """Replies SmolLM2-135M-Instruct and Gemma 3 270M wrote to the suites' prompts (tests/data/README.md), each
    labelled by a reader who did not see what the parser says, with a reason and a doubt flag. On the replies the
    readers labelled without doubt: no wrong letter, no letter where there is no answer, at least 95% right."""
    rows = load(REAL)
    assert len(rows) >= 400 and {row["model"] for row in rows} >= {"smollm2-135m", "gemma3-270m"}
    assert all(row["reason"] for row in rows)
    print("\n" + real_tables(rows))
    clear = [row for row in rows if not row["doubt"]]
    table, wrong = confusion(clear)
    assert not [(r["id"], r["expected"], got) for r, got in wrong if outcome(r["expected"], got) == "wrong letter"]
    right = sum(c["right"] for c in table.values())
    assert right / len(clear) >= 0.95, [(r["id"], r["expected"], got) for r, got in wrong]


def real_tables(rows: list[dict]) -> str:
    """The confusion table of the real replies labelled without doubt, then per model and prompt of all of them."""
    clear = [row for row in rows if not row["doubt"]]
    lines = [f"Labelled without doubt ({len(clear)} of {len(rows)} replies):", "", corpus_table(clear), "",
             "Per model and prompt (every reply; doubtful ones in brackets: labelled, but a careful reader could "
             "label them otherwise):", "",
             "| model | prompt | replies | right | NONE instead of a letter | wrong letter | doubtful (right) |",
             "|---|---|---|---|---|---|---|"]
    groups: dict[tuple[str, str], list[dict]] = {}
    for row in rows:
        groups.setdefault((row["model"], row["condition"].split("-")[0].split("=")[0]), []).append(row)
    _, wrong = confusion(rows)
    missed = {row["id"]: outcome(row["expected"], got) for row, got in wrong}
    for (model, prompt), members in sorted(groups.items()):
        results = Counter(missed.get(row["id"], "right") for row in members)
        doubtful = [row for row in members if row["doubt"]]
        lines.append(f"| {model} | {prompt} | {len(members)} | {results['right']} | "
                     f"{results['NONE instead of a letter']} | {results['wrong letter']} | "
                     f"{len(doubtful)} ({sum(missed.get(r['id'], 'right') == 'right' for r in doubtful)}) |")
    return "\n".join(lines)


def style_table(rows: list[dict]) -> str:
    """Per failure class of the corpus (its ``style``): replies, right, and what the others became."""
    _, wrong = confusion(rows)
    missed: dict[str, Counter] = {}
    for row, got in wrong:
        missed.setdefault(row["style"], Counter())[outcome(row["expected"], got)] += 1
    lines = ["| class | replies | right | " + " | ".join(COLUMNS[1:]) + " |", "|---|---|---|" + "---|" * (len(COLUMNS) - 1)]
    for style, n in sorted(Counter(r["style"] for r in rows).items()):
        counts = missed.get(style, Counter())
        lines.append(f"| {style} | {n} | {n - sum(counts.values())} | " + " | ".join(str(counts[c]) for c in COLUMNS[1:])
                     + " |")
    return "\n".join(lines)


def test_the_corpus_is_varied():
    rows = load(CORPUS)
    styles = Counter(row["style"] for row in rows)
    assert {"chat", "terse", "markdown", "negation", "correction", "hedge", "think", "huatuo", "harmony",
            "truncated", "multilingual", "option-text", "no-letters", "distractor-words", "article"} <= set(styles)
    kinds = Counter("letter" if r["expected"] not in ("NONE", "MULTIPLE") else r["expected"] for r in rows)
    assert kinds["NONE"] >= 30 and kinds["MULTIPLE"] >= 10
    assert len({row["id"] for row in rows}) == len(rows)


def self_assessment_table(rows: list[dict] | None = None) -> str:
    rows = rows if rows is not None else load(SELF_ASSESSMENT)
    lines = ["| field | replies | right | None instead of a value | wrong value |", "|---|---|---|---|---|"]
    for field, parse in (("preference", parse_preference), ("agreement", parse_agreement)):
        counts = Counter()
        for row in rows:
            got, expected = parse(row["output"]), row[field]
            counts["right" if got == expected else "none" if got is None else "wrong"] += 1
        lines.append(f"| {field} | {len(rows)} | {counts['right']} | {counts['none']} | {counts['wrong']} |")
    return "\n".join(lines)


def test_self_assessment_replies_never_get_a_wrong_value():
    rows = load(SELF_ASSESSMENT)
    assert len(rows) >= 60
    print("\n" + self_assessment_table(rows))
    for field, parse in (("preference", parse_preference), ("agreement", parse_agreement)):
        wrong = [(row["id"], row[field], parse(row["output"])) for row in rows
                 if parse(row["output"]) is not None and parse(row["output"]) != row[field]]
        assert not wrong, (field, wrong)
        right = sum(parse(row["output"]) == row[field] for row in rows)
        assert right / len(rows) >= 0.9, field


def _read(path: Path) -> list[dict]:
    """The rows of a corpus file (without pytest's skip, for ``python -m``)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def readme_tables() -> str:
    """What the README shows between its ``parser-table`` markers: both tables, computed now."""
    return (corpus_table(_read(CORPUS)) + "\n\n" + self_assessment_table(_read(SELF_ASSESSMENT)) + "\n\n"
            + "Written in the styles of larger models (runaway continuations, loops, reviews of the options; "
            + f"`{RUNAWAY.name}`):\n\n" + corpus_table(_read(RUNAWAY)) + "\n\n" + style_table(_read(RUNAWAY))
            + "\n\n" + f"Real replies (`{REAL.name}`). " + real_tables(_read(REAL)))


def test_the_readme_tables_are_what_the_parser_gives_now():
    # A parser change that moves a count must move the README too: the page states what the parser does.
    readme = README.read_text(encoding="utf-8")
    found = re.search(r"<!-- parser-table:start -->\n(.*?)\n<!-- parser-table:end -->", readme, re.S)
    assert found, "README.md lacks the parser tables between <!-- parser-table:start/end --> markers"
    assert found.group(1).strip() == readme_tables().strip(), (
        "the README's parser tables are out of date: run `python -m tests.unit.answers.test_parser_corpus` and paste its "
        "output between the parser-table markers")
    # The sentence that introduces them gives the corpus size.
    caption = re.search(r"On (\d+) replies written for the project", readme[:found.start()])
    assert caption and int(caption.group(1)) == len(_read(CORPUS)), "the README's count of corpus replies is stale"


if __name__ == "__main__":  # python -m tests.unit.answers.test_parser_corpus
    print(readme_tables())
