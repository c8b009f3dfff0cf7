"""The archive in PostgreSQL (asyncpg): record a commit exactly once, read
commits, games and seats back.

`record` runs in one transaction: the commit row (ON CONFLICT DO NOTHING on
(game_id, seq)), the chain-link checks against stored neighbours, and the
game's row (status and outcome once its replayed state has one). The caller
acks the JetStream message only after it returns.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import asyncpg

from tabletop.eventlog import Commit, GameHead, GameHeads
from tabletop.games.catalog import GameCatalog
from tabletop.messaging.archive import GameSummary

from .chain import ChainBreak, chain_breaks
from .snapshots import save_if_due

log = logging.getLogger(__name__)

# `at`: the time the rules service stamped on the commit (part of its hash when set).
COMMIT_COLUMNS = (
    'game_id, seq, game, command_id, seat, events, rules_version, prev_hash, hash, "at"'
)
GAME_COLUMNS = (
    "g.game_id, g.game, g.players, g.status, g.last_seq, g.ranks, g.scores, g.chain_ok,"
    " g.created_at, g.finished_at,"
    " (SELECT array_agg(p.player_id ORDER BY p.seat) FROM game_players p"
    "  WHERE p.game_id = g.game_id) AS player_ids"
)


@dataclass
class Recorded:
    inserted: bool  # False: the commit was already archived (a redelivery)
    breaks: list[ChainBreak] = field(default_factory=list)
    finished: bool = False  # this commit ended the game


class SeatConflict(Exception):
    """The game already has other players in those seats."""


def commit_from_row(row: asyncpg.Record) -> Commit:
    data = dict(row)
    data["events"] = json.loads(data["events"])
    return Commit.model_validate(data)


def summary_from_row(row: asyncpg.Record) -> GameSummary:
    return GameSummary.model_validate(dict(row))


class ArchiveStore:
    def __init__(self, pool: asyncpg.Pool, catalog: GameCatalog, cache_size: int = 1024) -> None:
        self.pool = pool
        self.catalog = catalog
        self.heads = GameHeads(None, catalog.get, cache_size)  # replayed from the store

    # ----------------------------------------------------------------- writes
    async def record(self, commit: Commit, stream_seq: int, landed_at: datetime) -> Recorded:
        async with self.pool.acquire() as conn, conn.transaction():
            # One writer per game at a time: two of its commits stored side by
            # side would each miss the other and neither would see the end.
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", commit.game_id)
            inserted = await conn.fetchval(
                f"INSERT INTO commits ({COMMIT_COLUMNS}, stream_seq, landed_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)"
                " ON CONFLICT (game_id, seq) DO NOTHING RETURNING true",
                commit.game_id, commit.seq, commit.game, commit.command_id, commit.seat,
                json.dumps(commit.events), commit.rules_version, commit.prev_hash,
                commit.hash, commit.at, stream_seq, landed_at,
            )  # fmt: skip
            if not inserted:
                return Recorded(inserted=False)
            breaks, has_successor = await self._check_links(conn, commit)
            result = Recorded(inserted=True, breaks=breaks)
            # last_seq: the end of the gap-free prefix, so "archived up to n"
            # means every commit 1..n can be read back.
            await conn.execute(
                "INSERT INTO games (game_id, game, last_seq, created_at, chain_ok)"
                " VALUES ($1, $2, (SELECT COALESCE(MAX(seq), 0) FROM (SELECT seq,"
                "  row_number() OVER (ORDER BY seq) AS n FROM commits WHERE game_id = $1) c"
                "  WHERE seq = n), $3, $4)"
                " ON CONFLICT (game_id) DO UPDATE SET last_seq = EXCLUDED.last_seq,"
                " created_at = COALESCE(EXCLUDED.created_at, games.created_at),"
                " chain_ok = games.chain_ok AND EXCLUDED.chain_ok",
                commit.game_id, commit.game,
                landed_at if commit.seq == 1 else None, not result.breaks,
            )  # fmt: skip
            replayed = await self._replay_through(conn, commit, has_successor)
            if replayed is not None:
                result.finished = await self._update_outcome(conn, commit, replayed, landed_at)
                await save_if_due(conn, replayed)
        if replayed is not None:
            self.heads.put(commit.game_id, replayed)  # only once the transaction committed
        return result

    async def _check_links(
        self, conn: asyncpg.Connection, commit: Commit
    ) -> tuple[list[ChainBreak], bool]:
        rows = await conn.fetch(
            "SELECT seq, hash, prev_hash FROM commits WHERE game_id = $1 AND seq IN ($2, $3)",
            commit.game_id, commit.seq - 1, commit.seq + 1,
        )  # fmt: skip
        by_seq = {row["seq"]: row for row in rows}
        prev = by_seq.get(commit.seq - 1)
        after = by_seq.get(commit.seq + 1)
        breaks = chain_breaks(
            commit, prev["hash"] if prev else None, after["prev_hash"] if after else None
        )
        for brk in breaks:
            await conn.execute(
                "INSERT INTO chain_breaks (game_id, seq, reason) VALUES ($1, $2, $3)"
                " ON CONFLICT DO NOTHING",
                brk.game_id, brk.seq, brk.reason,
            )  # fmt: skip
        return breaks, after is not None

    async def _replay_through(
        self, conn: asyncpg.Connection, commit: Commit, has_successor: bool
    ) -> GameHead | None:
        """The game's state after the longest gap-free prefix that contains
        `commit`, or None (a gap before it, or a game we cannot replay).
        The cache serves only the in-order case (no later commit stored yet)."""
        game = self.catalog.find(commit.game)
        if game is None:
            return None

        async def stored() -> list[Commit]:
            return await self.commits(commit.game_id, conn=conn)

        try:
            replayed = await self.heads.as_of(commit, stored, from_cache=not has_successor)
        except Exception:
            log.exception("cannot replay game", extra={"game_id": commit.game_id})
            return None
        if replayed is None or replayed.seq < commit.seq:
            return None
        return replayed

    async def _update_outcome(
        self, conn: asyncpg.Connection, commit: Commit, replayed: GameHead, landed_at: datetime
    ) -> bool:
        game, state = replayed.game, replayed.state
        outcome = game.outcome(state)
        await conn.execute(
            "UPDATE games SET players = $2 WHERE game_id = $1 AND players IS NULL",
            commit.game_id, game.seats(state),
        )  # fmt: skip
        if outcome is None:
            return False
        status = await conn.fetchval(
            "UPDATE games SET status = 'finished', ranks = $2, scores = $3, finished_at = $4"
            " WHERE game_id = $1 AND status = 'running' RETURNING status",
            commit.game_id, list(outcome.ranks), [float(s) for s in outcome.scores],
            commit.made_at() or landed_at,  # the rules' stamp: what leaderboards' seasons use
        )  # fmt: skip
        return status is not None

    async def seat_players(self, game_id: str, player_ids: list[str]) -> list[str]:
        """Record who sits where; idempotent. Raises SeatConflict when the game
        already has other players, or a player count that does not fit."""
        async with self.pool.acquire() as conn, conn.transaction():
            players = await conn.fetchval("SELECT players FROM games WHERE game_id = $1", game_id)
            if players is not None and players != len(player_ids):
                raise SeatConflict(f"game {game_id} has {players} seats, not {len(player_ids)}")
            await conn.executemany(
                "INSERT INTO game_players (game_id, seat, player_id) VALUES ($1, $2, $3)"
                " ON CONFLICT DO NOTHING",
                [(game_id, seat, player) for seat, player in enumerate(player_ids)],
            )
            stored = await self._player_ids(conn, game_id)
            if stored != player_ids:
                raise SeatConflict(f"game {game_id} is already seated as {stored}")
            return stored

    # ------------------------------------------------------------------ reads
    async def commits(
        self,
        game_id: str,
        after_seq: int = 0,
        limit: int | None = None,
        upto: int | None = None,
        conn: asyncpg.Connection | None = None,
    ) -> list[Commit]:
        query = (
            f"SELECT {COMMIT_COLUMNS} FROM commits WHERE game_id = $1 AND seq > $2"
            " AND seq <= $3 ORDER BY seq LIMIT $4"
        )
        args = (game_id, after_seq, upto if upto is not None else 2**31 - 1, limit)
        if conn is not None:
            rows = await conn.fetch(query, *args)
        else:
            rows = await self.pool.fetch(query, *args)
        return [commit_from_row(row) for row in rows]

    async def game(self, game_id: str) -> GameSummary | None:
        row = await self.pool.fetchrow(
            f"SELECT {GAME_COLUMNS} FROM games g WHERE g.game_id = $1", game_id
        )
        if row is None:
            return None
        return summary_from_row(row)

    async def player_games(
        self, player_id: str, game: str | None, status: str | None, limit: int
    ) -> list[GameSummary]:
        rows = await self.pool.fetch(
            f"SELECT {GAME_COLUMNS} FROM games g JOIN game_players gp USING (game_id)"
            " WHERE gp.player_id = $1 AND ($2::text IS NULL OR g.game = $2)"
            " AND ($3::text IS NULL OR g.status = $3)"
            " ORDER BY g.created_at DESC NULLS LAST, g.game_id LIMIT $4",
            player_id, game, status, limit,
        )  # fmt: skip
        return [summary_from_row(row) for row in rows]

    async def finished_before(
        self, before: datetime, after: tuple[datetime | None, str], limit: int
    ) -> list[asyncpg.Record]:
        """Finished games that ended before `before`, oldest first, after the
        page marker `(finished_at, game_id)`; with whether a break was ever recorded."""
        return await self.pool.fetch(
            "SELECT g.game_id, g.game, g.last_seq, g.finished_at, g.chain_ok,"
            " EXISTS (SELECT 1 FROM chain_breaks b WHERE b.game_id = g.game_id) AS broken,"
            " (SELECT hash FROM commits c WHERE c.game_id = g.game_id AND c.seq = g.last_seq)"
            "  AS last_hash,"
            " (SELECT MAX(seq) FROM commits c WHERE c.game_id = g.game_id) AS max_seq"
            " FROM games g WHERE g.status = 'finished' AND g.finished_at < $1"
            " AND ($2::timestamptz IS NULL OR (g.finished_at, g.game_id) > ($2, $3))"
            " ORDER BY g.finished_at, g.game_id LIMIT $4",
            before, after[0], after[1], limit,
        )  # fmt: skip

    async def seated(self, game_id: str) -> list[str] | None:
        async with self.pool.acquire() as conn:
            return await self._player_ids(conn, game_id) or None

    @staticmethod
    async def _player_ids(conn: asyncpg.Connection, game_id: str) -> list[str]:
        rows = await conn.fetch(
            "SELECT player_id FROM game_players WHERE game_id = $1 ORDER BY seat", game_id
        )
        return [row["player_id"] for row in rows]


def as_wire(commit: Commit) -> dict[str, Any]:
    return commit.model_dump(mode="json")
