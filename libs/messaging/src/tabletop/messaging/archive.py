"""The archive service's request/reply subjects and models.

Every reply carries either its payload or `error: {code, message}`; codes
are in tabletop.messaging.codes. Views follow the kernel's rule: a seat sees
its own view, a spectator (`seat: null`) the spectator view; every seat's view of any step is
given out only once the game is over.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tabletop.kernel.names import GAME_ID_PATTERN, NAMESPACE_PATTERN

from .clocks import ClockOut
from .rules import ErrorBody

PLAYER_ID_PATTERN = r"^[A-Za-z0-9_.:@-]{1,128}$"


class ArchiveSubjects(BaseModel):
    """Request/reply subjects of the archive (queue group `archive`)."""

    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)
    queue: str = "archive"

    @property
    def commits(self) -> str:
        return f"{self.namespace}.archive.commits"

    @property
    def view(self) -> str:
        return f"{self.namespace}.archive.view"

    @property
    def game(self) -> str:
        return f"{self.namespace}.archive.game"

    @property
    def player_games(self) -> str:
        return f"{self.namespace}.archive.player-games"

    @property
    def seat_players(self) -> str:
        return f"{self.namespace}.archive.seat-players"

    @property
    def finished_before(self) -> str:
        return f"{self.namespace}.archive.finished-before"


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GetCommits(_Request):
    """A game's stored commits with seq > `after_seq`, at most `limit`."""

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    after_seq: int = Field(default=0, ge=0)
    limit: int = Field(default=1000, ge=1, le=10000)


class GetView(_Request):
    """The game as `seat` (None: a spectator) saw it after commit `step`
    (None: the last stored commit). `all_seats` asks for every seat's view
    too, which is refused until the game is over."""

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    step: int | None = Field(default=None, ge=1)
    seat: int | None = Field(default=None, ge=0)
    all_seats: bool = False


class GetGame(_Request):
    game_id: str = Field(pattern=GAME_ID_PATTERN)


class GetPlayerGames(_Request):
    """A player's games, newest first; `game` filters by game type."""

    player_id: str = Field(pattern=PLAYER_ID_PATTERN)
    game: str | None = None
    status: Literal["running", "finished"] | None = None
    limit: int = Field(default=50, ge=1, le=500)


class SeatPlayers(_Request):
    """Who sits where: `player_ids[seat]`. Sent by whoever seats the players
    (matchmaking, once the rules service has started the game); leaderboards
    rate a game by it. Idempotent; a different assignment is refused."""

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    player_ids: list[str] = Field(min_length=1, max_length=16)

    @model_validator(mode="after")
    def _distinct(self) -> SeatPlayers:
        for player in self.player_ids:
            if not re.match(PLAYER_ID_PATTERN, player):
                raise ValueError(f"player id {player!r} must match {PLAYER_ID_PATTERN}")
        if len(set(self.player_ids)) != len(self.player_ids):
            raise ValueError("a player sits at one seat only")
        return self


class GetFinishedBefore(_Request):
    """Finished games (oldest first) that ended before `before`, each with
    the archive's proof that it holds the game whole: what
    `tabletop storage verify|prune` needs before a game leaves JetStream."""

    before: datetime
    after_game_id: str = ""  # paging: games are ordered by (finished_at, game_id)
    after_finished_at: datetime | None = None
    limit: int = Field(default=100, ge=1, le=1000)


class ArchivedGame(BaseModel):
    """One finished game as the archive holds it. `complete`: commits 1..last_seq
    are all stored, their hash chain re-verified now, none recorded broken."""

    game_id: str
    game: str
    last_seq: int
    last_hash: str | None
    finished_at: datetime
    complete: bool
    reason: str = ""  # why not complete


class GameSummary(BaseModel):
    game_id: str
    game: str
    players: int
    status: Literal["running", "finished"]
    last_seq: int
    player_ids: list[str] | None = None
    ranks: list[int] | None = None  # Outcome.ranks once finished
    scores: list[float] | None = None
    created_at: datetime | None = None
    finished_at: datetime | None = None
    chain_ok: bool = True


class _Reply(BaseModel):
    error: ErrorBody | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)


class CommitsReply(_Reply):
    game_id: str | None = None
    commits: list[dict[str, Any]] = Field(default_factory=list)  # Commit wire dicts


class ViewReply(_Reply):
    game_id: str | None = None
    step: int | None = None
    last_seq: int | None = None
    finished: bool | None = None  # as of the last stored commit, not of `step`
    seat: int | None = None
    clock: ClockOut | None = None  # as of `step`; None: the table has no clock
    view: dict[str, Any] | None = None
    seat_views: list[dict[str, Any]] | None = None  # only for a finished game


class ArchivedView(BaseModel):
    """A `ViewReply` that answered: every field but `seat`/`clock`/`seat_views` present."""

    game_id: str
    step: int
    last_seq: int
    finished: bool
    seat: int | None = None
    clock: ClockOut | None = None
    view: dict[str, Any]
    seat_views: list[dict[str, Any]] | None = None


class GameReply(_Reply):
    game: GameSummary | None = None


class PlayerGamesReply(_Reply):
    games: list[GameSummary] = Field(default_factory=list)


class SeatPlayersReply(_Reply):
    game_id: str | None = None
    player_ids: list[str] | None = None


class FinishedBeforeReply(_Reply):
    games: list[ArchivedGame] = Field(default_factory=list)
