"""`python -m tabletop.archive`: run the archive until SIGTERM/SIGINT."""

from tabletop.runtime import run_service

from .app import create_app
from .settings import ArchiveSettings


def main() -> None:
    settings = ArchiveSettings()
    run_service("archive", create_app(settings), settings)


if __name__ == "__main__":
    main()
