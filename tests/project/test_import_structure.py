"""The package's modules import one another in one direction only: no circle anywhere inside
``spades_desktop`` (imports inside functions and under TYPE_CHECKING count as arrows too), and the
engine imports nothing from the ai, the ui or the storage."""

from __future__ import annotations

import ast
from pathlib import Path

import spades_desktop

ROOT = Path(spades_desktop.__file__).parent


def _module_name(path: Path) -> str:
    parts = ["spades_desktop", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Every module of the package that ``path`` imports, wherever the import statement stands."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    return _imports_of_source(path.read_text(encoding="utf-8"), name, modules, package)


def _imports_of_source(source: str, name: str, modules: set[str], package: str | None = None) -> set[str]:
    """Every module of ``modules`` that module ``name`` (of ``package``: its parent, unless it is a
    package's ``__init__``) imports in ``source``."""
    package = package or name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # "from package import module" depends on the module, not on the package's __init__
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and target != "spades_desktop":
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules) for p in paths}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_the_checker_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_inside_the_package():
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(" -> ".join(group) for group in found)


def test_the_engine_imports_nothing_above_it():
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith("spades_desktop.engine"):
            above = [t for t in targets if not t.startswith("spades_desktop.engine")]
            assert not above, f"{module} imports {above}"


def _top_level_imports(module: str) -> set[str]:
    """Every module (inside or outside the package) that ``module`` imports, by its full name."""
    path = ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py")
    if not path.exists():
        path = ROOT.joinpath(*module.split(".")[1:], "__init__.py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


#: the modules of ui/core that need no pygame, which the pure text functions may read
PURE_CORE = {"spades_desktop.ui.core.keymap", "spades_desktop.ui.core.intents", "spades_desktop.ui.core.text_field"}


def test_what_screens_say_needs_no_pygame():
    """ui/text holds pure functions: they are tested, and read, without a window."""
    graph = import_graph()
    for module in graph:
        if module.startswith(("spades_desktop.ui.text", "spades_desktop.session")) or module in PURE_CORE:
            assert not any(name.split(".")[0] == "pygame" for name in _top_level_imports(module)), module
            ui_above = [t for t in graph[module] if t.startswith("spades_desktop.ui")
                        and not t.startswith("spades_desktop.ui.text") and t not in PURE_CORE]
            assert not ui_above, f"{module} imports {ui_above}"


def test_screens_do_not_reach_into_the_table():
    """A screen over the table sees it through ``TableContext`` (ui/core/scene.py), never its internals."""
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith("spades_desktop.ui.screens"):
            inside = [t for t in targets if t.startswith("spades_desktop.ui.table")]
            assert not inside, f"{module} imports {inside}"


def test_scenes_are_built_only_by_the_scene_factory():
    """Every scene is opened through ``app.scenes`` (the registry), so a new screen is added in one
    place and no screen imports another."""
    scene_classes: set[str] = set()
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Scene"):
                scene_classes.add(node.name)
    assert {"TitleScene", "TableScene", "PauseScene", "ConfirmScene"} <= scene_classes
    offenders = []
    for path in (ROOT / "ui").rglob("*.py"):
        if path.name == "registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in scene_classes:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} builds {node.func.id}")
    assert not offenders, offenders


def test_no_module_under_ui_imports_the_storage():
    """The ui reads and writes the player's files only through the session's files service
    (``session/files.py``, which also names the storage types a screen reads): no module under
    ``ui/`` imports ``storage``, not even for a type (an import under TYPE_CHECKING counts)."""
    graph = import_graph()
    offenders = {module: sorted(t for t in targets if t.startswith("spades_desktop.storage"))
                 for module, targets in graph.items() if module.startswith("spades_desktop.ui")}
    offenders = {module: targets for module, targets in offenders.items() if targets}
    assert not offenders, f"ui modules importing storage: {offenders}"


def test_the_storage_checker_sees_an_import_under_type_checking(tmp_path):
    """The check above reads every import statement, wherever it stands."""
    module = tmp_path / "module.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from ...storage.settings import Settings\n", encoding="utf-8")
    modules = {"spades_desktop.storage.settings", "spades_desktop.ui.table.module"}
    found = _imports_of_source(module.read_text(encoding="utf-8"), "spades_desktop.ui.table.module", modules)
    assert found == {"spades_desktop.storage.settings"}


def test_every_package_is_in_the_wheel():
    """pyproject.toml lists the packages the wheel carries by name: a new folder of modules left off
    the list is missing from an installed game (the table's widgets were, once)."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(root).parts) for init in (root / "spades_desktop").rglob("__init__.py")}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


def test_a_sibling_module_imported_from_its_package_is_an_arrow():
    """``from . import hard`` in ``ai/endgame.py`` depends on ``ai/hard.py`` (the circle of issue 57
    was made of such imports), not on the package's ``__init__``."""
    modules = {"spades_desktop.ai", "spades_desktop.ai.hard", "spades_desktop.ai.endgame"}
    found = _imports_of_source("from . import hard\n", "spades_desktop.ai.endgame", modules)
    assert found == {"spades_desktop.ai.hard"}
