"""Rating-aware grouping of a queue's tickets (tabletop.matchmaking.rated_queues)."""

from __future__ import annotations

from tabletop.matchmaking.queues import QueueState, with_ticket
from tabletop.matchmaking.rated_queues import form_rated_matches
from tabletop.messaging.matchmaking import Ticket
from tabletop.policies.levels import levels_for
from tabletop.policies.matching import Window

GAME = "schotten-totten"
LEVELS = list(levels_for(GAME))
WINDOW = Window(base=2.0, widen_per_second=0.5, widest=12.0, bot_wait=30.0)


def ticket(
    player: str,
    at: float,
    rating: float | None,
    games: int = 20,
    difficulty: str = "easy",
    asked: bool = False,
) -> Ticket:
    return Ticket(
        ticket_id=f"t-{player}", player_id=player, queue="q", game=GAME, players=2,
        created_at=at, rating=rating, rated_games=games, bot_difficulty=difficulty,
        bot_level_asked=asked,
    )  # fmt: skip


def queue(*tickets: Ticket, players: int = 2) -> QueueState:
    state = QueueState(key="q", game=GAME, players=players)
    for t in tickets:
        state = with_ticket(state, t)
    return state


def test_players_of_like_rating_are_paired_and_the_far_one_waits() -> None:
    state = queue(ticket("a", 1, 10.0), ticket("far", 2, 35.0), ticket("b", 3, 11.0))
    after, formed = form_rated_matches(state, now=4, window=WINDOW, levels=LEVELS)
    assert [m.seating.player_ids for m in formed] == [["a", "b"]]  # seats in arrival order
    assert [t.player_id for t in after.waiting] == ["far"]
    assert [m.match_id for m in after.pending] == [m.match_id for m in formed]


def test_the_backfill_level_follows_the_rating_unless_one_was_asked_for() -> None:
    strong = queue(ticket("s", 0, 34.0))
    _, formed = form_rated_matches(strong, now=40, window=WINDOW, levels=LEVELS)
    assert [m.seating.bot_seats() for m in formed] == [{1: "expert"}]
    asked = queue(ticket("s", 0, 34.0, difficulty="medium", asked=True))
    _, formed = form_rated_matches(asked, now=40, window=WINDOW, levels=LEVELS)
    assert [m.seating.bot_seats() for m in formed] == [{1: "medium"}]


def test_a_never_rated_player_is_matched_as_a_new_provisional_one() -> None:
    # mu 25 for the newcomer; provisional, so its window is doubled (4 > the gap 3)
    state = queue(ticket("new", 1, None, games=0), ticket("old", 2, 28.0, games=0))
    _, formed = form_rated_matches(state, now=2, window=WINDOW, levels=LEVELS)
    assert [m.seating.player_ids for m in formed] == [["new", "old"]]


def test_nothing_changes_when_nobody_fits() -> None:
    state = queue(ticket("a", 1, 10.0), ticket("b", 2, 30.0))
    after, formed = form_rated_matches(state, now=3, window=WINDOW, levels=LEVELS)
    assert formed == [] and after is state
