"""``python -m pytest_medllm TABLE``: print one of the tables the README shows, computed from the code.

* ``gates [SUITES_FOLDER]`` — the default release gates, from the suites' declarations (default folder ``suites``);
* ``power [SUITES_FOLDER]`` — what each default gate can catch: its unacceptable value and why, and its power
  against it at the quick profile's and the studies' sample sizes (exact binomial sums over Wilson intervals), then
  how many gates are powered at each size;
* ``noninferiority`` — how often a non-inferiority gate fails, by sample size and true difference (simulated, a
  minute or two).
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    if argv[:1] == ["gates"]:
        from .runner.collection import load_suite_modules
        from .verdict.declarations import gate_table

        print(gate_table(load_suite_modules(argv[1] if len(argv) > 1 else "suites")))
        return 0
    if argv[:1] == ["power"]:
        from .runner.collection import load_suite_modules
        from .verdict.power_tables import power_table, sizes_table

        suites = load_suite_modules(argv[1] if len(argv) > 1 else "suites")
        print(power_table(suites))
        print()
        print(sizes_table(suites))
        return 0
    if argv[:1] == ["noninferiority"]:
        from .comparisons.reference import simulation_table

        print(simulation_table())
        return 0
    print(__doc__.strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
