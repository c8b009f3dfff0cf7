"""Splendor Pokémon's rule set on the gem-market engine: five ball colours and
master balls, tiers 1-3 plus the rare and legendary rows (one face-up card
each, never reserved, costing master balls as printed), 18 points to end, no
nobles, and evolution at the end of a turn.

End of turn: after the token limit, the player may evolve ONE Pokémon whose
requirement their card bonuses meet, taking its next stage from the market
or their own reserve (`evolve`), or decline (`skip_evolve`). The old card goes
under the trainer tile: no bonus, no points, but it counts in tie-breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Literal

from tabletop.games._gems import CHOOSE, ENDING, GemsCode, GemsGame, Player, Row, Rules, State
from tabletop.games._gems.fold import replaced, take_from_market, with_player
from tabletop.games._gems.messages import COMMANDS, EVENTS
from tabletop.games._gems.views import card_view
from tabletop.kernel import Command, Event, IllegalCommand, JsonDict

from .cards import CARDS, COLORS, EVOLVE_REQUIREMENT, EVOLVES_INTO

RULES = Rules(
    colors=COLORS,
    rows=(
        Row("1", 4, True),
        Row("2", 4, True),
        Row("3", 4, True),
        Row("rare", 1, False),
        Row("legendary", 1, False),
    ),
    cards=CARDS,
    target=18,
    per_color={2: 4, 3: 5, 4: 7},
    wild_tokens=5,
    short_take_exact=False,  # rulebook: 2 different or any 1 when 2 kinds remain
)


class PokemonCode(StrEnum):
    """Refusal codes of evolution (the engine's codes are `GemsCode`)."""

    CANNOT_EVOLVE = "cannot_evolve"  # not your Pokémon, or not its next stage
    EVOLUTION_UNAVAILABLE = "evolution_unavailable"  # next stage not in market / reserve
    EVOLUTION_REQUIREMENT = "evolution_requirement"  # card bonuses too low


class Evolve(Command):
    """Evolve your Pokémon `card` into `into`, its next stage, taken from the
    market or from your reserve."""

    type: Literal["evolve"] = "evolve"
    card: int
    into: int


class SkipEvolve(Command):
    """Decline to evolve this turn."""

    type: Literal["skip_evolve"] = "skip_evolve"


class Evolved(Event):
    type: Literal["evolved"] = "evolved"
    seat: int
    card: int
    into: int
    refill: int | None = None  # the card that replaced `into` face up


def _evolutions(p: Player, market: tuple) -> list[tuple[int, int]]:
    """(card, into) pairs the player may evolve now."""
    out = []
    bonus = p.bonus
    row = CARDS.row
    for c in p.cards:
        req = EVOLVE_REQUIREMENT[c]
        if req is not None and bonus[req[0]] >= req[1]:
            for t in EVOLVES_INTO[c]:
                if t in p.reserved or t in market[row[t]]:
                    out.append((c, t))
    return out


class SplendorPokemon(GemsGame):
    id = "splendor-pokemon"
    title = "Splendor Pokémon"
    min_players = 2
    max_players = 4
    rules_version = "1"
    rules = RULES
    command_types = (*COMMANDS, Evolve, SkipEvolve)
    event_types = (*EVENTS, Evolved)
    choice_step = "evolve"

    def pending(self, p: Player, market: tuple, nobles: tuple) -> bool:
        bonus = p.bonus
        row = CARDS.row
        for c in p.cards:
            req = EVOLVE_REQUIREMENT[c]
            if req is not None and bonus[req[0]] >= req[1]:
                for t in EVOLVES_INTO[c]:
                    if t in p.reserved or t in market[row[t]]:
                        return True
        return False

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        options: list[Command] = [
            Evolve.model_construct(seat=seat, card=c, into=t)
            for c, t in _evolutions(s.players[seat], s.market)
        ]
        options.append(SkipEvolve.model_construct(seat=seat))
        return options

    def extra_handlers(self) -> Mapping[type, Callable[[State, Any], list[Event]]]:
        return {Evolve: self._evolve, SkipEvolve: self._skip}

    def extra_folders(self) -> Mapping[type, Callable[..., State]]:
        return {Evolved: _on_evolved}

    def card_view(self, c: int) -> JsonDict:
        view = card_view(self, c)
        view["name"] = CARDS.name[c]
        req = EVOLVE_REQUIREMENT[c]
        if req is not None:
            view["evolves_to"] = CARDS.name[EVOLVES_INTO[c][0]]
            view["evolve_bonus"] = {COLORS[req[0]]: req[1]}
        return view

    def rank_key(self, p: Player) -> tuple[int, ...]:
        # tie: more cards under the trainer tile, then more Pokémon in front
        return (p.points, len(p.under), len(p.cards))

    def _evolve(self, s: State, cmd: Evolve) -> list[Event]:
        self.expect(s, CHOOSE)
        p = s.players[cmd.seat]
        n = len(CARDS)
        if not (0 <= cmd.card < n and 0 <= cmd.into < n):
            raise IllegalCommand(GemsCode.UNKNOWN_CARD, "unknown card")
        if cmd.card not in p.cards:
            raise IllegalCommand(
                PokemonCode.CANNOT_EVOLVE, f"card {cmd.card} is not in front of you"
            )
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
            refill = self.refill(s, row)
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
        event = Evolved.model_construct(seat=cmd.seat, card=cmd.card, into=cmd.into, refill=refill)
        return self.close(s, [event], auto=False)

    def _skip(self, s: State, cmd: SkipEvolve) -> list[Event]:
        self.expect(s, CHOOSE)
        return self.close(s, [self.turn_ended[cmd.seat]], auto=False)


def _on_evolved(g: GemsGame, s: State, e: Evolved) -> State:
    old, new = e.card, e.into
    p = s.players[e.seat]
    market, decks = s.market, s.decks
    reserved, blind = p.reserved, p.blind
    if new in reserved:
        reserved = tuple(c for c in reserved if c != new)
        blind = tuple(c for c in blind if c != new)
    else:
        market, decks = take_from_market(market, decks, CARDS.row[new], new, e.refill)
    bonus = list(p.bonus)
    bonus[CARDS.bonus[old]] -= CARDS.bonus_count[old]
    bonus[CARDS.bonus[new]] += CARDS.bonus_count[new]
    cards = replaced(p.cards, p.cards.index(old), new)
    points = p.points - CARDS.points[old] + CARDS.points[new]
    p = Player(p.tokens, tuple(bonus), points, cards, reserved, blind, p.nobles, (*p.under, old))
    return with_player(s, p, s.supply, market, decks, s.nobles, ENDING)  # progress: passes reset
