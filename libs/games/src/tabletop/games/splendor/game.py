"""Splendor (`Splendor`): its rule set on the gem-market engine — the cards,
the token supply, 15 points to end — and the wiring of the nobles' visit at
the end of a turn (`decide.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from tabletop.games._gems import GemsGame, Player, Row, Rules, State
from tabletop.games._gems.decide import Handler
from tabletop.kernel import Command, Event, JsonDict

from . import decide, legal, setup, view
from .commands import COMMANDS, ChooseNoble
from .data import CARDS, COLORS, NOBLES
from .events import EVENTS, NobleVisited
from .evolve import on_noble_visited
from .state import MEETS, qualifying

RULES = Rules(
    colors=COLORS,
    rows=(Row("1", 4, True), Row("2", 4, True), Row("3", 4, True)),
    cards=CARDS,
    target=15,
    per_color={2: 4, 3: 5, 4: 7},
    wild_tokens=5,
    short_take_exact=True,
)


class Splendor(GemsGame):
    id = "splendor"
    title = "Splendor"
    min_players = 2
    max_players = 4
    # 2: the rules-fidelity changes of issue #14; 3: the stall guard (issue #18)
    rules_version = "3"
    rules = RULES
    command_types = COMMANDS
    event_types = EVENTS
    choice_step = "choose_noble"

    def __init__(self) -> None:
        super().__init__()
        seats, nobles = range(self.max_players), range(len(NOBLES))
        self.choose = [{n: ChooseNoble(seat=seat, noble=n) for n in nobles} for seat in seats]
        self.noble_visited = [[NobleVisited(seat=seat, noble=n) for n in nobles] for seat in seats]
        # `pending`'s last answer: the fold of an action asks it, and then
        # `auto_events` asks about the very same bonus and nobles objects.
        self._last: tuple[object, object, tuple[int, ...]] = (None, None, ())

    def deal_extras(self, players: int, rng: random.Random) -> tuple[int, ...]:
        return setup.deal_nobles(players, rng)

    def pending(self, p: Player, market: tuple, nobles: tuple) -> bool:
        bonus = p.bonus
        b0, b1, b2, b3, b4 = bonus
        m0, m1, m2, m3, m4 = MEETS
        met = m0[b0] & m1[b1] & m2[b2] & m3[b3] & m4[b4]  # `qualifying`, inlined: asked per action
        found = tuple([n for n in nobles if met >> n & 1]) if met else ()
        self._last = (bonus, nobles, found)
        return len(found) > 1

    def auto_events(self, s: State) -> list[Event]:
        bonus, nobles = s.players[s.seat].bonus, s.nobles
        last = self._last
        found = last[2] if last[0] is bonus and last[1] is nobles else qualifying(bonus, nobles)
        if len(found) == 1:
            return [self.noble_visited[s.seat][found[0]]]
        return []

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        return legal.noble_choices(self.choose[seat], s, seat)

    def extra_handlers(self) -> Mapping[type, Handler]:
        return {ChooseNoble: decide.choose_noble}

    def extra_folders(self) -> Mapping[type, Callable[..., State]]:
        return {NobleVisited: on_noble_visited}

    def noble_view(self, n: int) -> JsonDict:
        return view.noble_view(n)

    def rank_key(self, p: Player) -> tuple[int, ...]:
        return (p.points, -len(p.cards))  # tie: fewest purchased cards
