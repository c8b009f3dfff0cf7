"""The tournament harness, pure: round robin over lineups of policies with
seat rotation, one game at a time, tallied into win rates and ratings.

With k entrants and p seats, every p-subset of entrants is a lineup (k = p:
one lineup, e.g. ismcts against three greedy); each lineup plays `games`
games, game j rotating the seats by j so every entrant sits everywhere.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tabletop.kernel import Game, Outcome, outcome_value

from .policy import Policy
from .stats import Ratings, wilson

MAX_STEPS = 20_000


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


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # a win shared by k seats counts 1/k

    def add(self, share: float) -> None:
        self.games += 1
        self.wins += share

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return {
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


@dataclass
class Standings:
    labels: list[str]
    overall: list[Tally]
    by_lineup: dict[tuple[int, ...], list[Tally]] = field(default_factory=dict)
    ratings: Ratings | None = None
    played: int = 0
    seconds: float = 0.0

    def record(self, result: Played) -> None:
        assert self.ratings is not None
        per_lineup = self.by_lineup.setdefault(
            result.match.lineup, [Tally() for _ in result.match.lineup]
        )
        for seat, entrant in enumerate(result.match.seats):
            share = outcome_value(result.outcome, seat)
            self.overall[entrant].add(share)
            per_lineup[result.match.lineup.index(entrant)].add(share)
        self.ratings.rate(result.match.seats, result.outcome.ranks)
        self.played += 1
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
        return {"entrants": entrants, "lineups": lineups, "games_played": self.played}


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


def play(
    game: Game[Any], policies: list[Policy], seed: int, options: dict[str, Any]
) -> tuple[Outcome, int]:
    """One game; `policies[seat]` plays `seat`. Returns the outcome and steps."""
    rng = random.Random(seed)
    state = game.new(len(policies), seed=rng.getrandbits(63), **options)
    for steps in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            outcome = game.outcome(state)
            assert outcome is not None, f"{game.id}: nobody to act but no outcome"
            return outcome, steps
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        command = policies[seat].choose(game, state, seat, rng.getrandbits(63))
        state = game.apply(state, command, seed=rng.getrandbits(63))
    raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")


def run(
    game: Game[Any],
    policies: list[Policy],
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    on_played: Callable[[Played, Standings], None] | None = None,
) -> Standings:
    """Play the whole round robin and return the standings."""
    standings = Standings(labels_for(policies), [Tally() for _ in policies])
    standings.ratings = Ratings(len(policies))
    for result in _results(game, policies, players, games, seed, options or {}):
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
) -> Iterator[Played]:
    for match in schedule(len(policies), players, games, seed):
        start = time.perf_counter()
        outcome, steps = play(game, [policies[e] for e in match.seats], match.seed, options)
        yield Played(match, outcome, steps, time.perf_counter() - start)
