"""Schotten Totten as a Tabletop game: metadata and the decider contract,
wiring the modules of this package together."""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable
from typing import Any, ClassVar

from tabletop.kernel import Command, Event, Game, GameConfig, JsonDict, Outcome

from . import view
from .commands import COMMAND_TYPES, SchottenTottenConfig
from .decide import decide_move
from .events import EVENT_TYPES
from .evolve import evolve
from .legal import legal_commands
from .setup import start
from .state import OVER, State


class SchottenTotten(Game[State]):
    id = "schotten-totten"
    title = "Schotten Totten"
    min_players = 2
    max_players = 2
    rules_version = "2"  # 2: the rules-fidelity changes of issue #14
    config_model = SchottenTottenConfig
    command_types = COMMAND_TYPES
    event_types = EVENT_TYPES
    view_model = view.SchottenTottenView
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"variant": "tactics"},
        {"rounds": 3, "variant": "tactics"},
    )

    def __init__(self) -> None:
        super().__init__()
        # The last decision: (state before, its events, the state they fold
        # to). `decide` folded them already; `fold` of the same objects
        # returns that state instead of folding them again.
        self._decided: tuple[State, tuple[Event, ...], State] | None = None

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, SchottenTottenConfig)
        return start(config, rng)

    def decide_move(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        b = decide_move(state, command, rng)
        self._decided = (state, tuple(b.events), b.state)
        return b.events

    def fold(self, state: State | None, events: Iterable[Event]) -> State:
        decided = self._decided
        if decided is not None and state is decided[0] and isinstance(events, (list, tuple)):
            made = decided[1]
            if len(events) == len(made) and all(map(operator.is_, events, made)):
                return decided[2]
        return super().fold(state, events)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def seats(self, state: State) -> int:
        return 2

    def to_act(self, state: State) -> list[int]:
        if state.over or state.phase == OVER:
            return []
        return [state.turn]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return legal_commands(state, seat)

    def view(self, state: State, seat: int | None) -> JsonDict:
        return view.view(state, seat, self.to_act(state))

    def redact(self, event: Event, seat: int | None) -> Event:
        return view.redact(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        a, b = state.scores
        ranks = (0, 0) if a == b else ((0, 1) if a > b else (1, 0))
        return Outcome(ranks=ranks, scores=(float(a), float(b)), reason="match points")

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return view.sample_world(state, seat, seed)


GAME = SchottenTotten()
