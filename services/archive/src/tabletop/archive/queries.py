"""The archive's answers to requests, apart from NATS: commits, a replayed
view at any step, a game, a player's games, seating players.

Hidden information follows the kernel: a seat gets `view(state, seat)`, a
spectator `view(state, None)`. Every seat's view (`all_seats`) is released
only once the game is over, so a replay never tells anyone a hand early.
"""

from __future__ import annotations

from tabletop.eventlog import Commit, verify_chain
from tabletop.kernel import Code
from tabletop.messaging.archive import (
    ArchivedGame,
    CommitsReply,
    FinishedBeforeReply,
    GameReply,
    GetCommits,
    GetFinishedBefore,
    GetGame,
    GetPlayerGames,
    GetView,
    PlayerGamesReply,
    SeatPlayers,
    SeatPlayersReply,
    ViewReply,
)
from tabletop.messaging.clocks import clock_out
from tabletop.messaging.codes import ServiceCode
from tabletop.messaging.errors import Refusal

from .snapshots import head_at
from .store import ArchiveStore, SeatConflict, as_wire

NOT_FINISHED = ServiceCode.GAME_NOT_FINISHED
UNKNOWN_GAME = Code.UNKNOWN_GAME.value


class Queries:
    def __init__(self, store: ArchiveStore) -> None:
        self.store = store

    async def commits(self, request: GetCommits) -> CommitsReply:
        commits = await self.store.commits(request.game_id, request.after_seq, request.limit)
        if not commits and await self.store.game(request.game_id) is None:
            raise Refusal(ServiceCode.UNKNOWN_GAME_ID, f"no archived game {request.game_id}")
        return CommitsReply(game_id=request.game_id, commits=[as_wire(c) for c in commits])

    async def game(self, request: GetGame) -> GameReply:
        summary = await self.store.game(request.game_id)
        if summary is None:
            raise Refusal(ServiceCode.UNKNOWN_GAME_ID, f"no archived game {request.game_id}")
        return GameReply(game=summary)

    async def player_games(self, request: GetPlayerGames) -> PlayerGamesReply:
        games = await self.store.player_games(
            request.player_id, request.game, request.status, request.limit
        )
        return PlayerGamesReply(games=games)

    async def seat_players(self, request: SeatPlayers) -> SeatPlayersReply:
        try:
            seated = await self.store.seat_players(request.game_id, request.player_ids)
        except SeatConflict as exc:
            raise Refusal(ServiceCode.PLAYERS_MISMATCH, str(exc)) from None
        return SeatPlayersReply(game_id=request.game_id, player_ids=seated)

    async def view(self, request: GetView) -> ViewReply:
        summary = await self.store.game(request.game_id)
        if summary is None:
            raise Refusal(ServiceCode.UNKNOWN_GAME_ID, f"no archived game {request.game_id}")
        step = request.step if request.step is not None else summary.last_seq
        if step > summary.last_seq:
            raise Refusal(
                ServiceCode.UNKNOWN_STEP,
                f"game {request.game_id} has {summary.last_seq} archived commits, not {step}",
            )
        finished = summary.status == "finished"
        if request.all_seats and not finished:
            raise Refusal(NOT_FINISHED, "every seat's view is given out once the game is over")
        game = self.store.catalog.find(summary.game)
        if game is None:
            raise Refusal(UNKNOWN_GAME, f"the archive cannot replay {summary.game!r} games")

        async def stored(after_seq: int, upto: int) -> list[Commit]:
            return await self.store.commits(request.game_id, after_seq, upto=upto)

        replayed = await head_at(self.store.pool, game, request.game_id, step, stored)
        if replayed is None or replayed.seq < step:
            raise Refusal(ServiceCode.UNKNOWN_STEP, f"commits before {step} are not archived yet")
        seats = game.seats(replayed.state)
        if request.seat is not None and request.seat >= seats:
            raise Refusal(
                Code.WRONG_SEAT,
                f"seat {request.seat} does not exist (seats 0..{seats - 1})",
            )
        return ViewReply(
            game_id=request.game_id,
            step=step,
            last_seq=summary.last_seq,
            finished=finished,
            seat=request.seat,
            clock=clock_out(replayed.table),
            view=game.view(replayed.state, request.seat),
            seat_views=(
                [game.view(replayed.state, s) for s in range(seats)] if request.all_seats else None
            ),
        )

    async def finished_before(self, request: GetFinishedBefore) -> FinishedBeforeReply:
        """Each finished game with the proof that the archive holds it whole:
        the gap-free prefix reaches the last stored commit, no break was ever
        recorded, and the chain of the stored commits verifies now."""
        rows = await self.store.finished_before(
            request.before, (request.after_finished_at, request.after_game_id), request.limit
        )
        games = []
        for row in rows:
            reason = ""
            if row["broken"] or not row["chain_ok"]:
                reason = "a chain break was recorded when it was archived"
            elif row["max_seq"] != row["last_seq"]:
                reason = f"commits after {row['last_seq']} are stored but not all before them"
            else:
                report = verify_chain(row["game_id"], await self.store.commits(row["game_id"]))
                if not report.ok or report.checked != row["last_seq"]:
                    reason = report.reason or "the stored chain is shorter than the game"
            games.append(
                ArchivedGame(
                    game_id=row["game_id"],
                    game=row["game"],
                    last_seq=row["last_seq"],
                    last_hash=row["last_hash"],
                    finished_at=row["finished_at"],
                    complete=not reason,
                    reason=reason,
                )
            )
        return FinishedBeforeReply(games=games)
