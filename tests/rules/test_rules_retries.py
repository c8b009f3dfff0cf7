"""Duplicate detection with a bounded memory: a head records only its last
command ids, JetStream's message-id dedupe covers its window, and a retry
older than both is found in the log — so a command lands once however late
its retry comes, from a warm process or a cold one starting from a snapshot."""

from __future__ import annotations

import pytest

from tabletop.eventlog import MemoryEventLog, MemorySnapshots
from tabletop.eventlog.heads import RECENT_COMMANDS
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.errors import Refusal
from tabletop.rules.engine import Rules
from tests.eventlog.test_game_heads import SpyLog
from tests.rules.counting_game import GAME as COUNTING

MOVES = 3 * RECENT_COMMANDS  # far more commits than a head remembers ids of


def catalog() -> GameCatalog:
    return GameCatalog(extra=[COUNTING])


def add(game_id: str, seat: int, index: int, expected_seq: int | None) -> SubmitCommand:
    return SubmitCommand(
        game_id=game_id,
        command_id=f"move-{index}",
        command={"type": "add", "seat": seat, "amount": 1},
        expected_seq=expected_seq,
    )


async def played(rules: Rules) -> tuple[str, list[SubmitCommand]]:
    """A long counting game: MOVES commands after the start, each recorded."""
    started = await rules.start(
        StartGame(game="counting", players=2, seed=1, options={"target": 10_000}, game_id="long")
    )
    head = await rules.head(started.game_id)
    assert head is not None
    seat, sent = head.state.turn, []
    for index in range(MOVES):
        request = add("long", seat, index, expected_seq=1 + index)
        await rules.submit(request)
        sent.append(request)
        seat = 1 - seat
    return "long", sent


def same_refusal_landed(refusal: Refusal, seq: int) -> None:
    assert refusal.code == ServiceCode.DUPLICATE_COMMAND and refusal.seq == seq, refusal


@pytest.mark.parametrize("process", ["warm", "cold"])
@pytest.mark.parametrize("with_expected_seq", [True, False])
async def test_a_retry_after_the_dedupe_window_lands_once(
    process: str, with_expected_seq: bool
) -> None:
    log, snapshots = MemoryEventLog(), MemorySnapshots()
    rules = Rules(log, catalog(), snapshots=snapshots)
    game_id, sent = await played(rules)
    await rules.heads.flush()
    head = await rules.head(game_id)
    assert head is not None and head.seq == MOVES + 1
    assert len(head.command_seqs) <= RECENT_COMMANDS  # bounded, whatever the length
    log.forget_message_ids()  # the duplicate window has passed
    if process == "cold":
        rules = Rules(log, catalog(), snapshots=snapshots)  # starts from the snapshot
    for index in (0, MOVES // 2, MOVES - RECENT_COMMANDS - 1, MOVES - 1):
        retry = sent[index]
        if not with_expected_seq:
            retry = retry.model_copy(update={"expected_seq": None})
        with pytest.raises(Refusal) as refused:
            await rules.submit(retry)
        same_refusal_landed(refused.value, index + 2)
    commits, _ = await log.load(game_id)
    assert len(commits) == MOVES + 1
    assert len({c.command_id for c in commits}) == len(commits)


async def test_only_a_command_not_based_on_the_head_looks_for_old_ids() -> None:
    log = SpyLog()
    rules = Rules(log, catalog())
    game_id, _ = await played(rules)
    head = await rules.head(game_id)
    assert head is not None and head.recorded_from > 1
    log.loads.clear()
    based = await rules.submit(add(game_id, head.state.turn, MOVES, expected_seq=head.seq))
    assert based.seq == head.seq + 1 and log.from_scratch(game_id) == 0
    unbased = await rules.submit(add(game_id, 1 - head.state.turn, MOVES + 1, expected_seq=None))
    assert unbased.seq == head.seq + 2 and log.from_scratch(game_id) == 1
