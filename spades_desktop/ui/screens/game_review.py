"""The game review page (issue 27): how well each seat decided, where the person's side lost its
points, and its three costliest decisions with the position, what was better and why.

The judging runs in the worker processes (a slice per frame without them) while the page shows
what has come in, under a progress bar ("Reviewing hand 4 of 11").  Clicking a bar of the chart
opens that hand's replay; clicking a decision opens it at that trick, the checker's words beside
it.  Export writes the review as Markdown beside the hand records.  The words are in
``text/review_words``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...ai.judge import Judgement
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
from ..cards.card_sprite import hand_order
from ..core.charts import Bar, draw_bar_chart
from ..core.kept_drawing import KeptDrawing, KeptParts
from ..core.keymap import Context, Intent, with_key
from ..core.scene import AppContext
from ..core.text_log import TextLog, current_log, recording
from ..core.theme import (
    BODY,
    BODY_SMALL,
    BUTTON,
    CAPTION,
    CARD_ASPECT,
    CREAM,
    GOLD,
    LEAD,
    MADE,
    MUTED,
    NEGATIVE,
    NOTICE,
    PAGE_TITLE,
    PANEL_OPAQUE,
    PANEL_RADIUS,
    QUIET_BORDER,
    SHADOW_DROP,
    SHADOW_LAYERS,
    SMALL,
)
from ..core.widgets import Button, ButtonGroup, blit_around, draw_panel, draw_text, frame_winner, render_text
from ..text.review_words import (
    NO_HAND_ENDED,
    OTHERS,
    YOURS,
    costliest_title,
    progress_text,
    reason_text,
    reviewed_text,
    seat_line,
    summary_lines,
    verdict_text,
    where_text,
)
from ..text.words import seat_name
from .menu_base import ButtonScene
from .review_layout import cards_in, draw_lines, heads_that_fit, lost_bars, words_that_fit, wrapped

PERSON = Seat.S


#: what drawing the costliest decisions works out: where each lies, how many words were cut, the card width
DecisionsShown = tuple[list[tuple[pygame.Rect, Decision]], int, int]

#: seconds between two drawings of the page for judgements that came (the bar and the figures)
SHOW_JUDGED_EVERY = 0.25


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
            Button("Back", self.back, name="back"),
        ])
        self.group.focus = len(self.group.buttons) - 1
        self.framed = False  # the first frame draws the page's frame only (see ``draw``)
        self._kept_decisions: KeptDrawing[DecisionsShown] = KeptDrawing()
        self._kept_figures: KeptDrawing[list[tuple[pygame.Rect, int]]] = KeptDrawing()
        self._parts = KeptParts()  # the two above, drawn one a frame
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
        faces = self.warm_faces()
        self.damage = None
        if faces and not changed and self._decisions_room is not None:
            # the cards' faces are ready: the decisions are drawn with them in a frame of their own
            self.damage = [self._decisions_room.copy()]
            self._unshown, judged = self._unshown or judged, False
        elif judged and not changed and self._content is not None:
            # what judgements change lies inside the panel: the title and the buttons stay as they are
            self.damage = [self._content.copy()]
        waiting = self._parts.take_waiting()
        if waiting and not changed:  # parts put off by the last frame are drawn in this one
            if self.damage is not None:
                self.damage += waiting
            elif not (faces or judged):
                self.damage = waiting
        return faces or changed or judged or bool(waiting)

    _content: pygame.Rect | None = None  # inside the page's panel, where the figures are
    _decisions_room: pygame.Rect | None = None  # where the costliest decisions are drawn

    _unshown = False  # judgements came that the page does not show yet
    _shown_ago = 0.0  # seconds since the page last showed what came

    def warm_faces(self, per_frame: int = 2) -> bool:
        """Finish a couple of the deck's faces at the decisions' size each frame, so that no frame
        draws a dozen at once when a new costly decision shows its hand (a classic face is drawn in
        the background first: the page waits for it); True in the frame the last is finished (the
        cards can be shown)."""
        if not self.card_width:
            return False
        art = self.app.card_art(self.card_width)
        art.take_ready()  # (classic faces the background finished since the last frame)
        cold = [card for card in self.deck if not art.has_final_face(card)]
        if not cold:
            return False
        for card in [card for card in cold if not art.face_pending(card)][:per_frame]:
            art.face(card)
        return all(art.has_final_face(card) for card in cold)

    def faces_ready(self) -> bool:
        art = self.app.card_art(self.card_width)
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
        self.app.stack.push(self.app.scenes.hand_replay(result, self.name, self.marks(), history, trick))

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
        self.group.layout_row((w // 2, h - int(h * 0.02) - button_h // 2), min(int(h * 0.32), w // 4), button_h, 16)
        texts, panel = self._page_frame(surface)
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
        left = pygame.Rect(inner.left, top, int(inner.w * 0.42), inner.bottom - top)
        right = pygame.Rect(left.right + int(inner.w * 0.03), top, inner.right - left.right - int(inner.w * 0.03),
                            inner.bottom - top)
        self._parts.frame_starts()
        lines = tuple(seat_line(self.name(seat), self.figures_of(seat)) for seat in self.ordered_seats())
        bars = self.lost_bars()
        self.bar_rects = self._parts.show(surface, self._kept_figures, left, (tuple(left), lines, tuple(bars)),
                                    lambda: self._figures_drawn(surface, left, lines, bars), [])
        # the costliest decisions change far less often than judgements come: kept as a picture
        worst = tuple((id(decision), id(judgement)) for decision, judgement in self.costliest())
        key = (tuple(right), worst, self.faces_ready(), self.reviewer.done, self.app.settings.names)
        room = self._decisions_room = right.inflate(2 * SHADOW_LAYERS, 2 * SHADOW_LAYERS + SHADOW_DROP)
        self.decision_rects, self.words_cut, self.card_width = self._parts.show(
            surface, self._kept_decisions, room, key, lambda: self._decisions(surface, right),
            (self.decision_rects, self.words_cut, self.card_width))

    @property
    def parts_waiting(self) -> bool:
        """Whether the last frame put off drawing a part that changed (figures and decisions drawn
        in one frame took it to 17-23 ms when a judgement changed both: see ``KeptParts``)."""
        return self._parts.waiting

    def _figures_drawn(self, surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, ...],
                       bars: list[Bar]) -> list[tuple[pygame.Rect, int]]:
        h = surface.get_height()
        rows_bottom = self.draw_seats(surface, rect, lines)
        chart = pygame.Rect(rect.left, rows_bottom + int(h * 0.02), rect.w, rect.bottom - rows_bottom - int(h * 0.02))
        return self._chart(surface, chart, self.app.fonts.get(CAPTION), bars)

    def _decisions(self, surface: pygame.Surface, rect: pygame.Rect) -> DecisionsShown:
        self.draw_decisions(surface, rect)
        return list(self.decision_rects), self.words_cut, self.card_width

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

    def draw_seats(self, surface: pygame.Surface, rect: pygame.Rect, lines: tuple[str, ...]) -> int:
        """A line per seat (``lines``, in ``ordered_seats``' order): its accuracy and the points its
        mistakes cost; returns the bottom."""
        fonts = self.app.fonts
        heading = draw_text(surface, fonts.get(LEAD, bold=True), "Accuracy", GOLD, topleft=rect.topleft)
        font = fonts.get(SMALL)
        y = heading.bottom + 6
        for seat, line in zip(self.ordered_seats(), lines, strict=True):
            y = draw_lines(surface, font, list(wrapped(line, rect.w, font)),
                           CREAM if seat in self.person_side() else MUTED, (rect.left, y)) + 4
        return y

    def lost_bars(self) -> list[Bar]:
        """The chart's bars: the points the person's side lost, by hand (a bar opens that hand's replay)."""
        return lost_bars([self.figures_of(seat) for seat in self.person_side()], self.hands)

    def _chart(self, surface: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font,
               bars: list[Bar]) -> list[tuple[pygame.Rect, int]]:
        plot = draw_bar_chart(surface, rect, font, bars, low=0, title="Points your side lost, by hand")
        found: list[tuple[pygame.Rect, int]] = []
        if bars:
            slot = plot.w / max(len(bars), 1)
            for i, bar in enumerate(bars):
                found.append((pygame.Rect(round(plot.left + i * slot), plot.top, max(1, round(slot)),
                                          plot.h + font.get_linesize()), int(bar.label)))
        return found

    def draw_decisions(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.app.fonts
        heading = draw_text(surface, fonts.get(LEAD, bold=True), costliest_title(PERSON), GOLD, topleft=rect.topleft)
        worst = self.costliest()
        self.decision_rects = []
        self.words_cut = 0  # decisions whose words did not fit whole (the layout tests look)
        font, bold = fonts.get(SMALL), fonts.get(SMALL, bold=True)
        y = heading.bottom + 8
        if not worst:
            none = ("None so far." if not self.reviewer.done
                    else "None: no decision gave away points beyond the checker's noise.")
            draw_text(surface, font, none, MUTED, topleft=(rect.left, y))
            return
        room = (rect.bottom - y) // 3
        caption = fonts.get(CAPTION)
        heads = [(f"{where_text(decision)}  ·  {self.name(decision.seat)}",
                  f"{judgement.samples:,} deals · estimate ±{max(1, round(2 * judgement.noise))} points")
                 for decision, judgement in worst]
        bold, figures = heads_that_fit(fonts, heads, rect.w - 20 - 16)
        plain = fonts.at(1.0)  # the words beside the cards shrink back to 100%'s sizes before any is cut
        word_fonts = tuple(sorted({font, caption, plain.get(SMALL), plain.get(CAPTION)}, key=lambda f: -f.get_height()))
        card_h = room - 8 - (bold.get_linesize() + 10) - caption.get_linesize() - 10  # under the heading, labelled
        self.card_width = max(24, int(card_h / CARD_ASPECT))
        art = self.app.card_art(self.card_width)
        show_cards = self.faces_ready()  # (a few frames after the page opens: see ``warm_faces``)
        for decision, judgement in worst:
            box = pygame.Rect(rect.left, y, rect.w, room - 8)
            draw_panel(surface, box, PANEL_OPAQUE, QUIET_BORDER, 8)
            self.decision_rects.append((box, decision))
            x = box.left + 10
            head_text, detail = heads[len(self.decision_rects) - 1]
            head = draw_text(surface, bold, head_text, GOLD, topleft=(x, box.top + 6))
            draw_text(surface, figures, detail, NOTICE, topright=(box.right - 10, box.top + 6))
            # the position on the left (the trick so far, then the hand held: the card played framed in
            # red, the better one in green), the words on the right
            cards = pygame.Rect(x, head.bottom + 4, int(box.w * 0.42), art.height)
            cx = cards.left
            trick = decision.view.current_trick if show_cards else ()
            for seat, card in trick:
                surface.blit(art.face(card), (cx, cards.top))
                draw_text(surface, caption, self.name(seat), MUTED, midtop=(cx + art.width // 2, cards.bottom + 1))
                cx += art.width + 4
            if trick:
                cx += art.width // 3
            trump = decision.view.trump if decision.view.trump is not None else 3
            held = hand_order(cards_in(decision.view.hand or 0), trump) if show_cards else []  # as the table sorts it
            texts = [verdict_text(self.name(decision.seat), decision, judgement) + ".",
                     reason_text(judgement, person_side=True) + "."]
            # the hand overlapped to fit, but never so far that a card's corner index is hidden; where the
            # words beside it need more room, it closes up as far as that before any word is cut
            gaps = max(1, len(held) - 1)
            for reach in (cards.right, cx + art.width * (1 + 0.3 * gaps)):
                step = max(art.width * 0.3, min(art.width * 0.5, (reach - cx - art.width) / gaps))
                right = int(max(reach, cx + step * (len(held) - 1) + art.width)) + 16
                words = pygame.Rect(right, cards.top, box.right - 10 - right, box.bottom - cards.top)
                words_font, lines, whole = words_that_fit(texts, words, word_fonts)
                if whole:
                    break
            else:
                self.words_cut += 1
            spots = {card: (int(cx + i * step), cards.top) for i, card in enumerate(held)}
            for card, spot in spots.items():
                surface.blit(art.face(card), spot)
            for card, colour in ((judgement.best, MADE), (judgement.chosen, NEGATIVE)):  # on top, framed
                if card in spots:
                    surface.blit(art.face(card), spots[card])
                    frame_winner(surface, pygame.Rect(spots[card], (art.width, art.height)), colour)
            draw_lines(surface, words_font, lines, CREAM, words.topleft)
            y = box.bottom + 8
