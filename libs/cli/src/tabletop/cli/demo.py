"""`tabletop up --demo`: bot players queue through matchmaking, the bots
service plays every seat, and the leaderboard is printed when they are done.

The demo is a client of the running platform like any other: it only sends
matchmaking requests, watches the games in the event log and asks the
leaderboards over NATS.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time

import nats
from nats.aio.client import Client
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from tabletop.eventlog import EventLog, GameHeads, Topology
from tabletop.games import get_game
from tabletop.messaging import LeaderboardsClient, MatchmakingClient, Refusal
from tabletop.messaging.leaderboards import Rating
from tabletop.messaging.matchmaking import JoinQueue

GAME = "schotten-totten"
PLAYERS = ("demo-ann", "demo-ben", "demo-cat", "demo-dan")
TIMEOUT_SECONDS = 300.0


async def queue_bot_pairs(nc: Client, namespace: str, games: int, rng: random.Random) -> list[str]:
    """Pair the demo players at random, `games` times; each pair is one match."""
    matchmaking = MatchmakingClient(nc, namespace, timeout=10)
    game_ids: list[str] = []
    while len(game_ids) < games:
        order = list(PLAYERS)
        rng.shuffle(order)
        for pair in (order[:2], order[2:]):
            if len(game_ids) == games:
                break
            for player in pair:
                request = JoinQueue(player_id=player, game=GAME, players=2, bot="easy")
                try:
                    ticket = await matchmaking.join(request)
                except Refusal as refusal:
                    raise RuntimeError(f"matchmaking refused {player}: {refusal}") from None
            if ticket.game_id is None:
                raise RuntimeError("a full pair was not matched")
            game_ids.append(ticket.game_id)
    return game_ids


async def finished_games(heads: GameHeads, game_ids: list[str]) -> int:
    game = get_game(GAME)
    done = 0
    for game_id in game_ids:
        head = await heads.head(game_id)
        done += head is not None and game.outcome(head.state) is not None
    return done


async def rated_board(nc: Client, namespace: str, games: int, deadline: float) -> list[Rating]:
    """The board once every demo game is rated (or the deadline passed)."""
    boards = LeaderboardsClient(nc, namespace, timeout=10)
    while True:
        board = await boards.top(GAME, limit=20)
        rated = sum(r.games for r in board if r.player_id in PLAYERS)
        if rated >= 2 * games or time.monotonic() > deadline:
            return board
        await asyncio.sleep(0.5)


async def play_demo(
    nats_url: str, namespace: str, games: int, stop: threading.Event
) -> list[Rating]:
    nc = await nats.connect(nats_url)
    try:
        game_ids = await queue_bot_pairs(nc, namespace, games, random.Random())
        heads = GameHeads(EventLog(nc.jetstream(), Topology(namespace=namespace)), get_game)
        deadline = time.monotonic() + TIMEOUT_SECONDS
        columns = (TextColumn("bot matches"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn())  # fmt: skip
        with Progress(*columns) as progress:
            task = progress.add_task("games", total=len(game_ids))
            done = 0
            while done < len(game_ids) and not stop.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.3)
                done = await finished_games(heads, game_ids)
                progress.update(task, completed=done)
        return await rated_board(nc, namespace, done, time.monotonic() + 30)
    finally:
        await nc.close()


def print_board(console: Console, board: list[Rating]) -> None:
    table = Table("#", "player", "rating (mu - 3 sigma)", "mu", "sigma", "games",
                  title=f"{GAME} leaderboard")  # fmt: skip
    for place, rating in enumerate(board, 1):
        table.add_row(str(place), rating.player_id, f"{rating.ordinal:.2f}",
                      f"{rating.mu:.2f}", f"{rating.sigma:.2f}", str(rating.games))  # fmt: skip
    console.print(table)


def run_demo(
    console: Console, nats_url: str, namespace: str, games: int, stop: threading.Event
) -> int:
    console.print(f"[bold]demo[/bold]: {games} {GAME} matches between bot players")
    try:
        board = asyncio.run(play_demo(nats_url, namespace, games, stop))
    except Exception as exc:
        console.print(f"[red]demo failed:[/red] {type(exc).__name__}: {exc}")
        return 1
    print_board(console, board)
    return 0
