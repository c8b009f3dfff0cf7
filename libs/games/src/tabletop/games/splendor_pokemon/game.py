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
from tabletop.games._gems.fast import maker
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


# Per card: (bonus colour, count, next-stage ids) or None, read in one lookup.
_EVOLUTION = tuple(
    None if req is None else (req[0], req[1], into)
    for req, into in zip(EVOLVE_REQUIREMENT, EVOLVES_INTO, strict=True)
)


def _evolutions(p: Player, market: tuple) -> list[tuple[int, int]]:
    """(card, into) pairs the player may evolve now."""
    out = []
    bonus = p.bonus
    row = CARDS.row
    for c in p.cards:
        evolution = _EVOLUTION[c]
        if evolution is not None and bonus[evolution[0]] >= evolution[1]:
            for t in evolution[2]:
                if t in p.reserved or t in market[row[t]]:
                    out.append((c, t))
    return out


# For `pending`, asked after every action, as bit sets over card ids:
# _MET[i][b]: the cards whose evolution requirement is in colour i and met by
# b bonuses of it (b up to 63, past any reachable count); _EVOLVES_FROM[t]:
# the cards whose next stage is t (the extra last entry, index EMPTY, none).
_MET = tuple(
    tuple(
        sum(
            1 << c
            for c, req in enumerate(EVOLVE_REQUIREMENT)
            if req and req[0] == i and req[1] <= b
        )
        for b in range(64)
    )
    for i in range(5)
)
_EVOLVES_FROM = (
    *(sum(1 << c for c, into in enumerate(EVOLVES_INTO) if t in into) for t in range(len(CARDS))),
    0,
)

_EVOLVE = maker(Evolve)
_SKIP = maker(SkipEvolve)
_EVOLVED = maker(Evolved)


class SplendorPokemon(GemsGame):
    id = "splendor-pokemon"
    title = "Splendor Pokémon"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: the rules-fidelity changes of issue #14
    rules = RULES
    command_types = (*COMMANDS, Evolve, SkipEvolve)
    event_types = (*EVENTS, Evolved)
    choice_step = "evolve"

    def __init__(self) -> None:
        super().__init__()
        self._evolve_cmds: dict[tuple[int, int, int], Evolve] = {}
        self._skip_cmds = tuple(_SKIP(seat=seat) for seat in range(self.max_players))
        # The face-up cards' _EVOLVES_FROM, for the last market seen (market
        # tuples are shared from state to state until a card moves).
        self._market_sources: tuple[object, int] = (None, 0)

    def pending(self, p: Player, market: tuple, nobles: tuple) -> bool:
        """Is the evolution step offered: one of their cards whose requirement the
        bonuses meet, its next stage face up or in their reserve — or, while they
        hold a face-down reserved card, any card whose requirement is met (the
        step must look the same to the others whatever the face-down card is)."""
        b0, b1, b2, b3, b4 = p.bonus
        m0, m1, m2, m3, m4 = _MET
        met = m0[b0] | m1[b1] | m2[b2] | m3[b3] | m4[b4]
        if not met:
            return False
        if p.blind:
            # A face-down reserve may hold a next stage: whenever a card in front could
            # evolve, the step is offered (perhaps only `skip_evolve`), so whether the
            # turn ends here tells the others nothing about what the reserve holds.
            for c in p.cards:
                if met >> c & 1:
                    return True
        last = self._market_sources
        if last[0] is market:
            sources = last[1]
        else:
            sources = 0
            for row in market:
                for t in row:
                    sources |= _EVOLVES_FROM[t]
            self._market_sources = (market, sources)
        for t in p.reserved:
            sources |= _EVOLVES_FROM[t]
        candidates = met & sources
        if candidates:
            for c in p.cards:
                if candidates >> c & 1:
                    return True
        return False

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        made = self._evolve_cmds
        options: list[Command] = []
        for c, t in _evolutions(s.players[seat], s.market):
            cmd = made.get((seat, c, t))
            if cmd is None:
                cmd = made[seat, c, t] = _EVOLVE(seat=seat, card=c, into=t)
            options.append(cmd)
        options.append(self._skip_cmds[seat])
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
        event = _EVOLVED(seat=cmd.seat, card=cmd.card, into=cmd.into, refill=refill)
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
