"""Facts derived once per game (`state.per_game`) and the piles filtered with them."""

from __future__ import annotations

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.cards import Card
from tabletop.games.pokemon_tcg.state import card_of, per_game
from tabletop.games.pokemon_tcg.vocabulary import matching


def test_per_game_derives_once_per_game_even_interleaved() -> None:
    derived: list[tuple[str, ...]] = []

    @per_game
    def count(cards: tuple[str, ...]) -> int:
        derived.append(cards)
        return len(derived)

    one, two = ("a", "b"), ("c",)
    assert [count(one), count(two), count(one), count(two), count(one)] == [1, 2, 1, 2, 1]
    assert derived == [one, two]
    assert count(tuple(["a", "b"])) == 3  # another game with equal decks: its own tuple


def test_matching_is_the_filter_over_the_instances() -> None:
    def energy(c: Card) -> bool:
        return c.kind == "energy"

    s = GAME.new(2, seed=3, decks=("water", "fire"))
    found = matching(s, energy)
    assert found == {i for i in range(len(s.cards)) if energy(card_of(s, i))}
    assert matching(s, energy) is found  # once per game and filter
