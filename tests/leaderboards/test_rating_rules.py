"""Which finished games are rated: resign and timeout are losses, bots-only
games and abandoned games no human moved in are not rated."""

from __future__ import annotations

from tabletop.eventlog import Commit, next_commit
from tabletop.kernel import Outcome
from tabletop.kernel.table import retired_event
from tabletop.leaderboards.rating_rules import unrated_reason
from tabletop.messaging.matchmaking import SeatInfo, Seating

HUMAN_VS_BOT = Seating(
    game_id="g1",
    game="splendor",
    seats=[SeatInfo(player_id="p1"), SeatInfo(player_id="b", bot="easy")],
)
BOTS = Seating(
    game_id="g1",
    game="splendor",
    seats=[
        SeatInfo(player_id="bot-easy-1", bot="easy"),
        SeatInfo(player_id="bot-easy-2", bot="easy"),
    ],
)
NAMED_BOTS = Seating(
    game_id="g1",
    game="splendor",
    seats=[SeatInfo(player_id="demo-ann", bot="easy"), SeatInfo(player_id="demo-ben", bot="easy")],
)


def unrated(outcome: Outcome, seating: Seating, commits: list[Commit] | None) -> str | None:
    return unrated_reason(outcome, seating.player_ids, seating, commits)


def commits(*moves: tuple[int | None, list[dict[str, object]]]) -> list[Commit]:
    made: list[Commit] = []
    for seat, events in moves:
        made.append(
            next_commit(
                made[-1] if made else None,
                game_id="g1",
                game="splendor",
                command_id=f"c{len(made)}",
                seat=seat,
                events=events,
                rules_version="1",
            )
        )
    return made


def test_a_timeout_is_rated_as_the_loss_it_ranks() -> None:
    lost = Outcome(ranks=(1, 0), scores=(0, 0), reason="timeout", timed_out=(0,))
    assert unrated(lost, HUMAN_VS_BOT, None) is None


def test_games_between_bots_are_not_rated() -> None:
    won = Outcome(ranks=(0, 1), scores=(15, 3), reason="points")
    assert unrated(won, BOTS, None) == "bots_only"
    # named players a bot plays for (the demo) are bots too: no human sat down
    assert unrated(won, NAMED_BOTS, None) == "bots_only"
    assert unrated_reason(won, ["bot-easy-1", "bot-hard-2"], None, None) == "bots_only"
    assert unrated_reason(won, ["demo-ann", "demo-ben"], None, None) is None  # seating gone


def test_an_abandoned_game_is_rated_only_if_a_human_moved() -> None:
    abandoned = Outcome(ranks=(1, 0), scores=(0, 0), reason="abandoned", timed_out=(0,))
    start = (None, [{"type": "game_started"}])
    bot_move = (1, [{"type": "took_gems"}])
    timed_out = (0, [retired_event(0, "timeout")])
    never = commits(start, bot_move, timed_out)
    assert unrated(abandoned, HUMAN_VS_BOT, never) == "abandoned"
    moved = commits(start, (0, [{"type": "took_gems"}]), bot_move, timed_out)
    assert unrated(abandoned, HUMAN_VS_BOT, moved) is None
