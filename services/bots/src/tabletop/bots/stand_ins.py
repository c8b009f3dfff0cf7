"""Stand-in bots: the platform's weakest bot plays the remaining turns of a
seat that resigned or timed out in a game of three or four (the platform rule
in docs/games/*.md). Its level is the easiest one the game has."""

from __future__ import annotations

from tabletop.eventlog import Commit, GameHead
from tabletop.policies.levels import levels_for


def weakest_level(game_id: str) -> str:
    return next(iter(levels_for(game_id)))  # levels are listed easiest first


def with_stand_ins(head: GameHead, bots: dict[int, str]) -> dict[int, str]:
    """`bots` (seat -> spec) plus the weakest bot's spec for every retired seat
    of a game still going on."""
    retired = head.table.retired_seats
    if not retired or head.outcome is not None:
        return bots
    weakest = levels_for(head.game.id)[weakest_level(head.game.id)]
    return {**{seat: weakest for seat in retired}, **bots}


def may_have_stand_ins(commit: Commit) -> bool:
    """Whether a commit of a game without bot seats may still need a stand-in:
    any commit made since retiring exists (stamped with its time; the head
    says whether a seat has left). Older commits never do."""
    return commit.at is not None
