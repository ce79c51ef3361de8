"""How to play, in plain words for the rules in force (no pygame).

The mode's line comes first, then how a trick is played, then each house rule's own lines from the
rule table (``engine.rule_table``), so a new rule explains itself here without a change to this file.
"""

from __future__ import annotations

from ...engine.rule_table import RULE_SPECS, SPECS
from ...engine.rules import HouseRules

PLAY_LINES = (
    "Follow the suit led if you can; otherwise play any card. The highest trump wins the trick,",
    "otherwise the highest card of the suit led. The winner leads next.",
)


def rules_text(rules: HouseRules) -> list[str]:
    """How to play, in plain words, for the rules in force."""
    explain_mode = SPECS["mode"].explain
    lines = list(explain_mode(rules)) if explain_mode is not None else []
    lines += PLAY_LINES
    for spec in RULE_SPECS:
        if spec.key != "mode" and spec.explain is not None:
            lines += spec.explain(rules)
    lines.append("Keys: arrows + Enter play a card, digits + Enter bid, N nil, B blind nil, L last trick,")
    lines.append("S score sheet, H hint, Ctrl+Z undo, A animation speed, F11 full screen, F12 screenshot.")
    lines.append("Watch a game (title screen): four computer players; F shows or hides every hand, P pauses.")
    lines.append("Claim: when your side must take every trick left, C (or the Claim chip) ends the hand; a computer"
                 " that claims shows its cards: Enter agrees, Esc plays on.")
    lines.append("Score sheet: Enter or a click replays a hand trick by trick (Left/Right, Home/End); R on a save too.")
    lines.append("Play checker (Settings, Gameplay; or C in the pause menu for one hand): the hard level says when"
                 " a bid or card gave points away.")
    return lines
