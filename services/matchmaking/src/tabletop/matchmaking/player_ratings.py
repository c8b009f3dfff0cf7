"""A joining player's rating, from the leaderboards, for rating-aware
matching. Fails open: a player the leaderboards do not know, or do not
answer for in time, is matched as a new player (provisional, widest window)
rather than refused a game."""

from __future__ import annotations

import logging

from nats.aio.client import Client

from tabletop.messaging import LeaderboardsClient
from tabletop.messaging.errors import Refusal

log = logging.getLogger("tabletop.matchmaking")

LOOKUP_TIMEOUT = 1.0  # a join waits no longer than this for the rating


class PlayerRatings:
    def __init__(self, nc: Client, namespace: str, timeout: float = LOOKUP_TIMEOUT) -> None:
        self.client = LeaderboardsClient(nc, namespace, timeout=timeout)

    async def of(self, game: str, player_id: str) -> tuple[float | None, int]:
        """(mu, rated games), or (None, 0) for a player matched as new."""
        try:
            rating = await self.client.rating(game, player_id)
        except Refusal as refusal:
            if refusal.code != "unknown_player":
                log.warning("no rating for %s: %s", player_id, refusal.code)
            return None, 0
        return rating.mu, rating.games
