"""Real model replies, collected from runs of the suites, for the parser corpus of real replies.

``python -m tests.helpers.reply_corpus collect MODEL RUN ITEMS_JSONL [...] > rows.jsonl`` reads the per-item
artifacts (``medllm-items.jsonl``) of runs on the bundled demo items and writes one row per multiple-choice reply:
the options as the prompt showed them (in the order shown, lettered as shown), whether letters were shown, the
question asked (case and question), the reply, and where it came from (model, run, suite, condition, finish reason).
No parser output goes into a row: the rows are labelled by a reader who does not see what the parser says.

``python -m tests.helpers.reply_corpus sample ROWS.jsonl N SEED > sample.jsonl`` draws a stratified sample (by
model, suite and condition family, and by what the parser makes of the reply, so that rare kinds of replies are not
drowned by common ones) for labelling.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

from pytest_medllm.answers.parsing import parse_answer
from pytest_medllm.data.loaders import load_dataset
from pytest_medllm.verdict.artifacts import read_items
from tests.conftest import PROJECT_DIR

#: Conditions whose prompts listed the options without letters.
NO_LETTERS = ("prompt_a_no_letters",)


def _demo_items() -> dict:
    return {item.id: item for item in load_dataset("demo", PROJECT_DIR).items}


def collect(model: str, run: str, paths: list[str]) -> list[dict]:
    items = _demo_items()
    rows, seen = [], set()
    for path in paths:
        _, records = read_items(path)
        for record in records:
            if "output" not in record or "order" not in record or record.get("item_id") not in items:
                continue
            item = items[record["item_id"]]
            shown = item.reorder(record["order"], suffix="")
            options = {letter: text for letter, text in shown.options}
            key = hashlib.sha256(json.dumps([model, record["output"], options], sort_keys=True).encode()).hexdigest()
            if key in seen:
                continue  # the same reply to the same options (a shared fixture recorded by two suites)
            seen.add(key)
            rows.append({"id": f"{model}-{key[:10]}", "model": model, "run": run, "suite": record.get("suite"),
                         "condition": str(record.get("condition")), "finish_reason": record.get("finish_reason"),
                         "options": options, "letters_shown": record.get("condition") not in NO_LETTERS,
                         "question": f"{item.description} {item.question}".strip(), "output": record["output"]})
    return rows


def _family(condition: str) -> str:
    return condition.split("-")[0].split("=")[0].rstrip("0123456789.")


def sample(rows: list[dict], n: int, seed: int) -> list[dict]:
    """Up to ``n`` rows, spread evenly over strata (model, suite, condition family, parser outcome kind)."""
    strata: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        parsed = parse_answer(row["output"], row["options"], letters_shown=row["letters_shown"],
                              question=row["question"])
        kind = "letter" if parsed.usable else parsed.label
        strata[(row["model"], row["suite"], _family(row["condition"]), kind)].append(row)
    rng = random.Random(seed)
    for members in strata.values():
        rng.shuffle(members)
    chosen: list[dict] = []
    while len(chosen) < n and any(strata.values()):
        for key in sorted(strata):
            if strata[key] and len(chosen) < n:
                chosen.append(strata[key].pop())
    return sorted(chosen, key=lambda r: r["id"])


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "collect":
        out = collect(args[0], args[1], args[2:])
    elif command == "sample":
        out = sample([json.loads(line) for line in Path(args[0]).read_text().splitlines() if line.strip()],
                     int(args[1]), int(args[2]))
    else:
        raise SystemExit(__doc__)
    for row in out:
        print(json.dumps(row, ensure_ascii=False))
    print(f"{len(out)} rows", file=sys.stderr)
