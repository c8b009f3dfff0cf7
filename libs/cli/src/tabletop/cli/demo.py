"""`tabletop up --demo`: bot players queue through matchmaking, the bots
service plays every seat, and each match's result is printed when they are done.

Games between bots are never rated (ADR 0026), so the demo shows results, not a
leaderboard. It is a client of the running platform like any other: it only
sends matchmaking requests and watches the games in the event log.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from dataclasses import dataclass

import nats
from nats.aio.client import Client
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tabletop.eventlog import EventLog, GameHeads, Topology
from tabletop.games import get_game
from tabletop.messaging import MatchmakingClient, Refusal
from tabletop.messaging.matchmaking import JoinQueue

GAME = "schotten-totten"
PLAYERS = ("demo-ann", "demo-ben", "demo-cat", "demo-dan")
TIMEOUT_SECONDS = 300.0


@dataclass(frozen=True)
class DemoMatch:
    game_id: str
    players: tuple[str, ...]  # by seat
    ranks: tuple[int, ...] = ()  # by seat, 0 for the winner; () while unfinished
    reason: str = ""

    @property
    def result(self) -> str:
        if not self.ranks:
            return "unfinished"
        winners = [p for p, rank in zip(self.players, self.ranks, strict=True) if rank == 0]
        return ("draw" if len(winners) > 1 else f"{winners[0]} won") + (
            f" ({self.reason})" if self.reason else ""
        )


async def queue_bot_pairs(
    nc: Client, namespace: str, games: int, rng: random.Random
) -> list[DemoMatch]:
    """Pair the demo players at random, `games` times; each pair is one match."""
    matchmaking = MatchmakingClient(nc, namespace, timeout=10)
    matches: list[DemoMatch] = []
    while len(matches) < games:
        order = list(PLAYERS)
        rng.shuffle(order)
        for pair in (order[:2], order[2:]):
            if len(matches) == games:
                break
            for player in pair:
                request = JoinQueue(player_id=player, game=GAME, players=2, bot="easy")
                try:
                    ticket = await matchmaking.join(request)
                except Refusal as refusal:
                    raise RuntimeError(f"matchmaking refused {player}: {refusal}") from None
            if ticket.game_id is None or ticket.seat is None:
                raise RuntimeError("a full pair was not matched")
            by_seat = pair if ticket.seat == 1 else pair[::-1]  # the last to join sat there
            matches.append(DemoMatch(ticket.game_id, tuple(by_seat)))
    return matches


async def with_results(heads: GameHeads, matches: list[DemoMatch]) -> list[DemoMatch]:
    """The matches, each with its outcome once it has one."""
    out = []
    for match in matches:
        head = await heads.head(match.game_id)
        outcome = head.outcome if head is not None else None
        if outcome is not None:
            match = DemoMatch(match.game_id, match.players, outcome.ranks, outcome.reason)
        out.append(match)
    return out


async def play_demo(
    nats_url: str, namespace: str, games: int, stop: threading.Event
) -> list[DemoMatch]:
    nc = await nats.connect(nats_url)
    try:
        matches = await queue_bot_pairs(nc, namespace, games, random.Random())
        heads = GameHeads(EventLog(nc.jetstream(), Topology(namespace=namespace)), get_game)
        deadline = time.monotonic() + TIMEOUT_SECONDS
        columns = (TextColumn("bot matches"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn())  # fmt: skip
        with Progress(*columns) as progress:
            task = progress.add_task("games", total=len(matches))
            done = 0
            while done < len(matches) and not stop.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.3)
                matches = await with_results(heads, matches)
                done = sum(bool(m.ranks) for m in matches)
                progress.update(task, completed=done)
        return matches
    finally:
        await nc.close()


def print_results(console: Console, matches: list[DemoMatch]) -> None:
    table = Table("game", "seat 0", "seat 1", "result", title=f"{GAME} bot matches (not rated)")
    for match in matches:
        table.add_row(match.game_id, *match.players, match.result)
    console.print(table)


def run_demo(
    console: Console, nats_url: str, namespace: str, games: int, stop: threading.Event
) -> int:
    console.print(f"[bold]demo[/bold]: {games} {GAME} matches between bot players")
    try:
        matches = asyncio.run(play_demo(nats_url, namespace, games, stop))
    except Exception as exc:
        console.print(f"[red]demo failed:[/red] {type(exc).__name__}: {exc}")
        return 1
    print_results(console, matches)
    console.print(f"replay one: tabletop replay {matches[0].game_id}" if matches else "")
    return 0
