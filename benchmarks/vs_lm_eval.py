"""Cloze scoring, pytest-medllm against lm-evaluation-harness: same items, same model, same prompt, alternating runs.

    python benchmarks/vs_lm_eval.py [--dataset demo|PATH[:FORMAT]] [--runs 3] [--batch-size 16]
                                    [--lm-eval-python .venv-lmeval/bin/python] [--json out.json]

(``make bench`` sets up lm-eval in its own virtual environment and runs this.) Both tools score the
multiple-choice prompt of lm-eval's MMLU tasks, ``Question: …\\nA. …\\nB. …\\nAnswer:``, with the continuations
" A", " B", … on the dense float32 copy of the embedded default model, on the CPU, with torch's default threads.
Runs alternate (pytest-medllm, lm-eval, pytest-medllm, …) because a shared machine drifts; medians are reported.

For each tool: the whole process (start to exit: imports, model load, tokenizing, scoring, writing results) and
the scoring loop alone (lm-eval: its ``HFLM.loglikelihood``; pytest-medllm: ``TransformersBackend.loglikelihood``).
Checks: the chosen option of every item is the same, and every option's log-probability agrees within 1e-4 in
float32. With ``--dtype bfloat16`` too (the default), pytest-medllm also runs in bfloat16 against lm-eval's
float32, and the share of items whose chosen option equals float32's is reported.

``--via-suites`` measures what a user runs instead: the suite's own command, ``pytest suites/test_accuracy.py -k
cloze --dataset D --max-items N --no-cache`` (its chat-template prompt, its selection of N items, the whole pytest
process with its report), against lm-eval on exactly the items the suite selected, with lm-eval's prompt. The two
prompts differ, so their choices are not compared; each tool's scored positions are reported (lm-eval computes the
LM head at every position, pytest-medllm only where a letter is scored).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: lm-eval's prompt for a multiple-choice item, with one continuation per option letter (a space first).
TASK_YAML = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files: {data}
test_split: train
output_type: multiple_choice
doc_to_text: "Question: {{{{question}}}}\\n{options}Answer:"
doc_to_target: label
doc_to_choice: {letters}
metric_list:
  - metric: acc
"""

#: Run with lm-eval's interpreter: time its scoring loop inside its own whole process, then run its command line.
LM_EVAL_TIMER = """
import json, sys, time
from lm_eval.models.huggingface import HFLM
spent = []
original = HFLM.loglikelihood
def timed(self, *args, **kwargs):
    start = time.perf_counter()
    try:
        return original(self, *args, **kwargs)
    finally:
        spent.append(time.perf_counter() - start)
HFLM.loglikelihood = timed
out = sys.argv.pop(1)
from lm_eval.__main__ import cli_evaluate
try:
    cli_evaluate()
finally:
    open(out, "w").write(json.dumps({"loop_seconds": sum(spent)}))
"""


def lm_eval_prompt(item) -> str:  # noqa: ANN001 - an MCQItem
    options = "".join(f"{letter}. {text}\n" for letter, text in item.options)
    return f"Question: {item.question}\n{options}Answer:"


def our_worker(args: argparse.Namespace) -> None:
    """One pytest-medllm process: load the model, score every option of every item, write the log-probs."""
    started = time.perf_counter()
    from types import SimpleNamespace

    from pytest_medllm.backends import LoglikelihoodRequest
    from pytest_medllm.backends.model_registry import DEFAULT_ALIAS, resolve_model
    from pytest_medllm.backends.transformers.loading import create_transformers_backend
    from pytest_medllm.runner.command_line import default_cache_dir

    items = json.loads(Path(args.items_json).read_text())
    config = SimpleNamespace(cache_dir=default_cache_dir(), device="cpu", dtype=args.dtype,
                             attn_implementation="auto", chat_template="auto", batch_size=args.batch_size,
                             trust_remote_code=False)
    backend = create_transformers_backend(config, resolve_model(DEFAULT_ALIAS))
    requests = [LoglikelihoodRequest(item["prompt"], f" {letter}") for item in items for letter in item["letters"]]
    profile_rows = None
    loop_start = time.perf_counter()
    if args.profile:
        # Where the scoring loop's time goes, by operator (self time): the largest remaining loss by name.
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CPU]) as prof:
            scored = backend.loglikelihood(requests)
        loop_seconds = time.perf_counter() - loop_start
        events = sorted(prof.key_averages(), key=lambda e: -e.self_cpu_time_total)
        total = sum(e.self_cpu_time_total for e in events) or 1
        profile_rows = [{"op": e.key, "share": round(e.self_cpu_time_total / total, 3),
                         "seconds": round(e.self_cpu_time_total / 1e6, 2), "calls": e.count} for e in events[:12]]
    else:
        scored = backend.loglikelihood(requests)
        loop_seconds = time.perf_counter() - loop_start
    logprobs, k = [], 0
    for item in items:
        logprobs.append([scored[k + j].total for j in range(len(item["letters"]))])
        k += len(item["letters"])
    # Useful work: every distinct prompt token once (the options of an item share one pass), the LM head only
    # where an option is scored.
    from bench_backend import forward_flops

    prompt_tokens = sum(len(backend._encode_bare(item["prompt"])) for item in items)
    flops = forward_flops(backend.model, prompt_tokens, len(items))
    Path(args.out).write_text(json.dumps({"logprobs": logprobs, "loop_seconds": loop_seconds,
                                          "inner_seconds": time.perf_counter() - started,
                                          "prompt_tokens": prompt_tokens, "useful_gflop": flops / 1e9,
                                          "profile": profile_rows}))


def prepare(args: argparse.Namespace, folder: Path) -> tuple[list[dict], Path]:
    """Items as lm-eval reads them (JSON Lines + task YAML) and as our worker reads them; the dense model folder."""
    from pytest_medllm.backends.model_registry import DEFAULT_ALIAS, resolve_model
    from pytest_medllm.backends.transformers.weights import ensure_dense_copy
    from pytest_medllm.data.loaders import load_dataset
    from pytest_medllm.runner.command_line import default_cache_dir

    model_dir, _ = ensure_dense_copy(resolve_model(DEFAULT_ALIAS), Path(default_cache_dir()))
    items = list(load_dataset(args.dataset, PROJECT).items)
    counts = statistics.multimode(len(item.options) for item in items)
    n_options = counts[0]
    kept = [item for item in items if len(item.options) == n_options][: args.items or None]
    if len(kept) < len(items):
        print(f"using {len(kept)} of {len(items)} items (those with {n_options} options: lm-eval's task has one "
              f"list of choices)", file=sys.stderr)
    letters = [letter for letter, _ in kept[0].options]
    rows, ours = [], []
    for item in kept:
        row = {"question": item.question, "label": letters.index(item.answer)}
        row.update({letter: text for letter, text in item.options})
        rows.append(row)
        ours.append({"id": item.id, "prompt": lm_eval_prompt(item), "letters": letters,
                     "answer": letters.index(item.answer)})
    data = folder / "items.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    options = "".join(f"{letter}. {{{{{letter}}}}}\\n" for letter in letters)
    (folder / "medllm_bench.yaml").write_text(TASK_YAML.format(name="medllm_bench", data=data, options=options,
                                                               letters=json.dumps(letters)))
    (folder / "ours.json").write_text(json.dumps(ours))
    return ours, model_dir


def run_ours(args: argparse.Namespace, folder: Path, dtype: str, profiled: bool = False) -> dict:
    out = folder / f"ours-{dtype}.json"
    start = time.perf_counter()
    subprocess.run([sys.executable, __file__, "--worker", "--items-json", str(folder / "ours.json"), "--out",
                    str(out), "--dtype", dtype, "--batch-size", str(args.batch_size)]
                   + (["--profile"] if profiled else []), check=True)
    whole = time.perf_counter() - start
    return {**json.loads(out.read_text()), "whole_seconds": whole}


def run_lm_eval(args: argparse.Namespace, folder: Path, model_dir: Path) -> dict:
    out, timing = folder / "lm-eval-out", folder / "lm-eval-timing.json"
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    command = [args.lm_eval_python, "-c", LM_EVAL_TIMER, str(timing), "--model", "hf", "--model_args",
               f"pretrained={model_dir},dtype=float32", "--include_path", str(folder), "--tasks", "medllm_bench",
               "--device", "cpu", "--batch_size", str(args.lm_eval_batch_size), "--log_samples", "--output_path",
               str(out)]
    start = time.perf_counter()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    whole = time.perf_counter() - start
    samples = sorted(out.rglob("samples_medllm_bench_*.jsonl"), key=lambda p: p.stat().st_mtime)[-1]
    logprobs: dict[int, list[float]] = {}
    for line in samples.read_text().splitlines():
        doc = json.loads(line)
        logprobs[doc["doc_id"]] = [float(resp[0][0]) for resp in doc["resps"]]
    return {"logprobs": [logprobs[i] for i in sorted(logprobs)], "whole_seconds": whole,
            **json.loads(timing.read_text())}


def prepare_suite_items(args: argparse.Namespace, folder: Path) -> tuple[list[dict], Path]:
    """The items the suite selects for ``--max-items`` (its stratified subset, seed 1234), written for lm-eval."""
    from pytest_medllm.backends.model_registry import DEFAULT_ALIAS, resolve_model
    from pytest_medllm.backends.transformers.weights import ensure_dense_copy
    from pytest_medllm.data.select import selected_dataset
    from pytest_medllm.runner.command_line import default_cache_dir

    model_dir, _ = ensure_dense_copy(resolve_model(DEFAULT_ALIAS), Path(default_cache_dir()))
    items = list(selected_dataset(args.dataset, PROJECT, args.items or None, SUITE_SEED).items)
    letters = [letter for letter, _ in items[0].options]
    if any([letter for letter, _ in item.options] != letters for item in items):
        sys.exit("--via-suites needs items with one list of option letters (lm-eval's task has one list of choices)")
    rows = []
    for item in items:
        row = {"question": item.question, "label": letters.index(item.answer)}
        row.update({letter: text for letter, text in item.options})
        rows.append(row)
    data = folder / "items.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    options = "".join(f"{letter}. {{{{{letter}}}}}\\n" for letter in letters)
    (folder / "medllm_bench.yaml").write_text(TASK_YAML.format(name="medllm_bench", data=data, options=options,
                                                               letters=json.dumps(letters)))
    tokenizer = _tokenizer(model_dir)
    prompts = [lm_eval_prompt(item) for item in items]
    # lm-eval reads each context once for all its one-token options (its logits cache) and predicts the option's
    # token from the context's last position: one position per context token, LM head included.
    lm_positions = sum(len(tokenizer(p, add_special_tokens=True)["input_ids"]) for p in prompts)
    return [{"id": item.id, "answer": letters.index(item.answer), "letters": letters,
             "lm_eval_positions": lm_positions} for item in items], model_dir


#: The suites' default --seed, which their item selection uses.
SUITE_SEED = 1234


def _tokenizer(model_dir: Path):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(model_dir)


def run_suite(args: argparse.Namespace, folder: Path, n_items: int) -> dict:
    """One whole ``pytest suites/test_accuracy.py -k cloze`` process, as a user types it (no response cache)."""
    report_dir = folder / "suite-report"
    command = [sys.executable, "-m", "pytest", "suites/test_accuracy.py", "-k", "cloze", "--dataset", args.dataset,
               "--max-items", str(n_items), "--no-cache", "-p", "no:cacheprovider", "--report-dir",
               str(report_dir), "--batch-size", str(args.batch_size), "-q"]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    whole = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: the model failed its accuracy gate, which is not the benchmark's concern
        sys.exit(f"the suite run ended with status {done.returncode}:\n{done.stderr[-2000:]}")
    results = json.loads((report_dir / "medllm-results.json").read_text())
    timing = results["timing"]["suites"][0]
    labels = {}
    for line in (report_dir / "medllm-items.jsonl").read_text().splitlines():
        row = json.loads(line)
        if row.get("type") == "item" and row.get("condition") == "cloze":
            labels[row["item_id"]] = row["label"]
    return {"whole_seconds": whole, "loop_seconds": timing["prefill_seconds"],
            "positions": timing["prefill_positions"], "labels": labels}


def main_via_suites(args: argparse.Namespace) -> None:
    """The suite's whole process against lm-eval's on the suite's items, alternated (see the module's docstring)."""
    from pytest_medllm.backends.fingerprint import machine, machine_line

    print(machine_line(), file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="medllm-bench-") as tmp:
        folder = Path(tmp)
        items, model_dir = prepare_suite_items(args, folder)
        runs: dict[str, list[dict]] = {"suite_float32": [], "lm_eval_float32": []}
        for r in range(args.runs):
            # Alternate which tool goes first in each round, so that neither always runs on a cooler machine.
            order = [("suite_float32", lambda: run_suite(args, folder, len(items))),
                     ("lm_eval_float32", lambda: run_lm_eval(args, folder, model_dir))]
            for name, run in order if r % 2 == 0 else order[::-1]:
                result = run()
                runs[name].append(result)
                print(f"run {r + 1}/{args.runs} {name}: whole {result['whole_seconds']:.1f} s, scoring loop "
                      f"{result['loop_seconds']:.1f} s", file=sys.stderr, flush=True)
    letters = items[0]["letters"]
    suite, lm = runs["suite_float32"], runs["lm_eval_float32"]
    lm_choice = [argmax(lp) for lp in lm[0]["logprobs"]]
    suite_choice = [letters.index(suite[0]["labels"][item["id"]]) for item in items]
    report = {"mode": "via-suites", "dataset": args.dataset, "items": len(items), "runs": args.runs,
              "command": f"pytest suites/test_accuracy.py -k cloze --dataset {args.dataset} --max-items "
                         f"{len(items)} --no-cache",
              "positions": {"pytest-medllm (computed, padding included)": suite[0]["positions"],
                            "lm-eval (context tokens, LM head at each)": items[0]["lm_eval_positions"]},
              "accuracy": {"pytest-medllm": sum(c == i["answer"] for c, i in zip(suite_choice, items)) / len(items),
                           "lm-eval": sum(c == i["answer"] for c, i in zip(lm_choice, items)) / len(items)},
              "same_choice_share (different prompts)": sum(a == b for a, b in zip(suite_choice, lm_choice))
              / len(items)}
    for name, results in runs.items():
        report[name] = {"whole_seconds_median": round(statistics.median(r["whole_seconds"] for r in results), 2),
                        "loop_seconds_median": round(statistics.median(r["loop_seconds"] for r in results), 2),
                        "whole_seconds": [round(r["whole_seconds"], 2) for r in results],
                        "loop_seconds": [round(r["loop_seconds"], 2) for r in results]}
    report["suite_vs_lm_eval_whole"] = round(report["lm_eval_float32"]["whole_seconds_median"]
                                             / report["suite_float32"]["whole_seconds_median"], 2)
    report["suite_vs_lm_eval_loop"] = round(report["lm_eval_float32"]["loop_seconds_median"]
                                            / report["suite_float32"]["loop_seconds_median"], 2)
    report["machine"] = machine()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


def argmax(values: list[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", default="demo", help="demo or PATH[:FORMAT] (an MMLU CSV, MedQA JSONL, ...)")
    parser.add_argument("--items", type=int, default=0, help="first N items only (default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each tool, alternated")
    parser.add_argument("--batch-size", type=int, default=16, help="pytest-medllm's batch size (its default)")
    parser.add_argument("--lm-eval-batch-size", type=int, default=8)
    parser.add_argument("--lm-eval-python", default=str(PROJECT / ".venv-lmeval" / "bin" / "python"))
    parser.add_argument("--no-bfloat16", action="store_true", help="skip the bfloat16 runs")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--profile", action="store_true",
                        help="after the timed runs, one profiled float32 run of pytest-medllm (operators by time)")
    parser.add_argument("--via-suites", action="store_true",
                        help="time the suite's own cloze command (pytest, its prompt, --max-items ITEMS) against "
                             "lm-eval on the same items")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--items-json", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--dtype", default="float32", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        our_worker(args)
        return
    if not Path(args.lm_eval_python).exists():
        sys.exit(f"no lm-eval interpreter at {args.lm_eval_python}: run `make bench`, or install "
                 f"`torch==2.13.0 lm-eval[hf]==0.4.13` in a virtual environment and pass its python")
    if args.via_suites:
        main_via_suites(args)
        return
    from bench_backend import matmul_ceiling

    from pytest_medllm.backends.fingerprint import machine, machine_line

    # Every figure below depends on the CPU's instruction sets (AVX-512 with native bfloat16, or AVX2 only); both
    # tools run on this machine, with this environment.
    print(machine_line(), file=sys.stderr, flush=True)
    ceiling = {dtype: matmul_ceiling(dtype=dtype) for dtype in ("float32", "bfloat16")}
    with tempfile.TemporaryDirectory(prefix="medllm-bench-") as tmp:
        folder = Path(tmp)
        items, model_dir = prepare(args, folder)
        runs: dict[str, list[dict]] = {"ours_float32": [], "lm_eval_float32": [], "ours_bfloat16": []}
        for r in range(args.runs):
            for name, run in (("ours_float32", lambda: run_ours(args, folder, "float32")),
                              ("lm_eval_float32", lambda: run_lm_eval(args, folder, model_dir)),
                              ("ours_bfloat16", None if args.no_bfloat16 else
                               lambda: run_ours(args, folder, "bfloat16"))):
                if run is None:
                    continue
                result = run()
                runs[name].append(result)
                print(f"run {r + 1}/{args.runs} {name}: whole {result['whole_seconds']:.1f} s, scoring loop "
                      f"{result['loop_seconds']:.1f} s", file=sys.stderr, flush=True)
        profiled = run_ours(args, folder, "float32", profiled=True)["profile"] if args.profile else None
    report = summarize(items, runs, args)
    if profiled:
        report["profile_float32"] = profiled
    for name, dtype in (("ours_float32", "float32"), ("ours_bfloat16", "bfloat16")):
        if name in report:
            gflops = runs[name][0]["useful_gflop"] / report[name]["loop_seconds_median"]
            report[name]["useful_gflops"] = round(gflops, 1)
            report[name][f"share_of_{dtype}_matmul_rate"] = round(gflops / ceiling[dtype], 3)
    report["matmul_gflops"] = {k: round(v, 1) for k, v in ceiling.items()}
    report["machine"] = machine()
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


def summarize(items: list[dict], runs: dict[str, list[dict]], args: argparse.Namespace) -> dict:
    reference = runs["lm_eval_float32"][0]["logprobs"]
    ref_choice = [argmax(lp) for lp in reference]
    report: dict = {"items": len(items), "options": len(items[0]["letters"]), "dataset": args.dataset,
                    "runs": args.runs, "batch_size": {"pytest-medllm": args.batch_size,
                                                      "lm-eval": args.lm_eval_batch_size},
                    "lm_eval_accuracy": sum(c == i["answer"] for c, i in zip(ref_choice, items)) / len(items)}
    for name, results in runs.items():
        if not results:
            continue
        whole = statistics.median(r["whole_seconds"] for r in results)
        loop = statistics.median(r["loop_seconds"] for r in results)
        logprobs = results[0]["logprobs"]
        choices = [argmax(lp) for lp in logprobs]
        entry = {"whole_seconds_median": round(whole, 2), "loop_seconds_median": round(loop, 2),
                 "whole_seconds": [round(r["whole_seconds"], 2) for r in results],
                 "loop_seconds": [round(r["loop_seconds"], 2) for r in results],
                 "same_choice_as_lm_eval": sum(a == b for a, b in zip(choices, ref_choice)) / len(items),
                 "max_abs_logprob_difference": max(abs(a - b) for x, y in zip(logprobs, reference)
                                                   for a, b in zip(x, y))}
        report[name] = entry
    lm = report["lm_eval_float32"]
    for name in ("ours_float32", "ours_bfloat16"):
        if name in report:
            report[name]["throughput_vs_lm_eval_whole"] = round(lm["whole_seconds_median"]
                                                                 / report[name]["whole_seconds_median"], 2)
            report[name]["throughput_vs_lm_eval_loop"] = round(lm["loop_seconds_median"]
                                                                / report[name]["loop_seconds_median"], 2)
    return report


if __name__ == "__main__":
    main()
