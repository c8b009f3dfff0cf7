"""Archive inserts per second: random Schotten Totten games recorded commit by
commit through `ArchiveStore.record` (the archive consumer's whole write path:
one transaction per commit with its chain checks and the replay that finds
the outcome) against DATABASE_URL, `--games` games in flight as the
consumer's max_ack_pending allows. The schema is dropped afterwards.

    DATABASE_URL=postgresql://... .venv/bin/python deploy/capacity/archive_inserts.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
import uuid
from datetime import UTC, datetime

from tabletop.archive.schema import MIGRATIONS
from tabletop.archive.store import ArchiveStore
from tabletop.eventlog import Commit, next_commit
from tabletop.games import get_game
from tabletop.games.catalog import GameCatalog
from tabletop.storage import connect_pool, migrate

GAME = "schotten-totten"


def random_commits(seed: int) -> list[Commit]:
    game = get_game(GAME)
    rng = random.Random(seed)
    game_id = f"cap-{uuid.uuid4().hex[:12]}"
    state = None
    commits: list[Commit] = []

    def append(seat: int | None, events: list) -> None:  # type: ignore[type-arg]
        commits.append(
            next_commit(
                commits[-1] if commits else None,
                game_id=game_id,
                game=GAME,
                command_id=uuid.uuid4().hex,
                seat=seat,
                events=[e.model_dump(mode="json") for e in events],
                rules_version=game.rules_version,
            )
        )

    events = game.start(game.make_config(2), rng)
    for event in events:
        state = game.evolve(state, event)
    append(None, events)
    while game.to_act(state):
        seat = game.to_act(state)[0]
        command = rng.choice(game.legal_commands(state, seat))
        events = game.decide(state, command, random.Random(rng.random()))
        for event in events:
            state = game.evolve(state, event)
        append(seat, events)
    return commits


async def measure(url: str, games: int, seconds: float) -> dict[str, float]:
    schema = f"cap_{uuid.uuid4().hex[:8]}"
    pool = await connect_pool(url, schema, max_size=games)
    try:
        async with pool.acquire() as conn:
            await migrate(conn, schema, MIGRATIONS)
        store = ArchiveStore(pool, GameCatalog())
        stored = 0
        deadline = time.perf_counter() + seconds

        async def worker(seed: int) -> None:
            nonlocal stored
            while time.perf_counter() < deadline:
                for commit in random_commits(seed):
                    await store.record(commit, 1, datetime.now(UTC))
                    stored += 1
                seed += games

        started = time.perf_counter()
        await asyncio.gather(*(worker(seed) for seed in range(games)))
        elapsed = time.perf_counter() - started
    finally:
        async with pool.acquire() as conn:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await pool.close()
    return {"games_in_flight": games, "commits": stored, "seconds": round(elapsed, 2),
            "inserts_per_second": round(stored / elapsed, 1),
            "load_average": round(os.getloadavg()[0], 2)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    url = os.environ["DATABASE_URL"]
    print(json.dumps(asyncio.run(measure(url, args.games, args.seconds)), indent=2))


if __name__ == "__main__":
    main()
