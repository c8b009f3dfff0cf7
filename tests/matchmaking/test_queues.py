"""Matchmaking's pure queue logic: first come first served, bot backfill after
the wait, claiming half-started matches."""

from __future__ import annotations

from tabletop.matchmaking.queues import (
    QueueState,
    bot_player_ids,
    claim_stale,
    form_matches,
    queue_key,
    with_ticket,
    without_ticket,
)
from tabletop.messaging.matchmaking import Ticket


def ticket(player: str, at: float, bot: str | None = None, difficulty: str = "easy") -> Ticket:
    return Ticket(ticket_id=f"t-{player}", player_id=player, queue="q", game="schotten-totten",
                  players=2, bot=bot, bot_difficulty=difficulty, created_at=at)  # fmt: skip


def queue(*tickets: Ticket, players: int = 2) -> QueueState:
    state = QueueState(key="q", game="schotten-totten", players=players)
    for t in tickets:
        state = with_ticket(state, t)
    return state


def test_queue_keys_depend_on_game_players_and_options_only() -> None:
    assert queue_key("splendor", 3, {"a": 1, "b": 2}) == queue_key("splendor", 3, {"b": 2, "a": 1})
    assert queue_key("splendor", 3, {}) != queue_key("splendor", 4, {})
    assert queue_key("splendor", 3, {}) != queue_key("splendor", 3, {"variant": "x"})


def test_full_tables_first_come_first_served() -> None:
    state = queue(ticket("a", 1), ticket("b", 2), ticket("c", 3))
    after, formed = form_matches(state, now=3.5, bot_wait=60)
    assert [m.seating.player_ids for m in formed] == [["a", "b"]]
    assert [t.player_id for t in after.waiting] == ["c"]
    assert after.pending == formed and formed[0].seating.bot_seats() == {}
    assert formed[0].game_id.startswith("m-") and formed[0].start_command_id.endswith(
        formed[0].game_id
    )


def test_bots_fill_the_table_once_the_oldest_has_waited_long_enough() -> None:
    state = queue(ticket("a", 10, difficulty="medium"))
    unchanged, formed = form_matches(state, now=15, bot_wait=10)
    assert formed == [] and unchanged is state  # nothing to write
    _, [match] = form_matches(state, now=20, bot_wait=10)
    assert match.seating.player_ids == ["a", "bot-medium-1"]
    assert match.seating.bot_seats() == {1: "medium"}


def test_bot_tickets_keep_their_own_ids_and_difficulty() -> None:
    state = queue(ticket("x", 1, bot="easy"), ticket("y", 2, bot="expert"))
    _, [match] = form_matches(state, now=2, bot_wait=60)
    assert match.seating.bot_seats() == {0: "easy", 1: "expert"}


def test_bot_ids_skip_names_taken_at_the_table_and_stay_valid_player_ids() -> None:
    assert bot_player_ids("random", 2, {"bot-random-1"}) == ["bot-random-2", "bot-random-3"]
    assert bot_player_ids("ismcts:1s:c=0.5", 1, set()) == ["bot-ismcts:1s:c_0.5-1"]


def test_a_left_ticket_is_never_matched() -> None:
    state = without_ticket(queue(ticket("a", 1), ticket("b", 2)), "t-a")
    _, formed = form_matches(state, now=100, bot_wait=10)
    assert [m.seating.player_ids for m in formed] == [["b", "bot-easy-1"]]


def test_half_started_matches_are_claimed_after_a_while() -> None:
    state, [match] = form_matches(queue(ticket("a", 1), ticket("b", 1)), now=1, bot_wait=60)
    assert claim_stale(state, now=3, retry_after=5) == (state, [])
    claimed_state, [claimed] = claim_stale(state, now=7, retry_after=5)
    assert claimed.match_id == match.match_id and claimed.claimed_at == 7
    assert claim_stale(claimed_state, now=8, retry_after=5)[1] == []  # one claimer at a time
