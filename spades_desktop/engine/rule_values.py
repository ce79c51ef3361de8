"""The enumerated values of the house rules (docs/RULES.md section 3 and 6).

They are ``StrEnum`` members: each compares equal to the string the files hold ("auction" ==
Mode.AUCTION), and ``json`` writes them as those strings, so settings, saves and hand records keep
exactly the text they always had.
"""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    PARTNERSHIP = "partnership"
    CUTTHROAT = "cutthroat"
    TWO_PLAYER = "two_player"
    AUCTION = "auction"
    THREE_PLAYER = "three_player"


class BiddingStyle(StrEnum):
    STANDARD = "standard"
    WHIZ = "whiz"
    MIRROR = "mirror"
    SUICIDE = "suicide"


class Deck(StrEnum):
    STANDARD = "standard"
    JOKERS = "jokers"
    JOKERS_DEUCES = "jokers_deuces"


class FirstLead(StrEnum):
    LEFT_OF_DEALER = "left_of_dealer"
    TWO_OF_CLUBS = "two_of_clubs"


class SpadesLead(StrEnum):
    BROKEN = "broken"
    ANY_TIME = "any_time"


class Undo(StrEnum):
    OFF = "off"
    LAST_CARD = "last_card"
    UNLIMITED = "unlimited"


ALL_MODES: tuple[Mode, ...] = tuple(Mode)

# The modes each value of a docs/RULES.md section-6 variant plays in; in the other modes the variant is
# not in force (the first value is played instead).  The rule table's records hold them
# (``RuleSpec.value_modes``); they are here so that the deck below the table can ask them too.
DECK_MODES: dict[Deck, tuple[Mode, ...]] = {
    Deck.STANDARD: ALL_MODES,
    Deck.JOKERS: (Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.THREE_PLAYER),
    Deck.JOKERS_DEUCES: (Mode.PARTNERSHIP, Mode.CUTTHROAT),
}
BIDDING_MODES: dict[BiddingStyle, tuple[Mode, ...]] = {
    BiddingStyle.STANDARD: ALL_MODES,
    BiddingStyle.WHIZ: (Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.TWO_PLAYER, Mode.THREE_PLAYER),
    BiddingStyle.MIRROR: (Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.TWO_PLAYER, Mode.THREE_PLAYER),
    BiddingStyle.SUICIDE: (Mode.PARTNERSHIP,),
}
EXCHANGE_MODES: dict[int, tuple[Mode, ...]] = {n: (Mode.PARTNERSHIP,) if n else ALL_MODES for n in (0, 1, 2, 3)}
