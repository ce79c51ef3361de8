"""The normal player's card play: the habits of a good club player (second hand low, third hand
high, cover a partner's nil, bust the opponents' nil, duck bags once the contract is safe).
Split from ``normal`` (its bidding stays there); the hard player's search starts from these cards.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS, SUIT_OF, card_rank
from ..engine.scoring import contract_outcomes
from ..engine.seats import Seat
from .partner_rules import trusted_mask
from .playout import _highest, _lowest, beating
from .situation import Situation


def choose_card(sit: Situation, legal_actions: tuple[int, ...]) -> int:
    legal = 0
    for a in legal_actions:
        legal |= 1 << a
    if not sit.trick:
        return _lead(sit, legal)
    return _follow(sit, trusted_mask(sit, legal))  # the habits choose among what a partner may play


def _bosses(sit: Situation, mask: int) -> int:
    out = 0
    m = mask
    while m:
        low = m & -m
        card = low.bit_length() - 1
        if sit.is_boss(card):
            out |= low
        m ^= low
    return out


def _lead(sit: Situation, legal: int) -> int:
    trump = sit.trump
    non_trump = legal & ~SUIT_MASKS[trump] if trump is not None else legal
    if sit.i_am_nil:
        return _lowest(legal, trump)
    if sit.partner_nil:
        bosses = _bosses(sit, non_trump) or _bosses(sit, legal)
        if bosses:
            return _highest(bosses, trump)
        return _highest(non_trump or legal, trump)
    opp_nil = [s for s in sit.nil_alive if s != sit.me and s != sit.partner]
    if opp_nil:
        # lead low in a suit the nil bidder still holds, so they may be forced over
        nil_voids = 0
        for s in opp_nil:
            nil_voids |= sit.voids.get(int(s), 0)
        for suit in sorted(range(4), key=lambda s: (s == trump, s)):
            cards = legal & SUIT_MASKS[suit]
            if cards and not nil_voids >> suit & 1:
                return _lowest(cards, trump)
        return _lowest(legal, trump)
    want = wants_tricks(sit)
    if want:
        bosses = _bosses(sit, non_trump)
        trumps = legal & SUIT_MASKS[trump] if trump is not None else 0
        ruffed = bosses & _ruffable(sit)
        if ruffed and trumps and _bosses(sit, trumps):
            return _highest(_bosses(sit, trumps), trump)  # draw the trump that would ruff the boss first
        if bosses & ~ruffed:
            return _highest(bosses & ~ruffed, trump)
        if bosses:
            return _highest(bosses, trump)
        if trumps and _bosses(sit, trumps) and trumps.bit_count() >= 3:
            return _highest(_bosses(sit, trumps), trump)
        # lead from the shortest side suit to make a void for ruffing later
        if non_trump and trump is not None and sit.hand & SUIT_MASKS[trump]:
            shortest = min((s for s in range(4) if s != trump and non_trump & SUIT_MASKS[s]),
                           key=lambda s: (sit.hand & SUIT_MASKS[s]).bit_count())
            return _lowest(non_trump & SUIT_MASKS[shortest], trump)
        return _lowest(legal, trump)
    # contract made: avoid bags, lead low
    return _lowest(legal, trump)


def _ruffable(sit: Situation) -> int:
    """The side suits (as a mask of their cards) an opponent has shown void in while trumps are still
    unseen: a boss led there may be ruffed (the judge: a boss queen led into a ruff in the last tricks
    cost a contract, 135 points; drawing the trump first makes both tricks, issue 43)."""
    trump = sit.trump
    if trump is None or not sit.unseen & SUIT_MASKS[trump]:
        return 0
    voids = 0
    for seat in sit.view.seats:
        if seat not in (sit.me, sit.partner):
            voids |= sit.voids.get(int(seat), 0)
    mask = 0
    for suit in range(4):
        if suit != trump and voids >> suit & 1:
            mask |= SUIT_MASKS[suit]
    return mask


# Tricks the opponents may still lose and make their contract, beyond which setting them is not tried.
SET_SLACK = 3


def _can_set(sit: Situation) -> bool:
    """Taking tricks to set the opponents is worth the bags: making their contract would win
    them the game, or they are close to failing and the bags it takes cost less than the set
    is worth (near the bag limit they rarely do)."""
    if sit.opp_need <= 0 or sit.opp_need > sit.tricks_left:
        return False  # they have made it, or are set already: more tricks are only bags
    if sit.opp_game_point:
        return True
    if sit.opp_need < sit.tricks_left - SET_SLACK:
        return False
    to_take = sit.tricks_left - sit.opp_need + 1  # tricks my side must take to set them
    bags = max(0, to_take - max(0, sit.side_need))
    # a set swings their contract's made points less its set points (scoring's: 20 a trick of it by
    # default); count half of it, as it may still fail
    made, set_points = contract_outcomes(sit.view.rules, sit.opp_contract)
    return bags * sit.overtrick_cost < (made - set_points) / 2


def _sure_trump_tricks(sit: Situation) -> int:
    """Trumps in my hand that win whenever they are played: a run from the highest trump out."""
    if sit.trump is None:
        return 0
    count = 0
    field = (sit.hand | sit.unseen) & SUIT_MASKS[sit.trump]  # from the top trump (a joker) down
    while field:
        card = field.bit_length() - 1
        if not sit.hand >> card & 1:
            break
        count += 1
        field ^= 1 << card
    return count


def wants_tricks(sit: Situation) -> bool:
    """Play to win tricks: the contract still needs tricks my sure trumps cannot bring home
    (once they can, more tricks are overtricks), or setting the opponents is worth it."""
    if sit.side_need > 0 and sit.side_need > _sure_trump_tricks(sit):
        return True
    return _can_set(sit)


def _follow(sit: Situation, legal: int) -> int:
    card = _follow_habit(sit, legal)
    trump = sit.trump
    if trump is None or SUIT_OF[card] != trump or legal & SUIT_MASKS[SUIT_OF[sit.trick[0][1]]]:
        return card  # not a ruff
    if any(s not in (sit.me, sit.partner) and not sit.voids.get(int(s), 0) >> trump & 1 for s in sit.nil_alive):
        wins = beating(legal, sit.best_card, SUIT_OF[sit.trick[0][1]], trump) if sit.best_card is not None else 0
        if wins >> card & 1:
            # an opponent's nil is still alive: ruff with the highest trump and keep the low ones, which
            # may force the nil over later (the judge: ruffing low gave away 4 points a hand, issue 43)
            return _highest(wins & SUIT_MASKS[trump], trump)
    return card


def _follow_habit(sit: Situation, legal: int) -> int:
    trump = sit.trump
    lead_suit = SUIT_OF[sit.trick[0][1]]
    best = sit.best_card
    if best is None:  # (a trick being followed has a best card: its first at least)
        return _lowest(legal, trump)
    wins = beating(legal, best, lead_suit, trump)
    losers = legal & ~wins
    last = not sit.seats_after_me()
    if sit.i_am_nil:
        trump_losers = losers & SUIT_MASKS[trump] if trump is not None else 0
        if trump_losers:
            # a trump that stays under the trick goes first: the nil's high trumps are the cards
            # it can least duck later (the judge: a side card thrown there, up to 420 points, issue 43)
            return _highest(trump_losers, trump)
        if losers:
            return _highest(losers, trump)
        return _nil_forced_over(sit, wins, last)
    partner = sit.partner
    partner_winning = partner is not None and sit.best_seat == partner
    if sit.partner_nil:
        partner_played = any(s == partner for s, _ in sit.trick)
        if not partner_played or partner_winning:
            # cover: take the trick with a strong card so the nil can duck under it
            if wins:
                ruffing = not legal & SUIT_MASKS[lead_suit]
                return _highest(wins, trump) if not partner_played and not ruffing else _lowest(wins, trump)
            return _lowest(legal, trump)
    opp_nil = [s for s in sit.nil_alive if s not in (sit.me, partner)]
    if opp_nil and _nil_may_be_caught(sit, opp_nil[0]):
        # stay under the trick and shed high cards, so the nil bidder takes it
        return _highest(losers, trump) if losers else _lowest(legal, trump)
    want = wants_tricks(sit)
    if partner_winning and (last or sit.is_boss(best) or _safe_from_next(sit, best)):
        if not want and losers:
            # the partner takes this trick anyway and the side wants no more: shed the highest
            # card that stays under it (a card that could win a bag later), not the lowest
            return _highest(losers, trump)
        return _lowest(losers or legal, trump)
    if wins and want:
        if last and sit.side_need == 1 and not _can_set(sit):
            # this trick makes the contract and no more are wanted: win it with the highest
            # winner and keep the low cards that can duck the tricks still to come
            return _highest(wins, trump)
        if last:
            return _lowest(wins, trump)
        following = bool(legal & SUIT_MASKS[lead_suit])
        if following:
            bosses = _bosses(sit, wins)
            if len(sit.trick) == 1 and not bosses:
                return _lowest(legal, trump)  # second hand low
            return _lowest(bosses, trump) if bosses else _highest(wins, trump)
        return _lowest(wins, trump)  # ruff as cheaply as possible
    if wins and not want:
        if losers:
            return _highest(losers, trump)  # duck, shedding the highest card that still loses
        return _highest(wins, trump)  # forced to win: get rid of a high card
    if not want:
        return _highest(legal, trump)  # cannot win and wants no more tricks: shed a future winner
    # cannot win: throw the lowest card, from the shortest side suit when discarding
    if not legal & SUIT_MASKS[lead_suit] and trump is not None:
        side_cards = legal & ~SUIT_MASKS[trump]
        if side_cards:
            shortest = min((s for s in range(4) if side_cards & SUIT_MASKS[s]),
                           key=lambda s: (side_cards & SUIT_MASKS[s]).bit_count())
            return _lowest(side_cards & SUIT_MASKS[shortest], trump)
    return _lowest(legal, trump)


# The highest card (its rank: 8 is a ten) an opponent's nil bidder still to play may be forced
# over. Above it the nil bidder almost always holds a lower card of the suit, or none.
CATCH_RANK = 8


def _nil_may_be_caught(sit: Situation, nil_seat: Seat) -> bool:
    """Whether ducking this trick may still set the opponents' nil: the nil bidder wins it now and
    nobody after this seat is likely to take it over (its partner, still to play, covers a card that
    is not the boss), or it plays after this seat against a low card of the suit led, which it may
    hold only cards above.  A ruff or a high card the nil ducks for sure, and a nil bidder's
    partner covering behind would take the trick anyway: ducking then only gives away the trick
    the side needs (the review's judge: 30-100 points in such spots, issue 43)."""
    best = sit.best_card
    assert best is not None
    after = sit.seats_after_me()
    if sit.best_seat == nil_seat:
        covering = any(s not in (nil_seat, sit.partner) for s in after)  # the nil bidder's partner
        return not covering or sit.is_boss(best)
    if nil_seat not in after:
        return False
    lead_suit = SUIT_OF[sit.trick[0][1]]
    if SUIT_OF[best] != lead_suit or sit.voids.get(int(nil_seat), 0) >> lead_suit & 1:
        return False
    return card_rank(best) <= CATCH_RANK


def _nil_forced_over(sit: Situation, wins: int, last: bool) -> int:
    """A nil bidder that cannot duck: every card it holds beats the trick so far.

    Only a later card can still save the nil, and the lowest card is the easiest to overtake,
    so it goes first. The highest card is shed (kept out of later tricks) only when nothing
    can save this trick anyway: it plays last, or no unseen card could beat even its lowest.
    """
    trump = sit.trump
    lowest = _lowest(wins, trump)
    if last or not _can_be_overtaken(sit, lowest):
        return _highest(wins, trump)
    return lowest


def _can_be_overtaken(sit: Situation, card: int) -> bool:
    """Some unseen card could still beat ``card`` in this trick (by rank, or by a trump)."""
    if not sit.is_boss(card):
        return True
    trump = sit.trump
    return trump is not None and SUIT_OF[card] != trump and bool(sit.unseen & SUIT_MASKS[trump])


def _safe_from_next(sit: Situation, best: int) -> bool:
    """Partner's card cannot be beaten by the seats still to play, as far as we know."""
    lead_suit = SUIT_OF[sit.trick[0][1]]
    for seat in sit.seats_after_me():
        void = sit.voids.get(int(seat), 0) >> lead_suit & 1
        if void and sit.trump is not None and SUIT_OF[best] != sit.trump:
            return False
    return sit.is_boss(best)
