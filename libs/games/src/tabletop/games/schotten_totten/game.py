"""Schotten Totten as a Tabletop game: metadata and the decider contract,
wiring the modules of this package together."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.kernel import Command, Event, EventBuilder, Game, GameConfig, JsonDict, Outcome

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

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, SchottenTottenConfig)
        return start(config, rng)

    def decide_move(
        self, state: State, command: Command, rng: random.Random
    ) -> EventBuilder[State]:
        return decide_move(state, command, rng)  # its state is the fold (decide_and_fold)

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
