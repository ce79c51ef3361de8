"""Each scene is declared once (issue 57): its parameters are written in its constructor only; the
registry's methods are made from ``ui/registry.py``'s ``SCENES``, and the typed ``SceneFactory`` the
scenes see is made from the constructors by ``tools/scene_factory.py``."""

from __future__ import annotations

import ast
from pathlib import Path

import spades_desktop
from spades_desktop.tools import scene_factory
from spades_desktop.ui import registry
from spades_desktop.ui.core.scene import AppContext, Scene

UI = Path(spades_desktop.__file__).parent / "ui"
#: the scene classes other scenes are made from, never shown themselves
BASES = {"Scene", "ButtonScene", "MenuScene", "ModalScene", "ListScene"}


def test_the_scene_factory_is_made_from_the_constructors():
    source = scene_factory.TARGET.read_text(encoding="utf-8")
    assert scene_factory.current_part(source) == scene_factory.made_part(), (
        "a scene's constructor changed: run python -m spades_desktop.tools.scene_factory")


def test_a_scenes_parameters_are_written_in_its_constructor_only():
    """No module under ui/ writes a factory method by hand (the registry's are made from SCENES,
    the factory's between core/scene.py's marker lines)."""
    written = []
    for path in sorted(UI.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if path == scene_factory.TARGET:
            source = source.replace(scene_factory.current_part(source), "")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.name in ("SceneRegistry", "SceneFactory"):
                methods = [f.name for f in node.body if isinstance(f, ast.FunctionDef) and f.name in registry.SCENES]
                written += [f"{path.relative_to(UI)}: {node.name}.{name}" for name in methods]
    assert not written, f"scene parameters written again: {written}"


def test_every_scene_class_is_declared_in_the_registry():
    """So a new scene is built by the factory, type-checked, and found by the monkey test."""
    classes = {node.name for path in UI.rglob("*.py") for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef) and node.name.endswith("Scene")} - BASES
    declared = {home.name for home in registry.SCENES.values()} | {"TableScene"}  # (built by build_table)
    assert classes <= declared, f"scenes missing from SCENES: {sorted(classes - declared)}"


def test_the_registry_builds_each_scene_by_its_name(monkeypatch):
    """``registry.pause(table)`` is ``PauseScene(app, table)``: a method for each of SCENES."""
    assert all(callable(getattr(registry.SceneRegistry, name)) for name in registry.SCENES)
    built = []
    monkeypatch.setattr(registry, "maker_of", lambda name: lambda *args, **kwargs: built.append((name, args, kwargs)))
    app = object()
    registry.SceneRegistry(app).confirm("Sure?", on_yes=print)  # type: ignore[arg-type]
    assert built == [("confirm", (app, "Sure?"), {"on_yes": print})]


class ChangedScene(Scene):
    """A scene whose constructor the factory has not been made from."""

    def __init__(self, app: AppContext, words: str, times: int = 1) -> None:
        super().__init__(app)


def test_the_check_fails_when_a_constructor_is_not_in_the_made_factory(monkeypatch):
    """The first test can fail: a scene the made part does not know makes it out of date."""
    monkeypatch.setitem(registry.SCENES, "changed", registry.SceneHome("unused", "ChangedScene"))
    real = registry.maker_of
    monkeypatch.setattr(registry, "maker_of", lambda name: ChangedScene if name == "changed" else real(name))
    made = scene_factory.made_part()
    assert "    def changed(self, words: str, times: int = ...) -> Scene: ..." in made
    assert scene_factory.current_part(scene_factory.TARGET.read_text(encoding="utf-8")) != made
