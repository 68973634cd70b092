"""Why replies are unusable, shown where a user looks: the card, the JSON artifact (``unusable_replies`` and the
usable-rate records' details) and the HTML report's failing examples, which show the reply, its reason and the
part of it that was read. The replies come from a scripted backend that writes each kind once per five items."""

from __future__ import annotations

import json

import pytest

SCRIPTED = '''
from pytest_medllm import Backend, Generation

REPLIES = [
    ("B\\n---\\n\\nQuestion: Which drug is first line?\\n\\nA. Metformin B. Insulin\\nC. Diet D. Surgery\\n\\nAnswer: C",
     "eos"),                                                                  # usable: B, the rest is invented
    ("Let us weigh the options one by one. The history suggests an endocrine", "length"),        # cut off
    ("Answer: A\\nWait, no.\\nAnswer: B\\nWait, no.\\nAnswer: A\\nWait, no.\\nAnswer: B", "eos"),  # contradiction
    ("\\n\\nQuestion: What is the most common cause of goiter?\\n\\nA. Iodine deficiency B. Lithium\\n"
     "C. Graves disease D. Cancer\\n\\nAnswer: A", "eos"),                    # only an invented question
    ("the the the the the the the the the the the the the the the the", "eos"),  # repetition, no commitment
]


class Scripted(Backend):
    name = "scripted-unusable"

    def identity(self):
        return {"backend": self.name}

    def generate(self, requests, on_batch=None):
        out = []
        for r in requests:
            index = int(r.prompt.split("ITEM", 1)[1].split()[0])
            text, finish = REPLIES[index % len(REPLIES)]
            out.append(Generation(text=text, token_ids=(), finish_reason=finish))
        return out


def factory(run_config, spec):
    return Scripted()
'''

SUITE = '''
from pytest_medllm import Decoding, Job, Suite, answer_jobs, answer_metrics, expect_answer_metrics, option_order

SUITE = Suite("replies", "a suite whose replies are unusable in every way")
ANSWERS = answer_metrics(SUITE)


def test_replies(mcq_dataset, model, expect, record_answers):
    items = list(mcq_dataset.items)[:10]
    jobs = [Job("scripted", option_order.identity(item), f"ITEM {i} {item.question}") for i, item in enumerate(items)]
    answers = answer_jobs(model, jobs, Decoding(max_new_tokens=8))["scripted"]
    expect_answer_metrics(expect, ANSWERS, answers, "scripted")
    record_answers(answers, examples=10, failing=lambda a: not a.parsed.usable)
'''


def test_unusable_replies_are_counted_by_reason_everywhere(pytester):
    pytester.makepyfile(scripted=SCRIPTED, test_replies=SUITE)
    pytester.makeini("[pytest]\n")
    result = pytester.runpytest_subprocess("--backend", "scripted:factory", "--cache-dir", str(pytester.path / "c"),
                                           "-p", "no:cacheprovider", "-p", "no:xdist", "--html", "report.html",
                                           "--self-contained-html")
    assert result.ret == 1, result.stdout.str()  # 2 of 10 usable: the usable-rate gate fails the model
    expected = {"cut off": 2, "contradiction": 2, "invented continuation": 2, "repetition without a commitment": 2}
    data = json.loads((pytester.path / "reports" / "medllm-results.json").read_text())
    assert data["unusable_replies"] == {"replies": {"scripted": expected}}
    [usable] = [m for m in data["metrics"] if m["name"] == "usable_rate"]
    assert usable["value"] == pytest.approx(0.2) and usable["details"]["unusable_by_reason"] == expected
    result.stdout.fnmatch_lines(["*unusable replies: scripted 8 (cut off 2, contradiction 2, invented continuation 2, "
                                 "repetition without a commitment 2)*"])
    items = [json.loads(line) for line in (pytester.path / "reports" / "medllm-items.jsonl").read_text().splitlines()]
    read = [row for row in items[1:] if row["parsed"].get("read_chars") is not None]
    assert read and all(row["parsed"]["cut"].startswith("invented") for row in read)
    page = (pytester.path / "report.html").read_text()
    assert "what was read (the reply before its invented continuation)" in page
    assert "no answer before an invented continuation" in page and "unusable: cut off" in page
