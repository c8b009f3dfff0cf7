"""`python -m tabletop.leaderboards`: run the leaderboards until SIGTERM/SIGINT."""

from tabletop.runtime import run_service

from .app import create_app
from .settings import LeaderboardsSettings


def main() -> None:
    settings = LeaderboardsSettings()
    run_service("leaderboards", create_app(settings), settings)


if __name__ == "__main__":
    main()
