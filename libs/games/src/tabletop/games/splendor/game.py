"""Splendor (`Splendor`): its rule set on the gem-market engine — the cards,
the token supply, 15 points to end — and the wiring of the nobles' visit at
the end of a turn (`decide.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from tabletop.games._gems import GemsGame, Player, Row, Rules, State
from tabletop.games._gems.decide import Handler
from tabletop.games._gems.state import AUTO, CHOOSE, ENDING
from tabletop.kernel import Command, Event, JsonDict

from . import decide, legal, setup, view
from .commands import COMMANDS, ChooseNoble
from .data import CARDS, COLORS, NOBLES
from .events import EVENTS, NobleVisited
from .evolve import on_noble_visited
from .state import MEETS

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

    def deal_extras(self, players: int, rng: random.Random) -> tuple[int, ...]:
        return setup.deal_nobles(players, rng)

    # `turn_end` and `auto_events` inline `qualifying`: asked after every
    # action, and mostly no noble is met.
    def turn_end(self, p: Player, market: tuple, nobles: tuple) -> int:
        b0, b1, b2, b3, b4 = p.bonus
        m0, m1, m2, m3, m4 = MEETS
        met = m0[b0] & m1[b1] & m2[b2] & m3[b3] & m4[b4]
        if met:
            found = False
            for n in nobles:
                if met >> n & 1:
                    if found:
                        return CHOOSE  # several: the player chooses
                    found = True
            if found:
                return AUTO  # one: it visits
        return ENDING

    def auto_events(self, s: State) -> tuple[Event, ...]:
        seat = s.seat
        b0, b1, b2, b3, b4 = s.players[seat].bonus
        m0, m1, m2, m3, m4 = MEETS
        met = m0[b0] & m1[b1] & m2[b2] & m3[b3] & m4[b4]
        if met:
            for n in s.nobles:
                if met >> n & 1:  # the only one (`turn_end` said AUTO)
                    return (self.noble_visited[seat][n],)
        return ()

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
