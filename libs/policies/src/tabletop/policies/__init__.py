"""Bot policies for every Tabletop game: `random`, `greedy` and `ismcts`,
behind one small protocol (`Policy.choose(game, state, seat, seed)`), and the
tournament harness that measures them. Pure: no I/O, usable in-process and by
the bots service."""

from .budget import Budget
from .greedy import GreedyPolicy
from .ismcts import IsmctsPolicy, SearchSettings, search
from .policy import Choice, Policy, command_key, deliberate
from .random_policy import RandomPolicy
from .specs import make_policy

__all__ = [
    "Budget",
    "Choice",
    "GreedyPolicy",
    "IsmctsPolicy",
    "Policy",
    "RandomPolicy",
    "SearchSettings",
    "command_key",
    "deliberate",
    "make_policy",
    "search",
]
