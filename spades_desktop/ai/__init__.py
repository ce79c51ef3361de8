"""Computer players: easy, normal and hard, all deciding from a seat's view only."""

from .players import ComputerPlayer, Decision, Level

__all__ = ["ComputerPlayer", "Decision", "Level"]
