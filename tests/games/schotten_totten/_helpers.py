"""Building Schotten Totten positions by hand for rule tests.

Cards are written like the rulebook reads them: "r7" is the red 7 (colours
r o y g b p); tactic cards by name ("joker", "spy", "mud-fight", ...).
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.cards import TACTIC_NAMES, clan_card, mask
from tabletop.games.schotten_totten.commands import Claim
from tabletop.games.schotten_totten.state import CLAIM, PLAY, State
from tabletop.kernel import Command, Event, replace

_COLOURS = "roygbp"
_TACTICS = {name: card for card, name in sorted(TACTIC_NAMES.items(), reverse=True)}
_TACTICS["joker2"] = 55


def c(code: str) -> int:
    """One card from its short name."""
    if code in _TACTICS:
        return _TACTICS[code]
    return clan_card(_COLOURS.index(code[0]), int(code[1:]))


def cs(codes: str) -> tuple[int, ...]:
    """Cards from a space-separated list of short names."""
    return tuple(c(x) for x in codes.split())


def position(
    *,
    sides: dict[int, tuple[str, str]] | None = None,
    hands: tuple[str, str] = ("", ""),
    deck: str | None = None,
    tactics_deck: str | None = None,
    tactics: bool = False,
    modes: dict[int, int] | None = None,
    owner: dict[int, int] | None = None,
    first: dict[int, int] | None = None,
    first_three: dict[int, int] | None = None,
    discard: str = "",
    phase: int = CLAIM,
    turn: int = 0,
    **changes: Any,
) -> State:
    """A hand-made position. Cards not placed anywhere form the clan deck
    (sorted) unless `deck` is given; sides are written per stone as
    ("cards of seat 0", "cards of seat 1"). A stone where both sides are
    complete counts seat 0 as having completed first unless `first` says;
    likewise for 3 cards under a Mud fight (`first_three`). Combat modes are
    placed by `mode_by=(blind, mud)` seats (default: nobody)."""
    base = GAME.new(2, seed=0, first_player=0, variant="tactics" if tactics else "base")
    side_cards = [((), ())] * 9
    for stone, (a, b) in (sides or {}).items():
        side_cards[stone] = (cs(a) if a else (), cs(b) if b else ())
    hand_cards = tuple(tuple(sorted(cs(h))) if h else () for h in hands)
    placed = [x for pair in side_cards for side in pair for x in side]
    used = (
        set(placed) | set(hand_cards[0]) | set(hand_cards[1]) | set(cs(discard) if discard else ())
    )
    if deck is None:
        deck_cards = tuple(x for x in range(54) if x not in used)
    else:
        deck_cards = cs(deck) if deck else ()
    if tactics_deck is None:
        tdeck = tuple(x for x in range(54, 64) if x not in used) if tactics else ()
    else:
        tdeck = cs(tactics_deck) if tactics_deck else ()
    mode_bits = tuple((modes or {}).get(s, 0) for s in range(9))
    need = [4 if m & 2 else 3 for m in mode_bits]
    first_done = []
    for s in range(9):
        done = [len(side_cards[s][p]) >= need[s] for p in (0, 1)]
        if (first or {}).get(s) is not None:
            first_done.append(first[s])
        elif done[0]:
            first_done.append(0)
        elif done[1]:
            first_done.append(1)
        else:
            first_done.append(-1)
    three = []
    for s in range(9):
        done = [len(side_cards[s][p]) >= 3 for p in (0, 1)]
        if need[s] == 3:
            three.append(first_done[s])
        elif (first_three or {}).get(s) is not None:
            three.append(first_three[s])
        else:
            three.append(0 if done[0] else 1 if done[1] else -1)
    return replace(
        base,
        first_three=tuple(three),
        sides=tuple(side_cards),
        hands=hand_cards,
        deck=deck_cards,
        tactics_deck=tdeck,
        modes=mode_bits,
        owner=tuple((owner or {}).get(s, -1) for s in range(9)),
        first_done=tuple(first_done),
        discard=cs(discard) if discard else (),
        out=mask(placed) | (mask(cs(discard)) if discard else 0),
        phase=phase,
        turn=turn,
        played=phase == CLAIM,
        **changes,
    )


def decide(state: State, command: Command) -> list[Event]:
    return GAME.decide(state, command, random.Random(0))


def apply(state: State, command: Command) -> State:
    return GAME.apply(state, command, seed=0)


def claim(state: State, seat: int, stone: int) -> list[Event]:
    """`seat` claims `stone` in its claim phase."""
    return decide(replace(state, turn=seat), Claim(seat=seat, stone=stone))


__all__ = ["CLAIM", "PLAY", "apply", "c", "claim", "cs", "decide", "position"]
