"""Every game's card catalog (`Game.card_catalog`) matches its published
schema and decodes every card, tile or noble id its views show, with the
same facts the views print."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tabletop.games import registry
from tabletop.games.catalog import card_facts, game_info
from tabletop.kernel import Game, random_playout
from tests.toy_game import ToyGame

PROTO = Path(__file__).resolve().parents[2] / "proto" / "games"
GAMES = list(registry().values())
STEPS = 120  # enough to buy cards, brew potions, play tactics


def _views(game: Game, options: dict[str, Any]) -> list[dict[str, Any]]:
    setup, steps = random_playout(game, game.min_players, seed=3, **options)
    states = [game.replay(setup)]
    for _, step in zip(range(STEPS), steps, strict=False):
        states.append(step.after)
    return [game.view(s, seat) for s in states for seat in (0, None)]


def _walk(node: Any, key: str = "") -> list[tuple[str, Any]]:
    """Every (key, value) pair in a JSON tree."""
    found = [(key, node)]
    if isinstance(node, dict):
        found += [pair for k, v in node.items() for pair in _walk(v, k)]
    elif isinstance(node, list):
        found += [pair for v in node for pair in _walk(v, key)]
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_facts_match_the_published_schema(game: Game) -> None:
    facts = card_facts(game)
    assert facts is not None and facts["game"] == game.id
    schema = json.loads((PROTO / game.id / "cards.schema.json").read_text())
    jsonschema.validate(facts, schema)
    assert game_info(game).has_cards
    broken = json.loads(json.dumps(facts))
    next(iter(broken["cards" if "cards" in broken else "tiles"].values()))["x"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema)  # the schema is strict: it can fail


@pytest.mark.parametrize("game_id", ["splendor", "splendor-pokemon"])
def test_gem_cards_and_nobles_are_the_views_cards(game_id: str) -> None:
    game = registry()[game_id]
    facts = card_facts(game)
    assert facts is not None and len(facts["cards"]) == 90
    seen = 0
    for view in _views(game, {}):
        for key, node in _walk(view):
            if not isinstance(node, dict) or node.get("id") is None:
                continue
            if key == "nobles":
                assert facts["nobles"][str(node["id"])] == node
            elif "bonus" in node:  # a card (the views print only set Pokémon fields)
                printed = facts["cards"][str(node["id"])]
                assert {k: v for k, v in node.items() if v is not None} == {
                    k: v for k, v in printed.items() if v is not None
                }
                seen += 1
    assert seen > 100


def test_schotten_totten_cards_decode_every_card_in_a_view() -> None:
    game = registry()["schotten-totten"]
    cards = card_facts(game)["cards"]  # type: ignore[index]
    assert len(cards) == 64
    assert cards["0"] == {"kind": "clan", "id": 0, "name": "red-1", "colour": "red", "value": 1}
    assert cards["56"]["name"] == "spy" and cards["56"]["values"] == [7]
    assert {c["family"] for c in cards.values() if c["kind"] == "tactic"} == {
        "elite_troop",
        "combat_mode",
        "ruse",
    }
    shown: set[int] = set()
    for view in _views(game, {"variant": "tactics"}):
        for key, node in _walk(view):
            if key in {"hand", "sides", "discard", "tactics_played"} and isinstance(node, int):
                shown.add(node)
    assert shown and all(str(card) in cards for card in shown)
    assert any(card >= 54 for card in shown)  # tactic cards were shown and decoded


def test_potion_tiles_are_the_views_tiles() -> None:
    game = registry()["potion-explosion"]
    facts = card_facts(game)
    assert facts is not None
    assert set(facts["types"]) == {tile["type"] for tile in facts["tiles"].values()}
    seen = 0
    for view in _views(game, {}):
        for key, node in _walk(view):
            if key in {"tile", "top", "offer"} and isinstance(node, dict) and "holes" in node:
                printed = dict(facts["tiles"][str(node["id"])])
                assert printed.pop("start") in (True, False)
                assert printed == node
                seen += 1
    assert seen > 20


def test_pokemon_tcg_cards_cover_every_deck_list() -> None:
    game = registry()["pokemon-tcg"]
    cards = card_facts(game)["cards"]  # type: ignore[index]
    for options in game.option_sets:
        view = game.view(game.new(2, seed=1, **options), 0)
        ids = {card_id for deck in view["decks"] for card_id in deck}
        assert ids and ids <= set(cards)
    ralts = next(c for c in cards.values() if c["name"] == "Ralts")
    assert ralts["kind"] == "pokemon" and ralts["hp"] > 0 and ralts["attacks"]


def test_a_game_without_card_facts_has_none() -> None:
    toy = ToyGame()
    assert toy.card_catalog() is None
    assert not game_info(toy).has_cards
