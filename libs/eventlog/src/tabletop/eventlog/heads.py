"""Games as of their last commit, read from the event log and kept in a
small LRU so a busy game is not replayed from scratch on every commit. For
readers of games (bots, gateway); only a shortcut, since every load asks the
log for what follows the cached commit."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.kernel import Game

from .log import EventLog


@dataclass(frozen=True, slots=True)
class Head:
    game: Game[Any]
    state: Any
    seq: int  # the last commit folded in
    stream_seq: int  # its stream sequence (what an incremental load starts from)


class Heads:
    def __init__(
        self, log: EventLog, game_for: Callable[[str], Game[Any]], size: int = 1024
    ) -> None:
        self.log = log
        self.game_for = game_for  # game type id -> Game (e.g. tabletop.games.get_game)
        self.size = size
        self._heads: OrderedDict[str, Head] = OrderedDict()

    async def head(self, game_id: str) -> Head | None:
        """The game's latest state (None: no such game). `game_for` raises
        for a game type this process does not know."""
        cached = self._heads.get(game_id)
        after = (cached.seq, cached.stream_seq) if cached else (0, 0)
        commits, stream_seq = await self.log.load(game_id, after)
        if cached is not None and stream_seq == cached.stream_seq:
            return cached
        if not commits:
            return None
        if cached is not None and commits[0].seq == cached.seq + 1:
            game, state = cached.game, cached.state
        else:
            if commits[0].seq != 1:  # the cache was not a prefix: read everything
                commits, stream_seq = await self.log.load(game_id)
            game, state = self.game_for(commits[0].game), None
        for commit in commits:
            state = game.fold(state, map(game.parse_event, commit.events))
        head = Head(game, state, commits[-1].seq, stream_seq)
        self._put(game_id, head)
        return head

    def _put(self, game_id: str, head: Head) -> None:
        if self.size <= 0:
            return
        self._heads[game_id] = head
        self._heads.move_to_end(game_id)
        while len(self._heads) > self.size:
            self._heads.popitem(last=False)
