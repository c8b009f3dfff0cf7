"""Where the rating aggregates live: eventsourcing's PostgreSQL module in the
service's schema, configured from DATABASE_URL (eventsourcing reads its own
POSTGRES_* keys, so the URL is translated, not passed through)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit


def eventsourcing_env(database_url: str, schema: str) -> dict[str, str]:
    url = urlsplit(database_url)
    if url.scheme not in ("postgresql", "postgres"):
        raise ValueError(f"DATABASE_URL must be postgresql://…, not {url.scheme}://")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": unquote(url.path.lstrip("/")) or "postgres",
        "POSTGRES_HOST": url.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or 5432),
        "POSTGRES_USER": unquote(url.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(url.password or ""),
        "POSTGRES_SCHEMA": schema,
        "POSTGRES_POOL_SIZE": "2",
        "POSTGRES_MAX_OVERFLOW": "2",
    }


MEMORY_ENV = {"PERSISTENCE_MODULE": "eventsourcing.popo"}  # fast unit tests only
