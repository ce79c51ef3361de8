"""Deal codes: a short text that names one deal, the same cards on every machine and in every
later version of the game (docs/RULES.md, "Deal codes").

A code is ten characters in two groups of five, ``158W0-30E8C``: the deal format's version, eight
characters of what the deal is, and a check character.  The alphabet has no look-alikes: digits
and capitals without I, L, O and U (Crockford's base 32), so a code read aloud or copied by hand
is typed as it was read.  What the eight carry (40 bits, the highest first):

    mode (3 bits) | deck (2) | dealer (2) | hand number (6) | seed (24) | 3 bits, zero

The cards are those hand ``hand number`` of a game of that ``seed`` is dealt in that mode with
that deck (``GameState.new_game(rules, seed, hand, dealer)``; the engine's shuffle is a standard
digest, the same on every platform).  A deal format is never changed once released: a new way of
dealing is a new version, and this module keeps reading the old ones.  The check character is
Luhn's algorithm over base 32: every single mistyped character, and most swapped neighbours,
fail it.  The other house rules are not in the code: a deal is played under the player's own
rules, with the mode and the deck the code names.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card_id, cards_of
from .hand_result import HandResult
from .rule_values import Deck, Mode
from .rules import HouseRules
from .seats import Seat
from .state import MAX_FIRST_HAND, GameState

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: the letters left out, and what a reader most likely meant by each
LOOK_ALIKES = {"O": "0", "I": "1", "L": "1", "U": "V"}
#: the deal format this version writes; it reads every one up to it
FORMAT_VERSION = 1
LENGTH = 10
SEED_BITS = 24
#: the seeds a code can carry: the games the app deals draw their seeds from these
SEEDS = range(1 << SEED_BITS)
MODES = (Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.TWO_PLAYER, Mode.AUCTION, Mode.THREE_PLAYER)
DECKS = (Deck.STANDARD, Deck.JOKERS, Deck.JOKERS_DEUCES)
DEALERS = (Seat.N, Seat.E, Seat.S, Seat.W)
EXAMPLE = "158W0-30E8C"  # (a real code: cutthroat with jokers, hand 7)


class DealCodeError(ValueError):
    """A text that is not a deal code this version can deal, with the reason in a player's words."""


@dataclass(frozen=True)
class DealCode:
    """What a code names: the deal of hand ``hand`` of a game of ``seed``, in ``mode`` with ``deck``,
    dealt by ``dealer``."""

    mode: Mode
    deck: Deck
    dealer: Seat
    hand: int
    seed: int

    def text(self) -> str:
        """The code as a player reads it: '1K7Q4-M2X9B'."""
        payload = (((MODES.index(self.mode) << 2 | DECKS.index(self.deck)) << 2 | DEALERS.index(self.dealer)) << 6
                   | self.hand) << SEED_BITS | self.seed
        payload <<= 3
        symbols = [FORMAT_VERSION] + [(payload >> (5 * (7 - i))) & 31 for i in range(8)]
        symbols.append(_check_symbol(symbols))
        text = "".join(ALPHABET[v] for v in symbols)
        return f"{text[:5]}-{text[5:]}"

    def rules(self, base: HouseRules) -> HouseRules:
        """``base`` with the code's mode and deck: the rules the deal is played under."""
        return base.with_changes(mode=self.mode.value, deck=self.deck.value)

    def deal(self, base: HouseRules) -> GameState:
        """The game that opens with this deal, under ``base`` with the code's mode and deck."""
        return GameState.new_game(self.rules(base), self.seed, self.hand, self.dealer)[0]


def code_of_hand(state: GameState) -> DealCode | None:
    """The code of the hand ``state`` is in, or None where no code names it: a seed wider than a
    code carries (games from before deal codes, or a ``--seed`` given by hand), a hand past the
    63rd, or a deal again after everyone passed."""
    if state.seed not in SEEDS or not 1 <= state.hand_number <= MAX_FIRST_HAND or state.redeals:
        return None
    try:
        mode, deck = Mode(state.rules.mode), Deck(state.rules.deck_in_force)
    except ValueError:
        return None
    return DealCode(mode, deck, state.dealer, state.hand_number, state.seed)


def code_of_result(state: GameState, result: HandResult) -> DealCode | None:
    """The code of a scored hand of ``state``'s game (the hand summary's, a hand record's), or None
    where no code names it (as ``code_of_hand``; an auction's hand dealt again after four passes
    is found by its cards, which are not the first deal's)."""
    if state.seed not in SEEDS or not 1 <= result.hand_number <= MAX_FIRST_HAND:
        return None
    try:
        mode, deck = Mode(state.rules.mode), Deck(state.rules.deck_in_force)
    except ValueError:
        return None
    code = DealCode(mode, deck, result.dealer, result.hand_number, state.seed)
    if state.is_auction:
        dealt = code.deal(state.rules)
        if any(dealt.hands[seat] != result.hands[seat] for seat in state.seats):
            return None
    return code


def hand_codes(state: GameState) -> dict[int, str]:
    """Each scored hand's code by its number (the hands no code names left out)."""
    return {r.hand_number: code.text() for r in state.hand_history if (code := code_of_result(state, r)) is not None}


def parse_code(text: str) -> DealCode:
    """The deal a typed code names; DealCodeError says why a text is not one (wrong length, a
    character not used, the check fails, a newer version's code, a deal that cannot be)."""
    cleaned = "".join(text.split()).replace("-", "").upper()
    if not cleaned:
        raise DealCodeError(f"type a deal code: {LENGTH} characters like {EXAMPLE}")
    for ch in cleaned:
        if ch in LOOK_ALIKES:
            raise DealCodeError(f"{ch} is not used in deal codes: did you mean {LOOK_ALIKES[ch]}?")
        if ch not in ALPHABET:
            shown = ch if ch.isprintable() else repr(ch)
            raise DealCodeError(f"{shown} is not used in deal codes (only digits and letters, like {EXAMPLE})")
    if len(cleaned) != LENGTH:
        raise DealCodeError(f"a deal code has {LENGTH} characters, like {EXAMPLE}; this one has {len(cleaned)}")
    symbols = [ALPHABET.index(ch) for ch in cleaned]
    if _check_symbol(symbols[:-1]) != symbols[-1]:
        raise DealCodeError("the code's check fails: a character is mistyped (or two are swapped)")
    version = symbols[0]
    if version > FORMAT_VERSION:
        raise DealCodeError(f"this code is from a newer version of Spades Desktop (deal format {version}); "
                            f"this one reads format {FORMAT_VERSION}: update the game to play it")
    if version < 1:
        raise DealCodeError("this is not a deal code (its first character is never 0)")
    payload = 0
    for value in symbols[1:9]:
        payload = payload << 5 | value
    if payload & 7:
        raise DealCodeError("this is not a deal code of any version of the game")
    payload >>= 3
    seed = payload & ((1 << SEED_BITS) - 1)
    payload >>= SEED_BITS
    hand, payload = payload & 63, payload >> 6
    dealer, payload = payload & 3, payload >> 2
    deck, mode = payload & 3, payload >> 2
    if mode >= len(MODES) or deck >= len(DECKS) or not 1 <= hand <= MAX_FIRST_HAND:
        raise DealCodeError("this is not a deal code of any version of the game")
    code = DealCode(MODES[mode], DECKS[deck], DEALERS[dealer], hand, seed)
    probe = GameState(code.rules(HouseRules()), seed)
    if code.dealer not in probe.seats or Deck(probe.rules.deck_in_force) != code.deck:
        raise DealCodeError("this is not a deal code of any version of the game")
    return code


def hands_text(state: GameState) -> list[str]:
    """The deal's cards a line a seat ('North: AS KS 7S · QH ...'), or, in two-player, the stock
    in the order the draw offers it."""
    if state.is_two:
        stock = [card_id(c) for c in state.stock]
        return [f"Stock, first card first: {' '.join(stock[:26])}", f"  then: {' '.join(stock[26:])}"]
    names = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
    return [f"{names[seat]}: {' '.join(card_id(c) for c in sorted(cards_of(state.hands[seat]), reverse=True))}"
            for seat in state.seats]


def _check_symbol(symbols: list[int]) -> int:
    """Luhn's check over base 32: the symbol that makes the weighted sum of all a multiple of 32."""
    total = 0
    for i, value in enumerate(reversed(symbols)):
        addend = value * 2 if i % 2 == 0 else value
        total += addend // 32 + addend % 32
    return (32 - total % 32) % 32
