"""`canonical_json` (orjson) writes the bytes of the reference encoder
(`json`, sorted keys, no whitespace, UTF-8) for everything a commit holds:
every stored playthrough's commit bodies, strings with every kind of
escape, and what orjson refuses (given to `json`). It relies on no event
having a float field, which the schemas of every game's events show."""

from __future__ import annotations

import json
from itertools import islice
from typing import Any

import pytest

from tabletop.eventlog import Commit, canonical_json, next_sealed
from tabletop.games import registry
from tabletop.kernel import Game, random_playout
from tabletop.kernel.clock import ClockSettings
from tests.conformance.playthroughs import STEP_CAP, seeds_for
from tests.tables import every_table


def reference(data: Any) -> bytes:
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode()


@pytest.mark.parametrize(("game", "players", "options"), every_table())
def test_every_stored_playthroughs_bodies_encode_as_the_reference(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    for seed in seeds_for(game)[:3]:
        setup, steps = random_playout(game, players, seed, max_steps=STEP_CAP + 1, **options)
        previous: Commit | None = None
        for events in [setup, *(step.events for step in islice(steps, STEP_CAP))]:
            previous, _ = next_sealed(
                previous, game_id="g1", game=game.id, command_id=f"c{seed}", seat=0,
                events=[event.model_dump(mode="json") for event in events],
                rules_version=game.rules_version, at=1_764_600_000_000,
            )  # fmt: skip
            body = previous.body()
            assert canonical_json(body) == reference(body)


def _numbers(schema: Any) -> list[str]:
    """The paths in a JSON schema that admit a non-integer number."""
    found = []
    if isinstance(schema, dict):
        if schema.get("type") == "number":
            found.append(str(schema.get("title", "?")))
        for value in schema.values():
            found += _numbers(value)
    elif isinstance(schema, list):
        for value in schema:
            found += _numbers(value)
    return found


def test_no_event_of_any_game_has_a_float_field() -> None:
    models = [event for game in registry().values() for event in game.event_types]
    assert models
    floats = {model.__name__: _numbers(model.model_json_schema()) for model in models}
    floats["ClockSettings"] = _numbers(ClockSettings.model_json_schema())
    assert {name: paths for name, paths in floats.items() if paths} == {}


@pytest.mark.parametrize(
    "data",
    [
        {"s": '\x00\x01\x1f\x7f \u2028\u2029 é 漢 🎲 "q" \\ \n\t\r\b\f /'},
        {"b": [True, False, None], "n": [0, -1, 2**63 - 1, -(2**63)], "e": {}, "l": []},
        {"z": 1, "a": {"y": [{"k": 2, "c": 3}], "b": "x"}},
        {"big": 2**64 + 1},  # beyond orjson: the reference encoder
        {1: "a", 3: "b"},  # keys that are not strings: the reference encoder
    ],
)
def test_edge_values_encode_as_the_reference(data: Any) -> None:
    assert canonical_json(data) == reference(data)
