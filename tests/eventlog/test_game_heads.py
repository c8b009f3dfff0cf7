"""The one game-heads component: a head is the game replayed to a commit;
the LRU of heads reads only what the log adds and evicts the least recently
*used* game (a hit counts as a use)."""

from __future__ import annotations

import pytest

from tabletop.eventlog import Commit, GameHead, GameHeads, MemoryEventLog
from tabletop.kernel import Game, UnknownGame
from tests.archive.play import TOY, PlayedGame, finish, play


class SpyLog(MemoryEventLog):
    """Records where every load starts: (0, 0) is a read from scratch."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[tuple[str, tuple[int, int]]] = []

    async def load(self, game_id: str, after: tuple[int, int] = (0, 0)) -> tuple[list[Commit], int]:
        self.loads.append((game_id, after))
        return await super().load(game_id, after)

    def from_scratch(self, game_id: str) -> int:
        return sum(1 for gid, after in self.loads if gid == game_id and after == (0, 0))


def toy_only(game_type: str) -> Game:
    if game_type != TOY.id:
        raise UnknownGame(game_type, [TOY.id])
    return TOY


def replayed(commits: list[Commit]) -> GameHead:
    head = GameHead.replay(TOY, commits)
    assert head is not None
    return head


async def three_games(log: SpyLog) -> list[PlayedGame]:
    return [await play(log, seed=seed, moves=2, game_id=f"g{seed}") for seed in (1, 2, 3)]


async def test_a_hit_refreshes_the_lru_order() -> None:
    log = SpyLog()
    a, b, c = await three_games(log)
    heads = GameHeads(log, toy_only, size=2)
    await heads.head(a.game_id)
    await heads.head(b.game_id)
    await heads.head(a.game_id)  # a hit: `a` is now the most recently used
    await heads.head(c.game_id)  # evicts the least recently used: `b`, not `a`
    assert a.game_id in heads and c.game_id in heads
    assert b.game_id not in heads
    await heads.head(a.game_id)
    assert log.from_scratch(a.game_id) == 1  # `a` was never replayed again
    await heads.head(b.game_id)
    assert log.from_scratch(b.game_id) == 2


async def test_the_latest_head_reads_only_what_follows_the_cached_one() -> None:
    log = SpyLog()
    played = await play(log, seed=4, moves=3)
    heads = GameHeads(log, toy_only)
    first = await heads.head(played.game_id)
    assert first is not None and first.seq == 4 and first.stream_seq == played.stream_seq
    assert await heads.head(played.game_id) is first  # nothing new: the cached head itself
    await finish(log, played)
    latest = await heads.head(played.game_id)
    assert latest is not None and latest.seq == len(played.commits)
    assert latest.state == played.state and latest.last_hash == played.commits[-1].hash
    assert latest.command_seqs == {c.command_id: c.seq for c in played.commits}
    assert log.from_scratch(played.game_id) == 1
    assert log.loads[-1] == (played.game_id, (4, first.stream_seq))


async def test_a_head_that_is_not_a_prefix_of_the_log_is_replaced_by_a_full_replay() -> None:
    log = SpyLog()
    played = await play(log, seed=5, moves=3)
    heads = GameHeads(log, toy_only)
    # A head at seq 2 that claims an old stream position: the log answers from commit 1.
    stale = GameHead.replay(TOY, played.commits[:2], stream_seq=0)
    assert stale is not None
    heads.put(played.game_id, stale)
    head = await heads.head(played.game_id)
    assert head is not None and head.seq == 4 and head.state == played.state


async def test_no_game_no_head_and_an_unknown_game_type_is_the_callers_error() -> None:
    log = SpyLog()
    heads = GameHeads(log, toy_only)
    assert await heads.head("nobody") is None
    await play(log, seed=6, moves=1, game_id="g6")
    with pytest.raises(UnknownGame):
        await GameHeads(log, lambda game_type: toy_only("other")).head("g6")


async def test_put_keeps_the_later_head_and_size_zero_keeps_nothing() -> None:
    log = SpyLog()
    played = await play(log, seed=7, moves=3)
    heads = GameHeads(log, toy_only)
    later, earlier = (GameHead.replay(TOY, played.commits[:n]) for n in (3, 2))
    assert later is not None and earlier is not None
    heads.put(played.game_id, later)
    heads.put(played.game_id, earlier)  # a slower concurrent request
    assert heads.get(played.game_id) is later
    heads.drop(played.game_id)
    assert heads.get(played.game_id) is None
    none_kept = GameHeads(log, toy_only, size=0)
    none_kept.put(played.game_id, later)
    assert none_kept.get(played.game_id) is None and len(none_kept) == 0
    await none_kept.head(played.game_id)
    await none_kept.head(played.game_id)
    assert log.from_scratch(played.game_id) == 2


async def test_steps_after_gives_one_head_per_new_commit() -> None:
    log = SpyLog()
    played = await play(log, seed=8, moves=1)
    heads = GameHeads(log, toy_only)
    head = await heads.head(played.game_id)
    assert head is not None
    await finish(log, played)
    steps = await heads.steps_after(played.game_id, head)
    assert [s.seq for s in steps] == [c.seq for c in played.commits[2:]]
    assert steps[-1].state == played.state
    for step, commit in zip(steps, played.commits[2:], strict=True):
        assert step.state == replayed(played.commits[: commit.seq]).state
    assert await heads.steps_after(played.game_id, steps[-1]) == []


async def test_replay_stops_at_the_first_gap() -> None:
    played = await play(MemoryEventLog(), seed=9, moves=4)
    commits = [c for c in played.commits if c.seq != 3]
    head = GameHead.replay(TOY, commits)
    assert head is not None and head.seq == 2
    assert GameHead.replay(TOY, commits[1:]) is None  # no commit 1


async def test_as_of_uses_the_cache_for_a_redelivery_or_the_next_commit_only() -> None:
    log = SpyLog()
    played = await play(log, seed=10, moves=4)
    c = played.commits
    heads = GameHeads(None, toy_only)
    reads = 0

    async def stored() -> list[Commit]:
        nonlocal reads
        reads += 1
        return c

    first = await heads.as_of(c[0], stored)  # a miss: replays what is stored
    assert first is not None and first.seq == 5 and reads == 1
    prefix = replayed(c[:2])
    heads.put(played.game_id, prefix)
    assert await heads.as_of(c[1], stored) is prefix  # a redelivery
    nxt = await heads.as_of(c[2], stored)  # the next commit: folded onto the cached head
    assert nxt is not None and nxt.seq == 3 and reads == 1
    assert nxt.state == replayed(c[:3]).state
    ahead = await heads.as_of(c[3], stored)
    assert ahead is not None and ahead.seq == 5
    assert reads == 2  # two ahead of the cache: replayed
    await heads.as_of(c[2], stored, from_cache=False)
    assert reads == 3
    with pytest.raises(RuntimeError):
        await heads.head(played.game_id)  # no event log to read
