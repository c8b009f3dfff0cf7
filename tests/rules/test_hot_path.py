"""The plain-subscription path that serves starts and commands (`tabletop.rules.hot_path`): the
replies and codes of the faststream handler, and a game's commands decided
one after another while other games' appends are in flight together."""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any

import pytest
from faststream.nats import TestNatsBroker
from nats.aio.client import Client
from nats.errors import NoRespondersError
from nats.errors import TimeoutError as NatsTimeout

from tabletop.eventlog import Commit, MemoryEventLog
from tabletop.eventlog.links import Link
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import RulesReply, ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.subjects import RULES_AT_HEADER
from tabletop.rules.app import create_app
from tabletop.rules.engine import Rules
from tabletop.rules.hot_path import SubmitPath
from tabletop.rules.settings import RulesSettings
from tests.rules.counting_game import GAME as COUNTING


class SlowLog(MemoryEventLog):
    """Appends that take a while (a broker round trip), counting how many overlap."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight = self.most_in_flight = 0

    async def append(
        self, commit: Commit, expected_last_subject_seq: int, data: bytes | None = None
    ) -> int:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0.02)
            return await super().append(commit, expected_last_subject_seq, data)
        finally:
            self.in_flight -= 1


def refuse(code: ServiceCode, message: str) -> dict[str, Any]:
    return RulesReply.refused(code, message).to_wire()


async def served(log: MemoryEventLog, *game_ids: str) -> tuple[Rules, SubmitPath]:
    rules = Rules(log, GameCatalog(extra=[COUNTING]))
    for game_id in game_ids:
        await rules.start(StartGame(game="counting", players=2, seed=1, game_id=game_id))
    path = SubmitPath("t.rules.submit", "rules", 64, rules.submit, refuse, logging.getLogger())
    return rules, path


def add(game_id: str, seat: int, command_id: str, expected_seq: int) -> bytes:
    command = {"type": "add", "seat": seat, "amount": 1}
    return (
        SubmitCommand(
            game_id=game_id, command_id=command_id, command=command, expected_seq=expected_seq
        )
        .model_dump_json()
        .encode()
    )


async def test_commands_sent_together_to_one_game_land_in_order() -> None:
    log = SlowLog()
    rules, path = await served(log, "g")
    head = await rules.head("g")
    assert head is not None
    seat = head.state.turn
    # The second is based on the seq the first lands at: decided before the
    # first landed, it would be refused as stale.
    first, second = await asyncio.gather(
        path.answer(add("g", seat, "c1", expected_seq=1)),
        path.answer(add("g", 1 - seat, "c2", expected_seq=2)),
    )
    assert json.loads(first) == {"accepted": True, "game_id": "g", "seq": 2, "error": None}
    assert json.loads(second) == {"accepted": True, "game_id": "g", "seq": 3, "error": None}
    assert rules.conflicts == 0 and log.most_in_flight == 1


async def test_commands_of_different_games_append_together() -> None:
    log = SlowLog()
    games = [f"g{index}" for index in range(8)]
    rules, path = await served(log, *games)
    heads = [await rules.head(game_id) for game_id in games]
    replies = await asyncio.gather(
        *(
            path.answer(add(game_id, head.state.turn, f"c-{game_id}", expected_seq=1))
            for game_id, head in zip(games, heads, strict=True)
            if head is not None
        )
    )
    assert [json.loads(reply)["seq"] for reply in replies] == [2] * len(games)
    assert log.most_in_flight == len(games)


BODIES = [
    b"{oops",
    b"",
    b"[1]",
    b'"s"',
    b'{"game_id": "g", "command": {}}',
    b'{"game_id": "g", "command_id": "c", "command": {}, "expected_seq": -1}',
    b'{"game_id": "g", "command_id": "c", "command": {}, "x": 1}',
    b'{"game_id": "g g", "command_id": "c", "command": {}}',
    add("nope", 0, "c", expected_seq=1),
    add("g", 7, "c", expected_seq=1),
    add("g", 0, "c", expected_seq=5),
    add("g", 0, "c", expected_seq=1),  # one of these two is accepted, the other out of turn
    add("g", 1, "c", expected_seq=1),
    b'{"game_id": "g", "command_id": "c", "command": {"type": "fly", "seat": 0}}',
]


@pytest.mark.parametrize("body", BODIES)
async def test_every_reply_is_the_faststream_handlers_byte_for_byte(body: bytes) -> None:
    settings = RulesSettings(namespace="unit", extra_games=["tests.rules.counting_game:GAME"])
    documented_log, log = MemoryEventLog(), MemoryEventLog()
    app = create_app(settings, commits=documented_log)
    _, path = await served(log, "g")
    async with TestNatsBroker(app.broker) as broker:
        start = StartGame(game="counting", players=2, seed=1, game_id="g")
        await broker.request(start.model_dump_json().encode(), "unit.rules.start")
        expected = await broker.request(body, "unit.rules.submit")
    assert await path.answer(body) == expected.body


async def test_an_unexpected_failure_is_an_internal_error_reply() -> None:
    async def broken(request: SubmitCommand) -> RulesReply:
        raise RuntimeError("boom")

    path = SubmitPath("t", "rules", 1, broken, refuse, logging.getLogger("test"))
    reply = json.loads(await path.answer(add("g", 0, "c", expected_seq=1)))
    assert reply["error"] == {"code": "internal_error", "message": "RuntimeError: boom"}


@pytest.mark.integration
async def test_stopping_answers_the_commands_already_taken_then_takes_none(
    nc: Client, link: Link
) -> None:
    taken = asyncio.Event()

    async def slow(request: SubmitCommand) -> RulesReply:
        taken.set()
        await asyncio.sleep(0.2)
        return RulesReply.ok(request.game_id, 2)

    subject = f"hot{uuid.uuid4().hex[:8]}.rules.submit"
    path = SubmitPath(subject, "rules", 4, slow, refuse, logging.getLogger("test"))
    await path.start(link)
    reply = asyncio.create_task(nc.request(subject, add("g", 0, "c", 1), timeout=5))
    await taken.wait()
    await path.stop()
    assert json.loads((await reply).data) == {
        "accepted": True, "game_id": "g", "seq": 2, "error": None,
    }  # fmt: skip
    with pytest.raises((NoRespondersError, NatsTimeout)):
        await nc.request(subject, add("g", 0, "c2", 2), timeout=0.5)


@pytest.mark.integration
async def test_commands_beyond_the_workers_wait_their_turn_and_stopping_ends_the_workers(
    nc: Client, link: Link
) -> None:
    answering = most = 0

    async def slow(request: SubmitCommand) -> RulesReply:
        nonlocal answering, most
        answering += 1
        most = max(most, answering)
        await asyncio.sleep(0.05)
        answering -= 1
        return RulesReply.ok(request.game_id, 2)

    def workers() -> list[asyncio.Task[Any]]:
        running = [task for task in asyncio.all_tasks() if not task.done()]
        named = [(t, getattr(t.get_coro(), "__qualname__", "")) for t in running]
        return [t for t, name in named if name == "SubmitPath._work"]

    subject = f"hot{uuid.uuid4().hex[:8]}.rules.submit"
    path = SubmitPath(subject, "rules", 2, slow, refuse, logging.getLogger("test"))
    await path.start(link)
    for round_ in ("a", "b"):  # the second round finds the first's workers idle
        games = [f"{round_}{index}" for index in range(6)]
        replies = await asyncio.gather(
            *(nc.request(subject, add(game, 0, f"c{game}", 1), timeout=5) for game in games)
        )
        assert [json.loads(reply.data)["game_id"] for reply in replies] == games
        assert most == 2 and len(workers()) == 2
    await path.stop()
    await asyncio.sleep(0)  # the idle workers see the end
    assert workers() == []


@pytest.mark.integration
async def test_starts_are_served_beside_commands_and_name_the_process(
    nc: Client, link: Link
) -> None:
    rules = Rules(MemoryEventLog(), GameCatalog(extra=[COUNTING]))
    space = f"hot{uuid.uuid4().hex[:8]}"
    path = SubmitPath(
        f"{space}.rules.submit", "rules", 4, rules.submit, refuse, logging.getLogger("test"),
        f"{space}.rules.at", start=(f"{space}.rules.start", rules.start),
    )  # fmt: skip
    await path.start(link)
    try:
        start = StartGame(game="counting", players=2, seed=1, game_id="s1")
        reply = await nc.request(f"{space}.rules.start", start.model_dump_json().encode(), 5)
        assert json.loads(reply.data) == {
            "accepted": True,
            "game_id": "s1",
            "seq": 1,
            "error": None,
        }
        assert (reply.headers or {}).get(RULES_AT_HEADER) == f"{space}.rules.at"
        assert await rules.head("s1") is not None
        # A command body on the start subject is no start: refused, nothing started.
        bad = await nc.request(f"{space}.rules.start", add("s1", 0, "c", 1), 5)
        assert json.loads(bad.data)["error"]["code"] == ServiceCode.MALFORMED_REQUEST
        again = await nc.request(f"{space}.rules.start", start.model_dump_json().encode(), 5)
        assert json.loads(again.data)["error"]["code"] == ServiceCode.GAME_EXISTS
    finally:
        await path.stop()


class _RecordingLink:
    """Records what `SubmitPath.start` asks of its connection."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def subscribe(self, subject: str, handler: Any, queue: str = "") -> int:
        self.calls.append(f"subscribe {subject}")
        return len(self.calls)

    async def flush(self) -> None:
        self.calls.append("flush")


async def test_started_means_the_server_has_the_subscriptions() -> None:
    """A request from another connection right after `start` finds a responder
    (CI once got no responders: the subscriptions were still in the buffer)."""
    link = _RecordingLink()
    path = SubmitPath(
        "s.rules.submit", "rules", 4, _never, refuse, logging.getLogger("test"), "s.rules.at",
        start=("s.rules.start", _never_start),
    )  # fmt: skip
    await path.start(link)  # type: ignore[arg-type]
    assert link.calls == [
        "subscribe s.rules.at", "subscribe s.rules.submit", "subscribe s.rules.start", "flush",
    ]  # fmt: skip


async def _never(request: SubmitCommand) -> RulesReply:
    raise AssertionError("no command is sent")


async def _never_start(request: StartGame) -> RulesReply:
    raise AssertionError("no start is sent")
