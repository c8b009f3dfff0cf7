"""Refusal codes of Schotten Totten (`IllegalCommand.code`), stable strings
clients switch on; the kernel's own (`not_your_turn`, `wrong_seat`,
`game_over`, `unknown_command`, `malformed_command`, `invalid_options`) come
before any of these. docs/games/schotten-totten.md lists them."""

from __future__ import annotations

from enum import StrEnum


class SchottenCode(StrEnum):
    # The moment is wrong for the command.
    WRONG_PHASE = "wrong_phase"  # play → claim → end of turn, or returning recruited cards
    # Playing a card.
    NOT_IN_HAND = "card_not_in_hand"
    SIDE_FULL = "side_full"
    STONE_CLAIMED = "stone_claimed"
    MUST_PLAY = "must_play"  # a pass while a clan card could be played
    USE_RUSE_COMMAND = "use_ruse_command"  # a ruse sent as play_card
    TACTIC_LIMIT = "tactic_limit"  # two tactic cards ahead of the opponent
    SECOND_JOKER = "second_joker"
    # Ending the turn (drawing).
    DRAW_DUE = "draw_due"  # name the deck to draw from
    NO_DRAW_DUE = "no_draw_due"
    DECK_EMPTY = "deck_empty"
    # Ruses.
    DECKS_EMPTY = "decks_empty"  # the Recruiter with nothing to draw
    BAD_RECRUIT = "bad_recruit_split"
    BAD_RETURN = "bad_return"
    NOT_YOUR_CARD = "not_your_card"  # the Strategist's card
    NOT_OPPONENT_CARD = "not_opponent_card"  # the Banshee's or the Traitor's card
    NOT_CLAN_CARD = "not_clan_card"  # the Traitor takes clan cards only
    SAME_STONE = "same_stone"
    MUD_FIGHT_IN_USE = "mud_fight_in_use"  # a 4-card side holds the Mud fight in place
    # Claiming a stone.
    SIDE_INCOMPLETE = "side_incomplete"
    WEAKER = "weaker_formation"
    NOT_PROVEN = "claim_not_proven"  # an early claim the cards left could still beat
