"""The prebuilt decks: legal 60-card decks from sv1 only, of different types,
together covering the card pool the issue asks for."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from tabletop.games.pokemon_tcg.cards import card
from tabletop.games.pokemon_tcg.decks import PREBUILT, prebuilt, resolve
from tabletop.games.pokemon_tcg.game import PokemonTCGConfig


@pytest.mark.parametrize("name", PREBUILT)
def test_prebuilt_decks_are_legal_without_warnings(name: str) -> None:
    deck = prebuilt(name)
    assert len(deck.cards()) == 60 and deck.warnings == ()
    assert all(cid.startswith(("sv1-", "sve-")) for cid in deck.cards())


def test_the_decks_are_of_different_types_and_cover_the_pool() -> None:
    energy_types = set()
    pokemon, trainers = set(), set()
    kinds: Counter[str] = Counter()
    for name in PREBUILT:
        cards = [card(cid) for cid in prebuilt(name).cards()]
        energy_types |= {frozenset(c.energy_type for c in cards if c.is_basic_energy)}
        pokemon |= {c.id for c in cards if c.is_pokemon}
        trainers |= {c.name for c in cards if c.kind == "trainer"}
        kinds.update(
            c.trainer_kind for c in {c.id: c for c in cards}.values() if c.kind == "trainer"
        )
    assert len(energy_types) == len(PREBUILT)
    assert len(pokemon) >= 40 and len(trainers) >= 15
    assert sum(card(c).is_ex for c in pokemon) >= 2
    assert any(card(c).stage == 2 for c in pokemon)
    assert sum(bool(card(c).abilities) for c in pokemon) >= 2
    assert kinds["stadium"] and kinds["tool"]


def test_a_config_refuses_an_illegal_deck_with_the_reason() -> None:
    with pytest.raises(ValidationError, match="exactly 60 cards"):
        PokemonTCGConfig(players=2, decks=("4 Ralts SVI 84", "lightning"))
    with pytest.raises(ValidationError, match="SVI 85 is Kirlia, not Ralts"):
        PokemonTCGConfig(
            players=2,
            decks=("4 Ralts SVI 84\n4 Ralts SVI 85\n52 Psychic Energy", "lightning"),
        )
    assert resolve("lightning") == prebuilt("lightning")


def test_every_pair_of_prebuilt_decks_plays_to_the_end() -> None:
    from tabletop.games.pokemon_tcg import GAME
    from tabletop.kernel import random_playout

    for i, first in enumerate(PREBUILT):
        for second in PREBUILT[i + 1 :]:
            _, steps = random_playout(GAME, 2, seed=i, decks=(first, second))
            last = None
            for last in steps:  # noqa: B007
                pass
            assert last is not None and GAME.outcome(last.after) is not None


def test_without_decks_two_different_prebuilt_decks_are_drawn() -> None:
    """The default options (matchmaking, `tabletop simulate`) pit the prebuilt
    decks against each other: a recorded draw, so a replay gets the same ones."""
    from tabletop.games.pokemon_tcg import GAME

    lists = {name: prebuilt(name).cards() for name in PREBUILT}
    pairs = set()
    for seed in range(40):
        state = GAME.new(2, seed=seed)
        decks = [state.cards[:60], state.cards[60:]]
        names = tuple(next(n for n, cards in lists.items() if cards == d) for d in decks)
        assert names[0] != names[1]
        pairs.add(names)
    assert len(pairs) >= 20
