"""JetStream publish acknowledgements over one reply subscription.

`JetStreamContext.publish` is a `Client.request` per message: a fresh inbox
token, a future with a done-callback, `asyncio.wait_for` (a second future and
its callbacks), then the ack parsed into a `PubAck` dataclass by reflection.
Measured on this code's append (64 in flight, uvloop): 41-45 µs of client CPU
per append, 22-27 µs this way. Same messages on the wire: the append is
published with a reply subject under one wildcard subscription of our own,
and its ack (or the server's no-responders status) resolves a future from a
table; one timer per append gives up after `timeout`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import TimeoutError as NatsTimeout
from nats.js.api import Header
from nats.js.errors import NoStreamResponseError

NO_RESPONDERS = "503"


class Acks:
    """Publishes to JetStream and returns each message's ack as a dict
    (`{"stream", "seq", "duplicate"?}` or `{"error": {...}}`)."""

    def __init__(self, nc: Client, timeout: float = 5.0) -> None:
        self._nc, self._timeout = nc, timeout
        self._prefix = ""
        self._sub: Subscription | None = None
        self._subscribing = asyncio.Lock()
        self._waiting: dict[str, asyncio.Future[bytes]] = {}
        self._sent = 0

    async def publish(
        self, subject: str, payload: bytes, headers: dict[str, str]
    ) -> dict[str, Any]:
        """The ack of `payload` published to `subject`. Raises
        `NoStreamResponseError` when no stream takes the subject and
        `nats.errors.TimeoutError` when no ack came in time."""
        if self._sub is None:
            await self._subscribe()
        self._sent += 1
        token = str(self._sent)
        future = asyncio.get_running_loop().create_future()
        self._waiting[token] = future
        try:
            await self._nc.publish(subject, payload, reply=self._prefix + token, headers=headers)
            timer = asyncio.get_running_loop().call_later(self._timeout, _expire, future)
            try:
                data = await future
            finally:
                timer.cancel()
        finally:
            self._waiting.pop(token, None)
        ack: dict[str, Any] = json.loads(data)
        return ack

    async def _subscribe(self) -> None:
        async with self._subscribing:
            if self._sub is None:
                prefix = f"{self._nc.new_inbox()}."
                self._sub = await self._nc.subscribe(f"{prefix}*", cb=self._received)
                self._prefix = prefix

    async def _received(self, msg: Msg) -> None:
        future = self._waiting.pop(msg.subject[len(self._prefix) :], None)
        if future is None or future.done():
            return  # given up on (timed out, cancelled)
        if not msg.data and msg.headers and msg.headers.get(Header.STATUS) == NO_RESPONDERS:
            future.set_exception(NoStreamResponseError())
        else:
            future.set_result(msg.data)

    async def close(self) -> None:
        sub, self._sub = self._sub, None
        if sub is not None:
            await sub.unsubscribe()


def _expire(future: asyncio.Future[bytes]) -> None:
    if not future.done():
        future.set_exception(NatsTimeout())
