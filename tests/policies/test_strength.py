"""Search is worth something: a small seeded in-process tournament that a
broken ismcts would lose (e.g. one that ignores its statistics or evaluates
for the wrong seat plays no better than random)."""

from __future__ import annotations

from tabletop.games import get_game
from tabletop.policies import make_policy
from tabletop.policies.tournament import run


def test_ismcts_beats_random_at_schotten_totten() -> None:
    policies = [make_policy("random"), make_policy("ismcts:25")]
    standings = run(get_game("schotten-totten"), policies, players=2, games=10, seed=3)
    ismcts = standings.overall[1]
    assert ismcts.games == 10
    assert ismcts.wins >= 9, f"ismcts won only {ismcts.wins} of 10 against random"
