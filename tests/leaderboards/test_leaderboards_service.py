"""Leaderboards and archive as subprocesses on real NATS and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams, next_commit
from tabletop.leaderboards.rerating import from_archive, rerate
from tabletop.messaging.archive import (
    ArchiveSubjects,
    GameSummary,
    GetCommits,
    GetGame,
    SeatPlayers,
)
from tabletop.messaging.leaderboards import (
    GetAround,
    GetHistory,
    GetRating,
    GetSeason,
    GetSeasons,
    GetTop,
    LeaderboardSubjects,
)
from tests.archive.play import PlayedGame, new_game_id, play
from tests.support.platform import ask
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import (
    ServiceProcess,
    archive_env,
    drop_schema,
    leaderboards_env,
    unique_schema,
)

pytestmark = [pytest.mark.integration]


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


async def wait_metric(
    service: ServiceProcess, name: str, labels: str, at_least: float, within: float = 30.0
) -> None:
    async with asyncio.timeout(within):
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


async def parked_messages(nc: Client, topology: Topology) -> list[dict[str, str]]:
    """The headers of every message in the namespace's dead-letter stream."""
    js = nc.jetstream()
    info = await js.stream_info(topology.dead_letters_stream)
    found = []
    for seq in range(info.state.first_seq, info.state.last_seq + 1):
        msg = await js.get_msg(topology.dead_letters_stream, seq)
        found.append(dict(msg.headers or {}))
    return found


async def test_a_poison_commit_is_parked_and_later_games_are_still_rated(
    nc: Client, platform: Platform
) -> None:
    """A well-formed commit that can never be rated (the third commit of a
    game whose first two never landed: it cannot be replayed) used to be
    naked forever, and with one commit in flight it froze the leaderboards.
    Now it is parked after its attempts, with the reason, and the next game
    is rated and archived. Bytes that are no commit are parked at once."""
    topology = platform.log.topology
    commit = None
    for seq in range(3):
        commit = next_commit(commit, game_id=new_game_id("poison") if commit is None
                             else commit.game_id, game="toy", command_id=f"c{seq}",
                             seat=None, events=[], rules_version="1")  # fmt: skip
    assert commit is not None and commit.seq == 3
    poison = commit
    js = nc.jetstream()
    await js.publish(topology.game_subject(poison.game_id), poison.to_bytes())
    await js.publish(topology.game_subject("garbage"), b"not a commit")
    tag = new_game_id("d")
    later = await seated_game(nc, platform, [f"ann-{tag}", f"bob-{tag}"], seed=31)

    rated = await wait_rated(nc, platform, f"ann-{tag}", 1, within=120)
    assert rated[0]["game_id"] == later.game_id
    reply = await ask(nc, platform.archive_subjects.commits, GetCommits(game_id=later.game_id))
    assert len(reply["commits"]) == len(later.commits)

    dead = "tabletop_dead_letters_total"
    lb = platform.leaderboards
    assert lb.metric(dead, 'cause="exhausted",consumer="leaderboards"') == 1
    assert lb.metric(dead, 'cause="malformed",consumer="leaderboards"') == 1
    archive = platform.archive.metric(
        "tabletop_dead_letters_total", 'cause="malformed",consumer="archive"'
    )
    assert archive == 1  # the archive stores the lone commit as it is (a chain break)
    parked = {(h["Tabletop-Consumer"], h["Tabletop-Cause"]): h
              for h in await parked_messages(nc, topology)}  # fmt: skip
    assert set(parked) == {
        ("leaderboards", "exhausted"), ("leaderboards", "malformed"), ("archive", "malformed")
    }  # fmt: skip
    exhausted = parked[("leaderboards", "exhausted")]
    assert exhausted["Tabletop-Subject"] == topology.game_subject(poison.game_id)
    assert exhausted["Tabletop-Deliveries"] == "10"  # LEADERBOARDS_MAX_ATTEMPTS' default
    assert exhausted["Tabletop-Reason"].startswith("failed 10 attempts: ")


async def test_seasons_around_me_bots_only_and_rerating_from_the_archive(
    nc: Client, platform: Platform
) -> None:
    tag = new_game_id("s")
    ann, bob, cy, dee = (f"{p}-{tag}" for p in ("ann", "bob", "cy", "dee"))
    played = [
        await seated_game(nc, platform, [ann, bob], seed=31),
        await seated_game(nc, platform, [cy, dee, ann], seed=32),
        await seated_game(nc, platform, [bob, dee], seed=33),
    ]
    bots = await seated_game(nc, platform, ["bot-easy-1", "bot-hard-1"], seed=34)
    # A game the archive has not seen yet is retried; the redelivery can take the
    # consumer's ack wait (30 s), so wait longer than the other tests do.
    await wait_rated(nc, platform, dee, 2, within=120)
    skipped = "tabletop_leaderboards_games_skipped_total"
    await wait_metric(platform.leaderboards, skipped, 'reason="bots_only"', 1, within=120)
    bot = await ask(nc, platform.subjects.rating, GetRating(game="toy", player_id="bot-easy-1"))
    assert bot["error"]["code"] == "unknown_player"  # the bot-only game moved nothing

    seasons = await ask(nc, platform.subjects.seasons, GetSeasons(game="toy"))
    assert seasons["seasons"] == [seasons["current"]]
    season = await ask(
        nc, platform.subjects.season, GetSeason(game="toy", season=seasons["current"], limit=50)
    )
    top = await ask(nc, platform.subjects.top, GetTop(game="toy", limit=50))
    mine = {ann, bob, cy, dee}
    board = [(r["player_id"], r["ordinal"], r["games"]) for r in top["ratings"]]
    assert [r for r in board if r[0] in mine] == [
        (r["player_id"], r["ordinal"], r["games"])
        for r in season["ratings"]
        if r["player_id"] in mine
    ]  # one season so far: its board is the board

    around = await ask(nc, platform.subjects.around, GetAround(game="toy", player_id=cy, span=1))
    ranks = [r["rank"] for r in around["ratings"]]
    me = next(r for r in around["ratings"] if r["player_id"] == cy)
    assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))  # consecutive places
    assert ranks[0] == max(1, me["rank"] - 1) and len(ranks) <= 3
    assert len(ranks) == 3 or me["rank"] in (1, len(top["ratings"]))
    unknown = await ask(nc, platform.subjects.around, GetAround(game="toy", player_id="nobody"))
    assert unknown["error"]["code"] == "unknown_player"

    # Re-rated from the archive's record of the games, the ratings are the live board's.
    summaries = []
    for game in [*played, bots]:
        reply = await ask(nc, platform.archive_subjects.game, GetGame(game_id=game.game_id))
        summaries.append(GameSummary.model_validate(reply["game"]))
    standings = rerate(from_archive(summaries))
    live = {r["player_id"]: r for r in top["ratings"] if r["player_id"] in mine}
    assert set(live) == {p for _, p in standings if p in mine}
    for (_, player), standing in standings.items():
        if player in mine:
            assert live[player]["mu"] == pytest.approx(standing.skill.mu, abs=1e-9)
            assert live[player]["sigma"] == pytest.approx(standing.skill.sigma, abs=1e-9)
            assert live[player]["games"] == standing.games
