"""Two versions of the project side by side on the same suites: cold runs, alternated, whole processes.

    python benchmarks/suites_ab.py OLD_REF [--runs N] [--capped] [SUITE ...]

OLD_REF (a commit, branch or tag) is checked out in a temporary git worktree. The suites (default: every suite) then
run ``pytest SUITES --refresh-cache`` (every model call computed, none taken from the response cache) in turn there
and in this working tree — old, new, old, new, ... — so that a shared machine's drift falls on both alike, and each
run's JSON artifact (written to a directory of its own) gives, suite by suite, its seconds, the prefill positions and
seconds and the decoding seconds (the backend's clock). Positions are exact; seconds move with the machine's load, so
read them side by side, never against another day's. ``--capped`` holds every library at AVX2, as the tests force
the AVX2-only path on a CPU with AVX-512. The machine's CPU flags are printed first.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from pytest_medllm.backends.fingerprint import machine_line  # noqa: E402

CAPPED = {"ONEDNN_MAX_CPU_ISA": "AVX2", "ATEN_CPU_CAPABILITY": "avx2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"}


def run_suites(tree: Path, suites: list[str], reports: Path, capped: bool) -> dict:
    """One cold run of ``suites`` with the code of ``tree``; its wall seconds, verdict and per-suite timing."""
    env = {**os.environ, "PYTHONPATH": str(tree), **(CAPPED if capped else {})}
    command = [sys.executable, "-m", "pytest", *suites, "--refresh-cache", "-q", "-p", "no:cacheprovider",
               "--report-dir", str(reports)]
    started = time.perf_counter()
    subprocess.run(command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - started
    artifact = reports / "medllm-results.json"
    if not artifact.exists():
        raise SystemExit(f"suites_ab: the run in {tree} wrote no {artifact.name}; run its pytest command by hand "
                         "to see why")
    results = json.loads(artifact.read_text())
    return {"wall": wall, "verdict": results["verdict"]["headline"], "suites": results["timing"]["suites"]}


def summary(label: str, run: dict) -> str:
    suites = run["suites"]
    total = {key: sum(s[key] for s in suites) for key in ("seconds", "prefill_seconds", "prefill_positions",
                                                          "decode_seconds")}
    return (f"{label}: {run['wall']:.1f} s whole process; in tests {total['seconds']:.1f} s, prefill "
            f"{total['prefill_positions']:,} positions in {total['prefill_seconds']:.1f} s, decoding "
            f"{total['decode_seconds']:.1f} s | {run['verdict'][:100]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old_ref", help="the commit to compare this working tree with")
    parser.add_argument("suites", nargs="*", default=["suites/"], help="suite files or directories (default: all)")
    parser.add_argument("--runs", type=int, default=2, help="runs of each version, alternated (default 2)")
    parser.add_argument("--capped", action="store_true", help="hold every library at AVX2")
    args = parser.parse_args()
    print(machine_line() + (" (capped at AVX2)" if args.capped else ""), flush=True)
    with tempfile.TemporaryDirectory(prefix="suites-ab-") as scratch:
        old_tree = Path(scratch) / "old"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old_tree), args.old_ref], cwd=PROJECT,
                       check=True)
        try:
            runs: dict[str, list[dict]] = {"old": [], "new": []}
            for index in range(args.runs):
                for label, tree in (("old", old_tree), ("new", PROJECT)):
                    reports = Path(scratch) / f"{label}-{index}"
                    runs[label].append(run_suites(tree, args.suites, reports, args.capped))
                    print(summary(f"{label} {index + 1}", runs[label][-1]), flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old_tree)], cwd=PROJECT, check=False)
    print("\nsuite: seconds (prefill positions), each run in order, old then new")
    for suite in [s["suite"] for s in runs["new"][0]["suites"]]:
        cells = []
        for label in ("old", "new"):
            for run in runs[label]:
                row = next((s for s in run["suites"] if s["suite"] == suite), None)
                cells.append(f"{label} {row['seconds']:.1f} ({row['prefill_positions']:,})" if row else f"{label} -")
        print(f"  {suite}: " + ", ".join(cells))


if __name__ == "__main__":
    main()
