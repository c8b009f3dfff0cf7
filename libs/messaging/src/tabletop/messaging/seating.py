"""Who sits where in game G, answered in one place for the bots, the gateway
and the leaderboards.

First the seats KV bucket: matchmaking writes a matched game's `Seating`
there (with the bot levels) before the game starts, and deletes it some
time after the game ends. Then the archive's seat list (`SeatPlayers`),
which also knows games started with `player_ids` and outlives the KV entry.
Both are written once, so a found answer is cached.
"""

from __future__ import annotations

from typing import TypeVar

from nats.js.errors import KeyNotFoundError
from nats.js.kv import KeyValue

from .clients import ArchiveClient
from .matchmaking import Seating

CACHED = 4096
V = TypeVar("V")


class SeatingDirectory:
    def __init__(self, seats: KeyValue, archive: ArchiveClient, cached: int = CACHED) -> None:
        self.seats = seats
        self.archive = archive
        self.cached = cached
        self._seatings: dict[str, Seating] = {}
        self._players: dict[str, list[str]] = {}

    async def seating(self, game_id: str) -> Seating | None:
        """The matched game's seating with its bot seats (KV only: the archive
        does not know bots); None for a game matchmaking did not seat."""
        found = self._seatings.get(game_id)
        if found is not None:
            return found
        try:
            entry = await self.seats.get(game_id)
        except KeyNotFoundError:
            return None
        if not entry.value:
            return None
        found = Seating.model_validate_json(entry.value)
        self._remember(self._seatings, game_id, found)
        return found

    async def players(self, game_id: str) -> list[str] | None:
        """The players by seat: the KV seating's, else the archive's; None when
        the archive has the game but nobody recorded its players. Raises
        `Refusal(unknown_game_id)` when the archive has not seen the game
        (yet: it follows the event log) and `Unavailable` when it is down."""
        known = self._players.get(game_id)
        if known is not None:
            return known
        seating = await self.seating(game_id)
        players = seating.player_ids if seating else (await self.archive.game(game_id)).player_ids
        if players is not None:
            self._remember(self._players, game_id, players)
        return players

    def _remember(self, cache: dict[str, V], game_id: str, value: V) -> None:
        if len(cache) >= self.cached:
            cache.clear()  # crude but bounded; entries never go stale
        cache[game_id] = value
