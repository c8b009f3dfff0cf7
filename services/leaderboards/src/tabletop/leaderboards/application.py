"""The ratings application (eventsourcing): applies a finished game to its
players' rating aggregates, exactly once.

The upstream is the JetStream games stream, not an eventsourcing log, so the
tracking record is (`UPSTREAM`, stream sequence of the game's final commit),
written in the same database transaction as the players' new events. A
redelivered commit finds its position already tracked and changes nothing;
a game already in a player's `rated_games` is refused as well, whatever its
position (the game id is the second, position-free idempotency key).

eventsourcing's persistence is synchronous (psycopg); the service calls this
class from a worker thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import ProcessRecorder, Tracking
from eventsourcing.utils import EnvType

from .domain import PlayerRating, rating_id
from .skill import DEFAULT_MU, DEFAULT_SIGMA, rate

UPSTREAM = "games-stream"


@dataclass(frozen=True, slots=True)
class FinishedGame:
    game_id: str
    game: str
    player_ids: list[str]  # player_ids[seat]
    ranks: list[int]  # Outcome.ranks[seat]
    finished_at: datetime | None
    position: int  # stream sequence of the commit that ended the game


class Ratings(Application[UUID]):
    name = "ratings"

    def __init__(self, env: Mapping[str, str] | EnvType | None = None) -> None:
        super().__init__(env)

    def construct_recorder(self) -> ProcessRecorder:
        # A process recorder keeps tracking records beside the events.
        return self.factory.process_recorder()

    @property
    def tracking(self) -> ProcessRecorder:
        assert isinstance(self.recorder, ProcessRecorder)
        return self.recorder

    def applied(self, position: int) -> bool:
        return self.tracking.has_tracking_id(UPSTREAM, position)

    def apply(self, result: FinishedGame) -> list[PlayerRating] | None:
        """Rate the game; None when it was rated before (nothing changes).
        Raises eventsourcing's IntegrityError when a concurrent writer won."""
        if self.applied(result.position):
            return None
        players = [self.rating(result.game, p) for p in result.player_ids]
        if any(result.game_id in p.rated_games for p in players):
            return None
        after = rate([p.skill for p in players], result.ranks)
        for player, place, skill in zip(players, result.ranks, after, strict=True):
            player.rated(
                game_id=result.game_id,
                place=place,
                players=len(players),
                mu=skill.mu,
                sigma=skill.sigma,
                mu_before=player.mu,
                sigma_before=player.sigma,
                finished_at=result.finished_at,
            )
        events = [e for player in players for e in player.collect_events()]
        self.events.put(events, tracking=Tracking(UPSTREAM, result.position))
        return players

    def rating(self, game: str, player_id: str) -> PlayerRating:
        """The player's rating, or a fresh one (not yet saved)."""
        try:
            return self.repository.get(rating_id(game, player_id))
        except AggregateNotFoundError:
            return PlayerRating(game, player_id, DEFAULT_MU, DEFAULT_SIGMA)

    def history(self, game: str, player_id: str) -> list[PlayerRating.Rated]:
        events = self.events.get(rating_id(game, player_id))
        return [e for e in events if isinstance(e, PlayerRating.Rated)]
