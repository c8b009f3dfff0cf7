"""Routes about one game: my view, my legal commands, submitting a command
for my seat, my redacted event feed, and replays from the archive."""

from __future__ import annotations

import uuid
from hashlib import sha256
from typing import Annotated

from fastapi import APIRouter, Path, Query

from tabletop.eventlog import GAME_ID_PATTERN
from tabletop.messaging import SubmitCommand
from tabletop.messaging.archive import GetView
from tabletop.messaging.matchmaking import player_token

from .auth import Me, Services, my_seat, seat_of, still_playing
from .errors import ERROR_RESPONSES, ApiError
from .models import CommandIn, CommandOut, FeedOut, GameOut, LegalOut, ReplayOut
from .views import feed, for_my_seat, game_out, legal_out

router = APIRouter(prefix="/v1/games", tags=["games"], responses=ERROR_RESPONSES)

AS = "`me`, `spectator`, or a seat number (another seat's only once the game is over)"
GameId = Annotated[str, Path(pattern=GAME_ID_PATTERN, description="the game's id")]


@router.get("/{game_id}")
async def game_view(game_id: GameId, claims: Me, backend: Services) -> GameOut:
    """The game now, as my seat sees it (a spectator's view if I do not play in it)."""
    seat = await seat_of(backend, game_id, claims.sub)
    return game_out(game_id, await backend.head(game_id), seat)


@router.get("/{game_id}/legal")
async def legal_commands(game_id: GameId, claims: Me, backend: Services) -> LegalOut:
    """Every command my seat may submit now (empty when it is not my turn)."""
    seat = await my_seat(backend, game_id, claims.sub)
    return legal_out(game_id, await backend.head(game_id), seat)


@router.post("/{game_id}/commands")
async def submit_command(
    game_id: GameId, body: CommandIn, claims: Me, backend: Services
) -> CommandOut:
    """Submit a command for my seat. The seat comes from my token and the
    game's players, never from the body. Retrying with the same `command_id`
    lands once (the retry answers 409 `duplicate_command` with its `seq`)."""
    seat = await my_seat(backend, game_id, claims.sub)
    await still_playing(backend, game_id, seat)
    # Client ids are scoped to the player so nobody can take another's (or a bot's) id.
    client_id = body.command_id or uuid.uuid4().hex
    command_id = f"p-{player_token(claims.sub)}-{client_id}"
    request = SubmitCommand(
        game_id=game_id,
        command_id=command_id,
        command=for_my_seat(body.command, seat),
        expected_seq=body.expected_seq,
    )
    accepted = await backend.rules.submit(request)
    return CommandOut(accepted=True, game_id=game_id, seq=accepted.seq, command_id=client_id)


@router.post("/{game_id}/resign")
async def resign(game_id: GameId, claims: Me, backend: Services) -> CommandOut:
    """Resign my seat, at any time. With two seats left the other wins; with
    more, my seat ranks last and the platform's weakest bot plays its turns.
    Resigning twice answers 409 (`duplicate_command`, or `game_over` once the
    game has ended)."""
    seat = await my_seat(backend, game_id, claims.sub)
    request = SubmitCommand(
        game_id=game_id,
        # One resignation per player and game (JetStream dedupes message ids
        # across the whole stream, so the game is part of the id).
        command_id=f"resign:{game_id}:{sha256(claims.sub.encode()).hexdigest()[:20]}",
        command={"type": "resign", "seat": seat},
    )
    accepted = await backend.rules.submit(request)
    return CommandOut(accepted=True, game_id=game_id, seq=accepted.seq, command_id="resign")


@router.get("/{game_id}/events")
async def my_events(
    game_id: GameId,
    claims: Me,
    backend: Services,
    after: Annotated[int, Query(ge=0, description="only commits with a greater seq")] = 0,
) -> FeedOut:
    """The game's commits, each event redacted for my seat (a spectator's if I do not play)."""
    seat = await seat_of(backend, game_id, claims.sub)
    head = await backend.head(game_id)
    commits, _ = await backend.log.load(game_id)
    shown = [commit for commit in commits if commit.seq > after]
    last = commits[-1].seq if commits else 0
    commits_out = feed(head, shown, seat)
    return FeedOut(
        game_id=game_id, game=head.game.id, seat=seat, last_seq=last, commits=commits_out
    )


@router.get("/{game_id}/replay")
async def replay(
    game_id: GameId,
    claims: Me,
    backend: Services,
    at: Annotated[
        int | None, Query(ge=1, description="the step (commit seq); default: last")
    ] = None,
    as_: Annotated[
        str, Query(alias="as", pattern=r"^(me|spectator|\d{1,2})$", description=AS)
    ] = "me",
) -> ReplayOut:
    """The game as it stood after step `at`, from the archive."""
    mine = await seat_of(backend, game_id, claims.sub)
    if as_ == "spectator":
        seat = None
    elif as_ == "me":
        if mine is None:
            raise ApiError("not_a_player", "you do not play in this game; ask as=spectator")
        seat = mine
    else:
        seat = int(as_)
    archived = await backend.archive.view(GetView(game_id=game_id, step=at, seat=seat))
    # Another seat's view is released only once the game is over (checked before sending it).
    if seat is not None and seat != mine and not archived.finished:
        raise ApiError("hidden", "another seat's view is hidden until the game is over")
    return ReplayOut(
        game_id=game_id,
        step=archived.step,
        last_seq=archived.last_seq,
        finished=archived.finished,
        seat=seat,
        clock=archived.clock,
        view=archived.view,
    )
