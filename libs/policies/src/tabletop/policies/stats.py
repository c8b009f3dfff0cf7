"""Win rates with Wilson 95 % intervals, and OpenSkill Plackett-Luce ratings
(the model the leaderboards rate people with)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional:
    a win shared by k seats counts 1/k)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class Ratings:
    """OpenSkill ratings of the entrants over the games of a tournament.

    OpenSkill rates game by game and weighs recent games more (it models
    players who change); a record of 13 wins to 7 rated the loser higher when
    it won 4 of the last 5. A tournament's policies do not change between
    games, so the order the games happened to finish in should not count:
    the rating is the mean over `orders` seeded shuffles of the games (the
    same shuffles for the same games in any order)."""

    def __init__(self, entrants: int, orders: int = 32, seed: int = 0) -> None:
        self._model = PlackettLuce()
        self._entrants = entrants
        self._orders = orders
        self._seed = seed
        self._games: list[tuple[tuple[int, ...], tuple[float, ...]]] = []
        self._cache: list[Rating] | None = None

    def rate(self, entrants: Sequence[int], ranks: Sequence[int]) -> None:
        """One game: `entrants[seat]` finished at `ranks[seat]` (0 = won)."""
        self._games.append((tuple(entrants), tuple(float(r) for r in ranks)))
        self._cache = None

    def __getitem__(self, entrant: int) -> Rating:
        if self._cache is None:
            self._cache = self._averaged()
        return self._cache[entrant]

    def _averaged(self) -> list[Rating]:
        rng = random.Random(self._seed)
        mu = [0.0] * self._entrants
        sigma = [0.0] * self._entrants
        games = sorted(self._games)  # the same shuffles whatever the order given
        for _ in range(self._orders):
            rng.shuffle(games)
            for e, r in enumerate(self._in_order(games)):
                mu[e] += r.mu / self._orders
                sigma[e] += r.sigma / self._orders
        return [Rating(m, s) for m, s in zip(mu, sigma, strict=True)]

    def _in_order(self, games: Sequence[tuple[tuple[int, ...], tuple[float, ...]]]) -> list[Any]:
        ratings = [self._model.rating() for _ in range(self._entrants)]
        for entrants, ranks in games:
            rated = self._model.rate([[ratings[e]] for e in entrants], ranks=list(ranks))
            for e, team in zip(entrants, rated, strict=True):
                ratings[e] = team[0]
        return ratings
