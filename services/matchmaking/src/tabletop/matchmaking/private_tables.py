"""Private tables, pure: creating, joining, leaving, expiring and seating a
table (ADR 0026). No I/O and no clock (the caller passes `now`); a refused
step raises `Refusal` with a stable code."""

from __future__ import annotations

import random
import uuid

from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal
from tabletop.messaging.matchmaking import DEFAULT_LEVEL, Ticket
from tabletop.messaging.private_tables import (
    CODE_ALPHABET,
    CreateTable,
    PrivateTable,
    TableStatus,
)

from .queues import Match, QueueState, make_match

CODE_LENGTH = 8  # 31^8 ≈ 8.5e11 codes: guessing one is hopeless at any rate limit


def new_code(rnd: random.Random | None = None) -> str:
    pick = rnd or random.SystemRandom()
    return "".join(pick.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


TABLE_QUEUE_PREFIX = "p"


def table_queue_key(code: str) -> str:
    """The queue key a started table's match is driven under (ADR 15's steps)."""
    return f"{TABLE_QUEUE_PREFIX}{code}"


def is_table_queue(key: str) -> bool:
    return key.startswith(TABLE_QUEUE_PREFIX)  # public queues' keys start with `q`


def new_table(request: CreateTable, code: str, now: float) -> PrivateTable:
    return PrivateTable(
        code=code,
        game=request.game,
        players=request.players,
        options=request.options,
        host=request.player_id,
        members=[request.player_id],
        bot_difficulty=request.bot_difficulty or DEFAULT_LEVEL,
        created_at=now,
        expires_at=now + request.expires_in,
    )


def current(table: PrivateTable, now: float) -> PrivateTable:
    """The table as of `now`: an open table past its time has expired."""
    if table.status == TableStatus.OPEN and now >= table.expires_at:
        return table.model_copy(update={"status": TableStatus.EXPIRED})
    return table


def _open(table: PrivateTable, now: float) -> PrivateTable:
    table = current(table, now)
    if table.status != TableStatus.OPEN:
        raise Refusal(ServiceCode.TABLE_CLOSED, f"table {table.code} has {table.status.value}")
    return table


def joined(table: PrivateTable, player_id: str, now: float) -> PrivateTable:
    """The table with `player_id` seated (joining twice is one seat)."""
    table = _open(table, now)
    if player_id in table.members:
        return table
    if len(table.members) >= table.players:
        raise Refusal(ServiceCode.TABLE_FULL, f"table {table.code} is full")
    return table.model_copy(update={"members": [*table.members, player_id]})


def left(table: PrivateTable, player_id: str, now: float) -> PrivateTable:
    """Without `player_id`; the host leaving closes the table for everyone."""
    table = _open(table, now)
    if player_id == table.host:
        return table.model_copy(update={"status": TableStatus.EXPIRED, "expires_at": now})
    return table.model_copy(update={"members": [m for m in table.members if m != player_id]})


def full(table: PrivateTable) -> bool:
    return len(table.members) >= table.players


def check_start(table: PrivateTable, player_id: str, fill_with_bots: bool, now: float) -> None:
    """May `player_id` start the table now? Raises the refusal if not."""
    table = _open(table, now)
    if player_id != table.host:
        raise Refusal(ServiceCode.NOT_TABLE_HOST, f"only {table.host} starts table {table.code}")
    if not full(table) and not fill_with_bots:
        raise Refusal(
            ServiceCode.TABLE_NOT_FULL,
            f"table {table.code} has {len(table.members)} of {table.players} players; "
            "start it with fill_with_bots or wait for friends",
        )


def table_match(table: PrivateTable, now: float) -> Match:
    """The match that seats the members in joining order, bots in the rest."""
    key = table_queue_key(table.code)
    tickets = [
        Ticket(ticket_id=uuid.uuid4().hex, player_id=member, queue=key, game=table.game,
               players=table.players, options=table.options,
               bot_difficulty=table.bot_difficulty, created_at=table.created_at)
        for member in table.members
    ]  # fmt: skip
    state = QueueState(key=key, game=table.game, players=table.players, options=table.options)
    return make_match(state, tickets, now)


def started(table: PrivateTable, game_id: str) -> PrivateTable:
    return table.model_copy(update={"status": TableStatus.STARTED, "game_id": game_id})
