"""An in-process event log with the JetStream log's contract, for unit tests
and the in-memory test broker. Same sequences, same refusals."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol

from .commit import Commit
from .errors import AppendConflict, DuplicateAppend


class CommitLog(Protocol):
    """What the rules service needs from an event log."""

    async def load(
        self, game_id: str, after: tuple[int, int] = (0, 0)
    ) -> tuple[list[Commit], int]: ...

    def append(
        self, commit: Commit, expected_last_subject_seq: int, data: bytes | None = None
    ) -> Coroutine[Any, Any, int]:
        """`data`: the commit's bytes when the caller has them (`seal`), so
        they are not encoded again. The stream sequence it landed at, once
        awaited (JetStream's log publishes it at the call, so a caller may
        work while it travels; this one appends when awaited)."""
        ...


class MemoryEventLog:
    """One shared stream sequence across games, like a JetStream stream."""

    def __init__(self) -> None:
        self._games: dict[str, list[tuple[int, Commit]]] = {}
        self._msg_ids: dict[str, int] = {}
        self._stream_seq = 0

    async def load(self, game_id: str, after: tuple[int, int] = (0, 0)) -> tuple[list[Commit], int]:
        rows = self._games.get(game_id, [])
        last_stream_seq = rows[-1][0] if rows else 0
        return [c for s, c in rows if s > after[1]], last_stream_seq

    def forget_message_ids(self) -> None:
        """What JetStream does once its duplicate window has passed: a retry
        of any earlier command is no longer caught by the message id."""
        self._msg_ids.clear()

    async def append(
        self, commit: Commit, expected_last_subject_seq: int, data: bytes | None = None
    ) -> int:
        if data is not None and data != commit.to_bytes():
            raise ValueError("the bytes given are not the commit's")
        # Same order as JetStream: the sequence check first, then the dedupe.
        rows = self._games.setdefault(commit.game_id, [])
        if (rows[-1][0] if rows else 0) != expected_last_subject_seq:
            raise AppendConflict(commit.game_id, expected_last_subject_seq)
        if commit.command_id in self._msg_ids:
            raise DuplicateAppend(
                commit.game_id, commit.command_id, self._msg_ids[commit.command_id]
            )
        self._stream_seq += 1
        rows.append((self._stream_seq, commit))
        self._msg_ids[commit.command_id] = self._stream_seq
        return self._stream_seq
