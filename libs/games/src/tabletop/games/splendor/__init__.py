"""Splendor (2-4 players): gem tokens, three levels of development cards,
nobles; 15 points end the game at the end of the round.

Rules: docs/games/splendor.md (from the Korean rulebook). The shared engine
lives in `tabletop.games._gems`; this package is the rule set.
"""

from .codes import SplendorCode
from .commands import ChooseNoble
from .events import NobleVisited
from .game import RULES, Splendor

__all__ = ["GAME", "RULES", "ChooseNoble", "NobleVisited", "Splendor", "SplendorCode"]

GAME = Splendor()
