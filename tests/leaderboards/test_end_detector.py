"""Finding the commit that ends a game, on the in-memory event log."""

from __future__ import annotations

import pytest

from tabletop.eventlog import MemoryEventLog
from tabletop.games.catalog import GameCatalog
from tabletop.leaderboards.finished import EndDetector, NotYet
from tests.archive.play import TOY, play


async def test_only_the_last_commit_ends_the_game_even_when_redelivered() -> None:
    log = MemoryEventLog()
    played = await play(log, players=3, seed=8)
    ends = EndDetector(GameCatalog([TOY]), log)
    endings = [await ends.ending(commit) for commit in played.commits]
    assert all(e is None for e in endings[:-1])
    last = endings[-1]
    assert last is not None and last.game == "toy"
    assert last.outcome == TOY.outcome(played.state)
    again = await ends.ending(played.commits[-1])  # redelivery, after a cache drop
    assert again == last
    cold = EndDetector(GameCatalog([TOY]), log, cache_size=0)  # every commit replayed from the log
    assert await cold.ending(played.commits[-1]) == last
    assert await cold.ending(played.commits[3]) is None


async def test_unknown_games_are_not_rated_and_missing_history_is_retried() -> None:
    log = MemoryEventLog()
    played = await play(log, players=2, seed=8)
    assert await EndDetector(GameCatalog(), log).ending(played.commits[-1]) is None  # "toy" unknown
    with pytest.raises(NotYet):
        await EndDetector(GameCatalog([TOY]), MemoryEventLog()).ending(played.commits[-1])
