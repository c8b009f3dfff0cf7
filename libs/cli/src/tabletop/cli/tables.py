"""Where the CLI's result tables are printed."""

from __future__ import annotations

from rich.console import Console

PIPED_WIDTH = 140  # wide enough for every table the CLI prints


def table_console() -> Console:
    """stdout; piped into a file or a note, at a width that squeezes no column
    (rich would take 80 and cut policy names and intervals short)."""
    console = Console()
    if not console.is_terminal:
        console.width = PIPED_WIDTH
    return console
