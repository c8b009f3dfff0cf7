"""Properties over random games: 80 marbles always, `decide` accepts exactly
what `legal_commands` lists, and every game ends.

The default run plays a few hundred short games (`max_rounds`); the
brute-force sweep plays 50 full games per player count in `make test` and
1000 under --full-size (`make test-slow`).
"""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import pytest

from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import commands as cm
from tabletop.games.potion_explosion import events as ev
from tabletop.games.potion_explosion.data import COLOURS, MARBLES_PER_COLOUR
from tabletop.games.potion_explosion.effects import can_use, effect_options
from tabletop.games.potion_explosion.state import Pending, State
from tabletop.kernel import Command, IllegalCommand, random_playout

from .helpers import marbles_by_colour

ALL_MARBLES = (MARBLES_PER_COLOUR,) * 4
# Prismatic Joy always in the game (random types leave it out a quarter of the time).
WITH_PRISMATIC: dict[str, object] = {"excluded": ("uttermost_stickiness", "lavamancing_filter")}


def _conserved(players: int, seed: int, **options: object) -> int:
    """Play one random game, checking after every step that each colour still
    has its 20 marbles, wherever they are. Returns how many potions completed
    holding a marble that Prismatic Joy put into a hole of another colour: the
    case where colour counts used to drift."""
    setup, steps = random_playout(GAME, players, seed, **options)
    state = GAME.replay(setup)
    assert marbles_by_colour(state) == ALL_MARBLES
    mixed = 0
    for n, step in enumerate(steps):
        where = f"seed {seed} step {n}: {step.command!r}"
        assert marbles_by_colour(step.after) == ALL_MARBLES, where
        for e in step.events:
            if isinstance(e, ev.Completed):
                mixed += _completed_mixed(step.before, step.events, e)
        state = step.after
    assert GAME.outcome(state) is not None
    return mixed


def _completed_mixed(before: State, events: tuple[object, ...], done: ev.Completed) -> bool:
    """Whether the potion `done` completed with marbles not of their holes' colour."""
    burner = before.players[done.seat].burners[done.slot]
    assert burner is not None
    marbles, filled = list(burner.marbles), list(burner.filled)
    for e in events:
        if isinstance(e, ev.Transmuted) and e.slot == done.slot:
            marbles[COLOURS.index(e.colour)] += 1
            filled[COLOURS.index(e.hole)] += 1
    return marbles != filled


def test_marbles_are_conserved_in_a_few_hundred_short_games() -> None:
    for seed in range(240):
        _conserved(2 + seed % 3, seed, max_rounds=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_random_games_conserve_marbles_and_end(players: int) -> None:
    for seed in range(4):
        _conserved(players, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_marbles_keep_their_colour_in_games_where_prismatic_joy_is_drunk(players: int) -> None:
    mixed = sum(_conserved(players, 100 + seed, **WITH_PRISMATIC) for seed in range(6))
    assert mixed > 0, "no potion completed with a Prismatic Joy marble: the test tests nothing"


@pytest.mark.slow
@pytest.mark.timeout(3600)  # at full size, 1000 full games: minutes on a shared machine
@pytest.mark.parametrize("players", [2, 3, 4])
def test_marbles_are_conserved_in_thousands_of_games(players: int, full_size: bool) -> None:
    mixed = 0
    for seed in range(1000 if full_size else 50):
        mixed += _conserved(players, 10_000 + seed, **(WITH_PRISMATIC if seed % 2 else {}))
    assert mixed > 0


def _candidates(state: State, seat: int) -> list[Command]:
    """A superset of the legal commands: every shape of every command."""
    out: list[Command] = list(GAME.legal_commands(state, seat))
    spots = [(t, p) for t in range(5) for p in range(9)]
    out += [cm.Take(seat=seat, track=t, pos=p) for t, p in spots]
    out += [cm.LittleHelp(seat=seat, track=t, pos=p) for t, p in spots]
    out += [cm.Discard(seat=seat, track=t, pos=p) for t, p in spots]
    out += [cm.Collect(seat=seat, marbles=(s,)) for s in spots]
    out += [cm.Collect(seat=seat, marbles=((t, p), (t, p + 1))) for t, p in spots if p < 8]
    out += [cm.Collect(seat=seat, marbles=((t, p), (t, p + 1), (t, p + 2))) for t in range(5)
            for p in range(6)]  # fmt: skip
    out += [cm.Collect(seat=seat, marbles=((a, 0), (b, 0))) for a, b in combinations(range(5), 2)]
    for c in COLOURS:
        out += [cm.Stash(seat=seat, colour=c), cm.Unstash(seat=seat, colour=c)]
        for slot in (0, 1):
            out.append(cm.Place(seat=seat, colour=c, slot=slot))
            out += [cm.Transmute(seat=seat, colour=c, slot=slot, hole=h) for h in COLOURS]
    out += [cm.Drink(seat=seat, potion=i) for i in range(8)]
    out += [cm.Reuse(seat=seat, potion=i) for i in range(8)]
    out += [cm.Steal(seat=seat, opponent=o) for o in range(4)]
    out += [cm.ChooseStack(seat=seat, stack=i) for i in range(6)]
    out += [cm.FinishEffect(seat=seat), cm.EndTurn(seat=seat)]
    out += [cm.Draft(seat=seat, tile=t) for t in range(80)]
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_decide_accepts_exactly_the_legal_commands(seed: int) -> None:
    rng = random.Random(seed)
    _, steps = random_playout(GAME, 2 + seed % 3, seed)
    for i, step in enumerate(steps):
        if i % 7:
            continue
        state = step.before
        seat = GAME.to_act(state)[0]
        legal = set(GAME.legal_commands(state, seat))
        candidates = _candidates(state, seat)
        # deepcopy of an immutable state is the state itself; pickle is a real snapshot.
        snapshot = pickle.dumps(state)
        for command in rng.sample(candidates, min(40, len(candidates))) + list(legal):
            try:
                GAME.decide(state, command, random.Random(0))
                accepted = True
            except IllegalCommand as exc:
                assert exc.code and exc.message
                accepted = False
            assert accepted == (command in legal), f"step {i}: {command!r} accepted={accepted}"
        assert pickle.dumps(state) == snapshot, f"step {i}: decide changed the state"


def test_can_use_agrees_with_the_effect_options() -> None:
    for seed in (4, 5):
        _, steps = random_playout(GAME, 3, seed)
        for i, step in enumerate(steps):
            if i % 5:
                continue
            state = step.before
            for seat in range(3):
                for effect in range(8):
                    options = effect_options(state, seat, Pending(effect, 0))
                    assert can_use(state, seat, effect) == bool(options), (i, seat, effect)
