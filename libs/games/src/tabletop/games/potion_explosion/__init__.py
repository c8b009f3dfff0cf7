"""Potion Explosion (2-4 players): take marbles from a dispenser, set off
explosions of same-coloured marbles, brew potions and drink their effects.

Rules: docs/games/potion-explosion.md. Modules, from the bottom up:
`data` (colours, potion types, the tile data set) → `dispenser` (tracks,
explosions, refills) → `messages` (options, commands, events) → `state` →
`evolve` → `rules` (shared queries, refusal codes) → `flow` / `scoring` →
`effects` / `decide` → `legal` → `view` → `game` (registration).
"""

from .game import PotionExplosion

GAME = PotionExplosion()

__all__ = ["GAME", "PotionExplosion"]
