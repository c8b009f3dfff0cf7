"""Pokémon TCG as a Tabletop game: metadata and the decider contract,
wiring the modules of this package together."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pydantic import field_validator

from tabletop.kernel import Event, Game, GameConfig, JsonDict, Outcome

from . import (
    commands,
    pool,  # noqa: F401  (registers the card pool)
)
from . import view as views
from .commands import COMMAND_TYPES
from .decide import decide
from .decklists import DeckListError
from .decks import resolve
from .events import EVENT_TYPES
from .evolve import evolve
from .legal import legal_commands, to_act
from .sample import sample_world
from .setup import start
from .state import State


class PokemonTCGConfig(commands.PokemonTCGConfig):
    @field_validator("decks")
    @classmethod
    def _valid(cls, decks: tuple[str, str] | None) -> tuple[str, str] | None:
        for deck in decks or ():
            try:
                resolve(deck)
            except DeckListError as exc:
                raise ValueError(str(exc)) from None
        return decks


class PokemonTCG(Game[State]):
    id = "pokemon-tcg"
    title = "Pokémon Trading Card Game"
    min_players = 2
    max_players = 2
    rules_version = "1"  # 1: the rules-fidelity changes of issue #14
    config_model = PokemonTCGConfig
    command_types = COMMAND_TYPES
    event_types = EVENT_TYPES
    view_model = views.PokemonTCGView
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"decks": ("darkness", "colorless")},
        {"decks": ("fighting", "darkness")},
        {"decks": ("water", "lightning")},
        {"decks": ("psychic", "fighting")},
        {"decks": ("grass", "darkness")},
        {"decks": ("fire", "water")},
    )

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, PokemonTCGConfig)
        return start(config.decks, config.first_chooser, rng)

    # The rules' functions bound on the class, without a method frame around each:
    # the playout loop and `decide_and_fold` call them on every command, `evolve`
    # on every event (ADR 0021: this package's hot path is frames).
    decide_move = staticmethod(decide)  # its state is the fold (decide_and_fold)
    evolve = staticmethod(evolve)
    to_act = staticmethod(to_act)
    legal_commands = staticmethod(legal_commands)

    def seats(self, state: State) -> int:
        return 2

    def view(self, state: State, seat: int | None) -> JsonDict:
        return views.view(state, seat, to_act(state))

    def redact(self, event: Event, seat: int | None) -> Event:
        return views.redact(event, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state.winners:
            return None
        ranks = tuple(0 if seat in state.winners else 1 for seat in (0, 1))
        prizes = tuple(float(state.prize_count - len(side.prizes)) for side in state.sides)
        return Outcome(ranks=ranks, scores=prizes, reason=state.reason)

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return sample_world(state, seat, seed)


GAME = PokemonTCG()
