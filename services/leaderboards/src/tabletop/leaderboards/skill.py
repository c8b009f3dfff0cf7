"""Rating a finished game: OpenSkill Plackett-Luce, pure.

Each seat is a team of one; `ranks` are the game's Outcome.ranks (0 = won,
tied seats share a rank), which is what OpenSkill expects as `ranks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma
MIN_PLAYERS = 2
MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate the board is ordered by."""
        return self.mu - 3 * self.sigma


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Everyone's skill after a game in which seat i placed `ranks[i]`."""
    if len(skills) != len(ranks):
        raise ValueError(f"{len(skills)} players but {len(ranks)} ranks")
    if not MIN_PLAYERS <= len(skills) <= MAX_PLAYERS:
        raise ValueError(f"rated games have {MIN_PLAYERS}-{MAX_PLAYERS} players")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
