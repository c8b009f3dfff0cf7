"""Potion Explosion (2-4 players): take marbles from a dispenser, set off
explosions of same-coloured marbles, brew potions and drink their effects.

Rules: docs/games/potion-explosion.md. Modules, from the bottom up:
`data` (colours, potion types, the tile data set) → `dispenser` (tracks,
explosions, refills) → `messages` (options, commands, events) → `state` →
`evolve` → `errors` (refusal codes) → `rules` (shared queries) → `flow` / `scoring` →
`effects` / `decide` → `legal` → `view` → `game` (registration).
"""

from .errors import PotionCode
from .game import PotionExplosion

GAME = PotionExplosion()

__all__ = ["GAME", "PotionCode", "PotionExplosion"]
