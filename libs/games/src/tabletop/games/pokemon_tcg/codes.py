"""Refusal codes of the Pokémon TCG rules (`IllegalCommand.code`), stable
strings clients switch on; the kernel's own (`not_your_turn`, `wrong_seat`,
`game_over`, `unknown_command`, `malformed_command`, `invalid_options`) come
before any of these. docs/games/pokemon-tcg.md lists them with their meaning."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class TCGCode(StrEnum):
    # When: the moment is wrong for the command.
    SETUP_OVER = "setup_over"  # a setup command after setup (or the first player chosen)
    NOT_MAIN_PHASE = "not_main_phase"  # a turn action outside the main phase
    CHOICE_PENDING = "choice_pending"  # a prompt must be answered first
    NO_CHOICE = "no_choice"  # `choose` with no prompt open
    # Choices (answers to a prompt).
    NOT_AN_OPTION = "not_an_option"
    CHOOSE_MORE = "choose_more"  # "done" before the picks the prompt needs
    # Cards and Pokémon named by a command.
    NOT_IN_HAND = "not_in_hand"
    NOT_IN_PLAY = "not_in_play"  # no such Pokémon of yours in play
    WRONG_CARD_KIND = "wrong_card_kind"  # not a Basic Pokémon, not an Energy, not a Trainer
    ACTIVE_MISSING = "active_missing"  # place (or have) an Active Pokémon first
    ACTIVE_PLACED = "active_placed"  # the Active Pokémon is already placed
    BENCH_FULL = "bench_full"
    # Evolving.
    NOT_AN_EVOLUTION = "not_an_evolution"  # does not evolve from that Pokémon
    TOO_EARLY_TO_EVOLVE = "too_early_to_evolve"  # first turn, or came into play this turn
    # Once-a-turn limits.
    ENERGY_ATTACHED = "energy_attached"
    SUPPORTER_PLAYED = "supporter_played"
    STADIUM_PLAYED = "stadium_played"
    RETREATED = "retreated"
    ABILITY_USED = "ability_used"
    STADIUM_USED = "stadium_used"
    FIRST_TURN = "first_turn"  # no Supporter, no attack on the first player's first turn
    # Trainers, Abilities, Stadiums.
    SAME_STADIUM = "same_stadium"  # a Stadium of that name is in play
    TOOL_TARGET = "tool_target"  # a Tool needs one of your Pokémon without a Tool
    NO_TARGET = "no_target"  # the card takes no target
    ITEMS_LOCKED = "items_locked"  # an effect forbids Items this turn
    WOULD_DO_NOTHING = "would_do_nothing"  # a Trainer, Ability or Stadium with no effect now
    NO_ABILITY = "no_ability"
    ABILITIES_LOCKED = "abilities_locked"  # Mischievous Lock
    NO_STADIUM = "no_stadium"  # no Stadium in play, or one without an effect to use
    # Retreating and attacking.
    CONDITION = "condition"  # Asleep or Paralyzed
    PREVENTED = "prevented"  # a lasting effect forbids it ("can't retreat", "can't attack")
    RETREAT_TARGET = "retreat_target"
    RETREAT_COST = "retreat_cost"  # wrong Energy or the wrong number of it
    NO_SUCH_ATTACK = "no_such_attack"
    NOT_ENOUGH_ENERGY = "not_enough_energy"


class Refusal(NamedTuple):
    """Why a command is illegal: what `why_not_*` checks return (None: legal)."""

    code: TCGCode
    message: str
