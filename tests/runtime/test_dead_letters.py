"""DeadLetters without a server: a failing message is naked until its last
allowed attempt, then parked (copied with its reason, terminated, counted);
a malformed one is parked at once; one never settled is parked before it is
handled; and when parking fails the message is naked, never dropped."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from tabletop.runtime import DeadLetters, Verdict


@dataclass
class FakeJetStream:
    fail: bool = False
    published: list[tuple[str, bytes, dict[str, str]]] = field(default_factory=list)

    async def publish(self, subject: str, payload: bytes, headers: dict[str, str]) -> None:
        if self.fail:
            raise TimeoutError("no stream answered")
        self.published.append((subject, payload, headers))


class FakeMessage:
    def __init__(self, delivered: int, stream_seq: int = 42) -> None:
        meta = SimpleNamespace(num_delivered=delivered, sequence=SimpleNamespace(stream=stream_seq))
        self.raw_message = SimpleNamespace(subject="ns.games.g-1", data=b"{}", metadata=meta)
        self.calls: list[tuple[str, Any]] = []

    async def ack(self) -> None:
        self.calls.append(("ack", None))

    async def reject(self) -> None:
        self.calls.append(("term", None))

    async def nack(self, delay: float | None = None) -> None:
        self.calls.append(("nak", delay))


def box(js: FakeJetStream, max_attempts: int = 3) -> tuple[DeadLetters, CollectorRegistry]:
    registry = CollectorRegistry()
    letters = DeadLetters("leaderboards", "ns.dead-letters.leaderboards", max_attempts, registry)
    letters.bind(js)  # type: ignore[arg-type]
    return letters, registry


def parked(registry: CollectorRegistry, cause: str) -> float | None:
    labels = {"consumer": "leaderboards", "cause": cause}
    return registry.get_sample_value("tabletop_dead_letters_total", labels)


async def test_a_failing_message_is_retried_then_parked_with_its_reason() -> None:
    js = FakeJetStream()
    letters, registry = box(js)
    for delivered in (1, 2):
        msg = FakeMessage(delivered)
        await letters.settle(msg, Verdict.NAK, 2.0, "unknown game")  # type: ignore[arg-type]
        assert msg.calls == [("nak", 2.0)]
    last = FakeMessage(3)
    await letters.settle(last, Verdict.NAK, 2.0, "unknown game\nno-such")  # type: ignore[arg-type]
    assert last.calls == [("term", None)]
    [(subject, payload, headers)] = js.published
    assert (subject, payload) == ("ns.dead-letters.leaderboards", b"{}")
    assert headers["Tabletop-Cause"] == "exhausted"
    assert headers["Tabletop-Reason"] == "failed 3 attempts: unknown game no-such"
    assert headers["Tabletop-Subject"] == "ns.games.g-1"
    assert headers["Tabletop-Stream-Seq"] == "42" and headers["Tabletop-Deliveries"] == "3"
    assert headers["Nats-Msg-Id"] == "leaderboards-42"  # parked once, even if retried
    assert parked(registry, "exhausted") == 1.0


async def test_malformed_is_parked_at_once_and_acks_pass_through() -> None:
    js = FakeJetStream()
    letters, registry = box(js)
    bad, good = FakeMessage(1), FakeMessage(1)
    await letters.settle(bad, Verdict.TERM, 2.0, "malformed commit")  # type: ignore[arg-type]
    await letters.settle(good, Verdict.ACK, 2.0)  # type: ignore[arg-type]
    assert bad.calls == [("term", None)] and good.calls == [("ack", None)]
    assert parked(registry, "malformed") == 1.0 and len(js.published) == 1


async def test_a_message_never_settled_is_parked_before_it_is_handled() -> None:
    js = FakeJetStream()
    letters, registry = box(js, max_attempts=3)
    assert not await letters.parked_unsettled(FakeMessage(3))  # type: ignore[arg-type]
    crashed = FakeMessage(4)  # three handlers died on it
    assert await letters.parked_unsettled(crashed)  # type: ignore[arg-type]
    assert crashed.calls == [("term", None)] and parked(registry, "unsettled") == 1.0


async def test_when_parking_fails_the_message_is_kept() -> None:
    letters, registry = box(FakeJetStream(fail=True))
    last, bad = FakeMessage(3), FakeMessage(1)
    await letters.settle(last, Verdict.NAK, 1.0, "x")  # type: ignore[arg-type]
    await letters.settle(bad, Verdict.TERM, 1.0, "x")  # type: ignore[arg-type]
    assert last.calls == [("nak", 1.0)] and bad.calls == [("nak", 1.0)]
    assert parked(registry, "exhausted") is None


def test_at_least_one_attempt() -> None:
    with pytest.raises(ValueError):
        DeadLetters("bots", "ns.dead-letters.bots", 0, CollectorRegistry())
