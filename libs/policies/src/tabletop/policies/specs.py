"""Policies by name, as the CLI and the bots service spell them:
"random", "greedy", "ismcts" (default budget), "ismcts:500" (iterations),
"ismcts:1s" / "ismcts:200ms" (time per move), and for experiments search
settings after the budget: "ismcts:1s:c=0.5:prior=4:depth=3:rollout=greedy"
(exploration, prior visits, rollout depth, rollout policy). A search setting
not given comes from the game's hints (`Game.search_hints`), else from the
defaults for the number of seats (`SearchSettings.resolved`)."""

from __future__ import annotations

from dataclasses import replace

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
        budget_text, *tweaks = (arg or DEFAULT_BUDGET).split(":")
        settings = _tweaked(SearchSettings(budget=Budget.parse(budget_text)), tweaks)
        name = ":".join(("ismcts", str(settings.budget), *tweaks))
        return IsmctsPolicy(settings, name=name)
    raise ValueError(f"unknown policy {spec!r}; expected one of {', '.join(KINDS)}[:budget]")


def _tweaked(settings: SearchSettings, tweaks: list[str]) -> SearchSettings:
    for tweak in tweaks:
        key, sep, value = tweak.partition("=")
        if not sep:
            raise ValueError(f"search setting {tweak!r}: expected KEY=VALUE")
        if key == "c":
            settings = replace(settings, exploration=float(value))
        elif key == "prior":
            settings = replace(settings, prior_visits=int(value))
        elif key == "expand":
            settings = replace(settings, expand=int(value))
        elif key == "widen":
            settings = replace(settings, widen=float(value))
        elif key == "depth":
            settings = replace(settings, rollout_depth=int(value))
        elif key == "rollout" and value in ROLLOUTS:
            settings = replace(settings, rollout=ROLLOUTS[value])
        else:
            raise ValueError(f"unknown search setting {tweak!r}")
    return settings
