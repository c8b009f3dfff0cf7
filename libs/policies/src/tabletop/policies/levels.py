"""Bot levels: the only bot difficulties a client may ask for.

A level is a name (`easy`, `medium`, `hard`, `expert`) that the server maps,
per game, to a bounded policy spec. Clients never send a spec: a spec can ask
for any amount of search ("ismcts:99999999s"), and one bots process thinks for
one commit at a time, so one greedy request would stall every other game's
bots. Searching levels use a time budget (CPU seconds per move, see
`budget.py`) no larger than `MAX_SECONDS_PER_MOVE`, which bounds the cost of a
move whatever the game; iteration budgets are not used, since an iteration's
cost differs a hundredfold between games.

Matchmaking and the gateway refuse an unknown level (400 `unknown_level`);
the bots service maps a seat's level with `resolve`, which falls back to the
default level for anything else that reaches it (a raw spec written into a
seating by another route)."""

from __future__ import annotations

from dataclasses import dataclass

from .budget import Budget
from .specs import make_policy

DEFAULT_LEVEL = "easy"
# The most CPU time a bot of any level may think about one move.
MAX_SECONDS_PER_MOVE = 1.0

_STANDARD: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "ismcts:250ms",
    "expert": "ismcts:1s",
}

# Games whose levels differ from the standard table (none yet: every game's
# search is bounded by time, so the same budgets fit them all).
_BY_GAME: dict[str, dict[str, str]] = {}


class UnknownLevel(ValueError):
    def __init__(self, game_id: str, level: str) -> None:
        names = ", ".join(levels_for(game_id))
        super().__init__(f"unknown bot level {level!r} for {game_id}; expected one of {names}")
        self.game_id = game_id
        self.level = level


def levels_for(game_id: str) -> dict[str, str]:
    """The game's levels, name -> bounded policy spec, easiest first."""
    return dict(_BY_GAME.get(game_id, _STANDARD))


def spec_for(game_id: str, level: str) -> str:
    """The policy spec a level of the game plays; UnknownLevel otherwise."""
    found = levels_for(game_id).get(level)
    if found is None:
        raise UnknownLevel(game_id, level)
    return found


@dataclass(frozen=True, slots=True)
class Resolved:
    level: str  # the level actually played
    spec: str
    fell_back: bool  # the requested level was not one of the game's


def resolve(game_id: str, requested: str) -> Resolved:
    """The level a bot seat plays: the requested one when the game has it,
    else the game's default level (the caller says so loudly)."""
    try:
        return Resolved(requested, spec_for(game_id, requested), False)
    except UnknownLevel:
        return Resolved(DEFAULT_LEVEL, spec_for(game_id, DEFAULT_LEVEL), True)


def is_bounded(spec: str) -> bool:
    """Whether a spec's CPU per move is capped by `MAX_SECONDS_PER_MOVE`:
    random and greedy (one pass over the legal commands), or a search with a
    time budget within the cap."""
    kind = spec.partition(":")[0]
    if kind in ("random", "greedy"):
        make_policy(spec)
        return True
    budget_text = [*spec.split(":"), ""][1]
    if kind != "ismcts" or not budget_text:
        return False
    budget = Budget.parse(budget_text)
    return budget.seconds is not None and budget.seconds <= MAX_SECONDS_PER_MOVE
