"""The options a game starts with, and the commands a seat may send.

Cards are instance ids (state.py); a Pokémon in play is named by its top
card's instance. A prompt is answered with `choose`, one pick at a time.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop.kernel import Command, GameConfig


class PokemonTCGConfig(GameConfig):
    """Two decks, each a prebuilt deck's name (decks.PREBUILT) or a deck list in
    the TCG Live text format (decklists.py); by default two different prebuilt
    decks drawn at random when the game starts."""

    decks: tuple[str, str] | None = None
    first_chooser: int | None = Field(None, ge=0, le=1)  # None: a recorded random draw


class ChooseFirst(Command):
    """The winner of the draw decides whether they go first."""

    type: Literal["choose_first"] = "choose_first"
    go_first: bool


class SetActive(Command):
    """Setup: put a Basic Pokémon from your hand face down as your Active."""

    type: Literal["set_active"] = "set_active"
    card: int = Field(ge=0)


class PlayBasic(Command):
    """Put a Basic Pokémon from your hand onto your Bench (also during setup)."""

    type: Literal["play_basic"] = "play_basic"
    card: int = Field(ge=0)


class FinishSetup(Command):
    type: Literal["finish_setup"] = "finish_setup"


class Evolve(Command):
    type: Literal["evolve"] = "evolve"
    card: int = Field(ge=0)
    target: int = Field(ge=0)


class AttachEnergy(Command):
    type: Literal["attach_energy"] = "attach_energy"
    card: int = Field(ge=0)
    target: int = Field(ge=0)


class PlayTrainer(Command):
    """Play an Item, Supporter or Stadium (`target` None), or attach a Tool to `target`."""

    type: Literal["play_trainer"] = "play_trainer"
    card: int = Field(ge=0)
    target: int | None = Field(None, ge=0)


class UseAbility(Command):
    type: Literal["use_ability"] = "use_ability"
    pokemon: int = Field(ge=0)


class UseStadium(Command):
    """Use the effect of the Stadium in play (once during each player's turn)."""

    type: Literal["use_stadium"] = "use_stadium"


class Retreat(Command):
    """Retreat the Active Pokémon, discarding `discard` (Energy paying the
    cost), and promote the benched `to`."""

    type: Literal["retreat"] = "retreat"
    to: int = Field(ge=0)
    discard: tuple[int, ...] = ()


class UseAttack(Command):
    type: Literal["attack"] = "attack"
    attack: int = Field(ge=0, le=3)


class EndTurn(Command):
    type: Literal["end_turn"] = "end_turn"


class Choose(Command):
    """Answer the pending prompt: one pick, or None when done choosing."""

    type: Literal["choose"] = "choose"
    option: int | None = None


COMMAND_TYPES = (
    ChooseFirst,
    SetActive,
    PlayBasic,
    FinishSetup,
    Evolve,
    AttachEnergy,
    PlayTrainer,
    UseAbility,
    UseStadium,
    Retreat,
    UseAttack,
    EndTurn,
    Choose,
)
