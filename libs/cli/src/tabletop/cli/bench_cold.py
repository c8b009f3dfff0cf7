"""Cold starts over real NATS: a game's head loaded by a process that has
never seen it, and a command sent to rules processes that cache nothing
(RULES_CACHE_SIZE=0: every command is cold), beside a full replay of the
same log (what every cold load did before snapshots)."""

from __future__ import annotations

import random
import statistics
import time
import uuid
from typing import Any

from tabletop.eventlog import Commit, EventLog, GameHead, GameHeads, KeyValueSnapshots, next_commit
from tabletop.games import get_game
from tabletop.kernel import Game
from tabletop.messaging import RulesClient, SubmitCommand


async def write_long_game(log: EventLog, game: Game[Any], length: int) -> str:
    """A game of `length` commits written straight to the log: a random
    game's opening moves (while it lasts, up to half the length), then no-op
    commits (no events), so that the game is still live at the end."""
    rng = random.Random(length)
    events = game.setup(game.min_players, length)
    state = game.replay(events)
    batches = [events]
    while len(batches) < max(2, length // 2) and game.to_act(state):
        new = game.decide(state, rng.choice(game.legal_commands(state, game.to_act(state)[0])), rng)
        if not game.to_act(game.fold(state, new)):
            break  # keep the game live
        state = game.fold(state, new)
        batches.append(new)
    game_id = f"cold{uuid.uuid4().hex[:12]}"
    previous: Commit | None = None
    stream_seq = 0
    for index in range(length):
        batch = [e.model_dump(mode="json") for e in batches[index]] if index < len(batches) else []
        previous = next_commit(
            previous, game_id=game_id, game=game.id, command_id=uuid.uuid4().hex,
            seat=None if previous is None else 0, events=batch, rules_version=game.rules_version,
        )  # fmt: skip
        stream_seq = await log.append(previous, stream_seq)
    return game_id


def _median_ms(samples: list[float]) -> float:
    return round(1000 * statistics.median(samples), 2)


async def cold_figures(
    log: EventLog,
    snapshots: KeyValueSnapshots,
    clients: dict[str, RulesClient],
    game_id: str,
    game: Game[Any],
    rounds: int = 7,
) -> dict[str, Any]:
    """Median ms of a full replay, a cold head load, and a cold command per client."""
    replays: list[float] = []
    heads: list[float] = []
    commands: dict[str, list[float]] = {name: [] for name in clients}
    # The first cold load of a long unsnapshotted game replays it and writes
    # its snapshot; every later process starts from that snapshot.
    warm = GameHeads(log, get_game, snapshots=snapshots)
    length = (await warm.head(game_id)).seq  # type: ignore[union-attr]
    await warm.flush()
    for index in range(rounds):
        t = time.perf_counter()
        commits, stream_seq = await log.load(game_id)
        GameHead.replay(game, commits, stream_seq)
        replays.append(time.perf_counter() - t)

        t = time.perf_counter()
        head = await GameHeads(log, get_game, snapshots=snapshots).head(game_id)
        heads.append(time.perf_counter() - t)
        for name, client in clients.items():
            assert head is not None
            if not game.to_act(head.state):
                break
            seat = game.to_act(head.state)[0]
            command = random.Random(index).choice(game.legal_commands(head.state, seat))
            request = SubmitCommand(
                game_id=game_id,
                command_id=uuid.uuid4().hex,
                command=command.model_dump(mode="json"),
                expected_seq=head.seq,
            )
            t = time.perf_counter()
            await client.submit(request)
            commands[name].append(time.perf_counter() - t)
            head = await warm.head(game_id)
    return {
        "commits": length,
        "full_replay_ms": _median_ms(replays),
        "cold_head_ms": _median_ms(heads),
        **{f"cold_command_ms_{name}": _median_ms(v) for name, v in commands.items() if v},
    }
