"""How to play, in plain words for the rules in force (no pygame).

The mode's line comes first, then how a trick is played, then each house rule's own lines from the
rule table (``engine.rule_table``), so a new rule explains itself here without a change to this file.
"""

from __future__ import annotations

from ...engine.rule_table import RULE_SPECS, SPECS
from ...engine.rules import HouseRules
from ..core.keymap import Context, Intent, how_to_play_keys, label_of

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
    lines += how_to_play_keys()
    claim = label_of(Intent.CLAIM, Context.TABLE)
    agree = label_of(Intent.ACCEPT_CLAIM, Context.CLAIM_OFFER)
    refuse = label_of(Intent.REFUSE_CLAIM, Context.CLAIM_OFFER)
    lines.append(f"Claim: when your side must take every trick left, {claim} (or the Claim chip) ends the hand; a"
                 f" computer that claims shows its cards: {agree} agrees, {refuse} plays on.")
    lines.append("Score sheet: Enter or a click replays a hand trick by trick (Left/Right, Home/End); R on a save too.")
    lines.append("Play checker (Settings, Gameplay; or C in the pause menu for one hand): the hard level says when"
                 " a bid or card gave points away.")
    return lines
