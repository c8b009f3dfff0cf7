"""`decide`: one command in, its events out (via the builder), then the game
runs on (flow.advance) until a player must decide again."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command, Event, IllegalCommand

from . import actions, setup
from . import messages as m
from .engine import Builder
from .errors import TCGCode
from .flow import advance, close_prompt
from .state import SETUP, State


def choose(b: Builder, c: m.Choose) -> None:
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
    b.emit(m.Picked(seat=c.seat, option=c.option, hidden=prompt.hidden))
    prompt = b.state.prompt
    assert prompt is not None
    # A choice among hidden cards never ends by itself when its options run out:
    # the other player would learn that nothing more matched.
    left = len(prompt.options) - len(prompt.picked) if not prompt.hidden else -1
    if c.option is None or len(prompt.picked) >= prompt.most or left == 0:
        close_prompt(b)


def _bench(b: Builder, c: m.PlayBasic) -> None:
    if b.state.phase == SETUP:
        setup.bench_during_setup(b, c)
    else:
        actions.play_basic(b, c)


_HANDLERS: dict[type[Command], Callable[[Builder, Any], None]] = {
    m.ChooseFirst: setup.choose_first,
    m.SetActive: setup.set_active,
    m.PlayBasic: _bench,
    m.FinishSetup: setup.finish_setup,
    m.Evolve: actions.evolve,
    m.AttachEnergy: actions.attach,
    m.PlayTrainer: actions.play_trainer,
    m.UseAbility: actions.use_ability,
    m.UseStadium: actions.use_stadium,
    m.Retreat: actions.retreat,
    m.UseAttack: actions.attack,
    m.EndTurn: actions.end_turn,
    m.Choose: choose,
}


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    if state.prompt is not None and not isinstance(command, m.Choose):
        raise IllegalCommand(
            TCGCode.CHOICE_PENDING, f"answer the pending choice ({state.prompt.kind}) first"
        )
    b = Builder(state, rng)
    _HANDLERS[type(command)](b, command)
    advance(b)
    return b.events
