"""`tabletop storage verify|prune`: hot and cold storage of finished games.

The proof and the purge are `tabletop.messaging.retention` (the scheduled
`python -m tabletop.archive.prune` runs the same); this module parses the age,
reports and picks the exit code. `verify` reports; `prune` writes each proven
game's tombstone and then purges its subject; `--dry-run` says what it would
prune. A game that fails the proof is kept and named.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import asdict
from datetime import UTC, datetime, timedelta

from rich.console import Console
from rich.table import Table

from tabletop.messaging.retention import (
    KEPT,
    GameCheck,
    RetentionRefused,
    State,
    check_and_prune,
)

from .platform import Target, Unreachable, answered_within, connect

_DURATION = re.compile(r"^(\d+)([smhd])$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
__all__ = ["GameCheck", "State", "StorageError", "parse_age", "run_storage", "storage_command"]


class StorageError(Exception):
    """A refusal to run at all (one line, exit 2)."""


def parse_age(text: str) -> timedelta:
    """`7d`, `12h`, `30m`, `0s` -> a timedelta; anything else is a StorageError."""
    match = _DURATION.match(text.strip())
    if match is None:
        raise StorageError(f"--older-than {text!r}: give a number and a unit s, m, h or d (7d)")
    return timedelta(seconds=int(match[1]) * _UNIT_SECONDS[match[2]])


async def run_storage(
    target: Target, older_than: timedelta, prune: bool, now: datetime | None = None
) -> list[GameCheck]:
    """Check every game finished before `now - older_than`; with `prune`, purge
    the proven ones from JetStream (their state becomes PRUNED)."""
    before = (now or datetime.now(UTC)) - older_than
    nc = await connect(target)
    try:
        return await answered_within(
            target, check_and_prune(nc, target.namespace, before, prune), seconds=None
        )
    except RetentionRefused as exc:
        raise StorageError(str(exc)) from None
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
