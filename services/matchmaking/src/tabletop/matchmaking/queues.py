"""Queues and matches as pure functions: who waits, who gets grouped, where
the bots sit. No I/O and no clock (the caller passes `now`).

A queue is one (game, players, options) triple. Tickets are grouped first
come first served; once the oldest ticket has waited `bot_wait` seconds, the
waiting tickets (up to a full table) are seated and bots fill the rest.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from typing import Any

from pydantic import BaseModel, Field

from tabletop.eventlog import canonical_json
from tabletop.messaging.matchmaking import SeatInfo, Seating, Ticket


def queue_key(
    game: str, players: int, options: dict[str, Any], clock: str | dict[str, Any] | None = None
) -> str:
    """One KV key token per (game, players, options, clock); a queue without
    a clock keeps the key it had before clocks."""
    parts: list[Any] = [game, players, options, *([clock] if clock is not None else [])]
    digest = hashlib.sha256(canonical_json(parts)).hexdigest()[:24]
    return f"q{digest}"


class Match(BaseModel):
    """A group taken off a queue, not yet fully announced (the steps that
    start it are idempotent, so any replica may finish it after a crash)."""

    match_id: str
    game_id: str
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    clock: str | dict[str, Any] | None = None
    tickets: list[Ticket]  # the humans and bot tickets, in seat order
    seating: Seating
    formed_at: float
    claimed_at: float  # last time a replica started driving it

    @property
    def start_command_id(self) -> str:
        return f"start-{self.game_id}"


class QueueState(BaseModel):
    """The value of one queue's KV key: updated only by compare-and-set."""

    key: str
    game: str
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    clock: str | dict[str, Any] | None = None
    waiting: list[Ticket] = Field(default_factory=list)
    pending: list[Match] = Field(default_factory=list)

    def holds(self, ticket_id: str) -> bool:
        return any(t.ticket_id == ticket_id for t in self.waiting)

    def pending_match_of(self, ticket_id: str) -> Match | None:
        for match in self.pending:
            if any(t.ticket_id == ticket_id for t in match.tickets):
                return match
        return None


def bot_player_ids(difficulty: str, count: int, taken: set[str]) -> list[str]:
    """`bot-<difficulty>-1`, `-2`… skipping any id a human at the table has."""
    ids: list[str] = []
    n = 1
    label = re.sub(r"[^A-Za-z0-9_.:-]", "_", difficulty)  # a player id may not hold "="
    while len(ids) < count:
        candidate = f"bot-{label}-{n}"
        if candidate not in taken:
            ids.append(candidate)
        n += 1
    return ids


def make_match(
    state: QueueState, tickets: list[Ticket], now: float, difficulty: str | None = None
) -> Match:
    """Seat `tickets` in queue order and fill the empty seats with bots of
    `difficulty` (default: the first ticket's requested difficulty)."""
    match_id = uuid.uuid4().hex[:20]
    game_id = f"m-{match_id}"
    missing = state.players - len(tickets)
    difficulty = difficulty or tickets[0].bot_difficulty
    seats = [SeatInfo(player_id=t.player_id, bot=t.bot) for t in tickets]
    taken = {t.player_id for t in tickets}
    seats += [
        SeatInfo(player_id=p, bot=difficulty) for p in bot_player_ids(difficulty, missing, taken)
    ]
    return Match(
        match_id=match_id,
        game_id=game_id,
        game=state.game,
        options=state.options,
        clock=state.clock,
        tickets=tickets,
        seating=Seating(game_id=game_id, game=state.game, seats=seats),
        formed_at=now,
        claimed_at=now,
    )


def form_matches(state: QueueState, now: float, bot_wait: float) -> tuple[QueueState, list[Match]]:
    """Take every full table off the queue, then a bot-filled one if the
    oldest ticket has waited long enough. Returns the new state and the new
    matches (also added to `pending`)."""
    waiting = list(state.waiting)
    formed: list[Match] = []
    while len(waiting) >= state.players:
        group, waiting = waiting[: state.players], waiting[state.players :]
        formed.append(make_match(state, group, now))
    if waiting and now - waiting[0].created_at >= bot_wait:
        formed.append(make_match(state, waiting, now))
        waiting = []
    if not formed:
        return state, []
    new_state = state.model_copy(update={"waiting": waiting, "pending": [*state.pending, *formed]})
    return new_state, formed


def claim_stale(
    state: QueueState, now: float, retry_after: float
) -> tuple[QueueState, list[Match]]:
    """Pending matches nobody has touched for `retry_after` seconds (their
    replica died or a step failed): claim them to drive them again."""
    stale = [m for m in state.pending if now - m.claimed_at >= retry_after]
    if not stale:
        return state, []
    ids = {m.match_id for m in stale}
    pending = [m.model_copy(update={"claimed_at": now}) if m.match_id in ids else m
               for m in state.pending]  # fmt: skip
    return state.model_copy(update={"pending": pending}), [m for m in pending if m.match_id in ids]


def without_match(state: QueueState, match_id: str) -> QueueState:
    return state.model_copy(
        update={"pending": [m for m in state.pending if m.match_id != match_id]}
    )


def with_ticket(state: QueueState, ticket: Ticket) -> QueueState:
    if state.holds(ticket.ticket_id):
        return state
    return state.model_copy(update={"waiting": [*state.waiting, ticket]})


def without_ticket(state: QueueState, ticket_id: str) -> QueueState:
    return state.model_copy(
        update={"waiting": [t for t in state.waiting if t.ticket_id != ticket_id]}
    )
