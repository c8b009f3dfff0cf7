"""The keeper's timer: earliest first, a replaced deadline never fires."""

from __future__ import annotations

from tabletop.rules.deadlines import DueAction, Schedule


def due(seq: int, at: int) -> DueAction:
    return DueAction(seq=seq, seat=0, at_ms=at)


def test_the_latest_deadline_of_a_game_is_the_only_one_that_fires() -> None:
    schedule = Schedule()
    schedule.set("a", due(1, 100))
    schedule.set("b", due(1, 50))
    schedule.set("a", due(2, 300))  # a move: a's deadline moved on
    schedule.set("a", due(1, 100))  # a late copy of the older one is ignored
    assert schedule.next_at() == 50
    assert schedule.pop_due(200) == [("b", due(1, 50))]
    assert schedule.pop_due(299) == []
    assert schedule.pop_due(300) == [("a", due(2, 300))]
    assert len(schedule) == 0 and schedule.next_at() is None


def test_the_same_deadline_twice_fires_once_and_ties_do_not_compare_actions() -> None:
    schedule = Schedule()
    schedule.set("a", due(1, 100))
    schedule.set("a", due(1, 100))  # the watcher and a retry may both put it
    schedule.set("b", due(1, 100))
    fired = schedule.pop_due(100)
    assert sorted(game for game, _ in fired) == ["a", "b"]


def test_a_dropped_game_does_not_fire() -> None:
    schedule = Schedule()
    schedule.set("a", due(3, 100))
    schedule.drop("a", up_to_seq=2)  # an older commit's delete keeps the later deadline
    assert len(schedule) == 1
    schedule.drop("a")
    assert schedule.pop_due(1000) == []
