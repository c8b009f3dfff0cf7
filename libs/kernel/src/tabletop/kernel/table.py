"""The platform's part of every game: clocks, resigning, timeouts, and ends the
game itself does not decide (abandonment, the commit cap).

These are the same for every game, so no game implements them. A platform
command (`resign`, `timeout`, `abandon`) is decided by `decide_platform` and
recorded like any other: its events (types starting `platform.`) sit in the
commit's event list, and `split_events` keeps them away from the game's own
fold. The `Table` is their pure fold beside the game's state; `final_outcome`
lays it over the game's outcome.

Rules (docs/games/*.md, "Platform rules"): a seat still in the game may resign
at any time; a seat whose clock runs out times out. Either way it *retires*:
with two seats left in the game, the other wins at once; with more, the
retired seat ranks last (later retirements above earlier ones) and the
platform's weakest bot plays its remaining turns, its clock stopped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from .clock import Clock, ClockSettings, Deadline
from .errors import Code, IllegalCommand
from .messages import Outcome

PLATFORM_PREFIX = "platform."
RetireReason = Literal["resign", "timeout"]
EndReason = Literal["resign", "timeout", "abandoned", "commit_cap"]


# ------------------------------------------------------------------ commands
class PlatformCommand(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int = Field(ge=0)


class Resign(PlatformCommand):
    type: Literal["resign"] = "resign"


class TimeOut(PlatformCommand):
    """Sent by the deadline keeper: `seat`'s time ran out."""

    type: Literal["timeout"] = "timeout"


class Abandon(PlatformCommand):
    """Sent by the deadline keeper: no human is left in the game (`seat` is
    the seat the request speaks for; any seat will do)."""

    type: Literal["abandon"] = "abandon"


PLATFORM_COMMANDS: dict[str, type[PlatformCommand]] = {
    "resign": Resign,
    "timeout": TimeOut,
    "abandon": Abandon,
}


def parse_platform_command(data: Mapping[str, Any]) -> PlatformCommand | None:
    """The platform command `data` is, or None when it is a game's own command."""
    model = PLATFORM_COMMANDS.get(str(data.get("type")))
    if model is None:
        return None
    try:
        return model.model_validate(data)
    except ValueError as exc:
        raise IllegalCommand(Code.MALFORMED_COMMAND, str(exc).splitlines()[0]) from None


# -------------------------------------------------------------------- events
def clock_event(settings: ClockSettings) -> dict[str, Any]:
    return {"type": "platform.clock", "settings": settings.model_dump(mode="json")}


def retired_event(seat: int, reason: RetireReason) -> dict[str, Any]:
    return {"type": "platform.retired", "seat": seat, "reason": reason}


def ended_event(reason: EndReason, ranks: Sequence[int]) -> dict[str, Any]:
    return {"type": "platform.ended", "reason": reason, "ranks": list(ranks)}


def is_platform_event(event: Mapping[str, Any]) -> bool:
    return str(event.get("type", "")).startswith(PLATFORM_PREFIX)


def split_events(
    events: Iterable[Mapping[str, Any]],
) -> tuple[list[Mapping[str, Any]], list[Mapping[str, Any]]]:
    """(the game's own events, the platform's) of one commit."""
    game: list[Mapping[str, Any]] = []
    platform: list[Mapping[str, Any]] = []
    for event in events:
        (platform if is_platform_event(event) else game).append(event)
    return game, platform


# --------------------------------------------------------------------- table
class Ended(NamedTuple):
    reason: EndReason
    ranks: tuple[int, ...]


class Table(NamedTuple):
    """The platform's state of one game. `retired` in order of retirement."""

    settings: ClockSettings | None = None
    clock: Clock | None = None
    retired: tuple[tuple[int, RetireReason], ...] = ()
    ended: Ended | None = None

    @property
    def retired_seats(self) -> frozenset[int]:
        return frozenset(seat for seat, _ in self.retired)

    def active(self, seats: int) -> list[int]:
        gone = self.retired_seats
        return [seat for seat in range(seats) if seat not in gone]

    def running(self, to_act: Iterable[int]) -> tuple[int, ...]:
        """Whose clock runs when `to_act` must act: never a retired seat's
        (a bot plays it), nobody's once the game is over."""
        if self.ended is not None:
            return ()
        gone = self.retired_seats
        return tuple(seat for seat in to_act if seat not in gone)

    def deadline(self) -> Deadline | None:
        return self.clock.deadline() if self.clock is not None else None

    def then(
        self,
        platform_events: Sequence[Mapping[str, Any]],
        *,
        seats: int,
        at_ms: int | None,
        mover: int | None,
        to_act: Sequence[int] | None,
    ) -> Table:
        """The table after one commit: its platform events, then its clock.
        `to_act` (who must act after the commit) is needed only with a clock."""
        table = self
        for event in platform_events:
            table = table._fold(event)
        settings = table.settings
        if settings is None or at_ms is None or to_act is None:
            return table
        running = table.running(to_act)
        if table.clock is None:
            clock = Clock.start(settings, seats, at_ms, running)
        else:
            clock = table.clock.then(settings, at_ms, mover, running)
        return table._replace(clock=clock)

    def _fold(self, event: Mapping[str, Any]) -> Table:
        kind = event.get("type")
        if kind == "platform.clock":
            return self._replace(settings=ClockSettings.model_validate(event["settings"]))
        if kind == "platform.retired":
            return self._replace(retired=(*self.retired, (int(event["seat"]), event["reason"])))
        if kind == "platform.ended":
            return self._replace(ended=Ended(event["reason"], tuple(event["ranks"])))
        return self  # a platform event from a later version: nothing this one knows


# ------------------------------------------------------------------ deciding
def decide_platform(
    table: Table,
    command: PlatformCommand,
    *,
    seats: int,
    to_act: Sequence[int],
    now_ms: int,
) -> list[dict[str, Any]]:
    """The events of a platform command, or IllegalCommand. `now_ms` is the
    time the rules service stamps on the commit (the timeout check needs it)."""
    if not 0 <= command.seat < seats:
        raise IllegalCommand(Code.WRONG_SEAT, f"seat {command.seat} does not exist")
    if table.ended is not None:
        raise IllegalCommand(Code.GAME_OVER, "the game is over")
    if isinstance(command, Abandon):
        active = table.active(seats)
        return [ended_event("abandoned", platform_ranks(seats, active, table.retired))]
    if command.seat in table.retired_seats:
        raise IllegalCommand(Code.GAME_OVER, f"seat {command.seat} has already left the game")
    reason: RetireReason = "resign" if isinstance(command, Resign) else "timeout"
    if isinstance(command, TimeOut):
        _check_timed_out(table, command.seat, to_act, now_ms)
    events = [retired_event(command.seat, reason)]
    retired = (*table.retired, (command.seat, reason))
    active = [seat for seat in range(seats) if seat not in {s for s, _ in retired}]
    if len(active) <= 1:
        events.append(ended_event(reason, platform_ranks(seats, active, retired)))
    return events


def _check_timed_out(table: Table, seat: int, to_act: Sequence[int], now_ms: int) -> None:
    clock = table.clock
    if clock is None:
        raise IllegalCommand(Code.ILLEGAL_MOVE, "this game has no clock")
    if seat not in table.running(to_act):
        raise IllegalCommand(Code.ILLEGAL_MOVE, f"seat {seat}'s clock is not running")
    left = clock.remaining_at(now_ms)[seat]
    if left > 0:
        raise IllegalCommand(Code.ILLEGAL_MOVE, f"seat {seat} still has {left} ms")


def platform_ranks(
    seats: int, active: Sequence[int], retired: Sequence[tuple[int, RetireReason]]
) -> tuple[int, ...]:
    """Active seats share the top; retired ones below, the latest first."""
    ranks = [0] * seats
    for place, (seat, _) in enumerate(reversed(retired), start=1 if active else 0):
        ranks[seat] = place
    return tuple(ranks)


def final_outcome(table: Table, game_outcome: Outcome | None, seats: int) -> Outcome | None:
    """The game's outcome with the platform's over it: an end the platform
    decided wins; otherwise retired seats are moved below every seat that
    played on (the game's own order kept among those)."""
    resigned = tuple(seat for seat, why in table.retired if why == "resign")
    timed_out = tuple(seat for seat, why in table.retired if why == "timeout")
    if table.ended is not None:
        scores = game_outcome.scores if game_outcome is not None else (0.0,) * seats
        return Outcome(
            ranks=table.ended.ranks,
            scores=scores,
            reason=table.ended.reason,
            resigned=resigned,
            timed_out=timed_out,
        )
    if game_outcome is None:
        return None
    if not table.retired:
        return game_outcome
    gone = table.retired_seats
    played_on = sorted({game_outcome.ranks[s] for s in range(seats) if s not in gone})
    ranks = [0] * seats
    for seat in range(seats):
        if seat not in gone:
            ranks[seat] = played_on.index(game_outcome.ranks[seat])
    below = len(played_on)
    for place, (seat, _) in enumerate(reversed(table.retired)):
        ranks[seat] = below + place
    return game_outcome.model_copy(
        update={"ranks": tuple(ranks), "resigned": resigned, "timed_out": timed_out}
    )
