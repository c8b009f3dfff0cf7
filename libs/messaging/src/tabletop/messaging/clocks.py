"""A table's clocks as services hand them out (`ClockOut`): the gateway's live
view and the archive's view at any step give the same shape, computed by one
pure function of the platform's `Table` (the kernel's fold of the commits'
`at` stamps), so a replay shows each step's clocks exactly as they stood live.
"""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, Field

from tabletop.kernel.table import Table


class ClockOut(BaseModel):
    """The table's clocks as of the last commit (`as_of`, Unix ms): a client
    counts the running seats down from `remaining_ms` until `deadline`."""

    preset: str
    kind: str
    initial_ms: int
    increment_ms: int
    remaining_ms: list[int] = Field(description="each seat's time left at `as_of`")
    running: list[int] = Field(description="seats whose clock runs now")
    as_of: int = Field(description="Unix ms of the last commit")
    deadline_seat: int | None = None
    deadline: int | None = Field(
        default=None, description="Unix ms when `deadline_seat`'s time runs out"
    )
    deadline_at: str | None = Field(default=None, description="`deadline` as an ISO 8601 time")


def clock_out(table: Table) -> ClockOut | None:
    """The clocks as the commits made them (None: the table has no clock)."""
    settings, clock = table.settings, table.clock
    if settings is None or clock is None:
        return None
    deadline = clock.deadline()
    return ClockOut(
        preset=settings.preset,
        kind=settings.kind,
        initial_ms=settings.initial_ms,
        increment_ms=settings.increment_ms,
        remaining_ms=list(clock.remaining_ms),
        running=list(clock.running),
        as_of=clock.since_ms,
        deadline_seat=deadline.seat if deadline else None,
        deadline=deadline.at_ms if deadline else None,
        deadline_at=_iso(deadline.at_ms) if deadline else None,
    )


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).isoformat(timespec="milliseconds")
