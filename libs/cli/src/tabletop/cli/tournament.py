"""`tabletop tournament`: bot policies play each other in-process (round
robin, seats rotated); prints win rates with Wilson 95 % intervals and an
OpenSkill rating per policy, per lineup and overall."""

from __future__ import annotations

import json
import time
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tabletop.games import get_game
from tabletop.kernel import IllegalCommand, UnknownGame
from tabletop.policies import make_policy
from tabletop.policies.tournament import Played, Standings, run, schedule

from .tables import table_console


def run_tournament(
    game_id: str,
    players: int,
    specs: str,
    games: int,
    seed: int,
    options: dict[str, Any],
    as_json: bool,
    max_steps: int | None = None,
) -> int:
    try:
        game = get_game(game_id)
        game.make_config(players, **options)
        policies = [make_policy(spec) for spec in specs.split(",") if spec.strip()]
        total = len(schedule(len(policies), players, games, seed))
    except (UnknownGame, IllegalCommand) as exc:
        raise typer.BadParameter(exc.message) from None
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    start = time.perf_counter()
    errors = Console(stderr=True)
    # Long runs go to a log file: there a bar never shows, so log a line per
    # game (on stderr, so also beside --json on stdout).
    log_lines = not errors.is_terminal
    with Progress(
        TextColumn(f"[bold]{game.id}[/] {players}p"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[leader]}"),
        TimeRemainingColumn(),
        console=errors,
        disable=log_lines,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=total, leader="")

        def on_played(played: Played, standings: Standings) -> None:
            rates = [t.wins / t.games if t.games else 0.0 for t in standings.overall]
            best = max(range(len(rates)), key=rates.__getitem__)
            progress.update(task, advance=1, leader=f"{standings.labels[best]} {rates[best]:.0%}")
            if log_lines:
                seats = [standings.labels[e] for e in played.match.seats]
                end = "capped" if played.capped else f"ranks {list(played.outcome.ranks)}"
                errors.print(
                    f"game {standings.played}/{total}: {' '.join(seats)}: {end},"
                    f" {played.steps} steps, {played.seconds:.0f} s",
                    highlight=False,
                )

        standings = run(game, policies, players, games, seed, options, on_played, max_steps)
    report = {
        "game": game.id,
        "players": players,
        "policies": [p.name for p in policies],
        "games_per_lineup": games,
        "seed": seed,
        "options": options,
        **standings.as_dict(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        render(report)
    return 0


def _rate(result: dict[str, Any]) -> tuple[str, str]:
    low, high = result["ci95"]
    return f"{result['win_rate']:.1%}", f"{low:.1%}-{high:.1%}"


def render(report: dict[str, Any]) -> None:
    console = table_console()
    title = f"{report['game']}, {report['players']} players: {report['games_played']} games"
    overall = Table(title=title)
    for column in ("policy", "games", "wins", "win rate", "95% CI", "mu", "sigma", "ordinal"):
        overall.add_column(column, justify="left" if column == "policy" else "right")
    for e in sorted(report["entrants"], key=lambda e: -e["rating"]["ordinal"]):
        r = e["rating"]
        overall.add_row(
            e["policy"], str(e["games"]), f"{e['wins']:g}", *_rate(e),
            f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}",
        )  # fmt: skip
    console.print(overall)
    if len(report["lineups"]) > 1:
        lineups = Table(title="by lineup")
        for column in ("lineup", "policy", "games", "wins", "win rate", "95% CI", "capped"):
            lineups.add_column(
                column, justify="left" if column in ("lineup", "policy") else "right"
            )
        for lineup in report["lineups"]:
            name = " vs ".join(lineup["lineup"])
            for result in lineup["results"]:
                lineups.add_row(
                    name, result["policy"], str(result["games"]), f"{result['wins']:g}",
                    *_rate(result), str(result["capped"]),
                )  # fmt: skip
                name = ""
        console.print(lineups)
    if report["games_capped"]:
        console.print(
            f"{report['games_capped']} game(s) stopped at the cap of {report['max_steps']} steps"
            " and scored as draws (each seat shares the win)"
        )
    console.print(f"{report['seconds']} s")
