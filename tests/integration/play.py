"""Helpers for driving the counting game through a real rules service."""

from __future__ import annotations

import uuid

from tabletop.eventlog import EventLog
from tabletop.messaging import RulesClient, RulesReply, StartGame, SubmitCommand


def new_id(prefix: str = "g") -> str:
    return f"{prefix}{uuid.uuid4().hex[:16]}"


async def start(client: RulesClient, target: int = 30, game_id: str | None = None) -> str:
    reply = await client.start_game(
        StartGame(game="counting", players=2, options={"target": target}, game_id=game_id)
    )
    assert reply.accepted and reply.game_id, reply
    return reply.game_id


async def turn(log: EventLog, game_id: str) -> tuple[int, int]:
    """(seat to act, last commit seq), read from the event log itself."""
    commits, _ = await log.load(game_id)
    seat = commits[0].events[0]["first"]
    return (seat + len(commits) - 1) % 2, commits[-1].seq


def add(game_id: str, seat: int, amount: int = 1, **kw: object) -> SubmitCommand:
    return SubmitCommand(
        game_id=game_id,
        command_id=str(kw.pop("command_id", new_id("c"))),
        command={"type": "add", "seat": seat, "amount": amount},
        **kw,  # type: ignore[arg-type]
    )


def code(reply: RulesReply) -> str | None:
    return reply.error.code if reply.error else None
