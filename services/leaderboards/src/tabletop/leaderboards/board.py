"""The board: a read model of every rating, for top-N (asyncpg).

Derived from the rating aggregates and written after them. Each row carries
the aggregate's version and an upsert only moves it forward, so writing the
same ratings again (after a crash between the two, or a redelivery) is
harmless and the board converges on the aggregates.
"""

from __future__ import annotations

from collections.abc import Iterable

import asyncpg

from tabletop.messaging.leaderboards import Rating
from tabletop.storage import Migration

from .domain import PlayerRating

MIGRATIONS = (
    Migration(
        1,
        "ratings board",
        """
        CREATE TABLE board (
            game text NOT NULL,
            player_id text NOT NULL,
            mu double precision NOT NULL,
            sigma double precision NOT NULL,
            ordinal double precision NOT NULL,
            games integer NOT NULL,
            version integer NOT NULL,
            updated_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, player_id)
        );
        CREATE INDEX board_by_ordinal ON board (game, ordinal DESC, player_id);
        """,
    ),
    Migration(
        2,
        "season boards",
        """
        CREATE TABLE season_board (
            game text NOT NULL,
            season text NOT NULL,
            player_id text NOT NULL,
            mu double precision NOT NULL,
            sigma double precision NOT NULL,
            ordinal double precision NOT NULL,
            games integer NOT NULL,
            version integer NOT NULL,
            PRIMARY KEY (game, season, player_id)
        );
        CREATE INDEX season_board_by_ordinal
            ON season_board (game, season, ordinal DESC, player_id);
        """,
    ),
)


class Board:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def put(self, ratings: Iterable[PlayerRating]) -> None:
        ratings = list(ratings)
        rows = [
            (r.game, r.player_id, r.mu, r.sigma, r.skill.ordinal, r.games, r.version)
            for r in ratings
        ]
        await self.pool.executemany(
            "INSERT INTO board (game, player_id, mu, sigma, ordinal, games, version)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)"
            " ON CONFLICT (game, player_id) DO UPDATE SET mu = EXCLUDED.mu,"
            " sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal, games = EXCLUDED.games,"
            " version = EXCLUDED.version, updated_at = now()"
            " WHERE board.version < EXCLUDED.version",
            rows,
        )
        # The season of each player's latest game: its row follows the same
        # version rule, so a past season's row stays where the season ended.
        season_rows = [
            (r.game, r.season, r.player_id, r.mu, r.sigma, r.skill.ordinal,
             r.seasons[r.season], r.version)
            for r in ratings if r.season is not None
        ]  # fmt: skip
        await self.pool.executemany(
            "INSERT INTO season_board (game, season, player_id, mu, sigma, ordinal, games,"
            " version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (game, season, player_id) DO UPDATE SET mu = EXCLUDED.mu,"
            " sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal, games = EXCLUDED.games,"
            " version = EXCLUDED.version WHERE season_board.version < EXCLUDED.version",
            season_rows,
        )

    async def top(self, game: str, limit: int) -> list[Rating]:
        rows = await self.pool.fetch(
            "SELECT game, player_id, mu, sigma, ordinal, games,"
            " row_number() OVER (ORDER BY ordinal DESC, player_id) AS rank"
            " FROM board WHERE game = $1 ORDER BY ordinal DESC, player_id LIMIT $2",
            game,
            limit,
        )
        return [Rating.model_validate(dict(row)) for row in rows]

    async def place(self, game: str, player_id: str) -> int | None:
        """The player's 1-based place on the board (same order as `top`)."""
        return await self.pool.fetchval(
            "SELECT 1 + (SELECT count(*) FROM board o WHERE o.game = b.game AND"
            "  (o.ordinal > b.ordinal OR (o.ordinal = b.ordinal AND o.player_id < b.player_id)))"
            " FROM board b WHERE b.game = $1 AND b.player_id = $2",
            game,
            player_id,
        )
