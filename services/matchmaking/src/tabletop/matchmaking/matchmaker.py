"""What matchmaking does, apart from the NATS handlers: join, leave, status,
and the periodic tick that backfills with bots and finishes matches.

A match is taken off its queue and recorded as `pending` in one
compare-and-set; then it is started by idempotent steps, in this order:
seating (KV, so bots and the gateway know the seats before the first commit),
the game (rules, with a fixed game id and command id), the archive's seat
list, each ticket marked `matched`, one MatchFound per player, and finally
the pending entry removed. A replica that dies midway leaves the entry
pending; after `retry_after` seconds any replica claims it and replays the
steps, which land once.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable

from nats.aio.client import Client

from tabletop.games import get_game
from tabletop.kernel import IllegalCommand, UnknownGame
from tabletop.kernel.clock import table_clock
from tabletop.messaging import ArchiveClient, RulesClient, ServiceCode, StartGame
from tabletop.messaging.archive import (
    GameSummary,
    GetPlayerGames,
    SeatPlayers,
)
from tabletop.messaging.errors import Refusal, Unavailable
from tabletop.messaging.matchmaking import (
    DEFAULT_LEVEL,
    JoinQueue,
    LeaveQueue,
    MatchFound,
    MatchmakingSubjects,
    Ticket,
    TicketStatus,
)
from tabletop.policies import levels_for

from .metrics import MatchmakingMetrics
from .player_ratings import PlayerRatings
from .private_tables import is_table_queue
from .queues import (
    Match,
    QueueState,
    claim_stale,
    form_matches,
    queue_key,
    with_ticket,
    without_match,
    without_ticket,
)
from .rated_queues import form_rated_matches
from .settings import MatchmakingSettings
from .store import MatchmakingStore

log = logging.getLogger("tabletop.matchmaking")


class Matchmaker:
    def __init__(
        self,
        store: MatchmakingStore,
        nc: Client,
        settings: MatchmakingSettings,
        metrics: MatchmakingMetrics,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.nc = nc
        self.settings = settings
        self.metrics = metrics
        self.clock = clock
        self.rules = RulesClient(nc, settings.namespace, timeout=settings.request_timeout)
        self.archive = ArchiveClient(nc, settings.namespace, timeout=settings.request_timeout)
        self.subjects = MatchmakingSubjects(namespace=settings.namespace)
        self.ratings = PlayerRatings(nc, settings.namespace)

    # --------------------------------------------------------------- requests
    async def join(self, request: JoinQueue) -> Ticket:
        try:
            get_game(request.game).make_config(request.players, **request.options)
            request = request.model_copy(update={"clock": table_clock(request.clock)})
        except (UnknownGame, IllegalCommand) as exc:
            raise Refusal(exc.code, exc.message) from None
        self._check_levels(request)
        key = queue_key(request.game, request.players, request.options, request.clock)
        existing = await self.store.ticket(request.player_id)
        if existing is not None and existing.status == TicketStatus.WAITING:
            if existing.queue != key:
                raise Refusal(
                    ServiceCode.ALREADY_QUEUED,
                    f"{request.player_id} already waits for {existing.game} "
                    f"({existing.players} players); leave that queue first",
                    ticket=existing,
                )
            ticket = existing  # joining twice is one ticket (and repairs a half-done join)
        else:
            await self._check_open_games(request.player_id)
            rating, rated_games = (None, 0)
            if request.bot is None and self.settings.strategy == "rating":
                rating, rated_games = await self.ratings.of(request.game, request.player_id)
            ticket = Ticket(
                ticket_id=uuid.uuid4().hex,
                player_id=request.player_id,
                queue=key,
                game=request.game,
                players=request.players,
                options=request.options,
                bot=request.bot,
                bot_difficulty=request.bot_difficulty or DEFAULT_LEVEL,
                clock=request.clock,
                created_at=self.clock(),
                rating=rating,
                rated_games=rated_games,
                bot_level_asked=request.bot_difficulty is not None,
            )
            # The ticket first: a crash before the queue append is repaired by a retried join.
            await self.store.put_ticket(ticket)
            self.metrics.tickets.labels(event="joined").inc()

        def add(state: QueueState) -> QueueState:
            if state.holds(ticket.ticket_id) or state.pending_match_of(ticket.ticket_id):
                return state
            return with_ticket(state, ticket)

        await self.store.change_queue(key, lambda: self._fresh_queue(request, key), add)
        await self.match(key)
        return await self._settled(ticket)

    @staticmethod
    def _check_levels(request: JoinQueue) -> None:
        """Bots play only the game's named levels (bounded policies)."""
        levels = levels_for(request.game)
        for field, level in (("bot", request.bot), ("bot_difficulty", request.bot_difficulty)):
            if level is not None and level not in levels:
                raise Refusal(
                    ServiceCode.UNKNOWN_LEVEL,
                    f"{field}: {request.game} has no bot level {level!r}; "
                    f"expected one of {', '.join(levels)}",
                )

    async def _check_open_games(self, player_id: str) -> None:
        """Refuse a new ticket to a player with `max_open_games` open games.

        Open: seated in it (the archive's seat list), not finished, and started
        within `open_game_window` seconds; an older unfinished game is taken
        as abandoned and no longer counts (it costs no CPU: nobody moves in
        it). The archive learns of a game a moment after its match starts,
        so two joins racing each other may both pass; the gateway's rate
        per player bounds that."""
        limit = self.settings.max_open_games
        if limit == 0:
            return
        request = GetPlayerGames(player_id=player_id, status="running", limit=min(500, 4 * limit))
        try:
            games = await self.archive.player_games(request)
        except Refusal as refusal:  # fail closed: the cap is what stops a flood of games
            raise Refusal(
                ServiceCode.UNAVAILABLE, f"cannot count open games: {refusal.code}"
            ) from None
        since = self.clock() - self.settings.open_game_window
        open_games = [
            g for g in games
            if g.created_at is None or g.created_at.timestamp() >= since
        ]  # fmt: skip
        if len(open_games) >= limit:
            raise Refusal(
                ServiceCode.TOO_MANY_OPEN_GAMES,
                f"{player_id} has {len(open_games)} unfinished games (at most {limit}); "
                f"finish one first, e.g. {open_games[0].game_id}",
            )

    async def _settled(self, ticket: Ticket) -> Ticket:
        """The ticket once no match holding it is half-started: another task or
        replica may be starting it right now, and the joiner wants the seat."""
        deadline = self.clock() + self.settings.request_timeout
        while True:
            current = await self.store.ticket(ticket.player_id) or ticket
            if current.status != TicketStatus.WAITING or self.clock() > deadline:
                return current
            state = await self.store.queue(ticket.queue)
            if state is None or state.pending_match_of(ticket.ticket_id) is None:
                return current
            await asyncio.sleep(0.05)

    async def leave(self, request: LeaveQueue) -> Ticket:
        ticket = await self.store.ticket(request.player_id)
        if ticket is None:
            raise Refusal(ServiceCode.NO_TICKET, f"{request.player_id} has no ticket")
        if ticket.status == TicketStatus.CANCELLED:
            return ticket
        if ticket.status == TicketStatus.MATCHED:
            raise Refusal(
                ServiceCode.ALREADY_MATCHED, "the ticket is already matched", ticket=ticket
            )

        def remove(state: QueueState) -> QueueState:
            return (
                without_ticket(state, ticket.ticket_id) if state.holds(ticket.ticket_id) else state
            )

        def fresh() -> QueueState:  # a join that died before its queue append
            return QueueState(key=ticket.queue, game=ticket.game, players=ticket.players)

        before, after = await self.store.change_queue(ticket.queue, fresh, remove)
        if not before.holds(ticket.ticket_id) and after.pending_match_of(ticket.ticket_id):
            raise Refusal(ServiceCode.ALREADY_MATCHED, "a match is being started", ticket=ticket)
        cancelled = ticket.model_copy(update={"status": TicketStatus.CANCELLED})
        await self.store.put_ticket(cancelled)
        self.metrics.tickets.labels(event="left").inc()
        return cancelled

    async def status(self, player_id: str) -> Ticket:
        ticket = await self.store.ticket(player_id)
        if ticket is None:
            raise Refusal(ServiceCode.NO_TICKET, f"{player_id} has no ticket")
        return ticket

    # ------------------------------------------------------------------ ticks
    async def tick(self) -> None:
        """Backfill queues whose oldest ticket waited long enough; finish
        matches left pending by a replica that died."""
        depth = 0
        for key in await self.store.queue_keys():
            try:
                await self.match(key)
            except Exception:  # one bad queue must not stop the others
                log.exception("matching failed", extra={"queue": key})
            state = await self.store.queue(key)
            depth += len(state.waiting) if state else 0
        self.metrics.waiting.set(depth)

    async def sweep(self) -> None:
        """The slow periodic work: seatings of finished games, and the delete
        markers that done private tables' queues leave."""
        await self.expire_seatings()
        await self.store.purge_old_deletes(self.settings.seating_retention)

    async def expire_seatings(self) -> int:
        """Delete the seatings of games that finished `seating_retention`
        seconds ago or more; returns how many. A seating is what tells the
        bots and the gateway who sits where while the game is played, so it
        is kept as long as the game is not finished, however long that takes
        (no KV TTL could know). Once it is gone the gateway reads the seats
        from the archive. The archive decides what is finished; a game it
        does not answer for is kept and asked about again next sweep."""
        now = self.clock()
        dropped = 0
        for game_id in await self.store.seated_games():
            summary = await self._archived(game_id)
            if summary is None or summary.status != "finished" or summary.finished_at is None:
                continue
            if now - summary.finished_at.timestamp() < self.settings.seating_retention:
                continue
            await self.store.drop_seating(game_id)
            dropped += 1
        if dropped:
            self.metrics.seatings_expired.inc(dropped)
            log.info("expired seatings of finished games", extra={"count": dropped})
        return dropped

    async def _archived(self, game_id: str) -> GameSummary | None:
        try:
            return await self.archive.game(game_id)
        except Refusal:  # not archived yet, or the archive is down: ask again later
            return None

    async def match(self, key: str) -> None:
        now = self.clock()
        claimed: list[Match] = []

        def take(state: QueueState) -> QueueState:
            formed_state, formed = self._form(state, now)
            claimed_state, stale = claim_stale(formed_state, now, self.settings.retry_after)
            claimed[:] = [*formed, *stale]
            return claimed_state

        await self.store.change_queue(key, self._no_queue, take)
        for match in claimed:
            await self.drive(key, match)
        if is_table_queue(key) and await self.store.drop_queue_if_empty(key):
            # a private table's queue serves one match: once it is driven, the
            # key would otherwise be read by every tick for ever
            log.info("private table's queue done", extra={"queue": key})

    async def drive(self, key: str, match: Match) -> bool:
        """Start and announce `match`; True once done (else it stays pending)."""
        where = {"game_id": match.game_id, "match": match.match_id}
        try:
            await self.store.put_seating(match.seating)
            if not await self._start_game(match):
                return False
            await self._seat_in_archive(match)
            for seat, ticket in enumerate(match.tickets):
                matched = ticket.model_copy(
                    update={"status": TicketStatus.MATCHED, "game_id": match.game_id, "seat": seat}
                )
                await self.store.put_ticket(matched)
                found = MatchFound(player_id=ticket.player_id, ticket_id=ticket.ticket_id,
                                   game_id=match.game_id, game=match.game, seat=seat,
                                   seating=match.seating)  # fmt: skip
                await self.nc.publish(
                    self.subjects.found(ticket.player_id), found.model_dump_json().encode()
                )
            await self.nc.flush()
            await self.store.change_queue(key, self._no_queue,
                                          lambda s: without_match(s, match.match_id))  # fmt: skip
        except Exception:
            log.exception("match not started yet; will retry", extra=where)
            self.metrics.matches.labels(result="retry").inc()
            return False
        bots = len(match.seating.bot_seats())
        self.metrics.matches.labels(result="started").inc()
        self.metrics.wait_seconds.observe(max(0.0, self.clock() - match.tickets[0].created_at))
        log.info(
            "match started", extra={**where, "players": len(match.seating.seats), "bots": bots}
        )
        return True

    async def _start_game(self, match: Match) -> bool:
        request = StartGame(
            game=match.game,
            players=len(match.seating.seats),
            options=match.options,
            clock=match.clock,
            game_id=match.game_id,
            command_id=match.start_command_id,
        )
        try:
            await self.rules.start_game(request)
        except Unavailable:
            raise  # the match stays pending and is retried
        except Refusal as refusal:
            if refusal.code == ServiceCode.DUPLICATE_COMMAND:
                return True  # started before, by this match
            log.error("rules refused to start a match: %s", refusal,
                      extra={"game_id": match.game_id})  # fmt: skip
            self.metrics.matches.labels(result="refused").inc()
            return False
        return True

    async def _seat_in_archive(self, match: Match) -> None:
        """Leaderboards rate a game by the archive's seat list (idempotent)."""
        request = SeatPlayers(game_id=match.game_id, player_ids=match.seating.player_ids)
        await self.archive.seat_players(request)  # a Refusal leaves the match pending

    def _form(self, state: QueueState, now: float) -> tuple[QueueState, list[Match]]:
        if self.settings.strategy == "fcfs":
            return form_matches(state, now, self.settings.bot_wait)
        window = self.settings.window(self.settings.bot_wait)
        return form_rated_matches(state, now, window, list(levels_for(state.game)))

    @staticmethod
    def _fresh_queue(request: JoinQueue, key: str) -> QueueState:
        return QueueState(key=key, game=request.game, players=request.players,
                          options=request.options, clock=request.clock)  # fmt: skip

    @staticmethod
    def _no_queue() -> QueueState:
        raise LookupError("queue vanished")
