"""Splendor Pokémon's evaluation for bots: the gem-market heuristic (no
nobles; evolutions show up as points and bonuses)."""

from __future__ import annotations

from tabletop.games._gems.evaluation import gem_evaluator

from .game import RULES

shares = gem_evaluator(RULES)
