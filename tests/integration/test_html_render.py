"""The HTML report rendered by a real browser (headless Chromium): the card is there, and model text stays text.

Skipped when Chromium is not installed (``apt-get install chromium``; .ci/run installs it when it can).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.integration.test_plugin import FAKE_BACKEND, INI, SUITE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")


def test_report_renders_with_card_and_inert_model_text(pytester, monkeypatch, tmp_path):
    pytester.makepyfile(fake_backend=FAKE_BACKEND, test_suite=SUITE)
    pytester.makeini(INI)
    monkeypatch.setenv("PYTHONPATH", str(pytester.path))
    result = pytester.runpytest_subprocess("--backend", "fake_backend:factory", "--cache-dir",
                                           str(pytester.path / "cache"), "--max-items", "20", "-p", "no:xdist",
                                           "--html", "report.html", "--self-contained-html", "-k", "not unmeasured")
    assert result.ret == 0
    page = pytester.path / "report.html"
    common = [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run([*common, "--virtual-time-budget=5000", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    assert "pytest-medllm stability card" in dom and "Where it breaks" in dom
    assert "suite.accuracy[cloze]" in dom
    # The fake model's reply contains <script>alert('x')</script>: it must arrive as text, never as an element.
    assert "&lt;script&gt;alert" in dom
    assert "<script>alert" not in dom
    shot = tmp_path / "report.png"
    subprocess.run([*common, "--window-size=1400,2000", f"--screenshot={shot}", page.as_uri()],
                   capture_output=True, timeout=120)
    assert shot.exists() and shot.stat().st_size > 10_000
