"""How to play, in plain words for the rules in force (no pygame).

The mode's line comes first, then how a trick is played, then each house rule's own lines from the
rule table (``engine.rule_table``), so a new rule explains itself here without a change to this file.
"""

from __future__ import annotations

from ...engine.rule_table import RULE_SPECS, SPECS
from ...engine.rule_values import Mode
from ...engine.rules import HouseRules
from ..core.keymap import Context, Intent, claim_keys, how_to_play_keys, label_of, review_keys

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
    lines += how_to_play_keys(auction=rules.mode == Mode.AUCTION, draw=rules.mode == Mode.TWO_PLAYER)
    claim, agree, refuse = claim_keys()
    lines.append(f"Claim: when your side must take every trick left, {claim} (or the Claim chip) ends the hand; a"
                 f" computer that claims shows its cards: {agree} agrees, {refuse} plays on.")
    lines.append(review_keys())
    lines.append(f"Play checker (Settings, Gameplay; or {label_of(Intent.TOGGLE_CHECKER, Context.PAUSE)} in the pause"
                 " menu for one hand): the hard level says when a bid or card gave points away.")
    return lines
