"""The gateway's bearer tokens: signed, expiring, refused when tampered with."""

from __future__ import annotations

import pytest

from tabletop.gateway.tokens import BadToken, issue, verify

SECRET = "a-test-secret-0123456789"


def test_a_token_names_its_player_until_it_expires() -> None:
    token, claims = issue(SECRET, "guest-1", now=1000, ttl=60)
    assert verify(SECRET, token, now=1059).sub == "guest-1" and claims.exp == 1060
    with pytest.raises(BadToken) as expired:
        verify(SECRET, token, now=1060)
    assert expired.value.code == "token_expired"


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
    token, _ = issue(SECRET, "guest-1", now=1000, ttl=60)
    with pytest.raises(BadToken) as refused:
        verify(SECRET, tamper(token), now=1001)  # type: ignore[operator]
    assert refused.value.code == "invalid_token"


def test_a_token_signed_with_another_secret_is_refused() -> None:
    token, _ = issue("another-secret-0123456789", "guest-1", now=1000, ttl=60)
    with pytest.raises(BadToken):
        verify(SECRET, token, now=1001)
