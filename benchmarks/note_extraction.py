"""Reading notes: the extractor with its first-character index against a scan of every position by every label.

    python benchmarks/note_extraction.py [--corpora dev41 dev42 dev43] [--runs 3]

Both read the same notes (the development corpora named, every note) with ``extract_vitals``; the only difference is
whether each label pattern is tried only where its first characters stand (:mod:`pytest_medllm.data.notes.
first_characters`, the default) or scanned over the whole note (the shortcut switched off). Runs alternate and medians
are reported, with notes per second, the machine's CPU flags, and a check that both give the same mentions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT))

from pytest_medllm.backends.fingerprint import machine_line  # noqa: E402
from pytest_medllm.data.note_vitals import extract_vitals  # noqa: E402
from pytest_medllm.data.notes import labels  # noqa: E402
from tests.helpers.notes_markup import load  # noqa: E402


def _read(texts: list[str]) -> tuple[float, list]:
    started = time.perf_counter()
    found = [[(m.variable, m.start, m.end) for m in extract_vitals(text).mentions] for text in texts]
    return time.perf_counter() - started, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", nargs="+", default=["dev41", "dev42", "dev43"])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    texts = [note.text for name in args.corpora for note in load(name)]
    indexed_firsts = labels._LABEL_FIRSTS
    times: dict[str, list[float]] = {"indexed": [], "full scan": []}
    results = {}
    print(machine_line(), flush=True)
    for run in range(args.runs):
        for name in (("indexed", "full scan") if run % 2 == 0 else ("full scan", "indexed")):
            labels._LABEL_FIRSTS = indexed_firsts if name == "indexed" else (None,) * len(indexed_firsts)
            seconds, results[name] = _read(texts)
            times[name].append(seconds)
            print(f"run {run + 1} {name}: {seconds:.2f} s", flush=True)
    labels._LABEL_FIRSTS = indexed_firsts
    same = results["indexed"] == results["full scan"]
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, seconds in medians.items():
        print(f"{name}: median {seconds:.2f} s for {len(texts)} notes ({len(texts) / seconds:.1f} notes/s)")
    print(f"speed-up {medians['full scan'] / medians['indexed']:.2f}x; same mentions: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
