"""An asyncpg pool whose connections see one schema first (`search_path`),
so a service's SQL names its tables unqualified and tests can give every run
its own schema."""

from __future__ import annotations

import re

import asyncpg

SCHEMA_PATTERN = r"^[a-z_][a-z0-9_]{0,62}$"


def quote_ident(name: str) -> str:
    """A schema name for SQL text; only plain lower-case identifiers pass."""
    if not re.match(SCHEMA_PATTERN, name):
        raise ValueError(f"not a plain identifier: {name!r}")
    return f'"{name}"'


async def connect_pool(url: str, schema: str, min_size: int = 1, max_size: int = 5) -> asyncpg.Pool:
    quote_ident(schema)  # refuse anything that is not a plain identifier
    pool = await asyncpg.create_pool(
        url,
        min_size=min_size,
        max_size=max_size,
        server_settings={"search_path": f"{schema},public", "application_name": "tabletop"},
    )
    assert pool is not None
    return pool
