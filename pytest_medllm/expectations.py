"""What each suite measures and expects, declared next to its tests.

A suite module declares itself and its metrics at the top::

    SUITE = Suite("option_order", "MedGemma prompt-sensitivity study, Experiment 2")
    FLIP_RATE = SUITE.metric(
        "flip_rate", "share of items whose chosen option *content* changed under the reordering",
        better="lower", test_type="INV", chart="intervals",
        expect="<= 0.2 @lenient", because="the study saw 59% of answers flip under shuffling")

and each test states what must hold in one line, through the ``expect`` fixture::

    expect(FLIP_RATE, flips, condition="rotate-1")

The declaration is the single source of a metric's id (``option_order.flip_rate`` — from the declaration, not the
file name), its direction, its meaning, its default release gate and its chart. ``pytest.ini`` (``medllm_gates``),
``--gate-policy`` and ``--gate`` override the default by metric id; a configured gate that names no declared metric
is a usage error. ``python -m pytest_medllm.expectations`` prints the README's table of default gates.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
from dataclasses import dataclass, field
from typing import Iterable, Literal

from .gates import Gate, GateSyntaxError, parse_gate

Better = Literal["higher", "lower"]
TestType = Literal["MFT", "INV", "DIR"]
#: Chart kinds the HTML report knows how to draw from a metric's records (see :mod:`pytest_medllm.plots`).
CHARTS = ("intervals", "positions", "bubbles", "m_of_s", "delta_ppl")


class DeclarationError(ValueError):
    """A suite declares a metric inconsistently (unknown chart, bad expectation, two definitions of one id)."""


@dataclass(frozen=True)
class Metric:
    """One declared quantity of a suite: what it means, which way is better, and what it must satisfy."""

    suite: str
    name: str
    meaning: str
    better: Better | None = None
    test_type: TestType | None = None
    #: Default expectation ``OP THRESHOLD @MODE`` (e.g. ``<= 0.2 @lenient``), or None for a descriptive metric.
    expect: str | None = None
    #: The study figure (or reasoning) behind the default threshold.
    because: str = ""
    chart: str | None = None

    @property
    def id(self) -> str:
        return f"{self.suite}.{self.name}"

    @property
    def gated(self) -> bool:
        return self.expect is not None

    def default_gate(self) -> Gate | None:
        """The suite's own release gate for this metric (overridden by configured gates)."""
        if self.expect is None:
            return None
        return parse_gate(f"{self.id} {self.expect}", source="suite")


@dataclass
class Suite:
    """A behavioral suite: its id (the first part of every metric id), the study it implements, its metrics."""

    id: str
    study: str
    metrics: dict[str, Metric] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.id.isidentifier():
            raise DeclarationError(f"suite id {self.id!r} must be a Python identifier (it starts metric ids)")
        existing = SUITES.get(self.id)
        if existing is not None and existing.study != self.study:
            raise DeclarationError(f"two suites declare the id {self.id!r}")
        if existing is not None:  # the same module imported twice (e.g. on an xdist controller): keep one
            self.metrics = existing.metrics
        SUITES[self.id] = self

    def metric(self, name: str, meaning: str, *, better: Better | None = None, test_type: TestType | None = None,
               expect: str | None = None, because: str = "", chart: str | None = None) -> Metric:
        """Declare a metric of this suite (idempotent: declaring the same metric twice returns it)."""
        declared = Metric(self.id, name, meaning, better, test_type, expect, because, chart)
        if chart is not None and chart not in CHARTS:
            raise DeclarationError(f"{declared.id}: chart {chart!r} is not one of {', '.join(CHARTS)}")
        if expect is not None:
            if not because:
                raise DeclarationError(f"{declared.id}: say why the default expectation {expect!r} is what it is")
            try:
                declared.default_gate()
            except GateSyntaxError as exc:
                raise DeclarationError(f"{declared.id}: {exc}") from None
        existing = self.metrics.get(name)
        if existing is not None and existing != declared:
            raise DeclarationError(f"{declared.id} is declared twice with different definitions")
        self.metrics[name] = declared
        return declared


#: Every suite declared in this process, by id (filled as suite modules are imported).
SUITES: dict[str, Suite] = {}


def declared_metrics(suites: Iterable[Suite] | None = None) -> list[Metric]:
    return [m for s in (SUITES.values() if suites is None else suites) for m in s.metrics.values()]


def unmatched_gates(gates: Iterable[Gate], suites: Iterable[Suite]) -> list[str]:
    """Configured gates that can never judge a metric of these suites, each with the nearest declared ids.

    A gate whose suite part names none of these suites is left alone (a policy file may cover suites this run
    did not select) unless the name is close to one of them — then it is a typo. Conditions (``[...]``) are
    checked at the end of the run, against what was recorded.
    """
    suites = list(suites)
    ids = [m.id for m in declared_metrics(suites)]
    suite_ids = [s.id for s in suites]
    problems = []
    for gate in gates:
        if gate.source == "suite":
            continue
        base = gate.pattern.partition("[")[0]
        suite_part = base.partition(".")[0]
        if any(fnmatch.fnmatchcase(i, base) for i in ids):
            continue
        names_a_suite = any(fnmatch.fnmatchcase(s, suite_part) for s in suite_ids)
        close_suite = difflib.get_close_matches(suite_part, suite_ids, n=1, cutoff=0.8)
        if not names_a_suite and not close_suite:
            continue
        nearest = difflib.get_close_matches(base, ids, n=3, cutoff=0.5) or sorted(ids)[:3]
        problems.append(f"gate {gate.text!r} ({gate.source}) matches no metric of this run; nearest metric ids: "
                        f"{', '.join(nearest)}")
    return problems


def gate_table(suites: Iterable[Suite] | None = None) -> str:
    """The README's table of default release gates, generated from the declarations (plus the plugin's own
    ``--baseline`` comparison, which every suite records)."""
    from .compare import BASELINE_MATCH_RATE

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    rows = ["| metric | type | meaning | default gate | why |", "|---|---|---|---|---|"]
    metrics = sorted(declared_metrics(suites), key=lambda m: m.id) + [BASELINE_MATCH_RATE]
    for metric in metrics:
        if metric.gated:
            rows.append(f"| `{metric.id}` | {metric.test_type or ''} | {cell(metric.meaning)} | `{metric.expect}` | "
                        f"{cell(metric.because)} |")
    return "\n".join(rows)


def import_suite_file(path: "os.PathLike[str] | str") -> Suite | None:
    """Import a suite module from its file (under a private module name) and return its ``SUITE`` declaration,
    or None for a module that declares none. Used where pytest has not imported it: the xdist controller, the
    README table, the declaration tests."""
    import importlib.util
    from pathlib import Path

    path = Path(path)
    spec = importlib.util.spec_from_file_location(f"_medllm_suite_{path.stem}", path)
    if spec is None or spec.loader is None:
        return None
    import sys

    module = importlib.util.module_from_spec(spec)
    # Registered before it runs, as an import would: a dataclass in a suite looks its module up in sys.modules.
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[spec.name]
        raise
    suite = getattr(module, "SUITE", None)
    return suite if isinstance(suite, Suite) else None


def load_suite_modules(folder: str = "suites") -> list[Suite]:
    """Every suite declared by a ``test_*.py`` module of ``folder``."""
    from pathlib import Path

    found = (import_suite_file(path) for path in sorted(Path(folder).glob("test_*.py")))
    return [suite for suite in found if suite is not None]


if __name__ == "__main__":  # python -m pytest_medllm.expectations [suites folder]
    import sys

    # Run as __main__, this file is a second copy of the module: use the package's, which the suites import.
    from pytest_medllm import expectations

    print(expectations.gate_table(expectations.load_suite_modules(sys.argv[1] if len(sys.argv) > 1 else "suites")))
