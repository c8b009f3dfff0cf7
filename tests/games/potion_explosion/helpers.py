"""Building Potion Explosion positions for tests: tracks from letters
(R red, B blue, K black, Y yellow; bottom to top), seats set up by hand."""

from __future__ import annotations

import random
from typing import Any

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion.data import TILES, TYPE_INDEX
from tabletop.games.potion_explosion.state import (
    PLAY,
    Pending,
    Player,
    State,
    Turn,
    burner,
)
from tabletop.kernel import Command, IllegalCommand, replace

LETTERS = {"R": 0, "B": 1, "K": 2, "Y": 3}


def row(letters: str) -> tuple[int, ...]:
    return tuple(LETTERS[c] for c in letters.replace(" ", ""))


def letters(track: tuple[int, ...]) -> str:
    return "".join("RBKY"[c] for c in track)


def marbles(letters_: str) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for c in letters_.replace(" ", ""):
        counts[LETTERS[c]] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def tile(kind: str, n: int = 0) -> int:
    """The n-th tile of a potion type."""
    return [t.id for t in TILES if t.type == TYPE_INDEX[kind]][n]


def tile_with(kind: str, holes: str) -> int:
    """A tile of `kind` whose holes are exactly `holes` (letters)."""
    want = marbles(holes)
    return next(t.id for t in TILES if t.type == TYPE_INDEX[kind] and t.holes == want)


# Two tiles with no black hole (red, blue and yellow ones), for tests of placing.
SANDS_7 = tile_with("sands_of_time", "RRRR B YY")
SANDS_5 = tile_with("sands_of_time", "R BB YY")


def playing(players: int = 2, seed: int = 0, **options: Any) -> State:
    """A game just past the draft (each seat drafts the first offered tile)."""
    state = GAME.new(players, seed=seed, **options)
    while state.phase != PLAY:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, GAME.legal_commands(state, seat)[0], seed=0)
    return state


def table(
    state: State,
    *,
    tracks: tuple[str, ...] | None = None,
    reservoir: str | tuple[int, int, int, int] | None = None,
    turn: Turn | None = None,
    **changes: Any,
) -> State:
    if tracks is not None:
        state = replace(state, tracks=tuple(row(t) for t in tracks))
    if reservoir is not None:
        res = marbles(reservoir) if isinstance(reservoir, str) else reservoir
        state = replace(state, reservoir=res)
    if turn is not None:
        state = replace(state, turn=turn)
    return replace(state, **changes)


def seat(
    state: State,
    index: int,
    *,
    burners: tuple[tuple[int, str] | tuple[int, str, str] | None, ...] | None = None,
    pool: str | None = None,
    completed: tuple[int, ...] | None = None,
    drunk: tuple[bool, ...] | None = None,
    **changes: Any,
) -> State:
    p = state.players[index]
    if burners is not None:
        # (tile, holes filled) or (tile, holes filled, the marbles' own colours)
        bs = tuple(
            None if b is None else burner(b[0], marbles(b[1]), marbles(b[-1])) for b in burners
        )
        p = replace(p, burners=bs)
    if pool is not None:
        p = replace(p, pool=marbles(pool))
    if completed is not None:
        p = replace(p, completed=completed, drunk=drunk or (False,) * len(completed))
    p = replace(p, **changes)
    players = list(state.players)
    players[index] = p
    return replace(state, players=tuple(players))


def hand(state: State, letters_: str, **changes: Any) -> State:
    return replace(state, turn=replace(state.turn, hand=marbles(letters_), **changes))


def pending(state: State, kind: str, potion: int = 0, **changes: Any) -> State:
    p = Pending(TYPE_INDEX[kind], potion, **changes)
    return replace(state, turn=replace(state.turn, pending=p))


def cmd(state: State, kind: type[Command], **fields: Any) -> Command:
    return kind(seat=GAME.to_act(state)[0], **fields)


def act(state: State, kind: type[Command], seed: int = 0, **fields: Any) -> State:
    return GAME.apply(state, cmd(state, kind, **fields), seed=seed)


def events(state: State, kind: type[Command], seed: int = 0, **fields: Any) -> list[Any]:
    return GAME.decide(state, cmd(state, kind, **fields), random.Random(seed))


def refusal(state: State, kind: type[Command], **fields: Any) -> str:
    try:
        GAME.decide(state, cmd(state, kind, **fields), random.Random(0))
    except IllegalCommand as exc:
        return exc.code
    raise AssertionError(f"{kind.__name__} {fields} was accepted")


def marbles_by_colour(state: State) -> tuple[int, int, int, int]:
    """Every marble in the game, wherever it is, counted by its own colour."""
    counts = list(state.reservoir)
    for track in state.tracks:
        for c in track:
            counts[c] += 1
    held = [state.turn.hand]
    for p in state.players:
        held.append(p.pool)
        held.extend(b.marbles for b in p.burners if b)
    for m_ in held:
        for c in range(4):
            counts[c] += m_[c]
    return (counts[0], counts[1], counts[2], counts[3])


def total_marbles(state: State) -> int:
    return sum(marbles_by_colour(state))


__all__ = ["GAME", "Player"]
