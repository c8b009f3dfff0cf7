"""Bot policies for every Tabletop game: `random`, `greedy` and `ismcts`,
behind one small protocol (`Policy.choose(game, state, seat, seed)`), and the
tournament harness that measures them. Pure: no I/O, usable in-process and by
the bots service."""

from .budget import Budget
from .greedy import GreedyPolicy
from .ismcts import IsmctsPolicy, SearchSettings, search
from .levels import (
    DEFAULT_LEVEL,
    MAX_SECONDS_PER_MOVE,
    UnknownLevel,
    levels_for,
    resolve,
    spec_for,
)
from .policy import Choice, Policy, command_key, deliberate
from .random_policy import RandomPolicy
from .specs import make_policy

__all__ = [
    "DEFAULT_LEVEL",
    "MAX_SECONDS_PER_MOVE",
    "Budget",
    "Choice",
    "GreedyPolicy",
    "IsmctsPolicy",
    "Policy",
    "RandomPolicy",
    "SearchSettings",
    "UnknownLevel",
    "command_key",
    "deliberate",
    "levels_for",
    "make_policy",
    "resolve",
    "search",
    "spec_for",
]
