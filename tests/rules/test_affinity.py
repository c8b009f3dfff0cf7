"""Game affinity (ADR 27) over real NATS: two rules processes share one event
log and the submit queue group; a client sends a game's commands to the
process that answered its first one from the shared subject (named in the
reply's header), so that process decides on its cached head without reading
the log. A process that stops hands its games to the others, and a cache left
behind by another writer never decides on an old head."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest
from nats.aio.client import Client

from tabletop.eventlog import AppendConflict, Commit, EventLog, Topology, verify_chain
from tabletop.eventlog.links import Link
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import RulesClient, RulesReply, StartGame, SubmitCommand
from tabletop.messaging.subjects import RULES_AT_HEADER, RulesSubjects
from tabletop.rules.engine import Rules
from tabletop.rules.hot_path import SubmitPath
from tests.rules.counting_game import GAME as COUNTING

pytestmark = pytest.mark.integration


class ReadCountingLog(EventLog):
    """The JetStream event log, counting loads and appends refused as behind."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.loads = self.conflicts = 0

    async def append(
        self, commit: Commit, expected_last_subject_seq: int, data: bytes | None = None
    ) -> int:
        try:
            return await super().append(commit, expected_last_subject_seq, data)
        except AppendConflict:
            self.conflicts += 1
            raise

    async def load(self, game_id: str, after: tuple[int, int] = (0, 0)) -> tuple[list[Commit], int]:
        self.loads += 1
        return await super().load(game_id, after)


class Process:
    """One rules process's engine and submit path, on its own subject `name`."""

    def __init__(self, nc: Client, topology: Topology, name: str) -> None:
        self.log = ReadCountingLog(nc.jetstream(), topology)
        self.rules = Rules(self.log, GameCatalog(extra=[COUNTING]))
        self.decided = 0
        subjects = RulesSubjects(namespace=topology.namespace)
        self.at = subjects.submit_at(name)
        self.path = SubmitPath(
            subjects.submit_command, subjects.queue, 8, self._decide, _refuse,
            logging.getLogger("test"), self.at,
        )  # fmt: skip

    async def _decide(self, request: SubmitCommand) -> RulesReply:
        self.decided += 1
        return await self.rules.submit(request)  # SubmitPath replies with a refusal


def _refuse(code: str, message: str) -> dict[str, Any]:
    return RulesReply.refused(code, message).to_wire()


@pytest.fixture
async def processes(nc: Client, event_log: EventLog, link: Link) -> AsyncIterator[list[Process]]:
    """Two rules processes in one queue group, each with its own subject."""
    started = [Process(nc, event_log.topology, name) for name in ("p1", "p2")]
    for process in started:
        await process.path.start(link)
    yield started
    for process in started:
        await process.path.stop()


def _add(game_id: str, seat: int, command_id: str, expected_seq: int | None) -> SubmitCommand:
    command = {"type": "add", "seat": seat, "amount": 1}
    return SubmitCommand(
        game_id=game_id, command_id=command_id, command=command, expected_seq=expected_seq
    )


async def _started(process: Process, game_id: str) -> int:
    """Start `game_id` through `process`; the seat to act first."""
    await process.rules.start(StartGame(game="counting", players=2, seed=1, game_id=game_id))
    head = await process.rules.head(game_id)
    assert head is not None
    return int(head.state.turn)


async def test_a_games_commands_go_to_the_process_that_took_its_first(
    nc: Client, event_log: EventLog, processes: list[Process]
) -> None:
    client = RulesClient(nc, namespace=event_log.topology.namespace, timeout=5.0)
    seat = await _started(processes[0], "g")
    first = await client.submit(_add("g", seat, "c1", expected_seq=1))
    assert first.seq == 2
    (taker,) = (p for p in processes if p.decided)  # the queue group chose one
    assert client.pinned == {"g": taker.at}
    reads_before = sum(p.log.loads for p in processes)
    for seq in range(2, 12):
        seat = 1 - seat
        assert (await client.submit(_add("g", seat, f"c{seq}", expected_seq=seq))).seq == seq + 1
    # Every later command reached the process caching the game, which
    # decided each without reading the log (and lost no append race).
    assert [p.decided for p in processes if p is not taker] == [0]
    assert taker.decided == 11
    assert sum(p.log.loads for p in processes) == reads_before
    assert taker.log.conflicts == 0


async def test_only_a_reply_from_the_shared_subject_names_the_process(
    nc: Client, event_log: EventLog, processes: list[Process]
) -> None:
    seat = await _started(processes[0], "h")
    subjects = RulesSubjects(namespace=event_log.topology.namespace)
    body = _add("h", seat, "c1", expected_seq=1).model_dump_json().encode()
    shared = await nc.request(subjects.submit_command, body, timeout=5.0)
    at = (shared.headers or {})[RULES_AT_HEADER]
    assert at in {p.at for p in processes}
    body = _add("h", 1 - seat, "c2", expected_seq=2).model_dump_json().encode()
    own = await nc.request(at, body, timeout=5.0)
    assert not own.headers  # already pinned: no header to encode and parse
    assert RulesReply.model_validate_json(own.data).seq == 3


async def test_a_stopped_process_hands_its_games_to_the_others(
    nc: Client, event_log: EventLog, processes: list[Process]
) -> None:
    client = RulesClient(nc, namespace=event_log.topology.namespace, timeout=5.0)
    seat = await _started(processes[0], "s")
    await client.submit(_add("s", seat, "c1", expected_seq=1))
    (taker,) = (p for p in processes if p.decided)
    (other,) = (p for p in processes if p is not taker)
    await taker.path.stop()
    # The pinned subject has no responder now: the command goes to the
    # shared subject once, lands, and the game is pinned to the other.
    accepted = await client.submit(_add("s", 1 - seat, "c2", expected_seq=2))
    assert accepted.seq == 3 and other.decided == 1
    assert client.pinned == {"s": other.at}


async def test_a_cache_left_behind_never_decides_on_an_old_head(
    nc: Client, event_log: EventLog, processes: list[Process]
) -> None:
    client = RulesClient(nc, namespace=event_log.topology.namespace, timeout=5.0)
    seat = await _started(processes[0], "b")
    await client.submit(_add("b", seat, "c1", expected_seq=1))
    (taker,) = (p for p in processes if p.decided)
    (other,) = (p for p in processes if p is not taker)
    # Another writer (the other process, as a deadline keeper would) moves
    # the game twice: the pinned process's cached head is two commits behind.
    seat = 1 - seat
    for seq in (2, 3):
        assert (await other.rules.submit(_add("b", seat, f"w{seq}", seq))).seq == seq + 1
        seat = 1 - seat
    cached = taker.rules.heads.get("b")
    assert cached is not None and cached.seq == 2
    # Based on the real head: the cache looks behind, the log is read first.
    assert (await client.submit(_add("b", seat, "c4", expected_seq=4))).seq == 5
    # Based on nothing, one commit behind: refused on the stale cache (out
    # of turn there), so taken again on the head just read.
    await other.rules.submit(_add("b", 1 - seat, "w5", 5))
    assert (await client.submit(_add("b", seat, "c6", expected_seq=None))).seq == 7
    # Two commits behind: accepted on the stale cache, but its conditional
    # append fails, and it is decided again on the head just read.
    for seq in (7, 8):
        await other.rules.submit(_add("b", 1 - seat if seq == 7 else seat, f"w{seq}", seq))
    stale = taker.rules.heads.get("b")
    assert stale is not None and stale.seq == 7
    assert (await client.submit(_add("b", 1 - seat, "c9", expected_seq=None))).seq == 10
    assert taker.decided == 4 and taker.log.conflicts == 1
    commits, _ = await event_log.load("b")
    assert [c.command_id for c in commits[1:]] == [
        "c1", "w2", "w3", "c4", "w5", "c6", "w7", "w8", "c9",
    ]  # fmt: skip
    assert verify_chain("b", commits).ok  # each links to the one before: no old head


async def test_the_service_pins_a_game_to_the_process_that_started_it(
    nc: Client, rules_client: RulesClient
) -> None:
    """The rules service as deployed (a subprocess): its start reply names the
    process's own subject, so the game's first command already goes there."""
    accepted = await rules_client.start_game(StartGame(game="counting", players=2, seed=1))
    at = rules_client.pinned[accepted.game_id]
    subjects = RulesSubjects(namespace=rules_client.subjects.namespace)
    assert at.startswith(subjects.submit_at(""))
    log = EventLog(nc.jetstream(), Topology(namespace=subjects.namespace))
    commits, _ = await log.load(accepted.game_id)
    seat = commits[0].events[0]["first"]  # the counting game's `started` event
    reply = await rules_client.submit(_add(accepted.game_id, seat, "c1", expected_seq=1))
    assert reply.seq == 2 and rules_client.pinned == {accepted.game_id: at}
