"""Games without a clock against real NATS: one in which no human moved for
`RULES_ABANDON_AFTER_MS` ends as abandoned (a bot's moves do not keep it
alive, a human's move does), and one nobody seated keeps no deadline."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from nats.aio.client import Client
from nats.js.errors import NotFoundError
from nats.js.kv import KeyValue

from tabletop.eventlog import Commit, EventLog, Topology
from tabletop.messaging import RulesClient, StartGame, SubmitCommand
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tests.rules.test_clocks_live import held_deadline
from tests.support.clocks import keeper_caught_up
from tests.support.play import add, new_id, start, turn
from tests.support.rules_process import COUNTING, RulesProcess
from tests.support.servers import delete_namespace_stream, unique_namespace
from tests.support.stateful_services import TOY

pytestmark = pytest.mark.integration

ABANDON_AFTER_MS = 2000
TOLERANCE_MS = 1500  # the keeper's timer, one request, one append, on a loaded machine


@pytest.fixture
async def seats(nc: Client) -> AsyncIterator[tuple[str, KeyValue]]:
    """A namespace whose seats bucket exists before the keeper starts (as
    matchmaking makes it), and the bucket."""
    namespace = unique_namespace()
    topology = Topology(namespace=namespace)
    js = nc.jetstream()
    config = next(c for c in topology.key_value_configs() if c.bucket == topology.seats_bucket)
    bucket = await js.create_key_value(config)
    yield namespace, bucket
    with contextlib.suppress(NotFoundError):
        await js.delete_key_value(topology.seats_bucket)


@pytest.fixture
async def abandoning(
    nats_url: str, seats: tuple[str, KeyValue], tmp_path: Path
) -> AsyncIterator[RulesProcess]:
    namespace, _ = seats
    process = RulesProcess.start(
        nats_url,
        namespace,
        tmp_path,
        extra_env={"RULES_ABANDON_AFTER_MS": str(ABANDON_AFTER_MS),
                   "RULES_EXTRA_GAMES": f"{COUNTING},{TOY}"},  # toy: three seats
    )  # fmt: skip
    yield process
    process.stop()
    await delete_namespace_stream(nats_url, namespace)


async def start_seated(
    client: RulesClient,
    bucket: KeyValue,
    bots: set[int] | None = None,
    game: str = "counting",
    players: int = 2,
) -> str:
    """A game without a clock (counting unless `game` says), seated by `bucket`
    (`bots`: its bot seats)."""
    game_id = new_id()
    infos = [SeatInfo(player_id=f"p{s}", bot="random" if s in (bots or set()) else None)
             for s in range(players)]  # fmt: skip
    await bucket.put(
        game_id, Seating(game_id=game_id, game=game, seats=infos).model_dump_json().encode()
    )
    await client.start_game(
        StartGame(
            game=game,
            players=players,
            options={"target": 30} if game == "counting" else {},
            game_id=game_id,
        )
    )
    return game_id


async def wait_for_end(log: EventLog, game_id: str, within: float) -> list[Commit]:
    deadline = time.monotonic() + within
    while True:
        commits, _ = await log.load(game_id)
        if any(e["type"] == "platform.ended" for e in commits[-1].events):
            return commits
        assert time.monotonic() < deadline, [c.events for c in commits]
        await asyncio.sleep(0.05)


def end_reason(commit: Commit) -> object:
    return next(e["reason"] for e in commit.events if e["type"] == "platform.ended")


async def test_a_game_no_human_moved_in_ends_as_abandoned(
    nc: Client, seats: tuple[str, KeyValue], abandoning: RulesProcess
) -> None:
    namespace, bucket = seats
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    game_id = await start_seated(client, bucket, bots={1})
    commits = await wait_for_end(log, game_id, within=20)
    first, last = commits[0], commits[-1]
    assert len(commits) == 2 and end_reason(last) == "abandoned", [c.events for c in commits]
    assert first.at is not None and last.at is not None
    idle = last.at - first.at
    assert ABANDON_AFTER_MS <= idle <= ABANDON_AFTER_MS + TOLERANCE_MS, idle


async def test_a_human_move_keeps_the_game_and_a_bot_move_does_not(
    nc: Client, seats: tuple[str, KeyValue], abandoning: RulesProcess
) -> None:
    namespace, bucket = seats
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    human = 0
    game_id = await start_seated(client, bucket, bots={1})
    seat, seq = await turn(log, game_id)
    if seat != human:  # the seed chose the bot to open
        await client.submit(add(game_id, seat, expected_seq=seq))
        seat, seq = await turn(log, game_id)
    await asyncio.sleep(ABANDON_AFTER_MS * 0.6 / 1000)
    moved = await client.submit(add(game_id, human, expected_seq=seq))  # the human's move
    await asyncio.sleep(ABANDON_AFTER_MS * 0.3 / 1000)
    bot = await client.submit(add(game_id, 1 - human, expected_seq=moved.seq))  # the bot's
    commits = await wait_for_end(log, game_id, within=20)
    last = commits[-1]
    human_move, bot_move = (next(c for c in commits if c.seq == n) for n in (moved.seq, bot.seq))
    assert end_reason(last) == "abandoned" and last.seq == bot.seq + 1
    assert human_move.at is not None and bot_move.at is not None and last.at is not None
    idle = last.at - human_move.at  # counted from the human's move, not the bot's
    assert ABANDON_AFTER_MS <= idle <= ABANDON_AFTER_MS + TOLERANCE_MS, idle
    assert last.at - bot_move.at < ABANDON_AFTER_MS


async def test_a_game_whose_humans_all_left_ends_as_abandoned_at_once(
    nc: Client, seats: tuple[str, KeyValue], abandoning: RulesProcess
) -> None:
    """Three seats, two of them bots: once the human resigned the bots would
    play each other for ever; the keeper ends the game right after."""
    namespace, bucket = seats
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    log = EventLog(nc.jetstream(), Topology(namespace=namespace))
    game_id = await start_seated(client, bucket, bots={1, 2}, game="toy", players=3)
    resign = {"type": "resign", "seat": 0}
    await client.submit(SubmitCommand(game_id=game_id, command_id=new_id("r"), command=resign))
    commits = await wait_for_end(log, game_id, within=ABANDON_AFTER_MS / 1000 * 0.9)
    last = commits[-1]
    assert end_reason(last) == "abandoned", [c.events for c in commits]
    assert last.seq == 3  # start, the resignation, the end (nobody moved for the bots here)


async def test_games_without_a_human_keep_no_deadline(
    nc: Client, seats: tuple[str, KeyValue], abandoning: RulesProcess
) -> None:
    """Bot-only and unseated games end by their bots or the commit cap."""
    namespace, bucket = seats
    client = RulesClient(nc, namespace=namespace, timeout=10.0)
    bots_only = await start_seated(client, bucket, bots={0, 1})
    unseated = await start(client)
    watched = await start_seated(client, bucket, bots={1})
    await keeper_caught_up(nc, Topology(namespace=namespace))
    assert await held_deadline(nc, namespace, watched) is not None
    assert await held_deadline(nc, namespace, bots_only) is None
    assert await held_deadline(nc, namespace, unseated) is None
