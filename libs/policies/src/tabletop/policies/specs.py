"""Policies by name, as the CLI and the bots service spell them:
"random", "greedy", "ismcts" (default budget), "ismcts:500" (iterations),
"ismcts:1s" / "ismcts:200ms" (time per move)."""

from __future__ import annotations

from .budget import Budget
from .greedy import GreedyPolicy
from .ismcts import IsmctsPolicy, SearchSettings
from .policy import Policy
from .random_policy import RandomPolicy
from .rollout import ROLLOUTS

DEFAULT_BUDGET = "1s"
KINDS = ("random", "greedy", "ismcts")


def make_policy(spec: str) -> Policy:
    """The policy a spec names; ValueError for anything else."""
    kind, _, arg = spec.strip().partition(":")
    if kind == "random" and not arg:
        return RandomPolicy()
    if kind == "greedy" and not arg:
        return GreedyPolicy()
    if kind == "ismcts":
        budget = Budget.parse(arg or DEFAULT_BUDGET)
        return IsmctsPolicy(ismcts_settings(budget), name=f"ismcts:{budget}")
    raise ValueError(f"unknown policy {spec!r}; expected one of {', '.join(KINDS)}[:budget]")


def ismcts_settings(budget: Budget) -> SearchSettings:
    """The tuned defaults (see the tournament figures in docs/policies.md)."""
    return SearchSettings(budget=budget, rollout_depth=0, rollout=ROLLOUTS["random"])
