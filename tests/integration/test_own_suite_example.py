"""The README's "write your own suite" example runs as written, through the public surface, with and without
xdist, and its gate judges it."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import PROJECT_DIR
from tests.integration.test_plugin import FAKE_BACKEND


def _example() -> str:
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- own-suite-example:start -->\n```python\n(.*?)```\n<!-- own-suite-example:end -->",
                      readme, re.S)
    assert block, "the README lost its own-suite example"
    return block.group(1)


@pytest.mark.parametrize("xdist", [[], ["-n", "2"]], ids=["no-xdist", "xdist"])
def test_the_readme_suite_runs_and_is_judged(pytester, xdist):
    pytester.makeini("[pytest]\n")
    pytester.makepyfile(fake_backend=FAKE_BACKEND)
    (pytester.path / "my_suites").mkdir()
    (pytester.path / "my_suites" / "test_abbreviations.py").write_text(_example())
    result = pytester.runpytest_subprocess("my_suites", "--backend", "fake_backend:factory", "--cache-dir",
                                           str(pytester.path / "cache"), "-p", "no:cacheprovider", *xdist)
    assert result.ret in (0, 1), result.stdout.str()
    data = json.loads((pytester.path / "reports" / "medllm-results.json").read_text())
    [metric] = [m for m in data["metrics"] if m["suite"] == "abbreviations"]
    assert metric["name"] == "match_rate" and metric["verdict"] in ("pass", "fail") and metric["n"] > 0
    assert metric["gate"].endswith(">= 0.9 @lenient")
