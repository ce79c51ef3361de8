"""The duplicate score's page (issue 56): your hands beside the same hands played by the hard computer
player with your cards (a ``ParJob``), a row a hand and the total, then the hand where the two differ
most with your costliest decision there, which a button opens in the replay at that moment.

One page for the game review's "Against the computer" and the daily deal's result: it is given a
game and its par under way (``ParJob``, from ``app.games.start_par``) and shows the par's progress
until it is done; Esc (or Back) leaves it and stops the par.  The costliest decision is the
review's: the game review hands its ``Reviewer``; without one the page judges your decisions itself.
The words are ``text/duplicate_words``; the rows are drawn by the one list scene.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...ai.judge import Judgement
from ...engine.deal_codes import hand_codes
from ...engine.seats import Seat
from ...engine.state import GameState
from ...session.duplicate import Comparison, HandComparison, compare, hand_scores
from ...session.par import ParJob
from ...session.review import Decision, Reviewer, costliest
from ..core.keymap import Context, Intent, with_key
from ..core.keys import intent_for
from ..core.scene import AppContext
from ..core.text_log import note_cover
from ..core.theme import BODY, BUTTON, CREAM, GOLD, LEAD, MUTED, NOTICE, PANEL_OPAQUE, SMALL
from ..core.widgets import Button, ButtonGroup, draw_panel, draw_text
from ..text.duplicate_words import (
    DUPLICATE_ABOUT,
    NO_PAR_TEXT,
    PAR_CANCELLED_TEXT,
    PAR_FAILED_TEXT,
    duplicate_page,
    moment_text,
    no_moment_text,
    par_progress_text,
    total_line,
    unplayed_text,
    widest_text,
)
from ..text.key_help import duplicate_footer
from ..text.list_page import ListPage
from ..text.messages import wrap
from .list_layout import width_in
from .list_scene import ListScene


@dataclass(frozen=True)
class MomentMark:
    """The costliest decision as the hand replay shows it beside its trick."""

    hand: int
    trick: int
    text: str


class DuplicateScene(ListScene):
    """Your game's hands against its par, over the page that opened it (``reviewer``: the review's,
    whose costliest decisions it shows; None: it judges your decisions itself)."""

    panel_share = (0.94, 0.62)
    veil_alpha = None  # (on the title's backdrop: the review or the daily result it opens from is a screen)

    def __init__(self, app: AppContext, state: GameState, job: ParJob | None, reviewer: Reviewer | None = None,
                 person: Seat = Seat.S) -> None:
        super().__init__(app, selects=False)
        self.state = state
        self.job = job
        self.person = person
        self.own_reviewer = reviewer is None
        self.reviewer = reviewer or Reviewer(state, lambda: app.thinkers, seats=[person],
                                             samples=app.options.review_samples, first=person)
        first = job.spec.first_hand if job is not None else 1
        self.yours = hand_scores(state, person, first)
        self.comparison: Comparison | None = None
        self.moment: tuple[Decision, Judgement] | None = None
        self._shown: tuple[object, ...] = ()
        self.group = ButtonGroup([
            Button(with_key("Replay that moment", Intent.SHOW_MOMENT, Context.DUPLICATE), self.show_moment,
                   intent=Intent.SHOW_MOMENT, name="duplicate_moment", enabled=False),
            Button("Back", self.close, name="back"),
        ])
        self.group.focus = 1
        self._follow()

    # ------------------------------------------------------------ what it shows
    def page(self) -> ListPage:
        return duplicate_page(self.comparison, self.waiting_text())

    def content_key(self) -> object:
        return self._shown

    def footer(self, page: ListPage) -> str:
        return duplicate_footer(self.moment is not None)

    def waiting_text(self) -> str:
        job = self.job
        if job is None:
            return NO_PAR_TEXT
        if job.failed:
            return PAR_FAILED_TEXT
        if job.cancelled:
            return PAR_CANCELLED_TEXT
        return par_progress_text(*job.progress)

    @property
    def widest(self) -> HandComparison | None:
        return self.comparison.widest() if self.comparison is not None else None

    def summary(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the rows, each with its colour: the total, the hand that differs most and
        your costliest decision there, the hands the computer's game did not reach."""
        comparison = self.comparison
        if comparison is None:
            return [(DUPLICATE_ABOUT, MUTED)]
        lines = [(total_line(comparison), GOLD), (widest_text(self.widest), CREAM)]
        widest = self.widest
        if widest is not None:
            text = (moment_text(*self.moment) if self.moment is not None
                    else no_moment_text(widest.hand, self._hand_judged(widest.hand)))
            lines.append((text, CREAM if self.moment is not None else MUTED))
        missing = unplayed_text([s.hand for s in self.yours], [h.hand for h in comparison.hands])
        if missing:
            lines.append((missing, NOTICE))
        return lines

    def _hand_judged(self, hand: int) -> bool:
        judged = self.reviewer.review.judged
        return all(d.index in judged for d in self.reviewer.decisions if d.hand == hand and d.seat == self.person)

    def costliest_of(self, hand: int) -> tuple[Decision, Judgement] | None:
        """The review's costliest decision of yours in ``hand`` (as far as it has judged)."""
        mine = [d for d in self.reviewer.decisions if d.hand == hand]
        worst = costliest(mine, self.reviewer.review, [self.person], count=1)
        return worst[0] if worst else None

    # ------------------------------------------------------------ moving on
    def update(self, dt: float) -> bool:
        if self.own_reviewer and not self.reviewer.done and self.comparison is not None:
            self.reviewer.step()
        self._follow()
        return super().update(dt)

    def _follow(self) -> None:
        """Take what the par and the review have done since the last frame; lay the page out again
        only when what it shows has changed."""
        job = self.job
        if self.comparison is None and job is not None and job.done:
            par = job.result()
            if par is not None:
                self.comparison = compare(self.yours, par)
        widest = self.widest
        if widest is not None:
            self.moment = self.costliest_of(widest.hand)
        self.group.buttons[0].enabled = self.moment is not None
        shown = (self.waiting_text(), self.comparison is not None, id(self.moment), len(self.reviewer.review.judged)
                 if widest is not None else 0)
        if shown != self._shown:
            self._shown = shown
            self.rows_changed()

    def show_moment(self) -> None:
        """The replay of the hand that differs most, at your costliest decision in it."""
        if self.moment is None:
            return
        decision, judgement = self.moment
        history = self.state.hand_history
        result = next((r for r in history if r.hand_number == decision.hand), None)
        if result is None:
            return
        from ..text.review_words import verdict_text

        mark = MomentMark(decision.hand, decision.trick, "Review: " + verdict_text("You", decision, judgement))
        self.app.stack.push(self.app.scenes.hand_replay(result, self.name, [mark], history, decision.trick,
                                                        hand_codes(self.state)))

    def close(self) -> None:
        """Leaving the page stops the par (a page opened again plays it again)."""
        if self.job is not None and not self.job.done:
            self.job.cancel()
        if self.own_reviewer:
            self.reviewer.cancel()
        super().close()

    # ------------------------------------------------------------ input
    def key_contexts(self) -> list[Context]:
        return [*self.group.contexts(), Context.DUPLICATE, Context.LIST, Context.SCREEN]

    def on_intent(self, intent: Intent) -> bool:
        if self.group.do(intent):
            return True
        return super().on_intent(intent)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            intent = intent_for(self.key_contexts(), event)
            if intent is not None and self.on_intent(intent):
                self.dirty = True
            return
        pos = getattr(event, "pos", None)
        if pos is not None and any(b.rect is not None and b.rect.collidepoint(pos) for b in self.group.buttons):
            if self.group.handle(event):
                self.dirty = True
            return
        if event.type == pygame.MOUSEMOTION:
            if self.group.handle(event):
                self.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.collidepoint(event.pos):
            return  # (a click on the rows chooses nothing here; off the panel and the buttons, it closes)
        super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def panel_rect(self, size: tuple[int, int], needed: int) -> pygame.Rect:
        w, h = size
        rect = pygame.Rect(0, 0, int(w * self.panel_share[0]), min(needed, int(h * self.panel_share[1])))
        rect.midtop = (w // 2, int(h * 0.03))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        note_cover(surface.get_rect(), 255)  # the backdrop hides the page under it (it goes on working)
        super().draw(surface)
        w, h = surface.get_size()
        fonts = self.app.fonts
        panel = self.panel
        button_h = int(h * 0.06)
        self.group.layout_row((w // 2, h - int(h * 0.02) - button_h // 2), min(int(h * 0.42), w // 3), button_h, 16)
        room = panel.w - 2 * int(w * 0.02)
        left = panel.left + int(w * 0.02)
        pad = int(h * 0.02)
        lines = []  # the total, the hand that differs most, its costliest decision: wrapped, with their type
        for number, (text, colour) in enumerate(self.summary()):
            font = fonts.get(LEAD if number == 0 and self.comparison is not None else SMALL, bold=number == 0)
            lines += [(line, font, colour) for line in wrap(text, room, width_in(font))]
        waiting = self.comparison is None and self.job is not None and not self.job.done
        bar_h = max(6, int(h * 0.012))
        needed = 2 * pad + sum(font.get_linesize() for _, font, _ in lines) + (bar_h + pad // 2) * waiting
        words = pygame.Rect(panel.left, panel.bottom + int(h * 0.015), panel.w, 0)
        words.h = min(needed, self.group.buttons[0].rect.top - int(h * 0.02) - words.top)  # (as tall as its words)
        draw_panel(surface, words, PANEL_OPAQUE)
        y, bottom = words.top + pad, words.bottom - pad // 2
        if waiting and self.job is not None:
            bar = pygame.Rect(left, y, room, bar_h)
            pygame.draw.rect(surface, BUTTON, bar, border_radius=bar.h // 2)
            filled = bar.copy()
            filled.w = max(bar.h, int(bar.w * self.job.fraction))
            pygame.draw.rect(surface, GOLD, filled, border_radius=bar.h // 2)
            y = bar.bottom + pad // 2
        for line, font, colour in lines:
            if y + font.get_linesize() > bottom:
                break
            y = draw_text(surface, font, line, colour, topleft=(left, y)).bottom
        self.group.draw(surface, self.group.label_font(fonts, BODY))
