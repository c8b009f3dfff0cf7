"""What the hot path needs of a NATS connection (`Link`), on `Wire` or on
nats-py (`NatsLink`), and `open_link` choosing between them (ADR 28)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Protocol

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription

from .wire import Handler, Inbound, Replies, Wire, parse_servers

log = logging.getLogger("tabletop.eventlog.links")


class Link(Protocol):
    """Subscribe handlers, publish, and publish for one reply."""

    async def subscribe(self, subject: str, handler: Handler, queue: str = "") -> int: ...

    async def unsubscribe(self, sid: int) -> None: ...

    async def publish(
        self,
        subject: str,
        payload: bytes,
        reply: str = "",
        headers: Mapping[str, str] | None = None,
    ) -> None: ...

    def request(
        self, subject: str, payload: bytes, headers: Mapping[str, str] | None = None
    ) -> asyncio.Future[Inbound]: ...

    async def flush(self) -> None: ...


class NatsLink:
    """A `Link` on a nats-py client (a `tls://` server, or a log built
    around a client in tests): handlers are called from nats-py's
    subscription tasks, and replies come to one wildcard inbox of ours
    (`JetStreamContext.publish` made a `Client.request` per message: a fresh
    inbox token, `asyncio.wait_for` and a `PubAck` built by reflection)."""

    def __init__(self, nc: Client) -> None:
        self._nc = nc
        self._subs: dict[int, Subscription] = {}
        self.replies = Replies(f"{nc.new_inbox()}.")
        self._listening = False  # the inbox is subscribed by the first request
        self._subscribing = asyncio.Lock()

    async def subscribe(self, subject: str, handler: Handler, queue: str = "") -> int:
        async def received(msg: Msg) -> None:
            handler(_inbound(msg))

        sub = await self._nc.subscribe(subject, queue=queue, cb=received)
        self._subs[sub._id] = sub
        return sub._id

    async def unsubscribe(self, sid: int) -> None:
        sub = self._subs.pop(sid, None)
        if sub is not None:
            await sub.unsubscribe()

    async def publish(
        self,
        subject: str,
        payload: bytes,
        reply: str = "",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        await self._nc.publish(subject, payload, reply=reply, headers=dict(headers or {}) or None)

    def request(
        self, subject: str, payload: bytes, headers: Mapping[str, str] | None = None
    ) -> asyncio.Future[Inbound]:
        reply, future = self.replies.expect()
        sending = asyncio.ensure_future(self._send_request(subject, payload, reply, headers))
        sending.add_done_callback(lambda done: _fail_with(future, done))
        return future

    async def _send_request(
        self, subject: str, payload: bytes, reply: str, headers: Mapping[str, str] | None
    ) -> None:
        if not self._listening:
            async with self._subscribing:
                if not self._listening:
                    await self.subscribe(f"{self.replies.prefix}*", self.replies.answered)
                    self._listening = True
        await self.publish(subject, payload, reply, headers)

    async def flush(self) -> None:
        await self._nc.flush()


def _inbound(msg: Msg) -> Inbound:
    return Inbound(msg.subject, msg.reply, msg.headers, msg.data)


def _fail_with(future: asyncio.Future[Inbound], sending: asyncio.Future[None]) -> None:
    error = None if sending.cancelled() else sending.exception()
    if error is not None and not future.done():
        future.set_exception(error)


async def open_link(url: str, nc: Client, name: str) -> Wire | NatsLink:
    """A `Wire` of its own to the servers of `url`, or `nc` as a `NatsLink`
    where `Wire` does not speak the scheme (`tls://`)."""
    try:
        parse_servers(url)
    except ValueError as exc:
        log.info("hot path on nats-py: %s", exc)
        return NatsLink(nc)
    return await Wire.connect(url, name)
