"""`tabletop`: the command line. Each command lives in its own module; this
file only wires them together so `tabletop --help` lists them all."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="tabletop",
    help="Tabletop: turn-based board and card games as event-sourced services over NATS.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def main() -> None:
    """Tabletop: turn-based board and card games as event-sourced services over NATS."""


@app.command()
def games() -> None:
    """List the registered games with their player counts."""
    from .games_cmd import list_games

    list_games()


if __name__ == "__main__":
    app()
