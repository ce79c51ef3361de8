"""Writes ``SceneFactory``, the typed interface of ``app.scenes``, from each scene's constructor:
``python -m spades_desktop.tools.scene_factory`` (``--check``: only say whether it is up to date).

A scene's parameters are written once, in its constructor.  The scenes open one another through
``app.scenes`` and must not import one another (``core/scene.py`` may not import a screen, not even
for a type: that would be an import circle), so the interface they are type-checked against is
made here from ``ui/registry.py``'s ``SCENES`` and each constructor's signature, as written (its
annotations, and a ``...`` for each default), with the imports its annotations need.  It is the
part of ``core/scene.py`` between the two marker lines; ``tests/project/test_scene_factory.py``
fails when a constructor changed and this was not run.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

PACKAGE = "spades_desktop"
TARGET_MODULE = f"{PACKAGE}.ui.core.scene"
TARGET = Path(__file__).resolve().parents[1] / "ui" / "core" / "scene.py"
BEGIN = "# ---- made by `python -m spades_desktop.tools.scene_factory` from each scene's constructor: do not edit ----"
END = "# ---- end of the made part ----"
WIDTH = 120  # the project's line length


@dataclass(frozen=True, order=True)
class Imported:
    """One imported name: ``from module import name as alias`` (``name`` empty: ``import module as alias``)."""

    module: str
    name: str
    alias: str

    def line_part(self) -> str:
        return self.name if self.name == self.alias else f"{self.name} as {self.alias}"


def imports_of(source: str, module: str) -> dict[str, Imported]:
    """Every name the module's import statements bind (wherever they stand), by the name bound."""
    package = module.rsplit(".", 1)[0]
    found: dict[str, Imported] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found[alias.asname or alias.name] = Imported(base, alias.name, alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    parent, _, last = alias.name.rpartition(".")
                    found[alias.asname] = Imported(parent, last, alias.asname)
    return found


def names_in(annotation: str) -> set[str]:
    """The names an annotation uses ('E.HandScored' uses E; 'list[str] | None' uses list and str)."""
    return {node.id for node in ast.walk(ast.parse(annotation, mode="eval")) if isinstance(node, ast.Name)}


def relative(module: str) -> str:
    """``module`` as ``core/scene.py`` imports it: 'spades_desktop.engine.state' -> '...engine.state'."""
    if not module.startswith(PACKAGE + "."):
        return module
    here = TARGET_MODULE.split(".")[:-1]
    there = module.split(".")
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    return "." * (len(here) - common + 1) + ".".join(there[common:])


@dataclass
class Method:
    name: str
    parameters: list[str]  # 'table: TableContext', 'marks: list | None = ...'

    def lines(self) -> list[str]:
        head, tail = f"    def {self.name}(", ") -> Scene: ..."
        parts = ["self", *self.parameters]
        lines, line = [], head
        for i, part in enumerate(parts):
            piece = part + (", " if i < len(parts) - 1 else "")
            if len(line + piece.rstrip()) > WIDTH - (len(tail) if i == len(parts) - 1 else 0) and line.strip():
                lines.append(line.rstrip())
                line = " " * len(head)
            line += piece
        lines.append(line + tail)
        return lines


def _maker_source(maker: Callable[..., object]) -> tuple[Callable[..., object], ModuleType]:
    """The function whose parameters a scene is built with (a class's own ``__init__``, maybe a
    base class's), and the module it is written in."""
    if inspect.isclass(maker):
        owner = next(k for k in maker.__mro__ if "__init__" in vars(k))
        function = vars(owner)["__init__"]
        return function, sys.modules[owner.__module__]
    return maker, sys.modules[maker.__module__]


def made_part() -> str:
    """The text between (and with) the marker lines, as the scene constructors make it now."""
    from ..ui.registry import SCENES, maker_of

    target_source = TARGET.read_text(encoding="utf-8")
    kept = target_source.split(BEGIN)[0] + target_source.split(END)[-1] if BEGIN in target_source else target_source
    have = imports_of(kept, TARGET_MODULE)
    defined = {node.name for node in ast.parse(kept).body if isinstance(node, ast.ClassDef)}
    needed: set[Imported] = set()
    methods = []
    for name in SCENES:
        function, module = _maker_source(maker_of(name))
        source_imports = imports_of(inspect.getsource(module), module.__name__)
        parameters = []
        signature = inspect.signature(function)
        listed = list(signature.parameters.values())[2 if inspect.isclass(maker_of(name)) else 1:]  # (self,) app
        starred = False
        for parameter in listed:
            if parameter.kind is parameter.KEYWORD_ONLY and not starred:
                parameters.append("*")
                starred = True
            annotation = parameter.annotation
            if annotation is parameter.empty or not isinstance(annotation, str):
                raise SystemExit(f"{name}: parameter {parameter.name!r} needs a type written in its constructor")
            for used in sorted(names_in(annotation)):
                if hasattr(builtins, used) or used in defined:
                    continue
                imported = source_imports.get(used) or Imported(module.__name__, used, used)
                if used in have:
                    if have[used] != imported:
                        raise SystemExit(f"{name}: {used!r} means two things here and in core/scene.py")
                    continue
                if imported.module.startswith(f"{PACKAGE}.ui.") and not imported.module.startswith(
                        (f"{PACKAGE}.ui.core.", f"{PACKAGE}.ui.text.")):
                    raise SystemExit(f"{name}: the type {used!r} lives in {imported.module}, which core/scene.py"
                                     " may not import: move it to ui/core or ui/text")
                needed.add(imported)
            text = f"{parameter.name}: {annotation}"
            parameters.append(text + (" = ..." if parameter.default is not parameter.empty else ""))
        methods.append(Method(name, parameters))
    out = [BEGIN, "if TYPE_CHECKING:"]
    by_module: dict[str, list[Imported]] = {}
    for imported in sorted(needed):
        by_module.setdefault(imported.module, []).append(imported)
    order = sorted(by_module, key=lambda m: (relative(m).startswith("."), _isort_key(relative(m))))
    for n, module_name in enumerate(order):
        if n and relative(module_name).startswith(".") and not relative(order[n - 1]).startswith("."):
            out.append("")  # the standard library's, then the package's
        names = ", ".join(i.line_part() for i in sorted(by_module[module_name], key=lambda i: i.name))
        out.append(f"    from {relative(module_name)} import {names}")
    if len(out) == 2:
        out.append("    pass")
    out += ["", "", "class SceneFactory(Protocol):",
            '    """Builds every scene of ``ui/registry.py``\'s ``SCENES`` with its constructor\'s parameters (the app',
            '    implements it with ``SceneRegistry``); made from the constructors, so each is written once."""', ""]
    for method in methods:
        out += method.lines()
    out.append(END)
    return "\n".join(out)


def _isort_key(module: str) -> tuple[int, str]:
    """isort's order of relative imports: the farthest first ('...engine' before '..cards' before '.fonts')."""
    dots = len(module) - len(module.lstrip("."))
    return (-dots, module.lstrip(".").lower())


def current_part(source: str) -> str:
    if BEGIN not in source or END not in source:
        return ""
    return BEGIN + source.split(BEGIN, 1)[1].split(END, 1)[0] + END


def write() -> bool:
    """Write the made part into ``core/scene.py`` (at its end the first time); True if it changed."""
    source = TARGET.read_text(encoding="utf-8")
    made = made_part()
    current = current_part(source)
    if current == made:
        return False
    source = source.replace(current, made) if current else source.rstrip("\n") + "\n\n\n" + made + "\n"
    TARGET.write_text(source, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spades_desktop.tools.scene_factory", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only say whether core/scene.py is up to date")
    args = parser.parse_args(argv)
    if args.check:
        fresh = current_part(TARGET.read_text(encoding="utf-8")) == made_part()
        print("SceneFactory is up to date" if fresh else "SceneFactory is out of date: run without --check")
        return 0 if fresh else 1
    print("core/scene.py: SceneFactory written" if write() else "core/scene.py: SceneFactory was up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
