"""Every event of whole games in words (issue #19): the engines play seeded random
games of the five games (Schotten Totten also with the tactic cards), each log
redacted as seat 1, seat 2 and a spectator see it (what the gateway's feed serves),
and the client's phrase books read them under Node (`web/test/words.test.ts`, built
by `make web`): every commit says something, no event falls back to its bare fields,
no raw id shows, and a spectator is never told which card a seat drew."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tabletop.games import get_game
from tabletop.games.catalog import card_facts
from tests.support.stateful_services import REPO

pytestmark = [pytest.mark.integration]

WORDS_TEST = REPO / "web" / "test-dist" / "words.test.mjs"
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("schotten-totten", {}),
    ("schotten-totten", {"variant": "tactics", "rounds": 3}),
    ("splendor", {}),
    ("splendor-pokemon", {}),
    ("potion-explosion", {"max_rounds": 8}),
    ("pokemon-tcg", {}),
    ("pokemon-tcg", {}),
]
MAX_COMMITS = 400


def random_game(game_id: str, options: dict[str, Any], seed: int) -> list[list[Any]]:
    """The game's commits (each a command's events), legal moves at random."""
    game = get_game(game_id)
    rng = random.Random(seed)
    events = game.setup(2, seed=seed, **options)
    state = game.fold(None, events)
    commits = [events]
    while game.to_act(state) and len(commits) < MAX_COMMITS:
        acting = game.to_act(state)
        seat = acting[rng.randrange(len(acting))]
        command = rng.choice(game.legal_commands(state, seat))
        made, state = game.decide_and_fold(state, command, random.Random(rng.getrandbits(32)))
        commits.append(made)
    return commits


def write_logs(folder: Path) -> int:
    for n, (game_id, options) in enumerate(GAMES):
        game = get_game(game_id)
        commits = random_game(game_id, options, seed=n)
        for seat in (0, 1, None):
            seen = [[game.redact(e, seat).model_dump(mode="json") for e in c] for c in commits]
            log = {
                "game": game_id,
                "seat": seat,
                "cards": card_facts(game),
                "commits": [{"seq": seq, "events": ev} for seq, ev in enumerate(seen, start=1)],
            }
            (folder / f"{n}-{game_id}-{seat}.json").write_text(json.dumps(log))
    return len(GAMES) * 3


def test_every_event_of_whole_games_reads_in_words(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not WORDS_TEST.is_file():
        pytest.fail("web/test-dist is not built: `make web` builds it (`make test` does)")
    assert write_logs(tmp_path) == 21
    ran = subprocess.run(
        [node, "--test", "--test-reporter=spec", str(WORDS_TEST)],
        env={**os.environ, "WORDS_LOGS": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "✔ every event of whole games reads" in ran.stdout, ran.stdout[-2000:]
