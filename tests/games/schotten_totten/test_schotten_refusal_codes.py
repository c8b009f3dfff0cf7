"""Refusal codes are one `StrEnum` (issue #16, point 1): `SchottenCode` names
every code the rules raise, its wire strings are the ones clients already
switch on, each is documented, and the engine raises no other."""

from __future__ import annotations

import tabletop.games.schotten_totten as schotten_totten
from tabletop.games.schotten_totten import GAME, SchottenCode
from tabletop.kernel import Code

from ..refusal_codes import codes_from_stale_commands, stray_sites, undocumented

# The wire strings as they were before the enum (clients and stored refusals
# depend on them): a rename or a dropped code fails here.
WIRE = {
    "wrong_phase", "card_not_in_hand", "side_full", "stone_claimed", "must_play",
    "use_ruse_command", "tactic_limit", "second_joker", "draw_due", "no_draw_due",
    "deck_empty", "decks_empty", "bad_recruit_split", "bad_return", "not_your_card",
    "not_opponent_card", "not_clan_card", "same_stone", "mud_fight_in_use",
    "side_incomplete", "weaker_formation", "claim_not_proven",
}  # fmt: skip


def test_wire_values_are_unchanged() -> None:
    assert {c.value for c in SchottenCode} == WIRE
    assert len(SchottenCode) == len(WIRE)  # no two members share a string
    assert SchottenCode.NOT_IN_HAND == "card_not_in_hand"  # a member is its string


def test_every_code_is_documented() -> None:
    assert undocumented(SchottenCode, "schotten-totten.md") == []


def test_every_raise_site_names_a_member() -> None:
    assert stray_sites(schotten_totten, SchottenCode) == []


def test_random_play_raises_only_listed_codes() -> None:
    codes: set[str] = set()
    for variant in ("base", "tactics"):
        codes |= codes_from_stale_commands(GAME, 2, range(3), variant=variant)
    known = {c.value for c in SchottenCode} | {c.value for c in Code}
    assert codes <= known, codes - known
    assert Code.ILLEGAL_MOVE not in codes
    assert len(codes & {c.value for c in SchottenCode}) >= 12, codes
