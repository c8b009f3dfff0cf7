"""The appends' acknowledgements against a real NATS, on both links (the
lean `Wire` and nats-py): each append gets its own ack, a subject no stream
takes and a silent responder fail as `js.publish` fails, and nothing is
left waiting afterwards."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import TimeoutError as NatsTimeout
from nats.js.api import Header
from nats.js.errors import BadRequestError, NoStreamResponseError

from tabletop.eventlog import EventLog, Topology, ensure_streams
from tabletop.eventlog.acks import Acks
from tabletop.eventlog.links import Link
from tabletop.eventlog.wire import Replies
from tests.eventlog.log_contract import commit_after, new_game_id

pytestmark = pytest.mark.integration


def _waiting(link: Link) -> int:
    """Requests still waiting for a reply (both links keep a `Replies`)."""
    replies: Replies = getattr(link, "replies")  # noqa: B009 (not in the Link protocol)
    return len(replies)


async def test_each_append_gets_its_own_ack(nc: Client, topology: Topology, link: Link) -> None:
    await ensure_streams(nc.jetstream(), topology)
    acks = Acks(link)
    subjects = [topology.game_subject(new_game_id()) for _ in range(50)]
    got = await asyncio.gather(*(acks.publish(s, s.encode(), {}) for s in subjects))
    seqs = [ack["seq"] for ack in got]
    assert len(set(seqs)) == 50 and all(ack["stream"] == topology.games_stream for ack in got)
    for subject, seq in zip(subjects, seqs, strict=True):
        stored = await nc.jetstream().get_msg(topology.games_stream, seq)
        assert stored.subject == subject and stored.data == subject.encode()
    assert not _waiting(link)
    # Nor are answered appends kept until their timeout: the next one forgets them.
    await acks.publish(subjects[0], b"again", {})
    assert len(acks._expiring) == 1


async def test_an_error_ack_is_returned_for_the_caller_to_raise(
    nc: Client, topology: Topology, link: Link
) -> None:
    await ensure_streams(nc.jetstream(), topology)
    ack = await Acks(link).publish(
        topology.game_subject(new_game_id()), b"x", {Header.EXPECTED_STREAM.value: "ANOTHER"}
    )
    assert ack["error"]["err_code"] == 10060  # expected stream does not match


async def test_a_subject_no_stream_takes_is_no_stream_response(nc: Client, link: Link) -> None:
    namespace = f"nostream{uuid.uuid4().hex[:8]}"
    log = EventLog(nc.jetstream(), Topology(namespace=namespace), link)
    with pytest.raises(NoStreamResponseError):
        await log.append(commit_after(None, new_game_id()), 0)
    assert not _waiting(link)


async def test_a_silent_responder_times_out(nc: Client, link: Link) -> None:
    subject = f"silent.{uuid.uuid4().hex}"
    heard: list[Msg] = []

    async def listen(msg: Msg) -> None:
        heard.append(msg)

    await nc.subscribe(subject, cb=listen)
    await nc.flush()
    acks = Acks(link, timeout=0.2)
    with pytest.raises(NatsTimeout):
        await acks.publish(subject, b"x", {})
    assert len(heard) == 1 and not _waiting(link)
    # A late ack for a request given up on is dropped, not delivered to another.
    await nc.publish(heard[0].reply, b'{"stream":"S","seq":1}')
    await nc.flush()
    await link.flush()
    assert not _waiting(link)


class _AnotherStreamName(Topology):
    @property
    def games_stream(self) -> str:
        return "NOT_" + super().games_stream


async def test_an_error_other_than_a_conflict_raises_its_api_error(
    nc: Client, topology: Topology, link: Link
) -> None:
    js = nc.jetstream()
    await ensure_streams(js, topology)
    log = EventLog(js, _AnotherStreamName(namespace=topology.namespace), link)
    with pytest.raises(BadRequestError) as raised:
        await log.append(commit_after(None, new_game_id()), 0)
    assert raised.value.err_code == 10060
