"""`python -m tabletop.rules`: run the rules service until SIGTERM/SIGINT."""

import asyncio

from tabletop.runtime import run_service

from .app import create_app
from .settings import RulesSettings


def use_event_loop(name: str) -> None:
    """Run the service on `name`'s event loop. uvloop's loop turn, transports
    and timers cost a rules process much less per message than asyncio's
    (each command is three NATS messages and several loop turns)."""
    if name == "uvloop":
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())


def main() -> None:
    settings = RulesSettings()
    use_event_loop(settings.event_loop)
    run_service("rules", create_app(settings), settings)


if __name__ == "__main__":
    main()
