"""The keeper's timer: the next deadline of every game, earliest first.

A heap of (when, game) with the latest entry per game kept apart, so a
deadline replaced by a later commit is skipped when it comes up, not searched
for and removed (O(log n) per change, however many games).
"""

from __future__ import annotations

import heapq
import itertools
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict

Action = Literal["timeout", "abandon"]


class DueAction(BaseModel):
    """What the deadlines bucket holds per game: at `at_ms`, if the game is
    still at commit `seq`, the platform sends `action` for `seat`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int
    seat: int
    at_ms: int
    action: Action = "timeout"

    def command_id(self, game_id: str) -> str:
        # One id per (game, commit, action): every replica sends the same, so
        # the event log's dedupe and the conditional append keep one. The game
        # is in it because JetStream dedupes message ids across the stream.
        return f"{self.action}:{game_id}:{self.seq}"


class _Entry(NamedTuple):
    at_ms: int
    order: int  # ties broken by arrival: entries never compare their DueAction
    game_id: str
    due: DueAction


class Schedule:
    def __init__(self) -> None:
        self._heap: list[_Entry] = []
        self._latest: dict[str, DueAction] = {}
        self._pushed = itertools.count()

    def __len__(self) -> int:
        return len(self._latest)

    def set(self, game_id: str, due: DueAction) -> None:
        current = self._latest.get(game_id)
        if current is not None and current.seq > due.seq:
            return  # an older commit's deadline arriving late
        self._latest[game_id] = due
        heapq.heappush(self._heap, _Entry(due.at_ms, next(self._pushed), game_id, due))

    def drop(self, game_id: str, up_to_seq: int | None = None) -> None:
        current = self._latest.get(game_id)
        if current is not None and (up_to_seq is None or current.seq <= up_to_seq):
            del self._latest[game_id]

    def next_at(self) -> int | None:
        self._skip_stale()
        return self._heap[0].at_ms if self._heap else None

    def pop_due(self, now_ms: int) -> list[tuple[str, DueAction]]:
        """Every live deadline at or before `now_ms`, removed."""
        due: list[tuple[str, DueAction]] = []
        while True:
            self._skip_stale()
            if not self._heap or self._heap[0].at_ms > now_ms:
                return due
            entry = heapq.heappop(self._heap)
            del self._latest[entry.game_id]
            due.append((entry.game_id, entry.due))

    def _skip_stale(self) -> None:
        while self._heap and self._latest.get(self._heap[0].game_id) != self._heap[0].due:
            heapq.heappop(self._heap)
