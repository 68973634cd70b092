"""Which versions of transformers the transformers backend runs on, checked before any test (without importing
transformers: an unsupported version may not even import).

The floor is the oldest version whose APIs the backend uses; the bound is the next major version above the one
the project is tested with (transformers' major versions remove deprecated APIs, e.g. its cache classes). The
bound here, ``pyproject.toml``'s and ``constraints.txt``'s pin are kept in step by
``tests/unit/backends/test_versions.py``.
"""

from __future__ import annotations

from importlib import metadata

#: Oldest supported version (inclusive) and first unsupported major version.
TRANSFORMERS_FLOOR = "4.57"
TRANSFORMERS_BELOW_MAJOR = 6
#: The version the project is tested with (``constraints.txt``).
TRANSFORMERS_TESTED = "5.24.0"
#: The requirement as ``pyproject.toml`` states it.
TRANSFORMERS_REQUIREMENT = f">={TRANSFORMERS_FLOOR},<{TRANSFORMERS_BELOW_MAJOR}"


def installed_version(distribution: str = "transformers") -> str | None:
    """The installed version of ``distribution`` (its metadata, not its import), or None."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def transformers_problem(installed: str | None = None) -> str | None:
    """None when the installed transformers is supported, else one line: which version is installed, which are
    supported and the pip command that installs the tested one."""
    from packaging.version import InvalidVersion, Version

    installed = installed if installed is not None else installed_version()
    fix = (f'pip install "transformers=={TRANSFORMERS_TESTED}" (the tested version; `pip install -c constraints.txt '
           f'-e .` installs the whole tested stack)')
    supported = f"pytest-medllm's transformers backend supports transformers {TRANSFORMERS_REQUIREMENT}"
    if installed is None:
        return f"transformers is not installed; {supported}: {fix}"
    try:
        version = Version(installed)
    except InvalidVersion:
        return f"transformers {installed!r} is installed (not a version number); {supported}: {fix}"
    if version < Version(TRANSFORMERS_FLOOR) or version.release[0] >= TRANSFORMERS_BELOW_MAJOR:
        return f"transformers {installed} is installed; {supported} (tested with {TRANSFORMERS_TESTED}): {fix}"
    return None
