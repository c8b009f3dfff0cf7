"""Game heads: a game replayed to a commit, and a bounded LRU of the latest
ones so a busy game is not replayed from scratch on every commit.

Every service that needs a game's state uses this one component: the rules
service (decide on the head, append after it), bots and the gateway (the
latest head, read from the event log), the archive and leaderboards (the head
as of the commit they are recording). The cache is only a shortcut: a load
always asks the log for what follows the cached commit, and a miss starts
from the game's snapshot (when a snapshot store is given) or replays the
stored commits. A head is immutable, so one is shared between requests.

A head remembers the command ids of its last `RECENT_COMMANDS` commits only,
so its memory does not grow with the game: `recorded_from` says from which
seq on the record is complete (older ids are the event log's to answer).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cachetools import LRUCache

from tabletop.kernel import Event, Game, Outcome
from tabletop.kernel.table import Table, final_outcome, split_events

from .commit import Commit
from .memory import CommitLog
from .snapshots import SNAPSHOT_EVERY, Snapshot, SnapshotStore

log = logging.getLogger(__name__)

# Command ids a head remembers (its last commits'); bounded so that a head's
# memory does not grow with its game's length.
RECENT_COMMANDS = 128


def _recorded(
    seqs: Mapping[str, int], recorded_from: int, commits: Iterable[Commit]
) -> tuple[dict[str, int], int]:
    """The record after `commits`: their ids added, the oldest dropped past the bound."""
    record = dict(seqs)
    for commit in commits:
        record[commit.command_id] = commit.seq
    while len(record) > RECENT_COMMANDS:
        del record[next(iter(record))]  # dicts keep insertion order: the oldest first
    if len(record) == RECENT_COMMANDS:
        recorded_from = next(iter(record.values()))
    return record, recorded_from


NO_TABLE = Table()


@dataclass(frozen=True, slots=True)
class GameHead:
    """A game as of its last commit folded in."""

    game: Game[Any]
    state: Any
    last: Commit  # the last commit folded in: its seq, and the hash the next one chains to
    stream_seq: int = 0  # stream sequence of `last` (what the next append expects); 0: unknown
    # id -> seq of the commits from `recorded_from` on (at most RECENT_COMMANDS)
    command_seqs: Mapping[str, int] = field(default_factory=dict, repr=False)
    recorded_from: int = 1
    snapshot_seq: int = 0  # seq of the latest snapshot known of this game (0: none)
    table: Table = NO_TABLE  # the platform's part: clock, retired seats, its own ends

    @property
    def outcome(self) -> Outcome | None:
        """The game's outcome with the platform's rules laid over it."""
        return final_outcome(self.table, self.game.outcome(self.state), self.seats)

    @property
    def seats(self) -> int:
        return self.game.seats(self.state)

    @property
    def to_act(self) -> list[int]:
        """Who must act now; a retired seat is still listed (a bot plays it)."""
        return [] if self.table.ended is not None else self.game.to_act(self.state)

    @property
    def seq(self) -> int:
        return self.last.seq

    @property
    def last_hash(self) -> str:
        return self.last.hash

    @classmethod
    def replay(
        cls, game: Game[Any], commits: Iterable[Commit], stream_seq: int = 0
    ) -> GameHead | None:
        """The head after the gap-free prefix 1..n of `commits` (sorted by seq);
        None when there is no commit 1."""
        state: Any = None
        table = Table()
        last: Commit | None = None
        folded: list[Commit] = []
        for commit in commits:
            if commit.seq != (last.seq if last else 0) + 1:
                break
            state, table = _fold(game, state, table, commit)
            folded.append(commit)
            last = commit
        if last is None:
            return None
        seqs, recorded_from = _recorded({}, 1, folded[-RECENT_COMMANDS:])
        return cls(game, state, last, stream_seq, seqs, recorded_from, table=table)

    @classmethod
    def from_snapshot(cls, game: Game[Any], snapshot: Snapshot) -> GameHead:
        """The head a snapshot holds: no command id recorded (those before it
        are the log's to answer), and the snapshot is the latest known."""
        seq = snapshot.last.seq
        return cls(
            game, snapshot.state, snapshot.last, snapshot.stream_seq, {}, seq + 1, seq,
            table=snapshot.table if snapshot.table is not None else NO_TABLE,
        )  # fmt: skip

    def snapshot(self) -> Snapshot:
        return Snapshot(self.game.rules_version, self.last, self.stream_seq, self.state, self.table)

    @classmethod
    def started(
        cls, game: Game[Any], commit: Commit, events: Sequence[Event], stream_seq: int
    ) -> GameHead:
        """The head of a game whose first commit this process just appended."""
        state, table = _fold(game, None, Table(), commit, events)
        return cls(game, state, commit, stream_seq, {commit.command_id: 1}, table=table)

    def then(
        self,
        commit: Commit,
        stream_seq: int = 0,
        events: Sequence[Event] | None = None,
        folded: Any = None,
    ) -> GameHead:
        """The head after one more commit (`events`: already parsed, no re-parse;
        `folded`: the game state they fold into, when the caller has it from
        `Game.decide_and_fold`, so they are not folded again)."""
        state, table = _fold(self.game, self.state, self.table, commit, events, folded)
        seqs, recorded_from = _recorded(self.command_seqs, self.recorded_from, (commit,))
        return GameHead(
            self.game, state, commit, stream_seq, seqs, recorded_from, self.snapshot_seq, table
        )

    def stored_at(self, stream_seq: int) -> GameHead:
        """This head, its last commit stored at `stream_seq` (made by `then`
        while the commit's append was under way)."""
        return GameHead(
            self.game, self.state, self.last, stream_seq, self.command_seqs,
            self.recorded_from, self.snapshot_seq, self.table,
        )  # fmt: skip

    def extend(self, commits: Sequence[Commit], stream_seq: int) -> GameHead:
        """The head after more stored commits (the last one at `stream_seq`)."""
        state, table = self.state, self.table
        for commit in commits:
            state, table = _fold(self.game, state, table, commit)
        seqs, recorded_from = _recorded(
            self.command_seqs, self.recorded_from, commits[-RECENT_COMMANDS:]
        )
        return GameHead(
            self.game, state, commits[-1], stream_seq, seqs, recorded_from, self.snapshot_seq, table
        )


def _fold(
    game: Game[Any],
    state: Any,
    table: Table,
    commit: Commit,
    events: Sequence[Event] | None = None,
    folded: Any = None,
) -> tuple[Any, Table]:
    """One commit folded into the game's state (its own events; `events`:
    already parsed; `folded`: their fold, already made) and the platform's
    table (its `platform.` events, then the clock, which needs who must act
    next only when the game has a clock)."""
    own, platform = split_events(commit.events)
    if folded is not None:
        state = folded
    else:
        if events is None:
            events = [game.parse_event(event) for event in own]
        if events:
            state = game.fold(state, events)
    if not platform and table.settings is None:
        return state, table
    table = table.then(
        platform,
        seats=game.seats(state),
        at_ms=commit.at,
        mover=commit.seat,
        to_act=game.to_act(state) if commit.at is not None else None,
    )
    return state, table


class GameHeads:
    """The latest heads by game id: an LRU of at most `size` (0: none kept).

    `game_for` maps a game type id to its Game and may raise for a type this
    process does not serve (it is only asked on a replay from scratch). `log`
    is the event log `head` and `steps_after` read; a service that replays
    from elsewhere (the archive's store) passes none and uses `as_of`.
    With `snapshots`, a cold `head` starts from the game's snapshot, and a
    head cached `snapshot_every` commits after its last snapshot is
    snapshotted in the background (a failed write only misses a shortcut).
    """

    def __init__(
        self,
        log: CommitLog | None,
        game_for: Callable[[str], Game[Any]],
        size: int = 1024,
        snapshots: SnapshotStore | None = None,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.log = log
        self.game_for = game_for
        self.snapshots = snapshots
        self.snapshot_every = snapshot_every
        self._cache: LRUCache[str, GameHead] | None = LRUCache(maxsize=size) if size > 0 else None
        self._writes: set[asyncio.Task[None]] = set()

    def __contains__(self, game_id: str) -> bool:  # a peek: does not refresh the LRU order
        return self._cache is not None and game_id in self._cache

    def __len__(self) -> int:
        return len(self._cache) if self._cache is not None else 0

    def get(self, game_id: str) -> GameHead | None:
        """The cached head (a hit makes it the most recently used)."""
        return self._cache.get(game_id) if self._cache is not None else None

    def put(self, game_id: str, head: GameHead) -> None:
        """Cache `head`, unless a concurrent request already cached a later one."""
        if self._cache is None:
            return
        current = self._cache.get(game_id)
        if current is not None and current.seq > head.seq:
            return
        self._cache[game_id] = self._snapshotted(game_id, head)

    def _snapshotted(self, game_id: str, head: GameHead) -> GameHead:
        """`head`, snapshotted in the background when it is due."""
        if self.snapshots is None or head.seq - head.snapshot_seq < self.snapshot_every:
            return head
        task = asyncio.get_running_loop().create_task(self._write(game_id, head.snapshot()))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        return replace(head, snapshot_seq=head.seq)

    async def _write(self, game_id: str, snapshot: Snapshot) -> None:
        assert self.snapshots is not None
        try:
            await self.snapshots.put(game_id, snapshot)
        except Exception:  # a missed snapshot costs a longer cold load, nothing else
            log.warning("snapshot of game %s at seq %s failed", game_id, snapshot.last.seq,
                        exc_info=True)  # fmt: skip

    async def flush(self) -> None:
        """Wait for the snapshot writes under way (tests, shutdown)."""
        while self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)

    async def _from_snapshot(self, game_id: str) -> GameHead | None:
        """The game's snapshot as a head, if it has one this code can use."""
        if self.snapshots is None:
            return None
        snapshot = await self.snapshots.get(game_id)
        if snapshot is None or snapshot.last.game_id != game_id:
            return None
        game = self.game_for(snapshot.last.game)
        if snapshot.rules_version != game.rules_version:  # folded by other rules: not ours
            return None
        return GameHead.from_snapshot(game, snapshot)

    def drop(self, game_id: str) -> None:
        if self._cache is not None:
            self._cache.pop(game_id, None)

    def _log(self) -> CommitLog:
        if self.log is None:
            raise RuntimeError("these game heads read no event log")
        return self.log

    async def head(self, game_id: str) -> GameHead | None:
        """The game as of its last commit in the log (None: no such game),
        reading only what the cache lacks; the result is cached."""
        log = self._log()
        cached = self.get(game_id)
        start = cached or await self._from_snapshot(game_id)
        after = (start.seq, start.stream_seq) if start else (0, 0)
        commits, stream_seq = await log.load(game_id, after)
        if start is not None and stream_seq == start.stream_seq:
            if start is not cached:
                self.put(game_id, start)
            return start
        if not stream_seq:
            return None
        head: GameHead | None
        if (
            start is not None
            and commits
            and commits[0].seq == start.seq + 1
            and commits[0].prev_hash == start.last_hash
        ):
            head = start.extend(commits, stream_seq)
        else:
            if not commits or commits[0].seq != 1:  # the start was not a prefix: read it all
                commits, stream_seq = await log.load(game_id)
                if not commits:
                    return None
            head = GameHead.replay(self.game_for(commits[0].game), commits, stream_seq)
            if head is None:
                return None
        self.put(game_id, head)
        return head

    async def steps_after(self, game_id: str, head: GameHead) -> list[GameHead]:
        """The game after each commit in the log that followed `head`, one head
        per commit; each carries the stream seq of the last (what the next
        load starts from). Not cached: a live view walks them in order."""
        commits, stream_seq = await self._log().load(game_id, (head.seq, head.stream_seq))
        steps = []
        for commit in commits:
            head = head.then(commit, stream_seq)
            steps.append(head)
        return steps

    async def as_of(
        self,
        commit: Commit,
        stored: Callable[[], Awaitable[Iterable[Commit]]],
        *,
        from_cache: bool = True,
    ) -> GameHead | None:
        """The game as of `commit`, for a consumer that sees each commit go by:
        the cached head when it is `commit` (a redelivery) or the one before
        it; otherwise the gap-free prefix of `stored()` replayed (None: no
        commit 1). Not cached here: the caller puts it once it is durable."""
        cached = self.get(commit.game_id) if from_cache else None
        if cached is not None and cached.seq == commit.seq:
            return cached
        if cached is not None and cached.seq == commit.seq - 1:
            return cached.then(commit)
        return GameHead.replay(self.game_for(commit.game), await stored())
