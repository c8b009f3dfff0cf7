"""Pure functions from a game's state and commits to what a seat may see or
do: the only place the gateway turns game data into responses."""

from __future__ import annotations

from typing import Any

from tabletop.eventlog import Commit, GameHead
from tabletop.kernel.table import is_platform_event
from tabletop.messaging.clocks import clock_out

from .errors import ApiError
from .models import FeedCommit, GameOut, LegalOut, OutcomeOut


def game_out(game_id: str, head: GameHead, seat: int | None) -> GameOut:
    game, state = head.game, head.state
    outcome = head.outcome
    return GameOut(
        game_id=game_id,
        game=game.id,
        seq=head.seq,
        seat=seat,
        to_act=head.to_act,
        finished=outcome is not None,
        outcome=OutcomeOut.model_validate(outcome.model_dump()) if outcome else None,
        clock=clock_out(head.table),
        left=sorted(head.table.retired_seats),
        view=game.view(state, seat),
    )


def game_over(head: GameHead) -> bool:
    return head.outcome is not None


def legal_out(game_id: str, head: GameHead, seat: int) -> LegalOut:
    commands = head.game.legal_commands(head.state, seat)
    return LegalOut(
        game_id=game_id,
        game=head.game.id,
        seq=head.seq,
        seat=seat,
        commands=[command.model_dump(mode="json") for command in commands],
    )


def feed(head: GameHead, commits: list[Commit], seat: int | None) -> list[FeedCommit]:
    """Each commit's events as `seat` may see them (`game.redact`)."""
    game = head.game
    return [
        FeedCommit(
            seq=commit.seq,
            seat=commit.seat,
            at=commit.at,
            events=[
                # The platform's events (clock, resign, timeout) hide nothing.
                dict(event)
                if is_platform_event(event)
                else game.redact(game.parse_event(event), seat).model_dump(mode="json")
                for event in commit.events
            ],
        )
        for commit in commits
    ]


def for_my_seat(command: dict[str, Any], seat: int) -> dict[str, Any]:
    """The command with the caller's seat; another seat in the body is refused."""
    given = command.get("seat", seat)
    if given != seat:
        raise ApiError("wrong_seat", f"you play seat {seat}, not {given}")
    return {**command, "seat": seat}
