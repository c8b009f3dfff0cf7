"""Setting up a game: who goes first, the deal with mulligans, placing the
Pokémon face down, prizes, the reveal, and the mulligan extra draws.

1. A recorded random draw (the rulebook's rock-paper-scissors) picks who
   chooses; they choose to go first or second.
2. Each player shuffles and draws 7; a hand without a Basic Pokémon is
   revealed and shuffled back, and they draw again (a mulligan).
3. Both place an Active Pokémon and up to 5 benched, face down, at the same
   time; when both are done, 6 prizes each come from the top of the decks
   and everything turns face up.
4. The opponent of a player who took more mulligans may draw up to the
   difference (a prompt: how many) and bench Basic Pokémon drawn so.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.kernel import Event, EventBuilder, IllegalCommand

from . import chance
from .cards import card
from .codes import TCGCode
from .commands import ChooseFirst, FinishSetup, PlayBasic, SetActive
from .decks import PREBUILT, resolve
from .effects import Ask, Ctx, register_script, run
from .events import (
    ActiveSet,
    BasicBenched,
    FirstChooserDrawn,
    FirstPlayerChosen,
    GameStarted,
    HandDealt,
    SetupFinished,
    SetupRevealed,
)
from .interned import interned
from .state import BENCH, CHOOSE_FIRST, DECK, HAND, SETUP, State, card_of
from .vocabulary import SEARCHES, HiddenChoice

EXTRA_DRAWS = "engine/extra_draws"
BENCH_DRAWN = "bench_drawn_basics"


def deal(b: EventBuilder[State], seat: int) -> None:
    deck = list(range(seat * 60, seat * 60 + 60))
    cards = b.state.cards
    mulligans: list[tuple[int, ...]] = []
    if not any(card(cards[i]).is_basic_pokemon for i in deck):
        raise ValueError(f"seat {seat}'s deck has no Basic Pokémon")  # decks are validated
    while True:
        b.rng.shuffle(deck)
        hand = tuple(sorted(deck[:HAND]))
        if any(card(cards[i]).is_basic_pokemon for i in hand):
            break
        mulligans.append(hand)
    b.emit(HandDealt(seat=seat, mulligans=tuple(mulligans), hand=hand, deck=tuple(deck[HAND:])))


# Setup's events, made positionally (interned): the same few every game.
_active_set = interned(ActiveSet, "seat", "card")
_face_down = interned(BasicBenched, "seat", "card", "face_down")
_benched = interned(BasicBenched, "seat", "card")
_setup_finished = interned(SetupFinished, "seat")


def choose_first(b: EventBuilder[State], command: ChooseFirst) -> None:
    s = b.state
    if s.phase != CHOOSE_FIRST:
        raise IllegalCommand(TCGCode.SETUP_OVER, "who goes first is already decided")
    first = command.seat if command.go_first else 1 - command.seat
    b.emit(FirstPlayerChosen(seat=first))
    deal(b, 0)
    deal(b, 1)


def _basic_in_hand(s: State, seat: int, instance: int) -> None:
    if instance not in s.sides[seat].hand:
        raise IllegalCommand(TCGCode.NOT_IN_HAND, f"card {instance} is not in your hand")
    if not card_of(s, instance).is_basic_pokemon:
        raise IllegalCommand(
            TCGCode.WRONG_CARD_KIND, f"{card_of(s, instance).name} is not a Basic Pokémon"
        )


def set_active(b: EventBuilder[State], command: SetActive) -> None:
    s = b.state
    if s.phase != SETUP or s.sides[command.seat].active is not None:
        raise IllegalCommand(TCGCode.ACTIVE_PLACED, "your Active Pokémon is already placed")
    _basic_in_hand(s, command.seat, command.card)
    b.emit(_active_set[command.seat, command.card])


def bench_during_setup(b: EventBuilder[State], command: PlayBasic) -> None:
    s = b.state
    side = s.sides[command.seat]
    if side.active is None:
        raise IllegalCommand(TCGCode.ACTIVE_MISSING, "place your Active Pokémon first")
    if len(side.bench) >= BENCH:
        raise IllegalCommand(TCGCode.BENCH_FULL, "your Bench is full (5 Pokémon)")
    _basic_in_hand(s, command.seat, command.card)
    b.emit(_face_down[command.seat, command.card, True])


def finish_setup(b: EventBuilder[State], command: FinishSetup) -> None:
    s = b.state
    if s.phase != SETUP or s.sides[command.seat].ready:
        raise IllegalCommand(TCGCode.SETUP_OVER, "you have already finished setting up")
    if s.sides[command.seat].active is None:
        raise IllegalCommand(TCGCode.ACTIVE_MISSING, "place your Active Pokémon first")
    b.emit(_setup_finished[command.seat])
    s = b.state
    if not all(side.ready for side in s.sides):
        return
    a, z = s.sides
    assert a.active is not None and z.active is not None
    extra = (max(0, z.mulligans - a.mulligans), max(0, a.mulligans - z.mulligans))
    b.emit(
        SetupRevealed(
            actives=(a.active.card, z.active.card),
            benches=(tuple(x.card for x in a.bench), tuple(x.card for x in z.bench)),
            extra_draws=extra,
        )
    )
    for seat in (0, 1):
        if extra[seat]:
            run(b, EXTRA_DRAWS, seat, -1, (("most", extra[seat]),))


# The extra draws, as an effect script with two prompts (how many; which to bench).
def _ask_count(ctx: Ctx) -> Ask:
    return Ask("extra_draws", tuple(range(ctx.vars["most"] + 1)), key="count")


def _drawn_basics(state: State, seat: int, variables: dict[str, Any]) -> tuple[int, ...]:
    hand = state.sides[seat].hand
    return tuple(i for i in variables.get("drawn", ()) if i in hand and _is_basic(state, i))


def _is_basic(state: State, instance: int) -> bool:
    return card_of(state, instance).is_basic_pokemon


def _draw(ctx: Ctx) -> Ask | None:
    # The cards drawn are hidden from the opponent, and so is the choice among
    # them: it is asked whenever a card was drawn, Basic Pokémon or not. `drawn`
    # is the one paused variable naming hidden cards: sample.py re-deals it.
    drawn = chance.draw(ctx.b, ctx.seat, ctx.picks("count")[0])
    if not drawn:
        return None
    ctx.vars["drawn"] = drawn
    room = BENCH - len(ctx.state.sides[ctx.seat].bench)
    options = _drawn_basics(ctx.state, ctx.seat, ctx.vars)
    return Ask(BENCH_DRAWN, options, key="bench", need=0, most=room, hidden=True)


def _bench(ctx: Ctx) -> None:
    for instance in ctx.picks("bench"):
        ctx.b.emit(_benched[ctx.seat, instance])


register_script(EXTRA_DRAWS, (_ask_count, _draw, _bench))
SEARCHES[BENCH_DRAWN] = HiddenChoice("hand", _drawn_basics)


def start(decks: tuple[str, str] | None, chooser: int | None, rng: random.Random) -> list[Event]:
    """The first events: the decks (two different prebuilt ones drawn at random when
    none are given, as for matchmaking), then who chooses to go first."""
    names = decks or tuple(rng.sample(PREBUILT, 2))
    lists = tuple(resolve(deck).cards() for deck in names)
    assert len(lists) == 2 and all(len(d) == DECK for d in lists)
    return [
        GameStarted(decks=(lists[0], lists[1])),
        FirstChooserDrawn(seat=rng.randrange(2) if chooser is None else chooser),
    ]
