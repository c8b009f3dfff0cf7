"""Generate the wire contract in proto/ from the pydantic models and the
service apps: JSON Schema of every game's commands, events, view, options and
card facts, of the event-log commit and the service messages, the AsyncAPI
document of each service's NATS subjects and of the gateway's public
WebSocket, and the gateway's OpenAPI document (every game's types in it).

    python proto/generate.py           # rewrite proto/
    python proto/generate.py --check   # exit 1 and list the files that drifted

tests/contract/test_proto_drift.py runs the check in `make test`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

PROTO = Path(__file__).resolve().parent

# Service apps whose AsyncAPI documents are published: (name, "module:attribute").
SERVICE_APPS: tuple[tuple[str, str], ...] = tuple(
    (name, f"tabletop.{name}.app:app")
    for name in ("rules", "matchmaking", "bots", "leaderboards", "archive")
)
# HTTP apps whose OpenAPI documents are published.
HTTP_APPS: tuple[tuple[str, str], ...] = (("gateway", "tabletop.gateway.app:app"),)

# Shared wire models outside the games: (file name, "module:attribute").
MODELS: tuple[tuple[str, str], ...] = (("eventlog/commit", "tabletop.eventlog.commit:Commit"),)


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _load(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def _schema(model: Any) -> dict[str, Any]:
    if isinstance(model, type) and issubclass(model, BaseModel):
        return model.model_json_schema()
    return TypeAdapter(model).json_schema()


def game_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    from tabletop.games import registry
    from tabletop.games.catalog import card_facts_model

    for game in registry().values():
        base = f"games/{game.id}"
        yield f"{base}/commands.schema.json", lambda g=game: g.command_adapter.json_schema()
        yield f"{base}/events.schema.json", lambda g=game: g.event_adapter.json_schema()
        yield f"{base}/view.schema.json", lambda g=game: _schema(g.view_model)
        yield f"{base}/options.schema.json", lambda g=game: _schema(g.config_model)
        cards = card_facts_model(game)
        if cards is not None:
            yield f"{base}/cards.schema.json", lambda m=cards: _schema(m)


def model_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    for name, ref in MODELS:
        yield f"{name}.schema.json", lambda r=ref: _schema(_load(r))


# A subject a service uses outside its faststream subscribers: (channel name,
# subject, description).
Use = tuple[str, str, str]


def nats_clients() -> dict[str, dict[str, list[Use]]]:
    """What each service sends over NATS, and what it receives on a plain NATS
    subscription, by action ("send" / "receive").

    faststream documents the subscribers a service serves; the requests it
    makes, the commits it appends and the notices it publishes go through the
    NATS client, so they are declared here, from the same subject builders the
    services call. The gateway is an HTTP app: all its NATS use is here.
    deploy/nats derives each service's NATS permissions from these documents
    (tests/deploy/test_nats_permissions.py).
    """
    from tabletop.eventlog import Topology
    from tabletop.messaging import RulesSubjects
    from tabletop.messaging.archive import ArchiveSubjects
    from tabletop.messaging.leaderboards import LeaderboardSubjects
    from tabletop.messaging.matchmaking import MatchmakingSubjects
    from tabletop.messaging.private_tables import TableSubjects

    log, rules = Topology(), RulesSubjects()
    archive, boards, queues = ArchiveSubjects(), LeaderboardSubjects(), MatchmakingSubjects()
    tables = TableSubjects()
    return {
        "rules": {
            "send": [("rules.append", log.games_subjects, "Append a game's commit (JetStream)")],
            "receive": [
                ("rules.submit-at", rules.submit_at_any, "A process's own submit subject (ADR 27)")
            ],
        },
        "matchmaking": {
            "send": [
                ("matchmaking.start", rules.start_game, "Start the matched game"),
                ("matchmaking.seat", archive.seat_players, "Record who sits where"),
                ("matchmaking.found", queues.found_all, "Tell a player their match"),
                ("matchmaking.open-games", archive.player_games, "Count a player's open games"),
                ("matchmaking.finished", archive.game, "Is a seated game finished?"),
                ("matchmaking.rating", boards.rating, "A joining player's rating"),
            ],
        },
        "bots": {
            "send": [
                ("bots.move", rules.submit_command, "A bot seat's move"),
                ("bots.move-at", rules.submit_at_any, "A move, to the game's rules process"),
                ("bots.park", log.dead_letter_subject("bots"), "Park a commit given up on"),
            ]
        },
        "leaderboards": {
            "send": [
                ("leaderboards.players", archive.game, "Who played a finished game"),
                (
                    "leaderboards.park",
                    log.dead_letter_subject("leaderboards"),
                    "Park a commit given up on",
                ),
            ],
        },
        "archive": {
            "send": [
                ("archive.park", log.dead_letter_subject("archive"), "Park a commit given up on")
            ]
        },
        "gateway": {
            "send": [
                ("gateway.submit", rules.submit_command, "A player's command"),
                (
                    "gateway.submit-at",
                    rules.submit_at_any,
                    "A command, to the game's rules process",
                ),
                ("gateway.join", queues.join, "Queue a player"),
                ("gateway.leave", queues.leave, "Leave the queue"),
                ("gateway.ticket", queues.status, "A player's ticket"),
                ("gateway.game", archive.game, "One game's summary"),
                ("gateway.player-games", archive.player_games, "A player's games"),
                ("gateway.replay", archive.view, "A game replayed to a step"),
                ("gateway.top", boards.top, "A leaderboard"),
                ("gateway.rating", boards.rating, "A player's rating"),
                ("gateway.history", boards.history, "A player's rating history"),
                ("gateway.around", boards.around, "The board around a player"),
                ("gateway.season", boards.season, "A season's board"),
                ("gateway.seasons", boards.seasons, "The seasons with a board"),
                ("gateway.table-create", tables.create, "Create a private table"),
                ("gateway.table-join", tables.join, "Join a private table"),
                ("gateway.table-leave", tables.leave, "Leave a private table"),
                ("gateway.table-start", tables.start, "Start a private table"),
                ("gateway.table-get", tables.get, "A private table"),
            ],
            "receive": [("gateway.live", log.games_subjects, "A live game's commits (WebSocket)")],
        },
    }


def _add_client_uses(spec: dict[str, Any], uses: dict[str, list[Use]]) -> dict[str, Any]:
    channels = spec.setdefault("channels", {})
    operations = spec.setdefault("operations", {})
    for action, entries in uses.items():
        for channel, subject, description in entries:
            channels[channel] = {
                "address": subject,
                "bindings": {"nats": {"bindingVersion": "custom", "subject": subject}},
                "description": description,
            }
            operations[channel] = {"action": action, "channel": {"$ref": f"#/channels/{channel}"}}
    return spec


def asyncapi_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    from faststream.specification import AsyncAPI

    for name, ref in SERVICE_APPS:

        def build(r: str = ref, n: str = name) -> dict[str, Any]:
            app = _load(r)
            spec = AsyncAPI(app.broker, title=f"tabletop-{n}", version="1")
            document = json.loads(spec.to_specification().to_json())
            return _add_client_uses(document, nats_clients()[n])

        yield f"asyncapi/{name}.json", build

    def gateway() -> dict[str, Any]:
        document = {
            "asyncapi": "3.0.0",
            "info": {"title": "tabletop-gateway", "version": "1"},
            "defaultContentType": "application/json",
        }
        return _add_client_uses(document, nats_clients()["gateway"])

    yield "asyncapi/gateway.json", gateway

    def gateway_websocket() -> dict[str, Any]:
        from tabletop.gateway.asyncapi import websocket_asyncapi

        return websocket_asyncapi(_load("tabletop.gateway.app:app"))

    yield "asyncapi/gateway-websocket.json", gateway_websocket


def openapi_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    for name, ref in HTTP_APPS:
        yield f"openapi/{name}.json", lambda r=ref: _load(r).openapi()


def documents() -> dict[str, str]:
    out: dict[str, str] = {}
    for source in (game_documents, model_documents, asyncapi_documents, openapi_documents):
        for path, build in source():
            out[path] = _dump(build())
    return out


def drift(root: Path = PROTO) -> list[str]:
    """Files under `root` that differ from what the models generate now."""
    expected = documents()
    problems = []
    for path, text in expected.items():
        file = root / path
        if not file.exists():
            problems.append(f"missing {path}")
        elif file.read_text() != text:
            problems.append(f"changed {path}")
    generated_dirs = {"games", "eventlog", "asyncapi", "openapi"}
    for file in sorted(root.rglob("*.json")):
        rel = file.relative_to(root).as_posix()
        if rel.split("/")[0] in generated_dirs and rel not in expected:
            problems.append(f"stale {rel}")
    return problems


def write(root: Path = PROTO) -> None:
    for path, text in documents().items():
        file = root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    for problem in drift(root):
        if problem.startswith("stale "):
            (root / problem.removeprefix("stale ")).unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report drift, write nothing")
    args = parser.parse_args()
    if args.check:
        problems = drift()
        for problem in problems:
            print(problem)
        if problems:
            print("proto/ is out of date: run `make proto`", file=sys.stderr)
        return 1 if problems else 0
    write()
    print(f"wrote {len(documents())} documents under {PROTO}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
