"""Greedy generation: pytest-medllm's batched backend against the studies' per-item loop, same prompts and model.

    python benchmarks/generation.py [--items 48] [--new-tokens 384] [--runs 3] [--json out.json]

The studies generate one item at a time: apply the chat template, call ``model.generate()`` for that prompt
(greedy, repetition penalty 1.2), decode, next item, on the model as ``from_pretrained`` loads it. pytest-medllm
sends all prompts to ``TransformersBackend.generate`` at its default batch size, with its default CPU kernels
(``--linear-kernel``, oneDNN's packed layers unless ``--linear-kernel torch``). Both load the same weights (the dense
float32 copy of the embedded default), run prompt A of the demo items with the same stop tokens; runs alternate
and medians are reported. Checked: the greedy texts are identical item by item. Reported: new tokens per second of each (the
per-item loop's tokens over its time; the batch's tokens over its time) and their ratio, and where the batched
time goes (prefill and decode passes, from the backend's clock, and the rows a decoding step computes on average),
with the machine they were measured on (CPU flags avx2 / avx512f / avx512_bf16 / amx, the kernels torch dispatches to).

The defaults are a suite's situation: more prompts than rows (48 items, three batches' worth), long answers (up to
384 tokens; the studies allow more). Three alternated runs take about half an hour on 2 cores, nearly all of it in
the per-item loop. ``--items 16`` is one batch that drains as its answers end, the least a batch can gain.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

import torch  # noqa: E402
from transformers import AutoModelForCausalLM  # noqa: E402
from transformers.generation.logits_process import RepetitionPenaltyLogitsProcessor  # noqa: E402

from pytest_medllm.answers.prompts import prompt_a  # noqa: E402
from pytest_medllm.backends import Decoding, GenerationRequest  # noqa: E402
from pytest_medllm.backends.clock import ForwardClock  # noqa: E402
from pytest_medllm.backends.fingerprint import machine, machine_line  # noqa: E402
from pytest_medllm.backends.model_registry import DEFAULT_ALIAS, resolve_model  # noqa: E402
from pytest_medllm.backends.transformers.loading import create_transformers_backend  # noqa: E402
from pytest_medllm.data.loaders import load_dataset  # noqa: E402
from pytest_medllm.runner.command_line import default_cache_dir  # noqa: E402


@torch.inference_mode()
def per_item_loop(model, backend, prompts: list[str], new_tokens: int, penalty: float  # noqa: ANN001
                  ) -> list[list[int]]:
    """The studies' loop: one ``generate()`` per prompt. Returns each answer's new tokens (up to its stop token)."""
    answers = []
    for prompt in prompts:
        ids = prompt_ids(backend, prompt)
        out = model.generate(input_ids=torch.tensor([ids]), attention_mask=torch.ones((1, len(ids)), dtype=torch.long),
                             max_new_tokens=new_tokens, do_sample=False, num_beams=1, repetition_penalty=penalty,
                             eos_token_id=backend.eos_ids, pad_token_id=backend.tokenizer.pad_token_id)
        new = out[0, len(ids):].tolist()
        answers.append(new[: next((j for j, t in enumerate(new) if t in backend.eos_ids), len(new))])
    return answers


def prompt_ids(backend, prompt: str) -> list[int]:  # noqa: ANN001
    """The prompt as the studies tokenize it: the chat template with the assistant turn opened."""
    return backend.tokenizer.apply_chat_template([{"role": "user", "content": prompt}], add_generation_prompt=True,
                                                 tokenize=True, return_dict=True)["input_ids"]


@torch.inference_mode()
def divergence(model, backend, prompt: list[int], reference: list[int], batched: list[int],  # noqa: ANN001
               penalty: float) -> dict:
    """Where a batched answer leaves the loop's: the token, the character, and how far apart the two tokens chosen
    there were in the loop model's own scores (after the repetition penalty), recomputed in one pass over the
    prompt and the common tokens. A gap at rounding level (about 1e-5) is a near tie that float rounding decides,
    not a different computation."""
    k = next((j for j, (a, b) in enumerate(zip(reference, batched)) if a != b), min(len(reference), len(batched)))
    entry = {"token": k, "character": len(backend.tokenizer.decode(reference[:k])),
             "lengths": [len(reference), len(batched)]}
    if k < min(len(reference), len(batched)):
        ids = torch.tensor([prompt + reference[:k]])
        scores = model(input_ids=ids).logits[:, -1].float()
        scores = RepetitionPenaltyLogitsProcessor(penalty)(ids, scores)[0]
        entry.update(loop_token=backend.tokenizer.decode([reference[k]]), batched_token=backend.tokenizer.decode(
            [batched[k]]), score_gap=float(scores[reference[k]] - scores[batched[k]]))
    return entry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=48)
    parser.add_argument("--new-tokens", type=int, default=384)
    parser.add_argument("--batch-size", type=int, default=16, help="pytest-medllm's default")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--linear-kernel", default="auto", choices=("auto", "onednn", "torch"))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    # Every figure below depends on the CPU's instruction sets (AVX-512 with native bfloat16, or AVX2 only).
    print(machine_line(), file=sys.stderr, flush=True)
    config = SimpleNamespace(cache_dir=default_cache_dir(), device="cpu", dtype="float32", attn_implementation="auto",
                             chat_template="auto", batch_size=args.batch_size, trust_remote_code=False,
                             linear_kernel=args.linear_kernel)
    backend = create_transformers_backend(config, resolve_model(DEFAULT_ALIAS))
    # The studies' code loads the model with from_pretrained and calls it as it is.
    plain = AutoModelForCausalLM.from_pretrained(backend.model_path, dtype=torch.float32).eval()
    items = load_dataset("demo", PROJECT).items[: args.items]
    prompts = [prompt_a(item) for item in items]
    penalty = 1.2
    decoding = Decoding(max_new_tokens=args.new_tokens, repetition_penalty=penalty)
    requests = [GenerationRequest(p, decoding) for p in prompts]
    loop_s, batch_s, clocks = [], [], []
    loop_answers: list[list[int]] = []
    for run in range(args.runs):
        start = time.perf_counter()
        loop_answers = per_item_loop(plain, backend, prompts, args.new_tokens, penalty)
        loop_s.append(time.perf_counter() - start)
        clock = ForwardClock(where=lambda: "batched").attach(backend.model)
        start = time.perf_counter()
        outputs = backend.generate(requests)
        batch_s.append(time.perf_counter() - start)
        clock.detach()
        clocks.append(clock.to_dict()["batched"])
        print(f"run {run + 1}/{args.runs}: per-item loop {loop_s[-1]:.1f} s, batched {batch_s[-1]:.1f} s",
              file=sys.stderr, flush=True)
    batch_tokens = sum(len(o.token_ids) for o in outputs)
    loop_tokens = sum(len(a) for a in loop_answers)
    loop_texts = [backend.tokenizer.decode(a, skip_special_tokens=False) for a in loop_answers]
    batch_texts = [o.text for o in outputs]
    loop_rate = loop_tokens / statistics.median(loop_s)
    batch_rate = batch_tokens / statistics.median(batch_s)
    report = {
        "machine": machine(),
        "items": len(prompts), "new_tokens_max": args.new_tokens, "batch_size": args.batch_size,
        "threads": torch.get_num_threads(), "runs": args.runs, "linear_kernel": backend.linear_kernel,
        "identical_texts": sum(a == b for a, b in zip(loop_texts, batch_texts)),
        # Where a text differs: the item, the first differing token and character, and the score gap there.
        "differences": [{"item": i, **divergence(plain, backend, prompt_ids(backend, prompts[i]), loop_answers[i],
                                                 list(outputs[i].token_ids), penalty)}
                        for i, (a, b) in enumerate(zip(loop_texts, batch_texts)) if a != b],
        "per_item_loop": {"seconds": [round(s, 2) for s in loop_s], "new_tokens": loop_tokens,
                          "tokens_per_second": round(loop_rate, 1)},
        "batched": {"seconds": [round(s, 2) for s in batch_s], "new_tokens": batch_tokens,
                    "tokens_per_second": round(batch_rate, 1), "clock_last_run": clocks[-1],
                    "rows_per_decoding_step": round(clocks[-1]["decode"]["positions"]
                                                    / max(clocks[-1]["decode"]["passes"], 1), 1)},
        "speedup": round(batch_rate / loop_rate, 2),
    }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
