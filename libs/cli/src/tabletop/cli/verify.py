"""`tabletop verify GAME_ID`: prove a game's hash chain from the event log.

The proof itself is `tabletop.eventlog.verify_chain`, a pure function; this
module only reads the commits and reports. They come from JetStream, or, for a
game `tabletop storage prune` removed from it, from the archive: the chain is
then proven from the archive's copy and must end where the tombstone says the
pruned log ended (ADR 0022).
"""

from __future__ import annotations

import asyncio
import json

from rich.console import Console

from tabletop.eventlog import (
    ChainReport,
    Commit,
    EventLog,
    PrunedGame,
    PrunedGames,
    Topology,
    verify_chain,
)
from tabletop.messaging import ArchiveClient
from tabletop.messaging.archive import GetCommits

from .platform import Target, Unreachable, answered, connect

PAGE = 1000


async def load_and_verify(game_id: str, target: Target) -> tuple[ChainReport, str]:
    """The report and where the commits came from (`jetstream` or `archive`)."""
    nc = await connect(target)
    try:
        js = nc.jetstream()
        topology = Topology(namespace=target.namespace)
        commits, _ = await answered(target, EventLog(js, topology).load(game_id))
        if commits:
            return verify_chain(game_id, commits), "jetstream"
        tombstone = await answered(target, PrunedGames(js, topology).get(game_id))
        if tombstone is None:
            return verify_chain(game_id, []), "jetstream"
        archive = ArchiveClient(nc, target.namespace, timeout=30)
        archived = await answered(target, _archived_commits(archive, game_id))
    finally:
        await nc.close()
    return _against_tombstone(verify_chain(game_id, archived), tombstone), "archive"


async def _archived_commits(archive: ArchiveClient, game_id: str) -> list[Commit]:
    commits: list[Commit] = []
    while True:
        page = await archive.commits(
            GetCommits(game_id=game_id, after_seq=len(commits), limit=PAGE)
        )
        commits += (Commit.model_validate(c) for c in page)
        if len(page) < PAGE:
            return commits


def _against_tombstone(report: ChainReport, tombstone: PrunedGame) -> ChainReport:
    """A chain intact in the archive but shorter or other than the log that was
    pruned is no proof of that log."""
    if report.ok and (report.checked, report.head_hash) != (
        tombstone.last_seq,
        tombstone.last_hash,
    ):
        return report.model_copy(
            update={
                "ok": False,
                "first_bad_seq": report.checked + 1
                if report.checked < tombstone.last_seq
                else None,
                "reason": f"the archive ends at seq {report.checked}, the pruned log at "
                f"{tombstone.last_seq} ({tombstone.last_hash[:12]})",
            }
        )
    return report


def verify_game(game_id: str, target: Target, as_json: bool = False) -> int:
    """Print the report; return the exit code (0 proven, 1 broken or missing,
    2 the platform did not answer)."""
    try:
        report, source = asyncio.run(load_and_verify(game_id, target))
    except Unreachable as exc:
        exc.report()
        return 2
    if as_json:
        print(json.dumps({**report.model_dump(mode="json"), "source": source}, indent=2))
    else:
        console = Console()
        if report.ok:
            console.print(
                f"[green]ok[/green] game {game_id}: {report.checked} commits, "
                f"chain intact, head {report.head_hash}"
                + (
                    " (pruned from JetStream: proven from the archive)"
                    if source == "archive"
                    else ""
                )
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
