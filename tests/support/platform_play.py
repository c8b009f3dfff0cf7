"""Reading a game back from the event log in platform tests."""

from __future__ import annotations

from typing import Any

from nats.aio.client import Client

from tabletop.eventlog import Commit, EventLog, Topology
from tabletop.games import get_game


async def commits_of(nc: Client, topology: Topology, game_id: str) -> list[Commit]:
    commits, _ = await EventLog(nc.jetstream(), topology).load(game_id)
    return commits


def replay(commits: list[Commit]) -> Any:
    game = get_game(commits[0].game)
    return game.replay(event for commit in commits for event in commit.events)


async def finished(nc: Client, topology: Topology, game_id: str) -> list[Commit] | None:
    """The game's commits once it is over, else None."""
    commits = await commits_of(nc, topology, game_id)
    if not commits:
        return None
    game = get_game(commits[0].game)
    return commits if game.outcome(replay(commits)) is not None else None
