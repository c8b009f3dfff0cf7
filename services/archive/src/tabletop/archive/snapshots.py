"""Snapshots of archived games, so a view at step N folds a bounded tail.

Every `SNAPSHOT_EVERY` commits the archive stores the state it replayed
(the event log's `Snapshot` form: rules version, the commit it was made at,
the state pickled) in its own `snapshots` table. A view at step N starts
from the latest snapshot at or before N made by the rules version this
process runs, and folds the stored commits after it up to N; a snapshot
that does not chain to the commit after it is ignored (a full replay).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

from tabletop.eventlog import Commit, GameHead, Snapshot
from tabletop.kernel import Game

# Every this many commits: a view folds at most this many after its snapshot
# (smaller than the rules service's: the archive keeps them all, and a
# replay viewer asks for every step of a game).
SNAPSHOT_EVERY = 16

MIGRATION_SQL = """
CREATE TABLE snapshots (
    game_id text NOT NULL,
    seq integer NOT NULL CHECK (seq >= 1),
    rules_version text NOT NULL,
    snapshot bytea NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


INSERT = (
    "INSERT INTO snapshots (game_id, seq, rules_version, snapshot) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT DO NOTHING"
)


def _row(head: GameHead) -> tuple[str, int, str, bytes]:
    return head.last.game_id, head.seq, head.game.rules_version, head.snapshot().to_bytes()


async def save_if_due(conn: asyncpg.Connection, head: GameHead) -> None:
    """Store `head` when its seq is a multiple of SNAPSHOT_EVERY (idempotent).
    A commit archived out of order has no head here; the first view that
    folds past its step stores that snapshot instead (`head_at`)."""
    if head.seq % SNAPSHOT_EVERY == 0:
        await conn.execute(INSERT, *_row(head))


async def head_at(
    pool: asyncpg.Pool,
    game: Game[Any],
    game_id: str,
    step: int,
    commits: Callable[[int, int], Awaitable[list[Commit]]],
) -> GameHead | None:
    """The game as of commit `step`: from the latest usable snapshot at or
    before it plus `commits(after_seq, upto)`, else from its first commit.
    Snapshots missing on the way are stored."""
    data = await pool.fetchval(
        "SELECT snapshot FROM snapshots WHERE game_id = $1 AND seq <= $2 AND rules_version = $3"
        " ORDER BY seq DESC LIMIT 1",
        game_id, step, game.rules_version,
    )  # fmt: skip
    snapshot = Snapshot.from_bytes(data) if data is not None else None
    head: GameHead | None = None
    if snapshot is not None and snapshot.rules_version == game.rules_version:
        head = GameHead.from_snapshot(game, snapshot)
        tail = await commits(head.seq, step)
        if tail and tail[0].prev_hash != head.last_hash:
            head = None  # made on another chain: not a start
    if head is None:
        tail = await commits(0, step)
        if not tail or tail[0].seq != 1:
            return None
        head = GameHead.replay(game, tail[:1])
        tail = tail[1:]
    assert head is not None
    due = []
    for commit in tail:
        if commit.seq != head.seq + 1:
            break  # a gap: the game as of the commit before it
        head = head.then(commit)
        if head.seq % SNAPSHOT_EVERY == 0:
            due.append(_row(head))
    if due:
        await pool.executemany(INSERT, due)
    return head
