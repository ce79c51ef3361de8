"""The scene stack tells a scene when another covers it and when it is on top again."""

from __future__ import annotations

from types import SimpleNamespace

from spades_desktop.ui.core.scene import Scene, SceneStack


class Recording(Scene):
    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__(SimpleNamespace())  # type: ignore[arg-type]
        self.name = name
        self.log = log

    def pause(self) -> None:
        self.log.append(f"{self.name} paused")

    def resume(self) -> None:
        self.log.append(f"{self.name} resumed")

    def closed(self) -> None:
        self.log.append(f"{self.name} closed")


def test_push_pauses_the_scene_below_and_pop_resumes_it():
    log: list[str] = []
    stack = SceneStack()
    table, menu, dialog = (Recording(n, log) for n in ("table", "menu", "dialog"))
    stack.push(table)
    stack.push(menu)
    stack.push(dialog)
    stack.pop()
    stack.pop()
    assert log == ["table paused", "menu paused", "dialog closed", "menu resumed", "menu closed", "table resumed"]


def test_replace_closes_every_scene_once():
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recording("a", log))
    stack.push(Recording("b", log))
    log.clear()
    stack.replace(Recording("c", log))
    assert [entry for entry in log if entry.endswith("closed")] == ["b closed", "a closed"]
    assert stack.top is not None and stack.top.name == "c"  # type: ignore[attr-defined]
