"""The gateway's OpenAPI document types every game's commands, views and
events: what the gateway really answers validates against it, another
game's view or a tampered one does not."""

from __future__ import annotations

from functools import cache
from typing import Any

import jsonschema_rs
import pytest

from tabletop.eventlog import Commit, GameHead
from tabletop.games import registry
from tabletop.gateway.app import app
from tabletop.gateway.openapi import prefix
from tabletop.gateway.views import feed, game_out, legal_out
from tabletop.kernel import Game, random_playout

GAMES = list(registry().values())
DOCUMENT = app.openapi()
SCHEMAS = DOCUMENT["components"]["schemas"]


@cache
def _validator(component: str) -> Any:
    # jsonschema-rs (schemathesis's validator): the pure-Python one takes minutes here.
    schema = {"$ref": f"#/components/schemas/{component}", "components": DOCUMENT["components"]}
    return jsonschema_rs.Draft202012Validator(schema)


def _check(component: str, instance: Any) -> None:
    _validator(component).validate(instance)


def _heads(game: Game, steps: int = 80) -> list[tuple[GameHead, list[Any]]]:
    setup, played = random_playout(game, game.min_players, seed=5, **game.option_sets[-1])
    state = game.replay(setup)
    out = [(GameHead(game, state, Commit.model_construct(seq=1), 1), list(setup))]
    for seq, (_, step) in enumerate(zip(range(steps), played, strict=False), start=2):
        last = Commit.model_construct(seq=seq)
        out.append((GameHead(game, step.after, last, seq), list(step.events)))
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_legal_commands_and_events_match_the_document(game: Game) -> None:
    p = prefix(game.id)
    for name in ("Command", "View", "Event", "Options", "GameOut", "LegalOut", "FeedOut"):
        assert f"{p}{name}" in SCHEMAS
    for head, events in _heads(game):
        for seat in (0, None):
            _check("GameOut", game_out("g-1", head, seat).model_dump(mode="json"))
        for seat in game.to_act(head.state):
            _check("LegalOut", legal_out("g-1", head, seat).model_dump(mode="json"))
        commit = Commit.model_construct(
            seq=head.seq, seat=None, events=[e.model_dump(mode="json") for e in events]
        )
        feed_out = {"game_id": "g-1", "game": game.id, "seat": 0, "last_seq": head.seq}
        commits = [c.model_dump(mode="json") for c in feed(head, [commit], 0)]
        _check("FeedOut", {**feed_out, "commits": commits})


def test_another_games_view_or_a_tampered_one_is_refused() -> None:
    splendor, schotten = registry()["splendor"], registry()["schotten-totten"]
    good = game_out("g-1", _heads(splendor, 0)[0][0], 0).model_dump(mode="json")
    other = game_out("g-1", _heads(schotten, 0)[0][0], 0).model_dump(mode="json")
    _check("GameOut", good)
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("GameOut", {**good, "view": other["view"]})
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("GameOut", {**good, "view": {**good["view"], "turn": "first"}})
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("CommandIn", {"command": {"type": "take_different", "colors": 3}})
    # A client may leave out its seat (the gateway fills it), never the type.
    _check("CommandIn", {"command": {"type": "play_card", "card": 4, "stone": 0}})
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("CommandIn", {"command": {"card": 4, "stone": 0}})
    # What the gateway answers carries every field of a command.
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("SchottenTottenCommand", {"type": "play_card", "card": 4, "stone": 0})


def test_bodies_and_games_are_discriminated_by_game() -> None:
    ids = {game.id for game in GAMES}
    for name in ("GameOut", "LegalOut", "FeedOut", "QueueIn"):
        assert SCHEMAS[name]["discriminator"]["propertyName"] == "game"
        assert set(SCHEMAS[name]["discriminator"]["mapping"]) == ids
    command = SCHEMAS["CommandIn"]["properties"]["command"]
    assert {r["$ref"].rsplit("/", 1)[1] for r in command["anyOf"]} == {
        f"{prefix(i)}CommandBody" for i in ids
    }
    assert SCHEMAS["SplendorCommand"]["discriminator"]["propertyName"] == "type"
    _check("QueueIn", {"game": "schotten-totten", "players": 2, "options": {"variant": "tactics"}})
    with pytest.raises(jsonschema_rs.ValidationError):
        _check("QueueIn", {"game": "schotten-totten", "players": 2, "options": {"rounds": "x"}})
