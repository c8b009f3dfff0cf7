"""Game heads: a game replayed to a commit, and a bounded LRU of the latest
ones so a busy game is not replayed from scratch on every commit.

Every service that needs a game's state uses this one component: the rules
service (decide on the head, append after it), bots and the gateway (the
latest head, read from the event log), the archive and leaderboards (the head
as of the commit they are recording). The cache is only a shortcut: a load
always asks the log for what follows the cached commit, and a miss replays
the stored commits. A head is immutable, so one is shared between requests.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cachetools import LRUCache

from tabletop.kernel import Event, Game, Outcome
from tabletop.kernel.table import Table, final_outcome, split_events

from .commit import Commit
from .memory import CommitLog

NO_TABLE = Table()


@dataclass(frozen=True, slots=True)
class GameHead:
    """A game as of its last commit folded in."""

    game: Game[Any]
    state: Any
    last: Commit  # the last commit folded in: its seq, and the hash the next one chains to
    stream_seq: int = 0  # stream sequence of `last` (what the next append expects); 0: unknown
    command_seqs: Mapping[str, int] = field(default_factory=dict, repr=False)  # id -> seq
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
        seqs: dict[str, int] = {}
        for commit in commits:
            if commit.seq != (last.seq if last else 0) + 1:
                break
            state, table = _fold(game, state, table, commit)
            seqs[commit.command_id] = commit.seq
            last = commit
        return cls(game, state, last, stream_seq, seqs, table) if last is not None else None

    @classmethod
    def started(
        cls, game: Game[Any], commit: Commit, events: Sequence[Event], stream_seq: int
    ) -> GameHead:
        """The head of a game whose first commit this process just appended."""
        state, table = _fold(game, None, Table(), commit, events)
        return cls(game, state, commit, stream_seq, {commit.command_id: 1}, table)

    def then(
        self, commit: Commit, stream_seq: int = 0, events: Sequence[Event] | None = None
    ) -> GameHead:
        """The head after one more commit (`events`: already parsed, no re-parse)."""
        state, table = _fold(self.game, self.state, self.table, commit, events)
        seqs = {**self.command_seqs, commit.command_id: commit.seq}
        return GameHead(self.game, state, commit, stream_seq, seqs, table)

    def extend(self, commits: Sequence[Commit], stream_seq: int) -> GameHead:
        """The head after more stored commits (the last one at `stream_seq`)."""
        state, table = self.state, self.table
        for commit in commits:
            state, table = _fold(self.game, state, table, commit)
        seqs = {**self.command_seqs, **{c.command_id: c.seq for c in commits}}
        return GameHead(self.game, state, commits[-1], stream_seq, seqs, table)


def _fold(
    game: Game[Any],
    state: Any,
    table: Table,
    commit: Commit,
    events: Sequence[Event] | None = None,
) -> tuple[Any, Table]:
    """One commit folded into the game's state (its own events; `events`:
    already parsed) and the platform's table (its `platform.` events, then the
    clock, which needs who must act next only when the game has a clock)."""
    own, platform = split_events(commit.events)
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
    """

    def __init__(
        self, log: CommitLog | None, game_for: Callable[[str], Game[Any]], size: int = 1024
    ) -> None:
        self.log = log
        self.game_for = game_for
        self._cache: LRUCache[str, GameHead] | None = LRUCache(maxsize=size) if size > 0 else None

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
        self._cache[game_id] = head

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
        after = (cached.seq, cached.stream_seq) if cached else (0, 0)
        commits, stream_seq = await log.load(game_id, after)
        if cached is not None and stream_seq == cached.stream_seq:
            return cached
        if not commits:
            return None
        head: GameHead | None
        if cached is not None and commits[0].seq == cached.seq + 1:
            head = cached.extend(commits, stream_seq)
        else:
            if commits[0].seq != 1:  # the cache was not a prefix: read it all
                commits, stream_seq = await log.load(game_id)
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
