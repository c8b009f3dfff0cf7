"""Sealing encodes a commit's body once and puts the hash into those bytes:
for every commit of the stored playthroughs (every game, option set and
player count, the conformance suite's seeds) the hash and the bytes are
exactly what dumping the model gives, as they were before."""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest

from tabletop.eventlog import Commit, canonical_json, chain_hash, next_sealed
from tabletop.kernel import Game, random_playout
from tests.conformance.playthroughs import STEP_CAP, seeds_for
from tests.tables import every_table

AT = 1_764_600_000_000


def dumped(commit: Commit) -> tuple[str, bytes]:
    """The hash and bytes by the model (`Commit.body()`, `model_dump`)."""
    at = {} if commit.at is not None else {"exclude": {"at"}}
    return chain_hash(commit.prev_hash, commit.body()), canonical_json(
        commit.model_dump(mode="json", **at)
    )


@pytest.mark.parametrize(("game", "players", "options"), every_table())
def test_sealed_bytes_are_the_models_for_every_stored_playthrough(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    for seed in seeds_for(game):
        setup, steps = random_playout(game, players, seed, max_steps=STEP_CAP + 1, **options)
        batches = [setup, *(step.events for step in islice(steps, STEP_CAP))]
        previous: Commit | None = None
        for n, events in enumerate(batches):
            commit, data = next_sealed(
                previous,
                game_id=f"g{seed}",
                game=game.id,
                command_id=f"c{n}",
                seat=None if n == 0 else n % players,
                events=[event.model_dump(mode="json") for event in events],
                rules_version=game.rules_version,
                at=None if n % 7 == 3 else AT + n,  # commits made before clocks have no `at`
            )
            assert (commit.hash, data) == dumped(commit), (game.id, seed, n)
            assert Commit.from_bytes(data) == commit
            previous = commit
