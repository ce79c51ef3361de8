"""The enumerated values of the house rules (RULES.md section 3 and 6).

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
