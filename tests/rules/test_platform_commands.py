"""Resigning, timeouts, abandonment and the commit cap, decided by the rules
engine over an in-memory log (the platform's part of every game)."""

from __future__ import annotations

import pytest

from tabletop.eventlog import MemoryEventLog
from tabletop.kernel import Outcome
from tabletop.kernel.table import Table, final_outcome
from tabletop.messaging import Refusal, StartGame, SubmitCommand
from tabletop.rules.engine import Rules

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


def submit(game_id: str, command: dict[str, object], command_id: str) -> SubmitCommand:
    return SubmitCommand(game_id=game_id, command_id=command_id, command=command)


async def new_game(rules: Rules, players: int, clock: str | dict[str, int] | None = None) -> str:
    started = await rules.start(StartGame(game="splendor", players=players, seed=3, clock=clock))
    assert started.game_id is not None
    return started.game_id


async def play_one(rules: Rules, game_id: str, tag: str) -> int:
    head = await rules.head(game_id)
    assert head is not None
    seat = head.to_act[0]
    command = head.game.legal_commands(head.state, seat)[0].model_dump(mode="json")
    await rules.submit(submit(game_id, command, tag))
    return seat


async def test_resigning_with_two_players_ends_the_game_for_the_other() -> None:
    rules = Rules(MemoryEventLog(), now=Clock())
    game_id = await new_game(rules, 2)
    await rules.submit(submit(game_id, {"type": "resign", "seat": 1}, "r"))
    head = await rules.head(game_id)
    assert head is not None and head.outcome is not None
    assert head.outcome.ranks == (0, 1) and head.outcome.reason == "resign"
    assert head.outcome.resigned == (1,)
    seat = head.game.to_act(head.state)[0]  # the game itself would go on
    command = head.game.legal_commands(head.state, seat)[0].model_dump(mode="json")
    with pytest.raises(Refusal) as late:
        await rules.submit(submit(game_id, command, "late"))
    assert late.value.code == "game_over"


@pytest.mark.parametrize("players", [3, 4])
async def test_resigning_with_three_or_four_ranks_last_and_play_goes_on(players: int) -> None:
    rules = Rules(MemoryEventLog(), now=Clock())
    game_id = await new_game(rules, players)
    await rules.submit(submit(game_id, {"type": "resign", "seat": 1}, "r1"))
    head = await rules.head(game_id)
    assert head is not None and head.outcome is None and head.table.retired == ((1, "resign"),)
    with pytest.raises(Refusal) as again:
        await rules.submit(submit(game_id, {"type": "resign", "seat": 1}, "r1b"))
    assert again.value.code == "game_over"
    # Play goes on, the resigned seat's turns included (a stand-in bot plays them).
    for n in range(2 * players):
        await play_one(rules, game_id, f"m{n}")
    # Everyone else resigns but one: that one wins, the first to leave ranks last.
    others = [s for s in range(players) if s not in (0, 1)]
    for seat in others:
        await rules.submit(submit(game_id, {"type": "resign", "seat": seat}, f"r{seat}"))
    head = await rules.head(game_id)
    assert head is not None and head.outcome is not None
    ranks = head.outcome.ranks
    assert ranks[0] == 0 and ranks[1] == players - 1
    assert sorted(ranks) == list(range(players))
    assert head.outcome.resigned == (1, *others)


async def test_a_game_that_ends_by_its_rules_puts_retired_seats_below() -> None:
    table = Table(retired=((2, "timeout"),))
    game = Outcome(ranks=(1, 2, 0), scores=(10, 5, 15), reason="points")
    final = final_outcome(table, game, 3)
    assert final is not None
    assert final.ranks == (0, 1, 2) and final.timed_out == (2,) and final.reason == "points"


async def test_a_timeout_is_refused_while_the_seat_has_time_and_lands_after() -> None:
    now = Clock()
    rules = Rules(MemoryEventLog(), now=now)
    game_id = await new_game(rules, 2, clock={"initial_ms": 60_000})
    head = await rules.head(game_id)
    assert head is not None
    seat = head.to_act[0]
    timeout = {"type": "timeout", "seat": seat}
    now.ms += 59_999
    with pytest.raises(Refusal) as early:
        await rules.submit(submit(game_id, timeout, "t1"))
    assert early.value.code == "illegal_move" and "1 ms" in early.value.message
    with pytest.raises(Refusal) as not_running:
        await rules.submit(submit(game_id, {"type": "timeout", "seat": 1 - seat}, "t0"))
    assert not_running.value.code == "illegal_move"
    now.ms += 1
    await rules.submit(submit(game_id, timeout, "t2"))
    head = await rules.head(game_id)
    assert head is not None and head.outcome is not None
    assert head.outcome.reason == "timeout" and head.outcome.timed_out == (seat,)


async def test_a_game_without_a_clock_cannot_time_out() -> None:
    rules = Rules(MemoryEventLog(), now=Clock())
    game_id = await new_game(rules, 2)
    with pytest.raises(Refusal) as refused:
        await rules.submit(submit(game_id, {"type": "timeout", "seat": 0}, "t"))
    assert refused.value.code == "illegal_move"


async def test_abandoning_ends_the_game_with_its_own_reason() -> None:
    rules = Rules(MemoryEventLog(), now=Clock())
    game_id = await new_game(rules, 3)
    await rules.submit(submit(game_id, {"type": "resign", "seat": 0}, "r"))
    await rules.submit(submit(game_id, {"type": "abandon", "seat": 0}, "a"))
    head = await rules.head(game_id)
    assert head is not None and head.outcome is not None
    assert head.outcome.reason == "abandoned" and head.outcome.ranks == (1, 0, 0)


async def test_the_commit_cap_ends_a_game_with_its_own_reason() -> None:
    rules = Rules(MemoryEventLog(), now=Clock(), max_commits=6)
    game_id = await new_game(rules, 2)
    for n in range(4):
        await play_one(rules, game_id, f"m{n}")
    with pytest.raises(Refusal) as capped:
        await play_one(rules, game_id, "m4")
    assert capped.value.code == "game_over" and capped.value.seq == 6
    head = await rules.head(game_id)
    assert head is not None and head.seq == 6 and head.outcome is not None
    assert head.outcome.reason == "commit_cap" and head.outcome.ranks == (0, 0)


async def test_a_bad_clock_is_an_invalid_options_refusal() -> None:
    rules = Rules(MemoryEventLog(), now=Clock())
    with pytest.raises(Refusal) as refused:
        await new_game(rules, 2, clock="bullet")
    assert refused.value.code == "invalid_options"


async def test_every_commit_carries_the_time_it_was_made() -> None:
    now = Clock()
    log = MemoryEventLog()
    rules = Rules(log, now=now)
    game_id = await new_game(rules, 2, clock="blitz")
    now.ms += 4000
    await play_one(rules, game_id, "m")
    commits, _ = await log.load(game_id)
    assert [c.at for c in commits] == [1_000_000, 1_004_000]
    head = await rules.head(game_id)
    assert head is not None and head.table.clock is not None
    assert head.table.clock.remaining_ms[commits[1].seat or 0] == 180_000 - 4000 + 2000
