"""Splendor Pokémon's end-of-turn decision: after the token limit the player
may evolve ONE Pokémon whose requirement their card bonuses meet, taking its
next stage from the market or their own reserve (`evolve`), or decline
(`skip_evolve`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games._gems import GemsCode
from tabletop.games._gems.decide import Builder, act, expect, top_of
from tabletop.games._gems.state import CHOOSE
from tabletop.kernel import IllegalCommand

from .codes import PokemonCode
from .commands import Evolve, SkipEvolve
from .data import CARDS, COLORS, EVOLVE_REQUIREMENT, EVOLVES_INTO
from .events import Evolved

if TYPE_CHECKING:
    from .game import SplendorPokemon


def evolve_pokemon(g: SplendorPokemon, b: Builder, cmd: Evolve) -> None:
    s = b.state
    expect(g, s, CHOOSE)
    p = s.players[cmd.seat]
    n = len(CARDS)
    if not (0 <= cmd.card < n and 0 <= cmd.into < n):
        raise IllegalCommand(GemsCode.UNKNOWN_CARD, "unknown card")
    if cmd.card not in p.cards:
        raise IllegalCommand(PokemonCode.CANNOT_EVOLVE, f"card {cmd.card} is not in front of you")
    req = EVOLVE_REQUIREMENT[cmd.card]
    if req is None or cmd.into not in EVOLVES_INTO[cmd.card]:
        raise IllegalCommand(
            PokemonCode.CANNOT_EVOLVE,
            f"{CARDS.name[cmd.into]} is not the next stage of {CARDS.name[cmd.card]}",
        )
    row = CARDS.row[cmd.into]
    if cmd.into in p.reserved:
        refill = None
    elif cmd.into in s.market[row]:
        refill = top_of(s, row)
    else:
        raise IllegalCommand(
            PokemonCode.EVOLUTION_UNAVAILABLE,
            f"card {cmd.into} is neither face up nor reserved by you",
        )
    if p.bonus[req[0]] < req[1]:
        raise IllegalCommand(
            PokemonCode.EVOLUTION_REQUIREMENT,
            f"evolving {CARDS.name[cmd.card]} needs {req[1]} {COLORS[req[0]]} bonuses; "
            f"you have {p.bonus[req[0]]}",
        )
    act(g, b, Evolved(seat=cmd.seat, card=cmd.card, into=cmd.into, refill=refill))


def skip_evolve(g: SplendorPokemon, b: Builder, cmd: SkipEvolve) -> None:
    expect(g, b.state, CHOOSE)
    b.emit(g.turn_ended[cmd.seat])
