"""Private tables (ADR 0026): create one with options and share its invite
code, friends join with it, the host starts it (full, or bots in the empty
seats on request); a table nobody fills expires. The seat and the game come
as for the queue: my ticket reads `matched` once the table starts."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, ConfigDict, Field

from tabletop.messaging.clients import ServiceClient
from tabletop.messaging.matchmaking import LEVEL_PATTERN
from tabletop.messaging.private_tables import (
    CODE_PATTERN,
    CreateTable,
    GetTable,
    JoinTable,
    LeaveTable,
    PrivateTable,
    StartTable,
    TableSubjects,
)

from .auth import Me, Services, settings_of
from .backend import Backend, known_game
from .errors import ERROR_RESPONSES

router = APIRouter(prefix="/v1/tables", responses=ERROR_RESPONSES, tags=["tables"])

Code = Annotated[str, Path(pattern=CODE_PATTERN, description="the table's invite code")]


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=64, examples=["splendor"])
    players: int = Field(ge=1, le=16, examples=[3])
    options: dict[str, Any] = Field(default_factory=dict)
    bot_difficulty: str | None = Field(
        default=None, pattern=LEVEL_PATTERN, examples=["medium"],
        description="level of the bots that fill empty seats when the host asks",
    )  # fmt: skip
    expires_in: float = Field(default=600.0, ge=10.0, le=86400.0,
                              description="seconds the table waits for friends")  # fmt: skip


class StartIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fill_with_bots: bool = Field(default=False, description="bots take the empty seats")


class _TableAnswer(BaseModel):
    table: PrivateTable


class TablesClient(ServiceClient):
    def __init__(self, backend: Backend, request: Request) -> None:
        settings = settings_of(request)
        super().__init__(backend.nc, settings.request_timeout)
        self.subjects = TableSubjects(namespace=settings.namespace)

    async def call(self, subject: str, body: BaseModel) -> PrivateTable:
        return (await self._ask(subject, body, _TableAnswer)).table


@router.post("")
async def create_table(
    body: TableIn, claims: Me, backend: Services, request: Request
) -> PrivateTable:
    """Create a private table, seated as its host; share `code` with friends."""
    known_game(body.game)
    client = TablesClient(backend, request)
    create = CreateTable(player_id=claims.sub, **body.model_dump())
    return await client.call(client.subjects.create, create)


@router.get("/{code}")
async def get_table(code: Code, claims: Me, backend: Services, request: Request) -> PrivateTable:
    """A table: open (who has joined), started (its game id) or expired."""
    client = TablesClient(backend, request)
    return await client.call(client.subjects.get, GetTable(code=code))


@router.post("/{code}/join")
async def join_table(code: Code, claims: Me, backend: Services, request: Request) -> PrivateTable:
    """Join with the invite code; the join that fills the table starts it."""
    client = TablesClient(backend, request)
    return await client.call(client.subjects.join, JoinTable(player_id=claims.sub, code=code))


@router.post("/{code}/leave")
async def leave_table(code: Code, claims: Me, backend: Services, request: Request) -> PrivateTable:
    """Leave the table; the host leaving closes it."""
    client = TablesClient(backend, request)
    return await client.call(client.subjects.leave, LeaveTable(player_id=claims.sub, code=code))


@router.post("/{code}/start")
async def start_table(
    code: Code, body: StartIn, claims: Me, backend: Services, request: Request
) -> PrivateTable:
    """The host starts the table: when full, or with bots in the empty seats."""
    client = TablesClient(backend, request)
    start = StartTable(player_id=claims.sub, code=code, fill_with_bots=body.fill_with_bots)
    return await client.call(client.subjects.start, start)
