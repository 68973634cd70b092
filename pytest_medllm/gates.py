"""Release gates: thresholds on metrics, judged on the point estimate or on the confidence interval.

A gate is one line ``PATTERN OP THRESHOLD[@MODE]``, e.g. ``option_order.flip_rate <= 0.25 @lenient``.
``PATTERN`` is matched (fnmatch) against ``suite.metric`` and ``suite.metric[condition]``. Modes:

* ``point``   — the estimate must satisfy the threshold;
* ``lenient`` — fail only when the whole confidence interval lies beyond the threshold (no flaking on noise);
* ``strict``  — pass only when the whole interval clears it (no waving through an unmeasured model).

A metric that could not be measured (no value, or no interval for an interval mode) fails its gate with the
verdict ``unmeasured``. Gates from the command line (``--gate``) come first, then a policy file
(``--gate-policy``), then the ini key ``medllm_gates``, then the suite's declared default
(:mod:`pytest_medllm.expectations`); the first gate whose pattern matches a metric judges it.
"""

from __future__ import annotations

import fnmatch
import operator
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from .results import Verdict

MODES = ("point", "lenient", "strict")
_OPS: dict[str, Callable[[float, float], bool]] = {">=": operator.ge, "<=": operator.le, ">": operator.gt,
                                                    "<": operator.lt}
_GATE = re.compile(r"^\s*(?P<pattern>[^<>=\s]+(?:\[[^\]]*\])?)\s*(?P<op>>=|<=|>|<)\s*(?P<threshold>[-+0-9.eE]+)"
                   r"\s*(?:@\s*(?P<mode>\w+))?\s*$")


class GateSyntaxError(ValueError):
    """A gate line that does not parse; the message shows the expected form."""


@dataclass(frozen=True)
class Gate:
    pattern: str
    op: str
    threshold: float
    mode: str = "lenient"
    source: str = "ini"

    @property
    def text(self) -> str:
        return f"{self.pattern} {self.op} {self.threshold:g} @{self.mode}"

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
            return Verdict.UNMEASURED, f"{why}, so {self.text} cannot pass"
        if self.mode == "point":
            ok = compare(value, self.threshold)
            return (Verdict.PASS if ok else Verdict.FAIL), \
                f"estimate {value:.4g} {'meets' if ok else 'misses'} {self.text}"
        if ci is None or any(b is None or b != b for b in ci):
            why = undefined or "no confidence interval"
            return Verdict.UNMEASURED, f"{why}, so {self.text} cannot be judged (estimate {value:.4g})"
        low, high = ci
        # lenient: the bound on the favourable side decides; strict: the bound on the unfavourable side decides.
        favourable, unfavourable = (high, low) if self.wants_high else (low, high)
        bound = favourable if self.mode == "lenient" else unfavourable
        ok = compare(bound, self.threshold)
        side = "upper" if bound is high else "lower"
        return (Verdict.PASS if ok else Verdict.FAIL), (f"{side} confidence bound {bound:.4g} "
                                                        f"{'meets' if ok else 'misses'} {self.text} "
                                                        f"(estimate {value:.4g})")


def parse_gate(text: str, source: str = "ini", default_mode: str = "lenient") -> Gate:
    match = _GATE.match(text)
    if not match:
        raise GateSyntaxError(f"gate {text!r} does not parse; write METRIC OP THRESHOLD[@MODE], "
                              f"e.g. 'option_order.flip_rate <= 0.25 @lenient' (OP: >=, <=, >, <; "
                              f"MODE: {', '.join(MODES)})")
    mode = match["mode"] or default_mode
    if mode not in MODES:
        raise GateSyntaxError(f"gate {text!r}: mode {mode!r} is not one of {', '.join(MODES)}")
    try:
        threshold = float(match["threshold"])
    except ValueError:
        raise GateSyntaxError(f"gate {text!r}: threshold {match['threshold']!r} is not a number") from None
    return Gate(pattern=match["pattern"], op=match["op"], threshold=threshold, mode=mode, source=source)


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
    return next((g for g in gates if g.matches(metric_id, base_id)), None)


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
