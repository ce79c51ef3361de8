"""Constructed deals whose trick counts are known in advance, shared by the scoring,
house-rule and check-hand tests.

* DEAL_Y (dealer W, North leads): with PLAYS_Y North takes 8 tricks, East 3, South 0, West 2
  (NS 8, EW 5).  Trick by trick, the winner is noted beside each trick.
* DEAL_X: North holds all the spades, East all the hearts, South all the diamonds, West all the
  clubs.  With spades trump North wins every trick (13-0-0-0).
* DEAL_T2 (two-player, dealer N so South bids first and leads): South takes 7, North 6.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
ORDER = "NESW"


def hand(text: str) -> list[str]:
    return text.split()


def plays_of(tricks: list[tuple[str, str]], order: str = ORDER) -> list[list[str]]:
    """[seat, card] pairs in play order from (leader, "cards from the leader") tricks."""
    out = []
    for leader, cards in tricks:
        i = order.index(leader)
        for k, card in enumerate(cards.split()):
            out.append([order[(i + k) % len(order)], card])
    return out


DEAL_Y = {
    "N": hand("AC KC QC 2C AD 3D 2D AH KH 2H AS KS 3S"),
    "E": hand("5C 4C 3C KD QD 5D 4D 7H 6H 5H QS 5S 4S"),
    "S": hand("8C 7C 6C 8D 7D 6D JH TH 9H 8H 8S 7S 6S"),
    "W": hand("JC TC 9C JD TD 9D QH 4H 3H JS TS 9S 2S"),
}
# (leader, cards in play order from the leader); winner in the comment
TRICKS_Y = [
    ("N", "AC 3C 6C 9C"),  # N
    ("N", "KC 4C 7C TC"),  # N
    ("N", "QC 5C 8C JC"),  # N
    ("N", "2D KD 6D 9D"),  # E
    ("E", "QD 7D TD 3D"),  # E
    ("E", "4D 8D JD AD"),  # N
    ("N", "2H 5H 8H QH"),  # W
    ("W", "3H AH 6H 9H"),  # N
    ("N", "KH 7H TH 4H"),  # N
    ("N", "2C 5D JH 2S"),  # W ruffs: spades broken
    ("W", "9S AS 4S 6S"),  # N
    ("N", "KS 5S 7S TS"),  # N
    ("N", "3S QS 8S JS"),  # E
]
PLAYS_Y = plays_of(TRICKS_Y)

DEAL_X = {
    "N": [r + "S" for r in RANKS],
    "E": [r + "H" for r in RANKS],
    "S": [r + "D" for r in RANKS],
    "W": [r + "C" for r in RANKS],
}
PLAYS_X = plays_of([("N", f"{r}S {r}H {r}D {r}C") for r in RANKS])  # North leads and wins every trick

DEAL_T2 = {
    "N": hand("2C 3C 4C 5C 6C 7C 8H 9H TH JH QH KH AH"),
    "S": hand("8C 9C TC JC QC KC AC 2H 3H 4H 5H 6H 7H"),
}
TRICKS_T2 = [("S", "AC 2C"), ("S", "KC 3C"), ("S", "QC 4C"), ("S", "JC 5C"), ("S", "TC 6C"), ("S", "9C 7C"),
             ("S", "8C 8H"),  # North is out of clubs: South still wins (7 for South)
             ("S", "2H 9H"), ("N", "TH 3H"), ("N", "JH 4H"), ("N", "QH 5H"), ("N", "KH 6H"), ("N", "AH 7H")]
PLAYS_T2 = plays_of(TRICKS_T2, order="NS")
