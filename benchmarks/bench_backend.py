"""Speed of the transformers backend on the embedded default model (no response cache).

    python benchmarks/bench_backend.py [--items 16] [--new-tokens 32] [--json out.json]

Reports (after the machine: CPU, its flags avx2 / avx512f / avx512_bf16 / amx, the kernels torch dispatches to):
model load time (dense copy, after the first conversion), cloze scoring in prompts/s at batch sizes 1
and 8 with the share of the machine's float32 matmul ceiling that the forward pass reaches, and greedy
generation in tokens/s at batch sizes 1 and 8. The ceiling is measured here, with a 2048×2048 float32 matmul.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from pytest_medllm.answers.prompts import cloze_prompt, prompt_a  # noqa: E402
from pytest_medllm.backends import ChoiceRequest, Decoding, GenerationRequest  # noqa: E402
from pytest_medllm.backends.fingerprint import machine, machine_line  # noqa: E402
from pytest_medllm.backends.model_registry import DEFAULT_ALIAS, resolve_model  # noqa: E402
from pytest_medllm.backends.transformers.loading import create_transformers_backend  # noqa: E402
from pytest_medllm.data.loaders import load_dataset  # noqa: E402
from pytest_medllm.runner.command_line import default_cache_dir  # noqa: E402


def matmul_ceiling(size: int = 2048, repeats: int = 10, dtype: str = "float32") -> float:
    """GFLOP/s of a square matrix product in ``dtype`` on this machine (best of ``repeats``)."""
    a, b = torch.randn(size, size, dtype=getattr(torch, dtype)), torch.randn(size, size, dtype=getattr(torch, dtype))
    a @ b
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - start)
    return 2 * size ** 3 / best / 1e9


def forward_flops(model, tokens: int, logit_positions: int) -> float:
    """2 × (non-embedding parameters × tokens + LM-head parameters × positions whose logits are computed)."""
    embedding = model.get_input_embeddings().weight.numel()
    head = model.get_output_embeddings().weight.numel()
    # Packed linear layers (see cpu_kernels) hold their weights as buffers; the head then has its own copy.
    packed = [m.weight for m in model.modules() if type(m).__name__ == "MkldnnLinear"]
    total = sum(p.numel() for p in model.parameters()) + sum(w.numel() for w in packed)
    tied = model.get_output_embeddings().weight is model.get_input_embeddings().weight
    non_embedding = total - embedding - (0 if tied else head)
    return 2.0 * (non_embedding * tokens + head * logit_positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=16)
    parser.add_argument("--new-tokens", type=int, default=32)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    # Every figure below depends on the CPU's instruction sets (AVX-512 with native bfloat16, or AVX2 only).
    print(machine_line(), file=sys.stderr, flush=True)
    ceiling = matmul_ceiling()
    config = SimpleNamespace(cache_dir=default_cache_dir(), device="cpu", dtype="float32", attn_implementation="auto",
                             chat_template="auto", batch_size=8, trust_remote_code=False)
    spec = resolve_model(DEFAULT_ALIAS)
    create_transformers_backend(config, spec).close()  # converts once if needed; not part of the timing
    start = time.perf_counter()
    backend = create_transformers_backend(config, spec)
    load_seconds = time.perf_counter() - start

    items = load_dataset("demo", Path(__file__).resolve().parents[1]).items[: args.items]
    results: dict = {"machine": machine(), "threads": torch.get_num_threads(),
                     "matmul_gflops_float32": round(ceiling, 1),
                     "load_seconds": round(load_seconds, 2), "items": len(items)}
    cloze = [ChoiceRequest(cloze_prompt(item), item.letters) for item in items]
    prompt_tokens = sum(len(backend._encode_formatted(backend.format_prompt(r.prompt))) for r in cloze)
    # Measure the forward pass itself: no reading of shared prefixes once (that would skip counted tokens).
    backend.MIN_SHARED_PREFIX = 10 ** 9
    for batch in (1, 8):
        backend.batch_size = batch
        backend.score_choices(cloze[:batch])  # warm-up
        start = time.perf_counter()
        backend.score_choices(cloze)
        seconds = time.perf_counter() - start
        # Padding to the longest prompt of a batch is real work too, but not useful work: count real tokens only.
        flops = forward_flops(backend.model, prompt_tokens, len(cloze))
        results[f"cloze_batch{batch}"] = {"prompts_per_second": round(len(cloze) / seconds, 2),
                                          "useful_gflops": round(flops / seconds / 1e9, 1),
                                          "share_of_ceiling": round(flops / seconds / 1e9 / ceiling, 3)}
    del backend.MIN_SHARED_PREFIX
    decoding = Decoding(max_new_tokens=args.new_tokens)
    requests = [GenerationRequest(prompt_a(item), decoding) for item in items[:8]]
    for batch in (1, 8):
        backend.batch_size = batch
        start = time.perf_counter()
        outputs = backend.generate(requests)
        seconds = time.perf_counter() - start
        tokens = sum(len(o.token_ids) for o in outputs)
        results[f"generate_batch{batch}"] = {"new_tokens": tokens, "seconds": round(seconds, 2),
                                             "tokens_per_second": round(tokens / seconds, 1)}
    # Repeated sampling (N runs of one prompt, as the consistency suites do): the prompt is read once per batch.
    sampled = [GenerationRequest(prompt_a(item), Decoding(max_new_tokens=args.new_tokens, temperature=0.6,
                                                          top_p=0.9, top_k=75), seed=run)
               for item in items[:2] for run in range(8)]
    backend.batch_size = 8
    for shared in (False, True):
        backend.share_prefill = shared
        start = time.perf_counter()
        outputs = backend.generate(sampled)
        seconds = time.perf_counter() - start
        results[f"repeated_sampling_{'shared' if shared else 'unshared'}_prefill"] = {
            "rows": len(sampled), "seconds": round(seconds, 2),
            "tokens_per_second": round(sum(len(o.token_ids) for o in outputs) / seconds, 1)}
    print(json.dumps(results, indent=2))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
