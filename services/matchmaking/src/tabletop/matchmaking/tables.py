"""Private tables over JetStream KV (ADR 0026): each table is one key,
`table.<code>`, in the tickets bucket (so it shares the tickets' TTL, which
removes it long after it started or expired), changed only by
compare-and-set like a queue. Expiry is read-time: a table past its
`expires_at` reads expired, so nothing has to list the bucket.

Starting reuses the queue's steps (ADR 15): the match is first recorded
pending on the table's own queue key (one CAS: two hosts' clicks make one
match), then the table is marked started, then the match is driven. A
replica that dies midway leaves the match pending; the tick claims and
finishes it like any other.
"""

from __future__ import annotations

from collections.abc import Callable

from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError

from tabletop.games import get_game
from tabletop.kernel import IllegalCommand, UnknownGame
from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal
from tabletop.messaging.matchmaking import TicketStatus
from tabletop.messaging.private_tables import (
    CreateTable,
    GetTable,
    JoinTable,
    LeaveTable,
    PrivateTable,
    StartTable,
    TableStatus,
)
from tabletop.policies import levels_for

from .matchmaker import Matchmaker
from .private_tables import (
    check_start,
    current,
    full,
    joined,
    left,
    new_code,
    new_table,
    started,
    table_match,
    table_queue_key,
)
from .queues import QueueState
from .store import CAS_ATTEMPTS, Contended


class PrivateTables:
    def __init__(self, matchmaker: Matchmaker) -> None:
        self.mm = matchmaker
        self.kv = matchmaker.store.tickets

    async def create(self, request: CreateTable) -> PrivateTable:
        try:
            get_game(request.game).make_config(request.players, **request.options)
        except (UnknownGame, IllegalCommand) as exc:
            raise Refusal(exc.code, exc.message) from None
        levels = levels_for(request.game)
        if request.bot_difficulty is not None and request.bot_difficulty not in levels:
            raise Refusal(
                ServiceCode.UNKNOWN_LEVEL,
                f"bot_difficulty: {request.game} has no bot level {request.bot_difficulty!r}; "
                f"expected one of {', '.join(levels)}",
            )
        await self._may_sit(request.player_id)
        for _ in range(CAS_ATTEMPTS):
            table = new_table(request, new_code(), self.mm.clock())
            try:
                await self.kv.create(_key(table.code), table.model_dump_json().encode())
            except Exception as exc:  # the code is taken: draw another
                if "wrong last sequence" in str(exc).lower():
                    continue
                raise
            return await self._start_if_full(table)
        raise Contended("no free invite code")

    async def get(self, request: GetTable) -> PrivateTable:
        table, _ = await self._read(request.code)
        return current(table, self.mm.clock())

    async def join(self, request: JoinTable) -> PrivateTable:
        table, _ = await self._read(request.code)
        if request.player_id not in table.members:
            await self._may_sit(request.player_id)
        table = await self._change(
            request.code, lambda t: joined(t, request.player_id, self.mm.clock())
        )
        return await self._start_if_full(table)

    async def leave(self, request: LeaveTable) -> PrivateTable:
        return await self._change(
            request.code, lambda t: left(t, request.player_id, self.mm.clock())
        )

    async def start(self, request: StartTable) -> PrivateTable:
        table, _ = await self._read(request.code)
        check_start(table, request.player_id, request.fill_with_bots, self.mm.clock())
        return await self._start(table)

    # ------------------------------------------------------------------ steps
    async def _may_sit(self, player_id: str) -> None:
        ticket = await self.mm.store.ticket(player_id)
        if ticket is not None and ticket.status == TicketStatus.WAITING:
            message = f"{player_id} waits in a queue; leave it first"
            raise Refusal(ServiceCode.ALREADY_QUEUED, message, ticket=ticket)
        await self.mm._check_open_games(player_id)

    async def _start_if_full(self, table: PrivateTable) -> PrivateTable:
        return await self._start(table) if full(table) else table

    async def _start(self, table: PrivateTable) -> PrivateTable:
        key = table_queue_key(table.code)
        match = table_match(table, self.mm.clock())

        def fresh() -> QueueState:
            return QueueState(key=key, game=table.game, players=table.players,
                              options=table.options)  # fmt: skip

        def record(state: QueueState) -> QueueState:
            if state.pending:  # another start won: drive that one
                return state
            return state.model_copy(update={"pending": [match]})

        _, after = await self.mm.store.change_queue(key, fresh, record)
        match = after.pending[0] if after.pending else match
        table = await self._change(table.code, lambda t: _started_once(t, match.game_id))
        await self.mm.drive(key, match)  # left pending on failure: the tick finishes it
        return table

    async def _read(self, code: str) -> tuple[PrivateTable, int]:
        try:
            entry = await self.kv.get(_key(code))
        except KeyNotFoundError:
            raise Refusal(ServiceCode.UNKNOWN_TABLE, f"no table {code}") from None
        if not entry.value:
            raise Refusal(ServiceCode.UNKNOWN_TABLE, f"no table {code}")
        return PrivateTable.model_validate_json(entry.value), entry.revision or 0

    async def _change(
        self, code: str, change: Callable[[PrivateTable], PrivateTable]
    ) -> PrivateTable:
        for _ in range(CAS_ATTEMPTS):
            table, revision = await self._read(code)
            after = change(table)
            if after == table:
                return after
            try:
                await self.kv.update(_key(code), after.model_dump_json().encode(), last=revision)
            except KeyWrongLastSequenceError:
                continue
            return after
        raise Contended(f"table {code} kept changing")


def _started_once(table: PrivateTable, game_id: str) -> PrivateTable:
    if table.status == TableStatus.STARTED:
        return table
    return started(table, game_id)


def _key(code: str) -> str:
    return f"table.{code}"
