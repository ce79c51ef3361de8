"""How to play, in plain words for the rules in force (no pygame).

``pages`` gives the How to play screen its pages: the deal (and the auction), bidding, play,
scoring, the house rules in force and the keys.  Each rule's lines come from the rule table
(``engine.rule_table``): a record's ``explain`` on the page of its ``topic`` (``PAGE_TOPICS``), so a
new rule explains itself here without a change to this file.  The keys come from the keymap.

``rules_text`` is the same text as one list (the mode's line, how a trick is played, each house
rule's lines by topic, the keys), as other screens and tests read it.

The pictures' content is here too, as plain data: the example hand, bids, trick and score line
each page shows, for the rules in force.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from ...engine.cards import BIG_JOKER, HIGH_TWO_OF_DIAMONDS, SUIT_NAMES, SUIT_OF, make_card
from ...engine.decks import deck_for
from ...engine.presets import PRESETS, preset_name
from ...engine.rule_spec import Topic
from ...engine.rule_table import RULE_SPECS, SPECS
from ...engine.rule_values import Deck, Mode
from ...engine.rules import HouseRules
from ...engine.scoring import SideBreakdown, score_auction_side, score_side
from ...engine.seats import SEAT_NAMES, Seat
from ..core.keymap import Context, Intent, label_of
from .key_help import claim_keys, how_to_play_help, how_to_play_keys, review_keys
from .score_sheet import COLUMNS, side_cells
from .words import bid_text, call_text

PLAY_LINES = (
    "Follow the suit led if you can; otherwise play any card. The highest trump wins the trick,",
    "otherwise the highest card of the suit led. The winner leads next.",
)


def rules_text(rules: HouseRules) -> list[str]:
    """How to play, in plain words, for the rules in force."""
    explain_mode = SPECS["mode"].explain
    lines = list(explain_mode(rules)) if explain_mode is not None else []
    lines += PLAY_LINES
    for spec in sorted(RULE_SPECS, key=lambda spec: spec.topic):  # stable: table order within a topic
        if spec.key != "mode" and spec.explain is not None:
            lines += spec.explain(rules)
    lines += _key_lines(rules)
    return lines


def _key_lines(rules: HouseRules) -> list[str]:
    """The keys of the game, from the keymap: the table's, bidding and play, claims, the score
    sheet and replays, the play checker."""
    lines = how_to_play_keys(auction=rules.mode == Mode.AUCTION, draw=rules.mode == Mode.TWO_PLAYER)
    claim, agree, refuse = claim_keys()
    lines.append(f"Claim: when your side must take every trick left, {claim} (or the Claim chip) ends the hand; a"
                 f" computer that claims shows its cards: {agree} agrees, {refuse} plays on.")
    lines.append(review_keys())
    lines.append(f"Play checker (Settings, Gameplay; or {label_of(Intent.TOGGLE_CHECKER, Context.PAUSE)} in the pause"
                 " menu for one hand): the judge behind the hint says when a bid or card clearly gave points"
                 " away (big mistakes only, or every one).")
    return lines


# ---------------------------------------------------------------------------- the pages
class PageKind(Enum):
    """A page of How to play, in the order the game goes; each but the keys has a picture."""

    DEAL = "deal"
    BIDDING = "bidding"
    PLAY = "play"
    SCORING = "scoring"
    HOUSE_RULES = "house rules"
    KEYS = "keys"


#: the rule table's topics each page tells (every topic is told on one page)
PAGE_TOPICS: dict[PageKind, tuple[Topic, ...]] = {
    PageKind.DEAL: (Topic.DEAL,),
    PageKind.BIDDING: (Topic.BIDDING,),
    PageKind.PLAY: (Topic.PLAY,),
    PageKind.SCORING: (Topic.SCORING, Topic.END),
    PageKind.HOUSE_RULES: (Topic.CONTROLS,),
}


@dataclass(frozen=True)
class Page:
    """One page: its title in the contents, its lines (each a sentence or more; a line that ends
    without a full stop goes on in the next, see ``paragraphs``), for the house rules the rules in
    force as (label, value) rows, and the heading over the page if it is not the title."""

    kind: PageKind
    title: str
    lines: tuple[str, ...]
    rows: tuple[tuple[str, str], ...] = ()
    heading: str = ""  # the title over the page, when it says more than the contents' entry

    @property
    def shown_title(self) -> str:
        return self.heading or self.title


def _topic_lines(rules: HouseRules, topics: tuple[Topic, ...]) -> list[str]:
    """The rule table's lines of ``topics`` for the rules in force, by topic, table order within one."""
    lines: list[str] = []
    for topic in topics:
        for spec in RULE_SPECS:
            if spec.topic == topic and spec.explain is not None:
                lines += spec.explain(rules)
    return lines


def _deal_lines(rules: HouseRules) -> list[str]:
    """How the cards come to the players (the mode's and the deck's own lines come from the table)."""
    mode = rules.mode
    if mode == Mode.TWO_PLAYER:
        lines = ["The draw goes on until each of you holds 13 cards; the dealer changes every hand."]
    elif mode == Mode.THREE_PLAYER:
        lines = ["The dealer deals the whole deck; the deal passes to the left after each hand."]
    else:
        lines = ["The dealer deals the whole deck, 13 cards each; the deal passes to the left after each hand."]
    if mode == Mode.AUCTION:
        lines.append("The auction: in turn each player bids more than the last bid, or passes; after three passes"
                     " the last bid is the contract (if all four pass, the cards are dealt again).")
        lines.append("Your hand is sorted by suit, highest first; once trump is named its suit goes to the left.")
    else:
        lines.append("Your hand is sorted by suit, spades (the trumps) at the left, each suit from its highest card.")
    return lines


def _bidding_lines(rules: HouseRules) -> list[str]:
    if rules.mode == Mode.AUCTION:
        return ["The highest bid is the contract: the bidder's side must take that many tricks; the other side"
                " tries to stop it.", "There is no nil in an auction."]
    lines = _topic_lines(rules, PAGE_TOPICS[PageKind.BIDDING])
    if rules.mode == Mode.PARTNERSHIP:
        lines.append("Partners' bids are added together: the side must take that many tricks between them.")
    return lines


def _scoring_lines(rules: HouseRules) -> list[str]:
    if rules.mode == Mode.AUCTION:
        lines = ["The declaring side scores 10 a trick of its contract and 1 a bag for each extra; set, it loses"
                 " 10 a trick of the contract and the defenders score 10 a trick they took."]
    else:
        lines = ["Tricks taken over the bid are bags: a point each, until they add up."]
    return lines + _topic_lines(rules, PAGE_TOPICS[PageKind.SCORING])


def rules_in_force(rules: HouseRules) -> list[tuple[str, str]]:
    """Every house rule that applies under ``rules``, as the settings name it: (label, value)."""
    return [(spec.label, spec.word(getattr(rules, spec.key))) for spec in RULE_SPECS if not spec.reason(rules)]


def rules_title(rules: HouseRules) -> str:
    """The preset the rules are ('Standard', 'Quick (300)'), or 'Custom'."""
    name = preset_name(rules)
    return next((p.title for p in PRESETS if p.name == name), "Custom")


def deal_title(rules: HouseRules) -> str:
    if rules.mode == Mode.AUCTION:
        return "The deal and the auction"
    return "The draw" if rules.mode == Mode.TWO_PLAYER else "The deal"


def pages(rules: HouseRules) -> list[Page]:
    """How to play's pages for the rules in force, in the order the game goes."""
    explain_mode = SPECS["mode"].explain
    mode_lines = explain_mode(rules) if explain_mode is not None else []
    deck_lines = [line for spec in RULE_SPECS if spec.topic == Topic.DEAL and spec.key != "mode"
                  and spec.explain is not None for line in spec.explain(rules)]
    return [
        Page(PageKind.DEAL, deal_title(rules), (*mode_lines, *_deal_lines(rules), *deck_lines)),
        Page(PageKind.BIDDING, "The contract" if rules.mode == Mode.AUCTION else "Bidding and nil",
             tuple(_bidding_lines(rules))),
        Page(PageKind.PLAY, "Play and trumps", (*PLAY_LINES, *_topic_lines(rules, PAGE_TOPICS[PageKind.PLAY]))),
        Page(PageKind.SCORING, "Scoring and bags", tuple(_scoring_lines(rules))),
        Page(PageKind.HOUSE_RULES, "House rules", tuple(_topic_lines(rules, PAGE_TOPICS[PageKind.HOUSE_RULES])),
             tuple(rules_in_force(rules)), heading=f"House rules: {rules_title(rules)}"),
        Page(PageKind.KEYS, "Keys", (*_key_lines(rules), how_to_play_help())),
    ]


def paragraphs(lines: tuple[str, ...] | list[str]) -> list[str]:
    """The lines as paragraphs to wrap: a line that does not end a sentence (a comma, no full
    stop) goes on in the next one."""
    found: list[str] = []
    open_ = False
    for line in lines:
        if open_ and found:
            found[-1] = f"{found[-1]} {line}"
        else:
            found.append(line)
        open_ = not line.rstrip().endswith((".", "!", "?", ":", ")"))
    return found


#: a paragraph that opens with a name of at most this many words shows the name apart
LEAD_WORDS = 3


def lead_words(paragraph: str) -> str:
    """The short name a paragraph opens with, as it is written there: 'Keys:' of 'Keys: Esc menu,
    ...', 'Play checker' of 'Play checker (Settings, ...): ...'; '' when the paragraph opens with
    a sentence.  The screen shows the name apart, in gold."""
    head, colon, _ = paragraph.partition(": ")
    if colon and len(head.split()) <= LEAD_WORDS and not any(mark in head for mark in ".()"):
        return head + ":"
    head, bracket, _ = paragraph.partition(" (")
    if bracket and len(head.split()) <= LEAD_WORDS and not any(mark in head for mark in ".,:;"):
        return head
    return ""


# ---------------------------------------------------------------------------- the pictures' content
#: the example hand: five spades, three hearts, three clubs, two diamonds (and four more with 17 cards)
_HAND = ((12, 3), (10, 3), (7, 3), (4, 3), (1, 3), (11, 2), (9, 2), (6, 2), (12, 0), (8, 0), (2, 0), (10, 1), (5, 1))
_HAND_MORE = ((9, 3), (3, 2), (5, 0), (7, 1))


def example_hand(rules: HouseRules) -> list[int]:
    """A hand of the deck in force, as many cards as a player holds (the picture sorts it as the
    table sorts the person's hand); a jokers deck shows its Big Joker, jokers and deuces its trump
    2 of diamonds."""
    deck = rules.deck_in_force
    cards = [make_card(rank, suit) for rank, suit in _HAND + (_HAND_MORE if rules.tricks_per_hand > 13 else ())]
    if deck != Deck.STANDARD:
        cards[4] = BIG_JOKER if deck == Deck.JOKERS else HIGH_TWO_OF_DIAMONDS  # in place of the 3 of spades
    return cards


def example_bids(rules: HouseRules) -> list[tuple[Seat, str]]:
    """Every seat's bid as the table says it (a computer's in its bubble), '' for the person whose
    turn it is: a '4' and a 'Nil' ('3' where nil is off), a '2' with four players; in an auction
    '7', '8' and a 'Pass'; with two players the person has bid the 4 and North the nil."""
    if rules.mode == Mode.AUCTION:
        return [(Seat.W, call_text(7)), (Seat.N, call_text(8)), (Seat.E, call_text(None).capitalize()),
                (Seat.S, "")]
    nil = bid_text(0 if rules.nil_possible else 3).capitalize()
    if rules.mode == Mode.TWO_PLAYER:
        return [(Seat.N, nil), (Seat.S, bid_text(4))]
    if rules.mode == Mode.THREE_PLAYER:
        return [(Seat.W, bid_text(4)), (Seat.N, nil), (Seat.S, "")]
    return [(Seat.N, bid_text(4)), (Seat.E, nil), (Seat.W, bid_text(2)), (Seat.S, "")]


#: the person's plate while the computers' bids come in: the table's words when it is their turn
YOUR_TURN = "your bid"


def plate_detail(bid: str) -> str:
    """A name plate's second line in the bidding picture, as the table writes it: the seat's bid
    ('bid 4  ·  tricks 0', 'passed  ·  tricks 0'), or the person's turn."""
    if not bid:
        return YOUR_TURN
    return ("passed" if bid.lower() == "pass" else f"bid {bid.lower()}") + "  ·  tricks 0"


@dataclass(frozen=True)
class TrickExample:
    """A trick as it lies on the table: each seat's card in play order, and who wins it."""

    cards: tuple[tuple[Seat, int], ...]
    winner: Seat
    leader: Seat


def example_trick(rules: HouseRules) -> TrickExample:
    """A trick North wins by trumping: hearts are led, North has none and plays a small spade
    (three cards with three players, two with two)."""
    hearts, spades = 2, 3
    cards = {Seat.W: make_card(11, hearts), Seat.N: make_card(3, spades), Seat.E: make_card(12, hearts),
             Seat.S: make_card(6, hearts)}
    order: tuple[Seat, ...]
    if rules.mode == Mode.TWO_PLAYER:
        order = (Seat.S, Seat.N)
    elif rules.mode == Mode.THREE_PLAYER:
        order = (Seat.W, Seat.N, Seat.S)
    else:
        order = (Seat.W, Seat.N, Seat.E, Seat.S)
    trick = tuple((seat, cards[seat]) for seat in order)
    return TrickExample(trick, Seat.N, order[0])


def trick_caption(rules: HouseRules, name: Callable[[Seat], str]) -> str:
    """'North wins: the spade beats the hearts' under the picture of the trick."""
    trick = example_trick(rules)
    led = SUIT_NAMES[SUIT_OF[trick.cards[0][1]]]
    return f"{name(trick.winner)} wins: a trump beats the {led}"


@dataclass(frozen=True)
class ScoreExample:
    """Two hands of one side on the score sheet: its name's key, the sheet's headers, each hand's
    cells, and in words how each hand scored."""

    side: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    captions: tuple[str, ...]


#: the score sheet's columns the picture shows
SCORE_COLUMNS = ("Bid", "Won", "Contract", "Bags", "Hand", "Score")


def example_score(rules: HouseRules) -> ScoreExample:
    """A contract made with a trick to spare (bid 4 won 5; 8 and 9 in an auction), then one set
    (bid 4 won 3; 8 and 7), scored by the engine under ``rules`` as the score sheet writes them."""
    auction = rules.mode == Mode.AUCTION
    side = "NS" if rules.mode in (Mode.PARTNERSHIP, Mode.AUCTION) else "S"
    bid = 8 if auction else 4
    score = bags = 0
    rows, captions = [], []
    for won in (bid + 1, bid - 1):
        if auction:
            result: SideBreakdown = score_auction_side(rules, side, True, bid, won, won >= bid, score, bags)
        else:
            bids: list[int | None] = [None, None, bid, None]
            result = score_side(rules, side, (Seat.S,), bids, [False] * 4, [0, 0, won, 0], score, bags)
        score, bags = result.score_after, result.bags_after
        cells = side_cells(result, lambda seat: SEAT_NAMES[seat])
        rows.append(tuple(cells[COLUMNS.index(c)] for c in SCORE_COLUMNS))
        if result.made:
            extra = result.bags
            captions.append(f"Bid {bid}, won {won}: {result.contract_points + result.bonus} for the contract"
                            f" and {extra} for the bag{'' if extra == 1 else 's'}.")
        else:
            captions.append(f"Bid {bid}, won {won}: the contract is set, {result.contract_points}.")
    return ScoreExample(side, SCORE_COLUMNS, tuple(rows), tuple(captions))


def trumps_caption(rules: HouseRules) -> str:
    """The words before the house rules' picture of the highest trumps (spades, unless an auction
    names another suit)."""
    return "Spades, if named trump:" if rules.mode == Mode.AUCTION else "Trumps, from the top:"


def trump_order(rules: HouseRules) -> list[int]:
    """The five highest trumps of the deck in force, highest first (the house rules' picture)."""
    deck = deck_for(rules.deck_in_force, rules.mode)
    spades = [card for card in deck.cards if SUIT_OF[card] == 3]
    return sorted(spades, reverse=True)[:5]
