"""`python -m tabletop.rules`: run the rules service until SIGTERM/SIGINT."""

from tabletop.runtime import run_service

from .app import create_app
from .settings import RulesSettings


def main() -> None:
    settings = RulesSettings()
    run_service("rules", create_app(settings), settings)


if __name__ == "__main__":
    main()
