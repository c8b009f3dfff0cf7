"""Schotten Totten as a Tabletop game: metadata and the decider contract,
wiring the modules of this package together."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.kernel import Event, Game, GameConfig, JsonDict, Outcome

from . import view
from .commands import COMMAND_TYPES, SchottenTottenConfig
from .decide import decide_move
from .events import EVENT_TYPES
from .evolve import evolve
from .legal import legal_commands, to_act
from .setup import start
from .state import State


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

    # The hot parts of the contract are the module functions themselves: a
    # playout calls them several times per command, a wrapper method each time
    # cost a call. `decide_move` returns its EventBuilder, whose state is the
    # fold of its events (what `decide_and_fold` hands on).
    decide_move = staticmethod(decide_move)
    evolve = staticmethod(evolve)
    to_act = staticmethod(to_act)
    legal_commands = staticmethod(legal_commands)

    def seats(self, state: State) -> int:
        return 2

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
