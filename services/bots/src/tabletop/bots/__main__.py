"""`python -m tabletop.bots`: run a bots worker until SIGTERM/SIGINT."""

from tabletop.runtime import run_service

from .app import create_app
from .settings import BotsSettings


def main() -> None:
    settings = BotsSettings()
    run_service("bots", create_app(settings), settings)


if __name__ == "__main__":
    main()
