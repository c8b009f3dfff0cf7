"""Which policy plays a bot seat: the seat's difficulty is a policy spec of
`tabletop.policies` ("random", "greedy", "ismcts", "ismcts:500"…). Policies
get the real state but read it only as their seat may (`sample_world`, their
own legal commands and view); that library tests it (ADR 0014)."""

from __future__ import annotations

import logging
from functools import cache

from tabletop.policies import Policy, RandomPolicy, make_policy

log = logging.getLogger("tabletop.bots")


@cache
def policy_for(difficulty: str) -> Policy:
    """The policy a difficulty names; an unknown one plays random (and says so once)."""
    try:
        return make_policy(difficulty)
    except ValueError as exc:
        log.warning("bot difficulty %r: %s; playing random", difficulty, exc)
        return RandomPolicy()
