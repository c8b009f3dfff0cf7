"""The game conformance suite: checks every game must pass, written against
the kernel contract only. Each check takes a game and raises AssertionError
with a precise message on the first violation.

They are plain functions so the suite can also prove that it catches broken
games (see tests/kernel/test_conformance_catches.py).
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass
from typing import Any

from tabletop.kernel import Code, Command, Event, Game, IllegalCommand, Step, random_playout


@dataclass(frozen=True)
class Playthrough:
    setup: list[Event]
    steps: list[Step]

    @property
    def initial(self) -> Any:
        return self.steps[0].before if self.steps else None

    @property
    def events(self) -> list[Event]:
        return [*self.setup, *(e for step in self.steps for e in step.events)]


def play(game: Game[Any], players: int, seed: int, options: dict[str, Any]) -> Playthrough:
    setup, steps = random_playout(game, players, seed, **options)
    return Playthrough(setup, list(steps))


def _seats(game: Game[Any], state: Any) -> list[int | None]:
    return [*range(game.seats(state)), None]


def _wire(command: Command) -> str:
    return command.model_dump_json()


# ----------------------------------------------------------------- the checks
def check_finishes(game: Game[Any], players: int, seed: int, options: dict[str, Any]) -> None:
    """A random game via legal_commands ends, and the turn structure is sound."""
    run = play(game, players, seed, options)
    for i, step in enumerate(run.steps):
        state = step.before
        acting = game.to_act(state)
        assert acting, f"step {i}: nobody to act but the game went on"
        assert game.outcome(state) is None, f"step {i}: outcome while seats must act"
        for seat in range(game.seats(state)):
            if seat not in acting:
                assert game.legal_commands(state, seat) == [], (
                    f"step {i}: seat {seat} does not act but has legal commands"
                )
    final = run.steps[-1].after if run.steps else game.replay(run.setup)
    assert game.to_act(final) == [], "finished game still has seats to act"
    outcome = game.outcome(final)
    assert outcome is not None, "game ended without an outcome"
    assert len(outcome.ranks) == game.seats(final) == len(outcome.scores)
    assert min(outcome.ranks) == 0, f"nobody ranked first: {outcome.ranks}"


def check_replay(game: Game[Any], run: Playthrough) -> None:
    """Folding the stored (JSON) events rebuilds the same state and the same
    views at every step, with no random generator involved."""
    state = game.replay([json.loads(e.model_dump_json()) for e in run.setup])
    assert state == game.replay(run.setup)
    for i, step in enumerate(run.steps):
        assert state == step.before, f"step {i}: replayed state differs from the live one"
        for seat in _seats(game, state):
            assert game.view(state, seat) == game.view(step.before, seat)
        state = game.fold(state, [game.parse_event(e.model_dump_json()) for e in step.events])
        for seat in _seats(game, state):
            assert game.view(state, seat) == game.view(step.after, seat), (
                f"step {i}: view for seat {seat} differs live vs replayed"
            )
    assert game.replay(run.events) == (run.steps[-1].after if run.steps else state)


def check_json_round_trip(game: Game[Any], run: Playthrough) -> None:
    """Commands, events, views and redacted events survive JSON exactly."""
    for step in run.steps:
        cmd = step.command
        assert game.parse_command(cmd.model_dump_json()) == cmd, f"command {cmd!r}"
        assert game.parse_command(cmd.model_dump(mode="json")) == cmd, f"command {cmd!r}"
    for event in run.events:
        assert game.parse_event(event.model_dump_json()) == event, f"event {event!r}"
        for seat in _seats(game, run.initial):
            redacted = game.redact(event, seat)
            assert game.parse_event(redacted.model_dump_json()) == redacted
    states = [run.initial, *(s.after for s in run.steps[::7])]
    for state in states:
        for seat in _seats(game, state):
            view = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view, "view is not JSON-ready"


def check_hidden_information(game: Game[Any], run: Playthrough, every: int = 3) -> None:
    """`view(sample_world(s, A), A) == view(s, A)`; sampled worlds differ in
    what A cannot see; and sampling depends only on A's view (fair bots)."""
    differed = 0
    states = [step.before for step in run.steps[::every]]
    for n, state in enumerate(states):
        for seat in range(game.seats(state)):
            seed = n * 31 + seat
            world = game.sample_world(state, seat, seed)
            assert game.view(world, seat) == game.view(state, seat), (
                f"state {n * every}: sample_world for seat {seat} changed that seat's view"
            )
            differed += world != state
            # `world` and `state` look the same to `seat`, so they must sample alike.
            assert game.sample_world(world, seat, seed + 1) == game.sample_world(
                state, seat, seed + 1
            ), f"state {n * every}: sample_world for seat {seat} reads hidden state"
    assert differed, "sample_world never re-dealt anything hidden"


def check_moves_look_alike(
    game: Game[Any], run: Playthrough, every: int = 3, worlds: int = 2, tries: int = 3
) -> None:
    """Another seat's move tells A nothing about what A cannot see.

    For an observer A at a state `s` where another seat B acts, `w =
    sample_world(s, A)` is a world A cannot tell apart from `s`. It differs in
    what is hidden from A alone (B's hand, the cards B is searching) and in what
    is hidden from everyone (the order of the decks, the prizes, A's own deck).
    A command of B legal in both worlds, decided with the same chance, must
    cause events that A sees alike: the same kinds, in the same order. Where
    two events of the same kind differ as A sees them, the command showed A a
    card it could not see before (A draws when its turn starts, takes a prize,
    a deck's top card is discarded): from there the worlds may rightly part,
    and nothing further is compared. Before that, a prompt that opens in one
    world and not in the other, or a choice that ends by itself in one world
    only, tells A what the hidden cards are without showing any (a deck search
    that asks only when the deck holds a match). When every event looks alike,
    A's views after the command must be equal too."""
    checked = 0
    states = [step.before for step in run.steps[::every]]
    for n, state in enumerate(states):
        acting = game.to_act(state)
        for observer in range(game.seats(state)):
            movers = [seat for seat in acting if seat != observer]
            if not movers:
                continue
            for k in range(worlds):
                seed = (n * 31 + observer) * 7 + k
                world = game.sample_world(state, observer, seed)
                rng = random.Random(seed)
                mine = {_wire(c): c for seat in movers for c in game.legal_commands(world, seat)}
                both = [c for seat in movers for c in game.legal_commands(state, seat)]
                both = [c for c in both if _wire(c) in mine]
                for cmd in rng.sample(both, min(tries, len(both))):
                    checked += 1
                    _compare_move(game, state, world, cmd, observer, seed, n * every)
    assert checked or not run.steps, "no command was legal in a sampled world"


def _compare_move(
    game: Game[Any], state: Any, world: Any, cmd: Command, observer: int, seed: int, at: int
) -> None:
    real = game.decide(state, cmd, random.Random(seed))
    other = game.decide(world, cmd, random.Random(seed))
    seen = [game.redact(e, observer) for e in real]
    seen_other = [game.redact(e, observer) for e in other]
    where = f"state {at}: seat {cmd.seat}'s {cmd!r} as seat {observer} sees it"
    for i, (a, b) in enumerate(zip(seen, seen_other, strict=False)):
        assert type(a) is type(b), (
            f"{where}: event {i} is {type(a).__name__} in one world and {type(b).__name__} "
            "in another it cannot tell apart (it tells what is hidden)"
        )
        if a != b:
            return  # a card shown to the observer: the worlds may part from here
    assert len(seen) == len(seen_other), (
        f"{where}: {len(seen)} events in one world, {len(seen_other)} in another it cannot "
        "tell apart (it tells what is hidden)"
    )
    after, after_other = game.fold(state, real), game.fold(world, other)
    assert game.view(after, observer) == game.view(after_other, observer), (
        f"{where}: the same events, but different views after it"
    )


def check_refusals(game: Game[Any], run: Playthrough, seed: int) -> None:
    """Wrong seats, stale commands and commands after the end are refused
    with IllegalCommand, and a refusal leaves the state unchanged; every
    command `legal_commands` lists is accepted."""
    rng = random.Random(seed)
    seen: dict[str, Command] = {}
    for i, step in enumerate(run.steps):
        state = step.before
        snapshot = copy.deepcopy(state)
        acting = game.to_act(state)
        legal = {_wire(c): c for seat in acting for c in game.legal_commands(state, seat)}
        # Every listed command is accepted (sampled, to keep the suite fast).
        for cmd in rng.sample(list(legal.values()), min(3, len(legal))):
            game.decide(state, cmd, random.Random(0))
        # The same command from another seat is refused.
        for seat in range(game.seats(state) + 1):
            if seat in acting:
                continue
            moved = step.command.model_copy(update={"seat": seat})
            _assert_refused(game, state, moved, {Code.NOT_YOUR_TURN, Code.WRONG_SEAT}, i)
        # Stale commands: legal earlier, not now.
        stale = [c for key, c in seen.items() if key not in legal]
        for cmd in rng.sample(stale, min(3, len(stale))):
            _assert_refused(game, state, cmd, None, i)
        assert state == snapshot, f"step {i}: a refused command changed the state"
        seen.update(legal)
    if run.steps:
        final = run.steps[-1].after
        _assert_refused(game, final, run.steps[-1].command, {Code.GAME_OVER}, len(run.steps))


def _assert_refused(
    game: Game[Any], state: Any, cmd: Command, codes: set[Code] | None, step: int
) -> None:
    try:
        game.decide(state, cmd, random.Random(0))
    except IllegalCommand as exc:
        assert exc.code and exc.message, f"step {step}: refusal without code or message"
        if codes is not None:
            assert exc.code in codes, f"step {step}: {cmd!r} refused with {exc.code}, not {codes}"
    else:
        raise AssertionError(f"step {step}: {cmd!r} was accepted but should be refused")
