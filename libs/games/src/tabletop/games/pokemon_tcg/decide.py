"""`decide`: one command in, its events out (via the kernel's EventBuilder),
then the game runs on (turns.advance) until a player must decide again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command, EventBuilder, IllegalCommand

from . import main_phase, setup
from .codes import TCGCode
from .commands import (
    AttachEnergy,
    Choose,
    ChooseFirst,
    EndTurn,
    Evolve,
    FinishSetup,
    PlayBasic,
    PlayTrainer,
    Retreat,
    SetActive,
    UseAbility,
    UseAttack,
    UseStadium,
)
from .events import Picked
from .evolve import evolve_next
from .interned import interned
from .state import SETUP, State
from .turns import advance, close_prompt

_picked = interned(Picked, "seat", "option", "hidden")


def choose(b: EventBuilder[State], c: Choose) -> None:
    prompt = b.state.prompt
    if prompt is None:
        raise IllegalCommand(TCGCode.NO_CHOICE, "there is nothing to choose now")
    if c.option is None:
        if len(prompt.picked) < prompt.need:
            raise IllegalCommand(
                TCGCode.CHOOSE_MORE, f"choose {prompt.need - len(prompt.picked)} more first"
            )
    elif c.option not in prompt.options or c.option in prompt.picked:
        raise IllegalCommand(TCGCode.NOT_AN_OPTION, f"{c.option} is not one of the options")
    b.emit(_picked[c.seat, c.option, prompt.hidden])
    prompt = b.state.prompt
    assert prompt is not None
    # A choice among hidden cards never ends by itself when its options run out:
    # the other player would learn that nothing more matched.
    left = len(prompt.options) - len(prompt.picked) if not prompt.hidden else -1
    if c.option is None or len(prompt.picked) >= prompt.most or left == 0:
        close_prompt(b)


def _bench(b: EventBuilder[State], c: PlayBasic) -> None:
    if b.state.phase == SETUP:
        setup.bench_during_setup(b, c)
    else:
        main_phase.play_basic(b, c)


_HANDLERS: dict[type[Command], Callable[[EventBuilder[State], Any], None]] = {
    ChooseFirst: setup.choose_first,
    SetActive: setup.set_active,
    PlayBasic: _bench,
    FinishSetup: setup.finish_setup,
    Evolve: main_phase.evolve,
    AttachEnergy: main_phase.attach,
    PlayTrainer: main_phase.play_trainer,
    UseAbility: main_phase.use_ability,
    UseStadium: main_phase.use_stadium,
    Retreat: main_phase.retreat,
    UseAttack: main_phase.attack,
    EndTurn: main_phase.end_turn,
    Choose: choose,
}


def decide(state: State, command: Command, rng: random.Random) -> EventBuilder[State]:
    """The builder after the command: its events, and the state they fold to."""
    if state.prompt is not None and not isinstance(command, Choose):
        raise IllegalCommand(
            TCGCode.CHOICE_PENDING, f"answer the pending choice ({state.prompt.kind}) first"
        )
    b = EventBuilder(state, rng, evolve_next)
    _HANDLERS[type(command)](b, command)
    advance(b, state)
    return b
