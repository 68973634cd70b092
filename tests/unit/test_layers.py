"""The house's rules, checked on the source: imports point from higher layers to lower ones only, no import
cycle between modules, a plugin module that only dispatches, and module sizes a reader can hold.

Layers, lowest first (ARCHITECTURE.md explains each): a module may import its own layer and the layers below.
Imports inside functions count: a lazy import that points upwards is still a dependency the wrong way.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "pytest_medllm"
LAYERS = ("data", "perturb", "backends", "answers", "methods", "verdict", "comparisons", "rendering", "runner",
          "plugin", "__main__", "__init__")
MAX_LINES = 500


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """Modules of the package that ``module`` imports (at module level or inside functions)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module and name != "pytest_medllm":
                found.add(name)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {m: _imports(p, m, set(modules)) for m, p in modules.items()}


def test_every_module_belongs_to_a_known_layer():
    unknown = sorted(m for m in _modules() if _layer(m) not in LAYERS)
    assert not unknown, f"modules outside the layers {LAYERS}: {unknown}"


def test_imports_point_downwards_only():
    wrong = []
    for module, imported in _graph().items():
        mine = LAYERS.index(_layer(module))
        for other in sorted(imported):
            if LAYERS.index(_layer(other)) > mine:
                wrong.append(f"{module} -> {other}")
    assert not wrong, "imports from a lower layer to a higher one:\n  " + "\n  ".join(wrong)


def test_no_import_cycles():
    graph = _graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    # A package's __init__ re-exporting its own modules is not a cycle worth breaking.
    real = [c for c in cycles if not any(a.startswith(b + ".") or b.startswith(a + ".") for a, b in zip(c, c[1:]))]
    assert not real, "import cycles:\n  " + "\n  ".join(" -> ".join(c) for c in real)


def test_the_plugin_module_holds_hooks_only():
    tree = ast.parse((PACKAGE / "plugin.py").read_text(encoding="utf-8"))
    functions = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    assert not classes, f"plugin.py defines classes: {classes}"
    assert all(name.startswith("pytest_") for name in functions), \
        f"plugin.py defines functions that are not hooks: {[f for f in functions if not f.startswith('pytest_')]}"
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            assert len(node.body) <= 4, f"plugin.py's {node.name} does more than delegate ({len(node.body)} statements)"


@pytest.mark.parametrize("module", sorted(_modules()))
def test_modules_are_small_or_say_why(module):
    path = _modules()[module]
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    if lines > MAX_LINES:
        docstring = ast.get_docstring(ast.parse(text)) or ""
        assert "Why one module" in docstring, (
            f"{path.relative_to(PACKAGE.parent)} has {lines} lines (> {MAX_LINES}) and its docstring does not say "
            f"why it is one module (a paragraph starting 'Why one module')")


def test_the_public_surface_resolves_every_name():
    import pytest_medllm

    missing = [name for name in pytest_medllm.__all__ if getattr(pytest_medllm, name, None) is None]
    assert not missing, f"names in pytest_medllm.__all__ that do not resolve: {missing}"
    with pytest.raises(AttributeError):
        pytest_medllm.no_such_name  # noqa: B018 - the lookup is the test


#: Suite modules that reach into the package below its public surface, and why.
INTERNAL_IMPORTS_ALLOWED = {
    # The numerical-stability suite reloads the transformers model in other configurations (dtype, kernels).
    "test_numerical_stability.py": ("pytest_medllm.backends.transformers",),
    # The suites' own fixtures read the run configuration, profiles and the bundled data files.
    "conftest.py": ("pytest_medllm.runner", "pytest_medllm.data", "pytest_medllm.perturb", "pytest_medllm.methods"),
}


@pytest.mark.parametrize("path", sorted((PACKAGE.parent / "suites").glob("*.py")), ids=lambda p: p.name)
def test_suites_import_the_public_surface(path):
    allowed = INTERNAL_IMPORTS_ALLOWED.get(path.name, ())
    internal = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pytest_medllm."):
            if not node.module.startswith(allowed) if allowed else True:
                internal.append(node.module)
    assert not internal, f"{path.name} imports internal modules {internal}: use `from pytest_medllm import ...`"
