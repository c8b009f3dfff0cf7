"""Turn clocks: settings, named presets, and the pure fold of time over commits.

A table's clock is chosen when it is queued (a preset name or custom values
within `BOUNDS`); `None` means no clock (bot-only and test games). Nothing here
reads a clock: the rules service stamps each commit with the time it was made
(`at`, Unix milliseconds), and each seat's remaining time is the fold
`Clock.then` over those stamps and the seats whose clock ran between them, so a
replay shows the clocks exactly as they were.

Two kinds:
- `fischer`: `initial_ms` for the whole game, `increment_ms` added after each
  of the seat's own moves (blitz, standard).
- `per_move`: the seat has `initial_ms` for each move, reset when it moves
  (correspondence: a day per move).
Seats that must act at the same time (simultaneous choices) all run at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .errors import Code, IllegalCommand

SECOND = 1000
MINUTE = 60 * SECOND
HOUR = 60 * MINUTE
DAY = 24 * HOUR


MIN_INITIAL_MS = SECOND
MAX_INITIAL_MS = 30 * DAY
MAX_INCREMENT_MS = 10 * MINUTE


class ClockSettings(BaseModel):
    """How a table's clocks run. `preset` names where it came from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    preset: str = "custom"
    kind: Literal["fischer", "per_move"] = "fischer"
    initial_ms: int = Field(ge=MIN_INITIAL_MS, le=MAX_INITIAL_MS)
    increment_ms: int = Field(default=0, ge=0, le=MAX_INCREMENT_MS)

    @model_validator(mode="after")
    def _per_move_has_no_increment(self) -> ClockSettings:
        if self.kind == "per_move" and self.increment_ms:
            raise ValueError("a per_move clock has no increment (its time resets each move)")
        return self


# Presets every game offers; the values are the ones Board Game Arena and
# Lichess players know for turn-based play.
PRESETS: dict[str, ClockSettings] = {
    "blitz": ClockSettings(preset="blitz", initial_ms=3 * MINUTE, increment_ms=2 * SECOND),
    "standard": ClockSettings(preset="standard", initial_ms=10 * MINUTE, increment_ms=5 * SECOND),
    "daily": ClockSettings(preset="daily", kind="per_move", initial_ms=DAY),
}
NO_CLOCK = "none"


def preset_names() -> list[str]:
    return [NO_CLOCK, *PRESETS]


def resolve(choice: str | ClockSettings | dict[str, object] | None) -> ClockSettings | None:
    """A queue request's clock: a preset name, custom values, or none.
    Anything else is an `invalid_options` refusal."""
    if choice is None or choice == NO_CLOCK:
        return None
    if isinstance(choice, ClockSettings):
        return choice
    if isinstance(choice, str):
        if choice not in PRESETS:
            raise IllegalCommand(
                Code.INVALID_OPTIONS,
                f"unknown clock {choice!r}; presets: {', '.join(preset_names())}",
            )
        return PRESETS[choice]
    try:
        return ClockSettings.model_validate({**choice, "preset": "custom"})
    except ValueError as exc:
        raise IllegalCommand(Code.INVALID_OPTIONS, f"clock: {_first_line(exc)}") from None


def _first_line(exc: Exception) -> str:
    lines = str(exc).splitlines()
    return " ".join(lines[1:3]).strip() if len(lines) > 1 else str(exc)


class Deadline(NamedTuple):
    seat: int
    at_ms: int  # wall time (Unix ms) when `seat`'s time runs out


class Clock(NamedTuple):
    """Every seat's remaining time as of `since_ms`, and whose clock runs."""

    remaining_ms: tuple[int, ...]
    running: tuple[int, ...]
    since_ms: int

    @classmethod
    def start(
        cls, settings: ClockSettings, seats: int, at_ms: int, running: Iterable[int]
    ) -> Clock:
        return cls((settings.initial_ms,) * seats, tuple(sorted(running)), at_ms)

    def then(
        self, settings: ClockSettings, at_ms: int, mover: int | None, running: Iterable[int]
    ) -> Clock:
        """The clock after a commit made at `at_ms` by `mover` (None: the
        platform's), after which `running` must act. Time never runs back: a
        stamp earlier than the last one counts as no time passed."""
        elapsed = max(0, at_ms - self.since_ms)
        remaining = list(self.remaining_ms)
        for seat in self.running:
            remaining[seat] = max(0, remaining[seat] - elapsed)
        if mover is not None and mover in self.running and remaining[mover] > 0:
            if settings.kind == "per_move":
                remaining[mover] = settings.initial_ms
            else:
                remaining[mover] += settings.increment_ms
        return Clock(tuple(remaining), tuple(sorted(running)), max(at_ms, self.since_ms))

    def remaining_at(self, now_ms: int) -> tuple[int, ...]:
        """Each seat's time left at `now_ms` (for display and the timeout check)."""
        elapsed = max(0, now_ms - self.since_ms)
        return tuple(
            max(0, left - elapsed) if seat in self.running else left
            for seat, left in enumerate(self.remaining_ms)
        )

    def deadline(self) -> Deadline | None:
        """The first running seat to run out, and when (None: nobody runs)."""
        if not self.running:
            return None
        seat = min(self.running, key=lambda s: (self.remaining_ms[s], s))
        return Deadline(seat, self.since_ms + self.remaining_ms[seat])


class Turn(NamedTuple):
    """One commit as the clock sees it."""

    at_ms: int
    mover: int | None
    running: tuple[int, ...]  # who must act after it


def clocks(settings: ClockSettings, seats: int, turns: Sequence[Turn]) -> Clock:
    """The clock after `turns` (the first one starts the game): a pure function
    of the commits and the settings."""
    first, *rest = turns
    clock = Clock.start(settings, seats, first.at_ms, first.running)
    for turn in rest:
        clock = clock.then(settings, turn.at_ms, turn.mover, turn.running)
    return clock


def table_clock(choice: str | dict[str, object] | None) -> str | dict[str, object] | None:
    """A queue request's clock in one canonical form (a preset's name, or the
    custom values in full; None for no clock), so equal clocks queue together.
    Anything else is an `invalid_options` refusal."""
    settings = resolve(choice)
    if settings is None:
        return None
    if settings.preset in PRESETS:
        return settings.preset
    return settings.model_dump(mode="json", exclude={"preset"})
