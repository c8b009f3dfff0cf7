"""The pydantic edge of the game in one namespace (`from . import messages as
m`): the config and commands (commands.py) and the events (events.py)."""

from .commands import *  # noqa: F403
from .commands import COMMAND_TYPES, PokemonTCGConfig
from .events import *  # noqa: F403
from .events import EVENT_TYPES

__all__ = ["COMMAND_TYPES", "EVENT_TYPES", "PokemonTCGConfig"]
