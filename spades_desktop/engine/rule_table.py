"""The house rules: the value holding every option (``HouseRules``), and every rule as one record
(``RULE_SPECS``): its key, label, help, choices and their words, the modes it plays in, why it does
not apply under other rules, and its lines in How to play.

The keys, values and defaults are a contract shared with the settings file, saved games and hand
records, so they are spelled exactly as docs/RULES.md gives them.

Everything else is derived from ``RULE_SPECS``: the engine's validation and defaults, the settings
screen's rows and "not in force because" reasons, How to play's rule lines, and the presets.  So
adding a house rule means one record here and its effect where the engine scores or plays it.

The texts are the game's words for the rules (plain data, no pygame): the screens show them, the
engine never reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .decks import deck_for
from .rule_spec import RulesError, RuleSpec, Topic, Unless
from .rule_values import (
    ALL_MODES,
    BIDDING_MODES,
    DECK_MODES,
    EXCHANGE_MODES,
    BiddingStyle,
    Deck,
    FirstLead,
    Mode,
    SpadesLead,
    Undo,
)
from .words import plural

# members the engine's hot paths compare with, bound once (an enum member lookup costs ~100 ns)
_AUCTION = Mode.AUCTION
_THREE_PLAYER = Mode.THREE_PLAYER
_STANDARD_DECK = Deck.STANDARD
_STANDARD_BIDDING = BiddingStyle.STANDARD

# How the mode, the deck and the bidding style are named on screen: the words of their records
# below (their settings rows), which the other screens (mode titles, bid prompts, files) use too.
MODE_WORDS: dict[str, str] = {
    Mode.PARTNERSHIP: "Partnership", Mode.CUTTHROAT: "Cutthroat", Mode.TWO_PLAYER: "Two-player",
    Mode.AUCTION: "Auction", Mode.THREE_PLAYER: "Three-player",
}
DECK_WORDS: dict[str, str] = {Deck.STANDARD: "Standard", Deck.JOKERS: "Jokers",
                               Deck.JOKERS_DEUCES: "Jokers & deuces"}
BIDDING_WORDS: dict[str, str] = {s: s.value.capitalize() for s in BiddingStyle}
#: trump order from the top, per deck (docs/RULES.md section 6)
TRUMP_ORDER: dict[str, str] = {
    Deck.STANDARD: "AS, KS ... 2S",
    Deck.JOKERS: "Big Joker, Little Joker, AS, KS ... 2S",
    Deck.JOKERS_DEUCES: "Big Joker, Little Joker, 2D, 2S, AS, KS ... 3S",
}

def default_exchange(mode: str) -> int:
    """Blind-nil exchange default: three cards in two-player, none otherwise."""
    return 3 if mode == Mode.TWO_PLAYER else 0


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every house-rule option; validated on construction so a bad value never reaches play."""

    mode: Mode = Mode.PARTNERSHIP
    target_score: int = 500
    losing_score: int | None = None
    nil_allowed: bool = True
    nil_value: int = 100
    blind_nil_allowed: bool = True
    blind_nil_value: int = 200
    blind_nil_min_deficit: int = 0
    blind_nil_exchange: int | None = None  # None: the mode's default
    bag_limit: int = 10
    bag_penalty: int = 100
    bags_reset: bool = False
    failed_nil_counts_for_partner: bool = True
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    spades_lead: SpadesLead = SpadesLead.BROKEN
    min_team_bid: int = 0
    thirteen_bid_double: bool = False
    thirteen_bid_fail_bags: bool = False
    ten_for_two_hundred: bool = False
    undo: Undo = Undo.LAST_CARD
    deck: Deck = Deck.STANDARD
    bidding: BiddingStyle = BiddingStyle.STANDARD
    nil_exchange: int = 0
    all_tricks_bonus: int = 0  # Boston: 0 (off), 200 or 250

    def __post_init__(self) -> None:
        for spec in RULE_SPECS:
            value = getattr(self, spec.key)
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # JSON writers may turn 500 into 500.0
            elif spec.kind is not None and type(value) is str and value in spec.choices:
                value = spec.kind(value)  # the text a file holds becomes its enum member
            if value is not getattr(self, spec.key):
                object.__setattr__(self, spec.key, value)
            if spec.key == "blind_nil_exchange" and value is None and isinstance(self.mode, Mode):
                object.__setattr__(self, spec.key, default_exchange(self.mode))
                continue
            if not _value_allowed(spec, value):
                raise RulesError(spec.key, value, spec.allowed_text())

    # -- conveniences the engine reads in its hot paths -------------------------

    def in_force(self, key: str) -> object:
        """The value of a section-6 option as played: its default where the mode excludes it."""
        value = getattr(self, key)
        if self.mode in VARIANT_MODES[key][value]:
            return value
        return CHOICES[key][0]

    @property
    def deck_in_force(self) -> Deck:
        return self.deck if self.mode in DECK_MODES[self.deck] else _STANDARD_DECK

    @property
    def bidding_in_force(self) -> BiddingStyle:
        return self.bidding if self.mode in BIDDING_MODES[self.bidding] else _STANDARD_BIDDING

    @property
    def nil_exchange_in_force(self) -> int:
        return self.nil_exchange if self.mode in EXCHANGE_MODES[self.nil_exchange] else 0

    @property
    def tricks_per_hand(self) -> int:
        """17 with three players (17 cards each), 13 otherwise; also the "all tricks" bid."""
        return 17 if self.mode == _THREE_PLAYER else 13

    @property
    def nil_possible(self) -> bool:
        """Whiz, mirror and suicide are built on nil, so they bring it whatever nil_allowed says."""
        if self.mode == _AUCTION:
            return False
        return self.nil_allowed or self.bidding_in_force != _STANDARD_BIDDING

    @property
    def blind_nil_possible(self) -> bool:
        """Blind nil is a nil: it needs nil allowed too (no nil means every bid is at least one)."""
        return self.blind_nil_allowed and self.nil_allowed and self.mode != _AUCTION

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object, *, allow_unknown: bool = False) -> HouseRules:
        """Rules from a plain dict; missing keys take defaults, unknown keys are refused."""
        if not isinstance(data, dict):
            raise RulesError("rules", data, "an object of house-rule keys")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown and not allow_unknown:
            raise RulesError(unknown[0], data[unknown[0]], "a known house-rule key (see the rules document)")
        return cls(**{k: v for k, v in data.items() if k in known})

    def with_changes(self, **changes: Any) -> HouseRules:
        """A copy with some options changed.  Changing the mode moves the blind-nil
        exchange to the new mode's default if it was at the old mode's default."""
        if (
            "mode" in changes
            and "blind_nil_exchange" not in changes
            and self.blind_nil_exchange == default_exchange(self.mode)
        ):
            mode = changes["mode"].value if isinstance(changes["mode"], Mode) else changes["mode"]
            changes["blind_nil_exchange"] = default_exchange(mode) if mode in CHOICES["mode"] else None
        return replace(self, **changes)


def _value_allowed(spec: RuleSpec[HouseRules], value: object) -> bool:
    if spec.key in _BOOL_KEYS:
        return isinstance(value, bool)
    if isinstance(value, bool):  # True == 1 must not pass as a number
        return False
    if spec.kind is not None:
        return isinstance(value, spec.kind)
    if value is None:
        return None in spec.choices
    return value in spec.choices and type(value) is int


# ---------------------------------------------------------------- helpers for the records
def modes_words(modes: tuple[Mode, ...]) -> str:
    """'partnership, cutthroat and three-player'."""
    names = [MODE_WORDS[m].lower() for m in modes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _variant_limit(title: str, value_modes: Mapping[Any, tuple[Mode, ...]], default: Any) -> Unless[HouseRules]:
    """'Jokers decks: partnership, cutthroat and three-player only', when the mode plays no other value."""
    others = {m for v, modes in value_modes.items() if v != default for m in modes}
    played = tuple(m for m in ALL_MODES if m in others)
    text = f"{title}: {modes_words(played)} only"
    return Unless(lambda r: r.mode not in others, text)


_NO_NIL_IN_AUCTION: Unless[HouseRules] = Unless(lambda r: r.mode == Mode.AUCTION, "no nil in an auction")
_ONLY_PARTNERSHIP: Unless[HouseRules] = Unless(lambda r: r.mode != Mode.PARTNERSHIP, "only in partnership")
_BLIND_NIL_OFF: Unless[HouseRules] = Unless(lambda r: not r.blind_nil_possible, "blind nil is off")


def _first_club_words(rules: HouseRules) -> str:
    """'the two of clubs', or 'the 3 of clubs' when the deck in force has no 2 of clubs."""
    club = deck_for(rules.deck_in_force, rules.mode).lowest_club
    return "the two of clubs" if club == 0 else f"the {club % 13 + 2} of clubs"


def three_player_line(rules: HouseRules) -> str:
    """How to play's first line in three-player: who plays, which cards, what is bid."""
    out = "the 2 of clubs" if rules.deck_in_force == Deck.STANDARD else "the 2s of clubs, hearts and diamonds"
    return (f"Three players, each scoring alone: South, West and North (East's chair is empty); {out} out,"
            " 17 cards each, bids 0 to 17.")


def _explain_mode(r: HouseRules) -> list[str]:
    return {
        Mode.PARTNERSHIP: ["Four players in two sides: you (South) and North against East and West."],
        Mode.CUTTHROAT: ["Four players, each playing and scoring alone."],
        Mode.TWO_PLAYER: ["Two players. No deal: take turns drawing; keep the card shown (the next one goes out",
                          "unseen), or turn it down and keep the next."],
        Mode.THREE_PLAYER: [three_player_line(r)],
        Mode.AUCTION: ["Auction: partners bid for their side (7 to 13 tricks); the highest bidder names trump."],
    }[r.mode]


def _trump_word(r: HouseRules) -> str:
    return "the trump suit" if r.mode == Mode.AUCTION else "spades"


def _explain_spades_lead(r: HouseRules) -> list[str]:
    trump = _trump_word(r)
    if r.spades_lead == SpadesLead.BROKEN:
        return [f"{trump.capitalize()} may not be led until one has been played on another suit"
                f" (or you hold only {trump})."]
    return [f"{trump.capitalize()} may be led at any time after the first trick."]


def _explain_first_lead(r: HouseRules) -> list[str]:
    if r.first_lead == FirstLead.TWO_OF_CLUBS and r.mode in (Mode.PARTNERSHIP, Mode.CUTTHROAT, Mode.THREE_PLAYER):
        return [f"The holder of {_first_club_words(r)} leads it to the first trick."]
    if r.mode == Mode.TWO_PLAYER:
        return ["The player who did not draw first bids first and leads the first trick."]
    if r.mode == Mode.AUCTION:
        return ["The highest bidder leads the first trick."]
    return [f"The player left of the dealer leads first; never {_trump_word(r)} on the first lead"
            " unless that is all they hold."]


def _explain_deck(r: HouseRules) -> list[str]:
    deck = r.deck_in_force
    if deck == Deck.JOKERS:
        return ["Jokers deck: no 2 of hearts or 2 of diamonds; the Big and Little Joker are spades for"
                f" every rule. Trumps from the top: {TRUMP_ORDER[deck]}."]
    if deck == Deck.JOKERS_DEUCES:
        return ["Jokers & deuces: no 2 of clubs or 2 of hearts; both jokers and the 2 of diamonds are spades"
                f" for every rule. Trumps from the top: {TRUMP_ORDER[deck]}."]
    return []


def _explain_bidding(r: HouseRules) -> list[str]:
    style = r.bidding_in_force
    lines = {
        BiddingStyle.WHIZ: ["Whiz bidding: bid the number of spades you hold, or nil (no spade: nil)."],
        BiddingStyle.MIRROR: ["Mirror bidding: you bid the number of spades you hold (no spade: nil)."],
        BiddingStyle.SUICIDE: ["Suicide bidding: in each side one partner bids nil and the other 4 or more;"
                               " the first of the side to bid chooses."],
    }.get(style, [])
    if style != BiddingStyle.STANDARD and r.deck_in_force != Deck.STANDARD:
        lines = [*lines, "Jokers" + (" and the 2 of diamonds" if r.deck_in_force == Deck.JOKERS_DEUCES else "")
                 + " count as spades for the bid."]
    return lines


def _explain_nil_exchange(r: HouseRules) -> list[str]:
    n = r.nil_exchange_in_force
    if n and r.nil_possible:
        return [f"Nil exchange: after the bids a nil bidder and partner pass each other {plural(n, 'card')}"
                " (not when both bid nil)."]
    return []


def _explain_nil(r: HouseRules) -> list[str]:
    if r.mode == Mode.AUCTION:
        return []
    lines = ["Bid how many tricks you will take. Make it: 10 a trick, +1 a bag for each extra; "
             "miss it: -10 a trick."]
    if not r.nil_possible:
        return [*lines, "Nil is not allowed: every bid is at least one."]
    blind = f" Blind nil, before seeing your cards: +/-{r.blind_nil_value}." if r.blind_nil_possible else ""
    return [*lines, f"Nil (take no trick): +/-{r.nil_value}.{blind}"]


def _explain_blind_exchange(r: HouseRules) -> list[str]:
    n = r.blind_nil_exchange
    if not (r.blind_nil_possible and n and r.mode in (Mode.PARTNERSHIP, Mode.TWO_PLAYER)):
        return []
    if r.mode == Mode.TWO_PLAYER:
        return [f"After a blind nil you may swap up to {plural(n, 'card')} with the discards."]
    return [f"A blind nil bidder and partner then swap {plural(n, 'card')}."]


def _explain_bags(r: HouseRules) -> list[str]:
    return [f"Every {r.bag_limit} bags cost {r.bag_penalty} points"
            + (" and the count starts again at zero." if r.bags_reset else "; extra bags carry over.")]


def _explain_end(r: HouseRules) -> list[str]:
    end = f"The first side to {r.target_score} with the higher score wins"
    if r.losing_score is not None:
        end += f"; a side at {r.losing_score} or below loses"
    return [end + "; equal top scores play another hand."]


def _explain_undo(r: HouseRules) -> list[str]:
    return [{Undo.OFF: "Undo is off.",
             Undo.LAST_CARD: "Undo takes back your last card until the next card is played.",
             Undo.UNLIMITED: "Undo takes back your moves, one at a time."}[r.undo]]


def _explain_all_tricks(r: HouseRules) -> list[str]:
    if not r.all_tricks_bonus:
        return []
    side = "the declaring side" if r.mode == Mode.AUCTION else "a side"
    return [f"Boston: {side} taking all {r.tricks_per_hand} tricks scores {r.all_tricks_bonus} more, whatever it bid"
            " (after any doubling; nils still count)."]


#: what a side taking every trick of a hand may score on top (Boston): the row's choices after Off,
#: and the words of its help
ALL_TRICKS_BONUSES = (200, 250)


def _style_brings_nil(r: HouseRules) -> bool:
    return r.bidding_in_force != BiddingStyle.STANDARD and r.mode != Mode.AUCTION


RULE_SPECS: tuple[RuleSpec[HouseRules], ...] = (
    RuleSpec("mode", "Mode",
             "Partnership, cutthroat (each alone), two-player, three-player (17 cards) or auction",
             tuple(Mode), Mode.PARTNERSHIP, MODE_WORDS, kind=Mode, explain=_explain_mode, topic=Topic.DEAL),
    RuleSpec("deck", "Deck",
             "Jokers: Big and Little Joker top the spades; Jokers & deuces: the 2D and 2S rank next",
             tuple(Deck), Deck.STANDARD, DECK_WORDS, kind=Deck,
             value_modes=DECK_MODES, unless=(_variant_limit("Jokers decks", DECK_MODES, Deck.STANDARD),),
             explain=_explain_deck, topic=Topic.DEAL),
    RuleSpec("bidding", "Bidding style",
             "Whiz: your spade count or nil; mirror: your spade count; suicide: one nil, one 4+",
             tuple(BiddingStyle), BiddingStyle.STANDARD, BIDDING_WORDS, kind=BiddingStyle,
             value_modes=BIDDING_MODES,
             unless=(_variant_limit("Bidding styles", BIDDING_MODES, BiddingStyle.STANDARD),),
             explain=_explain_bidding, topic=Topic.BIDDING),
    RuleSpec("nil_exchange", "Nil card exchange", "Cards a nil bidder and partner pass each other after the bids",
             (0, 1, 2, 3), 0, {0: "None", 1: "1 card", 2: "2 cards", 3: "3 cards"}, value_modes=EXCHANGE_MODES,
             unless=(_variant_limit("Nil exchange", EXCHANGE_MODES, 0),
                     Unless(lambda r: not r.nil_possible, "nil is off")),
             explain=_explain_nil_exchange, topic=Topic.BIDDING),
    RuleSpec("target_score", "Target score", "The game ends when a side reaches this score",
             tuple(range(100, 1001, 50)), 500, allowed="100 to 1000 in steps of 50", explain=_explain_end,
             topic=Topic.END),
    RuleSpec("losing_score", "Losing score", "A side at or below this score loses at once",
             (None, -200, -300, -500), None, {None: "Off"}, topic=Topic.END),
    RuleSpec("nil_allowed", "Nil allowed", "Bid to take no trick at all; off means every bid is at least one",
             (False, True), True,
             unless=(_NO_NIL_IN_AUCTION,
                     Unless(_style_brings_nil, lambda r: f"{BIDDING_WORDS[r.bidding_in_force]} bidding brings nil")),
             explain=_explain_nil, topic=Topic.BIDDING),
    RuleSpec("nil_value", "Nil value", "Points won for a made nil, lost for a broken one", (50, 100), 100,
             unless=(Unless(lambda r: not r.nil_possible and r.mode != Mode.AUCTION, "nil is off"),
                     _NO_NIL_IN_AUCTION), topic=Topic.BIDDING),
    RuleSpec("blind_nil_allowed", "Blind nil allowed", "Bid nil before looking at your cards", (False, True), True,
             unless=(Unless(lambda r: not r.nil_allowed, "nil is off"), _NO_NIL_IN_AUCTION), topic=Topic.BIDDING),
    RuleSpec("blind_nil_value", "Blind nil value", "Points won or lost for a blind nil", (100, 200), 200,
             unless=(_NO_NIL_IN_AUCTION, _BLIND_NIL_OFF), topic=Topic.BIDDING),
    RuleSpec("blind_nil_min_deficit", "Blind nil only when behind by", "Blind nil needs your side this far behind",
             (0, 100, 200), 0, unless=(_NO_NIL_IN_AUCTION, _BLIND_NIL_OFF), topic=Topic.BIDDING),
    RuleSpec("blind_nil_exchange", "Blind nil card exchange",
             "Cards swapped after bidding (with the partner or the discards)", (0, 1, 2, 3), None,
             allowed="0, 1, 2, 3",
             unless=(_NO_NIL_IN_AUCTION, _BLIND_NIL_OFF,
                     Unless(lambda r: r.mode == Mode.CUTTHROAT, "no partner and no discards in cutthroat")),
             explain=_explain_blind_exchange, topic=Topic.BIDDING),
    RuleSpec("bag_limit", "Bag limit", "This many overtricks (bags) cost a penalty", tuple(range(5, 16)), 10,
             allowed="5 to 15", explain=_explain_bags),
    RuleSpec("bag_penalty", "Bag penalty", "Points lost each time the bag limit is reached", (50, 100, 110, 150),
             100),
    RuleSpec("bags_reset", "After a bag penalty", "The bag count carries the excess over, or starts again at zero",
             (False, True), False, {False: "Carry over", True: "Reset to zero"}),
    RuleSpec("failed_nil_counts_for_partner", "Failed nil tricks count",
             "A failed nil's tricks help the partner's contract", (False, True), True, unless=(_ONLY_PARTNERSHIP,)),
    RuleSpec("first_lead", "First lead", "Left of the dealer, or the holder of the two of clubs leads it",
             tuple(FirstLead), FirstLead.LEFT_OF_DEALER,
             {FirstLead.LEFT_OF_DEALER: "Left of dealer", FirstLead.TWO_OF_CLUBS: "Two of clubs"}, kind=FirstLead,
             unless=(Unless(lambda r: r.mode == Mode.TWO_PLAYER, "the non-dealer leads in two-player"),
                     Unless(lambda r: r.mode == Mode.AUCTION, "the high bidder leads")),
             explain=_explain_first_lead, topic=Topic.PLAY),
    RuleSpec("spades_lead", "Spades may be led", "Only once broken, or at any time after the first trick",
             tuple(SpadesLead), SpadesLead.BROKEN, {SpadesLead.BROKEN: "Once broken", SpadesLead.ANY_TIME: "Any time"},
             kind=SpadesLead, explain=_explain_spades_lead, topic=Topic.PLAY),
    RuleSpec("min_team_bid", "Minimum team bid", "The two bids of a side must add up to at least this",
             (0, 1, 2, 3, 4), 0,
             unless=(_ONLY_PARTNERSHIP,
                     Unless(lambda r: r.bidding_in_force != BiddingStyle.STANDARD,
                            lambda r: f"not with {BIDDING_WORDS[r.bidding_in_force].lower()} bidding")),
             topic=Topic.BIDDING),
    RuleSpec("thirteen_bid_double", "Bid of 13 made", "A side that bids and takes all 13 scores double",
             (False, True), False, {False: "Normal", True: "Double points"}),
    RuleSpec("thirteen_bid_fail_bags", "Bid of 13 failed", "A failed 13 also gives 13 bags", (False, True), False,
             {False: "Normal", True: "Also 13 bags"}),
    RuleSpec("ten_for_two_hundred", "Ten for two hundred", "A made contract of 10 or more scores 20 a trick",
             (False, True), False),
    RuleSpec("all_tricks_bonus", "All tricks bonus (Boston)",
             f"A side that takes every trick of a hand scores {' or '.join(map(str, ALL_TRICKS_BONUSES))} more,"
             " whatever it bid", (0, *ALL_TRICKS_BONUSES), 0, {0: "Off"}, explain=_explain_all_tricks),
    RuleSpec("undo", "Undo", "Take back your own last card, any of your moves, or nothing", tuple(Undo),
             Undo.LAST_CARD, {Undo.OFF: "Off", Undo.LAST_CARD: "Last own card", Undo.UNLIMITED: "Unlimited"},
             kind=Undo, explain=_explain_undo, topic=Topic.CONTROLS),
)

SPECS: dict[str, RuleSpec[HouseRules]] = {spec.key: spec for spec in RULE_SPECS}


# ---------------------------------------------------------------- views derived from the records
#: Allowed values per key, for validation and for the settings screen.
CHOICES: dict[str, tuple[Any, ...]] = {spec.key: spec.choices for spec in RULE_SPECS}
#: The modes each variant value of docs/RULES.md section 6 plays in; elsewhere it is not in force.
VARIANT_MODES: dict[str, dict[Any, tuple[Mode, ...]]] = {
    spec.key: dict(spec.value_modes) for spec in RULE_SPECS if spec.value_modes is not None}
_BOOL_KEYS = frozenset(spec.key for spec in RULE_SPECS if set(spec.choices) == {True, False})
