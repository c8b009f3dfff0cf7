"""One registry of error codes and their HTTP status (tabletop.messaging.codes)."""

from __future__ import annotations

from tabletop.kernel import Code
from tabletop.messaging.codes import FRAMEWORK_CODES, HTTP_STATUS, ServiceCode, http_status
from tabletop.messaging.errors import Refusal, Unavailable


def test_every_platform_code_has_a_status() -> None:
    missing = [code for enum in (Code, ServiceCode) for code in enum if code not in HTTP_STATUS]
    assert missing == []


def test_statuses_by_kind() -> None:
    assert http_status(ServiceCode.MALFORMED_REQUEST) == 400
    assert http_status("token_expired") == 401
    assert http_status(Code.WRONG_SEAT) == 403
    assert http_status(ServiceCode.UNKNOWN_GAME_ID) == 404
    assert http_status(ServiceCode.STALE_COMMAND) == 409
    assert http_status(ServiceCode.RATE_LIMITED) == 429
    assert http_status(ServiceCode.INTERNAL) == 500
    assert http_status(ServiceCode.UNAVAILABLE) == 503


def test_a_games_own_code_is_a_refusal_now() -> None:
    assert http_status("card_not_in_hand") == 409


def test_framework_errors_answer_codes_with_their_own_status() -> None:
    assert all(http_status(code) == status for status, code in FRAMEWORK_CODES.items())


def test_unavailable_is_a_refusal_with_its_code() -> None:
    error = Unavailable("tabletop.archive.game")
    assert isinstance(error, Refusal)
    assert error.code == "unavailable" and "tabletop.archive.game" in error.message
