"""`python -m tabletop.matchmaking`: run matchmaking until SIGTERM/SIGINT."""

from tabletop.runtime import run_service

from .app import create_app
from .settings import MatchmakingSettings


def main() -> None:
    settings = MatchmakingSettings()
    run_service("matchmaking", create_app(settings), settings)


if __name__ == "__main__":
    main()
