"""Matchmaking over real NATS: first come first served, bot backfill, leave,
tickets that survive a restart, and bot-only tables played to the end."""

from __future__ import annotations

import contextlib
import json

import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.errors import NotFoundError
from prometheus_client import CollectorRegistry

from tabletop.eventlog import Topology, ensure_key_values
from tabletop.matchmaking.matchmaker import Matchmaker
from tabletop.matchmaking.metrics import MatchmakingMetrics
from tabletop.matchmaking.queues import queue_key
from tabletop.matchmaking.settings import MatchmakingSettings
from tabletop.matchmaking.store import MatchmakingStore
from tabletop.messaging.archive import ArchiveSubjects
from tabletop.messaging.matchmaking import (
    GetTicket,
    JoinQueue,
    LeaveQueue,
    MatchmakingSubjects,
    Seating,
    TicketStatus,
)
from tests.support.platform import Platform, ask, eventually
from tests.support.platform_play import finished
from tests.support.rules_process import RulesProcess

pytestmark = [pytest.mark.integration]

GAME = "schotten-totten"


def subjects(platform: Platform) -> MatchmakingSubjects:
    return MatchmakingSubjects(namespace=platform.namespace)


async def seating(nc: Client, platform: Platform, game_id: str) -> Seating:
    kv = await nc.jetstream().key_value(platform.topology.seats_bucket)
    return Seating.model_validate_json((await kv.get(game_id)).value or b"")


async def test_two_bot_tickets_are_matched_and_played_to_the_end(
    nc: Client, platform: Platform
) -> None:
    platform.start_all(
        {"rules": {}, "archive": {}, "matchmaking": {"MATCHMAKING_BOT_WAIT": "600"}, "bots": {}}
    )
    mm = subjects(platform)
    first = await ask(nc, mm.join, JoinQueue(player_id="ann", game=GAME, players=2, bot="easy"))
    assert first["ticket"]["status"] == "waiting"
    second = await ask(nc, mm.join, JoinQueue(player_id="ben", game=GAME, players=2, bot="medium"))
    ticket = second["ticket"]
    assert ticket["status"] == "matched" and ticket["seat"] == 1
    game_id = ticket["game_id"]
    seats = await seating(nc, platform, game_id)
    assert seats.player_ids == ["ann", "ben"] and seats.bot_seats() == {0: "easy", 1: "medium"}
    commits = await eventually(
        lambda: finished(nc, platform.topology, game_id), within=60, what="finished game"
    )
    ids = [c.command_id for c in commits[1:]]
    assert len(ids) == len(set(ids))
    assert all(c.command_id == f"bot-{game_id}-{c.seq - 1}-{c.seat}" for c in commits[1:])


async def test_tickets_survive_a_restart_and_leave_is_refused_once_matched(
    nc: Client, platform: Platform
) -> None:
    platform.start_all({"rules": {}, "archive": {}})
    matchmaking = platform.start("matchmaking", MATCHMAKING_BOT_WAIT="600")
    mm = subjects(platform)
    found = await nc.subscribe(mm.found_all)
    waiting = (await ask(nc, mm.join, JoinQueue(player_id="cat", game=GAME, players=2)))["ticket"]
    again = (await ask(nc, mm.join, JoinQueue(player_id="cat", game=GAME, players=2)))["ticket"]
    assert again["ticket_id"] == waiting["ticket_id"]  # joining twice is one ticket
    other = await ask(nc, mm.join, JoinQueue(player_id="cat", game=GAME, players=2,
                                             options={"variant": "tactics"}))  # fmt: skip
    assert other["error"]["code"] == "already_queued"

    platform.processes.remove(matchmaking)
    platform.processes.append(matchmaking.restart())
    status = (await ask(nc, mm.status, GetTicket(player_id="cat")))["ticket"]
    assert status == waiting

    dan = (await ask(nc, mm.join, JoinQueue(player_id="dan", game=GAME, players=2)))["ticket"]
    assert dan["status"] == "matched" and dan["seat"] == 1
    cat = (await ask(nc, mm.status, GetTicket(player_id="cat")))["ticket"]
    assert (cat["status"], cat["seat"], cat["game_id"]) == ("matched", 0, dan["game_id"])
    messages = [json.loads((await found.next_msg(timeout=5)).data) for _ in range(2)]
    assert {(m["player_id"], m["seat"], m["game_id"]) for m in messages} == {
        ("cat", 0, dan["game_id"]),
        ("dan", 1, dan["game_id"]),
    }
    refused = await ask(nc, mm.leave, LeaveQueue(player_id="cat"))
    assert refused["error"]["code"] == "already_matched"


async def test_leave_and_bot_backfill(nc: Client, platform: Platform) -> None:
    platform.start_all(
        {
            "rules": {},
            "archive": {},
            "matchmaking": {"MATCHMAKING_BOT_WAIT": "1", "MATCHMAKING_TICK": "0.2"},
        }
    )
    mm = subjects(platform)
    await ask(nc, mm.join, JoinQueue(player_id="eve", game=GAME, players=2))
    left = (await ask(nc, mm.leave, LeaveQueue(player_id="eve")))["ticket"]
    assert left["status"] == "cancelled"

    # Fay joins the same queue at once. Were eve still in it, fay would be
    # seated with her (first come first served); a tick backfills the oldest
    # ticket first, so the tick that gives fay her bot has passed eve by.
    await ask(nc, mm.join, JoinQueue(player_id="fay", game=GAME, players=2, bot_difficulty="easy"))

    async def matched() -> dict | None:
        ticket = (await ask(nc, mm.status, GetTicket(player_id="fay")))["ticket"]
        return ticket if ticket["status"] == "matched" else None

    ticket = await eventually(matched, within=15, what="backfilled match")
    seats = await seating(nc, platform, ticket["game_id"])
    assert seats.player_ids == ["fay", "bot-easy-1"]
    assert seats.bot_seats() == {1: "easy"}
    eve = (await ask(nc, mm.status, GetTicket(player_id="eve")))["ticket"]
    assert (eve["status"], eve["game_id"]) == ("cancelled", None)  # never backfilled


async def test_bad_requests_get_clear_errors(nc: Client, platform: Platform) -> None:
    platform.start("matchmaking")
    mm = subjects(platform)
    assert (await ask(nc, mm.join, b"{not json"))["error"]["code"] == "malformed_request"
    unknown = await ask(nc, mm.join, JoinQueue(player_id="gus", game="chess", players=2))
    assert unknown["error"]["code"] == "unknown_game"
    too_many = await ask(nc, mm.join, JoinQueue(player_id="gus", game=GAME, players=5))
    assert too_many["error"]["code"] == "invalid_options"
    assert (await ask(nc, mm.status, GetTicket(player_id="nobody")))["error"]["code"] == "no_ticket"


async def test_the_tick_lists_the_queues_not_every_ticket_ever_written(
    nc: Client, rules_service: RulesProcess
) -> None:
    """Each tick lists the queues. With the tickets of 200 players (100 matched,
    100 cancelled) stored, the listing finds the two queues and never reads the
    tickets bucket: a tick costs O(queues), not O(players who ever queued)."""
    namespace = rules_service.namespace  # the rules service starts the matched games
    topology = Topology(namespace=namespace)
    js = nc.jetstream()
    await ensure_key_values(js, topology)

    async def seat_players(msg: Msg) -> None:  # the archive's answer, stubbed: seated as asked
        await msg.respond(msg.data)

    archive = await nc.subscribe(ArchiveSubjects(namespace=namespace).seat_players, cb=seat_players)
    try:
        tickets = await js.key_value(topology.tickets_bucket)
        queues = await js.key_value(topology.queues_bucket)
        store = MatchmakingStore(tickets, queues, await js.key_value(topology.seats_bucket))
        settings = MatchmakingSettings(namespace=namespace, bot_wait=600, max_open_games=0)
        matchmaker = Matchmaker(store, nc, settings, MatchmakingMetrics(CollectorRegistry()))
        tactics = {"variant": "tactics"}
        for n in range(100):  # pairs in the plain queue are matched
            ticket = await matchmaker.join(JoinQueue(player_id=f"m{n}", game=GAME, players=2))
            assert ticket.status == (TicketStatus.MATCHED if n % 2 else TicketStatus.WAITING)
        for n in range(100):  # players of the tactics queue leave before a second one comes
            join = JoinQueue(player_id=f"c{n}", game=GAME, players=2, options=tactics)
            await matchmaker.join(join)
            left = await matchmaker.leave(LeaveQueue(player_id=f"c{n}"))
            assert left.status == TicketStatus.CANCELLED

        def listed(*args: object, **kwargs: object) -> None:
            raise AssertionError("the tickets bucket was listed")

        tickets.watch = listed  # type: ignore[method-assign]  # keys() and history() watch
        expected = {queue_key(GAME, 2, {}), queue_key(GAME, 2, tactics)}
        assert set(await store.queue_keys()) == expected
        await matchmaker.tick()
        assert (await tickets.status()).values == 200  # one ticket per player, kept
        assert (await queues.status()).values == len(expected)  # the queues bucket: queues only
    finally:
        await archive.unsubscribe()
        # The buckets only: the games stream is the (session-wide) rules service's.
        for config in topology.key_value_configs():
            with contextlib.suppress(NotFoundError):
                await js.delete_key_value(config.bucket)
