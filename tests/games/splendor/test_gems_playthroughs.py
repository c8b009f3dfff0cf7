"""Stored playthroughs of both gem-market games, from the conformance-level
store (tests/conformance/playthroughs.py, `playthroughs.json`): the same
check as tests/conformance/test_playthroughs.py for the gem games' tables,
so `pytest tests/games/splendor` alone still catches a rule change.

Speed work must leave them as they are; a deliberate rule change updates them
(`.venv/bin/python -m tests.conformance.playthroughs --update splendor
splendor-pokemon`) and says why in its commit.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conformance import playthroughs

GEM_GAMES = ("splendor", "splendor-pokemon")
GEM_TABLES = {t: v for t, v in playthroughs.tables().items() if v[0].id in GEM_GAMES}


@pytest.mark.parametrize("table", sorted(GEM_TABLES))
def test_seeded_random_games_are_unchanged(table: str) -> None:
    game, players, options = GEM_TABLES[table]
    stored: list[dict[str, Any]] = playthroughs.load().get(table, [])
    assert stored, f"{table} has no stored playthroughs"
    diff = playthroughs.differences(stored, playthroughs.table_entries(game, players, options))
    assert not diff, f"{table}: " + "; ".join(diff)
