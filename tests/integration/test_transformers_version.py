"""An unsupported transformers is one usage error at start-up (exit status 4), not a traceback in every test.

The installed version is faked with a distribution record of another version placed first on the path: the
version check reads package metadata (as pip does), while the real transformers stays importable.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pytest_medllm.backends.transformers.versions import TRANSFORMERS_REQUIREMENT, TRANSFORMERS_TESTED
from tests.conftest import PROJECT_DIR


def _run(tmp_path, version: str, *args: str) -> subprocess.CompletedProcess:
    fake = tmp_path / "fake-metadata"
    record = fake / f"transformers-{version}.dist-info"
    record.mkdir(parents=True)
    (record / "METADATA").write_text(f"Metadata-Version: 2.1\nName: transformers\nVersion: {version}\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake), str(PROJECT_DIR)])}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "suites/test_accuracy.py", "--report-dir", str(tmp_path / "reports"),
         "--cache-dir", str(tmp_path / "cache"), "-p", "no:cacheprovider", "-q", *args],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(("version", "args"), [("6.0.0", ()), ("4.40.2", ()), ("6.1.0", ("-n", "2"))],
                         ids=["next-major", "below-the-floor", "next-major-with-xdist"])
def test_an_unsupported_transformers_is_one_usage_error(tmp_path, version, args):
    result = _run(tmp_path, version, *args)
    output = result.stdout + result.stderr
    assert result.returncode == 4, output[-3000:]
    expected = (f"transformers {version} is installed; pytest-medllm's transformers backend supports transformers "
                f"{TRANSFORMERS_REQUIREMENT} (tested with {TRANSFORMERS_TESTED}): "
                f'pip install "transformers=={TRANSFORMERS_TESTED}"')
    assert output.count(expected) == 1, output[-3000:]
    assert "Traceback" not in output and "passed" not in output and "failed" not in output


def test_the_tested_transformers_passes_the_check(tmp_path):
    """The same command with the tested version gets past the check (and is stopped only by a deliberate usage
    error of its own: a gate naming no metric), so the check above is what stopped it."""
    result = _run(tmp_path, TRANSFORMERS_TESTED, "--gate", "accuracy.no_such_metric >= 1")
    output = result.stdout + result.stderr
    assert result.returncode == 4, output[-3000:]
    assert "no_such_metric" in output and "backend supports transformers" not in output
