"""Which policy plays a bot seat. A seating names each bot seat's level
(`easy`, `medium`, `hard`, `expert`); the game's level table
(`tabletop.policies.levels`) maps it to a bounded policy spec. Anything else
in a seating (an unknown level, or a raw spec such as "ismcts:99999999s"
written by another route than matchmaking) plays the game's default level,
and the worker says so loudly. Policies get the real state but read it only
as their seat may (ADR 0014)."""

from __future__ import annotations

from functools import cache

from tabletop.policies import Policy, make_policy
from tabletop.policies.levels import is_bounded


class UnboundedSpec(ValueError):
    pass


@cache
def bounded_policy(spec: str) -> Policy:
    """The policy of a spec whose CPU per move is capped; UnboundedSpec for
    any other (the bots never search without a time cap)."""
    if not is_bounded(spec):
        raise UnboundedSpec(f"bot policy {spec!r} has no bounded cost per move")
    return make_policy(spec)
