"""The AsyncAPI document of the gateway's public side: the WebSocket a
frontend opens on a game (`live.py`). proto/asyncapi/gateway.json is the
gateway's other side, the NATS subjects it uses inside the platform.

The payload schemas are the typed OpenAPI document's (`openapi.py`): a
pushed view is exactly a `GET /v1/games/{game_id}` answer.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from .live import CLOSE_CODES

JsonSchema = dict[str, Any]
COMPONENTS = "#/components/schemas/"

# What each close code means (the error message sent just before says why).
CLOSE_MEANINGS = {
    1000: "the game is over: the last view has been sent",
    CLOSE_CODES[400]: "the game id is malformed (error `malformed_request`)",
    CLOSE_CODES[
        401
    ]: "no, a forged or an expired token (error `invalid_token`, `token_expired`, …)",
    CLOSE_CODES[403]: "this player may not watch the game (error `hidden`, …)",
    CLOSE_CODES[404]: "no such game (error `unknown_game_id`)",
    CLOSE_CODES[429]: "rate limited (`rate_limited`) or too many sockets open (`too_many_sockets`)",
    1011: "the gateway failed (error `internal_error`; the details are in its log)",
    CLOSE_CODES[503]: "a service or NATS did not answer (error `unavailable`); reconnect later",
}

DESCRIPTION = """Open `/v1/games/{game_id}/ws?token=<token>` (the guest token of
`POST /v1/auth/guest`, in the query: browsers cannot set headers on a WebSocket).

The gateway then sends my view of the game now, then one `view` message per
commit of the game, in `seq` order, none skipped, and closes the socket with
code 1000 once the game is over. A player sees their seat's view, anyone else a
spectator's. Messages the client sends are ignored: commands go through
`POST /v1/games/{game_id}/commands`.

On a refused connection the gateway sends one `error` message `{code, message}`
and closes with the code in `x-close-codes`."""


def websocket_asyncapi(app: FastAPI) -> JsonSchema:
    schemas = app.openapi()["components"]["schemas"]
    return {
        "asyncapi": "3.0.0",
        "info": {"title": "tabletop-gateway WebSocket", "version": "1", "description": DESCRIPTION},
        "defaultContentType": "application/json",
        "servers": {
            "gateway": {
                "host": "127.0.0.1:8100",
                "protocol": "ws",
                "description": "the gateway of `make run` (wss behind the Ingress in deploy/)",
            }
        },
        "channels": {
            "game": {
                "address": "/v1/games/{game_id}/ws",
                "description": "my view of one game, pushed after every commit",
                "parameters": {"game_id": {"description": "the game's id"}},
                "messages": {
                    "view": {"$ref": "#/components/messages/view"},
                    "error": {"$ref": "#/components/messages/error"},
                },
                "bindings": {
                    "ws": {
                        "method": "GET",
                        "query": {
                            "type": "object",
                            "properties": {"token": {"type": "string"}},
                            "required": ["token"],
                        },
                        "bindingVersion": "0.1.0",
                    }
                },
                "x-close-codes": {str(code): what for code, what in CLOSE_MEANINGS.items()},
            }
        },
        "operations": {
            "sendView": {
                "action": "send",
                "channel": {"$ref": "#/channels/game"},
                "summary": "my view now, then after each commit until the game is over",
                "messages": [{"$ref": "#/channels/game/messages/view"}],
            },
            "sendError": {
                "action": "send",
                "channel": {"$ref": "#/channels/game"},
                "summary": "why the connection is refused, just before it is closed",
                "messages": [{"$ref": "#/channels/game/messages/error"}],
            },
        },
        "components": {
            "messages": {
                "view": {
                    "name": "view",
                    "title": "A game as my seat sees it",
                    "payload": {"$ref": COMPONENTS + "GameOut"},
                },
                "error": {
                    "name": "error",
                    "title": "A refused connection",
                    "payload": {"$ref": COMPONENTS + "ErrorOut"},
                },
            },
            "schemas": {
                name: _asyncapi_schema(schema)
                for name, schema in closure(schemas, ["GameOut", "ErrorOut"]).items()
            },
        },
    }


def closure(schemas: dict[str, JsonSchema], roots: list[str]) -> dict[str, JsonSchema]:
    """The named schemas and every schema they reference, transitively."""
    found: dict[str, JsonSchema] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        found[name] = schemas[name]
        todo.extend(_references(schemas[name]))
    return dict(sorted(found.items()))


def _asyncapi_schema(node: Any) -> Any:
    """An OpenAPI schema as an AsyncAPI one: there `discriminator` is just the
    property's name (OpenAPI's `{propertyName, mapping}` is invalid AsyncAPI)."""
    if isinstance(node, dict):
        out = {key: _asyncapi_schema(value) for key, value in node.items()}
        if isinstance(out.get("discriminator"), dict):
            out["discriminator"] = out["discriminator"]["propertyName"]
        return out
    if isinstance(node, list):
        return [_asyncapi_schema(value) for value in node]
    return node


def _references(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [name for value in node.values() for name in _references(value)]
    if isinstance(node, list):
        return [name for value in node for name in _references(value)]
    if isinstance(node, str) and node.startswith(COMPONENTS):
        return [node.removeprefix(COMPONENTS)]
    return []
