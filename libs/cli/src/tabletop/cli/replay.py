"""`tabletop replay GAME_ID [--at N] [--as SEAT]`: one step of a past (or
running) game, from the archive, rendered for a terminal.

Shows who sits where, what happened at that step (its events, redacted for
the chosen seat), the clocks as they stood then (the archive's fold of the
commits up to that step, so they read exactly as they did live) and the game
as that seat (or a spectator) saw it. A seat's view of a game that is still
running is refused: hidden information stays hidden until the game is over.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.tree import Tree

from tabletop.eventlog import Commit
from tabletop.games import get_game
from tabletop.kernel.table import is_platform_event
from tabletop.messaging import ArchiveClient, Refusal
from tabletop.messaging.archive import ArchivedView, GameSummary, GetCommits, GetView
from tabletop.messaging.clocks import ClockOut

from .platform import Target, Unreachable, answered, connect


class ReplayError(Exception):
    pass


async def fetch_step(
    game_id: str, at: int | None, seat: int | None, target: Target
) -> tuple[GameSummary, ArchivedView, list[Commit]]:
    nc = await connect(target)
    archive = ArchiveClient(nc, target.namespace, timeout=10)
    try:
        game = await answered(target, archive.game(game_id))
        if seat is not None and game.status != "finished":
            raise ReplayError("a seat's view of a running game goes only to its player (gateway)")
        view = await answered(target, archive.view(GetView(game_id=game_id, step=at, seat=seat)))
        # Every commit up to the step: its events, and who had left by then.
        request = GetCommits(game_id=game_id, after_seq=0, limit=min(view.step, 10_000))
        commits = await answered(target, archive.commits(request))
    except Refusal as refusal:  # no answer is Unreachable (`answered`)
        raise ReplayError(str(refusal)) from None
    finally:
        await nc.close()
    upto = [Commit.model_validate(c) for c in commits]
    return game, view, upto


def tree_of(label: str, value: Any) -> Tree:
    """A view (nested dicts and lists) as a tree; short lists of scalars on one line."""
    tree = Tree(label)
    if isinstance(value, dict | list):
        _grow(tree, value)
    else:
        tree.add(escape(_leaf(value)))
    return tree


def _grow(tree: Tree, value: Any) -> None:
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        label = (
            f"[bold]{escape(str(key))}[/bold]" if isinstance(value, dict) else f"[dim]{key}[/dim]"
        )
        line = _one_line(item)
        if line is not None:
            tree.add(
                f"{label}: {escape(line)}" if isinstance(value, dict) else f"{label} {escape(line)}"
            )
        else:
            _grow(tree.add(label), item)


def _one_line(value: Any) -> str | None:
    """Scalars, and small lists/dicts of them (a card, a stone), fit on one line."""
    if not isinstance(value, dict | list):
        return _leaf(value)
    text = _leaf(value)
    nested = value.values() if isinstance(value, dict) else value
    flat = all(not isinstance(v, dict) for v in nested)
    return text if flat and len(text) <= 100 else None


def _leaf(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def clock_table(clock: ClockOut | None, commits: list[Commit]) -> Table | None:
    """The archive's clocks at the step (None: no clock); `commits` (1..step)
    say who had left by then."""
    if clock is None:
        return None
    title = f"clocks: {clock.preset} ({clock.kind}, {_seconds(clock.initial_ms)}"
    title += f" + {_seconds(clock.increment_ms)})" if clock.increment_ms else ")"
    shown = Table("seat", "time left", "", title=title, title_justify="left")
    gone = {
        int(event["seat"]): event["reason"]
        for commit in commits
        for event in commit.events
        if event.get("type") == "platform.retired"
    }
    for seat, left in enumerate(clock.remaining_ms):
        note = "running" if seat in clock.running else ""
        if clock.deadline is not None and clock.deadline_seat == seat:
            note += f", out at {_wall(clock.deadline)}"
        if seat in gone:
            note = gone[seat] if gone[seat] == "resign" else "timed out"
        shown.add_row(str(seat), _seconds(left), note)
    return shown


def _seconds(ms: int) -> str:
    minutes, seconds = divmod(ms / 1000, 60)
    return f"{int(minutes)}:{seconds:06.3f}" if minutes else f"{seconds:.3f} s"


def _wall(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] + " UTC"


def render(
    summary: GameSummary, view: ArchivedView, commits: list[Commit], seat: int | None
) -> Group:
    commit = commits[-1]
    who = "spectator" if seat is None else f"seat {seat}"
    head = Table.grid(padding=(0, 2))
    head.add_row("game", f"{escape(summary.game)}  [dim]{summary.game_id}[/dim]")
    head.add_row("step", f"{view.step} of {view.last_seq}  ({summary.status})")
    for index, player in enumerate(summary.player_ids or []):
        head.add_row(f"seat {index}", escape(player))
    if summary.ranks is not None:
        head.add_row("ranks", " ".join(map(str, summary.ranks)))
    kernel = get_game(commit.game)
    events = [
        dict(e)
        if is_platform_event(e)
        else kernel.redact(kernel.parse_event(e), seat).model_dump(mode="json")
        for e in commit.events
    ]
    actor = "setup" if commit.seat is None else f"seat {commit.seat}"
    if commit.at is not None:
        actor += f" at {_wall(commit.at)}"
    happened = Table("event", "details", title=f"step {commit.seq}: {actor}", title_justify="left")
    for event in events:
        details = {k: v for k, v in event.items() if k not in ("type", "v")}
        happened.add_row(escape(str(event.get("type", "?"))), escape(_leaf(details)))
    clocks = clock_table(view.clock, commits)
    return Group(
        Panel(head, title="Tabletop replay"),
        happened,
        *([clocks] if clocks is not None else []),
        tree_of(f"[bold]view as {who}[/bold]", view.view),
    )


def replay_game(game_id: str, at: int | None, seat: int | None, target: Target) -> int:
    """Print the step; return the exit code (0 shown, 1 refused, 2 no answer)."""
    console = Console()
    try:
        game, view, commits = asyncio.run(fetch_step(game_id, at, seat, target))
    except ReplayError as exc:
        console.print(f"[red]{exc}[/red]")
        return 1
    except Unreachable as exc:
        exc.report()
        return 2
    console.print(render(game, view, commits, seat))
    return 0
