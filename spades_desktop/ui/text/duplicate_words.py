"""What the duplicate score says (issue 56), without pygame: your hands beside the same hands played
by the computer with your cards (the review's "Against the computer", and the daily deal's par),
hand by hand, the total ('+23 over par'), and the hand where the two differ most with your
costliest decision there.  The page is a list page (``list_page``) the one list scene draws."""

from __future__ import annotations

from ...ai.judge import Judgement
from ...engine.words import plural
from ...session.duplicate import Comparison, HandComparison, total_words
from ...session.review import Decision
from .list_page import Column, ListPage, Row
from .review_words import verdict_text, where_text

DUPLICATE_TITLE = "Against the computer"
#: what the page says of itself, under its title
DUPLICATE_ABOUT = ("Your bids and cards against the hard computer player's with your cards,"
                   " beside the same partner and opponents")
PAR_FAILED_TEXT = "The computer's game could not be played, so there is no comparison"
PAR_CANCELLED_TEXT = "The computer's game was stopped"
NO_PAR_TEXT = "This game has no hand the computer can play again (none finished, or its cards came from a record)"

COLUMNS = (
    Column("Your bid", "Bid", "your bid", strong=True),
    Column("Tricks", "Tk", "tricks taken"),
    Column("Points", "Pts", "your side's points in the hand", losses=True),
    Column("Computer's bid", "CBid", "the computer's bid with your cards", strong=True),
    Column("Tricks", "CTk", "the computer's tricks"),
    Column("Points", "CPts", "the computer's side's points", losses=True),
    Column("Difference", "Diff", "your points less the computer's", strong=True, losses=True),
)
LEAD = Column("Hand", "#")


def signed(points: int) -> str:
    """'+23', '-31', '0'."""
    return f"+{points}" if points > 0 else str(points)


def comparison_row(hand: HandComparison) -> Row:
    yours, par = hand.yours, hand.par
    return Row(str(hand.hand), {"": (yours.bid, str(yours.tricks), str(yours.points),
                                    par.bid, str(par.tricks), str(par.points), signed(hand.difference))})


def total_row(comparison: Comparison) -> Row:
    return Row("All", {"": ("", "", str(comparison.yours), "", "", str(comparison.par), signed(comparison.total))})


def par_progress_text(done: int, total: int) -> str:
    """'The computer is playing hand 3 of 4 with your cards'."""
    return f"The computer is playing hand {min(done + 1, total)} of {total} with your cards"


def duplicate_page(comparison: Comparison | None, waiting: str = "") -> ListPage:
    """The page: a row a hand and a total row; while the par is played (``comparison`` None) no rows,
    ``waiting`` in their place."""
    rows = () if comparison is None else (*map(comparison_row, comparison.hands), total_row(comparison))
    return ListPage(DUPLICATE_TITLE, COLUMNS, rows, lead=LEAD, empty=waiting, counted="Hands")


def total_line(comparison: Comparison) -> str:
    """'You 312, the computer 289 with your cards: +23 over par'."""
    return (f"You {comparison.yours}, the computer {comparison.par} with your cards over "
            f"{plural(len(comparison.hands), 'hand')}: {total_words(comparison.total)}")


def widest_text(hand: HandComparison | None) -> str:
    """'Hand 3 differs most: the computer scored 40 points more with your cards'."""
    if hand is None:
        return "You and the computer scored the same in every hand"
    more = "you" if hand.difference > 0 else "the computer"
    return f"Hand {hand.hand} differs most: {more} scored {plural(abs(hand.difference), 'point')} more"


def moment_text(decision: Decision, judgement: Judgement) -> str:
    """'Your costliest decision there: hand 3, trick 5. You played AS; 2D was better, about 40 points'."""
    where = where_text(decision)
    return f"Your costliest decision there: {where[:1].lower()}{where[1:]}. {verdict_text('You', decision, judgement)}"


def no_moment_text(hand: int, judged: bool) -> str:
    """Where the hand has no decision to show: not judged yet, or none of yours was costly."""
    if not judged:
        return f"The review is still judging hand {hand}: your costliest decision there shows when it is done"
    return f"The review found no costly decision of yours in hand {hand}"


def unplayed_text(yours: list[int], compared: list[int]) -> str:
    """The hands of your game the computer's did not reach (its game ended sooner), or ""."""
    missing = [hand for hand in yours if hand not in compared]
    if not missing:
        return ""
    if len(missing) == 1:
        return f"The computer's game ended before your hand {missing[0]}: it is not compared"
    return f"The computer's game ended before your hands {', '.join(map(str, missing))}: they are not compared"
