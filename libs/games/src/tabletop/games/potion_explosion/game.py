"""The `Game` that registers Potion Explosion: metadata, options and wiring only."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import Field, model_validator

from tabletop.kernel import Command, Event, Game, GameConfig

from .commands import COMMANDS
from .data import MAX_PLAYERS, MIN_PLAYERS, TypeName
from .decide import STEPS, decide
from .events import EVENTS
from .evolve import evolve
from .legal import legal_commands, to_act
from .scoring import outcome
from .setup import start
from .state import PLAY, REFILL, State
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
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
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
    # cost a call.
    decide_move = staticmethod(decide)
    to_act = staticmethod(to_act)
    legal_commands = staticmethod(legal_commands)
    evolve = staticmethod(evolve)
    outcome = staticmethod(outcome)

    def decide_and_fold(
        self, state: State, command: Command, rng: random.Random
    ) -> tuple[list[Event], State]:
        # The kernel's shared checks (a command of this game, from a seat that
        # acts now), asked of the state's own fields while the current seat
        # acts; then the command's step, which hands on its events and their
        # fold (`decide.STEPS`). The kernel refuses in its own words.
        step = STEPS.get(type(command))
        if step is None or (
            command.seat != state.current
            if PLAY <= state.phase <= REFILL  # the phases in which the current seat acts
            else command.seat not in to_act(state)
        ):
            self._refuse(state, command)
        return step(state, command, rng)

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
