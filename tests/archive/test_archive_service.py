"""The archive against real NATS and PostgreSQL, as a subprocess."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, next_commit
from tabletop.games import get_game
from tabletop.messaging import ArchiveClient
from tabletop.messaging.archive import (
    ArchiveSubjects,
    GetCommits,
    GetGame,
    GetPlayerGames,
    GetView,
    SeatPlayers,
)
from tests.archive.play import finish, play
from tests.support.platform import ask
from tests.support.stateful_services import ServiceProcess

pytestmark = [pytest.mark.integration]


async def wait_archived(
    nc: Client, subjects: ArchiveSubjects, game_id: str, seq: int, within: float = 20.0
) -> dict:
    async with asyncio.timeout(within):
        while True:
            reply = await ask(nc, subjects.game, GetGame(game_id=game_id))
            if reply.get("game") and reply["game"]["last_seq"] >= seq:
                return reply["game"]
            await asyncio.sleep(0.1)


async def test_replay_at_every_step_equals_the_live_views(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    played = await play(archive_log, players=3, seed=11)
    summary = await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    assert summary["status"] == "finished"
    assert summary["players"] == 3
    archive = ArchiveClient(nc, archive_subjects.namespace)  # raises unless it answers
    for step, views in played.views.items():
        for seat, live in views.items():
            archived = await archive.view(GetView(game_id=played.game_id, step=step, seat=seat))
            assert (archived.step, archived.seat, archived.finished) == (step, seat, True)
            assert archived.view == live, (step, seat)
    commits = await ask(nc, archive_subjects.commits, GetCommits(game_id=played.game_id))
    assert commits["commits"] == [c.model_dump(mode="json") for c in played.commits]


async def test_hidden_information_stays_hidden_until_the_end(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    played = await play(archive_log, players=2, seed=5, moves=3)
    await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    spectator = await ask(nc, archive_subjects.view, GetView(game_id=played.game_id))
    assert spectator["finished"] is False
    assert spectator["view"]["hand"] is None
    assert "seat_views" not in spectator or spectator["seat_views"] is None
    seat1 = await ask(nc, archive_subjects.view, GetView(game_id=played.game_id, seat=1))
    assert seat1["view"] == played.views[len(played.commits)][1]
    assert played.views[len(played.commits)][0]["hand"] != seat1["view"]["hand"]
    everything = await ask(
        nc, archive_subjects.view, GetView(game_id=played.game_id, step=1, all_seats=True)
    )
    assert everything["error"]["code"] == "game_not_finished"

    await finish(archive_log, played)
    await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    everything = await ask(
        nc, archive_subjects.view, GetView(game_id=played.game_id, step=1, all_seats=True)
    )
    assert everything.get("error") is None
    assert everything["seat_views"] == [played.views[1][0], played.views[1][1]]


async def test_player_games_and_seating(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    played = await play(archive_log, players=2, seed=3)
    players = [f"alice-{played.game_id}", f"bob-{played.game_id}"]
    seated = await ask(
        nc, archive_subjects.seat_players, SeatPlayers(game_id=played.game_id, player_ids=players)
    )
    assert seated["player_ids"] == players
    again = await ask(
        nc, archive_subjects.seat_players, SeatPlayers(game_id=played.game_id, player_ids=players)
    )
    assert again["player_ids"] == players  # idempotent
    other = await ask(
        nc,
        archive_subjects.seat_players,
        SeatPlayers(game_id=played.game_id, player_ids=players[::-1]),
    )
    assert other["error"]["code"] == "players_mismatch"
    await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    games = await ask(nc, archive_subjects.player_games, GetPlayerGames(player_id=players[1]))
    assert [g["game_id"] for g in games["games"]] == [played.game_id]
    game = games["games"][0]
    assert game["player_ids"] == players
    assert game["status"] == "finished"
    assert len(game["ranks"]) == 2


async def test_a_broken_chain_is_flagged(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    played = await play(archive_log, players=2, seed=9, moves=2)
    forged = next_commit(
        played.commits[0],  # links to commit 1, yet is appended as the next seq
        game_id=played.game_id,
        game="toy",
        command_id="forged",
        seat=0,
        events=[],
        rules_version="1",
    ).model_copy(update={"seq": len(played.commits) + 1})
    _, last = await archive_log.last(played.game_id)
    await archive_log.append(forged, last)
    summary = await wait_archived(nc, archive_subjects, played.game_id, forged.seq)
    assert summary["chain_ok"] is False


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (b"not json", "malformed_request"),
        (b"[1, 2]", "malformed_request"),
        (b'{"game_id": "has spaces"}', "malformed_request"),
        (b'{"game_id": "x", "extra": 1}', "malformed_request"),
        (b'{"game_id": "no-such-game"}', "unknown_game_id"),
    ],
)
async def test_malformed_requests_get_clear_errors(
    nc: Client, archive_subjects: ArchiveSubjects, payload: bytes, code: str
) -> None:
    for subject in (archive_subjects.game, archive_subjects.view, archive_subjects.commits):
        reply = await ask(nc, subject, payload)
        assert reply["error"]["code"] == code, (subject, reply)
        assert reply["error"]["message"]
    # still serving
    reply = await ask(nc, archive_subjects.game, GetGame(game_id="still-here"))
    assert reply["error"]["code"] == "unknown_game_id"


async def test_a_schotten_totten_replay_equals_the_live_game(
    nc: Client, archive_log: EventLog, archive_subjects: ArchiveSubjects
) -> None:
    game = get_game("schotten-totten")
    played = await play(archive_log, players=2, seed=17, game=game)
    summary = await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    assert summary["status"] == "finished"
    assert summary["ranks"] == list(game.outcome(played.state).ranks)
    viewers = (None, 0, 1)
    for step, views in played.views.items():  # every step, the viewer taking turns
        seat = viewers[step % len(viewers)]
        reply = await ask(
            nc, archive_subjects.view, GetView(game_id=played.game_id, step=step, seat=seat)
        )
        assert reply["view"] == views[seat], (step, seat)


async def test_views_at_every_step_start_from_the_archives_snapshots(
    nc: Client,
    archive_log: EventLog,
    archive_subjects: ArchiveSubjects,
    archive_service: ServiceProcess,
    database_url: str,
) -> None:
    from tabletop.archive.snapshots import SNAPSHOT_EVERY

    game = get_game("schotten-totten")
    played = await play(archive_log, players=2, seed=23, game=game)
    await wait_archived(nc, archive_subjects, played.game_id, len(played.commits))
    for step, views in played.views.items():  # the same views as the live game, every step
        reply = await ask(nc, archive_subjects.view, GetView(game_id=played.game_id, step=step))
        assert reply["view"] == views[None], step
    # Stored on the way (when archived, or by the first view past them).
    schema = archive_service.env["ARCHIVE_DB_SCHEMA"]
    conn = await asyncpg.connect(database_url)
    try:
        seqs = await conn.fetch(
            f'SELECT seq FROM "{schema}".snapshots WHERE game_id = $1 ORDER BY seq',
            played.game_id,
        )
    finally:
        await conn.close()
    every = list(range(SNAPSHOT_EVERY, len(played.commits) + 1, SNAPSHOT_EVERY))
    assert [row["seq"] for row in seqs] == every and every
