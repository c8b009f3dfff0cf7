"""What services say to each other over NATS: subjects, request/reply models,
and thin clients. Services import this, never each other."""

from .clients import ArchiveClient, LeaderboardsClient, MatchmakingClient, RulesClient
from .codes import ServiceCode, http_status
from .errors import Refusal, Unavailable
from .rules import (
    GAME_ID_PATTERN,
    Accepted,
    ErrorBody,
    RulesReply,
    StartGame,
    SubmitCommand,
)
from .subjects import RulesSubjects

__all__ = [
    "GAME_ID_PATTERN",
    "Accepted",
    "ArchiveClient",
    "ErrorBody",
    "LeaderboardsClient",
    "MatchmakingClient",
    "Refusal",
    "RulesClient",
    "RulesReply",
    "RulesSubjects",
    "ServiceCode",
    "StartGame",
    "SubmitCommand",
    "Unavailable",
    "http_status",
]
