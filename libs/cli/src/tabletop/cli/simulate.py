"""`tabletop simulate`: random-legal games in-process, as a smoke test of a
game's rules at scale. Any engine error makes the exit code non-zero."""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tabletop.kernel import Game, random_playout


@dataclass
class Summary:
    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    wins: list[int]
    shared: int = 0
    turns: list[int] = field(default_factory=list)
    commands: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        finished = len(self.turns)
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "finished": finished,
            "wins_per_seat": self.wins,
            "shared_wins": self.shared,
            "mean_turns": sum(self.turns) / finished if finished else None,
            "mean_commands": sum(self.commands) / finished if finished else None,
            "errors": len(self.errors),
            "error_messages": self.errors[:10],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(finished / self.seconds, 1) if self.seconds else None,
        }


def play_one(game: Game[Any], players: int, seed: int, options: dict[str, Any], out: Summary):
    _, steps = random_playout(game, players, seed, **options)
    turns = commands = 0
    last_seat = None
    final = None
    for step in steps:
        commands += 1
        if step.command.seat != last_seat:
            turns += 1
            last_seat = step.command.seat
        final = step.after
    if final is None:
        raise RuntimeError("the game ended before anyone acted")
    outcome = game.outcome(final)
    if outcome is None:
        raise RuntimeError("the game stopped without an outcome")
    winners = outcome.winners
    for seat in winners:
        out.wins[seat] += 1
    out.shared += len(winners) > 1
    out.turns.append(turns)
    out.commands.append(commands)


def simulate(
    game: Game[Any], players: int, games: int, seed: int, options: dict[str, Any], quiet: bool
) -> Summary:
    out = Summary(game.id, players, games, seed, options, wins=[0] * players)
    start = time.perf_counter()
    with Progress(
        TextColumn(f"[bold]{game.id}[/] {players}p"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[errors]} errors"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=quiet,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=games, errors=0)
        for n in range(games):
            try:
                play_one(game, players, seed + n, options, out)
            except Exception as exc:  # an engine error, reported, never swallowed
                where = traceback.extract_tb(exc.__traceback__)[-1]
                out.errors.append(
                    f"seed {seed + n}: {type(exc).__name__}: {exc} "
                    f"({where.filename}:{where.lineno})"
                )
            progress.update(task, advance=1, errors=len(out.errors))
    out.seconds = time.perf_counter() - start
    return out


def render(summary: Summary, as_json: bool) -> None:
    data = summary.as_dict()
    if as_json:
        print(json.dumps(data, indent=2))
        return
    console = Console()
    table = Table(title=f"{summary.game}: {summary.games} random games, {summary.players} players")
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    finished = data["finished"] or 1
    for seat, wins in enumerate(summary.wins):
        table.add_row(str(seat), str(wins), f"{wins / finished:.1%}")
    console.print(table)
    console.print(
        f"finished {data['finished']}/{summary.games}  shared wins {summary.shared}  "
        f"mean turns {data['mean_turns'] or 0:.1f}  "
        f"mean commands {data['mean_commands'] or 0:.1f}  "
        f"{data['games_per_second'] or 0} games/s  errors {len(summary.errors)}"
    )
    for message in summary.errors[:10]:
        console.print(f"[red]error[/] {message}")
