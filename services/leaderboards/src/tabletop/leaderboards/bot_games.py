"""Which finished games are bots only, and so never rated (ADR 0026).

A game every seat of which a bot plays says nothing about any human, and
rating it would let a bot-only table (the demo, a test, a flood of them)
move the bots' ratings, which humans are rated against. A bot seat is one
the seating marks with a level; once the seating is gone the seat ids
matchmaking gives backfill bots (`bot-<level>-<n>`) still tell."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.messaging.matchmaking import Seating

BOT_ID_PREFIX = "bot-"


def bots_only(player_ids: Sequence[str], seating: Seating | None) -> bool:
    if not player_ids:
        return False
    bots = set(seating.bot_seats()) if seating is not None else set()
    return all(seat in bots or p.startswith(BOT_ID_PREFIX) for seat, p in enumerate(player_ids))
