"""What the game review says (issue 27), without pygame: the review page, the exported file and
``spades-desktop review SAVEFILE`` all read these.

A decision is named by where it was ("Hand 3, trick 12"), what was played and what was better
("You trumped with AS; 2D was better, about 220 points"), and why, from what each choice led to in
the same sampled deals ("2D makes your side's contract in 100% of 3,217 deals like this one, AS
in 0%").  Figures are the checker's estimates from the seat's view at the time, never from cards
it could not see; the sample counts say how many deals they rest on.
"""

from __future__ import annotations

from ...ai.judge import Judgement
from ...engine import actions as A
from ...engine.cards import cards_of
from ...engine.seats import Seat
from ...engine.state import GameState
from ...engine.words import card_short, plural
from ...session.review import Decision, SeatFigures
from .words import action_bid_text

#: a difference in a share of deals worth naming as the reason (ten points of a hundred)
TELLING_SHARE = 0.10
#: a difference in the side's average tricks worth naming
TELLING_TRICKS = 0.3
#: a difference in the chance of winning the game worth naming (one point of a hundred: the judge's
#: 7 points, a game's worth at its start being about 714)
TELLING_CHANCE = 0.01


def review_title(state: GameState, name: str = "") -> str:
    """The line under the page's title: 'Evening game · Partnership to 500 · 11 hands'."""
    from .variants import mode_title

    hands = len(state.hand_history)
    parts = [name] if name else []
    return "  ·  ".join([*parts, mode_title(state.rules), plural(hands, "hand")])


def choice_text(action: int) -> str:
    """'AS' for a card, 'bidding 4' for a bid, 'nil'."""
    if A.is_card(action):
        return card_short(action)
    words = action_bid_text(action)
    return words if words in ("nil", "blind nil") else f"bidding {words}"


def where_text(decision: Decision) -> str:
    """'Hand 3, trick 12' or 'Hand 3, the bidding'."""
    if decision.trick == 0:
        return f"Hand {decision.hand}, the bidding"
    return f"Hand {decision.hand}, trick {decision.trick}"


def points_text(points: float) -> str:
    return plural(max(1, round(points)), "point")


def verdict_text(name: str, decision: Decision, judgement: Judgement) -> str:
    """'You played AS; 2D was better, about 220 points' (``name``: the seat's name)."""
    verb = "bid" if decision.trick == 0 else "played"
    chosen = choice_text(judgement.chosen).removeprefix("bidding ")
    return f"{name} {verb} {chosen}; {choice_text(judgement.best)} was better, about {points_text(judgement.loss)}"


def _share(value: float) -> str:
    return f"{round(100 * value)}%"


def reason_text(judgement: Judgement, person_side: bool = True) -> str:
    """Why the better choice was better, in one sentence: the clearest difference in its favour
    between what the two led to in the same deals (the side's nil kept, its contract made, the
    rivals set, more tricks, or fewer when the extra ones were only bags), else the points; first of
    all the game, where it chose against the hand's points (``_game_reason``)."""
    better, worse = choice_text(judgement.best), choice_text(judgement.chosen)
    b, w = judgement.best_prospect, judgement.chosen_prospect
    deals = f"{judgement.samples:,} deals like this one"
    side = "your side" if person_side else "the side"
    differences: list[tuple[float, str]] = []

    def add(best: float | None, chosen: float | None, words: str) -> None:
        if best is not None and chosen is not None and best - chosen >= TELLING_SHARE:
            words = f"{better} {words} in {_share(best)} of {deals}, {worse} in {_share(chosen)}"
            differences.append((best - chosen, words))

    game = _game_reason(judgement, side, deals)
    if game:
        return _capital(game)
    add(b.nils, w.nils, f"keeps {side}'s nil")
    add(b.contract, w.contract, f"makes {side}'s contract")
    add(b.set_rivals, w.set_rivals, "sets the opponents")
    if differences:
        return _capital(max(differences, key=lambda d: d[0])[1])
    if w.nils is not None and b.nils is None and w.nils <= 1 - TELLING_SHARE:
        # a nil bid where the better bid is a number: how often the nil held is the reason
        return _capital(f"{worse} holds in only {_share(w.nils)} of {deals}")
    tricks = (f"{better} gives {side} {b.tricks:.1f} tricks on average over {deals},"
              f" against {w.tricks:.1f} with {worse}")
    if b.tricks - w.tricks >= TELLING_TRICKS:
        return _capital(tricks)
    if w.tricks - b.tricks >= TELLING_TRICKS:
        return _capital(f"{tricks}: the extra tricks were only bags")
    return _capital(f"{better} scores {points_text(b.points - w.points)} more on average over {deals}")


def _game_reason(judgement: Judgement, side: str, deals: str) -> str:
    """Where the game decided it, said so: the better choice gives the side the better chance of
    winning the game though the worse one scores as many points in the hand or more (a safe bid far
    ahead, a nil far behind, bags taken to set a side near the target).  Empty elsewhere."""
    b, w = judgement.best_prospect, judgement.chosen_prospect
    if b.won is None or w.won is None or b.margin is None or w.margin is None:
        return ""
    if b.won - w.won < TELLING_CHANCE or b.margin > w.margin:
        return ""
    better, worse = choice_text(judgement.best), choice_text(judgement.chosen)
    return (f"{better} gives {side} a {_share(b.won)} chance to win the game over {deals}, {worse} {_share(w.won)}"
            f", though {worse} scores as much in the hand")


def _capital(sentence: str) -> str:
    """A sentence that starts with a choice ('nil', 'bidding 3') starts with a capital."""
    return sentence[:1].upper() + sentence[1:]


def accuracy_text(figures: SeatFigures) -> str:
    """'92% (48 of 52 decisions)' or 'no decision with a choice'."""
    if figures.accuracy is None:
        return "no decision with a choice"
    return f"{round(100 * figures.accuracy)}% ({figures.agreed} of {plural(figures.judged, 'decision')})"


def seat_line(name: str, figures: SeatFigures) -> str:
    """One seat's row: 'You: accuracy 92% (48 of 52 decisions), about 35 points lost to mistakes'."""
    if figures.accuracy is None:
        return f"{name}: no decision with a choice"
    lost = figures.points_lost
    cost = "no points lost to mistakes" if lost < 0.5 else f"about {points_text(lost)} lost to mistakes"
    return f"{name}: accuracy {accuracy_text(figures)}, {cost}"


#: whose decisions the progress bar says are under way (the person's are judged first)
#: what the review says where no hand of the game has been played to the end (it judges finished hands only)
NO_HAND_ENDED = "No hand of this game has been played to the end yet"

YOURS = "your decisions"
OTHERS = "the other seats' decisions"


def progress_text(hand: int, hands: int, whose: str = "") -> str:
    """The progress bar's words: 'Reviewing hand 4 of 11', and whose decisions when the review goes
    through one seat's first ('Reviewing hand 4 of 11: your decisions')."""
    return f"Reviewing hand {hand} of {hands}" + (f": {whose}" if whose else "")


def reviewed_text(hands: int, judged: int) -> str:
    """Where the progress bar was, once the review is finished: 'All 11 hands reviewed: 212 decisions judged'."""
    hand_words = "the hand" if hands == 1 else f"all {hands} hands"
    decision_words = "1 decision" if judged == 1 else f"{judged:,} decisions"
    return f"{hand_words[0].upper()}{hand_words[1:]} reviewed: {decision_words} judged"


def summary_lines(title: str, names: dict[Seat, str], seats: list[Seat], seat_figures: dict[Seat, SeatFigures],
                  costliest: list[tuple[Decision, Judgement]], person: Seat | None,
                  hand_in_play: int | None = None) -> list[str]:
    """The review as Markdown: what the export writes and ``spades-desktop review`` prints
    (``hand_in_play``: the hand still being played, which it leaves out)."""
    lines = [f"# {title}", "", "The checker judged every bid and card with a choice, from what the seat could see",
             "at the time. Points lost are its estimates; a choice within its noise is never a mistake.", ""]
    if hand_in_play is not None:
        lines += [unreviewed_hand_text(hand_in_play) + ".", ""]
    lines.append("## Accuracy")
    lines.append("")
    for seat in seats:
        lines.append(f"- {seat_line(names[seat], seat_figures[seat])}")
    hands = sorted({h for f in seat_figures.values() for h in f.lost_by_hand})
    if hands:
        lines += ["", "## Points lost by hand", "", "| hand | " + " | ".join(names[s] for s in seats) + " |",
                  "|---:|" + "---:|" * len(seats)]
        for hand in hands:
            row = " | ".join(str(round(seat_figures[s].lost_by_hand.get(hand, 0.0))) for s in seats)
            lines.append(f"| {hand} | {row} |")
    lines += ["", f"## {costliest_title(person)}", ""]
    if not costliest:
        lines.append("None: no decision gave away points beyond the checker's noise.")
    for number, (decision, judgement) in enumerate(costliest, start=1):
        name = names[decision.seat]
        lines.append(f"{number}. **{where_text(decision)}.** {verdict_text(name, decision, judgement)}.")
        lines.append(f"   {reason_text(judgement, person_side=on_persons_side(decision, person))}.")
        lines.append(f"   {position_text(decision, names)}")
    return lines


def unreviewed_hand_text(hand: int) -> str:
    """Why a game in progress has a hand the review leaves out."""
    return f"Hand {hand} is still being played: it is reviewed once it ends"


def costliest_title(person: Seat | None) -> str:
    return "Your side's costliest decisions" if person is not None else "The costliest decisions"


def on_persons_side(decision: Decision, person: Seat | None) -> bool:
    """Whether the decision was the person's or their partner's ("your side" in the reason)."""
    view = decision.view
    return person is not None and person in view.sides[view.my_side]


def position_text(decision: Decision, names: dict[Seat, str]) -> str:
    """The position in words: the cards on the table and the hand held ('Table: North KC, East JD.
    Hand: AS 2D.')."""
    view = decision.view
    held = " ".join(card_short(c) for c in cards_of(view.hand or 0))
    if decision.trick == 0:
        return f"Hand held: {held}."
    table = ", ".join(f"{names[s]} {card_short(c)}" for s, c in view.current_trick)
    return f"Table: {table or 'nothing yet (the lead)'}. Hand held: {held}."
