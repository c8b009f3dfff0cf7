"""The private tables' NATS request/reply handlers (queue group
`matchmaking`), beside the queue's in app.py: create, join, leave, start
and get; every reply is a `TableReply`."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Annotated, Any

from faststream import Context

from tabletop.messaging import ErrorBody
from tabletop.messaging.errors import Refusal
from tabletop.messaging.private_tables import (
    CreateTable,
    GetTable,
    JoinTable,
    LeaveTable,
    PrivateTable,
    StartTable,
    TableReply,
    TableSubjects,
)

from .matchmaker import Matchmaker
from .metrics import MatchmakingMetrics
from .tables import PrivateTables

Running = Annotated[Matchmaker, Context("matchmaker")]


def add_table_handlers(broker: Any, namespace: str, metrics: MatchmakingMetrics) -> None:
    subjects = TableSubjects(namespace=namespace)

    async def answer(op: str, work: Awaitable[PrivateTable]) -> TableReply:
        try:
            table = await work
        except Refusal as refusal:
            metrics.request(op, refusal.code)
            return TableReply(error=ErrorBody(code=refusal.code, message=refusal.message))
        metrics.request(op, None)
        return TableReply(table=table)

    def subscriber(subject: str, title: str) -> Any:
        return broker.subscriber(subject, queue=subjects.queue, title=title, max_workers=8)

    @subscriber(subjects.create, "matchmaking.table.create")
    async def create(request: CreateTable, matchmaker: Running) -> TableReply:
        """Create a private table (the host seated); the reply has its invite code."""
        return await answer("table_create", PrivateTables(matchmaker).create(request))

    @subscriber(subjects.join, "matchmaking.table.join")
    async def join(request: JoinTable, matchmaker: Running) -> TableReply:
        """Join a table by its invite code; the join that fills it starts the game."""
        return await answer("table_join", PrivateTables(matchmaker).join(request))

    @subscriber(subjects.leave, "matchmaking.table.leave")
    async def leave(request: LeaveTable, matchmaker: Running) -> TableReply:
        """Leave a table; the host leaving closes it."""
        return await answer("table_leave", PrivateTables(matchmaker).leave(request))

    @subscriber(subjects.start, "matchmaking.table.start")
    async def start(request: StartTable, matchmaker: Running) -> TableReply:
        """The host starts the table: full, or `fill_with_bots` for the empty seats."""
        return await answer("table_start", PrivateTables(matchmaker).start(request))

    @subscriber(subjects.get, "matchmaking.table.get")
    async def get(request: GetTable, matchmaker: Running) -> TableReply:
        """A table by its invite code: open (with its members), started (game id) or expired."""
        return await answer("table_get", PrivateTables(matchmaker).get(request))
