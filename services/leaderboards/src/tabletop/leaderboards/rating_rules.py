"""Which finished games are rated (docs/adr/0025-deadlines.md).

A resignation or a timeout ranks the seat last (tabletop.kernel.table), so it
is rated as the loss it is. Not rated: games between the platform's bots only
(the backfill bots matchmaking seats, `bot-<level>-<n>`; a named player who
queues with a bot playing for them, as `tabletop up --demo` does, is a player
and is rated), and an abandoned game in which no human ever moved."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.eventlog import Commit
from tabletop.kernel import Outcome
from tabletop.kernel.table import split_events
from tabletop.messaging.matchmaking import Seating

BACKFILL_PREFIX = "bot-"  # tabletop.matchmaking.queues.bot_player_ids


def bots_only(seating: Seating | None) -> bool:
    return (
        seating is not None
        and bool(seating.seats)
        and all(s.bot and s.player_id.startswith(BACKFILL_PREFIX) for s in seating.seats)
    )


def human_moved(commits: Sequence[Commit], seating: Seating | None) -> bool:
    """Whether a human seat made a move of the game (the platform's commands,
    a resignation or a timeout, are no move)."""
    bots = set(seating.bot_seats()) if seating is not None else set()
    return any(
        commit.seat is not None and commit.seat not in bots and split_events(commit.events)[0]
        for commit in commits
    )


def unrated_reason(
    outcome: Outcome, seating: Seating | None, commits: Sequence[Commit] | None
) -> str | None:
    """Why the game is not rated, or None when it is. `commits` are needed
    only for an abandoned game (None: not loaded)."""
    if bots_only(seating):
        return "bots_only"
    if outcome.reason == "abandoned" and not human_moved(commits or (), seating):
        return "abandoned"
    return None
