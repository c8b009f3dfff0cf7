"""Typed clients of every service over NATS request/reply, with one error
policy: an answer with `error` raises `Refusal` (its code, and the game id
and seq the reply names), no answer raises `Unavailable`, a request NATS
cannot carry raises `Refusal(payload_too_large)`. What a method returns is
the answer itself, every field present: callers never check for None."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from cachetools import LRUCache
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import MaxPayloadError, NoRespondersError
from nats.errors import TimeoutError as NatsTimeout
from opentelemetry import propagate
from pydantic import BaseModel

from .archive import (
    ArchivedGame,
    ArchivedView,
    ArchiveSubjects,
    GameSummary,
    GetCommits,
    GetFinishedBefore,
    GetGame,
    GetPlayerGames,
    GetView,
    SeatPlayers,
)
from .codes import ServiceCode
from .errors import Refusal, Unavailable
from .leaderboards import (
    GetAround,
    GetHistory,
    GetRating,
    GetSeason,
    GetSeasons,
    GetTop,
    LeaderboardSubjects,
    Rating,
    RatingChange,
    SeasonsReply,
)
from .matchmaking import GetTicket, JoinQueue, LeaveQueue, MatchmakingSubjects, Ticket
from .rules import Accepted, StartGame, SubmitCommand
from .subjects import RULES_AT_HEADER, RulesSubjects

A = TypeVar("A", bound=BaseModel)


class _NoResponders(Unavailable):
    """Nobody subscribes to the subject: the request reached no one."""


class ServiceClient:
    def __init__(self, nc: Client, timeout: float = 5.0) -> None:
        self.nc = nc
        self.timeout = timeout

    async def ask(self, subject: str, payload: bytes, answer: type[A]) -> A:
        """`payload` sent as is (tests send malformed ones), the reply as `answer`."""
        return self._answer(await self._request(subject, payload), answer)

    async def _request(self, subject: str, payload: bytes) -> Msg:
        headers: dict[str, str] = {}
        propagate.inject(headers)  # the caller's trace (nothing when tracing is off)
        try:
            return await self.nc.request(
                subject, payload, timeout=self.timeout, headers=headers or None
            )
        except NoRespondersError:
            raise _NoResponders(subject) from None
        except (NatsTimeout, TimeoutError):
            raise Unavailable(subject) from None
        except MaxPayloadError:
            raise Refusal(
                ServiceCode.PAYLOAD_TOO_LARGE, "the request is larger than NATS carries"
            ) from None

    @staticmethod
    def _answer(msg: Msg, answer: type[A]) -> A:
        data: dict[str, Any] = json.loads(msg.data)
        error = data.get("error")
        if error:
            raise Refusal(error["code"], error["message"], data.get("game_id"), data.get("seq"))
        return answer.model_validate(data)

    async def _ask(self, subject: str, request: BaseModel, answer: type[A]) -> A:
        return await self.ask(subject, request.model_dump_json().encode(), answer)


class RulesClient(ServiceClient):
    """Commands of a game go to the rules process that started it or answered
    its last command from the shared subject (its reply names that process's
    own subject, `RULES_AT_HEADER`), where the game's head is cached: a process
    given another's game must read the log before deciding (ADR 27). A
    process gone (no responders) sends the command back to the shared subject."""

    PINNED_GAMES = 4096  # the games remembered, most recently used kept

    def __init__(self, nc: Client, namespace: str = "tabletop", timeout: float = 5.0) -> None:
        super().__init__(nc, timeout)
        self.subjects = RulesSubjects(namespace=namespace)
        # game id -> a process's subject; the least recently used forgotten first
        self.pinned: LRUCache[str, str] = LRUCache(maxsize=self.PINNED_GAMES)

    async def start_game(self, request: StartGame) -> Accepted:
        msg = await self._request(self.subjects.start_game, request.model_dump_json().encode())
        accepted = self._answer(msg, Accepted)
        self._pin(accepted.game_id, msg)  # where the game's head is cached
        return accepted

    async def submit(self, request: SubmitCommand) -> Accepted:
        payload = request.model_dump_json().encode()
        game_id = request.game_id
        subject = self.pinned.get(game_id)
        msg: Msg | None = None
        if subject is not None:
            try:
                msg = await self._request(subject, payload)
            except _NoResponders:  # that process stopped: the command never left
                self.pinned.pop(game_id, None)
            except Unavailable:  # there but silent: the next command goes to any process
                self.pinned.pop(game_id, None)
                raise
        if msg is None:
            msg = await self._request(self.subjects.submit_command, payload)
            self._pin(game_id, msg)
        return self._answer(msg, Accepted)

    def _pin(self, game_id: str, msg: Msg) -> None:
        at = (msg.headers or {}).get(RULES_AT_HEADER)
        if at is None:  # an older rules service, or a test double
            return
        self.pinned[game_id] = at


class MatchmakingClient(ServiceClient):
    def __init__(self, nc: Client, namespace: str = "tabletop", timeout: float = 5.0) -> None:
        super().__init__(nc, timeout)
        self.subjects = MatchmakingSubjects(namespace=namespace)

    async def join(self, request: JoinQueue) -> Ticket:
        return (await self._ask(self.subjects.join, request, _TicketAnswer)).ticket

    async def leave(self, player_id: str) -> Ticket:
        request = LeaveQueue(player_id=player_id)
        return (await self._ask(self.subjects.leave, request, _TicketAnswer)).ticket

    async def ticket(self, player_id: str) -> Ticket:
        request = GetTicket(player_id=player_id)
        return (await self._ask(self.subjects.status, request, _TicketAnswer)).ticket


class ArchiveClient(ServiceClient):
    def __init__(self, nc: Client, namespace: str = "tabletop", timeout: float = 5.0) -> None:
        super().__init__(nc, timeout)
        self.subjects = ArchiveSubjects(namespace=namespace)

    async def commits(self, request: GetCommits) -> list[dict[str, Any]]:
        """Commit wire dicts (`tabletop.eventlog.Commit.model_validate` reads one)."""
        return (await self._ask(self.subjects.commits, request, _CommitsAnswer)).commits

    async def game(self, game_id: str) -> GameSummary:
        request = GetGame(game_id=game_id)
        return (await self._ask(self.subjects.game, request, _GameAnswer)).game

    async def player_games(self, request: GetPlayerGames) -> list[GameSummary]:
        return (await self._ask(self.subjects.player_games, request, _GamesAnswer)).games

    async def view(self, request: GetView) -> ArchivedView:
        return await self._ask(self.subjects.view, request, ArchivedView)

    async def seat_players(self, request: SeatPlayers) -> list[str]:
        return (await self._ask(self.subjects.seat_players, request, _SeatedAnswer)).player_ids

    async def finished_before(self, request: GetFinishedBefore) -> list[ArchivedGame]:
        return (await self._ask(self.subjects.finished_before, request, _ArchivedAnswer)).games


class LeaderboardsClient(ServiceClient):
    def __init__(self, nc: Client, namespace: str = "tabletop", timeout: float = 5.0) -> None:
        super().__init__(nc, timeout)
        self.subjects = LeaderboardSubjects(namespace=namespace)

    async def top(self, game: str, limit: int = 10) -> list[Rating]:
        request = GetTop(game=game, limit=limit)
        return (await self._ask(self.subjects.top, request, _TopAnswer)).ratings

    async def rating(self, game: str, player_id: str) -> Rating:
        request = GetRating(game=game, player_id=player_id)
        return (await self._ask(self.subjects.rating, request, _RatingAnswer)).rating

    async def history(self, game: str, player_id: str) -> list[RatingChange]:
        request = GetHistory(game=game, player_id=player_id)
        return (await self._ask(self.subjects.history, request, _HistoryAnswer)).history

    async def around(self, game: str, player_id: str, span: int = 5) -> list[Rating]:
        request = GetAround(game=game, player_id=player_id, span=span)
        return (await self._ask(self.subjects.around, request, _TopAnswer)).ratings

    async def season(self, game: str, season: str, limit: int = 10) -> list[Rating]:
        request = GetSeason(game=game, season=season, limit=limit)
        return (await self._ask(self.subjects.season, request, _TopAnswer)).ratings

    async def seasons(self, game: str) -> SeasonsReply:
        return await self._ask(self.subjects.seasons, GetSeasons(game=game), SeasonsReply)


# The answers without `error`, their payload required (a reply missing it is
# a broken service, refused by validation rather than passed on as None).
class _TicketAnswer(BaseModel):
    ticket: Ticket


class _CommitsAnswer(BaseModel):
    commits: list[dict[str, Any]]


class _GameAnswer(BaseModel):
    game: GameSummary


class _GamesAnswer(BaseModel):
    games: list[GameSummary]


class _ArchivedAnswer(BaseModel):
    games: list[ArchivedGame]


class _SeatedAnswer(BaseModel):
    player_ids: list[str]


class _TopAnswer(BaseModel):
    ratings: list[Rating]


class _RatingAnswer(BaseModel):
    rating: Rating


class _HistoryAnswer(BaseModel):
    history: list[RatingChange]
