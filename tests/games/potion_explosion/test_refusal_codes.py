"""Refusal codes are one `StrEnum` (issue #16, point 1): `PotionCode` names
every code the rules raise, its wire strings are the ones clients already
switch on, each is documented, and the engine raises no other."""

from __future__ import annotations

import tabletop.games.potion_explosion as potion_explosion
from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion.codes import PotionCode
from tabletop.kernel import Code

from ..refusal_codes import codes_from_stale_commands, stray_sites, undocumented

# The wire strings as they were before the enum (clients and stored refusals
# depend on them): a rename or a dropped code fails here.
WIRE = {
    "wrong_phase", "no_marble", "out_of_reach", "already_taken", "take_required",
    "help_used", "effect_pending", "no_effect_pending", "wrong_effect", "not_in_hand",
    "no_potion", "no_hole", "potion_limit", "must_place", "must_stash", "pool_full",
    "from_pool", "not_in_pool", "unknown_potion", "already_drunk", "not_drunk",
    "cannot_reuse", "effect_impossible", "wrong_count", "not_adjacent", "same_colour",
    "mixed_colours", "not_bottom", "repeated", "bad_opponent", "empty_pool",
    "wrong_track", "wrong_colour", "nothing_done", "no_stack", "empty_stack",
    "not_offered",
}  # fmt: skip


def test_wire_values_are_unchanged() -> None:
    assert {c.value for c in PotionCode} == WIRE
    assert len(PotionCode) == len(WIRE)  # no two members share a string
    assert PotionCode.NO_EFFECT == "no_effect_pending"  # a member is its string


def test_every_code_is_documented() -> None:
    assert undocumented(PotionCode, "potion-explosion.md") == []


def test_every_raise_site_names_a_member() -> None:
    """The package raises `IllegalCommand` itself (it has no wrapper of it)."""
    assert stray_sites(potion_explosion, PotionCode, frozenset()) == []


def test_random_play_raises_only_listed_codes() -> None:
    codes = codes_from_stale_commands(GAME, 3, range(2))
    known = {c.value for c in PotionCode} | {c.value for c in Code}
    assert codes <= known, codes - known
    assert Code.ILLEGAL_MOVE not in codes
    assert len(codes & {c.value for c in PotionCode}) >= 15, codes
