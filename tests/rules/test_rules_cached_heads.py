"""A cached head is decided on without a read: the conditional append proves
it current. When another process moved the game, a cached head is behind:
its append conflicts (re-read, re-decided) and a refusal it would give is
taken again on the head just read, so nothing is refused or lost for it."""

from __future__ import annotations

from tabletop.eventlog import MemoryEventLog
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import StartGame, SubmitCommand
from tabletop.rules.engine import Rules
from tests.eventlog.test_game_heads import SpyLog
from tests.rules.counting_game import GAME as COUNTING


def add(seat: int, command_id: str, expected_seq: int | None = None) -> SubmitCommand:
    return SubmitCommand(
        game_id="g",
        command_id=command_id,
        command={"type": "add", "seat": seat, "amount": 1},
        expected_seq=expected_seq,
    )


async def test_a_current_cache_decides_without_reading_the_log() -> None:
    log = SpyLog()
    rules = Rules(log, GameCatalog(extra=[COUNTING]))
    await rules.start(StartGame(game="counting", players=2, seed=1, game_id="g"))
    head = await rules.head("g")
    assert head is not None
    log.loads.clear()
    seat = head.state.turn
    for index in range(5):
        reply = await rules.submit(add(seat, f"c{index}", expected_seq=head.seq + index))
        assert reply.seq == head.seq + index + 1
        seat = 1 - seat
    assert log.loads == []


async def test_a_cache_behind_another_process_is_re_read_not_refused() -> None:
    log = MemoryEventLog()
    one, two = (Rules(log, GameCatalog(extra=[COUNTING])) for _ in range(2))
    await one.start(StartGame(game="counting", players=2, seed=1, game_id="g"))
    head = await one.head("g")
    assert head is not None and await two.head("g") is not None
    seat = head.state.turn
    assert (await two.submit(add(seat, "by-two", expected_seq=1))).seq == 2
    # `one` caches seq 1: to it, seq 2 looks stale and `seat` out of turn.
    assert (await one.submit(add(1 - seat, "by-one", expected_seq=2))).seq == 3
    # And a command decided on its stale cache conflicts, then lands after a re-read.
    assert (await two.submit(add(seat, "by-two-again"))).seq == 4
    commits, _ = await log.load("g")
    assert [c.command_id for c in commits[1:]] == ["by-two", "by-one", "by-two-again"]


async def test_the_metrics_count_the_heads_read_and_the_races_lost() -> None:
    from prometheus_client import CollectorRegistry

    from tabletop.rules.metrics import RulesMetrics

    log = MemoryEventLog()
    one, two = (Rules(log, GameCatalog(extra=[COUNTING])) for _ in range(2))
    registry = CollectorRegistry()
    RulesMetrics(registry, lambda: one)
    await one.start(StartGame(game="counting", players=2, seed=1, game_id="g"))
    head = await one.head("g")
    assert head is not None and await two.head("g") is not None
    seat = head.state.turn
    reads = lambda: registry.get_sample_value("tabletop_rules_head_reads_total")  # noqa: E731
    assert (await one.submit(add(seat, "on-the-cache", expected_seq=1))).seq == 2
    assert reads() == 0  # decided on the cached head
    await two.head("g")
    assert (await two.submit(add(1 - seat, "by-two", expected_seq=2))).seq == 3
    assert (await two.submit(add(seat, "by-two-again", expected_seq=3))).seq == 4
    # `one` caches seq 2, two behind: the command is decided on it (the seat
    # acts there too), loses the append race, and is decided on a head read.
    assert (await one.submit(add(1 - seat, "behind"))).seq == 5
    assert reads() == 1
    # (A race lost on the unread cache is not counted as a conflict: only those
    # lost on a head just read, which mean another writer is busy in the game.)
    assert registry.get_sample_value("tabletop_rules_append_conflicts_total") == one.conflicts
