"""A durable pull consumer's fetch and acks over a `Link` (#17).

nats-py's `PullSubscription.fetch` took each message through its
subscription queue and `next_msg`, parsed every message's headers into a
dict, and its `Msg.ack` and `Msg.metadata` cost a publish through its
flusher and a dataclass per message: for the deadline keeper, which sees
every commit, about 7% of a rules process's CPU. `PullConsumer` sends the
same pull request (`$JS.API.CONSUMER.MSG.NEXT.<stream>.<durable>`) with a
reply subject of its own inbox, collects what is delivered in the link's
read pass, and acks by publishing to each message's reply subject: on a
`Wire` a delivery is one parse and an ack one buffered line.

The consumer itself is made and configured elsewhere (nats-py's JetStream
API); only fetching and acknowledging are here.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
from typing import NamedTuple

from .links import Link
from .wire import Inbound

ACK = b""  # the server takes an empty body as +ACK (what nats-py's `Msg.ack` sends)
NAK = b"-NAK"
STATUS = "Status"
HEARTBEAT = "100"
# Statuses that end a pull request in the ordinary way: no messages (404, a
# `no_wait` request with nothing, or nothing more, to deliver), expired (408)
# and a conflict (409: too many requests waiting, a leader change, ...).
ENDS = frozenset({"404", "408", "409"})
GRACE = 1.0  # s past the request's expiry before giving up on hearing its end

# Ack subjects, as nats-py's `Msg.Metadata` reads them (from the front):
#   $JS.ACK.<stream>.<consumer>.<delivered>.<sseq>.<cseq>.<ts>.<pending>
#   $JS.ACK.<domain>.<account hash>.<stream>.<consumer>.<delivered>.<sseq>.<cseq>.<ts>.<pending>
#     (and, from some servers, a random token after them)
_V1_TOKENS = 9
_V2_TOKENS = 11  # and more: a random token may follow


class Delivery(NamedTuple):
    """What a delivered message's ack subject says about it."""

    num_delivered: int  # 1 on the first delivery, more on redeliveries
    stream_seq: int


def delivery(reply: str) -> Delivery:
    """The delivery count and stream sequence of a JetStream message from its
    reply (ack) subject. Raises ValueError for any other subject."""
    tokens = reply.split(".")
    if len(tokens) >= 2 and tokens[0] == "$JS" and tokens[1] == "ACK":
        if len(tokens) == _V1_TOKENS:
            return Delivery(int(tokens[4]), int(tokens[5]))
        if len(tokens) >= _V2_TOKENS:
            return Delivery(int(tokens[6]), int(tokens[7]))
    raise ValueError(f"not a JetStream ack subject: {reply!r}")


class PullError(Exception):
    """The server ended a pull request with an unexpected status (503: no
    consumer answered, a deleted one or a wrong name)."""

    def __init__(self, status: str, description: str) -> None:
        super().__init__(f"pull request ended with {status} {description}".strip())
        self.status, self.description = status, description


class PullConsumer:
    """Fetch batches from the durable consumer `durable` of `stream`, then
    `ack` (or `nak`) each message. `start` subscribes its inbox; `stop`
    unsubscribes it (what was delivered and not acked is redelivered after
    the consumer's ack wait). One fetch at a time."""

    def __init__(self, link: Link, stream: str, durable: str, api_prefix: str = "$JS.API") -> None:
        self._link = link
        self._next = f"{api_prefix}.CONSUMER.MSG.NEXT.{stream}.{durable}"
        self._inbox = f"_INBOX.{secrets.token_hex(11)}."
        self._requests = itertools.count(1)
        self._sid: int | None = None
        self._arrived: list[Inbound] = []
        self._open = ""  # the reply subject of the request in flight
        self._want = 0
        self._ended: asyncio.Future[Inbound | None] | None = None

    async def start(self) -> None:
        if self._sid is None:
            self._sid = await self._link.subscribe(f"{self._inbox}*", self._received)

    async def stop(self) -> None:
        sid, self._sid = self._sid, None
        if sid is not None:
            await self._link.unsubscribe(sid)

    async def fetch(self, batch: int, expires: float = 1.0) -> list[Inbound]:
        """Up to `batch` messages: what the consumer has now or, when it has
        nothing, what comes first within `expires` seconds (empty when
        nothing did). Messages delivered after an earlier fetch gave up on its
        request come first, without a request. Raises `PullError` when the
        server ends the request with an unexpected status."""
        if self._sid is None:
            raise RuntimeError("the pull consumer is not started")
        if batch < 1 or expires <= 0:
            raise ValueError("a fetch needs a batch of at least 1 and a positive expiry")
        if self._arrived:
            return self._take(batch)
        reply = f"{self._inbox}{next(self._requests)}"
        # `no_wait` with `expires`: what is there at once, else the first to come.
        body = b'{"batch":%d,"expires":%d,"no_wait":true}' % (batch, int(expires * 1e9))
        ended = self._ended = asyncio.get_running_loop().create_future()
        self._open, self._want = reply, batch
        status: Inbound | None = None
        try:
            await self._link.publish(self._next, body, reply)
            async with asyncio.timeout(expires + GRACE):
                status = await ended
        except TimeoutError:
            pass  # no end heard (the connection dropped?): what came, the rest next time
        finally:
            self._open, self._ended = "", None
        if status is not None and status.headers is not None:
            code = status.headers.get(STATUS, "")
            if code not in ENDS:
                raise PullError(code, status.headers.get("Description", ""))
        return self._take(batch)

    def _take(self, batch: int) -> list[Inbound]:
        taken, self._arrived = self._arrived[:batch], self._arrived[batch:]
        return taken

    def _received(self, msg: Inbound) -> None:
        if msg.reply:  # a delivery: its reply subject is its ack subject
            self._arrived.append(msg)
            if len(self._arrived) >= self._want:
                ended = self._ended
                if ended is not None and not ended.done():
                    ended.set_result(None)
            return
        # A status on a request's own reply subject (an earlier request's: ignored).
        if msg.subject != self._open or msg.headers is None:
            return
        if msg.headers.get(STATUS) == HEARTBEAT:
            return
        ended = self._ended
        if ended is not None and not ended.done():
            ended.set_result(msg)

    async def ack(self, msg: Inbound) -> None:
        """Acknowledge `msg` (not redelivered after this)."""
        await self._link.publish(msg.reply, ACK)

    async def nak(self, msg: Inbound, delay: float | None = None) -> None:
        """Have `msg` redelivered (after `delay` seconds), as nats-py's `Msg.nak`."""
        payload = NAK
        if delay:
            payload += b" " + json.dumps({"delay": int(delay * 10**9)}).encode()
        await self._link.publish(msg.reply, payload)
