"""Which platform the CLI talks to: NATS_URL (or --nats-url) when given, else
the one `tabletop up` recorded in `<data dir>/endpoints.json`, else the
default port. A platform that does not answer is one line, never a traceback."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import nats
from nats.aio.client import Client
from nats.errors import Error as NatsError

from tabletop.devserver import endpoints_path, read_endpoints
from tabletop.messaging import Unavailable

DEFAULT_NATS_URL = "nats://127.0.0.1:4222"
DEFAULT_NAMESPACE = "tabletop"
# Seconds the CLI waits to connect, then for the answers of one command.
CONNECT_PATIENCE = 5.0
PATIENCE = 15.0

T = TypeVar("T")


@dataclass(frozen=True)
class Target:
    nats_url: str
    namespace: str
    source: str  # where the URL came from, for the error line


class Unreachable(Exception):
    """The platform did not answer: the message is the one line to print."""

    def report(self) -> None:
        print(self, file=sys.stderr)  # not rich: one line, never wrapped


def find_platform(nats_url: str | None, namespace: str | None, data_dir: str | Path) -> Target:
    if nats_url:
        return Target(nats_url, namespace or DEFAULT_NAMESPACE, "NATS_URL")
    path = endpoints_path(data_dir)
    recorded = read_endpoints(path)
    if recorded is not None:
        return Target(recorded.nats_url, namespace or recorded.namespace, str(path))
    return Target(DEFAULT_NATS_URL, namespace or DEFAULT_NAMESPACE, "the default")


async def connect(target: Target) -> Client:
    seen: list[Exception] = []

    async def remember(exc: Exception) -> None:
        """Kept for the error line (nats-py would log each with a traceback)."""
        seen.append(exc)

    try:
        # nats-py keeps retrying a refused connection: the deadline ends it.
        async with asyncio.timeout(CONNECT_PATIENCE):
            return await nats.connect(
                target.nats_url,
                connect_timeout=CONNECT_PATIENCE,
                allow_reconnect=False,
                error_cb=remember,
            )
    except (NatsError, OSError, TimeoutError) as exc:
        raise Unreachable(_cannot_connect(target, seen[-1] if seen else exc)) from None


async def answered(target: Target, work: Awaitable[T]) -> T:
    """`work`'s result, or Unreachable when the platform does not answer in time."""
    return await answered_within(target, work, PATIENCE)


async def answered_within(target: Target, work: Awaitable[T], seconds: float | None) -> T:
    """As `answered`, with a deadline of `seconds` (None: `work` keeps its own)."""
    try:
        async with asyncio.timeout(seconds):
            return await work
    except (NatsError, OSError, TimeoutError, Unavailable) as exc:
        raise Unreachable(_no_answer(target, exc)) from None


def _reason(exc: BaseException) -> str:
    return str(exc) or ("timed out" if isinstance(exc, TimeoutError) else type(exc).__name__)


def _cannot_connect(target: Target, exc: BaseException) -> str:
    return (
        f"cannot connect to NATS at {target.nats_url} (from {target.source}): {_reason(exc)}. "
        "Is the platform up (`make run`)? Set NATS_URL to reach another one."
    )


def _no_answer(target: Target, exc: BaseException) -> str:
    return (
        f"no answer from the platform through NATS at {target.nats_url} (from {target.source}), "
        f"namespace {target.namespace}: {_reason(exc)}. Is it up (`make run`), with that "
        "TABLETOP_NAMESPACE?"
    )
