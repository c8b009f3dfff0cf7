"""Search is worth something: a small seeded in-process tournament that a
broken ismcts loses. The greedy prior is switched off (prior=0): greedy alone
already beats random, so with it on, even a search that backs up values for
the wrong seat passes (checked: 9/10); without it that mutant wins 4/10."""

from __future__ import annotations

from tabletop.games import get_game
from tabletop.policies import make_policy
from tabletop.policies.tournament import run


def test_ismcts_search_beats_random_at_schotten_totten() -> None:
    policies = [make_policy("random"), make_policy("ismcts:40:prior=0")]
    standings = run(get_game("schotten-totten"), policies, players=2, games=10, seed=3)
    ismcts = standings.overall[1]
    assert ismcts.games == 10
    assert ismcts.wins >= 9, f"ismcts won only {ismcts.wins} of 10 against random"
