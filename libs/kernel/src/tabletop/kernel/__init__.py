"""The game kernel: the pure decider contract every Tabletop game implements."""

from .builder import EventBuilder
from .errors import Code, IllegalCommand, UnknownGame
from .game import Game, JsonDict, SearchHints, outcome_value
from .messages import Command, Event, GameConfig, Message, Outcome
from .names import GAME_ID_PATTERN, NAMESPACE_PATTERN
from .playout import Step, StepLimitExceeded, random_playout
from .records import replace

__all__ = [
    "GAME_ID_PATTERN",
    "NAMESPACE_PATTERN",
    "Code",
    "Command",
    "Event",
    "EventBuilder",
    "Game",
    "GameConfig",
    "IllegalCommand",
    "JsonDict",
    "Message",
    "Outcome",
    "SearchHints",
    "Step",
    "StepLimitExceeded",
    "UnknownGame",
    "outcome_value",
    "random_playout",
    "replace",
]
