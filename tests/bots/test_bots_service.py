"""Bots over real NATS: two worker processes split the work; a worker that
dies mid-move (before or after submitting) loses nothing and doubles nothing;
search iterations reach /metrics; the scaling benchmark runs end to end."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest
from nats.aio.client import Client
from prometheus_client import CollectorRegistry
from typer.testing import CliRunner

from tabletop.bots.metrics import BotsMetrics
from tabletop.bots.worker import BotWorker
from tabletop.cli.main import app
from tabletop.eventlog import Commit, EventLog, GameHeads, ensure_key_values, ensure_streams
from tabletop.games import get_game
from tabletop.messaging import ArchiveClient, RulesClient, StartGame
from tabletop.messaging.matchmaking import JoinQueue, MatchmakingSubjects, SeatInfo, Seating
from tabletop.messaging.seating import SeatingDirectory
from tabletop.runtime import Verdict
from tests.support.platform import Platform, ask, eventually
from tests.support.platform_play import commits_of, finished, seated

pytestmark = [pytest.mark.integration]

GAME = "schotten-totten"


async def bot_table(
    nc: Client, platform: Platform, names: tuple[str, str], bot: str = "easy"
) -> str:
    """Two bot tickets: a game where both seats are bots. Returns its id."""
    mm = MatchmakingSubjects(namespace=platform.namespace)
    for name in names:
        reply = await ask(nc, mm.join, JoinQueue(player_id=name, game=GAME, players=2, bot=bot))
    return reply["ticket"]["game_id"]


async def test_search_iterations_and_think_time_are_exported(
    nc: Client, platform: Platform
) -> None:
    # No archive here, so no open-games count (it needs the archive): the cap is off.
    nocap = {"MATCHMAKING_BOT_WAIT": "600", "MATCHMAKING_MAX_OPEN_GAMES": "0"}
    platform.start_all({"rules": {}, "matchmaking": nocap, "bots": {}})
    bots = platform.processes[-1]
    await bot_table(nc, platform, ("ann", "bob"), bot="hard")

    async def searched() -> dict[str, float] | None:
        samples = {  # one scrape: the bots go on moving between two
            line.split(" ")[0]: float(line.rsplit(" ", 1)[1])
            for line in bots.metrics().splitlines()
            if line.startswith(("tabletop_bots_search_iterations_", "tabletop_bots_think_seconds_"))
        }
        return samples if samples.get("tabletop_bots_search_iterations_count") else None

    samples = await eventually(searched, within=30, what="a searched move in /metrics")
    moves = samples["tabletop_bots_search_iterations_count"]
    assert samples["tabletop_bots_search_iterations_sum"] >= moves  # a search ran each
    assert samples["tabletop_bots_think_seconds_count"] >= moves


async def test_an_unbounded_spec_in_a_seating_plays_the_default_level(
    nc: Client, platform: Platform
) -> None:
    """A seating written by another route than matchmaking names a raw spec
    ("ismcts:99999999s"): the bots refuse to run it, play the default level
    (random: instant moves), and count the fallback."""
    topology = platform.topology
    game_id = "g-unbounded"
    seats = [SeatInfo(player_id=f"b{s}", bot="ismcts:99999999s") for s in range(2)]
    await seated(nc, topology, Seating(game_id=game_id, game=GAME, seats=seats))
    platform.start_all({"rules": {}, "bots": {}})
    bots = platform.processes[-1]
    rules = RulesClient(nc, platform.namespace, timeout=10)
    start = StartGame(game=GAME, players=2, game_id=game_id, command_id="start")
    await rules.start_game(start)  # raises when refused
    commits = await eventually(
        lambda: finished(nc, topology, game_id), within=30, what="a finished game"
    )
    assert_each_move_once(commits)
    assert bots.metric("tabletop_bots_level_fallbacks_total") >= len(commits) - 1
    assert bots.metric("tabletop_bots_search_iterations_count") == 0  # nobody searched


def assert_each_move_once(commits: list[Commit]) -> None:
    ids = Counter(commit.command_id for commit in commits)
    assert max(ids.values()) == 1, ids.most_common(3)
    game_id = commits[0].game_id
    for commit in commits[1:]:  # move n+1 answers commit n, from the seat that acted
        assert commit.command_id == f"bot-{game_id}-{commit.seq - 1}-{commit.seat}"


async def test_two_bot_workers_split_the_work(nc: Client, platform: Platform) -> None:
    one_at_a_time = {"BOTS_FETCH_BATCH": "1"}
    platform.start_all({"rules": {}, "archive": {}, "matchmaking": {"MATCHMAKING_BOT_WAIT": "600"}})
    workers = [platform.start("bots", **one_at_a_time), platform.start("bots", **one_at_a_time)]
    game_ids = [await bot_table(nc, platform, (f"a{i}", f"b{i}")) for i in range(3)]
    for game_id in game_ids:
        commits = await eventually(
            lambda g=game_id: finished(nc, platform.topology, g), within=90, what="finished game"
        )
        assert_each_move_once(commits)
    moved = [w.metric("tabletop_bots_moves_total", 'answer="accepted"') for w in workers]
    assert all(count > 0 for count in moved), moved


async def test_a_worker_killed_mid_move_loses_nothing_and_doubles_nothing(
    nc: Client, platform: Platform
) -> None:
    js = nc.jetstream()
    topology = platform.topology
    await ensure_streams(js, topology)
    await ensure_key_values(js, topology)
    await js.add_consumer(topology.games_stream, topology.bots_consumer_config(ack_wait=2.0))
    platform.start_all({"rules": {}, "archive": {}, "matchmaking": {"MATCHMAKING_BOT_WAIT": "600"}})
    game_id = await bot_table(nc, platform, ("kim", "lee"))

    # "Worker A", in this process: it takes commits off the shared consumer and dies unacked.
    worker = BotWorker(
        GameHeads(EventLog(js, topology), get_game),
        SeatingDirectory(
            await js.key_value(topology.seats_bucket), ArchiveClient(nc, platform.namespace)
        ),
        RulesClient(nc, platform.namespace, timeout=10),
        BotsMetrics(CollectorRegistry()),
    )
    taken = await js.pull_subscribe_bind("bots", topology.games_stream)
    [first] = await taken.fetch(1, timeout=10)
    assert await worker.handle(first.data) == Verdict.ACK  # moved; killed before the ack
    [second] = await taken.fetch(1, timeout=10)
    # Two racers on one commit (say, A and a redelivery): one lands, one is a duplicate.
    verdicts = await asyncio.gather(worker.handle(second.data), worker.handle(second.data))
    assert verdicts == [Verdict.ACK, Verdict.ACK]
    assert len(await commits_of(nc, topology, game_id)) == 3
    await taken.unsubscribe()  # A is gone: commits 1 and 2 were never acked

    platform.start("bots")  # worker B gets them again after ack_wait, and plays on
    commits = await eventually(
        lambda: finished(nc, topology, game_id), within=90, what="finished game"
    )
    assert_each_move_once(commits)


def test_the_scaling_benchmark_prints_moves_per_second(nats_url: str) -> None:
    args = ["bench-bots", "--seconds", "1", "--games", "2", "--level", "medium"]
    result = CliRunner().invoke(app, args, env={"NATS_URL": nats_url})
    assert result.exit_code == 0, result.output
    assert "NATS_URL" in result.output and "moves/s" in result.output
    rows = [line.split("│")[1:-1] for line in result.output.splitlines() if line.count("│") == 6]
    assert [int(row[0]) for row in rows] == [1, 2]  # one row per worker count
    assert all(float(row[3]) > 0 and float(row[4]) >= 0 for row in rows), result.output
    assert "scaling, 2/1 workers:" in result.output
