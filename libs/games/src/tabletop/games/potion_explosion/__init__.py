"""Potion Explosion (2-4 players): take marbles from a dispenser, set off
explosions of same-coloured marbles, brew potions and drink their effects.

Rules: docs/games/potion-explosion.md. The package follows the one game
layout (docs/adr/0021-one-game-layout.md); its domain modules are
`dispenser` (tracks, explosions, refills), `potions` (burners and holes),
`effects` (drinking potions), `turns` (closing a turn) and `scoring`.
"""

from .game import PotionExplosion

GAME = PotionExplosion()

__all__ = ["GAME", "PotionExplosion"]
