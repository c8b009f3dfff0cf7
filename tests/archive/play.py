"""Playing the toy game straight into the event log (as the rules service
would), remembering every live view to compare replays against."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any

from tabletop.eventlog import Commit, CommitLog, next_commit
from tabletop.kernel import Game
from tests.toy_game import ToyGame

TOY = ToyGame()


@dataclass
class PlayedGame:
    game_id: str
    commits: list[Commit] = field(default_factory=list)
    # views[step][seat or None]: what each seat / a spectator saw after commit `step`
    views: dict[int, dict[int | None, dict[str, Any]]] = field(default_factory=dict)
    state: Any = None
    stream_seq: int = 0  # of the last commit: what the next append expects


def new_game_id(prefix: str = "g") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


async def play(
    log: CommitLog,
    players: int = 2,
    seed: int = 1,
    moves: int | None = None,
    game: Game = TOY,
    game_id: str | None = None,
) -> PlayedGame:
    """Start a game and play `moves` random legal moves (None: to the end)."""
    rng = random.Random(seed)
    played = PlayedGame(game_id or new_game_id())
    await _append(log, played, game, None, game.setup(players, seed), None)
    done = 0
    while game.to_act(played.state) and (moves is None or done < moves):
        seat = game.to_act(played.state)[0]
        command = rng.choice(game.legal_commands(played.state, seat))
        events = game.decide(played.state, command, random.Random(rng.random()))
        await _append(log, played, game, seat, events, played.commits[-1])
        done += 1
    return played


async def finish(log: CommitLog, played: PlayedGame, seed: int = 2, game: Game = TOY) -> None:
    rng = random.Random(seed)
    while game.to_act(played.state):
        seat = game.to_act(played.state)[0]
        command = rng.choice(game.legal_commands(played.state, seat))
        events = game.decide(played.state, command, random.Random(rng.random()))
        await _append(log, played, game, seat, events, played.commits[-1])


async def _append(
    log: CommitLog,
    played: PlayedGame,
    game: Game,
    seat: int | None,
    events: list[Any],
    previous: Commit | None,
) -> None:
    commit = next_commit(
        previous,
        game_id=played.game_id,
        game=game.id,
        command_id=uuid.uuid4().hex,
        seat=seat,
        events=[e.model_dump(mode="json") for e in events],
        rules_version=game.rules_version,
    )
    played.stream_seq = await log.append(commit, played.stream_seq)
    played.commits.append(commit)
    played.state = game.fold(played.state, events)
    seats = game.seats(played.state)
    played.views[commit.seq] = {s: game.view(played.state, s) for s in [None, *range(seats)]}
