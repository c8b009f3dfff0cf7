"""Every error code the platform answers, and its HTTP status: one registry.

The deciders' shared codes are the kernel's (`tabletop.kernel.Code`: games
cannot depend on messaging); every other code a service or the gateway
answers is a `ServiceCode`. A game's own refusal code (`card_not_in_hand`…)
is in neither and answers 409: the request was well formed, the game
refuses it now.

400 malformed; 401 no, a forged or an expired token; 403 not yours to do or
see; 404 no such game, game type, ticket, step or player; 405 wrong method; 410 a
finished game whose log left JetStream (replays come from the archive);
409 refused now; 413 too large; 429 rate limited; 500 a bug; 503 a service
did not answer (retry).
"""

from __future__ import annotations

from enum import StrEnum

from tabletop.kernel import Code


class ServiceCode(StrEnum):
    # every service
    MALFORMED_REQUEST = "malformed_request"
    UNAVAILABLE = "unavailable"  # a dependency did not answer; worth retrying
    INTERNAL = "internal_error"
    # rules
    UNKNOWN_GAME_ID = "unknown_game_id"
    GAME_EXISTS = "game_exists"
    STALE_COMMAND = "stale_command"
    DUPLICATE_COMMAND = "duplicate_command"
    CONFLICT = "conflict"  # still racing after the bounded retries; safe to resubmit
    GAME_ARCHIVED = "game_archived"  # finished, its log moved to the archive: replays only
    # archive
    UNKNOWN_STEP = "unknown_step"
    PLAYERS_MISMATCH = "players_mismatch"
    GAME_NOT_FINISHED = "game_not_finished"  # every seat's view waits for the end
    # leaderboards
    UNKNOWN_PLAYER = "unknown_player"
    # matchmaking
    ALREADY_QUEUED = "already_queued"  # waiting in another queue: leave it first
    ALREADY_MATCHED = "already_matched"  # too late to leave
    NO_TICKET = "no_ticket"
    UNKNOWN_LEVEL = "unknown_level"  # a bot level the game does not have
    TOO_MANY_OPEN_GAMES = "too_many_open_games"  # finish (or abandon) a game first
    UNKNOWN_TABLE = "unknown_table"  # no private table has this invite code
    TABLE_CLOSED = "table_closed"  # the private table started or expired
    TABLE_FULL = "table_full"
    TABLE_NOT_FULL = "table_not_full"  # start it with `fill_with_bots`, or wait for friends
    NOT_TABLE_HOST = "not_table_host"  # only the host starts the table
    # gateway
    PAYLOAD_TOO_LARGE = "payload_too_large"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_FOUND = "not_found"  # no such route
    UNAUTHORIZED = "unauthorized"
    INVALID_TOKEN = "invalid_token"
    TOKEN_EXPIRED = "token_expired"
    NOT_A_PLAYER = "not_a_player"
    HIDDEN = "hidden"
    RATE_LIMITED = "rate_limited"
    TOO_MANY_SOCKETS = "too_many_sockets"


# A code no table lists is a game's own refusal.
GAME_REFUSAL_STATUS = 409

HTTP_STATUS: dict[str, int] = {
    ServiceCode.MALFORMED_REQUEST: 400,
    Code.MALFORMED_COMMAND: 400,
    Code.UNKNOWN_COMMAND: 400,
    Code.INVALID_OPTIONS: 400,
    ServiceCode.UNKNOWN_LEVEL: 400,
    ServiceCode.UNAUTHORIZED: 401,
    ServiceCode.INVALID_TOKEN: 401,
    ServiceCode.TOKEN_EXPIRED: 401,
    Code.WRONG_SEAT: 403,
    ServiceCode.NOT_A_PLAYER: 403,
    ServiceCode.HIDDEN: 403,
    ServiceCode.GAME_NOT_FINISHED: 403,
    ServiceCode.NOT_TABLE_HOST: 403,
    ServiceCode.UNKNOWN_GAME_ID: 404,
    ServiceCode.GAME_ARCHIVED: 410,
    Code.UNKNOWN_GAME: 404,
    ServiceCode.UNKNOWN_STEP: 404,
    ServiceCode.NO_TICKET: 404,
    ServiceCode.UNKNOWN_TABLE: 404,
    ServiceCode.NOT_FOUND: 404,
    ServiceCode.UNKNOWN_PLAYER: 404,
    ServiceCode.METHOD_NOT_ALLOWED: 405,
    ServiceCode.STALE_COMMAND: 409,
    ServiceCode.DUPLICATE_COMMAND: 409,
    Code.NOT_YOUR_TURN: 409,
    Code.GAME_OVER: 409,
    Code.ILLEGAL_MOVE: 409,
    ServiceCode.CONFLICT: 409,
    ServiceCode.GAME_EXISTS: 409,
    ServiceCode.ALREADY_QUEUED: 409,
    ServiceCode.ALREADY_MATCHED: 409,
    ServiceCode.PLAYERS_MISMATCH: 409,
    ServiceCode.TOO_MANY_OPEN_GAMES: 409,
    ServiceCode.TABLE_CLOSED: 409,
    ServiceCode.TABLE_FULL: 409,
    ServiceCode.TABLE_NOT_FULL: 409,
    ServiceCode.PAYLOAD_TOO_LARGE: 413,
    ServiceCode.RATE_LIMITED: 429,
    ServiceCode.TOO_MANY_SOCKETS: 429,
    ServiceCode.INTERNAL: 500,
    ServiceCode.UNAVAILABLE: 503,
}

# The code of an HTTP error the web framework raises itself, by its status.
FRAMEWORK_CODES: dict[int, ServiceCode] = {
    400: ServiceCode.MALFORMED_REQUEST,
    404: ServiceCode.NOT_FOUND,
    405: ServiceCode.METHOD_NOT_ALLOWED,
    413: ServiceCode.PAYLOAD_TOO_LARGE,
}


def http_status(code: str) -> int:
    return HTTP_STATUS.get(str(code), GAME_REFUSAL_STATUS)
