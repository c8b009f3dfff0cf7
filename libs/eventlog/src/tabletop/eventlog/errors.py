"""Why an append did not land. Both are expected in normal operation."""

from __future__ import annotations


class AppendError(Exception):
    """Base class of the refusals of `EventLog.append`."""


class AppendConflict(AppendError):
    """Someone appended to the game since it was read: re-read and re-decide."""

    def __init__(self, game_id: str, expected_last_subject_seq: int) -> None:
        super().__init__(
            f"game {game_id} moved past stream seq {expected_last_subject_seq}; re-read it"
        )
        self.game_id = game_id
        self.expected_last_subject_seq = expected_last_subject_seq


class DuplicateAppend(AppendError):
    """A commit with this command id already landed (JetStream's dedupe window)."""

    def __init__(self, game_id: str, command_id: str, stream_seq: int) -> None:
        super().__init__(f"command {command_id} already landed in game {game_id}")
        self.game_id = game_id
        self.command_id = command_id
        self.stream_seq = stream_seq
