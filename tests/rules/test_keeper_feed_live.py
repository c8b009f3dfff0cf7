"""The deadline keeper's commit feed against real NATS, on both links (the
rules process's `Wire` and nats-py): a clocked game's deadline is kept and
every commit acknowledged, and a commit whose record fails is nak'ed and
redelivered, then recorded as a redelivery."""

from __future__ import annotations

from typing import Any

import pytest
from nats.aio.client import Client

from tabletop.eventlog import Commit, EventLog, Topology, ensure_streams
from tabletop.eventlog.links import Link
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import StartGame
from tabletop.rules.deadlines import DeadlineKeeper
from tabletop.rules.engine import Rules
from tests.rules.counting_game import GAME as COUNTING
from tests.rules.test_clocks_live import held_deadline
from tests.rules.test_keeper_idle_live import play
from tests.support.clocks import keeper_caught_up
from tests.support.play import new_id

pytestmark = pytest.mark.integration


async def test_a_failed_record_is_redelivered_and_recorded_as_such(
    nc: Client, topology: Topology, link: Link
) -> None:
    js = nc.jetstream()
    await ensure_streams(js, topology)
    catalog = GameCatalog(extra=[COUNTING])
    rules = Rules(EventLog(js, topology), catalog)
    keeper = DeadlineKeeper(js, topology, rules.submit, catalog, link=link)
    recorded: list[tuple[int, bool]] = []
    record = keeper.record

    async def failing_once(commit: Commit, *, redelivered: bool = True) -> Any:
        recorded.append((commit.seq, redelivered))
        if commit.seq == 2 and len([seq for seq, _ in recorded if seq == 2]) == 1:
            raise RuntimeError("the bucket is away")
        return await record(commit, redelivered=redelivered)

    keeper.record = failing_once  # type: ignore[method-assign]
    await keeper.start()
    try:
        game_id = new_id()
        await rules.start(
            StartGame(game="counting", players=2, game_id=game_id, options={"target": 60},
                      clock={"initial_ms": 600_000})
        )  # fmt: skip
        await play(rules, game_id, 2)
        await keeper_caught_up(nc, topology)
        held = await held_deadline(nc, topology.namespace, game_id)
        assert held is not None and held.seq == 3
        # 2 failed, came back (nak'ed: a second later) as a redelivery; 1 and 3 once each.
        assert sorted(recorded) == [(1, False), (2, False), (2, True), (3, False)], recorded
    finally:
        await keeper.stop()
