"""`start`: the first event of a gem game, the shuffled decks and the dealt
market (and the game's extras, Splendor's nobles), all chance of the game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop.kernel import Event, GameConfig

from .events import GameStarted
from .state import EMPTY

if TYPE_CHECKING:
    from .game import GemsGame


def start(g: GemsGame, config: GameConfig, rng: random.Random) -> list[Event]:
    market, decks = [], []
    for ids_in_row, row in zip(g.ids_in_rows, g.rules.rows, strict=True):
        ids = list(ids_in_row)
        rng.shuffle(ids)
        face_up = ids[: row.slots]
        market.append(tuple(face_up) + (EMPTY,) * (row.slots - len(face_up)))
        decks.append(tuple(ids[row.slots :]))
    return [
        GameStarted(
            players=config.players,
            market=tuple(market),
            decks=tuple(decks),
            deck_sizes=tuple(len(d) for d in decks),
            nobles=g.deal_extras(config.players, rng),
        )
    ]
