"""`tabletop`: the command line. Each command lives in its own module; this
file only wires them together so `tabletop --help` lists them all."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

app = typer.Typer(
    name="tabletop",
    help="Tabletop: turn-based board and card games as event-sourced services over NATS.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def main() -> None:
    """Tabletop: turn-based board and card games as event-sourced services over NATS."""


@app.command()
def games() -> None:
    """List the registered games with their player counts."""
    from .games_cmd import list_games

    list_games()


OPTION_HELP = (
    "game option KEY=VALUE, VALUE read as JSON when it parses (repeatable); "
    "`tabletop games` lists each game's options, docs/games/ explains them, "
    """e.g. -o 'decks=["water","fire"]' for pokemon-tcg"""
)


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"expected KEY=VALUE, got {pair!r}", param_hint="--option")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, see `tabletop games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="seats per game")] = 2,
    games: Annotated[int, typer.Option("--games", "-n", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="first seed; game i uses seed + i")] = 0,
    option: Annotated[list[str], typer.Option("--option", "-o", help=OPTION_HELP)] = [],  # noqa: B006 - typer reads the default, never mutates it
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
) -> None:
    """Play random-legal games in-process; exit 1 on any engine error."""
    from tabletop.games import get_game
    from tabletop.kernel import IllegalCommand, UnknownGame

    from .simulate import render
    from .simulate import simulate as run

    try:
        chosen = get_game(game)
        chosen.make_config(players, **_parse_options(option))
    except (UnknownGame, IllegalCommand) as exc:
        raise typer.BadParameter(exc.message) from None
    summary = run(chosen, players, games, seed, _parse_options(option), quiet=as_json)
    render(summary, as_json)
    if summary.errors:
        raise typer.Exit(1)


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game id, see `tabletop games`")],
    players: Annotated[int, typer.Option("--players", "-p", help="seats per game")] = 2,
    policies: Annotated[
        str, typer.Option(help="comma-separated: random, greedy, ismcts[:500 | :1s | :200ms]")
    ] = "random,greedy,ismcts:1s",
    games: Annotated[int, typer.Option("--games", "-n", help="games per lineup")] = 20,
    seed: Annotated[int, typer.Option(help="seed of the whole tournament")] = 0,
    option: Annotated[list[str], typer.Option("--option", "-o", help=OPTION_HELP)] = [],  # noqa: B006 - typer reads the default, never mutates it
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    max_steps: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="stop a game after this many steps, as a draw (default: 5x "
            "the longest of 8 random games)",
        ),
    ] = None,
) -> None:
    """Bot policies play each other: round robin with seat rotation, win rates, ratings."""
    from .tournament import run_tournament

    options = _parse_options(option)
    raise typer.Exit(
        run_tournament(game, players, policies, games, seed, options, as_json, max_steps)
    )


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="time budget per measurement")] = 2.0,
    service: Annotated[
        bool, typer.Option(help="also measure the rules service over real NATS")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    game: Annotated[
        list[str] | None,
        typer.Option("--game", "-g", help="measure only this game in-process (repeatable)"),
    ] = None,
    peer: Annotated[
        list[str] | None,
        typer.Option(
            help="GAME=PATH: a local checkout of the game's peer engine, measured beside ours "
            "(repeatable; also TABLETOP_PEER_<GAME>, e.g. TABLETOP_PEER_SCHOTTEN_TOTTEN)",
        ),
    ] = None,
    baseline: Annotated[
        Path | None,
        typer.Option(help="a checkout whose rules service is measured beside ours, same run"),
    ] = None,
) -> None:
    """Print the benchmark figures: games/s in-process, and the rules service over NATS."""
    from tabletop.kernel import UnknownGame

    from .bench import in_process_rates, render_rates
    from .bench_peers import PeerError, peer_paths

    try:
        rates = in_process_rates(seconds, quiet=as_json, only=game, peers=peer_paths(peer or ()))
    except UnknownGame as exc:
        raise typer.BadParameter(exc.message, param_hint="--game") from None
    except PeerError as exc:
        raise typer.BadParameter(exc.message, param_hint="--peer") from None
    figures: dict[str, Any] = {"in_process": [r.as_dict() for r in rates]}
    if not as_json:
        render_rates(rates)
    if service:
        from .bench_service import render_service_figures, service_figures

        figures["service"] = service_figures(seconds, quiet=as_json, baseline=baseline)
        if not as_json:
            render_service_figures(figures["service"])
    if as_json:
        print(json.dumps(figures, indent=2))


@app.command("bench-bots")
def bench_bots(
    seconds: Annotated[float, typer.Option(help="measured time per worker count")] = 15.0,
    games: Annotated[int, typer.Option(min=1, help="bot-only games in flight")] = 8,
    level: Annotated[str, typer.Option(help="the bots' level (costly: choosing dominates)")] = (
        "hard"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Bot moves per second with 1 and 2 bots workers, through rules and NATS."""
    from .bench_bots import BotsBenchSettings, bots_figures, render_bots_figures

    settings = BotsBenchSettings(level=level, games=games, seconds=seconds)
    figures = bots_figures(settings, quiet=as_json)
    print(json.dumps(figures, indent=2)) if as_json else render_bots_figures(figures)


@app.command("bench-clocks")
def bench_clocks(
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="live games")] = 10_000,
    initial_ms: Annotated[
        int, typer.Option(min=1000, help="each game's clock; all must start before it runs out")
    ] = 60_000,
    spread_ms: Annotated[
        int, typer.Option(min=0, help="start the games evenly over this window (0: at once)")
    ] = 0,
    rules_cache_size: Annotated[
        int | None, typer.Option(min=0, help="RULES_CACHE_SIZE of the rules service")
    ] = None,
    game: Annotated[str, typer.Option(help="the game played (nobody moves)")] = "schotten-totten",
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Timeout lateness p50/p99, memory per game and CPU per 1,000 games of one
    deadline keeper with N live games whose players never move. Exits 1 when a
    timeout was lost or duplicated."""
    from .bench_clocks import (
        ClocksBenchSettings,
        clocks_failed,
        clocks_figures,
        render_clocks_figures,
    )

    settings = ClocksBenchSettings(
        games=games,
        initial_ms=initial_ms,
        game=game,
        spread_ms=spread_ms,
        rules_cache_size=rules_cache_size,
    )
    figures = clocks_figures(settings, quiet=as_json)
    print(json.dumps(figures, indent=2)) if as_json else render_clocks_figures(figures)
    if clocks_failed(figures):
        raise typer.Exit(1)


@app.command("bench-matchmaking")
def bench_matchmaking(
    tickets: Annotated[int, typer.Option(min=1, help="simulated tickets")] = 10_000,
    rate: Annotated[float, typer.Option(min=0.01, help="arrivals per simulated second")] = 4.0,
    seed: Annotated[int, typer.Option(help="seed of the population and arrivals")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """First come first served beside rating-aware matching, on the same arrivals."""
    from .bench_matchmaking import matchmaking_figures, render_matchmaking_figures

    figures = matchmaking_figures(tickets=tickets, per_second=rate, seed=seed)
    print(json.dumps(figures, indent=2)) if as_json else render_matchmaking_figures(figures)


NATS_HELP = "NATS server; default: where `tabletop up` runs (DATA_DIR/endpoints.json), else :4222"
DATA_DIR_HELP = "the data dir of `tabletop up`, whose endpoints.json says where NATS is"


@app.command()
def verify(
    game_id: Annotated[str, typer.Argument(help="the game whose hash chain to prove")],
    nats_url: Annotated[str | None, typer.Option(envvar="NATS_URL", help=NATS_HELP)] = None,
    namespace: Annotated[str | None, typer.Option(envvar="TABLETOP_NAMESPACE")] = None,
    data_dir: Annotated[str, typer.Option(help=DATA_DIR_HELP)] = ".tabletop",
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Prove a game's hash chain; name the first bad commit (exit 1 when broken)."""
    from .platform import find_platform
    from .verify import verify_game

    target = find_platform(nats_url, namespace, data_dir)
    raise typer.Exit(verify_game(game_id, target, as_json))


@app.command()
def replay(
    game_id: Annotated[str, typer.Argument(help="the game to replay (from the archive)")],
    at: Annotated[
        int | None, typer.Option("--at", min=1, help="step (commit seq); default: last")
    ] = None,
    as_seat: Annotated[
        int | None,
        typer.Option("--as", min=0, help="seat to view as (finished games); default: spectator"),
    ] = None,
    nats_url: Annotated[str | None, typer.Option(envvar="NATS_URL", help=NATS_HELP)] = None,
    namespace: Annotated[str | None, typer.Option(envvar="TABLETOP_NAMESPACE")] = None,
    data_dir: Annotated[str, typer.Option(help=DATA_DIR_HELP)] = ".tabletop",
) -> None:
    """Show one step of a game: seats, what happened, and the view as a seat or a spectator."""
    from .platform import find_platform
    from .replay import replay_game

    target = find_platform(nats_url, namespace, data_dir)
    raise typer.Exit(replay_game(game_id, at, as_seat, target))


storage = typer.Typer(
    help="Hot and cold storage: prove the archive holds finished games, prune them from JetStream.",
    no_args_is_help=True,
)
app.add_typer(storage, name="storage")
OLDER_THAN_HELP = "games that finished longer ago than this (7d, 12h, 30m, 0s)"


@storage.command("verify")
def storage_verify(
    older_than: Annotated[str, typer.Option(help=OLDER_THAN_HELP)] = "7d",
    nats_url: Annotated[str | None, typer.Option(envvar="NATS_URL", help=NATS_HELP)] = None,
    namespace: Annotated[str | None, typer.Option(envvar="TABLETOP_NAMESPACE")] = None,
    data_dir: Annotated[str, typer.Option(help=DATA_DIR_HELP)] = ".tabletop",
    as_json: Annotated[bool, typer.Option("--json", help="print the checks as JSON")] = False,
) -> None:
    """Prove old finished games are whole in the archive and match JetStream (exit 1 if not)."""
    from .platform import find_platform
    from .storage import storage_command

    target = find_platform(nats_url, namespace, data_dir)
    raise typer.Exit(storage_command(target, older_than, False, False, as_json))


@storage.command("prune")
def storage_prune(
    older_than: Annotated[str, typer.Option(help=OLDER_THAN_HELP)] = "7d",
    dry_run: Annotated[bool, typer.Option(help="say what would be pruned; remove nothing")] = False,
    nats_url: Annotated[str | None, typer.Option(envvar="NATS_URL", help=NATS_HELP)] = None,
    namespace: Annotated[str | None, typer.Option(envvar="TABLETOP_NAMESPACE")] = None,
    data_dir: Annotated[str, typer.Option(help=DATA_DIR_HELP)] = ".tabletop",
    as_json: Annotated[bool, typer.Option("--json", help="print the checks as JSON")] = False,
) -> None:
    """Remove old finished games from JetStream, only those the proof of `verify` passes."""
    from .platform import find_platform
    from .storage import storage_command

    target = find_platform(nats_url, namespace, data_dir)
    raise typer.Exit(storage_command(target, older_than, True, dry_run, as_json))


@app.command()
def up(
    nats_port: Annotated[int, typer.Option(help="embedded NATS client port")] = 4222,
    monitor_port: Annotated[int, typer.Option(help="embedded NATS monitoring port")] = 8222,
    pg_port: Annotated[int, typer.Option(help="embedded PostgreSQL port")] = 5432,
    http_base: Annotated[
        int, typer.Option(help="0: each service on its default HTTP port; else base+index")
    ] = 0,
    data_dir: Annotated[str, typer.Option(help="embedded servers' data")] = ".tabletop",
    only: Annotated[
        list[str], typer.Option("--only", help="run only this service (repeatable)")
    ] = [],  # noqa: B006 - typer reads the default, never mutates it
    demo: Annotated[
        bool, typer.Option(help="once up, play bot matches and print their results")
    ] = False,
    demo_games: Annotated[int, typer.Option(min=1, help="how many --demo matches")] = 6,
) -> None:
    """Run the platform: NATS and PostgreSQL (embedded unless NATS_URL / DATABASE_URL
    are set), then every service, until Ctrl-C / SIGTERM."""
    from threading import Event

    from rich.console import Console

    from tabletop.devserver import UpOptions, run_up

    from .demo import run_demo

    def play_demo(console: Console, nats_url: str, namespace: str, stop: Event) -> int:
        return run_demo(console, nats_url, namespace, demo_games, stop)

    options = UpOptions(nats_port=nats_port, monitor_port=monitor_port, pg_port=pg_port,
                        http_base=http_base, data_dir=data_dir, only=only)  # fmt: skip
    raise typer.Exit(run_up(options, play_demo if demo else None))


if __name__ == "__main__":
    app()
