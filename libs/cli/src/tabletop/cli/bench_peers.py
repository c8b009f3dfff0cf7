"""Peer engines measured beside ours in the same `tabletop bench` run.

A peer is a public Python engine of the same game (`PEERS`). Its code is
never part of this project: the bench is given a local checkout
(`--peer GAME=PATH` or the environment variable `TABLETOP_PEER_<GAME>`, e.g.
`TABLETOP_PEER_SCHOTTEN_TOTTEN`), writes the small driver below to a temporary
file and runs it in a subprocess with this interpreter, for the same number of
seconds as our own measurement. The driver plays uniformly random full games
through the peer's own API and prints one JSON line of counts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ENV_PREFIX = "TABLETOP_PEER_"

# The loop every driver shares: `play_one(players)` plays one random game.
_LOOP = """
import json, random, sys, time
seconds, players = float(sys.argv[1]), int(sys.argv[2])
random.seed(0)
games, cpu, start = 0, time.process_time(), time.perf_counter()
while games < 3 or time.perf_counter() - start < seconds:
    play_one(players)
    games += 1
wall, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"games": games, "seconds": wall, "cpu_seconds": cpu}))
"""

# chikinn/battle-line: Battle Line, the game Schotten Totten was reworked into
# (9 flags, hands of 7). Its random player ("kenny") plays troops only, like
# our base variant; the peer's own round loop also resolves the flags.
_BATTLE_LINE = """
from play_bl import play_one_round
from players.kenny_player import KennyPlayer

def play_one(players):
    play_one_round([KennyPlayer(0), KennyPlayer(1)], ["a", "b"], False)
"""

# seal256/splendor: the pure-Python engine (`pysplendor`, state mutated in
# place), random legal actions for every seat and for chance (card reveals),
# as its own RandomAgent and run_one_game do, without importing torch.
_SPLENDOR = """
import random
from pysplendor.game_state import CHANCE_PLAYER
from pysplendor.splendor import SplendorGameState

def play_one(players):
    state = SplendorGameState(players)
    while not state.is_terminal():
        state.apply_action(random.choice(state.get_actions()))
"""


@dataclass(frozen=True)
class Peer:
    name: str  # the public repository
    marker: str  # a file every checkout of it has
    driver: str  # defines play_one(players)
    players: tuple[int, ...]  # the tables it can play
    options: dict[str, Any] = field(default_factory=dict)  # our option set it compares with

    def compares(self, options: dict[str, Any], players: int) -> bool:
        """Whether our games at `options` and `players` are the peer's kind."""
        return options == self.options and players in self.players


PEERS: dict[str, Peer] = {
    "schotten-totten": Peer("chikinn/battle-line", "play_bl.py", _BATTLE_LINE, (2,)),
    "splendor": Peer("seal256/splendor", "pysplendor/splendor.py", _SPLENDOR, (2, 3, 4)),
}


class PeerError(Exception):
    """A peer could not be measured; `message` says why, for the command line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class PeerRate:
    peer: str
    players: int
    games: int
    seconds: float
    cpu_seconds: float

    @property
    def cpu_games_per_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def env_name(game: str) -> str:
    return ENV_PREFIX + game.upper().replace("-", "_")


def peer_paths(
    settings: Sequence[str] = (), environ: Mapping[str, str] | None = None
) -> dict[str, Path]:
    """Peer checkouts by game: `TABLETOP_PEER_<GAME>` variables, then
    `GAME=PATH` settings (which win). Unknown games are an error."""
    environ = os.environ if environ is None else environ
    paths = {game: Path(environ[env_name(game)]) for game in PEERS if environ.get(env_name(game))}
    for setting in settings:
        game, sep, path = setting.partition("=")
        if not sep or not path:
            raise PeerError(f"--peer {setting!r}: expected GAME=PATH")
        if game not in PEERS:
            known = ", ".join(sorted(PEERS))
            raise PeerError(f"--peer {setting!r}: no peer engine known for {game!r} ({known})")
        paths[game] = Path(path)
    return paths


def driver_source(game: str) -> str:
    """The script that plays the peer's random games (it imports the peer)."""
    return PEERS[game].driver + _LOOP


def measure_peer(game: str, path: Path, players: int, seconds: float) -> PeerRate:
    """Run the peer's random games in a subprocess for `seconds`."""
    peer = PEERS[game]
    if not (path / peer.marker).is_file():
        raise PeerError(
            f"{path} is not a checkout of {peer.name} (no {peer.marker}); "
            f"clone https://github.com/{peer.name} and give its directory"
        )
    with tempfile.TemporaryDirectory(prefix="tabletop-peer-") as tmp:
        script = Path(tmp) / "peer_driver.py"
        script.write_text(driver_source(game))
        env = {**os.environ, "PYTHONPATH": str(path.resolve())}
        try:
            done = subprocess.run(
                [sys.executable, str(script), str(seconds), str(players)],
                cwd=path,
                env=env,
                capture_output=True,
                text=True,
                timeout=seconds * 10 + 60,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise PeerError(f"{peer.name} at {path}: the driver did not finish") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise PeerError(f"{peer.name} at {path}: the driver failed: {last}")
    try:
        counts = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        raise PeerError(f"{peer.name} at {path}: the driver printed no figures") from None
    return PeerRate(peer.name, players, counts["games"], counts["seconds"], counts["cpu_seconds"])
