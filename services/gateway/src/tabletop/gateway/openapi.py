"""The gateway's OpenAPI document with every game's types in it.

The routes carry commands, views, events and options as plain JSON objects
(the games validate them). This document replaces those slots with each
game's own JSON Schemas — the same ones proto/games/ holds, generated from
the games' models — so a client generates its types and a change in a game
breaks its build:

- `<Game>Command` (one of the game's commands, discriminated by `type`),
  `<Game>View`, `<Game>Event`, `<Game>Options`, their parts prefixed alike
  (`SplendorTakeDifferent`); commands and events in answers carry every
  field; `<Game>CommandBody` is a command as sent (`seat` and `v` optional);
- `GameOut`, `LegalOut` and `FeedOut` become one of `<Game>GameOut`, … ,
  discriminated by their `game` field; `QueueIn` one of `<Game>QueueIn`;
- a command body is any game's `<Game>CommandBody` (the game comes from the
  game id);
  a replay's view any game's view (the archive's reply does not name it);
- a `{game}` path parameter lists the game ids;
- OpenAPI links say where an answer leads (my ticket to my game, my game to
  its legal commands, a legal command to submitting it): clients read them,
  schemathesis's stateful tests follow them.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from tabletop.games.catalog import game_info
from tabletop.kernel import Game

from .openapi_errors import real_error_responses

JsonSchema = dict[str, Any]
COMPONENTS = "#/components/schemas/"


def prefix(game_id: str) -> str:
    """`splendor-pokemon` -> `SplendorPokemon`: the game's component prefix."""
    return "".join(part.capitalize() for part in game_id.replace("_", "-").split("-"))


def ref(name: str) -> JsonSchema:
    return {"$ref": COMPONENTS + name}


def typed_openapi(app: FastAPI, games: Iterable[Game]) -> JsonSchema:
    """The app's OpenAPI document with `games` typed in (built once, cached)."""
    if app.openapi_schema is None:
        document = real_error_responses(
            get_openapi(
                title=app.title,
                version=app.version,
                openapi_version=app.openapi_version,
                description=app.description,
                routes=app.routes,
            )
        )
        games = list(games)
        add_game_types(document["components"]["schemas"], games)
        name_game_parameters(document["paths"], [game.id for game in games])
        add_links(document["paths"])
        app.openapi_schema = document
    return app.openapi_schema


def add_game_types(schemas: dict[str, JsonSchema], games: list[Game]) -> None:
    generic = {name: copy.deepcopy(schemas[name]) for name in _ENVELOPES}
    feed_commit = generic.pop("FeedCommit")
    for game in games:
        p = prefix(game.id)
        _put(schemas, f"{p}Command", game.command_adapter.json_schema(), p)
        _put(schemas, f"{p}Event", game.event_adapter.json_schema(), p)
        _command_bodies(schemas, p)
        for union in (f"{p}Command", f"{p}Event"):
            for member in _members(schemas, union):
                # Answers carry every field of a command or event (model dumps).
                schemas[member]["required"] = list(schemas[member]["properties"])
        _put(schemas, f"{p}View", game.view_model.model_json_schema(), p)
        _put(schemas, f"{p}Options", game_info(game).options_schema, p)
        for name, fields in _ENVELOPES.items():
            base = feed_commit if name == "FeedCommit" else generic[name]
            schemas[p + name] = _envelope(base, game.id, fields(p))
    for name in generic:
        schemas[name] = _one_of_by_game(name, games)
    del schemas["FeedCommit"]  # it has no `game`: only `<Game>FeedOut`s hold them
    schemas["PlatformEvent"] = PLATFORM_EVENT
    ids = [prefix(game.id) for game in games]
    _retype(schemas, "CommandIn", "command", {"anyOf": [ref(f"{p}CommandBody") for p in ids]})
    _retype(schemas, "ReplayOut", "view", {"anyOf": [ref(f"{p}View") for p in ids]})


def _members(schemas: dict[str, JsonSchema], union: str) -> list[str]:
    """The component names of a union's members (the union itself if it has one type)."""
    schema = schemas[union]
    if "oneOf" not in schema:
        return [union]
    return [member["$ref"].removeprefix(COMPONENTS) for member in schema["oneOf"]]


def _command_bodies(schemas: dict[str, JsonSchema], p: str) -> None:
    """`<p>CommandBody`: a command as a client sends it — `type` given, `seat`
    and `v` may be left out (the gateway fills the seat from the token)."""
    union = f"{p}Command"
    members = _members(schemas, union)
    for member in members:
        body = copy.deepcopy(schemas[member])
        body["required"] = ["type", *(n for n in body.get("required", []) if n != "seat")]
        schemas[member + "Body"] = body
    if members != [union]:
        renamed = {COMPONENTS + member: COMPONENTS + member + "Body" for member in members}
        schemas[union + "Body"] = _rewrite(schemas[union], renamed)


def name_game_parameters(paths: dict[str, Any], ids: list[str]) -> None:
    """A `{game}` path parameter lists the game ids (another answers 404)."""
    for operations in paths.values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"] == "game":
                    parameter["schema"] = {**parameter["schema"], "enum": ids}


GAME = "/v1/games/{game_id}"
SAME_GAME = {"game_id": "$request.path.game_id"}
# (method, path) -> link name -> (method, path, parameters, request body or None)
LINKS: dict[tuple[str, str], dict[str, tuple[str, str, dict[str, str], Any]]] = {
    ("post", "/v1/queue"): {"MyGame": ("get", GAME, {"game_id": "$response.body#/game_id"}, None)},
    ("get", "/v1/queue"): {"MyGame": ("get", GAME, {"game_id": "$response.body#/game_id"}, None)},
    ("get", "/v1/games"): {"MyGame": ("get", GAME, {"game_id": "$response.body#/0/game_id"}, None)},
    ("get", GAME): {
        "MyLegalCommands": ("get", f"{GAME}/legal", SAME_GAME, None),
        "MyEvents": ("get", f"{GAME}/events", SAME_GAME, None),
        "Replay": ("get", f"{GAME}/replay", SAME_GAME, None),
    },
    ("get", f"{GAME}/legal"): {
        "Submit": (
            "post",
            f"{GAME}/commands",
            SAME_GAME,
            {"command": "$response.body#/commands/0"},
        ),
    },
    ("post", f"{GAME}/commands"): {
        "MyGame": ("get", GAME, {"game_id": "$response.body#/game_id"}, None),
    },
    ("get", "/v1/catalog"): {
        "Cards": ("get", "/v1/catalog/{game}/cards", {"game": "$response.body#/games/0/id"}, None),
    },
}


def add_links(paths: dict[str, Any]) -> None:
    for (method, path), links in LINKS.items():
        answer = paths[path][method]["responses"]["200"]
        answer["links"] = {}
        for name, (to_method, to_path, parameters, body) in links.items():
            link: JsonSchema = {
                "operationId": paths[to_path][to_method]["operationId"],
                "parameters": parameters,
            }
            if body is not None:
                link["requestBody"] = body
            answer["links"][name] = link


# The platform's events in a commit, the same in every game (tabletop.kernel.table).
PLATFORM_EVENT: JsonSchema = {
    "title": "PlatformEvent",
    "description": "the table's clock (platform.clock), a seat that resigned or timed out "
    "(platform.retired), an end the platform decided (platform.ended)",
    "type": "object",
    "properties": {
        "type": {"enum": ["platform.clock", "platform.retired", "platform.ended"]},
        "settings": ref("ClockSettings"),  # platform.clock: how the clocks run
        "seat": {"type": "integer"},
        "reason": {"type": "string"},
        "ranks": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["type"],
}

# The envelopes with a `game` field, and the properties a game's variant types.
_ENVELOPES: dict[str, Any] = {
    "GameOut": lambda p: {"view": ref(f"{p}View")},
    "LegalOut": lambda p: {"commands": {"type": "array", "items": ref(f"{p}Command")}},
    "FeedOut": lambda p: {
        "commits": {"type": "array", "items": ref(f"{p}FeedCommit")},
    },
    "FeedCommit": lambda p: {
        "events": {"type": "array", "items": {"anyOf": [ref(f"{p}Event"), ref("PlatformEvent")]}}
    },
    "QueueIn": lambda p: {"options": ref(f"{p}Options")},
}


def _envelope(generic: JsonSchema, game_id: str, fields: dict[str, JsonSchema]) -> JsonSchema:
    schema = copy.deepcopy(generic)
    schema["title"] = f"{generic.get('title', '')} ({game_id})"
    properties = schema["properties"]
    if "game" in properties:
        properties["game"] = {"const": game_id, "type": "string", "title": "Game"}
    for name, typed in fields.items():
        properties[name] = {**typed, "title": properties[name].get("title", name)}
    return schema


def _one_of_by_game(name: str, games: list[Game]) -> JsonSchema:
    variants = {game.id: COMPONENTS + prefix(game.id) + name for game in games}
    return {
        "oneOf": [{"$ref": target} for target in variants.values()],
        "discriminator": {"propertyName": "game", "mapping": variants},
    }


def _retype(schemas: dict[str, JsonSchema], model: str, field: str, typed: JsonSchema) -> None:
    properties = schemas[model]["properties"]
    properties[field] = {**typed, "title": properties[field].get("title", field)}


def _put(schemas: dict[str, JsonSchema], name: str, schema: JsonSchema, p: str) -> None:
    """A pydantic JSON Schema as component `name`, its `$defs` as `<p><Def>`
    components (every `#/$defs/X` reference rewritten)."""
    schema = copy.deepcopy(schema)
    defs = schema.pop("$defs", {})
    refs = {f"#/$defs/{def_name}": COMPONENTS + p + def_name for def_name in defs}
    for def_name, def_schema in defs.items():
        _add(schemas, p + def_name, _rewrite(def_schema, refs))
    _add(schemas, name, _rewrite(schema, refs))


def _add(schemas: dict[str, JsonSchema], name: str, schema: JsonSchema) -> None:
    if name in schemas and schemas[name] != schema:
        raise ValueError(f"two different schemas would be named {name}")
    schemas[name] = schema


def _rewrite(node: Any, refs: dict[str, str]) -> Any:
    """`node` with every reference named in `refs` (`$ref`s, discriminator
    mappings) pointing to its new target."""
    if isinstance(node, dict):
        return {key: _rewrite(value, refs) for key, value in node.items()}
    if isinstance(node, list):
        return [_rewrite(value, refs) for value in node]
    if isinstance(node, str):
        return refs.get(node, node)
    return node
