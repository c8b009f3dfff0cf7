"""The bots' evaluation: shares in [0, 1] that add up, favouring the player
ahead on prizes, and the outcome once the game is over."""

from __future__ import annotations

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.cards import card

from .helpers import Table


def test_more_prizes_taken_looks_better() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), prizes=(3, 6))
    a, b = GAME.evaluate_all(s)
    assert abs(a + b - 1) < 1e-9 and a > 0.8
    t = Table()
    even = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")))
    assert abs(GAME.evaluate(even, 0) - 0.5) < 0.05


def test_a_finished_game_scores_its_outcome() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), winners=(1,), phase=6)
    assert GAME.evaluate_all(s) == (0.0, 1.0)


def test_an_active_pokemon_alone_or_unable_to_attack_looks_worse() -> None:
    t = Table()
    alone = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), benches=((), ()))
    t = Table()
    benched = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        benches=((t.mon(0, "sv1-146"),), ()),
    )
    assert GAME.evaluate(benched, 0) > GAME.evaluate(alone, 0) + 0.1
    # Zangoose's 40 for C: a Knock Out of a Zangoose with 40 HP left counts for
    # much more than the 10 HP of difference.
    hp = card("sv1-146").hp

    def facing(left: int) -> float:
        t = Table()
        s = t.state(
            actives=(t.mon(0, "sv1-146", energy=("sve-4",)), t.mon(1, "sv1-146", damage=hp - left)),
            benches=((t.mon(0, "sv1-146"),), (t.mon(1, "sv1-146"),)),
        )
        return GAME.evaluate(s, 0)

    assert facing(40) - facing(50) > 0.02
