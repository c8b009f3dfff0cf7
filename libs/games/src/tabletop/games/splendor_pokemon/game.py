"""Splendor Pokémon (`SplendorPokemon`): its rule set on the gem-market
engine — five ball colours and master balls, tiers 1-3 plus the rare and
legendary rows (one face-up card each, never reserved, costing master balls
as printed), 18 points to end, no nobles — and the wiring of the evolution
step at the end of a turn (`decide.py`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tabletop.games._gems import GemsGame, Player, Row, Rules, State
from tabletop.games._gems.decide import Handler
from tabletop.games._gems.state import CHOOSE, ENDING
from tabletop.kernel import Command, JsonDict

from . import decide, legal, view
from .commands import COMMANDS, Evolve, SkipEvolve
from .data import CARDS, COLORS
from .events import EVENTS, Evolved
from .evolve import on_evolved
from .state import EVOLVES_FROM, MET

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


class SplendorPokemon(GemsGame):
    id = "splendor-pokemon"
    title = "Splendor Pokémon"
    min_players = 2
    max_players = 4
    # 2: the rules-fidelity changes of issue #14; 3: the stall guard (issue #18)
    rules_version = "3"
    rules = RULES
    command_types = COMMANDS
    event_types = EVENTS
    choice_step = "evolve"

    def __init__(self) -> None:
        super().__init__()
        self._evolve_cmds: dict[tuple[int, int, int], Evolve] = {}
        self._skip_cmds = tuple(SkipEvolve(seat=seat) for seat in range(self.max_players))
        # The face-up cards' EVOLVES_FROM, for the last market seen (market
        # tuples are shared from state to state until a card moves).
        self._market_sources: tuple[object, int] = (None, 0)

    def turn_end(self, p: Player, market: tuple, nobles: tuple) -> int:
        return CHOOSE if self.evolvable(p, market) else ENDING

    def evolvable(self, p: Player, market: tuple) -> bool:
        """Is the evolution step offered: one of their cards whose requirement the
        bonuses meet, its next stage face up or in their reserve — or, while they
        hold a face-down reserved card, any card whose requirement is met (the
        step must look the same to the others whatever the face-down card is)."""
        b0, b1, b2, b3, b4 = p.bonus
        m0, m1, m2, m3, m4 = MET
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
                    sources |= EVOLVES_FROM[t]
            self._market_sources = (market, sources)
        for t in p.reserved:
            sources |= EVOLVES_FROM[t]
        candidates = met & sources
        if candidates:
            for c in p.cards:
                if candidates >> c & 1:
                    return True
        return False

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        return legal.evolution_choices(self._evolve_cmds, self._skip_cmds[seat], s, seat)

    def extra_handlers(self) -> Mapping[type, Handler]:
        return {Evolve: decide.evolve_pokemon, SkipEvolve: decide.skip_evolve}

    def extra_folders(self) -> Mapping[type, Callable[..., State]]:
        return {Evolved: on_evolved}

    def card_view(self, c: int) -> JsonDict:
        return view.card_view(self, c)

    def rank_key(self, p: Player) -> tuple[int, ...]:
        # tie: more cards under the trainer tile, then more Pokémon in front
        return (p.points, len(p.under), len(p.cards))
