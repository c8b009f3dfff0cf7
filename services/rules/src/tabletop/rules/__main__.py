"""`python -m tabletop.rules`: run the rules service until SIGTERM/SIGINT."""

import asyncio
from collections.abc import Callable

from tabletop.runtime import run_service

from .app import create_app
from .settings import RulesSettings


def event_loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes `name`'s event loop (None: asyncio's own). uvloop's loop
    turn, transports and timers cost a rules process much less per message
    than asyncio's (each command is several NATS messages and loop turns)."""
    if name == "uvloop":
        import uvloop

        return uvloop.new_event_loop
    return None


def main() -> None:
    settings = RulesSettings()
    app = create_app(settings)
    run_service("rules", app, settings, loop_factory=event_loop_factory(settings.event_loop))


if __name__ == "__main__":
    main()
