"""Hot and cold storage, the whole cycle on real NATS and PostgreSQL: games
are archived, `tabletop storage verify` proves which are whole, `prune`
removes only those from JetStream, replays still come from the archive, and
the rules service refuses a pruned game with `game_archived`."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import timedelta

import asyncpg
import pytest
from nats.aio.client import Client

from tabletop.cli.platform import Target
from tabletop.cli.storage import State, StorageError, parse_age, run_storage, storage_command
from tabletop.cli.verify import load_and_verify
from tabletop.eventlog import EventLog, PrunedGames, ensure_streams
from tabletop.messaging import ArchiveClient, RulesClient, ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.archive import GetView
from tabletop.messaging.errors import Refusal
from tests.archive.play import PlayedGame, finish, play
from tests.support.platform import Platform, eventually
from tests.support.stateful_services import TOY

pytestmark = pytest.mark.integration


async def alter_archive(
    database_url: str, platform: Platform, change: str, game: PlayedGame
) -> None:
    """`change` (its `{}` the archive's schema) applied to commit 2 of `game`
    in the archive's copy, behind the archive's back."""
    conn = await asyncpg.connect(database_url)
    try:
        statement = change.format(platform.archive_schema) + " WHERE game_id = $1 AND seq = 2"
        await conn.execute(statement, game.game_id)
    finally:
        await conn.close()


def test_ages_parse_and_bad_ones_are_refused() -> None:
    assert parse_age("7d") == timedelta(days=7)
    assert parse_age("0s") == timedelta(0)
    assert parse_age("90m") == timedelta(minutes=90)
    for bad in ("7", "d", "-1d", "1w", ""):
        with pytest.raises(StorageError):
            parse_age(bad)


async def test_prune_removes_only_proven_games_and_replays_come_from_the_archive(
    nc: Client, platform: Platform, database_url: str
) -> None:
    platform.start_all({"archive": {}, "rules": {"RULES_EXTRA_GAMES": TOY}})
    topology = platform.topology
    js = nc.jetstream()
    await ensure_streams(js, topology)
    log = EventLog(js, topology)
    whole = await play(log, seed=3)
    tampered = await play(log, seed=4)
    running = await play(log, seed=5, moves=2)
    archive = ArchiveClient(nc, platform.namespace, timeout=10)

    async def archived_to_the_end() -> bool:
        for played in (whole, tampered):
            game = await archive.game(played.game_id)
            if game.status != "finished" or game.last_seq != len(played.commits):
                return False
        return True

    await eventually(archived_to_the_end, what="both finished games archived")
    # The archive's copy of one game is altered after it was stored: the proof must catch it.
    await alter_archive(database_url, platform, "UPDATE {}.commits SET events = '[]'", tampered)
    target = Target(platform.nats_url, platform.namespace, "test")

    async def verified() -> dict[str, State] | None:
        checks = {c.game_id: c.state for c in await run_storage(target, timedelta(0), False)}
        return checks if checks.get(whole.game_id) is State.PRUNABLE else None

    checks = await eventually(verified, what="the whole game proven (consumers acked)")
    assert checks[tampered.game_id] is State.INCOMPLETE
    assert running.game_id not in checks  # not finished: never a candidate
    # Nothing finished more than a day ago: nothing to prune.
    assert await run_storage(target, timedelta(days=1), True) == []

    pruned = {c.game_id: c for c in await run_storage(target, timedelta(0), True)}
    assert pruned[whole.game_id].state is State.PRUNED
    assert pruned[tampered.game_id].state is State.INCOMPLETE
    # Hot store: the whole game is gone, its tombstone names its end; the others stay.
    assert await log.last(whole.game_id) == (None, 0)
    tombstone = await PrunedGames(js, topology).get(whole.game_id)
    assert tombstone is not None
    assert (tombstone.last_seq, tombstone.last_hash) == (
        len(whole.commits),
        whole.commits[-1].hash,
    )
    assert (await log.last(tampered.game_id))[0] == tampered.commits[-1]
    assert (await log.last(running.game_id))[0] == running.commits[-1]
    # Cold store: the replay of every step still comes from the archive.
    first = await archive.view(GetView(game_id=whole.game_id, step=1))
    last = await archive.view(GetView(game_id=whole.game_id))
    assert (first.step, last.step, last.finished) == (1, len(whole.commits), True)
    assert last.view == whole.views[len(whole.commits)][None]
    # A second run finds it pruned and matching; the tampered game keeps the exit code 1.
    again = {c.game_id: c.state for c in await run_storage(target, timedelta(0), False)}
    assert again[whole.game_id] is State.PRUNED
    # Commands to the pruned game, and a new game under its id, are refused with a clear code.
    rules = RulesClient(nc, platform.namespace, timeout=10)
    with pytest.raises(Refusal) as refused:
        await rules.submit(
            SubmitCommand(game_id=whole.game_id, command_id="late", command={"type": "noop"})
        )
    assert refused.value.code == ServiceCode.GAME_ARCHIVED
    with pytest.raises(Refusal) as restarted:
        await rules.start_game(StartGame(game="toy", players=2, game_id=whole.game_id))
    assert restarted.value.code == ServiceCode.GAME_ARCHIVED
    # `tabletop verify` proves the pruned game from the archive, against its tombstone...
    report, source = await load_and_verify(whole.game_id, target)
    assert (report.ok, report.checked, report.head_hash, source) == (
        True, len(whole.commits), whole.commits[-1].hash, "archive",
    )  # fmt: skip
    report, source = await load_and_verify(running.game_id, target)
    assert (report.ok, source) == (True, "jetstream")
    # ...and an archive copy altered after the prune is caught.
    await alter_archive(database_url, platform, "UPDATE {}.commits SET events = '[]'", whole)
    report, source = await load_and_verify(whole.game_id, target)
    assert (report.ok, report.first_bad_seq, source) == (False, 2, "archive")
    # The game still running is unaffected.
    await finish(log, running)


def test_storage_command_exit_codes(platform: Platform, capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed age, or no archive answering: one line, exit 2, no traceback."""
    target = Target(platform.nats_url, platform.namespace, "test")
    assert storage_command(target, "7x", False, False, False) == 2
    assert "--older-than '7x'" in capsys.readouterr().out
    assert storage_command(target, "0s", False, False, False) == 2
    assert "no answer from the platform" in capsys.readouterr().err


def _prune_job(platform: Platform, nats_url: str | None = None) -> subprocess.CompletedProcess[str]:
    """The CronJob's command (deploy/k8s/base/retention.yaml), as a process."""
    env = {
        **os.environ,
        "NATS_URL": nats_url or platform.nats_url,
        "TABLETOP_NAMESPACE": platform.namespace,
        "PRUNE_OLDER_THAN_SECONDS": "0",
        "LOG_FORMAT": "json",
        "PRUNE_CONNECT_TIMEOUT": "2",
    }
    return subprocess.run(
        [sys.executable, "-m", "tabletop.archive.prune"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


async def test_the_scheduled_prune_removes_proven_games_and_fails_on_a_broken_one(
    nc: Client, platform: Platform, database_url: str
) -> None:
    platform.start_all({"archive": {}})
    js = nc.jetstream()
    await ensure_streams(js, platform.topology)
    log = EventLog(js, platform.topology)
    whole = await play(log, seed=6)
    archive = ArchiveClient(nc, platform.namespace, timeout=10)

    async def archived(game_id: str, seq: int) -> bool:
        game = await archive.game(game_id)
        return game.status == "finished" and game.last_seq == seq

    await eventually(lambda: archived(whole.game_id, len(whole.commits)), what="game archived")

    async def pruned() -> bool:
        ran = await asyncio.to_thread(_prune_job, platform)
        assert ran.returncode == 0, ran.stderr
        return await log.last(whole.game_id) == (None, 0)

    await eventually(pruned, what="the job pruned the whole game (once the archive acked it)")
    broken = await play(log, seed=7)
    await eventually(lambda: archived(broken.game_id, len(broken.commits)), what="archived")
    await alter_archive(database_url, platform, "DELETE FROM {}.commits", broken)
    ran = await asyncio.to_thread(_prune_job, platform)
    assert ran.returncode == 1  # a game the archive does not hold whole: the Job fails
    kept = [json.loads(line) for line in ran.stderr.splitlines() if broken.game_id in line]
    assert kept and kept[0]["message"].startswith("kept in JetStream: incomplete")
    assert (await log.last(broken.game_id))[0] == broken.commits[-1]  # still in JetStream
    down = await asyncio.to_thread(_prune_job, platform, "nats://127.0.0.1:9")
    assert down.returncode == 2 and "Traceback" not in down.stderr
