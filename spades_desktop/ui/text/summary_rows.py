"""The rows of the hand summary and the game summary, per side (no pygame)."""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.scoring import SideBreakdown
from ...engine.seats import Seat
from ...engine.state import GameState
from .words import seat_name, side_name


def breakdown_rows(breakdown: Mapping[str, SideBreakdown], names: dict[str, str]) -> list[list[str]]:
    rows = [["", *[side_name(s, names) for s in breakdown]]]
    parts = [
        ("Contract", lambda b: "-" if b.made is None else str(b.contract)),
        ("Tricks", lambda b: str(b.tricks)),
        ("Made / set", lambda b: f"{b.contract_points:+d}" if b.made is not None else "-"),
        ("Bonus", lambda b: f"{b.bonus:+d}" if b.bonus else ""),
        ("Bags", lambda b: f"{b.bags} (+{b.bag_points})" if b.bags else "0"),
        ("Nil", lambda b: ", ".join(f"{seat_name(n.seat, names)} {'blind nil' if n.blind else 'nil'} {n.points:+d}"
                                    for n in b.nils)),
        ("Defence", lambda b: f"{b.defence_points:+d}" if b.defence_points else ""),
        ("Bag penalty", lambda b: f"{b.penalty:+d}" if b.penalty else ""),
        ("Hand total", lambda b: f"{b.total:+d}"),
        ("Score", lambda b: str(b.score_after)),
        ("Bags held", lambda b: str(b.bags_after)),
    ]
    for label, fn in parts:
        cells = [fn(b) for b in breakdown.values()]
        if any(cells):
            rows.append([label, *cells])
    return rows


def game_summary_rows(state: GameState, names: dict[str, str], winner: str | None = None) -> list[list[str]]:
    """The game in numbers per side, in seat order with the person's side first (the same columns
    as at the table and on the score sheet); the winner is marked."""
    sides = list(state.sides)
    if Seat.S in state.seats:
        mine = state.side_of_seat(Seat.S)
        sides.sort(key=lambda side: side != mine)
    rows = [["", *[side_name(side, names) + (" (winner)" if side == winner else "") for side in sides]]]
    history = state.hand_history

    def count(side: str, test) -> int:
        return sum(1 for result in history if test(result.breakdown[side]))

    def nils(side: str) -> str:
        results = [n for result in history for n in result.breakdown[side].nils]
        return f"{sum(n.made for n in results)} of {len(results)}" if results else "-"

    rows.append(["Final score", *[str(state.scores[side]) for side in sides]])
    rows.append(["Hands", *[str(len(history)) for _ in sides]])
    rows.append(["Contracts made", *[str(count(side, lambda b: b.made is True)) for side in sides]])
    rows.append(["Contracts set", *[str(count(side, lambda b: b.made is False)) for side in sides]])
    rows.append(["Nils made", *[nils(side) for side in sides]])
    rows.append(["Bags taken", *[str(sum(r.breakdown[side].bags for r in history)) for side in sides]])
    rows.append(["Bag penalties", *[str(sum(r.breakdown[side].penalty for r in history)) for side in sides]])
    return rows
