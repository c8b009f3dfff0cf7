"""Refusal codes of the gem-market engine (Splendor and its variants).

Codes are part of the wire contract: clients switch on them, so they are
stable strings. The kernel's own codes (wrong seat, game over...) come first,
from `tabletop.kernel.Code`; each game adds the codes of its own rules.
"""

from __future__ import annotations

from enum import StrEnum


class GemsCode(StrEnum):
    WRONG_STEP = "wrong_step"  # e.g. buying while tokens must be returned
    UNKNOWN_COLOR = "unknown_color"
    WILD_NOT_TAKEABLE = "wild_not_takeable"  # gold / master balls via a gem action
    COLORS_NOT_DIFFERENT = "colors_not_different"
    TAKE_COUNT = "take_count"  # not 3 different (or as many as remain)
    TOKEN_UNAVAILABLE = "token_unavailable"  # that colour's supply is empty
    TAKE_TWO_NEEDS_FOUR = "take_two_needs_four"
    RESERVE_LIMIT = "reserve_limit"
    NOT_RESERVABLE = "not_reservable"  # rare / legendary rows
    UNKNOWN_CARD = "unknown_card"
    CARD_NOT_AVAILABLE = "card_not_available"  # not face up, nor in your reserve
    UNKNOWN_LEVEL = "unknown_level"
    DECK_EMPTY = "deck_empty"
    CANNOT_AFFORD = "cannot_afford"  # also: not that way (Buy.wild_for)
    BAD_PAYMENT = "bad_payment"  # wild_for names the wild token or more than the card costs
    DEFAULT_PAYMENT = "default_payment"  # wild_for spelling out the default: send it without
    RETURN_COUNT = "return_count"
    RETURN_NOT_HELD = "return_not_held"
    PASS_NOT_ALLOWED = "pass_not_allowed"
