"""Card data and deck lists: the TCG Live format, and the deck rules."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.cards import card, catalog
from tabletop.games.pokemon_tcg.decklists import DeckListError, parse, validate

EVERYTHING = frozenset(catalog())


def test_catalog_holds_sv1_and_the_basic_energy() -> None:
    ralts = card("sv1-84")
    assert (ralts.name, ralts.hp, ralts.type, ralts.weakness, ralts.resistance) == (
        "Ralts",
        70,
        "P",
        "D",
        "F",
    )
    assert ralts.is_basic_pokemon and ralts.retreat == 1
    assert ralts.attacks[0].cost == "PC" and ralts.attacks[0].damage == 30
    gardevoir = card("sv1-86")
    assert gardevoir.stage == 2 and gardevoir.is_ex and gardevoir.evolves_from == "Kirlia"
    assert card("sv1-24").attacks[0].modifier == "x"
    assert card("sve-5").name == "Basic Psychic Energy" and card("sve-5").energy_type == "P"
    assert card("sv1-257").energy_type == "L"
    assert card("sv1-188").trainer_kind == "item"
    assert card("sv1-197").trainer_kind == "tool"


def _deck(*lines: str) -> str:
    return "\n".join(lines)


def test_tcg_live_format_with_sections_and_energy_spellings() -> None:
    deck = parse(
        _deck(
            "Pokémon: 8",
            "4 Ralts SVI 84",
            "4 Kirlia SVI 85",
            "Trainer: 4",
            "4 Professor's Research SVI 189",
            "Energy: 48",
            "20 Basic {P} Energy SVE 5",
            "10 Psychic Energy",
            "10 Basic Psychic Energy",
            "8 Basic Fighting Energy SVI 258",
            "Total Cards: 60",
        )
    )
    assert deck.entries[0] == (4, "sv1-84")
    assert deck.entries[2] == (4, "sv1-189")
    assert [cid for _, cid in deck.entries[3:]] == ["sve-5", "sve-5", "sve-5", "sv1-258"]
    assert len(deck.cards()) == 60
    assert validate(deck, EVERYTHING).warnings == ()


def test_format_errors_are_clear() -> None:
    with pytest.raises(DeckListError) as err:
        parse(_deck("Pokémon: 5", "4 Ralts SVI 85", "1 Mew XYZ 3", "four Ralts", "Trainer: 0"))
    text = str(err.value)
    assert "SVI 85 is Kirlia, not Ralts" in text
    assert "set XYZ is not supported" in text
    assert "cannot read 'four Ralts'" in text
    assert "section pokemon says 5 cards but lists 0" in text


def test_deck_rules() -> None:
    too_many = parse(_deck("5 Ralts SVI 84", "55 Psychic Energy"))
    with pytest.raises(DeckListError, match="at most 4 cards named Ralts"):
        validate(too_many, EVERYTHING)
    with pytest.raises(DeckListError, match="exactly 60 cards, this one has 59"):
        validate(parse(_deck("4 Ralts SVI 84", "55 Psychic Energy")), EVERYTHING)
    with pytest.raises(DeckListError, match="at least one Basic Pokémon"):
        validate(parse(_deck("4 Kirlia SVI 85", "56 Psychic Energy")), EVERYTHING)
    # Basic Energy is not limited; the two Professor's Research printings share a name.
    research = parse(
        _deck(
            "4 Ralts SVI 84",
            "3 Professor's Research SVI 189",
            "2 Professor's Research SVI 190",
            "51 Psychic Energy",
        )
    )
    with pytest.raises(DeckListError, match="at most 4 cards named Professor's Research"):
        validate(research, EVERYTHING)


def test_ex_is_another_name_and_missing_basic_is_a_warning() -> None:
    deck = parse(
        _deck("4 Tarountula SVI 17", "4 Spidops ex SVI 19", "4 Floragato SVI 14", "48 Grass Energy")
    )
    checked = validate(deck, EVERYTHING)
    assert checked.warnings == ("Floragato evolves from Sprigatito, which is not in the deck",)


def test_unimplemented_cards_are_refused_by_name() -> None:
    deck = parse(_deck("4 Ralts SVI 84", "56 Psychic Energy"))
    with pytest.raises(DeckListError, match=r"Ralts \(sv1-84\) is not implemented yet"):
        validate(deck, {"sve-5"})
