"""Claiming stones: the claim check (with the early-claim proof), and who
takes a stone when a round ends by exhaustion."""

from __future__ import annotations

from typing import Literal

from tabletop.kernel import IllegalCommand

from .cards import CLAN_MASK, JOKER_A, JOKER_B, MODE_BLIND, MODE_MUD, SHIELD, SPY, stone_name
from .codes import SchottenCode
from .formations import best_possible, could_beat, formation_name, side_key
from .state import State, blind, need


def possible_cards(state: State, seat: int) -> tuple[int, tuple[int, ...]]:
    """What may still join `seat`'s sides: every clan card not on the table
    (a bit mask), and the elite troops not on the table that `seat` could
    still play (at most one joker, none once it has used one)."""
    pool = CLAN_MASK & ~state.out
    if not state.tactics:
        return pool, ()
    wild: list[int] = []
    if not state.joker_used[seat]:
        for joker in (JOKER_A, JOKER_B):
            if not state.out >> joker & 1:
                wild.append(joker)
                break
    wild.extend(c for c in (SPY, SHIELD) if not state.out >> c & 1)
    return pool, tuple(wild)


def claim_how(state: State, seat: int, stone: int) -> Literal["claim", "early"]:
    """'claim' or 'early' if `seat` may claim `stone` now; else IllegalCommand."""
    if state.owner[stone] >= 0:
        raise IllegalCommand(SchottenCode.STONE_CLAIMED, f"{stone_name(stone)} is already claimed")
    n, fog = need(state, stone), blind(state, stone)
    mine, theirs = state.sides[stone][seat], state.sides[stone][1 - seat]
    if len(mine) < n:
        raise IllegalCommand(
            SchottenCode.SIDE_INCOMPLETE,
            f"your side of {stone_name(stone)} has {len(mine)} of the {n} cards a claim needs",
        )
    my_key = side_key(mine, fog)
    if len(theirs) >= n:
        their_key = side_key(theirs, fog)
        if my_key > their_key or (my_key == their_key and state.first_done[stone] == seat):
            return "claim"
        why = "completed their side first" if my_key == their_key else "is stronger"
        raise IllegalCommand(
            SchottenCode.WEAKER,
            f"on {stone_name(stone)} your {formation_name(my_key)} ({my_key % 100}) loses: the "
            f"opponent's {formation_name(their_key)} ({their_key % 100}) {why}",
        )
    pool, wild = possible_cards(state, 1 - seat)
    if not could_beat(theirs, n, pool, wild, fog, my_key):
        return "early"
    best = best_possible(tuple(sorted(theirs)), n, pool, wild, fog)
    raise IllegalCommand(
        SchottenCode.NOT_PROVEN,
        f"the opponent's side of {stone_name(stone)} is incomplete and cards not yet on the "
        f"table could still make it a {formation_name(best)} of {best % 100}, beating your "
        f"{formation_name(my_key)} of {my_key % 100}",
    )


def claimable(
    state: State, seat: int, stone: int, cards: tuple[int, tuple[int, ...]] | None = None
) -> bool:
    """`claim_how` without building refusals; `cards`: `possible_cards(state,
    1 - seat)` when the caller has it."""
    if state.owner[stone] >= 0:
        return False
    mode = state.modes[stone]  # need() and blind(), inlined
    n = 4 if mode & MODE_MUD else 3
    pair = state.sides[stone]
    if len(pair[seat]) < n:
        return False
    if cards is None:
        cards = possible_cards(state, 1 - seat)
    fog = bool(mode & MODE_BLIND)
    return takes(pair[seat], pair[1 - seat], n, fog, state.first_done[stone] == seat, cards)


def takes(
    mine: tuple[int, ...],
    theirs: tuple[int, ...],
    n: int,
    fog: bool,
    first: bool,
    cards: tuple[int, tuple[int, ...]],
) -> bool:
    """Whether the complete side `mine` takes its stone from `theirs` (each
    side needs `n` cards; `first`: `mine` was complete first; `cards`: what
    may still join `theirs`): by formation, or by the early-claim proof."""
    my_key = side_key(mine, fog)
    if len(theirs) >= n:
        their_key = side_key(theirs, fog)
        return my_key > their_key or (my_key == their_key and first)
    return not could_beat(theirs, n, cards[0], cards[1], fog, my_key)


def exhaustion_winner(state: State, stone: int) -> int:
    """Who takes an unclaimed stone when the round ends by exhaustion, or -1."""
    n, fog = need(state, stone), blind(state, stone)
    done = [len(state.sides[stone][s]) >= n for s in (0, 1)]
    if done[0] and done[1]:
        k0, k1 = side_key(state.sides[stone][0], fog), side_key(state.sides[stone][1], fog)
        if k0 != k1:
            return 0 if k0 > k1 else 1
        return state.first_done[stone]
    if done[0] != done[1]:
        return 0 if done[0] else 1
    return -1
