"""Generate the wire contract in proto/ from the pydantic models and the
service apps: JSON Schema of every game's commands, events, view and options,
of the event-log commit and the service messages, and the AsyncAPI document
of each service's NATS subjects.

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

    for game in registry().values():
        base = f"games/{game.id}"
        yield f"{base}/commands.schema.json", lambda g=game: g.command_adapter.json_schema()
        yield f"{base}/events.schema.json", lambda g=game: g.event_adapter.json_schema()
        yield f"{base}/view.schema.json", lambda g=game: _schema(g.view_model)
        yield f"{base}/options.schema.json", lambda g=game: _schema(g.config_model)


def model_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    for name, ref in MODELS:
        yield f"{name}.schema.json", lambda r=ref: _schema(_load(r))


def asyncapi_documents() -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    from faststream.specification import AsyncAPI

    for name, ref in SERVICE_APPS:

        def build(r: str = ref, n: str = name) -> dict[str, Any]:
            app = _load(r)
            spec = AsyncAPI(app.broker, title=f"tabletop-{n}", version="1")
            return json.loads(spec.to_specification().to_json())

        yield f"asyncapi/{name}.json", build


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
