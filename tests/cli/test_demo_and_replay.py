"""The demo (bot matches through matchmaking, then the board) and
`tabletop replay` against real services."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from nats.aio.client import Client

from tabletop.cli.demo import PLAYERS, play_demo
from tabletop.messaging.archive import ArchiveSubjects, GetPlayerGames
from tests.support.platform import Platform, ask, eventually

pytestmark = [pytest.mark.integration]

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


async def tabletop(platform: Platform, *args: str) -> tuple[int, str]:
    env = {"NATS_URL": platform.nats_url, "TABLETOP_NAMESPACE": platform.namespace,
           "COLUMNS": "120", "PATH": "/usr/bin:/bin"}  # fmt: skip
    process = await asyncio.create_subprocess_exec(
        TABLETOP, *args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    out, _ = await process.communicate()
    return process.returncode or 0, out.decode()


async def test_demo_plays_bot_matches_and_replay_renders_a_step(
    nc: Client, platform: Platform
) -> None:
    platform.start_all(
        {
            "rules": {},
            "archive": {},
            "leaderboards": {},
            # A busy machine: the archive's first answer (open games) may take over 5 s.
            "matchmaking": {"MATCHMAKING_BOT_WAIT": "600", "MATCHMAKING_REQUEST_TIMEOUT": "10"},
            "bots": {},
        }
    )
    matches = await play_demo(platform.nats_url, platform.namespace, 2, threading.Event())
    assert len(matches) == 2 and all(m.ranks and set(m.players) <= set(PLAYERS) for m in matches)

    archive = ArchiveSubjects(namespace=platform.namespace)

    async def archived() -> list[dict[str, Any]] | None:
        games: list[dict[str, Any]] = []
        for player in PLAYERS:
            reply = await ask(nc, archive.player_games, GetPlayerGames(player_id=player))
            if "games" not in reply:  # refused (CI saw one on a loaded machine): ask again
                print("archive refused:", reply)
                return None
            games += reply["games"]
        return games or None

    games = await eventually(archived, what="the demo's games in the archive")
    game_id = games[0]["game_id"]

    code, out = await tabletop(platform, "replay", game_id, "--at", "3")
    assert code == 0, out
    assert re.search(r"step\s+3 of", out) and "view as spectator" in out and game_id in out
    code, out = await tabletop(platform, "replay", game_id, "--as", "1")
    assert code == 0 and "view as seat 1" in out, out
    code, out = await tabletop(platform, "replay", "no-such-game")
    assert code == 1 and "unknown_game_id" in out, out
