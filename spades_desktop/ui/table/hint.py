"""The hint at the table (issue 38): H asks the judge for the person's position (``Advisor``, in
the worker processes), the hint key shows a thinking mark until the judgement is in, then the judge's
best choice is outlined and said ("Hint: the 3 of spades (3S)", "Bid 3: your ace and king of clubs
should win, ...").  Where the judge weighs nothing (a forced card, the auction's calls, a draw) the
normal level's choice is given at once.  No pygame: it works through the table's own methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...ai.judge import Assessment
from ...engine import actions as A
from ...engine.rule_values import BiddingStyle
from ...engine.state import Phase
from ...session.advice import position_key
from ..text.hint_words import bid_hint
from ..text.variants import card_words, style_reason

if TYPE_CHECKING:
    from ...session.advice import Advisor
    from ...session.controller import GameController
    from ...session.files import Settings
    from .view import TableView


class HintTable(Protocol):
    """What the hint uses of the table (the table scene; this module does not import it)."""

    ctl: GameController
    advisor: Advisor
    view: TableView
    hinted: int | None
    selected: int
    message: str  # the line the table shows (a hint's words among others)

    @property
    def settings(self) -> Settings: ...

    def flash(self, text: str, seconds: float = 2.6) -> None: ...


class TableHint:
    """The hint asked for (``asked``: the position being thought about) and how long it has been."""

    def __init__(self, table: HintTable) -> None:
        self.table = table
        self.asked: int | None = None
        self.time = 0.0  # seconds the hint asked for has been thought about (the mark's dots move)
        self.said = ""  # the hint's words as the table shows them (gone once the person acts)

    @property
    def thinking(self) -> bool:
        return self.table.advisor.pending(self.asked)

    def ask(self) -> None:
        table = self.table
        if not table.settings.hints:
            table.flash("Hints are off (Settings)")
            return
        ctl = table.ctl
        if not ctl.human_turn() or ctl.human is None:
            table.flash("A hint is given when it is your turn")
            return
        self.asked = table.advisor.ask(ctl.state, ctl.human)
        self.time = 0.0
        if self.asked is None:
            action = ctl.hint()
            if action is not None:
                self.show(action, None)
            return
        self._show_if_ready()

    def step(self, dt: float) -> bool:
        """Once a frame: the hint shown once its position is judged; True if the table changed
        (the hint came, or the thinking mark's dots move)."""
        if self.asked is None:
            return False
        self.time += dt
        return self._show_if_ready() or self.thinking

    def _show_if_ready(self) -> bool:
        """Show the hint asked for once its position is judged; forget it once the position has
        changed (the person acted, an undo).  True if something changed on the table."""
        ctl = self.table.ctl
        if self.asked is None:
            return False
        if not ctl.human_turn() or position_key(ctl.state) != self.asked:
            self.asked = None
            return True
        found = self.table.advisor.known_for(self.asked)
        if found is None:
            return False
        self.asked = None
        self.show(found.best, found)
        return True

    def show(self, action: int, found: Assessment | None) -> None:
        """Outline ``action`` and say why (``found``: the judge's judgement behind it)."""
        table = self.table
        table.hinted = action
        st = table.ctl.state
        human = table.ctl.human
        assert human is not None
        text = A.action_text(action)
        if A.is_bid(action) and st.phase is Phase.BIDDING and not st.is_auction:
            words = "nil" if action == A.NIL else str(A.bid_value(action))
            if st.bidding in (BiddingStyle.WHIZ, BiddingStyle.MIRROR):  # the spade count decides, not the count line
                text = f"Bid {words} ({style_reason(st, human, action)})"
            else:
                text = bid_hint(st.view(human), action, None if found is None else found.samples)
                if st.bidding == BiddingStyle.SUICIDE:
                    text = f"Suicide: {text}"
            table.flash(text, 6.0)
            self.said = table.message
            return
        if A.is_card(action):
            cards = table.view.hands.get(human, [])
            if action in cards:
                table.selected = cards.index(action)
            text = card_words(action)
        table.flash(f"Hint: {text}")
        self.said = table.message


    def acted(self) -> None:
        """The person acted: the hint's words leave the table (the bid hint's stayed into the play)."""
        if self.said and self.table.message == self.said:
            self.table.message = ""
        self.said = ""
