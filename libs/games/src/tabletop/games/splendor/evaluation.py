"""Splendor's evaluation for bots: the gem-market heuristic with nobles."""

from __future__ import annotations

from tabletop.games._gems.evaluation import gem_evaluator

from .data import NOBLE_POINTS, NOBLES
from .game import RULES

shares = gem_evaluator(RULES, NOBLES, NOBLE_POINTS)
