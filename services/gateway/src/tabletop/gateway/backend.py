"""Everything the gateway asks other services, over NATS only: rules
(submit), matchmaking (tickets), archive (games, replays), leaderboards
(the typed clients of tabletop.messaging), plus the event log (live games)
and the seating directory (who sits where).

A refusal from a service raises `Refusal` with the service's own code, no
answer `Unavailable`: the gateway's error handlers answer both as
`{code, message}` with the code's HTTP status.
"""

from __future__ import annotations

from nats.aio.client import Client
from nats.js.kv import KeyValue

from tabletop.eventlog import EventLog, GameHead, GameHeads, PrunedGames, Topology
from tabletop.games import get_game
from tabletop.kernel import Game, UnknownGame
from tabletop.messaging import (
    ArchiveClient,
    LeaderboardsClient,
    MatchmakingClient,
    Refusal,
    RulesClient,
    ServiceCode,
)
from tabletop.messaging.seating import SeatingDirectory

from .errors import ApiError
from .settings import GatewaySettings


def known_game(game_type: str) -> Game:
    try:
        return get_game(game_type)
    except UnknownGame as exc:
        raise ApiError(exc.code, exc.message) from None


class Backend:
    def __init__(self, nc: Client, seats: KeyValue, settings: GatewaySettings) -> None:
        self.nc = nc
        self.topology = Topology(namespace=settings.namespace)
        js = nc.jetstream()
        self.log = EventLog(js, self.topology)
        self.heads = GameHeads(self.log, known_game, settings.cache_size)
        self.pruned = PrunedGames(js, self.topology)
        self.js = js
        timeout, namespace = settings.request_timeout, settings.namespace
        self.rules = RulesClient(nc, namespace, timeout)
        self.matchmaking = MatchmakingClient(nc, namespace, timeout)
        self.archive = ArchiveClient(nc, namespace, timeout)
        self.boards = LeaderboardsClient(nc, namespace, timeout)
        self.directory = SeatingDirectory(seats, self.archive)

    # ------------------------------------------------------------- live games
    async def head(self, game_id: str) -> GameHead:
        head = await self.heads.head(game_id)
        if head is None:
            if await self.pruned.get(game_id) is not None:
                raise ApiError(
                    ServiceCode.GAME_ARCHIVED,
                    f"game {game_id} is finished and archived: GET /v1/games/{game_id}/replay",
                )
            raise ApiError("unknown_game_id", f"no game {game_id}")
        return head

    async def steps_after(self, game_id: str, head: GameHead) -> list[GameHead]:
        """The game after each commit that followed `head`, one head per commit."""
        return await self.heads.steps_after(game_id, head)

    async def seating(self, game_id: str) -> list[str] | None:
        """The game's players by seat; None when nobody knows them (yet)."""
        try:
            return await self.directory.players(game_id)
        except Refusal as refusal:
            if refusal.code == ServiceCode.UNKNOWN_GAME_ID:
                return None  # the caller asks the event log whether the game exists
            raise
