"""The clock is a pure function of the commits and the settings (hypothesis)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel import IllegalCommand
from tabletop.kernel.clock import PRESETS, ClockSettings, Turn, clocks, resolve

SEATS = 3


@st.composite
def games(draw: st.DrawFn) -> tuple[ClockSettings, list[Turn]]:
    kind = draw(st.sampled_from(["fischer", "per_move"]))
    initial = draw(st.integers(1000, 600_000))
    increment = draw(st.integers(0, 10_000)) if kind == "fischer" else 0
    settings = ClockSettings(kind=kind, initial_ms=initial, increment_ms=increment)
    at = draw(st.integers(0, 10**12))
    running = draw(st.sets(st.integers(0, SEATS - 1), min_size=1, max_size=2))
    turns = [Turn(at, None, tuple(sorted(running)))]
    for _ in range(draw(st.integers(0, 30))):
        if not running:
            break
        at += draw(st.integers(0, 120_000))
        mover = draw(st.sampled_from(sorted(running))) if running else None
        running = draw(st.sets(st.integers(0, SEATS - 1), max_size=2))
        turns.append(Turn(at, mover, tuple(sorted(running))))
    return settings, turns


@given(games())
def test_the_same_commits_give_the_same_clocks(game: tuple[ClockSettings, list[Turn]]) -> None:
    settings, turns = game
    assert clocks(settings, SEATS, turns) == clocks(settings, SEATS, list(turns))


@given(games(), st.data())
def test_folding_in_two_parts_is_folding_at_once(
    game: tuple[ClockSettings, list[Turn]], data: st.DataObject
) -> None:
    """What a replay does: the clock after n commits, then the rest, equals
    the clock of them all (no hidden state, nothing read from a clock)."""
    settings, turns = game
    cut = data.draw(st.integers(1, len(turns)))
    clock = clocks(settings, SEATS, turns[:cut])
    for turn in turns[cut:]:
        clock = clock.then(settings, turn.at_ms, turn.mover, turn.running)
    assert clock == clocks(settings, SEATS, turns)


@given(games())
def test_time_spent_and_time_left_add_up(game: tuple[ClockSettings, list[Turn]]) -> None:
    """Fischer, one seat running at a time: each seat's remaining time is its
    initial time plus its increments minus the time its clock ran (never below 0)."""
    settings, turns = game
    if settings.kind != "fischer" or any(len(t.running) > 1 for t in turns):
        return
    spent = [0] * SEATS
    earned = [0] * SEATS
    left = [settings.initial_ms] * SEATS
    for before, after in itertools.pairwise(turns):
        for seat in before.running:
            spent[seat] += after.at_ms - before.at_ms
            left[seat] = max(0, left[seat] - (after.at_ms - before.at_ms))
        if after.mover in before.running and left[after.mover] > 0:
            earned[after.mover] += settings.increment_ms
            left[after.mover] += settings.increment_ms
    clock = clocks(settings, SEATS, turns)
    assert list(clock.remaining_ms) == left
    for seat in range(SEATS):
        if left[seat] > 0:
            assert left[seat] == settings.initial_ms + earned[seat] - spent[seat]


@given(games(), st.integers(0, 10**6))
def test_the_deadline_is_when_the_running_seat_reaches_zero(
    game: tuple[ClockSettings, list[Turn]], later: int
) -> None:
    settings, turns = game
    clock = clocks(settings, SEATS, turns)
    deadline = clock.deadline()
    if deadline is None:
        assert not clock.running
        return
    assert deadline.seat in clock.running
    assert clock.remaining_at(deadline.at_ms)[deadline.seat] == 0
    if deadline.at_ms > clock.since_ms:
        assert clock.remaining_at(deadline.at_ms - 1)[deadline.seat] == 1
    # Seats whose clock is stopped keep their time whenever one looks.
    for seat in range(SEATS):
        if seat not in clock.running:
            assert clock.remaining_at(clock.since_ms + later)[seat] == clock.remaining_ms[seat]


def test_a_per_move_clock_resets_when_the_seat_moves() -> None:
    daily = PRESETS["daily"]
    clock = clocks(daily, 2, [Turn(0, None, (0,)), Turn(3_600_000, 0, (1,))])
    assert clock.remaining_ms == (daily.initial_ms, daily.initial_ms)
    assert clock.deadline() == (1, 3_600_000 + daily.initial_ms)


def test_presets_and_custom_values_resolve_and_bad_ones_are_refused() -> None:
    assert resolve("none") is None and resolve(None) is None
    assert resolve("blitz") == PRESETS["blitz"]
    custom = resolve({"initial_ms": 60_000, "increment_ms": 1000})
    assert custom is not None and custom.preset == "custom"
    for bad in ("bullet", {"initial_ms": 5}, {"initial_ms": 60_000, "what": 1}):
        with pytest.raises(IllegalCommand) as refused:
            resolve(bad)  # type: ignore[arg-type]
        assert refused.value.code == "invalid_options"
