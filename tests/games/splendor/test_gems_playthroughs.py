"""Stored playthroughs of both gem-market games: seeded random games through
`random_playout` (the path bots and the benchmark use), fingerprinted.

A fingerprint covers every event and every chosen command in wire form, so it
changes when a rule, an event's content or the order of the legal commands
changes. Speed work must leave them as they are; a deliberate rule change
updates them (and says why in its commit).
"""

from __future__ import annotations

import hashlib
import json

import pytest

from tabletop.games import get_game
from tabletop.kernel import random_playout

SEEDS = range(6)
FINGERPRINTS = {
    ("splendor", 2): "801022cc7caefb2b",
    ("splendor", 3): "7eb388d44bfd9d64",
    ("splendor", 4): "2def23cbd26bde62",
    ("splendor-pokemon", 2): "72d320bd8fba0d45",
    ("splendor-pokemon", 3): "35ee63e4625e1dac",
    ("splendor-pokemon", 4): "c6198cc28b1e3af8",
}


def fingerprint(game_id: str, players: int) -> str:
    game = get_game(game_id)
    digest = hashlib.sha256()
    for seed in SEEDS:
        setup, steps = random_playout(game, players, seed)
        rows = [e.model_dump(mode="json") for e in setup]
        for step in steps:
            rows.append(step.command.model_dump(mode="json"))
            rows += [e.model_dump(mode="json") for e in step.events]
        digest.update(json.dumps(rows, sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "players"), sorted(FINGERPRINTS))
def test_seeded_random_games_are_unchanged(game_id: str, players: int) -> None:
    assert fingerprint(game_id, players) == FINGERPRINTS[game_id, players]
