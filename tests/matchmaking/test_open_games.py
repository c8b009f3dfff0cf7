"""The open-games cap without a server: unfinished games started within the
window count, older ones (abandoned) do not, and no answer from the archive
refuses the ticket (the cap fails closed)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from tabletop.matchmaking.matchmaker import Matchmaker
from tabletop.matchmaking.metrics import MatchmakingMetrics
from tabletop.matchmaking.settings import MatchmakingSettings
from tabletop.messaging.archive import GameSummary, PlayerGamesReply
from tabletop.messaging.errors import Refusal

NOW = 1_800_000_000.0


class FakeArchive:
    def __init__(self, started: list[float] | None) -> None:
        self.started = started  # None: the archive does not answer
        self.asked: list[dict[str, Any]] = []

    async def request(self, subject: str, payload: bytes, **_: float) -> Any:
        self.asked.append(json.loads(payload))
        if self.started is None:
            raise TimeoutError
        games = [
            GameSummary(game_id=f"m-{n}", game="splendor", players=2, status="running",
                        last_seq=1, created_at=datetime.fromtimestamp(at, UTC))
            for n, at in enumerate(self.started)
        ]  # fmt: skip
        return SimpleNamespace(data=PlayerGamesReply(games=games).model_dump_json().encode())


def matchmaker(archive: FakeArchive) -> Matchmaker:
    settings = MatchmakingSettings(max_open_games=2, open_game_window=3600)
    return Matchmaker(None, archive, settings, MatchmakingMetrics(CollectorRegistry()),  # type: ignore[arg-type]
                      clock=lambda: NOW)  # fmt: skip


async def test_recent_unfinished_games_count_and_abandoned_ones_do_not() -> None:
    archive = FakeArchive([NOW - 10, NOW - 7200, NOW - 9000])  # one recent, two abandoned
    await matchmaker(archive)._check_open_games("ann")
    assert archive.asked[0]["status"] == "running" and archive.asked[0]["player_id"] == "ann"
    with pytest.raises(Refusal) as refused:
        await matchmaker(FakeArchive([NOW - 10, NOW - 3000]))._check_open_games("ann")
    assert refused.value.code == "too_many_open_games"


async def test_no_answer_from_the_archive_refuses_the_ticket() -> None:
    with pytest.raises(Refusal) as refused:
        await matchmaker(FakeArchive(None))._check_open_games("ann")
    assert refused.value.code == "unavailable"
