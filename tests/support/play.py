"""Helpers for driving the counting game through a real rules service."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable

from tabletop.eventlog import EventLog
from tabletop.messaging import Accepted, Refusal, RulesClient, StartGame, SubmitCommand


def new_id(prefix: str = "g") -> str:
    return f"{prefix}{uuid.uuid4().hex[:16]}"


async def start(client: RulesClient, target: int = 30, game_id: str | None = None) -> str:
    started = await client.start_game(
        StartGame(game="counting", players=2, options={"target": target}, game_id=game_id)
    )
    return started.game_id


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


async def outcome(request: Awaitable[Accepted]) -> Accepted | Refusal:
    """What the rules service answered: accepted, or the refusal it raised."""
    try:
        return await request
    except Refusal as refusal:
        return refusal


def code(answer: Accepted | Refusal) -> str | None:
    return answer.code if isinstance(answer, Refusal) else None
