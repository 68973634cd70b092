"""Artifacts are never half-written: a failure (or a kill) while writing leaves the previous file whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from pytest_medllm.verdict.artifacts import (
    ITEMS_SCHEMA,
    atomic_write,
    read_items,
    write_items,
    write_json,
)


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "medllm-results.json"
    write_json(target, {"run": 1})

    def half_then_fail(handle):
        handle.write('{"run": 2, "metrics": [')
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        atomic_write(target, half_then_fail)
    assert json.loads(target.read_text()) == {"run": 1}
    assert list(tmp_path.iterdir()) == [target]


def test_a_process_killed_while_writing_leaves_the_previous_file(tmp_path):
    target = tmp_path / "report.html"
    target.write_text("<html>previous</html>")
    script = textwrap.dedent(f"""
        import os, signal, sys
        from pathlib import Path
        from pytest_medllm.verdict.artifacts import atomic_write

        def write(handle):
            handle.write("<html>" + "x" * 100000)
            handle.flush()
            os.kill(os.getpid(), signal.SIGKILL)   # killed halfway through the page

        atomic_write(Path({str(target)!r}), write)
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert result.returncode == -signal.SIGKILL
    assert target.read_text() == "<html>previous</html>"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != target.name]
    assert all(name.endswith(".tmp") for name in leftovers)  # a killed writer can leave only its temporary file


def test_the_html_page_is_written_through_the_atomic_writer(tmp_path):
    from pytest_medllm.runner.html_hooks import HtmlHooks

    class FakeHtml:
        def __init__(self):
            self._report_path = tmp_path / "report.html"

        def _write_report(self, rendered):  # pytest-html's in-place writer
            raise AssertionError("the in-place writer must not be used")

    fake = FakeHtml()

    class Config:
        class pluginmanager:  # noqa: N801 - mimics pytest's attribute
            @staticmethod
            def get_plugins():
                return [fake]

    class Collector:
        config = Config()

    import pytest_medllm.runner.html_hooks as module

    original = module._pytest_html_plugin
    module._pytest_html_plugin = lambda config: fake
    try:
        HtmlHooks(Collector()).pytest_sessionstart(session=None)
    finally:
        module._pytest_html_plugin = original
    fake._write_report("<html>whole</html>")
    assert (tmp_path / "report.html").read_text() == "<html>whole</html>"
    assert os.listdir(tmp_path) == ["report.html"]


def test_artifacts_get_the_usual_permissions_not_owner_only(tmp_path):
    target = tmp_path / "medllm-results.json"
    write_json(target, {"ok": True})
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_an_item_artifact_without_rows_is_a_header_that_replaces_the_previous_rows(tmp_path):
    target = tmp_path / "medllm-items.jsonl"
    write_items(target, {"run": {"seed": 1}}, [{"suite": "s", "item_id": "q1", "condition": "a"}])
    assert len(read_items(target)[1]) == 1
    write_items(target, {"run": {"seed": 2}}, [])
    lines = target.read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0]) == {"type": "run", "schema": ITEMS_SCHEMA, "run": {"seed": 2}}
    header, rows = read_items(target)  # a header-only artifact is a valid, empty one (e.g. for --baseline)
    assert rows == [] and header["run"] == {"seed": 2}
    assert list(tmp_path.iterdir()) == [target]  # through the atomic writer: no temporary left


def test_the_item_artifact_is_written_through_the_atomic_writer(tmp_path, monkeypatch):
    import pytest_medllm.verdict.artifacts as artifacts

    target = tmp_path / "medllm-items.jsonl"
    write_items(target, {"run": {"seed": 1}}, [{"item_id": "q1"}])
    before = target.read_bytes()

    def fail_after_the_header(handle):
        raise OSError("disk full")

    real = artifacts.atomic_write
    monkeypatch.setattr(artifacts, "atomic_write",
                        lambda path, write: real(path, lambda h: (write(h), fail_after_the_header(h))))
    with pytest.raises(OSError):
        write_items(target, {"run": {"seed": 2}}, [])
    assert target.read_bytes() == before and list(tmp_path.iterdir()) == [target]
