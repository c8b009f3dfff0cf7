"""Every table the registered games can be played at: each game, each of its
option sets, each player count. The suites that must hold for every game
(conformance, fairness) are parametrized with it, so a new game is covered
by registering it."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.games import registry


def every_table() -> list[Any]:
    """`pytest.param(game, players, options)`, ids like `splendor-4p-default`."""
    params = []
    for game in registry().values():
        for options in game.option_sets:
            for players in range(game.min_players, game.max_players + 1):
                label = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
                params.append(
                    pytest.param(game, players, options, id=f"{game.id}-{players}p-{label}")
                )
    return params
