"""Real replies of a model to the suites' multiple-choice prompts, straight from the backend, with and without the
prompts' stop sequences — for the parser corpus of real replies and for what the stops save.

    python -m tests.helpers.generate_replies MODEL OUT.jsonl [--items N] [--budget quick|paper] [--temperature T]

Every prompt builder that asks a multiple-choice question (pediatric prompts A and B, A without letters, the MedGemma
zero-shot direct and chain-of-thought templates, answer-only, few-shot direct with the curated examples, a reasoning
prompt) over the first N demo items, at the quick or the paper token budget (the paper's 1,500 tokens of prompt A/B
are capped at 256 here: a small model's reply that has not ended by then is a runaway either way), greedy or at a
temperature (seeded per row). Each prompt is generated twice in one process: with no stop sequences (what a reply
becomes when nothing ends it) and with the builder's stops. Rows carry the options as shown, whether letters were
shown, the question, the reply without stops (the text a parser must read when no stop ended it) and with stops, and
both token counts. No parser output is written: the rows are labelled by readers who do not see it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from pytest_medllm.answers import prompts
from pytest_medllm.backends import Decoding, GenerationRequest
from pytest_medllm.data.loaders import load_dataset
from tests.conftest import PROJECT_DIR

BUDGETS = {"quick": {"prompt_a": 48, "direct": 8, "cot": 64, "reasoning": 64},
           "paper": {"prompt_a": 256, "direct": 256, "cot": 256, "reasoning": 256}}


def _cases(items, examples):
    for item in items:
        yield "prompt_a", item, True, prompts.prompt_a(item), prompts.prompt_a.stops, "prompt_a"
        yield "prompt_b", item, True, prompts.prompt_b(item), prompts.prompt_b.stops, "prompt_a"
        yield "prompt_a_no_letters", item, False, prompts.prompt_a(item, letters=False), prompts.prompt_a.stops, \
            "prompt_a"
        yield "zero_shot_direct", item, True, prompts.zero_shot_direct(item), prompts.zero_shot_direct.stops, "direct"
        yield "zero_shot_cot", item, True, prompts.zero_shot_cot(item), prompts.zero_shot_cot.stops, "cot"
        yield "answer_only", item, True, prompts.answer_only(item), prompts.answer_only.stops, "direct"
        shots = [e for e in examples if e.id != item.id][:3]
        yield "few_shot_direct", item, True, prompts.few_shot(item, shots), prompts.few_shot.stops, "direct"
        yield "reasoning", item, True, prompts.reasoning_prompt(item, "traditional_cot"), \
            prompts.reasoning_prompt.stops, "reasoning"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model")
    parser.add_argument("out")
    parser.add_argument("--items", type=int, default=12)
    parser.add_argument("--budget", choices=sorted(BUDGETS), default="quick")
    parser.add_argument("--temperature", type=float, default=0.0)
    args = parser.parse_args()

    from pathlib import Path

    from pytest_medllm.backends.model_registry import resolve_model
    from pytest_medllm.backends.transformers.backend import TransformersBackend
    from pytest_medllm.backends.transformers.weights import ensure_dense_copy
    from pytest_medllm.runner.command_line import default_cache_dir

    spec = resolve_model(args.model)
    folder = ensure_dense_copy(spec, Path(default_cache_dir()))[0] if spec.source in ("embedded-gguf", "gguf") \
        else spec.hub_id
    backend = TransformersBackend(str(folder), spec=spec, dtype="float32", batch_size=16)
    items = load_dataset("demo", PROJECT_DIR).items[: args.items]
    examples = load_dataset(f"{PROJECT_DIR / 'fixtures' / 'fewshot_curated.jsonl'}:mcq").items
    cases = list(_cases(items, examples))
    budget = BUDGETS[args.budget]
    results = {}
    for with_stops in (False, True):
        requests = [GenerationRequest(prompt, Decoding(max_new_tokens=budget[kind], temperature=args.temperature,
                                                       top_p=0.95 if args.temperature else None,
                                                       stop=stops if with_stops else ()),
                                      seed=row)
                    for row, (_, _, _, prompt, stops, kind) in enumerate(cases)]
        started = time.perf_counter()
        results[with_stops] = (backend.generate(requests), time.perf_counter() - started)
    run = f"{args.budget}-T{args.temperature:g}"
    with open(args.out, "w", encoding="utf-8") as out:
        for row, (condition, item, letters, _, _, _) in enumerate(cases):
            free, stopped = results[False][0][row], results[True][0][row]
            key = hashlib.sha256(json.dumps([args.model, run, condition, item.id]).encode()).hexdigest()[:10]
            out.write(json.dumps({
                "id": f"{args.model}-{key}", "model": args.model, "run": run, "suite": condition,
                "condition": condition, "item_id": item.id, "options": dict(item.options), "letters_shown": letters,
                "question": f"{item.description} {item.question}".strip(), "output": free.text,
                "finish_reason": free.finish_reason, "tokens": len(free.token_ids),
                "output_with_stops": stopped.text, "finish_reason_with_stops": stopped.finish_reason,
                "tokens_with_stops": stopped.tokens_decoded, "stop_sequence": stopped.stop_sequence,
            }, ensure_ascii=False) + "\n")
    print(f"{len(cases)} prompts; without stops {sum(len(g.token_ids) for g in results[False][0])} tokens in "
          f"{results[False][1]:.0f} s; with stops {sum(g.tokens_decoded for g in results[True][0])} tokens in "
          f"{results[True][1]:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
