"""The stability card in the terminal: a rendering of the run summary (verdict first, then per suite, then the
gated metrics)."""

from __future__ import annotations

from pathlib import Path

from ..verdict.summary import Outcome, RunSummary, RunVerdict
from .formatting import format_ci, format_detectable, format_power, format_value


class TerminalCard:
    """The stability card in the terminal: verdict first, then per suite, then the gated metrics."""

    def __init__(self, terminalreporter, verbose: bool) -> None:
        self.tr = terminalreporter
        self.verbose = verbose

    def line(self, text: str, **markup: bool) -> None:
        self.tr.write_line(text, **markup)

    def render(self, summary: RunSummary, artifact: Path | None, items: Path | None, n_items: int) -> None:
        self.tr.write_sep("=", "pytest-medllm stability card")
        unjudged = {u.suite: u for u in summary.unjudged_suites()}
        colour = {RunVerdict.PASSED: {"green": True, "bold": True}}.get(summary.verdict, {"red": True, "bold": True})
        if (summary.verdict is RunVerdict.PASSED and (unjudged or summary.underpowered)) or (
                summary.verdict is RunVerdict.INCOMPLETE and not summary.failing
                and (summary.faults or summary.not_judged_for_power)):
            colour = {"yellow": True, "bold": True}  # not everything was judged, or judged on weak evidence
        self.line(summary.headline, **colour)
        problems = summary.problems + summary.blocked
        for problem in problems if len(problems) > 1 else ():
            self.line(f"  {problem}", red=True)
        for note in summary.notes:
            self.line(f"  note: {note}", yellow=True)
        self._facts(summary)
        for tally in summary.suites():
            bad = bool(tally.failing or tally.broken_tests)
            skipped = f" ({tally.skipped} skipped)" if tally.skipped else ""
            if tally.suite in unjudged:
                self.line(f"{tally.suite}: NOT JUDGED, all {tally.skipped} tests skipped "
                          f"({unjudged[tally.suite].reason})", yellow=True)
                continue
            weak = (f" ({tally.underpowered} underpowered"
                    + (", not judged" if summary.required_power is not None else "") + ")") if tally.underpowered else ""
            self.line(f"{tally.suite}: tests {tally.tests_passed}/{tally.tests_total} passed{skipped}, gates "
                      f"{tally.gates_passed}/{tally.gates_total} passed{weak}",
                      **({"red": True} if bad else {"yellow": True} if weak else
                         {"green": True} if tally.gates_total else {}))
            unusable = summary.unusable_replies().get(tally.suite, {})
            if unusable:
                self.line(f"  unusable replies: {unusable_text(unusable)}", yellow=True)
            for test in tally.broken_tests:
                if test.outcome is not Outcome.FAILED:  # a fault: the test could not be judged
                    self.line(f"  {test.outcome.value.upper()} (not the model's) {test.nodeid}: {test.message}",
                              yellow=True)
        self._metrics(summary)
        if summary.comparison is not None:
            self._comparison(summary)
        if artifact is not None:
            self.line(f"JSON artifact: {artifact}")
        if items is not None:
            self.line(f"per-item artifact: {items} ({n_items} rows)")

    def _facts(self, summary: RunSummary) -> None:
        facts = summary.facts
        model, fp = facts.get("model", {}), facts.get("fingerprint", {})
        if model:
            self.line(f"model {model.get('spec', {}).get('alias')} · {fp.get('device')} {fp.get('dtype')} · "
                      f"torch {fp.get('torch')} · transformers {fp.get('transformers')} · "
                      f"profile {summary.run['profile']['name']} · seed {summary.run['seed']}")
        baseline = facts.get("baseline")
        if baseline:
            differences = baseline.get("differences") or {}
            shown = ", ".join(f"{k}: {v['baseline']} -> {v['current']}" for k, v in list(differences.items())[:6])
            self.line(f"baseline {baseline.get('path')}: stack differences: {shown or 'none'}")
        cache = facts.get("cache")
        if cache:
            calls = sum((cache.get("model_calls") or {}).values())
            reused = cache.get("reused_in_process", 0)
            self.line(f"response cache: {cache.get('hits', 0)} hits, {calls} model calls"
                      + (f", {reused} requests asked again in this run answered from memory" if reused else ""))
        timing = [t for t in summary.timing() if t["seconds"] >= 1]
        if timing and any(t["prefill_seconds"] or t["decode_seconds"] for t in timing):
            total = sum(t["seconds"] for t in timing)
            model_s = sum(t["prefill_seconds"] + t["decode_seconds"] for t in timing)
            slowest = ", ".join(f"{t['suite']} {t['seconds']:.0f} s" for t in timing[:3])
            self.line(f"time in tests {total:.0f} s: model prefill {sum(t['prefill_seconds'] for t in timing):.0f} s,"
                      f" decode {sum(t['decode_seconds'] for t in timing):.0f} s, the rest {total - model_s:.0f} s; "
                      f"slowest: {slowest} (per suite in the JSON artifact's 'timing')")
        for name, info in (facts.get("datasets") or {}).items():
            skipped = len(info.get("skipped", []))
            selection = info.get("selection", {})
            self.line(f"dataset {name}: {selection.get('n_selected', info.get('n_items'))} of "
                      f"{info.get('n_items')} items ({info.get('format')}), {selection.get('method', '')}, "
                      f"seed {selection.get('seed')}; the ids are in the JSON artifact"
                      + (f", {skipped} records skipped (see the JSON artifact)" if skipped else ""))
        notes = facts.get("user_notes")
        if notes:
            self.line(user_notes_line(notes))
        embedding = facts.get("embedding_model")
        if embedding:
            self.line(embedding_line(embedding))

    def _comparison(self, summary: RunSummary) -> None:
        comparison = summary.comparison
        assert comparison is not None
        self.line("")
        if comparison.refused:
            self.line(f"compared with {comparison.reference}: {comparison.refused}", red=True)
            return
        counts = comparison.counts()
        theirs = (comparison.reference_facts.get("model") or {}).get("spec", {}).get("alias")
        ours = (summary.facts.get("model") or {}).get("spec", {}).get("alias")
        self.line(f"candidate {ours} vs reference {theirs} ({comparison.reference}): "
                  f"{counts.get('improved', 0)} metrics improved, {counts.get('held', 0)} held, "
                  f"{counts.get('regressed', 0)} regressed")
        for d in sorted((d for d in comparison.differences if d.status == "regressed"), key=lambda d: d.metric_id):
            self.line(f"  regressed {d.metric_id}: {format_value(d.reference)} -> {format_value(d.candidate)} "
                      f"(difference {d.difference:+.3f} [{d.low:+.3f}, {d.high:+.3f}], "
                      f"{'paired' if d.paired else 'unpaired'})", red=True)
        for verdict in comparison.verdicts:
            markup = {"green": True} if verdict["verdict"] == "pass" else {"red": True}
            self.line(f"  {verdict['verdict']:<10} {verdict['metric']}: {verdict['reason']}", **markup)

    def _metrics(self, summary: RunSummary) -> None:
        records = summary.metrics
        if not records:
            return
        shown = records if self.verbose else summary.gated
        rows = [(r.metric_id, format_value(r.value), format_ci(r), "" if r.n is None else str(r.n),
                 r.gate.replace(r.base_id, "").strip() if r.gate else "", verdict_text(summary, r),
                 format_power(r) if r.verdict else "", format_detectable(r) if r.verdict else "", r.undefined)
                for r in shown]
        if rows:
            header = ("metric", "value", "95% CI", "n", "gate", "verdict", "power", "catches (80%)", "")
            widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
            widths[0] = min(widths[0], 64)
            self.line("")
            self.line("  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip())
            order = {"fail": 0, "unmeasured": 1, "not judged (underpowered)": 2, "pass (underpowered)": 3,
                     "pass": 4, "": 5}
            for row in sorted(rows, key=lambda row: order.get(row[5], 5)):
                markup = {"red": True} if row[5] in ("fail", "unmeasured") else \
                    {"yellow": True} if "underpowered" in row[5] else {"green": True} if row[5] == "pass" else {}
                self.line("  ".join(str(c)[:64].ljust(w) for c, w in zip(row, widths)).rstrip(), **markup)
        gated, failing, weak = summary.gated, summary.failing, summary.underpowered
        weak_text = ""
        if weak:
            weak_text = (f" ({len(weak)} underpowered{', not judged' if summary.required_power is not None else ''}:"
                         f" under {summary.power_target:.0%} chance to fail a model at the metric's unacceptable "
                         f"value)")
        self.line(f"{len(gated)} gated metrics: {len(gated) - len(failing)} pass{weak_text}, {len(failing)} fail"
                  + ("" if self.verbose else f" ({len(records) - len(gated)} more metrics with -v, in the JSON "
                                             f"artifact and the HTML report)"))
        if any(r.power_probability is not None for r in gated):
            self.line("power: the chance that the gate, at this n and mode, fails a model whose true value is the "
                      "metric's unacceptable one; catches: the true values it fails in at least 80% of runs "
                      "(how each was computed: the JSON artifact's metrics[].power)")


def verdict_text(summary: RunSummary, record) -> str:
    """``pass``, ``pass (underpowered)``, ``not judged (underpowered)``, ``fail`` or ``unmeasured``."""
    if record.verdict is None:
        return ""
    status = summary.gate_status(record)
    if status == "passed (underpowered)":
        return "pass (underpowered)"
    if status.startswith("not judged"):
        return status
    return record.verdict.value


def unusable_text(by_condition: dict[str, dict[str, int]], limit: int = 4) -> str:
    """``prompt_a 5 (cut off 3, contradiction 2); T=1 2 (no commitment 2)`` — worst conditions first."""
    ranked = sorted(by_condition.items(), key=lambda kv: -sum(kv[1].values()))
    parts = [f"{condition or 'all'} {sum(reasons.values())} ("
             + ", ".join(f"{name} {n}" for name, n in reasons.items()) + ")" for condition, reasons in ranked[:limit]]
    more = f"; and {len(ranked) - limit} more conditions (JSON artifact: unusable_replies)" if len(ranked) > limit else ""
    return "; ".join(parts) + more


def embedding_line(embedding: dict) -> str:
    """The card's line naming the embedding space of the semantic repeatability scores."""
    study = ("the study's model" if embedding.get("embedding_is_study_model") else
             "not the study's MedEmbed-large: semantic scores are not on the paper's scale (--embedding-model DIR)")
    return (f"repeatability embeddings: {embedding.get('embedding_model')}, {embedding.get('embedding_dimension')} "
            f"dimensions, {study}")


def user_notes_line(notes: dict) -> str:
    """The card's count of the user's notes (``--notes``): how many had each vital sign, how many had none."""
    names = {"heart_rate": "HR", "systolic_bp": "SBP", "diastolic_bp": "DBP", "respiratory_rate": "RR",
             "oxygen_saturation": "SpO2", "temperature": "temperature"}
    counts = ", ".join(f"{names.get(k, k)} {v}" for k, v in (notes.get("with_vital") or {}).items())
    without = notes.get("without_vitals") or {}
    labelled = notes.get("labelled") or {}
    used, in_file = notes.get("n_notes"), notes.get("n_in_file", notes.get("n_notes"))
    how_many = f"{used} notes" if used == in_file else (
        f"the first {used} of {in_file} notes (the profile's limit; --profile paper or --max-items N for more)")
    text = (f"notes {notes.get('file')}: {how_many}; with each vital sign: {counts}; "
            f"{without.get('count', 0)} without any vital sign, skipped by the vital-sign suites "
            f"({without.get('reason')})")
    if any(labelled.values()):
        text += f"; outcome labels: mortality {labelled.get('mortality', 0)}, length of stay {labelled.get('los', 0)}"
    return text + "; what was found in each note (kind, value, unit, span) is in the JSON artifact"
