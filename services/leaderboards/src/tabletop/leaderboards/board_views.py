"""The board read in other ways than top-N: around a player, and the boards
of seasons, past and current (asyncpg; the rows are written by `Board.put`)."""

from __future__ import annotations

import asyncpg

from tabletop.messaging.leaderboards import Rating

RANKED = (
    "SELECT game, player_id, mu, sigma, ordinal, games,"
    " row_number() OVER (ORDER BY ordinal DESC, player_id) AS rank FROM {table}"
)


class BoardViews:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def around(self, game: str, player_id: str, span: int) -> list[Rating]:
        """The player's row and up to `span` rows above and below it; [] when
        the player is not on the board."""
        rows = await self.pool.fetch(
            "WITH ranked AS (" + RANKED.format(table="board WHERE game = $1") + "),"
            " me AS (SELECT rank FROM ranked WHERE player_id = $2)"
            " SELECT ranked.* FROM ranked, me"
            " WHERE ranked.rank BETWEEN me.rank - $3 AND me.rank + $3 ORDER BY ranked.rank",
            game,
            player_id,
            span,
        )
        return [Rating.model_validate(dict(row)) for row in rows]

    async def season_top(self, game: str, season: str, limit: int) -> list[Rating]:
        rows = await self.pool.fetch(
            RANKED.format(table="season_board WHERE game = $1 AND season = $2")
            + " ORDER BY rank LIMIT $3",
            game,
            season,
            limit,
        )
        return [Rating.model_validate(dict(row)) for row in rows]

    async def seasons(self, game: str) -> list[str]:
        """The seasons with a board, newest first."""
        rows = await self.pool.fetch(
            "SELECT DISTINCT season FROM season_board WHERE game = $1 ORDER BY season DESC", game
        )
        return [row["season"] for row in rows]
