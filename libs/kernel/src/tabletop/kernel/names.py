"""The two names every subject, stream and key is built from, defined once:
each must be one NATS subject token (no dots, wildcards or spaces)."""

from __future__ import annotations

# Prefixes every subject, stream and bucket of one platform (TABLETOP_NAMESPACE).
NAMESPACE_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"

# A game id is the last token of its subjects and its KV keys.
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
