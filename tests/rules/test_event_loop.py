"""The rules process's event loop: uvloop by default, asyncio on request."""

from __future__ import annotations

import asyncio

import pytest
import uvloop

from tabletop.rules.__main__ import event_loop_factory
from tabletop.rules.settings import RulesSettings


def loop_of(monkeypatch: pytest.MonkeyPatch, name: str | None) -> asyncio.AbstractEventLoop:
    """The loop the service runs on with RULES_EVENT_LOOP set to `name`."""
    if name is None:
        monkeypatch.delenv("RULES_EVENT_LOOP", raising=False)
    else:
        monkeypatch.setenv("RULES_EVENT_LOOP", name)
    with asyncio.Runner(loop_factory=event_loop_factory(RulesSettings().event_loop)) as runner:
        return runner.run(_running())


async def _running() -> asyncio.AbstractEventLoop:
    return asyncio.get_running_loop()


def test_the_default_loop_is_uvloop(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(loop_of(monkeypatch, None), uvloop.Loop)


def test_asyncio_is_kept_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not isinstance(loop_of(monkeypatch, "asyncio"), uvloop.Loop)


def test_an_unknown_loop_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_EVENT_LOOP", "trio")
    with pytest.raises(ValueError):
        RulesSettings()
