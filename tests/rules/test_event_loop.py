"""The rules process's event loop: uvloop by default, asyncio on request."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import uvloop

from tabletop.rules.__main__ import use_event_loop
from tabletop.rules.settings import RulesSettings


@pytest.fixture
def policy() -> Iterator[None]:
    saved = asyncio.get_event_loop_policy()
    yield
    asyncio.set_event_loop_policy(saved)


def test_the_default_loop_is_uvloop(policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RULES_EVENT_LOOP", raising=False)
    use_event_loop(RulesSettings().event_loop)
    loop = asyncio.new_event_loop()
    try:
        assert isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def test_asyncio_is_kept_when_asked(policy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_EVENT_LOOP", "asyncio")
    use_event_loop(RulesSettings().event_loop)
    loop = asyncio.new_event_loop()
    try:
        assert not isinstance(loop, uvloop.Loop)
    finally:
        loop.close()


def test_an_unknown_loop_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_EVENT_LOOP", "trio")
    with pytest.raises(ValueError):
        RulesSettings()
