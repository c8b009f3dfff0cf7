"""The deadline keeper against real NATS (its commits on either link): a
game that can never have a deadline (no clock, nobody seated) is read at
most once, however many commits it gets, while a clocked game beside it
still gets its deadline."""

from __future__ import annotations

from typing import Any

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.eventlog.links import Link
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import StartGame
from tabletop.rules.deadlines import DeadlineKeeper
from tabletop.rules.engine import Rules
from tests.rules.counting_game import GAME as COUNTING
from tests.rules.test_clocks_live import held_deadline
from tests.support.clocks import keeper_caught_up
from tests.support.play import add, new_id

pytestmark = pytest.mark.integration


async def play(rules: Rules, game_id: str, commands: int) -> None:
    head = await rules.head(game_id)
    assert head is not None
    seat = head.last.events[0]["first"]
    for n in range(commands):
        reply = await rules.submit(add(game_id, (seat + n) % 2, expected_seq=n + 1))
        assert reply.error is None, reply


async def test_a_game_without_clock_or_humans_is_read_at_most_once(
    nc: Client, topology: Topology, link: Link
) -> None:
    js = nc.jetstream()
    await ensure_streams(js, topology)
    catalog = GameCatalog(extra=[COUNTING])
    rules = Rules(EventLog(js, topology), catalog)
    keeper = DeadlineKeeper(js, topology, rules.submit, catalog, link=link)
    loads: list[str] = []
    load = keeper.log.load

    async def counted(game_id: str, *args: Any) -> Any:
        loads.append(game_id)
        return await load(game_id, *args)

    keeper.log.load = counted  # type: ignore[method-assign]
    await keeper.start()
    try:
        plain = (await rules.start(StartGame(game="counting", players=2, game_id=new_id(),
                                             options={"target": 60}))).game_id  # fmt: skip
        await play(rules, plain, 12)
        await keeper_caught_up(nc, topology)
        assert loads.count(plain) <= 1, loads  # before: one whole-game read per commit
        assert keeper.idle(plain)
        clocked = await rules.start(
            StartGame(game="counting", players=2, game_id=new_id(), options={"target": 60},
                      clock={"initial_ms": 600_000})
        )  # fmt: skip
        await play(rules, clocked.game_id, 3)
        await keeper_caught_up(nc, topology)
        assert not keeper.idle(clocked.game_id)
        held = await held_deadline(nc, topology.namespace, clocked.game_id)
        assert held is not None and held.seq == 4
    finally:
        await keeper.stop()
