"""Schotten Totten (2 players): win stones along the border with poker-like
three-card formations; with the tactics variant. Rules: docs/games/schotten-totten.md."""

from .codes import SchottenCode
from .game import GAME, SchottenTotten

__all__ = ["GAME", "SchottenCode", "SchottenTotten"]
