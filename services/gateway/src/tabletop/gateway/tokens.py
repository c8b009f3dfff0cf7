"""Signed bearer tokens: compact JWTs (HS256) carrying the player id and an
expiry. Pure functions; the caller passes the clock."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

from pydantic import BaseModel, ValidationError

HEADER = {"alg": "HS256", "typ": "JWT"}


class Claims(BaseModel):
    sub: str  # the player id
    iat: int
    exp: int


class BadToken(Exception):
    """Refused: malformed, forged (bad signature) or expired. `code` says which."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _sign(secret: str, signing_input: str) -> str:
    return _b64(hmac.new(secret.encode(), signing_input.encode(), hashlib.sha256).digest())


def issue(secret: str, player_id: str, now: int, ttl: int) -> tuple[str, Claims]:
    claims = Claims(sub=player_id, iat=now, exp=now + ttl)
    header = _b64(json.dumps(HEADER, separators=(",", ":")).encode())
    payload = _b64(claims.model_dump_json().encode())
    signing_input = f"{header}.{payload}"
    return f"{signing_input}.{_sign(secret, signing_input)}", claims


def verify(secret: str, token: str, now: int) -> Claims:
    parts = token.split(".")
    if len(parts) != 3:
        raise BadToken("invalid_token", "the token is not a signed JWT")
    header, payload, signature = parts
    if not hmac.compare_digest(signature, _sign(secret, f"{header}.{payload}")):
        raise BadToken("invalid_token", "the token's signature is wrong")
    try:
        if json.loads(_unb64(header)) != HEADER:
            raise BadToken("invalid_token", "unsupported token header")
        claims = Claims.model_validate(_parse(_unb64(payload)))
    except (ValueError, ValidationError):
        raise BadToken("invalid_token", "the token's claims are malformed") from None
    if claims.exp <= now:
        raise BadToken("token_expired", "the token has expired; sign in again")
    return claims


def _parse(raw: bytes) -> Any:
    return json.loads(raw)
