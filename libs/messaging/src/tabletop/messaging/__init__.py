"""What services say to each other over NATS: subjects, request/reply models,
and thin clients. Services import this, never each other."""

from .client import RulesClient
from .rules import (
    GAME_ID_PATTERN,
    ErrorBody,
    RulesReply,
    ServiceCode,
    StartGame,
    SubmitCommand,
)
from .subjects import RulesSubjects

__all__ = [
    "GAME_ID_PATTERN",
    "ErrorBody",
    "RulesClient",
    "RulesReply",
    "RulesSubjects",
    "ServiceCode",
    "StartGame",
    "SubmitCommand",
]
