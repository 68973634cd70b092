"""Stop sequences: what they save and what they cut, suite by suite, from two runs of the suites.

    python benchmarks/stops.py run OUT [--model M] [-k EXPR] [pytest args...]   # two runs, then the table
    python benchmarks/stops.py table OUT                                           # the table of two finished runs
    python benchmarks/stops.py caches OUT                                          # totals from the two caches

``run`` runs ``pytest suites/`` twice, each with an empty response cache (nothing comes from a cache): first with
every stop sequence removed from every decoding (``OUT/without``: what generation did before stops existed), then as
the suites are (``OUT/with``). The runs differ only in the stops: the first loads this file as a pytest plugin that
empties ``Decoding.stop`` wherever a decoding is made.

``table`` reads both runs' per-item artifacts (``medllm-items.jsonl``) and JSON artifacts (``medllm-results.json``)
and prints, per suite: generations, tokens generated (the items' ``output_token_ids``: with stops, the kept ones),
decoding steps (the backend's clock: forward passes of one position per row), seconds of decoding (secondary: a
shared machine's seconds move with its load), and how many
generations each stop sequence ended. It checks every pair of outputs of the same item and condition: the text with
stops must be the text without stops up to where a stop sequence begins (or the same text, when no stop ended it),
and it counts parsed answers that changed (there should be none: a stop must never cut an answer).

Rows of a suite are matched by (condition, item id, order, seed-free position): each artifact row is one generation.
Suites that only score (cloze letters, label distributions, perplexity) generate nothing and show zeros.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
NO_STOPS = "MEDLLM_BENCHMARK_NO_STOPS"


# -- as a pytest plugin: the run without stops -------------------------------------------------------------------

def pytest_configure(config) -> None:  # noqa: ANN001 - pytest's config
    """With ``MEDLLM_BENCHMARK_NO_STOPS=1``: every Decoding made in this process has no stop sequences."""
    if not os.environ.get(NO_STOPS):
        return
    from pytest_medllm.backends.base import Decoding

    original = Decoding.__post_init__

    def without_stops(self) -> None:  # noqa: ANN001
        original(self)
        object.__setattr__(self, "stop", ())

    Decoding.__post_init__ = without_stops  # type: ignore[method-assign]


# -- running -------------------------------------------------------------------------------------------------------

def run(out: Path, extra: list[str]) -> None:
    """Both runs at once (on a shared 2-core machine that takes less wall time than one after the other; their
    seconds are then each other's load, their tokens and steps are not)."""
    running = []
    for name, no_stops in (("without", True), ("with", False)):
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        if any((folder / "cache").glob("*.sqlite3")):
            raise SystemExit(f"{folder / 'cache'} is not empty: both runs must start from an empty cache")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).parent),
                                                                         os.environ.get("PYTHONPATH")]))}
        env.pop(NO_STOPS, None)
        if no_stops:
            env[NO_STOPS] = "1"
        command = [sys.executable, "-m", "pytest", "suites/", "-p", "stops", "-p", "no:cacheprovider", "-q",
                   "--cache-dir", str(folder / "cache"), "--report-dir", str(folder / "reports"), *extra]
        print("$", f"{NO_STOPS}=1" if no_stops else "", " ".join(command), flush=True)
        log = open(folder / "pytest.log", "w")
        running.append((subprocess.Popen(command, cwd=PROJECT, env=env, stdout=log, stderr=subprocess.STDOUT), log))
    for process, log in running:
        process.wait()
        log.close()


# -- the table -----------------------------------------------------------------------------------------------------

def _items(folder: Path) -> dict[str, dict[tuple, dict]]:
    """Per suite, the artifact rows by (condition, item, order, n-th repeat)."""
    by_suite: dict[str, dict[tuple, dict]] = defaultdict(dict)
    path = folder / "reports" / "medllm-items.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "output" not in row:
            continue
        suite = row.get("suite") or str(row.get("nodeid", "")).split("::")[0].rsplit("/", 1)[-1][5:-3]
        key = (str(row.get("test") or row.get("nodeid", "")), row.get("condition"), row.get("item_id"),
               tuple(row.get("order") or ()), row.get("prompt_sha256"))
        n = 0
        while key + (n,) in by_suite[suite]:
            n += 1
        by_suite[suite][key + (n,)] = row
    return by_suite


def _timing(folder: Path) -> dict[str, dict]:
    results = json.loads((folder / "reports" / "medllm-results.json").read_text(encoding="utf-8"))
    return {entry["suite"]: entry for entry in (results.get("timing") or {}).get("suites", [])}


def _decode(entry: dict, key: str) -> float:
    """``steps`` or ``seconds`` of a suite's decoding passes (the JSON artifact's timing row)."""
    return entry.get(f"decode_{key}") or 0


def _stop_at(without: str, with_: str, stops: list[str]) -> str | None:
    """The stop sequence that the text without stops holds where the text with stops ends."""
    rest = without[len(with_):]
    found = [s for s in stops if rest.startswith(s)]
    return max(found, key=len) if found else None


def table(out: Path) -> int:
    before, after = _items(out / "without"), _items(out / "with")
    time_before, time_after = _timing(out / "without"), _timing(out / "with")
    from pytest_medllm.answers import prompts

    stops = sorted({s for stop_set in prompts.all_stop_sets().values() for s in stop_set})
    suites = sorted(set(before) | set(after) | set(time_before) | set(time_after))
    header = ("| suite | generations | tokens without stops | with stops | decode steps without | with | "
              "decode s without | with | ended by a stop | texts identical up to the stop | parsed answer changed |")
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    total_by_stop: Counter = Counter()
    problems = 0
    totals = Counter()
    for suite in suites:
        rows_b, rows_a = before.get(suite, {}), after.get(suite, {})
        keys = sorted(set(rows_b) & set(rows_a), key=str)
        by_stop: Counter = Counter()
        identical = changed = 0
        for key in keys:
            b, a = rows_b[key], rows_a[key]
            if a["output"] == b["output"]:
                identical += 1
            elif b["output"].startswith(a["output"]) and a.get("finish_reason") == "stop":
                stop = _stop_at(b["output"], a["output"], stops)
                if stop is None:
                    problems += 1
                    print(f"<!-- {suite} {key}: cut where no stop begins: {b['output'][len(a['output']):][:40]!r} -->")
                else:
                    identical += 1
                    by_stop[stop] += 1
            else:
                problems += 1
                print(f"<!-- {suite} {key}: not a prefix: {a['output'][:60]!r} vs {b['output'][:60]!r} -->")
            if a.get("label") != b.get("label"):
                changed += 1
        tokens_b = sum(len(rows_b[k].get("output_token_ids") or ()) for k in keys)
        tokens_a = sum(len(rows_a[k].get("output_token_ids") or ()) for k in keys)
        tb, ta = time_before.get(suite, {}), time_after.get(suite, {})
        stopped = ", ".join(f"{s!r} {n}" for s, n in by_stop.most_common()) or "-"
        total_by_stop.update(by_stop)
        cells = [suite, len(keys), tokens_b, tokens_a, _decode(tb, "steps"), _decode(ta, "steps"),
                 round(_decode(tb, "seconds"), 1), round(_decode(ta, "seconds"), 1), stopped,
                 f"{identical}/{len(keys)}", changed]
        totals.update({"generations": len(keys), "tokens_b": tokens_b, "tokens_a": tokens_a,
                       "steps_b": _decode(tb, "steps"), "steps_a": _decode(ta, "steps"),
                       "identical": identical, "changed": changed})
        print("| " + " | ".join(str(c) for c in cells) + " |")
    ended = ", ".join(f"{s!r} {n}" for s, n in total_by_stop.most_common()) or "-"
    print("| **all** | {generations} | {tokens_b} | {tokens_a} | {steps_b} | {steps_a} | | | ".format(**totals) + ended
          + f" | {totals['identical']}/{totals['generations']} | {totals['changed']} |")
    return 1 if problems else 0


def _cached(folder: Path) -> list[dict]:
    import sqlite3

    path = folder / "cache" / "responses.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [json.loads(value) for (value,) in
                connection.execute("SELECT value FROM responses WHERE kind = 'generate'")]
    finally:
        connection.close()


def from_caches(out: Path) -> int:
    """The same checks from the two runs' response caches (every generation, committed as it is made, so this works
    on runs still going or stopped): totals for the whole run, not per suite.

    Each generation of the run with stops is paired with one of the run without whose tokens start with its kept
    tokens (and whose text is its text followed by the stop that ended it); a generation no stop ended must have an
    identical twin. Repeated prompts give several candidates: the pairing takes any unpaired one that fits."""
    with_, without = _cached(out / "with"), _cached(out / "without")
    pool: dict[tuple, list[dict]] = defaultdict(list)
    for g in without:
        pool[tuple(g["token_ids"][:1])].append(g)
    paired = unpaired = 0
    by_stop: Counter = Counter()
    kept = decoded = before = 0
    reasons: Counter = Counter()
    for g in sorted(with_, key=lambda g: -len(g["token_ids"])):
        ids = g["token_ids"]
        candidates = pool[tuple(ids[:1])] if ids else [c for group in pool.values() for c in group]
        stop = g.get("stop_sequence")
        match = None
        for c in candidates:
            if c["token_ids"][:len(ids)] != ids:
                continue
            if stop is None and c["text"] == g["text"] and c["finish_reason"] == g["finish_reason"]:
                match = c
                break
            if stop is not None and c["text"].startswith(g["text"] + stop):
                match = c
                break
        reasons[g["finish_reason"]] += 1
        if match is None:
            unpaired += 1
            continue
        paired += 1
        pool[tuple(match["token_ids"][:1])].remove(match)
        if stop is not None:
            by_stop[stop] += 1
        kept += len(ids)
        decoded += g.get("decoded_tokens") or len(ids)
        before += len(match["token_ids"])
    print(f"generations with stops: {len(with_)} (without: {len(without)}); paired with a generation without stops "
          f"that is the same text up to the stop: {paired}; not paired: {unpaired}")
    print(f"finish reasons with stops: {dict(reasons)}")
    print(f"tokens of the paired generations: without stops {before}, with stops decoded {decoded} "
          f"(kept {kept}, the rest of a stop {decoded - kept})")
    print("ended by each stop: " + (", ".join(f"{s!r} {n}" for s, n in by_stop.most_common()) or "none"))
    return 0


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "run":
        out = Path(argv[1]).resolve()
        run(out, argv[2:])
        return table(out)
    if len(argv) == 2 and argv[0] == "table":
        return table(Path(argv[1]).resolve())
    if len(argv) == 2 and argv[0] == "caches":
        return from_caches(Path(argv[1]).resolve())
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
