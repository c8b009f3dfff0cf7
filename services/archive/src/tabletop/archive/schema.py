"""The archive's tables. It owns them alone; others ask over NATS.

`commits` keeps each commit exactly as it was hashed (`events` as `json`, which
keeps the text as given) under PRIMARY KEY (game_id, seq): a redelivered
commit hits the key and changes nothing.
"""

from tabletop.storage import Migration

from .snapshots import MIGRATION_SQL as SNAPSHOTS_SQL

MIGRATIONS = (
    Migration(
        1,
        "commits, games, seats, chain breaks",
        """
        CREATE TABLE commits (
            game_id text NOT NULL,
            seq integer NOT NULL CHECK (seq >= 1),
            game text NOT NULL,
            command_id text NOT NULL,
            seat integer,
            events json NOT NULL,
            rules_version text NOT NULL,
            prev_hash text NOT NULL,
            hash text NOT NULL,
            stream_seq bigint NOT NULL,
            landed_at timestamptz NOT NULL,
            archived_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game_id, seq)
        );
        CREATE TABLE games (
            game_id text PRIMARY KEY,
            game text NOT NULL,
            players integer,
            status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished')),
            last_seq integer NOT NULL DEFAULT 0,
            ranks integer[],
            scores double precision[],
            chain_ok boolean NOT NULL DEFAULT true,
            created_at timestamptz,
            finished_at timestamptz
        );
        CREATE INDEX games_by_type ON games (game, created_at DESC);
        CREATE TABLE game_players (
            game_id text NOT NULL,
            seat integer NOT NULL CHECK (seat >= 0),
            player_id text NOT NULL,
            PRIMARY KEY (game_id, seat),
            UNIQUE (game_id, player_id)
        );
        CREATE INDEX game_players_by_player ON game_players (player_id);
        CREATE TABLE chain_breaks (
            game_id text NOT NULL,
            seq integer NOT NULL,
            reason text NOT NULL,
            detected_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game_id, seq, reason)
        );
        """,
    ),
    Migration(
        2,
        "finished games by end time (tabletop storage verify|prune pages through them)",
        """
        CREATE INDEX games_finished ON games (finished_at, game_id) WHERE status = 'finished';
        """,
    ),
    Migration(3, "snapshots of replayed games (views at step N)", SNAPSHOTS_SQL),
    Migration(
        4,
        "the time each commit was made (rules stamps it; part of its hash, so the chain verifies)",
        'ALTER TABLE commits ADD COLUMN "at" bigint;',
    ),
)
