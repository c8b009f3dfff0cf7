"""PostgreSQL plumbing the stateful services share: a pool bound to one
schema, and schema migrations that only one replica runs at a time."""

from .migrate import Migration, migrate, migration_lock
from .pool import connect_pool, quote_ident

__all__ = ["Migration", "connect_pool", "migrate", "migration_lock", "quote_ident"]
