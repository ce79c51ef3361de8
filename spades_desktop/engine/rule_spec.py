"""What a house rule's record is (``RuleSpec``: key, label, help, choices and their words, the
modes it plays in, why it does not apply, its lines in How to play) and the error a value outside
its choices raises.  The records themselves, and the rules' value ``HouseRules``, are in
``rule_table``; this module knows nothing of them, so the records' callables are typed by the rules
type they are given (``RuleSpec[HouseRules]``) and no import goes back up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Generic, TypeVar

from .rule_values import Mode

#: the rules a record's callables read (``HouseRules``, in ``rule_table``)
R = TypeVar("R")


class RulesError(ValueError):
    """A house-rule value outside its allowed values; the message names the key."""

    def __init__(self, key: str, value: object, allowed: str) -> None:
        self.key = key
        self.value = value
        self.allowed = allowed
        super().__init__(f"house rule {quoted(key)}: {quoted(value)} is not allowed; allowed values: {allowed}")


def quoted(value: object, limit: int = 40) -> str:
    """A value quoted for a message, cut short: a hand-edited file may hold anything."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."




class Topic(IntEnum):
    """What part of the game a rule is about, in the order How to play tells the game."""

    DEAL = 1
    PLAY = 2
    BIDDING = 3
    SCORING = 4
    END = 5
    CONTROLS = 6


@dataclass(frozen=True, slots=True)
class Unless(Generic[R]):
    """A rule does not apply ``when`` this holds of the other rules; ``reason`` says why."""

    when: Callable[[R], bool]
    reason: str | Callable[[R], str]


@dataclass(frozen=True, slots=True)
class RuleSpec(Generic[R]):
    key: str
    label: str  # the settings row's label
    help: str  # one line under the label
    choices: tuple[Any, ...]  # allowed values, in the order a stepper offers them
    default: Any
    words: Mapping[Any, str] = field(default_factory=dict)  # how a value is shown; others: On/Off or str()
    allowed: str = ""  # the allowed values for an error message (default: the choices listed)
    kind: type | None = None  # the enum a text value becomes
    value_modes: Mapping[Any, tuple[Mode, ...]] | None = None  # a variant: the modes each value plays in
    unless: tuple[Unless[R], ...] = ()  # why the rule does not apply, checked in order
    explain: Callable[[R], list[str]] | None = None  # its lines in How to play, for rules in force
    topic: Topic = Topic.SCORING  # where How to play tells it

    def word(self, value: Any) -> str:
        """How ``value`` is shown in the settings and summaries."""
        if value in self.words:
            return self.words[value]
        if isinstance(value, bool):
            return "On" if value else "Off"
        return str(value)

    def allowed_text(self) -> str:
        if self.allowed:
            return self.allowed
        return ", ".join("null" if v is None else str(v).lower() if isinstance(v, bool) else str(v)
                         for v in self.choices)

    def reason(self, rules: R) -> str:
        """Why the rule does not apply to ``rules`` (a disabled settings row), or ""."""
        for unless in self.unless:
            if unless.when(rules):
                return unless.reason if isinstance(unless.reason, str) else unless.reason(rules)
        return ""

    def values_in_mode(self, mode: Mode) -> tuple[Any, ...]:
        """The values this rule plays in ``mode`` (every value but for a variant)."""
        if self.value_modes is None:
            return self.choices
        return tuple(v for v in self.choices if mode in self.value_modes[v])
