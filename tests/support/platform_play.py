"""Reading a game back from the event log in platform tests."""

from __future__ import annotations

from typing import Any

from nats.aio.client import Client

from tabletop.eventlog import Commit, EventLog, Topology, ensure_key_values, ensure_streams
from tabletop.games import get_game
from tabletop.messaging.matchmaking import Seating


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


async def seated(nc: Client, topology: Topology, seating: Seating) -> None:
    """The namespace's streams and buckets made and `seating` in the seats
    bucket, as matchmaking writes it before the game starts (for tests that
    seat players another way)."""
    js = nc.jetstream()
    await ensure_streams(js, topology)
    await ensure_key_values(js, topology)
    seats = await js.key_value(topology.seats_bucket)
    await seats.put(seating.game_id, seating.model_dump_json().encode())
