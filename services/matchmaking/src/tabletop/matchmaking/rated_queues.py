"""Rating-aware grouping of one queue, pure: the queue's waiting tickets go
through tabletop.policies.matching and come back as pending matches, like
`queues.form_matches` (the first-come-first-served grouping) does.

A human ticket's rating is the one read at join (a never-rated player: the
new-player mu, provisional). A bot ticket (`bot: <level>`, the demo's and
the tests' bot-only tables) seeks as a newcomer too, so such tables form at
once whatever the levels. Seats are in arrival order; the backfill's bots play
the level nearest the humans' rating among the game's levels, unless the
oldest ticket asked for one (`bot_difficulty`).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.messaging.matchmaking import Ticket
from tabletop.policies.matching import BOT_LEVEL_RATINGS, Seeker, Window, plan_tables

from .queues import Match, QueueState, make_match

NEW_PLAYER_RATING = 25.0  # OpenSkill's default mu: where every player starts


def seeker_of(ticket: Ticket) -> Seeker:
    if ticket.bot is not None:  # a bot asks for no strength: it seeks as a newcomer
        return Seeker(ticket.ticket_id, NEW_PLAYER_RATING, 0, ticket.created_at)
    rating = NEW_PLAYER_RATING if ticket.rating is None else ticket.rating
    return Seeker(ticket.ticket_id, rating, ticket.rated_games, ticket.created_at)


def form_rated_matches(
    state: QueueState, now: float, window: Window, levels: Sequence[str]
) -> tuple[QueueState, list[Match]]:
    """Every table the matching plans now, taken off the queue as pending
    matches. Returns the new state and the new matches."""
    by_id = {t.ticket_id: t for t in state.waiting}
    anchors = {level: BOT_LEVEL_RATINGS[level] for level in levels if level in BOT_LEVEL_RATINGS}
    plan = plan_tables(
        (seeker_of(t) for t in state.waiting), state.players, now, window, anchors or None
    )
    if not plan.tables:
        return state, []
    formed: list[Match] = []
    for table in plan.tables:
        tickets = sorted((by_id[s.ticket_id] for s in table.seekers),
                         key=lambda t: (t.created_at, t.ticket_id))  # fmt: skip
        level = tickets[0].bot_difficulty if tickets[0].bot_level_asked else table.bot_level
        formed.append(make_match(state, tickets, now, difficulty=level))
    seated = plan.seated()
    waiting = [t for t in state.waiting if t.ticket_id not in seated]
    new_state = state.model_copy(update={"waiting": waiting, "pending": [*state.pending, *formed]})
    return new_state, formed
