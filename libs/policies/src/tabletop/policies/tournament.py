"""The tournament harness, pure: round robin over lineups of policies with
seat rotation, one game at a time, tallied into win rates and ratings.

With k entrants and p seats, every p-subset of entrants is a lineup (k = p:
one lineup, e.g. ismcts against three greedy); each lineup plays `games`
games, game j rotating the seats by j so every entrant sits everywhere.

Games without a turn limit can stall between bots: two Splendor bots at the
token limit with three unaffordable reserved cards take a token and give it
back forever (a 20-game run once went 90 minutes). So a game is stopped after
`step_cap` steps, scored as a draw among all seats, and counted as capped in
the standings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tabletop.kernel import Game, Outcome, outcome_value, random_playout

from .policy import Policy
from .stats import Ratings, wilson

CAP_FACTOR = 5  # the cap is this many times the longest probe playout
CAP_PROBES = 8  # random playouts measured to size the cap
CAPPED_REASON = "step cap: stopped as a draw"


@dataclass(frozen=True, slots=True)
class Match:
    lineup: tuple[int, ...]  # entrant indices, as the lineup was drawn
    seats: tuple[int, ...]  # entrant index per seat, after rotation
    seed: int


@dataclass(frozen=True, slots=True)
class Played:
    match: Match
    outcome: Outcome
    steps: int
    seconds: float
    capped: bool = False  # stopped at the step cap and scored as a draw


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # a win shared by k seats counts 1/k
    capped: int = 0  # of the games, those stopped at the step cap (draws)

    def add(self, share: float, capped: bool = False) -> None:
        self.games += 1
        self.wins += share
        self.capped += capped

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return {
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "capped": self.capped,
        }


@dataclass
class Standings:
    labels: list[str]
    overall: list[Tally]
    by_lineup: dict[tuple[int, ...], list[Tally]] = field(default_factory=dict)
    ratings: Ratings | None = None
    played: int = 0
    capped: int = 0
    max_steps: int = 0
    seconds: float = 0.0

    def record(self, result: Played) -> None:
        assert self.ratings is not None
        per_lineup = self.by_lineup.setdefault(
            result.match.lineup, [Tally() for _ in result.match.lineup]
        )
        for seat, entrant in enumerate(result.match.seats):
            share = outcome_value(result.outcome, seat)
            self.overall[entrant].add(share, result.capped)
            per_lineup[result.match.lineup.index(entrant)].add(share, result.capped)
        self.ratings.rate(result.match.seats, result.outcome.ranks)
        self.played += 1
        self.capped += result.capped
        self.seconds += result.seconds

    def as_dict(self) -> dict[str, Any]:
        assert self.ratings is not None
        entrants = []
        for i, label in enumerate(self.labels):
            r = self.ratings[i]
            rating = {
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "ordinal": round(r.ordinal, 3),
            }
            entrants.append({"policy": label, **self.overall[i].as_dict(), "rating": rating})
        lineups = [
            {
                "lineup": [self.labels[e] for e in lineup],
                "results": [
                    {"policy": self.labels[e], **tally.as_dict()}
                    for e, tally in zip(lineup, tallies, strict=True)
                ],
            }
            for lineup, tallies in self.by_lineup.items()
        ]
        return {
            "entrants": entrants,
            "lineups": lineups,
            "games_played": self.played,
            "games_capped": self.capped,
            "max_steps": self.max_steps,
        }


def labels_for(policies: list[Policy]) -> list[str]:
    """Policy names, numbered where one appears several times ("greedy#2")."""
    seen: dict[str, int] = {}
    out = []
    for p in policies:
        seen[p.name] = seen.get(p.name, 0) + 1
        out.append(p.name if seen[p.name] == 1 else f"{p.name}#{seen[p.name]}")
    return out


def schedule(entrants: int, players: int, games: int, seed: int) -> list[Match]:
    """Every lineup of `players` entrants, `games` games each, seats rotated."""
    if entrants < players:
        raise ValueError(f"{players} seats need at least {players} policies, got {entrants}")
    rng = random.Random(seed)
    matches = []
    for lineup in combinations(range(entrants), players):
        for j in range(games):
            r = j % players
            matches.append(Match(lineup, lineup[r:] + lineup[:r], rng.getrandbits(63)))
    return matches


def step_cap(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> int:
    """Steps after which a tournament game is stopped: CAP_FACTOR times the
    longest of CAP_PROBES seeded random playouts. Random play is slower than
    bots (Splendor: about 85 steps against 75), so no finished game comes near
    it, and the cap follows each game's length (random 4-player Potion
    Explosion games run up to about 1000 steps, 2-player Splendor 100)."""
    rng = random.Random(seed)
    longest = 1
    for _ in range(CAP_PROBES):
        _, steps = random_playout(game, players, rng.getrandbits(63), **options)
        longest = max(longest, sum(1 for _ in steps))
    return CAP_FACTOR * longest


def play(
    game: Game[Any], policies: list[Policy], seed: int, options: dict[str, Any], max_steps: int
) -> tuple[Outcome | None, int]:
    """One game; `policies[seat]` plays `seat`. Returns the outcome (None when
    stopped at `max_steps`) and the steps played."""
    rng = random.Random(seed)
    state = game.new(len(policies), seed=rng.getrandbits(63), **options)
    for steps in range(max_steps + 1):
        acting = game.to_act(state)
        if not acting:
            outcome = game.outcome(state)
            assert outcome is not None, f"{game.id}: nobody to act but no outcome"
            return outcome, steps
        if steps == max_steps:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        command = policies[seat].choose(game, state, seat, rng.getrandbits(63))
        state = game.apply(state, command, seed=rng.getrandbits(63))
    return None, max_steps


def draw(seats: int) -> Outcome:
    """How a capped game is scored: every seat shares the win."""
    return Outcome(ranks=(0,) * seats, scores=(0.0,) * seats, reason=CAPPED_REASON)


def run(
    game: Game[Any],
    policies: list[Policy],
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    on_played: Callable[[Played, Standings], None] | None = None,
    max_steps: int | None = None,
) -> Standings:
    """Play the whole round robin and return the standings. `max_steps`:
    the step cap (None: `step_cap`'s estimate)."""
    options = options or {}
    if max_steps is None:
        max_steps = step_cap(game, players, options, seed)
    standings = Standings(labels_for(policies), [Tally() for _ in policies], max_steps=max_steps)
    standings.ratings = Ratings(len(policies))
    for result in _results(game, policies, players, games, seed, options, max_steps):
        standings.record(result)
        if on_played is not None:
            on_played(result, standings)
    return standings


def _results(
    game: Game[Any],
    policies: list[Policy],
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any],
    max_steps: int,
) -> Iterator[Played]:
    for match in schedule(len(policies), players, games, seed):
        start = time.perf_counter()
        seated = [policies[e] for e in match.seats]
        outcome, steps = play(game, seated, match.seed, options, max_steps)
        seconds = time.perf_counter() - start
        if outcome is None:
            yield Played(match, draw(players), steps, seconds, capped=True)
        else:
            yield Played(match, outcome, steps, seconds)
