"""The refusal codes of Potion Explosion (`IllegalCommand.code`), stable strings
clients switch on; the kernel's own (`not_your_turn`, `wrong_seat`,
`game_over`, `unknown_command`, `malformed_command`, `invalid_options`) come
before any of these. docs/games/potion-explosion.md lists them."""

from __future__ import annotations

from enum import StrEnum


class PotionCode(StrEnum):
    # The moment is wrong for the command.
    WRONG_PHASE = "wrong_phase"
    EFFECT_PENDING = "effect_pending"  # resolve the potion effect first
    NO_EFFECT = "no_effect_pending"  # an effect command with no effect pending
    WRONG_EFFECT = "wrong_effect"  # the command resolves another effect
    # Taking a marble from the dispenser.
    NO_MARBLE = "no_marble"
    OUT_OF_REACH = "out_of_reach"  # the 9th (top) marble of a track
    ALREADY_TAKEN = "already_taken"
    TAKE_REQUIRED = "take_required"
    HELP_USED = "help_used"  # little help once per turn
    # Placing and stashing marbles.
    NOT_IN_HAND = "not_in_hand"
    NO_POTION = "no_potion"  # no potion on that burner
    NO_HOLE = "no_hole"  # no open hole of that colour
    POTION_LIMIT = "potion_limit"  # potions completed this turn
    MUST_PLACE = "must_place"  # the marble fits a potion: place it first
    MUST_STASH = "must_stash"  # the pool has room for a marble in hand
    POOL_FULL = "pool_full"
    FROM_POOL = "from_pool"  # marbles taken from the pool cannot go back
    NOT_IN_POOL = "not_in_pool"
    # Drinking potions and resolving their effects.
    UNKNOWN_POTION = "unknown_potion"
    ALREADY_DRUNK = "already_drunk"
    NOT_DRUNK = "not_drunk"  # Sands of Time reuses a drunk potion
    CANNOT_REUSE = "cannot_reuse"  # Sands of Time on Sands of Time
    EFFECT_IMPOSSIBLE = "effect_impossible"  # the effect could do nothing now
    WRONG_COUNT = "wrong_count"  # how many marbles the effect takes
    NOT_ADJACENT = "not_adjacent"
    SAME_COLOUR = "same_colour"
    MIXED_COLOURS = "mixed_colours"
    NOT_BOTTOM = "not_bottom"
    REPEATED = "repeated"  # a marble (or a colour) listed twice
    BAD_OPPONENT = "bad_opponent"
    EMPTY_POOL = "empty_pool"
    WRONG_TRACK = "wrong_track"
    WRONG_COLOUR = "wrong_colour"
    NOTHING_DONE = "nothing_done"  # use the effect at least once before finishing
    # Skill tokens and the starting tiles.
    NO_STACK = "no_stack"
    EMPTY_STACK = "empty_stack"
    NOT_OFFERED = "not_offered"
