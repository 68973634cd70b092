"""Release gates: thresholds on metrics, judged on the point estimate or on the confidence interval.

A gate is one line ``PATTERN OP THRESHOLD[@MODE] [unacceptable VALUE]``, e.g.
``option_order.flip_rate <= 0.25 @lenient unacceptable 0.5``. The optional ``unacceptable`` value is the level a
release must catch (it overrides the metric's declared one); it lies on the failing side of the threshold, and the
gate's power is the probability that the gate fails a model whose true value is that level
(:mod:`pytest_medllm.verdict.power`).
``PATTERN`` is matched (fnmatch) against ``suite.metric`` and ``suite.metric[condition]``. Modes:

* ``point``   — the estimate must satisfy the threshold;
* ``lenient`` — fail only when the whole confidence interval lies beyond the threshold (no flaking on noise);
* ``strict``  — pass only when the whole interval clears it (no waving through an unmeasured model).

A metric that could not be measured (no value, or no interval for an interval mode) fails its gate with the
verdict ``unmeasured``. Gates from the command line (``--gate``) come first, then a policy file
(``--gate-policy``), then the ini key ``medllm_gates``, then the suite's declared default
(:mod:`pytest_medllm.verdict.declarations`); the first gate whose pattern matches a metric judges it.
"""

from __future__ import annotations

import fnmatch
import math
import operator
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable

from .records import Verdict

MODES = ("point", "lenient", "strict")
#: Modes of gates whose threshold is the reference run (``baseline + margin``), judged with --compare-to.
RELATIVE_MODES = ("noninferior", "superior")
_OPS: dict[str, Callable[[float, float], bool]] = {">=": operator.ge, "<=": operator.le, ">": operator.gt,
                                                    "<": operator.lt}
_GATE = re.compile(r"^\s*(?P<pattern>[^<>=\s]+(?:\[[^\]]*\])?)\s*(?P<op>>=|<=|>|<)\s*"
                   r"(?:(?P<baseline>baseline)\s*(?:(?P<sign>[-+])\s*(?P<margin>[0-9.eE]+))?|(?P<threshold>[-+0-9.eE]+))"
                   r"\s*(?:@\s*(?P<mode>\w+))?(?:\s+unacceptable\s+(?P<unacceptable>\S+))?\s*$")


class GateSyntaxError(ValueError):
    """A gate line that does not parse; the message shows the expected form."""


@dataclass(frozen=True)
class Gate:
    pattern: str
    op: str
    threshold: float
    mode: str = "lenient"
    source: str = "ini"
    #: The threshold is the reference run's value plus ``threshold`` (a margin): judged on the difference.
    relative: bool = False
    #: The value a release must catch, written on the gate line (``unacceptable 0.5``); None: the metric's declared
    #: one applies.
    unacceptable: float | None = None

    @property
    def text(self) -> str:
        if self.relative:
            margin = "" if self.threshold == 0 else f" {'+' if self.threshold > 0 else '-'} {abs(self.threshold):g}"
            return f"{self.pattern} {self.op} baseline{margin} @{self.mode}"
        tail = "" if self.unacceptable is None else f" unacceptable {self.unacceptable:g}"
        return f"{self.pattern} {self.op} {self.threshold:g} @{self.mode}{tail}"

    @property
    def rule(self) -> str:
        """The gate without its unacceptable value: what a verdict's reason quotes."""
        if self.relative or self.unacceptable is None:
            return self.text
        return f"{self.pattern} {self.op} {self.threshold:g} @{self.mode}"

    def violated_by(self, value: float) -> bool:
        """Whether a true value ``value`` misses this gate's threshold (an unacceptable value must)."""
        return not _OPS[self.op](value, self.threshold)

    def matches(self, metric_id: str, base_id: str) -> bool:
        """``suite.metric`` patterns match every condition; ``suite.metric[condition]`` patterns match the
        condition separately, so that brackets need no escaping (``x.flip_rate[*gender*]``)."""
        base_pattern, bracket, condition_pattern = self.pattern.partition("[")
        if not bracket:
            return fnmatch.fnmatchcase(base_id, base_pattern)
        condition = metric_id[len(base_id) + 1:-1] if metric_id != base_id else ""
        return fnmatch.fnmatchcase(base_id, base_pattern) and \
            fnmatch.fnmatchcase(condition, condition_pattern.rstrip("]"))

    @property
    def wants_high(self) -> bool:
        return self.op in (">=", ">")

    def judge(self, value: float | None, ci: tuple[float, float] | None, undefined: str = ""
              ) -> tuple[Verdict, str]:
        """Return ``(verdict, reason)``; ``undefined`` explains a missing value ("undefined: every answer was
        A") and becomes part of the reason."""
        compare = _OPS[self.op]
        if value is None or value != value:  # None or NaN
            why = undefined or "no value was measured"
            return Verdict.UNMEASURED, f"{why}, so {self.rule} cannot pass"
        if self.mode == "point":
            ok = compare(value, self.threshold)
            return (Verdict.PASS if ok else Verdict.FAIL), \
                f"estimate {value:.4g} {'meets' if ok else 'misses'} {self.rule}"
        if ci is None or any(b is None or b != b for b in ci):
            why = undefined or "no confidence interval"
            return Verdict.UNMEASURED, f"{why}, so {self.rule} cannot be judged (estimate {value:.4g})"
        low, high = ci
        # lenient: the bound on the favourable side decides; strict: the bound on the unfavourable side decides.
        favourable, unfavourable = (high, low) if self.wants_high else (low, high)
        bound = favourable if self.mode == "lenient" else unfavourable
        ok = compare(bound, self.threshold)
        side = "upper" if bound is high else "lower"
        return (Verdict.PASS if ok else Verdict.FAIL), (f"{side} confidence bound {bound:.4g} "
                                                        f"{'meets' if ok else 'misses'} {self.rule} "
                                                        f"(estimate {value:.4g})")

    def judge_difference(self, difference: float | None, ci: tuple[float, float] | None
                         ) -> tuple[Verdict, str]:
        """Judge a relative gate on candidate minus reference: the interval's bound on the unfavourable side must
        satisfy ``difference OP margin`` (non-inferiority and superiority are both claims the data must prove)."""
        if difference is None or difference != difference:
            return Verdict.UNMEASURED, f"no difference could be measured, so {self.text} cannot pass"
        if ci is None or any(b is None or b != b for b in ci):
            return Verdict.UNMEASURED, (f"no interval for the difference ({difference:+.4g}), so {self.text} "
                                        f"cannot be shown")
        low, high = ci
        bound = high if self.op in ("<=", "<") else low
        ok = _OPS[self.op](bound, self.threshold)
        side = "upper" if bound is high else "lower"
        return (Verdict.PASS if ok else Verdict.FAIL), (f"{side} bound of the difference {bound:+.4g} "
                                                        f"{'meets' if ok else 'misses'} {self.text} "
                                                        f"(difference {difference:+.4g})")


def parse_gate(text: str, source: str = "ini", default_mode: str = "lenient") -> Gate:
    match = _GATE.match(text)
    if not match:
        raise GateSyntaxError(f"gate {text!r} does not parse; write METRIC OP THRESHOLD[@MODE] "
                              f"[unacceptable VALUE], e.g. 'option_order.flip_rate <= 0.25 @lenient' or "
                              f"'option_order.flip_rate <= 0.25 @lenient unacceptable 0.5' (OP: >=, <=, >, <; "
                              f"MODE: {', '.join(MODES)}), or against a reference run (--compare-to) "
                              f"'option_order.flip_rate <= baseline + 0.05 @noninferior'")
    if match["baseline"]:
        if match["unacceptable"] is not None:
            raise GateSyntaxError(f"gate {text!r}: 'unacceptable' belongs to a gate with a threshold; a gate against "
                                  f"the reference run judges a difference, whose power is not reported")
        return _relative_gate(text, match, source)
    mode = match["mode"] or default_mode
    if mode not in MODES:
        raise GateSyntaxError(f"gate {text!r}: mode {mode!r} is not one of {', '.join(MODES)}"
                              + (" (noninferior and superior gates compare with 'baseline')"
                                 if mode in RELATIVE_MODES else ""))
    try:
        threshold = float(match["threshold"])
    except ValueError:
        raise GateSyntaxError(f"gate {text!r}: threshold {match['threshold']!r} is not a number") from None
    gate = Gate(pattern=match["pattern"], op=match["op"], threshold=threshold, mode=mode, source=source)
    if match["unacceptable"] is None:
        return gate
    try:
        unacceptable = float(match["unacceptable"])
    except ValueError:
        unacceptable = float("nan")
    if not math.isfinite(unacceptable):
        raise GateSyntaxError(f"gate {text!r}: unacceptable value {match['unacceptable']!r} is not a number")
    if not gate.violated_by(unacceptable):
        raise GateSyntaxError(f"gate {text!r}: the unacceptable value {unacceptable:g} meets the threshold "
                              f"({match['op']} {threshold:g}); it is the level a release must catch, so it lies on "
                              f"the failing side")
    return replace(gate, unacceptable=unacceptable)


def _relative_gate(text: str, match: re.Match, source: str) -> Gate:
    """``METRIC OP baseline [+|- MARGIN] @noninferior|@superior``: a non-inferiority margin tolerates a
    difference on the bad side; a superiority margin demands one on the good side."""
    mode = match["mode"] or "noninferior"
    if mode not in RELATIVE_MODES:
        raise GateSyntaxError(f"gate {text!r}: a threshold relative to the baseline is judged @noninferior or "
                              f"@superior, not @{mode}")
    try:
        margin = float(match["margin"] or 0) * (-1 if match["sign"] == "-" else 1)
    except ValueError:
        raise GateSyntaxError(f"gate {text!r}: margin {match['margin']!r} is not a number") from None
    lower_is_better = match["op"] in ("<=", "<")
    tolerant = margin >= 0 if lower_is_better else margin <= 0
    strict = margin <= 0 if lower_is_better else margin >= 0
    worse, better = ("+", "-") if lower_is_better else ("-", "+")
    written = f"baseline {match['sign']} {match['margin']}"
    # Say what the line as written would claim: a margin on the wrong side turns one claim into the other.
    if mode == "noninferior" and not tolerant:
        raise GateSyntaxError(f"gate {text!r}: a non-inferiority margin must lie on the worse side of the baseline "
                              f"(for {match['op']}: baseline {worse} MARGIN); {written} demands a better "
                              f"candidate, which is @superior")
    if mode == "superior" and not strict:
        raise GateSyntaxError(f"gate {text!r}: a superiority margin must lie on the better side of the baseline "
                              f"(for {match['op']}: baseline {better} MARGIN); {written} tolerates a worse "
                              f"candidate, which is @noninferior")
    return Gate(pattern=match["pattern"], op=match["op"], threshold=margin, mode=mode, source=source,
                relative=True)


def parse_gates(cli: Iterable[str], ini: Iterable[str], policy: Iterable[str] = ()) -> list[Gate]:
    """Command-line gates first (they win), then the policy file's, then pytest.ini's; blank lines and ``#``
    comments are skipped."""
    gates = []
    for source, lines in (("cli", cli), ("policy", policy), ("ini", ini)):
        for line in lines:
            stripped = line.split("#", 1)[0].strip()
            if stripped:
                gates.append(parse_gate(stripped, source=source))
    return gates


def find_gate(gates: Iterable[Gate], metric_id: str, base_id: str) -> Gate | None:
    """The first absolute gate matching a metric (relative gates are judged against a reference run)."""
    return next((g for g in gates if not g.relative and g.matches(metric_id, base_id)), None)


def simulate_proportion_gate(p_true: float, n: int, gate: Gate, draws: int = 20000, seed: int = 0) -> float:
    """Share of simulated runs in which ``gate`` fails a proportion metric (Wilson 95% interval) whose true
    value is ``p_true``, measured on ``n`` items: the false-alarm rate when the model truly meets the gate, the
    detection power when it truly misses it."""
    import numpy as np
    from statsmodels.stats.proportion import proportion_confint

    rng = np.random.default_rng(seed)
    successes = rng.binomial(n, p_true, size=draws)
    failed = 0
    for k, count in zip(*np.unique(successes, return_counts=True)):
        low, high = proportion_confint(int(k), n, method="wilson")
        verdict, _ = gate.judge(k / n, (float(low), float(high)))
        failed += int(count) if not verdict.passed else 0
    return failed / draws
