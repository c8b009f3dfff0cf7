"""One commit off the games stream: rate the game if it just ended.

Order of durability: the players' rating events and the tracking record land
in one transaction (eventsourcing); the board follows (idempotent upsert);
only then is the JetStream message acked. A redelivery finds the tracking
record, rewrites the board from the aggregates and acks.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from nats.aio.msg import Msg
from pydantic import ValidationError

from tabletop.eventlog import Commit
from tabletop.kernel import Outcome
from tabletop.messaging import Refusal
from tabletop.messaging.seating import SeatingDirectory
from tabletop.runtime import Verdict

from .application import FinishedGame, Ratings
from .board import Board
from .finished import EndDetector, NotYet
from .metrics import LeaderboardsMetrics
from .rating_rules import unrated_reason
from .skill import MAX_PLAYERS, MIN_PLAYERS

log = logging.getLogger("tabletop.leaderboards")

RETRY_DELAY_SECONDS = 2.0


class CommitRater:
    def __init__(
        self,
        ratings: Ratings,
        board: Board,
        ends: EndDetector,
        seats: SeatingDirectory,
        metrics: LeaderboardsMetrics,
    ) -> None:
        self.ratings = ratings
        self.board = board
        self.ends = ends
        self.seats = seats
        self.metrics = metrics

    async def handle(self, msg: Msg) -> tuple[Verdict, str]:
        """What to answer JetStream and, when it is not an ack, why. Never
        raises. A commit that keeps failing is parked by the caller after a
        bounded number of attempts (`runtime.DeadLetters`): with one commit in
        flight, one that can never be rated would stop every later rating."""
        try:
            commit = Commit.from_bytes(msg.data)
        except ValidationError as exc:
            self.metrics.commits.labels(result="malformed").inc()
            log.error("malformed commit on %s: %s", msg.subject, exc.errors()[0]["msg"])
            return Verdict.TERM, f"malformed commit: {exc.errors()[0]['msg']}"
        reason = ""
        try:
            result = await self._rate(commit, msg)
        except NotYet as exc:
            result, reason = "retry", f"not yet: {exc}"
            log.warning("will retry: %s", exc, extra={"game_id": commit.game_id})
        except Exception as exc:
            result, reason = "retry", f"could not rate: {type(exc).__name__}: {exc}"
            log.exception("could not rate", extra={"game_id": commit.game_id, "seq": commit.seq})
        self.metrics.commits.labels(result=result).inc()
        return (Verdict.NAK, reason) if result == "retry" else (Verdict.ACK, "")

    async def _rate(self, commit: Commit, msg: Msg) -> str:
        ending = await self.ends.ending(commit)
        if ending is None:
            return "ongoing"
        position = msg.metadata.sequence.stream
        if await asyncio.to_thread(self.ratings.applied, position):
            await self._rewrite_board(commit, ending.game)
            return "duplicate"
        player_ids = await self._players(commit.game_id) or []
        ranks = list(ending.outcome.ranks)
        reason = None
        if not player_ids:
            reason = "no_players"
        elif len(player_ids) != len(ranks):
            reason = "players_mismatch"
        elif not MIN_PLAYERS <= len(ranks) <= MAX_PLAYERS:
            reason = "player_count"
        else:
            reason = await self._unrated(commit, ending.outcome, player_ids)
        if reason is not None:
            self.metrics.skipped.labels(reason=reason).inc()
            log.warning("finished game not rated: %s", reason, extra={"game_id": commit.game_id})
            return "skipped"
        finished = FinishedGame(
            game_id=commit.game_id,
            game=ending.game,
            player_ids=player_ids,
            ranks=ranks,
            # the rules' stamp, as the archive's finished_at: re-rating puts the
            # game in the same season even at a quarter's boundary
            finished_at=commit.made_at() or msg.metadata.timestamp or datetime.now(UTC),
            position=position,
        )
        rated = await asyncio.to_thread(self.ratings.apply, finished)
        if rated is None:  # already in the players' histories (the game id key)
            await self._rewrite_board(commit, ending.game, player_ids)
            return "duplicate"
        await self.board.put(rated)
        log.info("rated game", extra={"game_id": commit.game_id, "players": len(player_ids)})
        return "rated"

    async def _rewrite_board(
        self, commit: Commit, game: str, player_ids: list[str] | None = None
    ) -> None:
        """After a crash between the aggregates and the board, converge."""
        if player_ids is None:
            player_ids = await self._players(commit.game_id) or []
        current = [
            await asyncio.to_thread(self.ratings.rating, game, player) for player in player_ids
        ]
        await self.board.put(r for r in current if r.games)

    async def _unrated(self, commit: Commit, outcome: Outcome, player_ids: list[str]) -> str | None:
        seating = await self.seats.seating(commit.game_id)  # cached by `_players` already
        commits = None
        if outcome.reason == "abandoned":
            commits, _ = await self.ends.log.load(commit.game_id)
        return unrated_reason(outcome, player_ids, seating, commits)

    async def _players(self, game_id: str) -> list[str] | None:
        """Who played, from the seating directory; NotYet when the archive has
        not seen the game yet (it follows the same stream) or did not answer."""
        try:
            return await self.seats.players(game_id)
        except Refusal as refusal:
            raise NotYet(f"seats of {game_id} unknown: {refusal}") from None
