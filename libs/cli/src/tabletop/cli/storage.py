"""`tabletop storage verify|prune`: hot and cold storage of finished games.

A finished game may leave JetStream (the hot store, its subject purged) once
the archive (cold, PostgreSQL) is proven to hold it whole. The proof, per game
that finished longer ago than `--older-than`:

1. the archive: commits 1..last_seq all stored, no chain break ever recorded,
   and the chain of the stored commits verifies now (the archive's
   `finished-before` answer);
2. JetStream: the game's subject ends with that same seq and that same hash
   (the hash chain then makes both histories the same);
3. every durable consumer of the games stream (archive, leaderboards, bots)
   has acked past the game's last commit, so nothing still needs it.

`verify` reports; `prune` writes each proven game's tombstone
(`tabletop.eventlog.PrunedGames`) and then purges its subject; `--dry-run`
says what it would prune. A game that fails the proof is kept and named.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from nats.js import JetStreamContext
from nats.js.errors import NotFoundError
from rich.console import Console
from rich.table import Table

from tabletop.eventlog import EventLog, PrunedGames, Topology
from tabletop.messaging import ArchiveClient, Refusal
from tabletop.messaging.archive import ArchivedGame, GetFinishedBefore

from .platform import Target, Unreachable, answered, connect

# The durable consumers that must have acked a game's commits before it goes.
CONSUMERS = ("archive", "leaderboards", "bots")
PAGE = 200
_DURATION = re.compile(r"^(\d+)([smhd])$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class State(StrEnum):
    PRUNABLE = "prunable"  # proven: may leave JetStream
    PRUNED = "pruned"  # already gone from JetStream, tombstone matches the archive
    INCOMPLETE = "incomplete"  # the archive does not hold it whole
    MISMATCH = "mismatch"  # JetStream and the archive disagree
    PENDING = "pending"  # a consumer has not acked its commits yet


KEPT = {State.INCOMPLETE, State.MISMATCH, State.PENDING}


@dataclass
class GameCheck:
    game_id: str
    game: str
    last_seq: int
    finished_at: str
    state: State
    reason: str = ""


class StorageError(Exception):
    """A refusal to run at all (one line, exit 2)."""


def parse_age(text: str) -> timedelta:
    """`7d`, `12h`, `30m`, `0s` -> a timedelta; anything else is a StorageError."""
    match = _DURATION.match(text.strip())
    if match is None:
        raise StorageError(f"--older-than {text!r}: give a number and a unit s, m, h or d (7d)")
    return timedelta(seconds=int(match[1]) * _UNIT_SECONDS[match[2]])


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


async def run_storage(
    target: Target, older_than: timedelta, prune: bool, now: datetime | None = None
) -> list[GameCheck]:
    """Check every game finished before `now - older_than`; with `prune`, purge
    the proven ones from JetStream (their state becomes PRUNED)."""
    before = (now or datetime.now(UTC)) - older_than
    topology = Topology(namespace=target.namespace)
    nc = await connect(target)
    try:
        js = nc.jetstream()
        log, pruned = EventLog(js, topology), PrunedGames(js, topology)
        archive = ArchiveClient(nc, target.namespace, timeout=30)
        if prune:
            info = await answered(target, js.stream_info(topology.games_stream))
            if info.config.deny_purge:
                raise StorageError(
                    f"stream {topology.games_stream} denies purges (made before hot/cold "
                    "storage): nothing can be pruned from it"
                )
        floors = await answered(target, _ack_floors(js, topology.games_stream))
        checks: list[GameCheck] = []
        request = GetFinishedBefore(before=before, limit=PAGE)
        while True:
            page = await answered(target, archive.finished_before(request))
            for archived in page:
                check = await answered(target, _check(archived, log, pruned, floors))
                if prune and check.state is State.PRUNABLE:
                    await answered(target, pruned.record(check.game_id, check.last_seq,
                                                         archived.last_hash or ""))  # fmt: skip
                    await answered(target, pruned.purge_game(check.game_id))
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
    except Refusal as refusal:
        raise StorageError(f"the archive refused: {refusal}") from None
    finally:
        await nc.close()


def storage_command(
    target: Target, older_than: str, prune: bool, dry_run: bool, as_json: bool
) -> int:
    """Print the checks; exit 0 when every old game is proven (or pruned), 1
    when some must stay in JetStream, 2 when the command could not run."""
    try:
        checks = asyncio.run(run_storage(target, parse_age(older_than), prune and not dry_run))
    except Unreachable as exc:
        exc.report()
        return 2
    except StorageError as exc:
        print(f"tabletop storage: {exc}")
        return 2
    if as_json:
        import json

        print(json.dumps([asdict(check) for check in checks], indent=2))
    else:
        _print_table(checks, prune, dry_run)
    return 1 if any(check.state in KEPT for check in checks) else 0


def _print_table(checks: list[GameCheck], prune: bool, dry_run: bool) -> None:
    console = Console()
    table = Table("game id", "game", "commits", "finished", "state", "why kept")
    for check in checks:
        state = check.state.value
        if dry_run and check.state is State.PRUNABLE:
            state = "would prune"
        table.add_row(
            check.game_id, check.game, str(check.last_seq), check.finished_at, state, check.reason
        )
    console.print(table)
    counts = {state: sum(c.state is state for c in checks) for state in State}
    summary = ", ".join(f"{n} {state.value}" for state, n in counts.items() if n)
    verb = "pruned" if prune and not dry_run else "checked"
    console.print(f"{len(checks)} finished games {verb}: {summary or 'none'}")
