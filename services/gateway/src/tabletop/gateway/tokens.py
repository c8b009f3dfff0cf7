"""Signed bearer tokens: JWTs (HS256, PyJWT) carrying the player id and an
expiry, with a key id (`kid`) in the header so keys can rotate: new tokens
are signed with the current key, tokens of the previous keys stay valid
until they expire. Pure functions; the caller passes the clock."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import jwt
from pydantic import BaseModel, ValidationError

ALGORITHM = "HS256"
KID_PATTERN = r"^[A-Za-z0-9._-]{1,32}$"
# RFC 7518 §3.2: an HS256 key has at least 256 bits (PyJWT warns below that).
MIN_SECRET_LENGTH = 32


class Claims(BaseModel):
    sub: str  # the player id
    iat: int
    exp: int


class BadToken(Exception):
    """Refused: malformed, forged (bad signature), unknown key or expired. `code` says which."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class TokenKeys:
    """The key that signs (`kid`, secret) and every key that verifies, by kid."""

    kid: str
    secrets: dict[str, str]

    @classmethod
    def single(cls, secret: str, kid: str = "1") -> TokenKeys:
        return cls.parse(kid, secret, [])

    @classmethod
    def parse(cls, kid: str, secret: str, previous: Iterable[str]) -> TokenKeys:
        """`previous` holds `kid:secret` entries (GATEWAY_TOKEN_PREVIOUS_SECRETS)."""
        keys = {kid: _checked(kid, secret)}
        for entry in previous:
            old_kid, sep, old_secret = entry.partition(":")
            if not sep:
                raise ValueError("a previous token secret is written kid:secret")
            if old_kid in keys:
                raise ValueError(f"token key id {old_kid!r} is given twice")
            keys[old_kid] = _checked(old_kid, old_secret)
        return cls(kid, keys)

    @property
    def secret(self) -> str:
        return self.secrets[self.kid]


def _checked(kid: str, secret: str) -> str:
    if not re.match(KID_PATTERN, kid):
        raise ValueError(f"token key id {kid!r} must match {KID_PATTERN}")
    if len(secret) < MIN_SECRET_LENGTH:
        raise ValueError(f"token secret {kid!r} is shorter than {MIN_SECRET_LENGTH} characters")
    return secret


def issue(keys: TokenKeys, player_id: str, now: int, ttl: int) -> tuple[str, Claims]:
    claims = Claims(sub=player_id, iat=now, exp=now + ttl)
    token = jwt.encode(claims.model_dump(), keys.secret, ALGORITHM, headers={"kid": keys.kid})
    return token, claims


def verify(keys: TokenKeys, token: str, now: int) -> Claims:
    try:
        header = jwt.get_unverified_header(token)
    except jwt.InvalidTokenError:
        raise BadToken("invalid_token", "the token is not a signed JWT") from None
    secret = keys.secrets.get(str(header.get("kid")))
    if secret is None:
        raise BadToken("invalid_token", "the token is signed with a key this gateway does not know")
    try:
        # The expiry is checked below against the caller's clock, not PyJWT's.
        payload = jwt.decode(
            token,
            secret,
            algorithms=[ALGORITHM],
            options={"verify_exp": False, "verify_iat": False, "require": ["sub", "iat", "exp"]},
        )
        claims = Claims.model_validate(payload)
    except jwt.InvalidSignatureError:
        raise BadToken("invalid_token", "the token's signature is wrong") from None
    except (jwt.InvalidTokenError, ValidationError):
        raise BadToken("invalid_token", "the token's claims are malformed") from None
    if claims.exp <= now:
        raise BadToken("token_expired", "the token has expired; sign in again")
    return claims
