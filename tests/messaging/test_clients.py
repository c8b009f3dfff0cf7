"""The typed service clients and the seating directory, without a server:
an answer is the typed payload, an error reply raises Refusal with its code
(and seq), no answer raises Unavailable, and who sits where is read from the
seats KV first, then from the archive."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from nats.errors import MaxPayloadError, NoRespondersError
from nats.js.errors import KeyNotFoundError
from pydantic import ValidationError

from tabletop.messaging import (
    ArchiveClient,
    LeaderboardsClient,
    MatchmakingClient,
    Refusal,
    RulesClient,
    SubmitCommand,
    Unavailable,
)
from tabletop.messaging.archive import GetView
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tabletop.messaging.seating import SeatingDirectory


class FakeNats:
    """Answers every request with `answer` (a dict, or an exception to raise)."""

    def __init__(self, answer: dict[str, Any] | Exception) -> None:
        self.answer = answer
        self.asked: list[tuple[str, dict[str, Any]]] = []

    async def request(self, subject: str, payload: bytes, **_: float) -> Any:
        self.asked.append((subject, json.loads(payload)))
        if isinstance(self.answer, Exception):
            raise self.answer
        return SimpleNamespace(data=json.dumps(self.answer).encode(), headers=None)


SUBMIT = SubmitCommand(game_id="g1", command_id="c1", command={"type": "add", "seat": 0})
SUMMARY = {"game_id": "g1", "game": "splendor", "players": 2, "status": "running", "last_seq": 3}


async def test_an_accepted_command_is_its_game_and_seq() -> None:
    nc = FakeNats({"accepted": True, "game_id": "g1", "seq": 4})
    accepted = await RulesClient(nc, "ns").submit(SUBMIT)  # type: ignore[arg-type]
    assert (accepted.game_id, accepted.seq) == ("g1", 4)
    assert nc.asked[0][0] == "ns.rules.submit"


async def test_a_refusal_raises_its_code_and_where_the_game_is() -> None:
    error = {"code": "duplicate_command", "message": "landed already"}
    nc = FakeNats({"accepted": False, "error": error, "game_id": "g1", "seq": 2})
    with pytest.raises(Refusal) as refused:
        await RulesClient(nc).submit(SUBMIT)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.seq, refused.value.game_id) == (
        "duplicate_command", 2, "g1",
    )  # fmt: skip
    assert not isinstance(refused.value, Unavailable)


@pytest.mark.parametrize("silence", [TimeoutError(), NoRespondersError()])
async def test_no_answer_raises_unavailable(silence: Exception) -> None:
    with pytest.raises(Unavailable) as refused:
        await ArchiveClient(FakeNats(silence), "ns").game("g1")  # type: ignore[arg-type]
    assert refused.value.code == "unavailable" and refused.value.subject == "ns.archive.game"


async def test_a_request_nats_cannot_carry_is_too_large() -> None:
    with pytest.raises(Refusal) as refused:
        await RulesClient(FakeNats(MaxPayloadError())).submit(SUBMIT)  # type: ignore[arg-type]
    assert refused.value.code == "payload_too_large"


async def test_answers_are_their_payloads() -> None:
    archive = ArchiveClient(FakeNats({"game": SUMMARY}))  # type: ignore[arg-type]
    assert (await archive.game("g1")).last_seq == 3
    view = {"game_id": "g1", "step": 2, "last_seq": 3, "finished": False, "view": {"x": 1}}
    archived = await ArchiveClient(FakeNats(view)).view(GetView(game_id="g1"))  # type: ignore[arg-type]
    assert (archived.step, archived.view) == (2, {"x": 1})
    rating = {"game": "splendor", "player_id": "ann", "mu": 25.0, "sigma": 8.0,
              "ordinal": 1.0, "games": 1}  # fmt: skip
    boards = LeaderboardsClient(FakeNats({"rating": rating}))  # type: ignore[arg-type]
    assert (await boards.rating("splendor", "ann")).games == 1
    ticket = {"ticket_id": "t", "player_id": "ann", "queue": "q", "game": "splendor",
              "players": 2, "created_at": 1.0}  # fmt: skip
    matchmaking = MatchmakingClient(FakeNats({"ticket": ticket}))  # type: ignore[arg-type]
    assert (await matchmaking.ticket("ann")).status == "waiting"


async def test_an_answer_missing_its_payload_is_not_passed_on_as_none() -> None:
    with pytest.raises(ValidationError):
        await ArchiveClient(FakeNats({})).game("g1")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        await RulesClient(FakeNats({"accepted": True})).submit(SUBMIT)  # type: ignore[arg-type]


class FakeSeats:
    def __init__(self, seatings: dict[str, Seating]) -> None:
        self.seatings = seatings
        self.asked = 0

    async def get(self, key: str) -> Any:
        self.asked += 1
        if key not in self.seatings:
            raise KeyNotFoundError
        return SimpleNamespace(value=self.seatings[key].model_dump_json().encode())


def directory(kv: FakeSeats, nc: FakeNats) -> SeatingDirectory:
    return SeatingDirectory(kv, ArchiveClient(nc))  # type: ignore[arg-type]


MATCHED = Seating(
    game_id="g1",
    game="splendor",
    seats=[SeatInfo(player_id="ann"), SeatInfo(player_id="b", bot="easy")],
)


async def test_a_matched_game_is_seated_from_kv_without_asking_the_archive() -> None:
    kv, nc = FakeSeats({"g1": MATCHED}), FakeNats(RuntimeError("not asked"))
    seats = directory(kv, nc)
    assert await seats.players("g1") == ["ann", "b"]
    assert (await seats.seating("g1")).bot_seats() == {1: "easy"}  # type: ignore[union-attr]
    assert await seats.players("g1") == ["ann", "b"]
    assert kv.asked == 1 and nc.asked == []  # the rest from the cache


async def test_other_games_are_seated_by_the_archive() -> None:
    nc = FakeNats({"game": {**SUMMARY, "player_ids": ["cy", "di"]}})
    seats = directory(FakeSeats({}), nc)
    assert await seats.seating("g1") is None  # no bots outside matchmaking
    assert await seats.players("g1") == ["cy", "di"]
    assert await seats.players("g1") == ["cy", "di"]
    assert len(nc.asked) == 1


async def test_players_nobody_recorded_are_none_and_asked_again() -> None:
    nc = FakeNats({"game": SUMMARY})
    seats = directory(FakeSeats({}), nc)
    assert await seats.players("g1") is None
    assert await seats.players("g1") is None
    assert len(nc.asked) == 2


async def test_a_game_the_archive_has_not_seen_is_refused() -> None:
    error = {"code": "unknown_game_id", "message": "no archived game g9"}
    with pytest.raises(Refusal) as refused:
        await directory(FakeSeats({}), FakeNats({"error": error})).players("g9")
    assert refused.value.code == "unknown_game_id"
