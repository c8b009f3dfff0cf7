"""Building Pokémon TCG positions by hand for rule tests.

    t = Table()
    ralts = t.mon(0, "sv1-84", energy=["sve-5", "sve-5"])
    mankey = t.mon(1, "sv1-107")
    s = t.state(actives=(ralts, mankey), turn=3)

Cards get instance ids as they are named (seat 0 from 0, seat 1 from 60);
cards named but not placed start the deck (in order), basic Energy fills
the rest, and the last 6 are the prizes. Coins: `coins(True, False)` is a random generator whose
flips come out heads, then tails.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.state import MAIN, PRIZES, Mon, Side, State
from tabletop.kernel import Command, replace

FILLER = "sve-1"  # Basic Grass Energy


class Table:
    def __init__(self) -> None:
        self.cards: list[list[str]] = [[], []]

    def card(self, seat: int, card_id: str) -> int:
        assert len(self.cards[seat]) < 60, "one Table builds one position"
        self.cards[seat].append(card_id)
        return seat * 60 + len(self.cards[seat]) - 1

    def cards_of(self, seat: int, *card_ids: str) -> tuple[int, ...]:
        return tuple(self.card(seat, cid) for cid in card_ids)

    def mon(
        self,
        seat: int,
        card_id: str,
        *,
        energy: Iterable[str] = (),
        damage: int = 0,
        tool: str | None = None,
        since: int = 0,
        below: Sequence[str] = (),
    ) -> Mon:
        under = tuple(self.card(seat, cid) for cid in below)
        top = self.card(seat, card_id)
        attached = tuple(self.card(seat, cid) for cid in energy)
        tool_instance = self.card(seat, tool) if tool else -1
        return Mon(top, under, attached, tool_instance, damage, since)

    def state(
        self,
        *,
        actives: tuple[Mon | None, Mon | None],
        benches: tuple[Sequence[Mon], Sequence[Mon]] = ((), ()),
        hands: tuple[Sequence[int], Sequence[int]] = ((), ()),
        decks: tuple[Sequence[int] | None, Sequence[int] | None] = (None, None),
        prizes: tuple[int | None, int | None] = (None, None),
        turn: int = 3,
        current: int = 0,
        first: int = 0,
        **changes: Any,
    ) -> State:
        for seat in (0, 1):
            while len(self.cards[seat]) < 60:
                self.cards[seat].append(FILLER)
        sides = []
        for seat in (0, 1):
            placed = set(hands[seat])
            for mon in [actives[seat], *benches[seat]]:
                if mon is not None:
                    placed |= {mon.card, *mon.below, *mon.energy}
                    placed |= {mon.tool} if mon.tool >= 0 else set()
            spare = [i for i in range(seat * 60, seat * 60 + 60) if i not in placed]
            n_prizes = PRIZES if prizes[seat] is None else prizes[seat]
            # Prizes are the last spare cards (filler), so named cards stay in the deck.
            cut = len(spare) - n_prizes
            deck = list(decks[seat]) if decks[seat] is not None else spare[:cut]
            prize_cards = tuple(i for i in spare[cut:] if i not in deck)
            sides.append(
                Side(
                    deck=tuple(deck),
                    hand=tuple(sorted(hands[seat])),
                    prizes=prize_cards,
                    active=actives[seat],
                    bench=tuple(benches[seat]),
                    ready=True,
                )
            )
        state = State(
            cards=tuple(self.cards[0] + self.cards[1]),
            sides=(sides[0], sides[1]),
            phase=MAIN,
            first=first,
            turn=turn,
            current=current,
        )
        return replace(state, **changes)


class Coins(random.Random):
    """A generator whose coin flips come out as listed (True = heads);
    shuffles still work (they do not use `random()`)."""

    def __init__(self, *flips: bool) -> None:
        super().__init__(0)
        self.flips = list(flips)

    def random(self) -> float:
        assert self.flips, "more coin flips than the test expected"
        return 0.0 if self.flips.pop(0) else 0.99

    def getrandbits(self, k: int) -> int:
        # Defining it keeps shuffles and samples on getrandbits, away from the coins.
        return super().getrandbits(k)


def coins(*flips: bool) -> Coins:
    return Coins(*flips)


def play(state: State, command: Command, rng: random.Random | None = None) -> State:
    """Apply `command` (flips from `rng`, else a fixed seed)."""
    events = GAME.decide(state, command, rng or random.Random(0))
    return GAME.fold(state, events)


def events_of(state: State, command: Command, rng: random.Random | None = None) -> list:
    return GAME.decide(state, command, rng or random.Random(0))


def mon(state: State, instance: int) -> Mon:
    found = state.sides[instance // 60].find(instance)
    assert found is not None, f"{instance} is not in play"
    return found
