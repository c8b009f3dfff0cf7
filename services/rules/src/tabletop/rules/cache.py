"""Recent game heads, so a busy game is not replayed on every command.

Only a shortcut: the event log's conditional append refuses a command decided
on a stale head, and the service then re-reads. Heads are immutable, so one
can be shared between concurrent requests.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from tabletop.eventlog import Commit
from tabletop.kernel import Event, Game


@dataclass(frozen=True, slots=True)
class GameHead:
    """A game as of its last commit."""

    game: Game
    state: Any
    last: Commit
    stream_seq: int  # stream sequence of `last`: what the next append expects
    command_seqs: dict[str, int] = field(repr=False)  # command id -> commit seq

    @classmethod
    def replay(cls, game: Game, commits: list[Commit], stream_seq: int) -> GameHead:
        state = game.replay(event for commit in commits for event in commit.events)
        seqs = {commit.command_id: commit.seq for commit in commits}
        return cls(game, state, commits[-1], stream_seq, seqs)

    def extend(self, commits: list[Commit], stream_seq: int) -> GameHead:
        """The head after more stored commits."""
        state = self.state
        for commit in commits:
            state = self.game.fold(state, map(self.game.parse_event, commit.events))
        seqs = {**self.command_seqs, **{c.command_id: c.seq for c in commits}}
        return GameHead(self.game, state, commits[-1], stream_seq, seqs)

    def after(self, commit: Commit, events: list[Event], stream_seq: int) -> GameHead:
        """The head after a commit this service just appended (no re-parse)."""
        state = self.game.fold(self.state, events)
        seqs = {**self.command_seqs, commit.command_id: commit.seq}
        return GameHead(self.game, state, commit, stream_seq, seqs)


class HeadCache:
    """A small LRU of game heads keyed by game id (each knows its stream seq)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._heads: OrderedDict[str, GameHead] = OrderedDict()

    def get(self, game_id: str) -> GameHead | None:
        head = self._heads.get(game_id)
        if head is not None:
            self._heads.move_to_end(game_id)
        return head

    def put(self, game_id: str, head: GameHead) -> None:
        if self.size <= 0:
            return
        current = self._heads.get(game_id)
        if current is not None and current.stream_seq > head.stream_seq:
            return  # a concurrent request already cached a newer head
        self._heads[game_id] = head
        self._heads.move_to_end(game_id)
        while len(self._heads) > self.size:
            self._heads.popitem(last=False)
