"""How to play, in plain words for the rules in force (no pygame)."""

from __future__ import annotations

from ...engine.rules import HouseRules
from .variants import first_club_words, three_player_line, variant_lines


def rules_text(rules: HouseRules) -> list[str]:
    """How to play, in plain words, for the rules in force."""
    mode = rules.mode
    lines = []
    if mode == "partnership":
        lines.append("Four players in two sides: you (South) and North against East and West.")
    elif mode == "cutthroat":
        lines.append("Four players, each playing and scoring alone.")
    elif mode == "two_player":
        lines.append("Two players. No deal: take turns drawing; keep the card shown (the next one goes out")
        lines.append("unseen), or turn it down and keep the next.")
    elif mode == "three_player":
        lines.append(three_player_line(rules))
    else:
        lines.append("Auction: partners bid for their side (7 to 13 tricks); the highest bidder names trump.")
    lines.append("Follow the suit led if you can; otherwise play any card. The highest trump wins the trick,")
    lines.append("otherwise the highest card of the suit led. The winner leads next.")
    trump = "the trump suit" if mode == "auction" else "Spades"
    if rules.spades_lead == "broken":
        lines.append(f"{trump} may not be led until one has been played on another suit (or you hold only {trump}).")
    else:
        lines.append(f"{trump} may be led at any time after the first trick.")
    if rules.first_lead == "two_of_clubs" and mode in ("partnership", "cutthroat", "three_player"):
        lines.append(f"The holder of {first_club_words(rules)} leads it to the first trick.")
    elif mode == "two_player":
        lines.append("The player who did not draw first bids first and leads the first trick.")
    elif mode == "auction":
        lines.append("The highest bidder leads the first trick.")
    else:
        lines.append(f"The player left of the dealer leads first; never {trump} on the first lead"
                     f" unless that is all they hold.")
    lines += variant_lines(rules)
    if mode != "auction":
        lines.append("Bid how many tricks you will take. Make it: 10 a trick, +1 a bag for each extra; "
                     "miss it: -10 a trick.")
        if rules.nil_possible:
            lines.append(f"Nil (take no trick): +/-{rules.nil_value}."
                         + (f" Blind nil, before seeing your cards: +/-{rules.blind_nil_value}."
                            if rules.blind_nil_possible else ""))
            if rules.blind_nil_possible and rules.blind_nil_exchange and mode in ("partnership", "two_player"):
                n = rules.blind_nil_exchange
                lines.append(f"After a blind nil you may swap up to {n} cards with the discards."
                             if mode == "two_player" else f"A blind nil bidder and partner then swap {n} cards.")
        else:
            lines.append("Nil is not allowed: every bid is at least one.")
    lines.append(f"Every {rules.bag_limit} bags cost {rules.bag_penalty} points"
                 + (" and the count starts again at zero." if rules.bags_reset else "; extra bags carry over."))
    end = f"The first side to {rules.target_score} with the higher score wins"
    if rules.losing_score is not None:
        end += f"; a side at {rules.losing_score} or below loses"
    lines.append(end + "; equal top scores play another hand.")
    undo = {"off": "Undo is off.", "last_card": "Ctrl+Z takes back your last card until the next card is played.",
            "unlimited": "Ctrl+Z takes back your moves, one at a time."}[rules.undo]
    lines.append(undo)
    lines.append("Keys: arrows + Enter play a card, digits + Enter bid, N nil, B blind nil, L last trick,")
    lines.append("S score sheet, H hint, Ctrl+Z undo, A animation speed, F11 full screen, F12 screenshot.")
    lines.append("Watch a game (title screen): four computer players; F shows or hides every hand, P pauses.")
    lines.append("Claim: when your side must take every trick left, C (or the Claim chip) ends the hand; a computer"
                 " that claims shows its cards: Enter agrees, Esc plays on.")
    lines.append("Score sheet: Enter or a click replays a hand trick by trick (Left/Right, Home/End); R on a save too.")
    lines.append("Play checker (Settings, Gameplay; or C in the pause menu for one hand): the hard level says when"
                 " a bid or card gave points away.")
    return lines
