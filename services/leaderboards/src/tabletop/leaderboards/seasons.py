"""Seasons: calendar quarters in UTC (ADR 0026). A game belongs to the
season its final commit landed in; the season id is the quarter's first
month, `2026-10`. Ratings carry over from season to season (no reset): a
season's board is where each player who played in it stood after their last
game of it, with the number of games they played in it."""

from __future__ import annotations

from datetime import UTC, datetime


def season_of(at: datetime) -> str:
    """The season of a game that finished at `at` (naive: taken as UTC)."""
    when = at.astimezone(UTC) if at.tzinfo is not None else at
    first_month = 3 * ((when.month - 1) // 3) + 1
    return f"{when.year:04d}-{first_month:02d}"
