"""Replayed game states that consumers of the log (archive, leaderboards) keep
to learn when a game ends without re-reading it on every commit. Only a
shortcut: a miss replays from the stored commits."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from tabletop.kernel import Game

from .commit import Commit


@dataclass(frozen=True, slots=True)
class Replayed:
    game: Game[Any]
    seq: int  # the last commit folded in
    state: Any

    @classmethod
    def of(cls, game: Game[Any], commits: Iterable[Commit]) -> Replayed | None:
        """The state after the gap-free prefix 1..n of `commits` (sorted by seq)."""
        state: Any = None
        seq = 0
        for commit in commits:
            if commit.seq != seq + 1:
                break
            state = game.fold(state, map(game.parse_event, commit.events))
            seq = commit.seq
        return cls(game, seq, state) if seq else None

    def then(self, commit: Commit) -> Replayed:
        state = self.game.fold(self.state, map(self.game.parse_event, commit.events))
        return Replayed(self.game, commit.seq, state)


class StateCache:
    """A small LRU of replayed states keyed by game id."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[str, Replayed] = OrderedDict()

    def get(self, game_id: str) -> Replayed | None:
        found = self._states.get(game_id)
        if found is not None:
            self._states.move_to_end(game_id)
        return found

    def put(self, game_id: str, replayed: Replayed) -> None:
        if self.size <= 0:
            return
        self._states[game_id] = replayed
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def drop(self, game_id: str) -> None:
        self._states.pop(game_id, None)
