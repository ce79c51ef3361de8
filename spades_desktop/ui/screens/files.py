"""Screens for saved games and statistics: save under a name, load, delete, results per mode."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.state import GameState
from ...session.files import SaveError, SaveInfo, cards_seen_of, game_id_of, shown
from ...session.review import review_in
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext
from ..core.text_box import TextBox
from ..core.text_field import TextField
from ..core.theme import (
    BODY,
    BODY_SMALL,
    CREAM,
    FELT,
    GOLD,
    LARGE,
    LEAD,
    MUTED,
    NOTICE,
    PAGE_TITLE,
    PANEL_OPAQUE,
    SMALL,
    SUBHEADING,
    VEIL_MENU,
)
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text, draw_wrapped
from ..text.key_help import delete_keys, load_footer
from ..text.list_page import ListPage
from ..text.messages import abandon_question, sentence, wrap
from ..text.review_words import review_title
from ..text.saves_list import NAME_LENGTH, delete_question, save_hint, saves_page, suggested_name
from ..text.title_words import continue_line, lines_of
from .list_layout import width_in
from .list_scene import ListScene
from .menu_base import ButtonScene, veil
from .table_pictures import TablePictures
from .text_dialog import TextDialog

if TYPE_CHECKING:
    from ...session.game_session import ModeTraits


class ConfirmScene(ButtonScene):
    overlay = True
    hides_overlays = True
    panel_width = 0.5  # of the window
    button_gap = 20
    button_font = LEAD
    keys: tuple[Context, ...] = (Context.CONFIRM,)  # the question's own keys

    def __init__(self, app: AppContext, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.group = ButtonGroup([Button("Yes", self.yes, intent=Intent.YES, name="yes"),
                                  Button("No", self.no, intent=Intent.NO, name="no")])
        self.group.focus = 1

    def yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def no(self) -> None:
        self.app.stack.pop()

    def back(self) -> None:
        self.no()

    def button_width(self, panel: pygame.Rect) -> int:
        return int(self.app.screen.get_height() * 0.16)

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, VEIL_MENU)
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * self.panel_width), int(h * 0.3))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        font = self.app.fonts.get(LARGE, bold=True)
        lines = wrap(self.question, rect.w - 2 * int(h * 0.03), lambda t: font.size(t)[0])
        top = rect.top + int(rect.h * 0.3) - font.get_linesize() * len(lines) // 2
        draw_wrapped(surface, font, lines, CREAM, (rect.centerx, top))
        self.group.layout_row((rect.centerx, rect.top + int(rect.h * 0.7)), self.button_width(rect), int(h * 0.06),
                              self.button_gap)
        self.group.draw(surface, self.group.label_font(self.app.fonts, self.button_font))


class AbandonScene(ConfirmScene):
    """Before New game or Load replaces the game in progress: abandon it, save it first, or keep it.
    The game's mode says what may be offered: a second copy's game is kept nowhere and cannot be
    saved, so the question says it will be lost and offers no "Save it first"."""

    panel_width = 0.62
    button_gap = 16
    button_font = BODY
    keys = (Context.ABANDON,)

    def __init__(self, app: AppContext, go_on: Callable[[], None], traits: ModeTraits) -> None:
        super().__init__(app, abandon_question(traits.kept), go_on)
        keys = Context.ABANDON
        buttons = [Button(with_key("Abandon it", Intent.ABANDON, keys), self.yes, intent=Intent.ABANDON,
                          name="abandon")]
        if traits.offers_save:
            buttons.append(Button(with_key("Save it first", Intent.SAVE_FIRST, keys), self.save_first,
                                  intent=Intent.SAVE_FIRST, name="save_first"))
        buttons.append(Button(with_key("Keep it", Intent.KEEP_GAME, keys), self.no, intent=Intent.KEEP_GAME,
                              name="keep"))
        self.group = ButtonGroup(buttons)
        self.group.focus = len(buttons) - 1  # keep it

    def save_first(self) -> None:
        """The game in progress (a kept game: its autosave) under a name, then New game or Load."""
        self.app.stack.pop()
        loaded = self.app.games.load_autosave()
        if loaded is None:
            self.app.flash("The game in progress could not be read, so it cannot be saved")
            return
        state, document = loaded
        self.app.stack.push(self.app.scenes.save_name(state, game_id_of(document, state),
                                                      sorted(cards_seen_of(document)), then=self.on_yes,
                                                      review=kept_review(document, state)))

    def button_width(self, panel: pygame.Rect) -> int:
        return int(panel.w * 0.3)  # three choices across a wider panel


def kept_review(document: dict, state: GameState) -> dict | None:
    """The review the autosave keeps for its game, to be kept in the named save too."""
    review = review_in(document, state)
    return None if review is None else review.to_dict(state)


class SaveNameScene(TextDialog):
    """The game in progress saved under a name: one that says the game is offered, selected, so
    Enter saves it as it is and typing replaces it; the game, hand and scores are said above it."""

    def __init__(self, app: AppContext, state: GameState, game_id: str, cards_seen: list[str] | None = None,
                 then: Callable[[], None] | None = None, review: dict | None = None) -> None:
        super().__init__(app)
        self.state = state
        self.review = review  # the game review so far, saved with the game
        self.game_id = game_id  # the statistics' name of the game, kept in the save
        self.cards_seen = cards_seen
        self.then = then  # what to do once saved (New game after "Save it first")
        # a name that says the game (selected: typing replaces it, Enter saves it as it is)
        suggested = suggested_name(state.rules.mode, state.scores, time.localtime())
        self.box = TextBox(TextField.with_default(suggested, NAME_LENGTH), app.key_presses)
        self.message = ""
        self.about = continue_line(state, app.settings.names)  # what is saved: the game, the hand, the scores
        self.group = ButtonGroup([Button("Save", self.save, name="save"), Button("Cancel", self.cancel, name="cancel")])
        pygame.key.start_text_input()

    @property
    def name(self) -> str:
        return self.box.text

    def save(self) -> None:
        if self.app.read_only:
            self.message = "This window cannot save: another copy of Spades Desktop is running"
            self.dirty = True
            return
        if not self.name.strip():
            self.message = "Type a name first"
            self.dirty = True
            return

        def write() -> None:
            problem = self.app.files.save_game(self.name, self.state, self.game_id, self.cards_seen, self.review)
            if problem:  # in the player's words, never Python's ("[Errno 17] ...")
                self.message = sentence(problem)
                self.dirty = True
                return
            self.app.stack.pop()
            self.app.flash(f"Saved as {self.name}")
            if self.then is not None:
                self.then()

        if self.app.files.save_exists(self.name):
            self.app.stack.push(self.app.scenes.confirm(f"Replace the save {self.name!r}?", write))
        else:
            write()

    def draw(self, surface: pygame.Surface) -> None:
        veil(surface, VEIL_MENU)
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.4))
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, PANEL_OPAQUE)
        title = self.app.fonts.get(SUBHEADING, bold=True)
        draw_text(surface, title, "Save game", GOLD, midtop=(rect.centerx, rect.top + 14))
        small = self.app.fonts.get(SMALL)
        room = int(rect.w * 0.9)
        y = rect.top + 14 + title.get_linesize()
        for line in lines_of(self.about, room, width_in(small))[:2]:
            draw_text(surface, small, line, MUTED, midtop=(rect.centerx, y))
            y += small.get_linesize()
        box = pygame.Rect(0, 0, int(rect.w * 0.8), int(h * 0.065))
        box.center = (rect.centerx, rect.top + int(rect.h * 0.47))
        self.box.draw(surface, self.app.fonts.get(LARGE), box)
        under, colour = (self.message, NOTICE) if self.message else (save_hint(), MUTED)
        y = box.bottom + 6
        for line in wrap(under, room, width_in(small))[:2]:
            draw_text(surface, small, line, colour, midtop=(rect.centerx, y))
            y += small.get_linesize()
        self.group.layout_row((rect.centerx, rect.bottom - int(h * 0.06)), int(h * 0.18), int(h * 0.06), 20)
        self.group.draw(surface, self.group.label_font(self.app.fonts, BODY))

    def submit(self) -> None:
        self.save()


class LoadScene(ListScene):
    """Every named save with a small picture of its table, its date, mode, scores and hand, one row
    each, the newest first: Enter or a click loads the selected one (a finished game: its review),
    R reviews it, Delete (its key, the Delete button or a right click) asks, then removes it."""

    overlay = False
    veil_alpha = None  # on the title's background
    panel_share = (0.9, 0.86)
    title_size = PAGE_TITLE
    picture_share = 0.095  # each row's picture of its table

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.group = ButtonGroup([Button("Delete", self.delete_selected, name="delete"),  # (its keys: the footer's)
                                  Button("Back", self.back, name="back")])  # (Esc, from the keyboard)
        self.pictures = TablePictures()  # each save's picture, drawn once
        self.infos: list[SaveInfo] = []
        self.problems: list[str] = []
        self.refresh()

    def refresh(self) -> None:
        listing = self.app.files.list_saves()  # damaged saves are listed too, with their reason
        self.infos, self.problems = listing.good + listing.damaged, listing.problems
        self.view.set_count(len(self.infos))
        self.rows_changed()

    def page(self) -> ListPage:
        return saves_page(self.infos, self.app.settings.names)

    def footer(self, page: ListPage) -> str:
        return load_footer(bool(self.infos))

    def picture(self, index: int, size: tuple[int, int]) -> pygame.Surface | None:
        """The save's table, drawn from its game once (a damaged save: a plain placeholder)."""
        if index >= len(self.infos):
            return None
        info = self.infos[index]
        felt = FELT.get(self.app.settings.table_colour, FELT["green"])
        return self.pictures.picture(info.path, info.saved_at, info.state, size, felt)

    def notes(self) -> list[str]:
        return self.problems

    def selected(self) -> SaveInfo | None:
        index = self.view.selected
        return self.infos[index] if index is not None and index < len(self.infos) else None

    def activate(self, index: int) -> bool:
        self.load(self.infos[index])
        return True

    def load(self, info: SaveInfo) -> None:
        if info.problem:
            self.problems.append(f"{shown(info.path.name)} cannot be loaded: {info.problem}."
                                 f" {delete_keys()} removes it.")
            self.dirty = True
            return
        opened = self._open(info)
        if opened is None:
            return
        state, document = opened
        if info.finished:  # nothing to play on: its review (the game in progress is not given up)
            self.app.open_review(state, review_title(state, info.name), info.path, document)
            return
        self.app.unless_game_in_progress(lambda: self.app.start_table(state, document))

    def _open(self, info: SaveInfo) -> tuple[GameState, dict] | None:
        """The save's game, or None with the reason said under the list (kept: the list is read again first)."""
        try:
            return self.app.files.open_save(info.path)
        except SaveError as exc:
            self.refresh()
            self.problems.append(str(exc))
            return None

    def back(self) -> None:
        self.app.stack.pop()

    def review_selected(self) -> None:
        """The game review of the selected save (its hands replayed from there), kept in the save."""
        info = self.selected()
        if info is None or info.problem:
            return
        opened = self._open(info)
        if opened is not None:
            state, document = opened
            self.app.open_review(state, review_title(state, info.name), info.path, document)

    def delete_selected(self) -> None:
        info = self.selected()
        if info is None:
            return
        if self.app.read_only:
            self.problems.append("This window cannot delete saves: another copy of Spades Desktop is running")
            self.dirty = True
            return

        def delete() -> None:
            failed = self.app.files.delete_save(info.path)
            self.refresh()
            if failed:
                self.problems.append(failed)

        self.app.stack.push(self.app.scenes.confirm(delete_question(info.name), delete))

    def key_contexts(self) -> list[Context]:
        """Enter and Space choose the selected save (as they press a button with the focus)."""
        chosen = [Context.FOCUSED] if self.view.selected is not None else []
        return [*chosen, Context.LOAD, Context.LIST, Context.SCREEN]

    def on_intent(self, intent: Intent) -> bool:
        if intent is Intent.ACTIVATE and self.view.selected is not None:
            self.activate(self.view.selected)
        elif intent is Intent.DELETE:
            self.delete_selected()
        elif intent is Intent.REVIEW:
            self.review_selected()
        else:
            return super().on_intent(intent)
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):  # the Back button
            self.dirty = True
        else:
            super().handle_event(event)

    def clicked(self, index: int | None, button: int) -> None:
        """A click loads the save under it, a right click deletes it; a click off the rows does nothing."""
        if index is None or button not in (1, 3):
            return
        self.view.select(index)
        self.dirty = True
        if button == 1:
            self.activate(index)
        else:
            self.delete_selected()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        h = surface.get_height()
        font = self.group.label_font(self.app.fonts, BODY_SMALL)
        delete, back = self.group.buttons
        delete.enabled = self.selected() is not None
        pad = int(h * 0.028)
        right = self.panel.right - pad
        for button in (back, delete):  # Back at the top right corner, Delete left of it
            button.rect = pygame.Rect(0, 0, font.size(button.label)[0] + 2 * pad, font.get_linesize() + pad // 2)
            button.rect.topright = (right, self.panel.top + pad // 2)
            right = button.rect.left - pad // 2
        self.group.draw(surface, font)
