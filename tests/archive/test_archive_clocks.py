"""The archive's view at step N carries the clocks exactly as they stood live
after commit N: the kernel's fold of commits 1..N, whether seats act one at a
time, several at once (Pokémon TCG setup), or one times out."""

from __future__ import annotations

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, GameHead
from tabletop.games import get_game
from tabletop.messaging import ArchiveClient, StartGame, SubmitCommand
from tabletop.messaging.archive import ArchiveSubjects, GetView
from tabletop.messaging.clocks import ClockOut, clock_out
from tabletop.rules.engine import Rules
from tests.archive.test_archive_service import wait_archived
from tests.support.play import new_id

pytestmark = [pytest.mark.integration]


class FakeClock:
    def __init__(self) -> None:
        self.ms = 1_700_000_000_000

    def __call__(self) -> int:
        return self.ms


class Table:
    """One game played through the rules engine into the archive's log, with
    the live clock (as the gateway's live view computes it) after each commit."""

    def __init__(self, log: EventLog) -> None:
        self.now = FakeClock()
        self.rules = Rules(log, now=self.now)
        self.game_id = ""
        self.live: dict[int, ClockOut | None] = {}

    async def start(self, game: str, players: int, clock: str | dict[str, int]) -> None:
        request = StartGame(game=game, players=players, seed=7, clock=clock, game_id=new_id())
        started = await self.rules.start(request)
        assert started.game_id is not None
        self.game_id = started.game_id
        await self._record()

    async def head(self) -> GameHead:
        head = await self.rules.head(self.game_id)
        assert head is not None
        return head

    async def send(self, command: dict[str, object], after_ms: int) -> None:
        self.now.ms += after_ms
        tag = f"{new_id()}-{len(self.live)}"  # command ids are unique across games
        await self.rules.submit(
            SubmitCommand(game_id=self.game_id, command_id=tag, command=command)
        )
        await self._record()

    async def move(self, after_ms: int) -> int:
        head = await self.head()
        seat = head.to_act[0]
        command = head.game.legal_commands(head.state, seat)[0]
        await self.send(command.model_dump(mode="json"), after_ms)
        return seat

    async def _record(self) -> None:
        head = await self.head()
        self.live[head.seq] = clock_out(head.table)


async def assert_replayed_clocks(
    nc: Client, log: EventLog, subjects: ArchiveSubjects, table: Table
) -> list[ClockOut]:
    """Every step's archived clock equals the live one and the fold of 1..N."""
    await wait_archived(nc, subjects, table.game_id, max(table.live))
    commits, _ = await log.load(table.game_id)
    assert [c.seq for c in commits] == sorted(table.live)
    game = get_game(commits[0].game)
    archive = ArchiveClient(nc, subjects.namespace)
    shown = []
    for step, live in sorted(table.live.items()):
        folded = clock_out(GameHead.replay(game, commits[:step]).table)
        archived = await archive.view(GetView(game_id=table.game_id, step=step))
        assert archived.clock == live == folded, step
        assert archived.clock is not None
        shown.append(archived.clock)
    return shown


async def test_replayed_clocks_through_a_timeout_and_a_resignation(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    table = Table(archive_log)
    await table.start("splendor", 3, {"initial_ms": 60_000, "increment_ms": 1_000})
    for n in range(8):
        await table.move(1_000 + 1_700 * n)
    head = await table.head()
    late = head.to_act[0]
    assert head.table.clock is not None
    left = head.table.clock.remaining_at(table.now.ms)[late]
    await table.send({"type": "timeout", "seat": late}, left)  # exactly when it ran out
    for n in range(12):  # past a snapshot (every 16 commits); the bot-played seat's too
        await table.move(2_300 + 900 * n)
    survivor = (await table.head()).table.active(3)[0]
    await table.send({"type": "resign", "seat": survivor}, 4_000)
    assert (await table.head()).outcome is not None

    shown = await assert_replayed_clocks(nc, archive_log, archive_subjects, table)
    assert len(shown) == 23
    out = shown[9]  # the timeout's step: that seat at zero, its clock stopped
    assert out.remaining_ms[late] == 0 and late not in out.running
    assert all(late not in clock.running for clock in shown[9:])
    assert shown[-1].running == [] and shown[-1].deadline is None
    assert len({tuple(clock.remaining_ms) for clock in shown}) > 10  # time really moved


async def test_replayed_clocks_run_for_every_seat_acting_at_once(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    table = Table(archive_log)
    await table.start("pokemon-tcg", 2, "blitz")
    for n in range(10):
        await table.move(3_000 + 500 * n)
    shown = await assert_replayed_clocks(nc, archive_log, archive_subjects, table)
    both = [clock for clock in shown if len(clock.running) == 2]
    assert both  # setup: both seats' clocks ran together
    assert all(clock.preset == "blitz" for clock in shown)
