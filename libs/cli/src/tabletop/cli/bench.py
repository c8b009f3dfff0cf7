"""`tabletop bench`: the figures the issues ask for, measured in one run.

In-process: random-legal games per second for every registered game through
the interface bots use (`to_act`, `legal_commands`, `decide`, `evolve`). Over
real NATS: the rules service's command rate and latency beside the raw
JetStream append rate, and the time to replay a 100-commit game (see
`bench_service`). Given a local checkout of a peer engine (`bench_peers`),
its random games run in a subprocess for as long, and the table shows ours
over its; without one, ours alone. Timings are wall-clock on a shared machine: compare figures
from the same run, not across runs.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from tabletop.kernel import Game, random_playout

from .bench_peers import PEERS, PeerRate, measure_peer
from .tables import table_console


@dataclass(frozen=True)
class GameRate:
    game: str
    players: int
    options: str
    games: int
    commands: int
    seconds: float
    cpu_seconds: float
    # The peer engine's random games, measured right after ours (bench_peers).
    peer: PeerRate | None = None

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.seconds

    @property
    def cpu_games_per_second(self) -> float:
        """Per CPU second of this process: the steadier figure on a shared machine."""
        return self.games / self.cpu_seconds

    @property
    def vs_peer(self) -> float | None:
        """Our games per CPU second over the peer's, both measured in this run."""
        if self.peer is None or self.peer.cpu_games_per_second <= 0:
            return None
        return self.cpu_games_per_second / self.peer.cpu_games_per_second

    def as_dict(self) -> dict[str, Any]:
        figures = {
            **asdict(self),
            "games_per_second": round(self.games_per_second, 1),
            "commands_per_second": round(self.commands_per_second),
            "cpu_games_per_second": round(self.cpu_games_per_second, 1),
        }
        del figures["peer"]
        if self.peer is not None:
            ratio = self.vs_peer
            figures["peer"] = {
                **asdict(self.peer),
                "cpu_games_per_second": round(self.peer.cpu_games_per_second, 1),
            }
            figures["cpu_vs_peer"] = None if ratio is None else round(ratio, 2)
        return figures


def random_game_rate(
    game: Game[Any], players: int, seconds: float, options: dict[str, Any] | None = None
) -> GameRate:
    """Play seeded random games until `seconds` have passed (at least 3 games)."""
    options = options or {}
    games = commands = 0
    cpu = time.process_time()
    start = time.perf_counter()
    while games < 3 or time.perf_counter() - start < seconds:
        _, steps = random_playout(game, players, seed=games, **options)
        commands += sum(1 for _ in steps)
        games += 1
    label = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return GameRate(game.id, players, label, games, commands, wall, cpu)


def player_counts(game: Game[Any]) -> list[int]:
    """The smallest and the largest table."""
    return sorted({game.min_players, game.max_players})


def in_process_rates(
    seconds: float,
    quiet: bool = False,
    only: Sequence[str] | None = None,
    peers: dict[str, Path] | None = None,
) -> list[GameRate]:
    """Every registered game's rates, or only those of the games named; a
    game with a peer checkout in `peers` has the peer measured beside it (at
    the options the peer plays, for as many seconds). Raises PeerError."""
    from rich.console import Console

    from tabletop.games import get_game, registry

    console = Console(stderr=True, quiet=quiet)
    games = [get_game(name) for name in only] if only else list(registry().values())
    rates = []
    for game in games:
        for options in game.option_sets:
            for players in player_counts(game):
                with console.status(f"{game.id} {players}p {options or ''}: random games…"):
                    rate = random_game_rate(game, players, seconds, options)
                path = (peers or {}).get(game.id)
                peer = PEERS.get(game.id)
                if path is not None and peer is not None and peer.compares(options, players):
                    with console.status(f"{game.id} {players}p: {peer.name}'s random games…"):
                        rate = replace(rate, peer=measure_peer(game.id, path, players, seconds))
                rates.append(rate)
    return rates


def render_rates(rates: list[GameRate]) -> None:
    from rich.table import Table

    with_peer = any(r.peer is not None for r in rates)
    table = Table(
        title="random-legal games in-process (bot interface)",
        caption="peer: a public Python engine of the game, its random games run in a "
        "subprocess for as long, in this run; vs peer = our games/CPU-s over its"
        if with_peer
        else None,
    )
    columns = ["game", "players", "options", "games", "games/s", "commands/s", "games/CPU-s"]
    if with_peer:
        columns += ["peer", "peer games/CPU-s", "vs peer"]
    for column in columns:
        left = column in ("game", "options", "peer")
        table.add_column(column, justify="left" if left else "right")
    for r in rates:
        row = [
            r.game,
            str(r.players),
            r.options,
            str(r.games),
            f"{r.games_per_second:,.1f}",
            f"{r.commands_per_second:,.0f}",
            f"{r.cpu_games_per_second:,.1f}",
        ]
        if with_peer:
            ratio = r.vs_peer
            row += (
                ["", "", ""]
                if r.peer is None
                else [
                    r.peer.peer,
                    f"{r.peer.cpu_games_per_second:,.1f}",
                    "" if ratio is None else f"{ratio:.2f}",
                ]
            )
        table.add_row(*row)
    console = table_console()
    console.print(table)
