"""Hot and cold storage of finished games (ADR 0022): which may leave JetStream,
and removing them. The operator's `tabletop storage verify|prune` and the
scheduled `python -m tabletop.archive.prune` (a Kubernetes CronJob) both run it.

A finished game may leave JetStream (the hot store, its subject purged) once
the archive (cold, PostgreSQL) is proven to hold it whole. The proof, per game
that finished before the cut-off:

1. the archive: commits 1..last_seq all stored, no chain break ever recorded,
   and the chain of the stored commits verifies now (the archive's
   `finished-before` answer);
2. JetStream: the game's subject ends with that same seq and that same hash
   (the hash chain then makes both histories the same);
3. every durable consumer of the games stream (archive, leaderboards, bots)
   has acked past the game's last commit, so nothing still needs it.

Pruning writes each proven game's tombstone (`tabletop.eventlog.PrunedGames`)
and then purges its subject. A game that fails the proof is kept and named.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TypeVar

from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from tabletop.eventlog import EventLog, PrunedGames, Topology

from .archive import ArchivedGame, GetFinishedBefore
from .clients import ArchiveClient
from .errors import Refusal, Unavailable

# The durable consumers that must have acked a game's commits before it goes.
CONSUMERS = ("archive", "leaderboards", "bots")
PAGE = 200
STEP_SECONDS = 15.0  # one request or read; a run of many games takes many
T = TypeVar("T")


class State(StrEnum):
    PRUNABLE = "prunable"  # proven: may leave JetStream
    PRUNED = "pruned"  # already gone from JetStream, tombstone matches the archive
    INCOMPLETE = "incomplete"  # the archive does not hold it whole
    MISMATCH = "mismatch"  # JetStream and the archive disagree
    PENDING = "pending"  # a consumer has not acked its commits yet


KEPT = {State.INCOMPLETE, State.MISMATCH, State.PENDING}
WRONG = {State.INCOMPLETE, State.MISMATCH}  # kept for a reason time will not mend


@dataclass
class GameCheck:
    game_id: str
    game: str
    last_seq: int
    finished_at: str
    state: State
    reason: str = ""


class RetentionRefused(Exception):
    """A refusal to run at all (one line)."""


async def check_and_prune(
    nc: Client, namespace: str, before: datetime, prune: bool
) -> list[GameCheck]:
    """Check every game finished before `before`; with `prune`, purge the
    proven ones from JetStream (their state becomes PRUNED). Raises
    RetentionRefused, or the transport's errors (TimeoutError, NATS errors,
    `Unavailable`) when the platform does not answer."""
    topology = Topology(namespace=namespace)
    js = nc.jetstream()
    log, pruned = EventLog(js, topology), PrunedGames(js, topology)
    archive = ArchiveClient(nc, namespace, timeout=30)
    try:
        if prune:
            info = await _step(js.stream_info(topology.games_stream))
            if info.config.deny_purge:
                raise RetentionRefused(
                    f"stream {topology.games_stream} denies purges (made before hot/cold "
                    "storage): nothing can be pruned from it"
                )
        floors = await _step(_ack_floors(js, topology.games_stream))
        checks: list[GameCheck] = []
        request = GetFinishedBefore(before=before, limit=PAGE)
        while True:
            page = await _step(archive.finished_before(request))
            for archived in page:
                check = await _step(_check(archived, log, pruned, floors))
                if prune and check.state is State.PRUNABLE:
                    await _step(pruned.record(check.game_id, check.last_seq,
                                              archived.last_hash or ""))  # fmt: skip
                    await _step(pruned.purge_game(check.game_id))
                    check.state = State.PRUNED
                checks.append(check)
            if len(page) < PAGE:
                return checks
            request = request.model_copy(
                update={
                    "after_finished_at": page[-1].finished_at,
                    "after_game_id": page[-1].game_id,
                }
            )
    except Unavailable:
        raise  # no answer: the caller's to report, not a refusal
    except Refusal as refusal:
        raise RetentionRefused(f"the archive refused: {refusal}") from None


async def _step(work: Awaitable[T]) -> T:
    async with asyncio.timeout(STEP_SECONDS):
        return await work


async def _ack_floors(js: JetStreamContext, stream: str) -> dict[str, int]:
    floors: dict[str, int] = {}
    for name in CONSUMERS:
        try:
            info = await js.consumer_info(stream, name)
        except NotFoundError:
            continue  # not deployed here: nothing of it to wait for
        floors[name] = info.ack_floor.stream_seq if info.ack_floor else 0
    return floors


async def _check(
    archived: ArchivedGame, log: EventLog, pruned: PrunedGames, floors: dict[str, int]
) -> GameCheck:
    check = GameCheck(
        archived.game_id, archived.game, archived.last_seq,
        archived.finished_at.isoformat(), State.PRUNABLE,
    )  # fmt: skip
    if not archived.complete:
        check.state, check.reason = State.INCOMPLETE, archived.reason
        return check
    last, stream_seq = await log.last(archived.game_id)
    if last is None:
        tombstone = await pruned.get(archived.game_id)
        if tombstone is None:
            check.state, check.reason = State.MISMATCH, "not in JetStream and never pruned"
        elif (tombstone.last_seq, tombstone.last_hash) != (archived.last_seq, archived.last_hash):
            check.state, check.reason = State.MISMATCH, "its tombstone is not the archived end"
        else:
            check.state = State.PRUNED
        return check
    if (last.seq, last.hash) != (archived.last_seq, archived.last_hash):
        check.state = State.MISMATCH
        check.reason = f"JetStream ends at seq {last.seq}, the archive at {archived.last_seq}"
        return check
    behind = [name for name, floor in floors.items() if floor < stream_seq]
    if behind:
        check.state = State.PENDING
        check.reason = f"not yet acked by {', '.join(behind)}"
    return check
