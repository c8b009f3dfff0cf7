"""The WebSocket that pushes my new view after every commit of a game.

Connect to `/v1/games/{game_id}/ws?token=…` (browsers cannot set headers on
a WebSocket). The gateway subscribes to the game's subject first, then sends
the current view, then one message per commit (a GameOut as JSON, in seq
order, none skipped), and
closes once the game is over. Close codes: 4400 malformed game id, 4401 bad
token, 4404 no game, 4429 rate limited or too many WebSockets open for this
player (`GATEWAY_MAX_SOCKETS`; tabletop.gateway.limits), 1011 the gateway failed
(`{code, message}` sent first; never a traceback), 1013 a service is down (try
again later).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Protocol

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from nats.aio.msg import Msg
from nats.errors import Error as NatsError

from tabletop.eventlog import GAME_ID_PATTERN, GameHead
from tabletop.messaging import Refusal

from .auth import backend_of, claims_from, seat_of
from .errors import ApiError
from .limits import ClientLimits, RateLimited, TooManySockets, limits_of
from .views import game_out, game_over

router = APIRouter()
log = logging.getLogger("tabletop.gateway")

CLOSE_CODES = {400: 4400, 401: 4401, 403: 4403, 404: 4404, 429: 4429, 503: 1013}
STORE_WAIT = 2.0  # s an announced commit may take to be readable from the stream
STORE_POLL = 0.01


@router.websocket("/v1/games/{game_id}/ws")
async def game_updates(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    await websocket.accept()
    limits = limits_of(websocket)
    try:
        await limits.check(websocket)
        await _push_views(websocket, game_id, token, limits)
    except ApiError as exc:
        await _close_with(websocket, exc)
    except Refusal as exc:  # a service's, or Unavailable
        await _close_with(websocket, ApiError.of(exc))
    except RateLimited as exc:
        await _close_with(websocket, ApiError("rate_limited", exc.message))
    except TooManySockets as exc:
        await _close_with(websocket, ApiError("too_many_sockets", str(exc)))
    except (NatsError, TimeoutError) as exc:
        log.warning("NATS failed on the WebSocket of %s: %r", game_id, exc)
        await _close_with(websocket, ApiError("unavailable", "the event log is unreachable"))
    except Exception:
        log.exception("WebSocket of game %s failed", game_id)
        await _close_with(websocket, ApiError("internal_error", "the gateway failed"))


async def _close_with(websocket: WebSocket, exc: ApiError) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.send_json({"code": exc.code, "message": exc.message})
        await websocket.close(CLOSE_CODES.get(exc.status, 1011))


async def _push_views(
    websocket: WebSocket, game_id: str, token: str | None, limits: ClientLimits
) -> None:
    # The id becomes a NATS subject: `*`, `>` or `a.b` would be wildcards or tokens.
    if not re.fullmatch(GAME_ID_PATTERN, game_id):  # `$` alone lets a trailing newline by
        raise ApiError("malformed_request", f"a game id matches {GAME_ID_PATTERN}")
    claims = claims_from(websocket.app.state.settings, token)
    with limits.socket(claims.sub):
        await _push_views_of(websocket, game_id, claims.sub)


async def _push_views_of(websocket: WebSocket, game_id: str, player_id: str) -> None:
    backend = backend_of(websocket)
    seat = await seat_of(backend, game_id, player_id)
    commits: asyncio.Queue[None] = asyncio.Queue()
    announced = 0  # the highest seq seen on the game's subject

    async def on_commit(msg: Msg) -> None:
        nonlocal announced
        announced = max(announced, announced_seq(msg.data))
        commits.put_nowait(None)

    sub = await backend.nc.subscribe(backend.topology.game_subject(game_id), cb=on_commit)
    # A round trip: the server has the subscription before we read the head,
    # so a commit landing right after the first push is not missed.
    await backend.nc.flush()
    hung_up = asyncio.create_task(_until_hang_up(websocket))
    try:
        head = await backend.head(game_id)
        await websocket.send_json(game_out(game_id, head, seat).model_dump(mode="json"))
        while not game_over(head):
            waiting = asyncio.create_task(commits.get())
            done, _ = await asyncio.wait({waiting, hung_up}, return_when=asyncio.FIRST_COMPLETED)
            if hung_up in done:
                waiting.cancel()
                return
            while not commits.empty():  # one read covers every commit that arrived
                commits.get_nowait()
            # One message per commit, even when several landed at once.
            for step in await steps_until(backend, game_id, head, announced):
                await websocket.send_json(game_out(game_id, step, seat).model_dump(mode="json"))
                head = step
        await websocket.close()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hung_up.cancel()
        with contextlib.suppress(Exception):
            await sub.unsubscribe()


def announced_seq(data: bytes) -> int:
    """The seq of a commit as published on its game's subject (0 if unreadable)."""
    try:
        seq = json.loads(data).get("seq", 0)
    except (ValueError, AttributeError):
        return 0
    return seq if isinstance(seq, int) else 0


class Steps(Protocol):
    async def steps_after(self, game_id: str, head: GameHead) -> list[GameHead]: ...


async def steps_until(steps: Steps, game_id: str, head: GameHead, seq: int) -> list[GameHead]:
    """The game after each commit that followed `head`, up to `seq` at least
    when it is stored within `STORE_WAIT` seconds. Subscribers to a game's
    subject get a commit as the stream takes it, and a read at once could
    miss it: the push then waited for a next commit, which after the last
    one (a timeout, say) never came."""
    found = await steps.steps_after(game_id, head)
    loop = asyncio.get_running_loop()
    give_up = loop.time() + STORE_WAIT
    while (found[-1].seq if found else head.seq) < seq and loop.time() < give_up:
        await asyncio.sleep(STORE_POLL)
        found = await steps.steps_after(game_id, head)
    return found


async def _until_hang_up(websocket: WebSocket) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
