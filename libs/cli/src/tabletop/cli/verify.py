"""`tabletop verify GAME_ID`: prove a game's hash chain from the event log.

The proof itself is `tabletop.eventlog.verify_chain`, a pure function; this
module only reads the commits from JetStream and reports.
"""

from __future__ import annotations

import asyncio

from rich.console import Console

from tabletop.eventlog import ChainReport, EventLog, Topology, verify_chain

from .platform import Target, Unreachable, answered, connect


async def load_and_verify(game_id: str, target: Target) -> ChainReport:
    nc = await connect(target)
    try:
        log = EventLog(nc.jetstream(), Topology(namespace=target.namespace))
        commits, _ = await answered(target, log.load(game_id))
    finally:
        await nc.close()
    return verify_chain(game_id, commits)


def verify_game(game_id: str, target: Target, as_json: bool = False) -> int:
    """Print the report; return the exit code (0 proven, 1 broken or missing,
    2 the platform did not answer)."""
    try:
        report = asyncio.run(load_and_verify(game_id, target))
    except Unreachable as exc:
        exc.report()
        return 2
    if as_json:
        print(report.model_dump_json(indent=2))
    else:
        console = Console()
        if report.ok:
            console.print(
                f"[green]ok[/green] game {game_id}: {report.checked} commits, "
                f"chain intact, head {report.head_hash}"
            )
        elif report.first_bad_seq is None:
            console.print(f"[red]not found[/red] game {game_id}: {report.reason}")
        else:
            console.print(
                f"[red]broken[/red] game {game_id}: first bad commit is seq "
                f"{report.first_bad_seq} — {report.reason} "
                f"({report.checked} commits before it are intact)"
            )
    return 0 if report.ok else 1
