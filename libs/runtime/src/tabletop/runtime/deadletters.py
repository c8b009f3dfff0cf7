"""Parking poison messages: a consumer that cannot process a message after a
bounded number of attempts copies it, with the reason, to the namespace's
dead-letter stream, terminates it, counts it, and goes on.

Without this, one message that can never succeed (a well-formed commit of a
game this build does not know, say) is redelivered forever; leaderboards,
which keep one commit in flight to rate games in stream order, would never
move past it. JetStream's own `max_deliver` is not used for this: past it the
server drops the message with nothing but an advisory, and the reason is
lost. Here the handler's verdict decides:

- `TERM` (malformed: it can never be processed): parked at once;
- `NAK` on the `max_attempts`-th delivery: parked instead of redelivered;
- a message delivered more than `max_attempts` times (its handler crashed or
  hung every time, so it was never settled) is parked before it is handled.

Parked messages keep their body and say, in headers, which consumer gave up,
why, the original subject, stream sequence and deliveries. The dead-letter
publish is deduplicated (`Nats-Msg-Id` = consumer + stream sequence), so a
crash between it and the terminate parks the message once. When the publish
itself fails the message is naked as before: nothing is ever dropped unparked.
"""

from __future__ import annotations

import logging
import re

from faststream.nats.annotations import NatsMessage
from nats.js import JetStreamContext
from prometheus_client import CollectorRegistry, Counter

from .wiring import Verdict, settle

log = logging.getLogger("tabletop.runtime.deadletters")

REASON_HEADER = "Tabletop-Reason"
MAX_REASON = 512


class DeadLetters:
    """One consumer's dead-letter box: `settle` instead of `runtime.settle`."""

    def __init__(
        self, consumer: str, subject: str, max_attempts: int, registry: CollectorRegistry
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.consumer = consumer
        self.subject = subject
        self.max_attempts = max_attempts
        self.js: JetStreamContext | None = None  # bound at startup
        self.parked = Counter(
            "tabletop_dead_letters",
            "Messages parked in the dead-letter stream, by consumer and cause "
            "(malformed, exhausted: attempts used up, unsettled: never acked or naked)",
            ["consumer", "cause"],
            registry=registry,
        )

    def bind(self, js: JetStreamContext) -> None:
        self.js = js

    async def parked_unsettled(self, msg: NatsMessage) -> bool:
        """Park a message delivered more often than it may be attempted
        (its handler never settled it); True when it was parked."""
        delivered = msg.raw_message.metadata.num_delivered
        if delivered <= self.max_attempts:
            return False
        reason = f"delivered {delivered} times and never settled (crash or timeout)"
        return await self.park(msg, "unsettled", reason)

    async def settle(
        self, msg: NatsMessage, verdict: Verdict, retry_delay: float, reason: str = ""
    ) -> None:
        """Settle as `runtime.settle` does, but park a malformed message, or
        one that failed on its last allowed attempt."""
        delivered = msg.raw_message.metadata.num_delivered
        if verdict is Verdict.TERM:
            if await self.park(msg, "malformed", reason or "malformed"):
                return
            verdict = Verdict.NAK  # not parked: keep it, never drop it silently
        elif verdict is Verdict.NAK and delivered >= self.max_attempts:
            why = f"failed {delivered} attempts: {reason or 'no reason given'}"
            if await self.park(msg, "exhausted", why):
                return
        await settle(msg, verdict, retry_delay)

    async def park(self, msg: NatsMessage, cause: str, reason: str) -> bool:
        """Copy the message to the dead-letter stream, then terminate it."""
        if self.js is None:
            raise RuntimeError("DeadLetters.bind(js) first")
        raw = msg.raw_message
        meta = raw.metadata
        headers = {
            "Nats-Msg-Id": f"{self.consumer}-{meta.sequence.stream}",
            "Tabletop-Consumer": self.consumer,
            "Tabletop-Cause": cause,
            REASON_HEADER: _header_value(reason),
            "Tabletop-Subject": raw.subject,
            "Tabletop-Stream-Seq": str(meta.sequence.stream),
            "Tabletop-Deliveries": str(meta.num_delivered),
        }
        try:
            await self.js.publish(self.subject, raw.data, headers=headers)
        except Exception:
            log.exception("could not park a message; it stays in the stream",
                          extra={"consumer": self.consumer, "subject": raw.subject})  # fmt: skip
            return False
        await msg.reject()
        self.parked.labels(consumer=self.consumer, cause=cause).inc()
        log.error(
            "parked a message in the dead-letter stream: %s",
            reason,
            extra={"consumer": self.consumer, "subject": raw.subject, "cause": cause,
                   "stream_seq": meta.sequence.stream},
        )  # fmt: skip
        return True


def _header_value(text: str) -> str:
    """One line of printable text (NATS headers cannot hold line breaks)."""
    return re.sub(r"[\r\n\t]+", " ", text).strip()[:MAX_REASON] or "-"
