"""Everything the gateway asks other services, over NATS only: rules
(submit), matchmaking (tickets), archive (games, replays), leaderboards,
plus the event log (live games) and the seats KV bucket (who sits where).

A refusal from a service becomes an ApiError with the service's own code;
no answer becomes `unavailable` (503).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from nats.aio.client import Client
from nats.errors import MaxPayloadError, NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from nats.js.errors import BucketNotFoundError, KeyNotFoundError
from pydantic import BaseModel

from tabletop.eventlog import EventLog, GameHead, GameHeads, Topology
from tabletop.games import get_game
from tabletop.kernel import Game, UnknownGame
from tabletop.messaging import RulesClient, RulesReply, SubmitCommand
from tabletop.messaging.archive import (
    ArchiveSubjects,
    GameReply,
    GameSummary,
    GetGame,
    GetPlayerGames,
    GetView,
    PlayerGamesReply,
    ViewReply,
)
from tabletop.messaging.leaderboards import (
    GetRating,
    GetTop,
    LeaderboardSubjects,
    RatingReply,
    TopReply,
)
from tabletop.messaging.matchmaking import (
    GetTicket,
    JoinQueue,
    LeaveQueue,
    MatchmakingSubjects,
    Seating,
    TicketReply,
)

from .errors import ApiError
from .settings import GatewaySettings

R = TypeVar("R", bound=BaseModel)

SEATINGS_CACHED = 4096


def known_game(game_type: str) -> Game:
    try:
        return get_game(game_type)
    except UnknownGame as exc:
        raise ApiError(exc.code, exc.message) from None


class Backend:
    def __init__(self, nc: Client, settings: GatewaySettings) -> None:
        self.nc = nc
        self.timeout = settings.request_timeout
        self.topology = Topology(namespace=settings.namespace)
        js = nc.jetstream()
        self.log = EventLog(js, self.topology)
        self.heads = GameHeads(self.log, known_game, settings.cache_size)
        self.js = js
        self.rules = RulesClient(nc, settings.namespace, timeout=settings.request_timeout)
        self.matchmaking = MatchmakingSubjects(namespace=settings.namespace)
        self.archive = ArchiveSubjects(namespace=settings.namespace)
        self.boards = LeaderboardSubjects(namespace=settings.namespace)
        self._seatings: dict[str, list[str]] = {}

    async def _ask(self, subject: str, request: BaseModel, reply: type[R]) -> R:
        try:
            msg = await self.nc.request(
                subject, request.model_dump_json().encode(), timeout=self.timeout
            )
        except (NatsTimeout, NoRespondersError, TimeoutError):
            raise ApiError("unavailable", f"no answer on {subject}; try again") from None
        except MaxPayloadError:
            raise ApiError("payload_too_large", "the request is larger than NATS carries") from None
        data: dict[str, Any] = json.loads(msg.data)
        error = data.get("error")
        if error:
            raise ApiError(error["code"], error["message"], data.get("seq"))
        return reply.model_validate(data)

    # ------------------------------------------------------------- live games
    async def head(self, game_id: str) -> GameHead:
        head = await self.heads.head(game_id)
        if head is None:
            raise ApiError("unknown_game_id", f"no game {game_id}")
        return head

    async def steps_after(self, game_id: str, head: GameHead) -> list[GameHead]:
        """The game after each commit that followed `head`, one head per commit."""
        return await self.heads.steps_after(game_id, head)

    async def seating(self, game_id: str) -> list[str] | None:
        """The game's players by seat: matchmaking's seating, else the archive's."""
        if game_id in self._seatings:  # a seating never changes once written
            return self._seatings[game_id]
        try:
            kv = await self.js.key_value(self.topology.seats_bucket)
            entry = await kv.get(game_id)
            if entry.value:
                players = Seating.model_validate_json(entry.value).player_ids
                if len(self._seatings) >= SEATINGS_CACHED:
                    self._seatings.clear()
                self._seatings[game_id] = players
                return players
        except (KeyNotFoundError, BucketNotFoundError):
            pass  # not matchmade: the archive may know the players
        try:
            summary = await self.game(game_id)
        except ApiError as exc:
            if exc.code == "unknown_game_id":
                return None
            raise
        return summary.player_ids

    async def submit(self, request: SubmitCommand) -> RulesReply:
        try:
            reply = await self.rules.submit(request)
        except (NatsTimeout, NoRespondersError, TimeoutError):
            raise ApiError("unavailable", "the rules service did not answer; retry") from None
        except MaxPayloadError:
            raise ApiError("payload_too_large", "the command is larger than NATS carries") from None
        if reply.error:
            raise ApiError(reply.error.code, reply.error.message, reply.seq)
        return reply

    # ------------------------------------------------------------ matchmaking
    async def join(self, request: JoinQueue) -> TicketReply:
        return await self._ask(self.matchmaking.join, request, TicketReply)

    async def leave(self, player_id: str) -> TicketReply:
        return await self._ask(self.matchmaking.leave, LeaveQueue(player_id=player_id), TicketReply)

    async def ticket(self, player_id: str) -> TicketReply:
        return await self._ask(self.matchmaking.status, GetTicket(player_id=player_id), TicketReply)

    # ---------------------------------------------------------------- archive
    async def game(self, game_id: str) -> GameSummary:
        reply = await self._ask(self.archive.game, GetGame(game_id=game_id), GameReply)
        assert reply.game is not None
        return reply.game

    async def player_games(self, request: GetPlayerGames) -> list[GameSummary]:
        return (await self._ask(self.archive.player_games, request, PlayerGamesReply)).games

    async def replay(self, request: GetView) -> ViewReply:
        return await self._ask(self.archive.view, request, ViewReply)

    # ----------------------------------------------------------- leaderboards
    async def top(self, game: str, limit: int) -> TopReply:
        return await self._ask(self.boards.top, GetTop(game=game, limit=limit), TopReply)

    async def rating(self, game: str, player_id: str) -> RatingReply:
        request = GetRating(game=game, player_id=player_id)
        return await self._ask(self.boards.rating, request, RatingReply)
