"""The game review page (issue 27): how well each seat decided, where the person's side lost its
points, and its three costliest decisions with the position, what was better and why.

The judging runs in the worker processes (a slice per frame without them) while the page shows
what has come in, under a progress bar ("Reviewing hand 4 of 11").  Clicking a bar of the chart
opens that hand's replay; clicking a decision opens it at that trick, the checker's words beside
it.  Export writes the review as Markdown beside the hand records.  The words are in
``text/review_words``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from ...ai.judge import Judgement
from ...engine.deal_codes import hand_codes
from ...engine.seats import Seat
from ...engine.state import GameState
from ...session.review import (
    Decision,
    GameReview,
    Reviewer,
    SeatFigures,
    costliest,
    figures,
    hand_in_play,
    person_first,
    person_side,
)
from ...session.review_so_far import ReviewSoFar
from ..core.charts import Bar
from ..core.kept_drawing import KeptInSteps
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext
from ..core.stepwise import Steps
from ..core.text_log import TextLog, current_log, recording
from ..core.theme import (
    BODY,
    BODY_SMALL,
    BUTTON,
    CREAM,
    GOLD,
    MUTED,
    PAGE_TITLE,
    PANEL_OPAQUE,
    PANEL_RADIUS,
    SHADOW_DROP,
    SHADOW_LAYERS,
    SMALL,
)
from ..core.widgets import Button, ButtonGroup, blit_around, draw_panel, draw_text, render_text
from ..text.review_words import (
    NO_HAND_ENDED,
    OTHERS,
    YOURS,
    progress_text,
    reviewed_text,
    seat_line,
    summary_lines,
    verdict_text,
)
from ..text.words import seat_name
from .menu_base import ButtonScene
from .review_layout import cards_in, lost_bars
from .review_parts import DecisionsLook, DecisionsShown, FiguresLook, decisions_steps, figures_steps

PERSON = Seat.S


#: seconds between two drawings of the page for judgements that came (the bar and the figures)
SHOW_JUDGED_EVERY = 0.25
#: a frame's time for drawing a part's next picture (at least a step: the accuracy lines, the chart,
#: a decision's panel and trick, the fitting of its words, its hand or its words; 0.3-2 ms each at 1920x1080)
PART_SECONDS = 0.001


@dataclass(frozen=True)
class ReviewMark:
    """A judgement as the hand replay shows it beside its trick."""

    hand: int
    trick: int
    text: str


class GameReviewScene(ButtonScene):
    """One page for the game; ``keep`` is told the review each time a judgement comes in (the
    game's save, or the table's session, holds it so a game is reviewed once)."""

    keys = (Context.GAME_REVIEW,)

    def __init__(self, app: AppContext, state: GameState, title: str, review: GameReview | None = None,
                 keep: Callable[[GameReview], None] = lambda review: None) -> None:
        super().__init__(app)
        self.state = state
        self.title = title
        self.keep = keep
        self.reviewer = Reviewer(state, lambda: app.thinkers, review, samples=app.options.review_samples,
                                 first=PERSON)
        self.hands = max((d.hand for d in self.reviewer.decisions), default=0)
        self.bar_rects: list[tuple[pygame.Rect, int]] = []  # (where a hand's bar is, the hand)
        self.card_width = 0  # the decisions' cards, as the last frame laid them out
        self.words_cut = 0
        self.deck = cards_in(state.deck.mask)
        self.decision_rects: list[tuple[pygame.Rect, Decision]] = []
        self.group = ButtonGroup([
            Button(with_key("Export", Intent.EXPORT, Context.GAME_REVIEW), self.export, intent=Intent.EXPORT,
                   name="export"),
            Button(with_key("Replay hands", Intent.REPLAY_HANDS, Context.GAME_REVIEW), self.replay_hands,
                   intent=Intent.REPLAY_HANDS, name="replay_hands"),
            Button(with_key("Against the computer", Intent.DUPLICATE, Context.GAME_REVIEW), self.duplicate,
                   intent=Intent.DUPLICATE, name="duplicate"),
            Button("Back", self.back, name="back"),
        ])
        self.group.focus = len(self.group.buttons) - 1
        self.framed = False  # the first frame draws the page's frame only (see ``draw``)
        self._kept_decisions: KeptInSteps[DecisionsShown] = KeptInSteps()
        self._kept_figures: KeptInSteps[list[tuple[pygame.Rect, int]]] = KeptInSteps()
        self.so_far = ReviewSoFar(self.reviewer, person_side(state, PERSON))

    def name(self, seat: Seat) -> str:
        return "You" if seat == PERSON else seat_name(seat, self.app.settings.names)

    # ------------------------------------------------------------ judging
    def update(self, dt: float) -> bool:
        changed = super().update(dt)
        if not self.reviewer.done and self.reviewer.step():  # a judgement came: the bar and figures move
            self.keep(self.reviewer.review)
            self._unshown = True
        self._shown_ago += dt
        judged = False
        if self._unshown and (self._shown_ago >= SHOW_JUDGED_EVERY or self.reviewer.done):
            # judgements come a few a frame: the page shows them together, a few times a second
            # (a page drawn whole for each took a frame's time on every other frame)
            self._unshown, self._shown_ago, judged = False, 0.0, True
        warmed = self.warm_faces()
        left = self._figures_room
        if left is not None and (judged or self._figures_wanted is None or self._figures_wanted[0] != tuple(left)):
            self._figures_wanted = self._figures_key(left)  # (drawn from what came until now)
        finished = not warmed and self._work_on_parts()  # (a frame does one or the other)
        self.damage = None
        if not changed and (judged or finished):
            # what judgements change lies inside the panel, and there only the progress line and a
            # part whose new picture is finished: a part showing what it showed stays (the whole panel
            # drawn for each showing made those frames 6-7 ms at 1920x1080, the page's 95th percentile)
            self.damage = self._changed_rooms()
        # (faces made ready change nothing shown: the decisions' next picture, with them, is begun)
        return changed or judged or finished

    def _work_on_parts(self) -> bool:
        """Draw a part of the figures' next picture (while what came is not shown), else of the
        costliest decisions' (if what they show changed); True in the frame either is finished."""
        panel, window, h = self._panel, pygame.display.get_surface(), self.app.screen.get_height()
        left, room, right = self._figures_room, self._decisions_room, self._decisions_right
        if panel is None or window is None or left is None or room is None or right is None:
            return False

        def under(area: pygame.Rect) -> Callable[[pygame.Surface], None]:
            """What lies under a part in the window: the panel's opaque middle."""
            return lambda picture: draw_panel(picture, panel.move(-area.x, -area.y), PANEL_OPAQUE)

        if self._figures_wanted is not None:
            wanted = self._figures_wanted
            mine = self.person_side()
            lines = tuple((line, seat in mine) for seat, line in zip(self.ordered_seats(), wanted[1], strict=True))
            look = FiguresLook(self.app.fonts, lines, wanted[2])

            def figures(picture: pygame.Surface) -> Steps[list[tuple[pygame.Rect, int]]]:
                bars = yield from figures_steps(picture, left.move(-left.x, -left.y), look, h)
                return [(rect.move(left.topleft), hand) for rect, hand in bars]

            if self._kept_figures.advance(window, left, wanted, under(left), figures, PART_SECONDS):
                return True
            if self._kept_figures.under_way:
                return False
        look_d = DecisionsLook(self.app.fonts, self.app.card_art, self.costliest(), self.name, self.reviewer.done,
                               self._faces_ready_at, PERSON)

        def decisions(picture: pygame.Surface) -> Steps[DecisionsShown]:
            rects, cut, width = yield from self.decisions_steps(picture, right.move(-room.x, -room.y), look_d)
            return [(rect.move(room.topleft), decision) for rect, decision in rects], cut, width

        return self._kept_decisions.advance(window, room, self._decisions_key(room), under(room), decisions,
                                            PART_SECONDS)

    @property
    def parts_under_way(self) -> bool:
        """Whether a part's next picture is being drawn (the window shows the one before)."""
        return self._kept_figures.under_way or self._kept_decisions.under_way

    @property
    def decisions_settled(self) -> bool:
        """Whether the costliest decisions on the window are what they would be drawn as now (no next
        picture under way, none to begin)."""
        room = self._decisions_room
        return (room is not None and not self._kept_decisions.under_way
                and self._kept_decisions.is_fresh(room.clip(self.app.screen.get_rect()), self._decisions_key(room))
                and self._decisions_shown == self._kept_decisions.key)

    def decisions_steps(self, surface: pygame.Surface, rect: pygame.Rect, look: DecisionsLook) -> Steps[DecisionsShown]:
        """The costliest decisions drawn a part at a time (``review_decisions``)."""
        return decisions_steps(surface, rect, look)

    _content: pygame.Rect | None = None  # inside the page's panel, where the figures are
    _decisions_room: pygame.Rect | None = None  # where the costliest decisions are drawn, shadows and all
    _decisions_right: pygame.Rect | None = None  # the costliest decisions' boxes
    _panel: pygame.Rect | None = None  # the page's panel (what lies under the decisions)
    _progress_room: pygame.Rect | None = None  # the progress line and its bar, above the parts
    _figures_room: pygame.Rect | None = None  # the accuracy lines and the chart
    _progress_shown: Hashable = None  # the keys the parts were last drawn for
    _figures_shown: Hashable = None
    _decisions_shown: Hashable = None
    #: what the figures' next picture is drawn from (taken as judgements are shown, a few times a second)
    _figures_wanted: tuple[tuple[int, ...], tuple[str, ...], tuple[Bar, ...]] | None = None

    def _changed_rooms(self) -> list[pygame.Rect]:
        """Where the page no longer shows what it would: the progress line, and each part whose key
        (what it shows) is not the one it was drawn for; the whole panel if it was never laid out."""
        if self._progress_room is None or self._figures_room is None or self._decisions_room is None:
            return [self._content.copy()] if self._content is not None else []
        rooms = []
        if self._progress_key() != self._progress_shown:
            rooms.append(self._progress_room.copy())
        if self._kept_figures.key != self._figures_shown:  # (a new picture of them finished)
            rooms.append(self._figures_room.copy())
        if self._kept_decisions.key != self._decisions_shown:  # (a new picture of them finished)
            rooms.append(self._decisions_room.copy())
        return rooms

    def _progress_key(self) -> Hashable:
        """What the progress line shows: its words and how far its bar is filled."""
        reviewer = self.reviewer
        if reviewer.done:
            return True
        return reviewer.hand_under_review, reviewer.first_pending, reviewer.done_count

    def _figures_key(self, left: pygame.Rect) -> tuple[tuple[int, ...], tuple[str, ...], tuple[Bar, ...]]:
        """What the accuracy lines and the chart show, laid out in ``left``."""
        lines = tuple(seat_line(self.name(seat), self.figures_of(seat)) for seat in self.ordered_seats())
        return (tuple(left), lines, tuple(self.lost_bars()))

    def _decisions_key(self, room: pygame.Rect) -> Hashable:
        """What the costliest decisions show, laid out in ``room``."""
        worst = tuple((id(decision), id(judgement)) for decision, judgement in self.costliest())
        return (tuple(room), worst, self.faces_ready(), self.reviewer.done, self.app.settings.names)

    _unshown = False  # judgements came that the page does not show yet
    _shown_ago = 0.0  # seconds since the page last showed what came

    def warm_faces(self, per_frame: int = 1) -> bool:
        """Finish a face of the deck at the decisions' size each frame, so that no frame draws a dozen
        at once when a new costly decision shows its hand (a classic face is drawn in the background
        first: the page waits for it); True if it finished one (the frame's work is done)."""
        if not self.card_width:
            return False
        art = self.app.card_art(self.card_width)
        art.take_ready()  # (classic faces the background finished since the last frame)
        cold = [card for card in self.deck if not art.has_final_face(card) and not art.face_pending(card)]
        for card in cold[:per_frame]:
            art.face(card)
        return bool(cold)

    def faces_ready(self) -> bool:
        return self._faces_ready_at(self.card_width)

    def _faces_ready_at(self, width: int) -> bool:
        art = self.app.card_art(width)
        return all(art.has_final_face(card) for card in self.deck)

    def back(self) -> None:
        self.reviewer.cancel()
        super().back()

    # ------------------------------------------------------------ actions
    def person_side(self) -> list[Seat]:
        """The person and their partner, the person first."""
        return person_side(self.state, PERSON)

    def summary(self) -> list[str]:
        decisions, review = self.reviewer.decisions, self.reviewer.review
        names = {seat: self.name(seat) for seat in self.state.seats}
        per_seat = {seat: figures(decisions, review, seat) for seat in self.state.seats}
        worst = costliest(decisions, review, self.person_side())
        return summary_lines(self.title, names, self.ordered_seats(), per_seat, worst, PERSON,
                             hand_in_play(self.state))

    def ordered_seats(self) -> list[Seat]:
        """The person first, then the partner, then the others."""
        return person_first(self.state, PERSON)

    def export(self) -> None:
        if not self.reviewer.done:
            self.app.flash("The review is not finished yet: export it once every hand is reviewed")
            return
        self.app.flash(self.app.files.export_review(self.state, self.summary()).message)

    def marks(self) -> list[ReviewMark]:
        """Every mistake the review found, as the replay shows them at their trick."""
        review = self.reviewer.review
        marks = []
        for decision in self.reviewer.decisions:
            judgement = review.judged.get(decision.index)
            if judgement is not None and judgement.mistake:
                marks.append(ReviewMark(decision.hand, decision.trick,
                                        "Review: " + verdict_text(self.name(decision.seat), decision, judgement)))
        return marks

    def replay_hands(self, hand: int = 1, trick: int = 0) -> None:
        history = self.state.hand_history
        if not history:
            self.app.flash(NO_HAND_ENDED)
            return
        result = next((r for r in history if r.hand_number == hand), history[0])
        self.app.stack.push(self.app.scenes.hand_replay(result, self.name, self.marks(), history, trick,
                                                        hand_codes(self.state)))

    def duplicate(self) -> None:
        """The game's hands played again by the hard computer player in the person's seat, beside
        the person's (the duplicate score): the par is played in the workers while its page shows."""
        if not self.state.hand_history:
            self.app.flash(NO_HAND_ENDED)
            return
        job = self.app.games.start_par(self.state, PERSON)
        self.app.stack.push(self.app.scenes.duplicate(self.state, job, self.reviewer, PERSON))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, hand in self.bar_rects:
                if rect.collidepoint(event.pos):
                    self.replay_hands(hand)
                    return
            for rect, decision in self.decision_rects:
                if rect.collidepoint(event.pos):
                    self.replay_hands(decision.hand, decision.trick)
                    return
        super().handle_event(event)

    # ------------------------------------------------------------ what the page shows
    def figures_of(self, seat: Seat) -> SeatFigures:
        """``seat``'s accuracy and points lost, as far as the review has gone."""
        return self.so_far.figures_of(seat)

    def costliest(self) -> list[tuple[Decision, Judgement]]:
        """The person's side's costliest decisions so far."""
        return self.so_far.costliest()

    # ------------------------------------------------------------ drawing
    def _page_frame(self, surface: pygame.Surface) -> tuple[TextLog, pygame.Rect]:
        """The page's background, title and panel, drawn straight onto the window (a picture of them
        kept per size cost an 8 MB copy, a frame over budget, when the page opened); the background
        is not put under the opaque middle of the panel, which covers it (that was a second pass
        over most of the window every frame the page was drawn)."""
        w, h = surface.get_size()
        fonts = self.app.fonts
        title_font, below_font = fonts.get(PAGE_TITLE, bold=True), fonts.get(BODY_SMALL)
        title_top = int(h * 0.025)
        title_h = render_text(title_font, "Game review", GOLD).get_height()
        below_h = render_text(below_font, self.title, MUTED).get_height()
        panel = pygame.Rect(int(w * 0.03), title_top + title_h + below_h + int(h * 0.015), int(w * 0.94), 0)
        panel.h = self.group.buttons[0].rect.top - int(h * 0.02) - panel.top
        blit_around(surface, self.app.title_background(), panel.inflate(-2 * PANEL_RADIUS, -2 * PANEL_RADIUS))
        log = TextLog()
        with recording(log):
            title = draw_text(surface, title_font, "Game review", GOLD, midtop=(w // 2, title_top))
            draw_text(surface, below_font, self.title, MUTED, midtop=(w // 2, title.bottom))
            draw_panel(surface, panel, PANEL_OPAQUE)
        return log, panel

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        fonts = self.app.fonts
        button_h = int(h * 0.06)
        across = min(int(h * 0.32), w // (len(self.group.buttons) + 1))
        self.group.layout_row((w // 2, h - int(h * 0.02) - button_h // 2), across, button_h, 16)
        texts, panel = self._page_frame(surface)
        self._panel = panel
        log = current_log()
        if log is not None:
            log.extend(texts)
        self.group.draw(surface, self.group.label_font(fonts, BODY))
        if not self.framed:  # the page's frame first; its figures, in type sizes perhaps not loaded
            self.framed = True  # yet, from the next frame (the two at once took a frame's budget)
            self.dirty = True
            return
        inner = panel.inflate(-int(w * 0.03), -int(h * 0.03))
        self._content = inner.inflate(2 * SHADOW_LAYERS, 2 * SHADOW_LAYERS + SHADOW_DROP)
        # the progress bar's place stays when the review is done (the words say so): the cards below
        # keep their size, so their faces, drawn a few a frame, are not drawn again at another
        top = self.draw_progress(surface, pygame.Rect(inner.left, inner.top, inner.w, int(h * 0.05))) + int(h * 0.015)
        self._progress_shown = self._progress_key()
        self._progress_room = pygame.Rect(inner.left, inner.top, inner.w, top - inner.top)
        left = self._figures_room = pygame.Rect(inner.left, top, int(inner.w * 0.42), inner.bottom - top)
        right = pygame.Rect(left.right + int(inner.w * 0.03), top, inner.right - left.right - int(inner.w * 0.03),
                            inner.bottom - top)
        # each part's last picture (the next is drawn a part a frame: ``update``)
        bars = self._kept_figures.show_stale(surface, left)
        if bars is not None:
            self.bar_rects = bars
        self._figures_shown = self._kept_figures.key
        self._decisions_right = right
        room = self._decisions_room = right.inflate(2 * SHADOW_LAYERS, 2 * SHADOW_LAYERS + SHADOW_DROP)
        shown = self._kept_decisions.show_stale(surface, room)
        if shown is not None:
            self.decision_rects, self.words_cut = shown[0], shown[1]
            self.card_width = shown[2] or self.card_width
        self._decisions_shown = self._kept_decisions.key

    def draw_progress(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        font = self.app.fonts.get(SMALL, bold=True)
        bar_h = max(6, rect.h // 4)
        if self.reviewer.done:
            words = reviewed_text(self.hands, sum(1 for j in self.reviewer.review.judged.values() if j is not None))
            label = draw_text(surface, font, words, MUTED, topleft=rect.topleft)
            return label.bottom + 4 + bar_h  # (the bar's room kept: see ``draw``)
        # the person's decisions are judged first, through every hand, then the other seats'
        whose = "" if PERSON not in self.state.seats else YOURS if self.reviewer.first_pending else OTHERS
        words = progress_text(self.reviewer.hand_under_review, self.hands, whose)
        label = draw_text(surface, font, words, CREAM, topleft=rect.topleft)
        bar = pygame.Rect(rect.left, label.bottom + 4, rect.w, bar_h)
        pygame.draw.rect(surface, BUTTON, bar, border_radius=bar.h // 2)
        done = self.reviewer.done_count / max(1, self.reviewer.total)
        filled = bar.copy()
        filled.w = max(bar.h, int(bar.w * done))
        pygame.draw.rect(surface, GOLD, filled, border_radius=bar.h // 2)
        return bar.bottom

    def lost_bars(self) -> list[Bar]:
        """The chart's bars: the points the person's side lost, by hand (a bar opens that hand's replay)."""
        return lost_bars([self.figures_of(seat) for seat in self.person_side()], self.hands)
