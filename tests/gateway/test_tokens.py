"""The gateway's bearer tokens (PyJWT): signed, expiring, refused when
tampered with; keys rotate by `kid`; production needs a configured secret."""

from __future__ import annotations

import jwt
import pytest
from pydantic import ValidationError

from tabletop.gateway.settings import GatewaySettings
from tabletop.gateway.tokens import BadToken, TokenKeys, issue, verify

SECRET = "a-test-secret-0123456789-abcdefghij"
KEYS = TokenKeys.single(SECRET)


def test_a_token_names_its_player_until_it_expires() -> None:
    token, claims = issue(KEYS, "guest-1", now=1000, ttl=60)
    assert verify(KEYS, token, now=1059).sub == "guest-1" and claims.exp == 1060
    with pytest.raises(BadToken) as expired:
        verify(KEYS, token, now=1060)
    assert expired.value.code == "token_expired"


def test_a_token_is_a_standard_jwt_with_a_key_id() -> None:
    token, _ = issue(TokenKeys.single(SECRET, kid="2026-12"), "guest-1", now=1000, ttl=60)
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "JWT", "kid": "2026-12"}
    claims = jwt.decode(token, SECRET, algorithms=["HS256"], options={"verify_exp": False})
    assert claims == {"sub": "guest-1", "iat": 1000, "exp": 1060}


@pytest.mark.parametrize(
    "tamper",
    [
        lambda t: t[:-2] + ("AA" if not t.endswith("AA") else "BB"),  # signature
        lambda t: (
            t.split(".")[0]
            + ".eyJzdWIiOiJndWVzdC0yIiwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9."
            + t.split(".")[2]
        ),  # another player's claims under the old signature
        lambda t: "not-a-token",
        lambda t: t + ".extra",
    ],
)
def test_forged_or_malformed_tokens_are_refused(tamper: object) -> None:
    token, _ = issue(KEYS, "guest-1", now=1000, ttl=60)
    with pytest.raises(BadToken) as refused:
        verify(KEYS, tamper(token), now=1001)  # type: ignore[operator]
    assert refused.value.code == "invalid_token"


def test_alg_none_and_other_algorithms_are_refused() -> None:
    unsigned = jwt.encode({"sub": "guest-1", "iat": 1, "exp": 9999999999}, None, "none",
                          headers={"kid": "1"})  # fmt: skip
    with pytest.raises(BadToken):
        verify(KEYS, unsigned, now=2)
    hs512 = jwt.encode({"sub": "guest-1", "iat": 1, "exp": 9999999999}, SECRET + SECRET,
                       "HS512", headers={"kid": "1"})  # fmt: skip
    with pytest.raises(BadToken):
        verify(TokenKeys.single(SECRET + SECRET), hs512, now=2)


def test_a_token_signed_with_another_secret_is_refused() -> None:
    token, _ = issue(TokenKeys.single("another-secret-0123456789-abcdefghij"), "guest-1", 1000, 60)
    with pytest.raises(BadToken):
        verify(KEYS, token, now=1001)


def test_rotation_signs_with_the_new_key_and_still_accepts_the_old_one() -> None:
    old = TokenKeys.single(SECRET, kid="old")
    old_token, _ = issue(old, "guest-1", now=1000, ttl=60)
    new_secret = "the-new-secret-0123456789-abcdefghij"
    rotated = TokenKeys.parse("new", new_secret, [f"old:{SECRET}"])
    new_token, _ = issue(rotated, "guest-2", now=1000, ttl=60)
    assert jwt.get_unverified_header(new_token)["kid"] == "new"
    assert verify(rotated, old_token, now=1001).sub == "guest-1"
    assert verify(rotated, new_token, now=1001).sub == "guest-2"
    # Once the old key is dropped, its tokens are refused; unknown kids too.
    with pytest.raises(BadToken) as dropped:
        verify(TokenKeys.single(new_secret, kid="new"), old_token, now=1001)
    assert dropped.value.code == "invalid_token" and "key" in dropped.value.message


@pytest.mark.parametrize(
    "previous",
    [["no-colon"], ["k:short"], ["1:" + SECRET]],  # malformed, weak, kid twice
)
def test_bad_rotation_settings_are_refused(previous: list[str]) -> None:
    with pytest.raises(ValueError):
        TokenKeys.parse("1", SECRET, previous)


def test_production_refuses_to_start_without_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GATEWAY_TOKEN_SECRET", raising=False)
    monkeypatch.delenv("TABLETOP_ENV", raising=False)
    with pytest.raises(ValidationError, match="GATEWAY_TOKEN_SECRET"):
        GatewaySettings()  # production is the default
    monkeypatch.setenv("TABLETOP_ENV", "development")
    dev = GatewaySettings()
    assert dev.secret_generated and len(dev.token_keys.secret) >= 32
    assert GatewaySettings().token_keys.secret != dev.token_keys.secret  # one per process
    monkeypatch.setenv("TABLETOP_ENV", "production")
    monkeypatch.setenv("GATEWAY_TOKEN_SECRET", SECRET)
    monkeypatch.setenv("GATEWAY_TOKEN_KID", "2026-12")
    monkeypatch.setenv("GATEWAY_TOKEN_PREVIOUS_SECRETS", f"2026-06:{'o' * 32}")
    prod = GatewaySettings()
    assert not prod.secret_generated
    assert prod.token_keys == TokenKeys("2026-12", {"2026-12": SECRET, "2026-06": "o" * 32})
    monkeypatch.setenv("GATEWAY_TOKEN_SECRET", "too-short")
    with pytest.raises(ValidationError):
        GatewaySettings()
