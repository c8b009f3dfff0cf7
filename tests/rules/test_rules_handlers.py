"""Rules handler logic on faststream's in-memory broker and the in-memory log.
(The same behaviour against real NATS is in test_rules_service.py.)"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from faststream.nats import TestNatsBroker

from tabletop.eventlog import MemoryEventLog, verify_chain
from tabletop.messaging import RulesSubjects
from tabletop.rules.app import create_app
from tabletop.rules.settings import RulesSettings

SUBJECTS = RulesSubjects(namespace="unit")


class Rules:
    """Sends raw payloads through the in-memory broker, returns reply dicts."""

    def __init__(self, broker: Any) -> None:
        self.broker = broker

    async def send(self, subject: str, payload: bytes | dict[str, Any]) -> dict[str, Any]:
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        reply = await self.broker.request(body, subject)
        return await reply.decode()

    async def start(self, **fields: Any) -> dict[str, Any]:
        request = {"game": "counting", "players": 2, "seed": 1, "options": {"target": 10}}
        return await self.send(SUBJECTS.start_game, {**request, **fields})

    async def submit(self, game_id: str, command_id: str, **command: Any) -> dict[str, Any]:
        expected = command.pop("expected_seq", None)
        request = {"game_id": game_id, "command_id": command_id, "command": command}
        if expected is not None:
            request["expected_seq"] = expected
        return await self.send(SUBJECTS.submit_command, request)


@pytest.fixture
def log() -> MemoryEventLog:
    return MemoryEventLog()


@pytest.fixture
async def rules(log: MemoryEventLog) -> AsyncIterator[Rules]:
    settings = RulesSettings(namespace="unit", extra_games=["tests.rules.counting_game:GAME"])
    app = create_app(settings, commits=log)
    async with TestNatsBroker(app.broker) as broker:
        yield Rules(broker)


def code(reply: dict[str, Any]) -> str | None:
    return (reply.get("error") or {}).get("code")


async def test_start_and_play_to_the_end(rules: Rules, log: MemoryEventLog) -> None:
    started = await rules.start(game_id="unit-game-1")
    assert started["accepted"] and started["seq"] == 1 and started["game_id"] == "unit-game-1"
    commits, _ = await log.load("unit-game-1")
    first = commits[0].events[0]["first"]  # seed 1 drew the first player
    seat, seq = first, 1
    for amount in (3, 3, 3, 1):  # 10 reached by the fourth move
        reply = await rules.submit("unit-game-1", f"m{seq}", type="add", seat=seat, amount=amount)
        seq += 1
        assert reply["accepted"] and reply["seq"] == seq
        seat = 1 - seat
    over = await rules.submit("unit-game-1", "late", type="add", seat=seat, amount=1)
    assert code(over) == "game_over"
    commits, _ = await log.load("unit-game-1")
    assert verify_chain("unit-game-1", commits).ok and len(commits) == 5


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (b"{not json", "malformed_request"),
        (b"", "malformed_request"),
        (b"[1, 2]", "malformed_request"),
        ({"game": "counting"}, "malformed_request"),  # players missing
        ({"game": "counting", "players": 2, "bogus": 1}, "malformed_request"),
        ({"game": "no-such-game", "players": 2}, "unknown_game"),
        ({"game": "counting", "players": 5}, "invalid_options"),
        ({"game": "counting", "players": 2, "options": {"colour": "red"}}, "invalid_options"),
        ({"game": "counting", "players": 2, "game_id": "has.dots"}, "malformed_request"),
    ],
)
async def test_bad_starts_are_refused(rules: Rules, payload: Any, expected: str) -> None:
    reply = await rules.send(SUBJECTS.start_game, payload)
    assert reply["accepted"] is False
    assert code(reply) == expected, reply
    assert reply["error"]["message"]


async def test_bad_submits_are_refused_and_change_nothing(
    rules: Rules, log: MemoryEventLog
) -> None:
    await rules.start(game_id="unit-game-2")
    commits, _ = await log.load("unit-game-2")
    first = commits[0].events[0]["first"]
    other = 1 - first
    cases = [
        (await rules.send(SUBJECTS.submit_command, b"\xff\xfe"), "malformed_request"),
        (await rules.submit("nope", "c1", type="add", seat=0, amount=1), "unknown_game_id"),
        (await rules.submit("unit-game-2", "c2", type="add", seat=7, amount=1), "wrong_seat"),
        (
            await rules.submit("unit-game-2", "c3", type="add", seat=other, amount=1),
            "not_your_turn",
        ),
        (await rules.submit("unit-game-2", "c4", type="add", seat=first, amount=9), "illegal_move"),
        (await rules.submit("unit-game-2", "c5", type="jump", seat=first), "unknown_command"),
        (await rules.submit("unit-game-2", "c6", type="add", seat=first), "malformed_command"),
    ]
    for reply, expected in cases:
        assert code(reply) == expected, reply
    assert len((await log.load("unit-game-2"))[0]) == 1


async def test_stale_and_duplicate_commands(rules: Rules) -> None:
    await rules.start(game_id="unit-game-3")
    # Whose turn it is was drawn at random (seeded): try seat 0, else seat 1.
    first = await rules.submit("unit-game-3", "d1", type="add", seat=0, amount=1, expected_seq=1)
    seat = 0 if first["accepted"] else 1
    if not first["accepted"]:
        first = await rules.submit("unit-game-3", "d1", type="add", seat=1, amount=1)
    assert first["accepted"] and first["seq"] == 2
    again = await rules.submit("unit-game-3", "d1", type="add", seat=seat, amount=1)
    assert code(again) == "duplicate_command" and again["seq"] == 2
    stale = await rules.submit("unit-game-3", "d2", type="add", seat=1 - seat, amount=1,
                               expected_seq=1)  # fmt: skip
    assert code(stale) == "stale_command"
    fresh = await rules.submit("unit-game-3", "d2", type="add", seat=1 - seat, amount=1,
                               expected_seq=2)  # fmt: skip
    assert fresh["accepted"] and fresh["seq"] == 3


async def test_start_is_idempotent_with_ids(rules: Rules) -> None:
    ok = await rules.start(game_id="unit-game-4", command_id="start-4")
    again = await rules.start(game_id="unit-game-4", command_id="start-4")
    taken = await rules.start(game_id="unit-game-4", command_id="other")
    assert ok["accepted"]
    assert code(again) == "duplicate_command" and again["seq"] == 1
    assert code(taken) == "game_exists"
