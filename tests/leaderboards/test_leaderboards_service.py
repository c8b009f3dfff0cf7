"""Leaderboards and archive as subprocesses on real NATS and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.messaging.archive import ArchiveSubjects, SeatPlayers
from tabletop.messaging.leaderboards import GetHistory, GetRating, GetTop, LeaderboardSubjects
from tests.archive.conftest import ask
from tests.archive.play import PlayedGame, new_game_id, play
from tests.integration.servers import delete_namespace_stream, unique_namespace
from tests.integration.stateful_services import (
    ServiceProcess,
    archive_env,
    drop_schema,
    leaderboards_env,
    unique_schema,
)

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("leaderboards")]


@dataclass
class Platform:
    archive: ServiceProcess
    leaderboards: ServiceProcess
    log: EventLog
    archive_subjects: ArchiveSubjects
    subjects: LeaderboardSubjects


@pytest.fixture
async def platform(
    nc: Client, nats_url: str, database_url: str, tmp_path: Path
) -> AsyncIterator[Platform]:
    namespace = unique_namespace()
    archive_schema, board_schema = unique_schema("archive"), unique_schema("lb")
    topology = Topology(namespace=namespace)
    js = nc.jetstream()
    await ensure_streams(js, topology)
    archive = ServiceProcess.start(
        "archive", archive_env(nats_url, database_url, namespace, archive_schema), tmp_path
    )
    board = ServiceProcess.start(
        "leaderboards", leaderboards_env(nats_url, database_url, namespace, board_schema), tmp_path
    )
    yield Platform(
        archive,
        board,
        EventLog(js, topology),
        ArchiveSubjects(namespace=namespace),
        LeaderboardSubjects(namespace=namespace),
    )
    board.stop()
    archive.stop()
    await delete_namespace_stream(nats_url, namespace)
    await drop_schema(database_url, archive_schema)
    await drop_schema(database_url, board_schema)


async def seated_game(nc: Client, platform: Platform, players: list[str], seed: int) -> PlayedGame:
    """Seat the players first (as the rules service does right after the
    start commit), then play the game to its end."""
    game_id = new_game_id()
    seat = SeatPlayers(game_id=game_id, player_ids=players)
    assert (await ask(nc, platform.archive_subjects.seat_players, seat)).get("error") is None
    return await play(platform.log, players=len(players), seed=seed, game_id=game_id)


async def history(nc: Client, platform: Platform, player: str) -> list[dict]:
    reply = await ask(nc, platform.subjects.history, GetHistory(game="toy", player_id=player))
    return reply.get("history", [])


async def wait_rated(
    nc: Client, platform: Platform, player: str, games: int, within: float = 30.0
) -> list[dict]:
    async with asyncio.timeout(within):
        while True:
            if len(found := await history(nc, platform, player)) >= games:
                return found
            await asyncio.sleep(0.2)


async def wait_metric(service: ServiceProcess, name: str, labels: str, at_least: float) -> None:
    async with asyncio.timeout(30):
        while True:
            if service.metric(name, labels) >= at_least:
                return
            await asyncio.sleep(0.2)


async def test_finished_games_are_rated_exactly_once(nc: Client, platform: Platform) -> None:
    tag = new_game_id("p")
    ann, bob, cy = f"ann-{tag}", f"bob-{tag}", f"cy-{tag}"
    first = await seated_game(nc, platform, [ann, bob], seed=21)
    await seated_game(nc, platform, [bob, cy, ann], seed=22)
    rated = await wait_rated(nc, platform, ann, 2)
    assert rated[0]["game_id"] == first.game_id

    top = await ask(nc, platform.subjects.top, GetTop(game="toy", limit=10))
    assert {r["player_id"] for r in top["ratings"]} == {ann, bob, cy}
    assert [r["rank"] for r in top["ratings"]] == [1, 2, 3]
    ordinals = [r["ordinal"] for r in top["ratings"]]
    assert ordinals == sorted(ordinals, reverse=True)
    rating = await ask(nc, platform.subjects.rating, GetRating(game="toy", player_id=ann))
    assert rating["rating"]["games"] == 2
    assert rating["rating"]["rank"] == next(
        r["rank"] for r in top["ratings"] if r["player_id"] == ann
    )
    assert rating["rating"]["mu"] == rated[-1]["mu"]

    # The same final commit again, at a new stream position (a replayed publish)…
    final = first.commits[-1]
    await nc.jetstream().publish(
        platform.log.topology.game_subject(first.game_id), final.to_bytes()
    )
    # …and every commit redelivered: the consumer is reset and the service restarted.
    assert platform.leaderboards.stop() == 0  # SIGTERM: a clean exit
    await nc.jetstream().delete_consumer(platform.log.topology.games_stream, "leaderboards")
    platform.leaderboards = platform.leaderboards.restart()
    await wait_metric(
        platform.leaderboards, "tabletop_leaderboards_commits_total", 'result="duplicate"', 2
    )
    assert [h["game_id"] for h in await history(nc, platform, ann)] == [h["game_id"] for h in rated]
    again = await ask(nc, platform.subjects.rating, GetRating(game="toy", player_id=ann))
    assert again["rating"] == rating["rating"]


async def test_unseated_games_are_skipped_and_bad_requests_answered(
    nc: Client, platform: Platform
) -> None:
    await play(platform.log, players=2, seed=4)  # nobody seated
    await wait_metric(
        platform.leaderboards, "tabletop_leaderboards_games_skipped_total", 'reason="no_players"', 1
    )
    for payload, code in [
        (b"nope", "malformed_request"),
        (b'{"game": "toy", "limit": 0}', "malformed_request"),
        (b'{"game": "toy", "player_id": "nobody"}', "unknown_player"),
    ]:
        for subject in (platform.subjects.rating, platform.subjects.history):
            reply = await ask(nc, subject, payload)
            assert reply["error"]["code"] == code, (subject, payload, reply)
    top = await ask(nc, platform.subjects.top, GetTop(game="no-such-game"))
    assert top["ratings"] == []
