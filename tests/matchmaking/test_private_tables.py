"""Private tables: the pure steps (create, join, leave, expiry, who may
start), and over real NATS: invite code, friends join, start when full or
fill with bots on request, expiry."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

import pytest
from nats.aio.client import Client
from nats.js.errors import NoKeysError

from tabletop.matchmaking.private_tables import (
    check_start,
    current,
    joined,
    left,
    new_code,
    new_table,
    table_match,
    table_queue_key,
)
from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal
from tabletop.messaging.matchmaking import GetTicket, JoinQueue, MatchmakingSubjects, Seating
from tabletop.messaging.private_tables import (
    CODE_ALPHABET,
    CreateTable,
    GetTable,
    JoinTable,
    PrivateTable,
    StartTable,
    TableStatus,
    TableSubjects,
)
from tests.support.platform import Platform, ask, eventually

GAME = "splendor"


def table(players: int = 3, expires_in: float = 60.0) -> PrivateTable:
    request = CreateTable(player_id="host", game=GAME, players=players, expires_in=expires_in)
    return new_table(request, "ABCDEFGH", now=100.0)


def refused(code: str, work: Callable[[], object]) -> None:
    with pytest.raises(Refusal) as caught:
        work()
    assert caught.value.code == code


def test_invite_codes_are_readable_and_not_guessable() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == 8 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert new_code(random.Random(1)) == new_code(random.Random(1))


def test_friends_join_once_each_until_the_table_is_full() -> None:
    t = joined(joined(table(), "ann", 101), "ann", 102)
    assert t.members == ["host", "ann"]
    t = joined(t, "bob", 103)
    refused(ServiceCode.TABLE_FULL, lambda: joined(t, "cy", 104))
    match = table_match(t, 105)
    assert match.seating.player_ids == ["host", "ann", "bob"] and not match.seating.bot_seats()


def test_only_the_host_starts_and_a_short_table_needs_bots() -> None:
    t = joined(table(), "ann", 101)
    refused(ServiceCode.NOT_TABLE_HOST, lambda: check_start(t, "ann", True, 102))
    refused(ServiceCode.TABLE_NOT_FULL, lambda: check_start(t, "host", False, 102))
    check_start(t, "host", True, 102)
    match = table_match(t, 102)
    assert match.seating.player_ids[:2] == ["host", "ann"]
    assert match.seating.bot_seats() == {2: "easy"}


def test_a_table_nobody_filled_expires_and_the_host_leaving_closes_it() -> None:
    t = table(expires_in=30)
    assert current(t, 129.9).status == TableStatus.OPEN
    assert current(t, 130.0).status == TableStatus.EXPIRED
    refused(ServiceCode.TABLE_CLOSED, lambda: joined(t, "ann", 131))
    with_ann = joined(t, "ann", 101)
    assert left(with_ann, "ann", 102).members == ["host"]
    assert left(with_ann, "host", 102).status == TableStatus.EXPIRED


@pytest.mark.integration
async def test_private_tables_over_nats(nc: Client, platform: Platform) -> None:
    platform.start_all({"rules": {}, "archive": {}, "matchmaking": {"MATCHMAKING_BOT_WAIT": "600"}})
    tables = TableSubjects(namespace=platform.namespace)
    mm = MatchmakingSubjects(namespace=platform.namespace)
    # A table nobody joins expires (10 s is the shortest wait a table may
    # ask for): made first, so its wait passes while the rest is checked.
    lonely = await ask(nc, tables.create, CreateTable(player_id="pia", game=GAME, players=2,
                                                      expires_in=10))  # fmt: skip
    assert lonely["table"]["status"] == "open"
    assert lonely["table"]["expires_at"] == pytest.approx(lonely["table"]["created_at"] + 10)

    # Three friends: the table starts on the join that fills it.
    made = await ask(nc, tables.create, CreateTable(player_id="ivy", game=GAME, players=3))
    code = made["table"]["code"]
    assert made["table"]["status"] == "open" and made["table"]["members"] == ["ivy"]
    assert (await ask(nc, tables.join, JoinTable(player_id="jon", code=code)))["table"][
        "status"
    ] == "open"
    full = (await ask(nc, tables.join, JoinTable(player_id="kim", code=code)))["table"]
    assert full["status"] == "started" and full["game_id"]
    ticket = (await ask(nc, mm.status, GetTicket(player_id="kim")))["ticket"]
    assert (ticket["status"], ticket["game_id"], ticket["seat"]) == ("matched", full["game_id"], 2)
    kv = await nc.jetstream().key_value(platform.topology.seats_bucket)
    seats = Seating.model_validate_json((await kv.get(full["game_id"])).value or b"")
    assert seats.player_ids == ["ivy", "jon", "kim"]
    late = await ask(nc, tables.join, JoinTable(player_id="lee", code=code))
    assert late["error"]["code"] == "table_closed"

    # Two of four, the host fills the rest with bots of the level asked for.
    made = await ask(nc, tables.create, CreateTable(player_id="mo", game=GAME, players=4,
                                                    bot_difficulty="medium"))  # fmt: skip
    code = made["table"]["code"]
    await ask(nc, tables.join, JoinTable(player_id="ned", code=code))
    not_host = await ask(nc, tables.start, StartTable(player_id="ned", code=code))
    assert not_host["error"]["code"] == "not_table_host"
    short = await ask(nc, tables.start, StartTable(player_id="mo", code=code))
    assert short["error"]["code"] == "table_not_full"
    filled = (await ask(nc, tables.start, StartTable(player_id="mo", code=code,
                                                     fill_with_bots=True)))["table"]  # fmt: skip
    seats = Seating.model_validate_json((await kv.get(filled["game_id"])).value or b"")
    assert seats.player_ids[:2] == ["mo", "ned"] and seats.bot_seats() == {2: "medium", 3: "medium"}
    # Each started table's queue served its one match: the tick deletes the key.
    queues = await nc.jetstream().key_value(platform.topology.queues_bucket)
    done = {table_queue_key(full["code"]), table_queue_key(filled["code"])}

    async def dropped() -> bool:
        try:
            return not done & set(await queues.keys())
        except NoKeysError:
            return True

    await eventually(dropped, within=30, what="the started tables' queue keys deleted")

    # Someone in the public queue is told to leave it first; an unknown code is a 404 code.
    await ask(nc, mm.join, JoinQueue(player_id="oz", game=GAME, players=2))
    queued = await ask(nc, tables.create, CreateTable(player_id="oz", game=GAME, players=2))
    assert queued["error"]["code"] == "already_queued"
    unknown = await ask(nc, tables.get, GetTable(code="ZZZZZZZZ"))
    assert unknown["error"]["code"] == "unknown_table"

    # The lonely table, once its time is up (the service's clock is this machine's).
    await asyncio.sleep(max(0.0, lonely["table"]["expires_at"] + 0.2 - time.time()))
    code = lonely["table"]["code"]
    assert (await ask(nc, tables.get, GetTable(code=code)))["table"]["status"] == "expired"
    gone = await ask(nc, tables.join, JoinTable(player_id="quin", code=code))
    assert gone["error"]["code"] == "table_closed"
