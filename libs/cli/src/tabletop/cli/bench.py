"""`tabletop bench`: the figures the issues ask for, measured in one run.

In-process: random-legal games per second for every registered game through
the interface bots use (`to_act`, `legal_commands`, `decide`, `evolve`). Over
real NATS: the rules service's command rate and latency beside the raw
JetStream append rate, and the time to replay a 100-commit game (see
`bench_service`). Timings are wall-clock on a shared machine: compare figures
from the same run, not across runs.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tabletop.kernel import Game, random_playout

from .tables import table_console

# Random 2- and 4-player games per second of the fastest open pure-Python
# Splendor engine we know (state mutated in place), on this kind of machine,
# as quoted in the Splendor issue: the figure ours is to beat with immutable
# state. Compared with our games per CPU second (the steadier figure).
REFERENCE_GAMES_PER_SECOND: dict[tuple[str, int], float] = {
    ("splendor", 2): 500.0,
    ("splendor", 4): 280.0,
}


@dataclass(frozen=True)
class GameRate:
    game: str
    players: int
    options: str
    games: int
    commands: int
    seconds: float
    cpu_seconds: float

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
    def reference(self) -> float | None:
        """The reference engine's games per second at this table, if quoted."""
        return REFERENCE_GAMES_PER_SECOND.get((self.game, self.players))

    @property
    def vs_reference(self) -> float | None:
        """Our games per CPU second over the reference's games per second."""
        ref = self.reference
        return None if ref is None else self.cpu_games_per_second / ref

    def as_dict(self) -> dict[str, Any]:
        ratio = self.vs_reference
        return {
            **asdict(self),
            "games_per_second": round(self.games_per_second, 1),
            "commands_per_second": round(self.commands_per_second),
            "cpu_games_per_second": round(self.cpu_games_per_second, 1),
            "reference_games_per_second": self.reference,
            "cpu_vs_reference": None if ratio is None else round(ratio, 2),
        }


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
    seconds: float, quiet: bool = False, only: Sequence[str] | None = None
) -> list[GameRate]:
    """Every registered game's rates, or only those of the games named."""
    from rich.console import Console

    from tabletop.games import get_game, registry

    console = Console(stderr=True, quiet=quiet)
    games = [get_game(name) for name in only] if only else list(registry().values())
    rates = []
    for game in games:
        for options in game.option_sets:
            for players in player_counts(game):
                with console.status(f"{game.id} {players}p {options or ''}: random games…"):
                    rates.append(random_game_rate(game, players, seconds, options))
    return rates


def render_rates(rates: list[GameRate]) -> None:
    from rich.table import Table

    table = Table(
        title="random-legal games in-process (bot interface)",
        caption="reference: the fastest open pure-Python Splendor engine we know "
        "(mutable state), games/s as quoted in the Splendor issue; "
        "vs ref = our games/CPU-s over it",
    )
    columns = ("game", "players", "options", "games", "games/s", "commands/s", "games/CPU-s")
    for column in (*columns, "ref games/s", "vs ref"):
        table.add_column(column, justify="left" if column in ("game", "options") else "right")
    for r in rates:
        ratio = r.vs_reference
        table.add_row(
            r.game,
            str(r.players),
            r.options,
            str(r.games),
            f"{r.games_per_second:,.1f}",
            f"{r.commands_per_second:,.0f}",
            f"{r.cpu_games_per_second:,.1f}",
            "" if r.reference is None else f"{r.reference:,.0f}",
            "" if ratio is None else f"{ratio:.2f}",
        )
    console = table_console()
    console.print(table)
