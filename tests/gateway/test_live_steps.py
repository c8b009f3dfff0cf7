"""The WebSocket's catch-up after a commit is announced: a commit reaches the
game's subscribers as the stream takes it, so a read at once may not find it
yet; the push reads again until it does (else it waited for a next commit,
which after a game's last one never came: seen under load, a timeout never
pushed)."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from tabletop.eventlog import GameHead
from tabletop.gateway.live import announced_seq, steps_until


class _Head(NamedTuple):
    seq: int


class _Log:
    """Stores the announced commit only at the `visible_at`-th read."""

    def __init__(self, visible_at: int) -> None:
        self.reads, self.visible_at = 0, visible_at

    async def steps_after(self, game_id: str, head: GameHead) -> list[GameHead]:
        self.reads += 1
        found = [_Head(head.seq + 1)] if self.reads >= self.visible_at else []
        return cast(list[GameHead], found)


def _head(seq: int) -> GameHead:
    return cast(GameHead, _Head(seq))


async def test_an_announced_commit_not_yet_readable_is_read_again() -> None:
    log = _Log(visible_at=3)
    steps = await steps_until(log, "g", _head(4), seq=5)
    assert [step.seq for step in steps] == [5] and log.reads == 3


async def test_nothing_announced_beyond_the_head_reads_once() -> None:
    log = _Log(visible_at=99)
    assert await steps_until(log, "g", _head(4), seq=4) == [] and log.reads == 1


def test_the_announced_seq_is_read_from_the_commit() -> None:
    assert announced_seq(b'{"game_id":"g","seq":7,"events":[]}') == 7
    bad: list[Any] = [b"", b"[1]", b'{"seq":"7"}', b"\xff"]
    assert [announced_seq(data) for data in bad] == [0, 0, 0, 0]
