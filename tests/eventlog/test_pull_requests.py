"""The pull consumer's side of the protocol on a link that records what it
is sent: the request it makes, which statuses end a request (and which are
errors or someone else's), deliveries that come after a fetch gave up, and
the ack subject's fields."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

import pytest

from tabletop.eventlog.pull import Delivery, PullConsumer, PullError, delivery
from tabletop.eventlog.wire import Handler, Inbound

ACK_SUBJECT = "$JS.ACK.S.C.{delivered}.{seq}.{seq}.1700000000000000000.0"


class Recorded:
    """A `Link` that keeps what is published and lets the test deliver."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bytes, str]] = []
        self.handlers: dict[int, Handler] = {}

    async def subscribe(self, subject: str, handler: Handler, queue: str = "") -> int:
        self.handlers[len(self.handlers) + 1] = handler
        return len(self.handlers)

    async def unsubscribe(self, sid: int) -> None:
        self.handlers.pop(sid, None)

    async def publish(
        self,
        subject: str,
        payload: bytes,
        reply: str = "",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.sent.append((subject, payload, reply))

    def request(
        self, subject: str, payload: bytes, headers: Mapping[str, str] | None = None
    ) -> asyncio.Future[Inbound]:
        raise NotImplementedError

    async def flush(self) -> None:
        return None

    def deliver(self, seq: int, delivered: int = 1) -> None:
        reply = ACK_SUBJECT.format(delivered=delivered, seq=seq)
        self._handler(Inbound(f"games.g{seq}", reply, {"Nats-Msg-Id": str(seq)}, b"%d" % seq))

    def status(self, code: str, request: int | None = None) -> None:
        reply = self.sent[-1][2] if request is None else self.sent[request][2]
        self._handler(Inbound(reply, "", {"Status": code, "Description": "said"}, b""))

    def _handler(self, msg: Inbound) -> None:
        for handler in self.handlers.values():
            handler(msg)


async def fetching(
    link: Recorded, batch: int = 3, expires: float = 5.0
) -> asyncio.Task[list[Inbound]]:
    pull = PullConsumer(link, "S", "C")
    await pull.start()
    return asyncio.create_task(pull.fetch(batch, expires))


async def test_the_request_asks_for_the_batch_at_once_or_the_first_to_come() -> None:
    link = Recorded()
    fetch = await fetching(link, batch=3, expires=2.5)
    await asyncio.sleep(0)
    subject, payload, reply = link.sent[0]
    assert subject == "$JS.API.CONSUMER.MSG.NEXT.S.C" and reply.startswith("_INBOX.")
    assert json.loads(payload) == {"batch": 3, "expires": 2_500_000_000, "no_wait": True}
    for seq in (1, 2, 3):
        link.deliver(seq)
    got = await fetch  # a full batch: no status needed
    assert [delivery(m.reply).stream_seq for m in got] == [1, 2, 3]


@pytest.mark.parametrize("code", ["404", "408", "409"])
async def test_a_status_ends_the_request_with_what_came(code: str) -> None:
    link = Recorded()
    fetch = await fetching(link)
    await asyncio.sleep(0)
    link.deliver(1)
    link.status("100")  # a heartbeat ends nothing
    await asyncio.sleep(0)
    assert not fetch.done()
    link.status(code)
    assert [m.data for m in await fetch] == [b"1"]


async def test_another_status_is_an_error_and_what_came_waits_for_the_next_fetch() -> None:
    link = Recorded()
    pull = PullConsumer(link, "S", "C")
    await pull.start()
    fetch = asyncio.create_task(pull.fetch(3))
    await asyncio.sleep(0)
    link.deliver(1)
    link.status("503")
    with pytest.raises(PullError) as raised:
        await fetch
    assert (raised.value.status, raised.value.description) == ("503", "said")
    assert [m.data for m in await pull.fetch(3)] == [b"1"]  # no request for it
    assert len(link.sent) == 1


async def test_an_earlier_requests_status_is_ignored_and_its_late_deliveries_kept() -> None:
    link = Recorded()
    pull = PullConsumer(link, "S", "C")
    await pull.start()
    assert await pull.fetch(3, expires=0.01) == []  # nothing heard: given up after the grace
    fetch = asyncio.create_task(pull.fetch(3))
    await asyncio.sleep(0)
    link.status("408", request=0)  # the first request's end, late
    link.deliver(1)  # the first request's delivery, late
    await asyncio.sleep(0)
    assert not fetch.done()
    link.deliver(2)
    link.status("404")
    assert [m.data for m in await fetch] == [b"1", b"2"]
    link.deliver(3)  # after the second ended: kept for the next fetch
    assert [m.data for m in await pull.fetch(3)] == [b"3"]
    assert len(link.sent) == 2


async def test_acks_and_naks_go_to_the_messages_reply_subject() -> None:
    link = Recorded()
    pull = PullConsumer(link, "S", "C")
    msg = Inbound("games.g", ACK_SUBJECT.format(delivered=1, seq=5), None, b"")
    await pull.ack(msg)
    await pull.nak(msg)
    await pull.nak(msg, delay=1.5)
    assert [(s, p) for s, p, _ in link.sent] == [
        (msg.reply, b""),
        (msg.reply, b"-NAK"),
        (msg.reply, b'-NAK {"delay": 1500000000}'),
    ]


def test_the_ack_subject_gives_the_delivery_count_and_stream_sequence() -> None:
    assert delivery("$JS.ACK.S.C.3.41.40.1700000000000000000.7") == Delivery(3, 41)
    with_domain = "$JS.ACK.hub.ACCHASH.S.C.2.41.40.1700000000000000000.7"
    assert delivery(with_domain) == Delivery(2, 41)
    assert delivery(with_domain + ".r4nd0m") == Delivery(2, 41)
    for other in ("", "_INBOX.x.1", "$JS.ACK.S.C.1.2", "$JS.API.S.C.3.41.40.1.7"):
        with pytest.raises(ValueError):
            delivery(other)
