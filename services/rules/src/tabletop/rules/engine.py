"""What the rules service does, apart from NATS: start a game, submit a command.

Stateless by design: every decision is taken on the game's head as read from
the event log, and lands only if the log has not moved since (a conditional
append). When it has, the command is re-read and re-decided, a bounded number
of times. Chance comes from a fresh OS-seeded generator per decision; its
outcomes are recorded in the events, so replays never need it.
"""

from __future__ import annotations

import logging
import os
import random
import secrets
import uuid
from typing import Any

from tabletop.eventlog import (
    AppendConflict,
    CommitLog,
    DuplicateAppend,
    GameHead,
    GameHeads,
    PrunedGames,
    SnapshotStore,
    next_sealed,
)
from tabletop.games.catalog import GameCatalog
from tabletop.kernel import Code, Event, IllegalCommand, UnknownGame
from tabletop.messaging import RulesReply, ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.errors import Refusal

from .lifecycle import (
    DEFAULT_MAX_COMMITS,
    Now,
    cap_events,
    clock_events,
    decide_on_table,
    wall_clock_ms,
)

log = logging.getLogger(__name__)


class _FreshSeeds:
    """128-bit seeds from the OS generator, read a page at a time: one
    `os.urandom` call per decision cost more than the decision. A forked
    child reads its own page (it must never reuse its parent's seeds)."""

    SEED_BYTES = 16

    def __init__(self, seeds_per_read: int = 256) -> None:
        self._size = self.SEED_BYTES * seeds_per_read
        self._pool = b""
        self._at = 0
        self._pid = 0

    def next(self) -> int:
        if self._at >= len(self._pool) or self._pid != os.getpid():
            self._pool, self._at, self._pid = os.urandom(self._size), 0, os.getpid()
        start, self._at = self._at, self._at + self.SEED_BYTES
        return int.from_bytes(self._pool[start : self._at], "big")


_seeds = _FreshSeeds()


# The generator's own (C) methods, which `random.Random` inherits unchanged.
_draw_random = random.Random.random
_draw_bits = random.Random.getrandbits


class _FreshRandom(random.Random):
    """A `random.Random` seeded from `_seeds` at its first draw: most commands
    draw nothing (cards come from decks shuffled at setup), and seeding the
    Mersenne Twister cost more than many decisions (4.8 µs of 8.0 for a
    Schotten Totten card played). Each generator takes at most one seed, the
    fresh one `_seeds` hands out when it is first used.

    Every other method draws through `random()` or `getrandbits()` (CPython
    3.11-3.13's random.py: `_randbelow` is `_randbelow_with_getrandbits`, as
    this class defines `getrandbits`). The first draw seeds it and turns it
    into a plain `random.Random`, whose C methods later draws call directly
    (a method bound before then, e.g. `choices`' `random = self.random`, keeps
    calling these overrides, which only seed once)."""

    def __init__(self) -> None:  # not Random.__init__: it seeds
        self.gauss_next = None

    def random(self) -> float:
        _seed_once(self)
        return _draw_random(self)

    def getrandbits(self, k: int, /) -> int:
        _seed_once(self)
        return _draw_bits(self, k)

    # The state is the seeded generator's; one set or seeded by hand is kept.
    def getstate(self) -> tuple[Any, ...]:
        _seed_once(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        _plain(self)
        random.Random.setstate(self, state)

    def seed(self, *args: Any, **kwds: Any) -> None:
        _plain(self)
        random.Random.seed(self, *args, **kwds)


def _seed_once(rng: random.Random) -> None:
    """Seed a fresh generator at its first draw (later, it is a plain `Random`)."""
    if type(rng) is _FreshRandom:
        random.Random.seed(rng, _seeds.next())
        _plain(rng)


def _plain(rng: random.Random) -> None:
    rng.__class__ = random.Random  # the same layout: only the methods change


def _fresh_rng() -> random.Random:
    """A fresh, OS-seeded generator for one decision, seeded when first drawn from."""
    return _FreshRandom()


class Rules:
    def __init__(
        self,
        commits: CommitLog,
        catalog: GameCatalog | None = None,
        cache_size: int = 1024,
        max_attempts: int = 5,
        pruned: PrunedGames | None = None,
        snapshots: SnapshotStore | None = None,
        max_commits: int = DEFAULT_MAX_COMMITS,
        now: Now = wall_clock_ms,
    ) -> None:
        self.commits = commits
        self.pruned = pruned  # finished games whose log left JetStream (hot/cold storage)
        self.catalog = catalog or GameCatalog()
        self.heads = GameHeads(commits, self.catalog.get, cache_size, snapshots)
        self.max_attempts = max_attempts
        self.max_commits = max_commits
        self.now = now  # the one clock reading: stamps every commit
        self.conflicts = 0  # appends lost to a concurrent writer (for metrics)
        self.reads = 0  # game heads read from the log before deciding (a cache behind or none)

    # ------------------------------------------------------------------ reads
    async def head(self, game_id: str) -> GameHead | None:
        """The game as of its last commit, reading only what the cache lacks."""
        try:
            return await self.heads.head(game_id)
        except UnknownGame as exc:  # a stored game this deployment does not serve
            raise Refusal(exc.code, exc.message, game_id) from None

    # ------------------------------------------------------------------ start
    async def start(self, request: StartGame) -> RulesReply:
        try:
            game = self.catalog.get(request.game)
            seed = request.seed if request.seed is not None else secrets.randbits(64)
            # Not game.setup(players, seed, **options): options named `seed` or
            # `players` would be a TypeError there, an invalid_options refusal here.
            config = game.make_config(request.players, **request.options)
            events = game.start(config, random.Random(seed))
            platform = clock_events(request.clock)
        except (UnknownGame, IllegalCommand) as exc:
            raise Refusal(exc.code, exc.message) from None
        game_id = request.game_id or uuid.uuid4().hex
        if request.game_id:  # a pruned game's empty subject would take a new first commit
            await self._refuse_if_archived(game_id)
        command_id = request.command_id or uuid.uuid4().hex
        commit, data = next_sealed(
            None,
            game_id=game_id,
            game=game.id,
            command_id=command_id,
            seat=None,
            events=[*(event.model_dump(mode="json") for event in events), *platform],
            rules_version=game.rules_version,
            at=self.now(),
        )
        try:
            stream_seq = await self.commits.append(commit, 0, data)
        except (AppendConflict, DuplicateAppend):
            head = await self.head(game_id)
            if head is not None and await self._landed_at(head, command_id) == 1:
                raise Refusal(
                    ServiceCode.DUPLICATE_COMMAND, "this game was already started by this command",
                    game_id, 1,
                ) from None  # fmt: skip
            raise Refusal(
                ServiceCode.GAME_EXISTS, f"game {game_id} already exists", game_id
            ) from None
        self.heads.put(game_id, GameHead.started(game, commit, events, stream_seq))
        return RulesReply.ok(game_id, 1)

    # ----------------------------------------------------------------- submit
    async def submit(self, request: SubmitCommand) -> RulesReply:
        # A cached head is decided on without reading the log first: the
        # conditional append proves it current (or fails, and we re-read).
        # Only an acceptance is proven that way, so a refusal decided on an
        # unread cache is taken again on a head just read. (A command based on
        # another seq than the cache's finds the cache behind, or is stale:
        # either way the log is read first.)
        cached = self.heads.get(request.game_id)
        if cached is not None and request.expected_seq in (None, cached.seq):
            try:
                reply = await self._decide_and_append(cached, request)
            except Refusal:
                reply = None
            if reply is not None:
                return reply
        for _ in range(self.max_attempts):
            self.reads += 1
            head = await self.head(request.game_id)
            if head is None:
                await self._refuse_if_archived(request.game_id)
                raise Refusal(
                    ServiceCode.UNKNOWN_GAME_ID, f"no game {request.game_id}", request.game_id
                )
            reply = await self._decide_and_append(head, request)
            if reply is not None:
                return reply
            self.conflicts += 1
        raise Refusal(
            ServiceCode.CONFLICT,
            f"game {request.game_id} kept moving; {self.max_attempts} attempts lost the race",
            request.game_id,
        )

    async def _refuse_if_archived(self, game_id: str) -> None:
        if self.pruned is not None and await self.pruned.get(game_id) is not None:
            raise Refusal(
                ServiceCode.GAME_ARCHIVED,
                f"game {game_id} is finished and archived: read it from the archive (replay)",
                game_id,
            )

    async def _decide_and_append(self, head: GameHead, request: SubmitCommand) -> RulesReply | None:
        """The reply, or None when someone else appended first (try again)."""
        game_id = request.game_id
        landed = head.command_seqs.get(request.command_id)
        if landed is None and request.expected_seq != head.last.seq:
            # A command based on the head cannot have landed (its retry would
            # be based on the same seq, and land after it): only others need
            # the ids older than the head's record.
            landed = await self._landed_at(head, request.command_id)
        if landed is not None:
            raise Refusal(
                ServiceCode.DUPLICATE_COMMAND,
                f"command {request.command_id} already landed at seq {landed}",
                game_id,
                landed,
            )
        if request.expected_seq is not None and request.expected_seq != head.last.seq:
            raise Refusal(
                ServiceCode.STALE_COMMAND,
                f"command was based on seq {request.expected_seq}; game is at seq {head.last.seq}",
                game_id,
                head.last.seq,
            )
        now = self.now()
        capped = cap_events(head, self.max_commits)
        seat: int | None
        events: list[Event] = []
        folded: object = None  # the game state after `events`, when decided here
        try:
            if capped is not None:
                command_id, seat, wire = f"commit-cap:{head.seq + 1}", None, capped
            elif (platform := decide_on_table(head, request.command, now)) is not None:
                command_id, (seat, wire) = request.command_id, platform
            else:
                command = head.game.parse_command(request.command)
                events, folded = head.game.decide_and_fold(head.state, command, _fresh_rng())
                command_id, seat = request.command_id, command.seat
                wire = [event.model_dump(mode="json") for event in events]
        except IllegalCommand as exc:
            raise Refusal(exc.code, exc.message, game_id, head.last.seq) from None
        commit, data = next_sealed(
            head.last,
            game_id=game_id,
            game=head.game.id,
            command_id=command_id,
            seat=seat,
            events=wire,
            rules_version=head.game.rules_version,
            at=now,
        )
        try:
            appending = self.commits.append(commit, head.stream_seq, data)
            # While the append travels (on JetStream it has left): the head
            # and the reply it makes, shared only once it has landed.
            try:
                after = head.then(commit, 0, events, folded)
                reply = RulesReply.ok(game_id, commit.seq)
            except BaseException:
                appending.close()
                raise
            stream_seq = await appending
        except AppendConflict:
            return None
        except DuplicateAppend:
            # Landed meanwhile (our own retry) — the next read finds it; or the
            # id was used in another game, which is the client's mistake.
            again = await self.head(game_id)
            if again is not None and await self._landed_at(again, request.command_id):
                return None
            raise Refusal(
                ServiceCode.DUPLICATE_COMMAND,
                f"command id {request.command_id} was already used by another game",
                game_id,
            ) from None
        self.heads.put(game_id, after.stored_at(stream_seq))
        if capped is not None:
            raise Refusal(
                Code.GAME_OVER, f"the game reached the cap of {self.max_commits} commits",
                game_id, commit.seq,
            )  # fmt: skip
        return reply

    async def _landed_at(self, head: GameHead, command_id: str) -> int | None:
        """The seq at which `command_id` landed in the head's game, if it did:
        the head's record of recent ids, else (a retry older than the record,
        rare) the game's stored commits before it."""
        landed = head.command_seqs.get(command_id)
        if landed is not None or head.recorded_from <= 1:
            return landed
        commits, _ = await self.commits.load(head.last.game_id)
        return next(
            (c.seq for c in commits if c.command_id == command_id and c.seq < head.recorded_from),
            None,
        )
