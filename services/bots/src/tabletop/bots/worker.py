"""One commit in, at most one bot move out: what a bots worker does with
each message of its consumer, apart from NATS plumbing.

The move's command id is `bot-<game>-<seq>-<seat>`: a redelivered commit, or
two workers racing on it, submit the same id and the rules service lands it
once (the second answer is `duplicate_command`). The worker acks only after
the rules service answered; on no answer it naks and the commit comes back.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from tabletop.eventlog import Commit, GameHeads
from tabletop.kernel import Code, Command, Game, UnknownGame
from tabletop.messaging import Refusal, RulesClient, ServiceCode, SubmitCommand, Unavailable
from tabletop.messaging.matchmaking import Seating
from tabletop.messaging.seating import SeatingDirectory
from tabletop.policies import deliberate, resolve
from tabletop.runtime import Verdict

from .metrics import BotsMetrics
from .policy import bounded_policy
from .stand_ins import may_have_stand_ins, with_stand_ins

log = logging.getLogger("tabletop.bots")

# The move is in the log already, or no longer wanted: the commit is handled.
HANDLED = {
    ServiceCode.DUPLICATE_COMMAND, ServiceCode.STALE_COMMAND, Code.NOT_YOUR_TURN, Code.GAME_OVER,
}  # fmt: skip
# Worth another try later: the commit is naked and redelivered.
TRANSIENT = {ServiceCode.CONFLICT, ServiceCode.UNAVAILABLE, ServiceCode.INTERNAL}


@dataclass(frozen=True, slots=True)
class Move:
    seat: int
    command: Command
    command_id: str
    iterations: int = 0  # search iterations the policy ran (0: it did not search)


def move_seed(game_id: str, seq: int, seat: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{game_id}:{seq}:{seat}".encode()).digest()[:8])


def plan_move(game: Game, state: Any, game_id: str, seq: int, bots: dict[int, str]) -> Move | None:
    """The move of the first bot seat that must act after commit `seq`, or None.
    `bots` maps a bot seat to its policy spec, which must be bounded
    (`bounded_policy`). The seed is derived from (game, seq, seat): a
    redelivered commit picks the same move."""
    acting = [seat for seat in game.to_act(state) if seat in bots]
    if not acting:
        return None
    seat = acting[0]
    if not game.legal_commands(state, seat):
        return None
    seed = move_seed(game_id, seq, seat)
    choice = deliberate(bounded_policy(bots[seat]), game, state, seat, seed)
    return Move(seat, choice.command, f"bot-{game_id}-{seq}-{seat}", choice.iterations)


class BotWorker:
    def __init__(
        self, heads: GameHeads, seats: SeatingDirectory, rules: RulesClient, metrics: BotsMetrics
    ) -> None:
        self.heads = heads
        self.seats = seats
        self.rules = rules
        self.metrics = metrics
        self._warned: set[tuple[str, int]] = set()  # (game, seat) whose level fell back

    async def handle(self, data: bytes) -> Verdict:
        return (await self.settlement(data))[0]

    async def settlement(self, data: bytes) -> tuple[Verdict, str]:
        """What to answer JetStream for one commit, and what became of it
        (the reason a commit is parked once its attempts are used up)."""
        verdict, result = await self._handle(data)
        self.metrics.commits.labels(result=result).inc()
        return verdict, result

    async def _handle(self, data: bytes) -> tuple[Verdict, str]:
        try:
            commit = Commit.from_bytes(data)
        except ValidationError:
            log.error("malformed commit on the games stream")
            return Verdict.TERM, "malformed"
        seating = await self.seats.seating(commit.game_id)
        bots = self.policy_specs(seating) if seating is not None else {}
        # A seat that left a game of 3-4 is played by a stand-in (the game's
        # head says which): only games that can have one are loaded without bots.
        if not bots and not may_have_stand_ins(commit):
            return Verdict.ACK, "no_bot"
        try:
            head = await self.heads.head(commit.game_id)
        except UnknownGame:
            return Verdict.ACK, "unknown_game"
        where = {"game_id": commit.game_id, "seq": commit.seq}
        if head is None or head.seq != commit.seq:
            # A later commit's message decides.
            log.info("commit seen; the game is at seq %s", head and head.seq, extra=where)
            return Verdict.ACK, "stale"
        bots = with_stand_ins(head, bots)
        if not bots:
            return Verdict.ACK, "no_bot"
        acting = head.game.to_act(head.state)
        log.info("commit seen; to act %s, bots %s", acting, sorted(bots), extra=where)
        started = time.perf_counter()
        # Search policies think for a while: off the event loop, so acks and pings go on.
        move = await asyncio.to_thread(
            plan_move, head.game, head.state, commit.game_id, commit.seq, bots
        )
        self.metrics.think_seconds.observe(time.perf_counter() - started)
        if move is None:
            return Verdict.ACK, "no_turn"
        log.info(
            "move chosen: %s",
            getattr(move.command, "type", "?"),
            extra={**where, "seat": move.seat},
        )
        if move.iterations:
            self.metrics.search_iterations.observe(move.iterations)
        return await self.submit(commit, move)

    def policy_specs(self, seating: Seating) -> dict[int, str]:
        """Each bot seat's bounded policy spec, from its level. A level the game
        does not have plays the default level: logged once per seat, counted
        every time (`tabletop_bots_level_fallbacks_total`)."""
        specs: dict[int, str] = {}
        for seat, level in seating.bot_seats().items():
            played = resolve(seating.game, level)
            if played.fell_back:
                self.metrics.level_fallbacks.inc()
                if (seating.game_id, seat) not in self._warned:
                    self._warned.add((seating.game_id, seat))
                    log.warning(
                        "bot level %r is not one of %s's; playing %r",
                        level, seating.game, played.level,
                        extra={"game_id": seating.game_id, "seat": seat},
                    )  # fmt: skip
            specs[seat] = played.spec
        return specs

    async def submit(self, commit: Commit, move: Move) -> tuple[Verdict, str]:
        request = SubmitCommand(
            game_id=commit.game_id,
            command_id=move.command_id,
            command=move.command.model_dump(mode="json"),
            expected_seq=commit.seq,
        )
        where = {"game_id": commit.game_id, "seq": commit.seq, "seat": move.seat}
        try:
            accepted = await self.rules.submit(request)
        except Unavailable:
            self.metrics.moves.labels(answer="no_answer").inc()
            log.warning("rules did not answer; the commit will come back", extra=where)
            return Verdict.NAK, "retry"
        except Refusal as refusal:
            self.metrics.moves.labels(answer=refusal.code).inc()
            if refusal.code in HANDLED:
                log.info("move not needed: %s", refusal.code, extra=where)
                return Verdict.ACK, "handled"
            if refusal.code in TRANSIENT:
                log.warning("move refused for now (%s); the commit will come back",
                            refusal.code, extra=where)  # fmt: skip
                return Verdict.NAK, "retry"
            # A refused move is a policy bug; retrying the same move would loop.
            log.error("rules refused a bot move: %s", refusal, extra=where)
            return Verdict.ACK, "refused"
        self.metrics.moves.labels(answer="accepted").inc()
        log.info("bot moved", extra={**where, "landed": accepted.seq})
        return Verdict.ACK, "moved"
