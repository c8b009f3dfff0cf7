"""The `Game` that registers Potion Explosion: metadata and wiring only."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tabletop.kernel import Command, Event, Game, GameConfig, Outcome

from . import messages as m
from .decide import decide, start
from .evolve import evolve
from .legal import legal_commands, to_act
from .scoring import outcome
from .state import State
from .view import PotionExplosionView, redact, sample_world, view


class PotionExplosion(Game[State]):
    id = "potion-explosion"
    title = "Potion Explosion"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: the rules-fidelity changes of issue #14
    config_model = m.PotionExplosionConfig
    command_types = m.COMMANDS
    event_types = m.EVENTS
    view_model = PotionExplosionView
    # The two types left out are drawn at random by default, so the one default
    # option set already exercises every type (tests cover `excluded` and `clock`).
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, m.PotionExplosionConfig)
        return start(config, rng)

    def decide_move(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        return decide(state, command, rng)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def seats(self, state: State) -> int:
        return len(state.players)

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        return legal_commands(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return sample_world(state, seat, seed)
