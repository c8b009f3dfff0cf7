"""Splendor's rule set on the gem-market engine: the cards, the token supply,
15 points to end, and the nobles' visit at the end of a turn.

A noble visits when the player's card bonuses meet its requirement; it is not
an action and cannot be refused. One visits per turn; if several qualify, the
player chooses (`choose_noble`, a separate command of the same seat).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Literal

from tabletop.games._gems import CHOOSE, GemsGame, Player, Row, Rules, State
from tabletop.games._gems.fast import maker
from tabletop.games._gems.fold import with_player
from tabletop.games._gems.messages import COMMANDS, EVENTS
from tabletop.games._gems.state import ENDING
from tabletop.kernel import Command, Event, IllegalCommand, JsonDict

from .cards import CARDS, COLORS, NOBLE_POINTS, NOBLES

RULES = Rules(
    colors=COLORS,
    rows=(Row("1", 4, True), Row("2", 4, True), Row("3", 4, True)),
    cards=CARDS,
    target=15,
    per_color={2: 4, 3: 5, 4: 7},
    wild_tokens=5,
    short_take_exact=True,
)


class SplendorCode(StrEnum):
    """Refusal codes of Splendor's own rules (the engine's are `GemsCode`)."""

    UNKNOWN_NOBLE = "unknown_noble"
    NOBLE_NOT_EARNED = "noble_not_earned"


class ChooseNoble(Command):
    """Several nobles qualify at the end of your turn: the one who visits."""

    type: Literal["choose_noble"] = "choose_noble"
    noble: int


class NobleVisited(Event):
    type: Literal["noble_visited"] = "noble_visited"
    seat: int
    noble: int


_CHOOSE_NOBLE = maker(ChooseNoble)

_NOBLE_VISITED = maker(NobleVisited)
# Per colour and bonus count (up to 63, past any reachable count): the bit set
# of the nobles whose requirement in that colour the count meets. A noble
# qualifies when its bit survives the AND over the five colours.
_MEETS = tuple(
    tuple(sum(1 << n for n, req in enumerate(NOBLES) if req[i] <= k) for k in range(64))
    for i in range(5)
)


def _qualifying(bonus: tuple[int, ...], nobles: tuple[int, ...]) -> tuple[int, ...]:
    """The nobles on the table whose requirement these bonuses meet."""
    b0, b1, b2, b3, b4 = bonus
    m0, m1, m2, m3, m4 = _MEETS
    met = m0[b0] & m1[b1] & m2[b2] & m3[b3] & m4[b4]
    if not met:
        return ()
    return tuple([n for n in nobles if met >> n & 1])


class Splendor(GemsGame):
    id = "splendor"
    title = "Splendor"
    min_players = 2
    max_players = 4
    rules_version = "2"  # 2: the rules-fidelity changes of issue #14
    rules = RULES
    command_types = (*COMMANDS, ChooseNoble)
    event_types = (*EVENTS, NobleVisited)
    choice_step = "choose_noble"

    def deal_extras(self, players: int, rng: random.Random) -> tuple[int, ...]:
        return tuple(rng.sample(range(len(NOBLES)), players + 1))

    def __init__(self) -> None:
        super().__init__()
        self._choose = [
            {n: _CHOOSE_NOBLE(seat=seat, noble=n) for n in range(len(NOBLES))}
            for seat in range(self.max_players)
        ]
        # `pending`'s last answer: the fold of an action asks it, and then
        # `auto_events` asks about the very same bonus and nobles objects.
        self._last: tuple[object, object, tuple[int, ...]] = (None, None, ())

    def pending(self, p: Player, market: tuple, nobles: tuple) -> bool:
        found = _qualifying(p.bonus, nobles)
        self._last = (p.bonus, nobles, found)
        return len(found) > 1

    def auto_events(self, s: State) -> list[Event]:
        bonus, nobles = s.players[s.seat].bonus, s.nobles
        last = self._last
        found = last[2] if last[0] is bonus and last[1] is nobles else _qualifying(bonus, nobles)
        if len(found) == 1:
            return [_NOBLE_VISITED(seat=s.seat, noble=found[0])]
        return []

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        book = self._choose[seat]
        return [book[n] for n in _qualifying(s.players[seat].bonus, s.nobles)]

    def extra_handlers(self) -> Mapping[type, Callable[[State, Any], list[Event]]]:
        return {ChooseNoble: self._choose_noble}

    def extra_folders(self) -> Mapping[type, Callable[..., State]]:
        return {NobleVisited: _on_noble_visited}

    def noble_view(self, n: int) -> JsonDict:
        req = {COLORS[i]: k for i, k in enumerate(NOBLES[n]) if k}
        return {"id": n, "points": NOBLE_POINTS, "requires": req}

    def rank_key(self, p: Player) -> tuple[int, ...]:
        return (p.points, -len(p.cards))  # tie: fewest purchased cards

    def _choose_noble(self, s: State, cmd: ChooseNoble) -> list[Event]:
        self.expect(s, CHOOSE)
        if cmd.noble not in s.nobles:
            raise IllegalCommand(
                SplendorCode.UNKNOWN_NOBLE, f"noble {cmd.noble} is not on the table"
            )
        if cmd.noble not in _qualifying(s.players[cmd.seat].bonus, s.nobles):
            raise IllegalCommand(
                SplendorCode.NOBLE_NOT_EARNED,
                f"your bonuses do not meet noble {cmd.noble}'s requirement",
            )
        event = _NOBLE_VISITED(seat=cmd.seat, noble=cmd.noble)
        return self.close(s, [event], auto=False)


def _on_noble_visited(g: GemsGame, s: State, e: NobleVisited) -> State:
    p = s.players[e.seat]
    p = p._replace(points=p.points + NOBLE_POINTS, nobles=(*p.nobles, e.noble))
    nobles = tuple(n for n in s.nobles if n != e.noble)
    return with_player(s, p, s.supply, s.market, s.decks, nobles, ENDING, s.passes)
