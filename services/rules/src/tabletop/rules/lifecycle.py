"""The platform's commands in the rules service: resign, timeout, abandon, and
the cap on commits per game. Kept beside the engine so its decide-and-append
path stays the one every command takes.

The rules service is the only place that reads a clock: `now_ms` stamps each
commit (`Commit.at`) and is what a timeout is checked against, so a keeper that
fires early is refused and a move that lands first wins the race.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.eventlog import GameHead
from tabletop.kernel import Code, IllegalCommand
from tabletop.kernel.clock import resolve
from tabletop.kernel.table import (
    clock_event,
    decide_platform,
    ended_event,
    parse_platform_command,
    platform_ranks,
)

# Far above any real game (the longest conformance playthrough is a few
# hundred commits), low enough that a runaway bot game ends within minutes.
DEFAULT_MAX_COMMITS = 5000

Now = Callable[[], int]


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


def clock_events(choice: str | dict[str, Any] | None) -> list[dict[str, Any]]:
    """The first commit's platform event naming the table's clock (none: no
    event). A bad choice is an `invalid_options` IllegalCommand."""
    settings = resolve(choice)
    return [] if settings is None else [clock_event(settings)]


def decide_on_table(
    head: GameHead, command: Mapping[str, Any], now_ms: int
) -> tuple[int, list[dict[str, Any]]] | None:
    """(acting seat, platform events) when `command` is a platform command,
    None when it is the game's own. Raises IllegalCommand."""
    platform = parse_platform_command(command)
    if platform is None:
        if head.table.ended is not None:
            raise IllegalCommand(Code.GAME_OVER, f"the game is over ({head.table.ended.reason})")
        return None
    events = decide_platform(
        head.table, platform, seats=head.seats, to_act=head.to_act, now_ms=now_ms
    )
    return platform.seat, events


def cap_events(head: GameHead, max_commits: int) -> list[dict[str, Any]] | None:
    """The events that end a game at the platform's commit cap (the next
    commit is the last one a game may have), or None below it."""
    if head.seq + 1 < max_commits or head.outcome is not None:
        return None
    seats = head.seats
    ranks = platform_ranks(seats, head.table.active(seats), head.table.retired)
    return [ended_event("commit_cap", ranks)]
