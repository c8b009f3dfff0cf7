"""The `Game` that registers Potion Explosion: metadata, options and wiring only."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import Field, model_validator

from tabletop.kernel import Event, Game, GameConfig

from .commands import COMMANDS
from .data import TypeName
from .decide import decide
from .events import EVENTS
from .evolve import evolve
from .legal import legal_commands, to_act
from .scoring import outcome
from .setup import start
from .state import State
from .view import PotionExplosionView, redact, sample_world, view


class PotionExplosionConfig(GameConfig):
    """`excluded`: the two potion types left in the box (random when None).
    `clock`: game-clock skill tokens (default 4 / 5 / 6 for 2 / 3 / 4 players).
    `max_rounds`: safety stop for a dispenser deadlock (see the doc)."""

    excluded: tuple[TypeName, TypeName] | None = None
    clock: int | None = Field(default=None, ge=1, le=15)
    max_rounds: int = Field(default=100, ge=1, le=1000)

    @model_validator(mode="after")
    def _distinct(self) -> PotionExplosionConfig:
        if self.excluded is not None and self.excluded[0] == self.excluded[1]:
            raise ValueError("exclude two different potion types")
        return self


class PotionExplosion(Game[State]):
    id = "potion-explosion"
    title = "Potion Explosion"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: the rules-fidelity changes of issue #14
    config_model = PotionExplosionConfig
    command_types = COMMANDS
    event_types = EVENTS
    view_model = PotionExplosionView
    # The two types left out are drawn at random by default, so the one default
    # option set already exercises every type (tests cover `excluded` and `clock`).
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)

    # The hot parts of the contract are the module functions themselves: a
    # playout calls them several times per command, a wrapper method each time
    # cost a call. `decide` returns its EventBuilder, whose state is the fold
    # of its events (what `decide_and_fold` hands on).
    decide_move = staticmethod(decide)
    to_act = staticmethod(to_act)
    legal_commands = staticmethod(legal_commands)
    evolve = staticmethod(evolve)
    outcome = staticmethod(outcome)

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, PotionExplosionConfig)
        return start(config.players, config.excluded, config.clock, config.max_rounds, rng)

    def seats(self, state: State) -> int:
        return len(state.players)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return redact(event, seat)

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return sample_world(state, seat, seed)
