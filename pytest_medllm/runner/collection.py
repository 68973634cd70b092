"""Which behavioral suites a run holds and where they are: suite modules found and imported outside pytest's own
collection (the xdist controller, gate checks against every declared suite, the README's gate table), and how xdist
distributes them (one suite module per worker).
"""

from __future__ import annotations

import fnmatch
import os
from typing import Iterable

import pytest

from ..verdict.declarations import Suite


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


#: Folders never searched for suites (besides pytest's ``norecursedirs``): virtual environments and caches.
_NEVER_SEARCHED = ("*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}",
                   "__pycache__", "site-packages")


def discover_suites(paths: Iterable["os.PathLike[str] | str"], *, file_patterns: Iterable[str] = ("test_*.py",),
                    skip_dirs: Iterable[str] = (), already_imported: Iterable["os.PathLike[str] | str"] = ()
                    ) -> tuple[list[Suite], list[str]]:
    """Every suite declared by a test module under ``paths`` (files or folders, searched like pytest collects):
    ``(suites, unreadable)``, ``unreadable`` naming each suite file whose import failed, with the error.

    Only files that mention ``Suite(`` are imported (a behavioral suite declares itself; other test modules may
    be slow or unsafe to import outside pytest). Files in ``already_imported`` are left alone: pytest imported
    them for this run and their suites are known to the caller.
    """
    from pathlib import Path

    patterns = list(file_patterns)
    never = list(_NEVER_SEARCHED) + list(skip_dirs)
    done = {Path(p).resolve() for p in already_imported}
    files: list[Path] = []
    for root in paths:
        root = Path(root)
        if root.is_file():
            files.append(root)
            continue
        for folder, dirs, names in os.walk(root):
            # A virtual environment (pyvenv.cfg) holds thousands of installed test files: never ours.
            dirs[:] = sorted(d for d in dirs if not any(fnmatch.fnmatch(d, p) for p in never)
                             and not (Path(folder) / d / "pyvenv.cfg").exists())
            files += [Path(folder) / n for n in sorted(names) if any(fnmatch.fnmatch(n, p) for p in patterns)]
    suites: list[Suite] = []
    unreadable: list[str] = []
    for file in dict.fromkeys(f.resolve() for f in files):
        if file in done:
            continue
        try:
            if "Suite(" not in file.read_text(encoding="utf-8", errors="replace"):
                continue
            suite = import_suite_file(file)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - an import error, or pytest.skip at module level (a
            # BaseException): reported with the gate it may explain, never a traceback here
            first = (str(exc).strip().splitlines() or [""])[0][:200]
            unreadable.append(f"{file} ({type(exc).__name__}: {first})")
            continue
        if suite is not None:
            suites.append(suite)
    return suites, unreadable


def declared_suites(config: pytest.Config) -> tuple[list[Suite], list[str]]:
    """Every suite the project declares, selected in this run or not: the suite modules under the ini's
    ``testpaths`` (relative to the rootdir, globs allowed), else under ``suites/`` in the rootdir. ``(suites,
    unreadable files)``. Modules pytest already imported are not imported again (the caller knows their suites).
    """
    import glob
    import sys
    from pathlib import Path

    rootpath = Path(str(config.rootpath))
    testpaths = [str(p) for p in (config.getini("testpaths") or [])]
    roots: list[Path] = []
    for entry in testpaths:
        matched = sorted(glob.glob(str(rootpath / entry), recursive=True)) if glob.has_magic(entry) else \
            [str(rootpath / entry)]
        roots += [Path(m) for m in matched if Path(m).exists()]
    if not testpaths and (rootpath / "suites").is_dir():
        roots.append(rootpath / "suites")
    imported = [f for m in list(sys.modules.values()) if isinstance(f := getattr(m, "__file__", None), str)]
    return discover_suites(roots, file_patterns=config.getini("python_files") or ["test_*.py"],
                           skip_dirs=config.getini("norecursedirs") or [], already_imported=imported)


def group_suites_by_module(config: pytest.Config) -> None:
    """Under xdist, send each suite module to one worker unless the user chose a ``--dist`` mode.

    A suite computes all its conditions in one batched module-scoped call; xdist's default ``load`` mode would
    spread its tests over workers and make every worker compute the whole batch.
    """
    if getattr(config.option, "dist", None) != "load":
        return
    args = config.invocation_params.args
    if any(str(a).startswith("--dist") or str(a) in ("-d",) for a in args):
        return
    config.option.dist = "loadscope"
