"""Which finished games are rated (ADR 0025 for resign and timeouts, ADR 0026
for bot games): the one place the live consumer and re-rating ask.

A resignation or a timeout ranks the seat last (tabletop.kernel.table), so it
is rated as the loss it is. Not rated:
- a game every seat of which a bot plays: it says nothing about any human, and
  rating it would let a bot-only table (the demo, a test, a flood of them) move
  the bots' ratings, which humans are rated against. A bot seat is one the
  seating marks with a level, whatever its player id (the demo's named players
  a bot plays for are bots); once the seating is gone, the ids matchmaking
  gives backfill bots (`bot-<level>-<n>`) still tell;
- an abandoned game in which no human ever moved."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.eventlog import Commit
from tabletop.kernel import Outcome
from tabletop.kernel.table import split_events
from tabletop.messaging.matchmaking import Seating

BACKFILL_PREFIX = "bot-"  # tabletop.matchmaking.queues.bot_player_ids


def bots_only(player_ids: Sequence[str], seating: Seating | None) -> bool:
    if not player_ids:
        return False
    bots = set(seating.bot_seats()) if seating is not None else set()
    return all(seat in bots or p.startswith(BACKFILL_PREFIX) for seat, p in enumerate(player_ids))


def human_moved(commits: Sequence[Commit], seating: Seating | None) -> bool:
    """Whether a human seat made a move of the game (the platform's commands,
    a resignation or a timeout, are no move)."""
    bots = set(seating.bot_seats()) if seating is not None else set()
    return any(
        commit.seat is not None and commit.seat not in bots and split_events(commit.events)[0]
        for commit in commits
    )


def unrated_reason(
    outcome: Outcome,
    player_ids: Sequence[str],
    seating: Seating | None,
    commits: Sequence[Commit] | None,
) -> str | None:
    """Why the game is not rated, or None when it is. `commits` are needed
    only for an abandoned game (None: not loaded)."""
    if bots_only(player_ids, seating):
        return "bots_only"
    if outcome.reason == "abandoned" and not human_moved(commits or (), seating):
        return "abandoned"
    return None
