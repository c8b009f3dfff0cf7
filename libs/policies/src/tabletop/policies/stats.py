"""Win rates with Wilson 95 % intervals, and OpenSkill Plackett-Luce ratings
(the model the leaderboards rate people with)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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
    """OpenSkill ratings of the entrants, updated game by game."""

    def __init__(self, entrants: int) -> None:
        self._model = PlackettLuce()
        self._ratings = [self._model.rating() for _ in range(entrants)]

    def rate(self, entrants: Sequence[int], ranks: Sequence[int]) -> None:
        """One game: `entrants[seat]` finished at `ranks[seat]` (0 = won)."""
        teams = [[self._ratings[e]] for e in entrants]
        rated = self._model.rate(teams, ranks=[float(r) for r in ranks])
        for e, team in zip(entrants, rated, strict=True):
            self._ratings[e] = team[0]

    def __getitem__(self, entrant: int) -> Rating:
        r = self._ratings[entrant]
        return Rating(r.mu, r.sigma)
