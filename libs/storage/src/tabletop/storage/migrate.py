"""Forward-only schema migrations, run at service start.

Several replicas may start at once; a session-level advisory lock keyed on
the schema makes them take turns, so a migration never runs twice and no
replica serves before the schema it expects exists.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass

import asyncpg

from .pool import quote_ident

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    sql: str


@asynccontextmanager
async def migration_lock(conn: asyncpg.Connection, schema: str) -> AsyncIterator[None]:
    """Held while a replica changes `schema` (also around schema work done by
    other libraries, such as eventsourcing creating its tables)."""
    key = f"tabletop.migrate.{schema}"
    await conn.execute("SELECT pg_advisory_lock(hashtext($1))", key)
    try:
        yield
    finally:
        await conn.execute("SELECT pg_advisory_unlock(hashtext($1))", key)


async def migrate(conn: asyncpg.Connection, schema: str, migrations: Sequence[Migration]) -> int:
    """Create `schema` and apply the migrations it lacks, in version order,
    each in its own transaction. Returns how many were applied."""
    name = quote_ident(schema)
    async with migration_lock(conn, schema):
        await conn.execute(f"CREATE SCHEMA IF NOT EXISTS {name}")
        await conn.execute(
            f"CREATE TABLE IF NOT EXISTS {name}.schema_migrations ("
            " version integer PRIMARY KEY, description text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {
            r["version"] for r in await conn.fetch(f"SELECT version FROM {name}.schema_migrations")
        }
        applied = 0
        for migration in sorted(migrations, key=lambda m: m.version):
            if migration.version in done:
                continue
            async with conn.transaction():
                await conn.execute(f"SET LOCAL search_path TO {name}")
                await conn.execute(migration.sql)
                await conn.execute(
                    f"INSERT INTO {name}.schema_migrations (version, description) VALUES ($1, $2)",
                    migration.version,
                    migration.description,
                )
            applied += 1
            log.info("migrated %s to %d: %s", schema, migration.version, migration.description)
        return applied
