"""A player's rating in one game type, as an event-sourced aggregate: its
events are its rating history (one `Rated` per game), so the history the
service serves is the aggregate itself, not a copy."""

from __future__ import annotations

from datetime import datetime
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from .seasons import season_of
from .skill import Skill


class PlayerRating(Aggregate):
    """Identified by (game, player): `create_id` makes the id from them, so
    finding a rating needs no index."""

    @staticmethod
    def create_id(game: str, player_id: str, mu: float, sigma: float) -> UUID:
        return rating_id(game, player_id)

    @event("Created")
    def __init__(self, game: str, player_id: str, mu: float, sigma: float) -> None:
        self.game = game
        self.player_id = player_id
        self.mu = mu
        self.sigma = sigma
        self.games = 0
        self.rated_games: list[str] = []  # the idempotency key: a game counts once
        self.seasons: dict[str, int] = {}  # games rated per season (seasons.py)

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma)

    class Rated(Aggregate.Event):
        """One game rated (declared, not made by `@event`, so type checkers see it)."""

        game_id: str
        place: int
        players: int
        mu: float
        sigma: float
        mu_before: float
        sigma_before: float
        finished_at: datetime | None

    @event(Rated)
    def rated(
        self,
        game_id: str,
        place: int,
        players: int,
        mu: float,
        sigma: float,
        mu_before: float,
        sigma_before: float,
        finished_at: datetime | None,
    ) -> None:
        self.mu = mu
        self.sigma = sigma
        self.games += 1
        self.rated_games.append(game_id)
        if finished_at is not None:
            season = season_of(finished_at)
            self.seasons[season] = self.seasons.get(season, 0) + 1

    @property
    def season(self) -> str | None:
        """The season of the last rated game (None: no game had a time)."""
        return max(self.seasons) if self.seasons else None


def rating_id(game: str, player_id: str) -> UUID:
    return uuid5(NAMESPACE_URL, f"tabletop:rating:{game}:{player_id}")
