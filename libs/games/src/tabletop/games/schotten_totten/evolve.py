"""`evolve`: the pure fold of one event into the state. Never random.

The events of every turn (a card played, drawn, a turn ended) copy the state
once each: the fold is most of what a random game costs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypedDict

from tabletop.kernel import Event, replace

from . import events as ev
from .cards import (
    BANSHEE,
    CLAN_COUNT,
    JOKERS,
    MODE_MUD,
    MODE_OF_CARD,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    is_clan,
    mask,
)
from .state import (
    CLAIM,
    OVER,
    PLAY,
    RECRUIT,
    STONES,
    Side,
    State,
    first_after,
    mode_index,
    need,
)

# Field positions for the folds of the events every turn has (a card to a
# side, a draw, a turn's end, a pass): they set a few fields of a list copy, where
# `replace` (NamedTuple._replace) pops every one of the 27 fields by name.
_new = tuple.__new__
_TURN, _PHASE, _HANDS, _DECK, _TDECK, _SIDES, _PLAYED, _PASSES, _OUT, _KNOWN = (
    State._fields.index(name)
    for name in (
        *("turn", "phase", "hands", "deck", "tactics_deck", "sides"),
        *("played", "passes", "out", "known"),
    )
)
_FIRST_DONE, _FIRST_THREE, _TACTICS_PLAYED, _JOKER_USED = (
    State._fields.index(name)
    for name in ("first_done", "first_three", "tactics_played", "joker_used")
)


def _set(t: tuple, i: int, v) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _side_fields(state: State, stone: int, seat: int, side: tuple[int, ...]) -> dict[str, Any]:
    """The fields that change when `seat` has a new side on `stone`
    (completion order kept)."""
    sides = state.sides[stone]
    pair = (side, sides[1]) if seat == 0 else (sides[0], side)
    n = need(state, stone)
    done = (len(pair[0]) >= n, len(pair[1]) >= n)
    three = (len(pair[0]) >= 3, len(pair[1]) >= 3)
    return {
        "sides": _set(state.sides, stone, pair),
        "first_done": _set(
            state.first_done, stone, first_after(state.first_done[stone], done, seat)
        ),
        "first_three": _set(
            state.first_three, stone, first_after(state.first_three[stone], three, seat)
        ),
    }


def _with_side(state: State, stone: int, seat: int, side: tuple[int, ...]) -> State:
    """`state` with a new side for `seat` on `stone`, completion order kept."""
    return replace(state, **_side_fields(state, stone, seat, side))


def _mode_on(state: State, stone: int, card: int, seat: int) -> State:
    """Combat mode `card` of `seat` now lies on `stone` (Mud fight makes
    complete sides incomplete: `_with_side` recomputes that)."""
    state = replace(
        state,
        modes=_set(state.modes, stone, state.modes[stone] | MODE_OF_CARD[card]),
        mode_by=_set(state.mode_by, mode_index(card), seat),
    )
    return _with_side(state, stone, seat, state.sides[stone][seat])


def _mode_off(state: State, stone: int, card: int) -> State:
    """Combat mode `card` leaves `stone`. Without the Mud fight, who completed
    first is again whose side reached 3 cards first (kept all along)."""
    bit = MODE_OF_CARD[card]
    state = replace(
        state,
        modes=_set(state.modes, stone, state.modes[stone] & ~bit),
        mode_by=_set(state.mode_by, mode_index(card), -1),
    )
    if bit == MODE_MUD:
        state = replace(state, first_done=_set(state.first_done, stone, state.first_three[stone]))
    return state


def _bump(pair: tuple, seat: int, by=1) -> tuple:
    return (pair[0] + by, pair[1]) if seat == 0 else (pair[0], pair[1] + by)


def _out_fields(state: State, seat: int, card: int, tactic: bool) -> dict[str, Any]:
    """The fields that change when `card` leaves `seat`'s hand for the table
    or the discard pile."""
    bit = 1 << card
    return {
        "hands": _set(state.hands, seat, _without(state.hands[seat], card)),
        "out": state.out | bit,
        "known": (state.known[0] & ~bit, state.known[1] & ~bit),
        "tactics_played": _bump(state.tactics_played, seat) if tactic else state.tactics_played,
        "phase": CLAIM,
        "played": True,
        "passes": 0,
    }


def _card_out(state: State, seat: int, card: int, tactic: bool) -> State:
    """`card` leaves `seat`'s hand for the table or the discard pile."""
    return replace(state, **_out_fields(state, seat, card, tactic))


class _Table(TypedDict):
    """The State fields a round resets."""

    sides: tuple[tuple[Side, Side], ...]
    modes: tuple[int, ...]
    owner: tuple[int, ...]
    first_done: tuple[int, ...]
    first_three: tuple[int, ...]
    mode_by: tuple[int, int]
    played: bool
    passes: int
    tactics_played: tuple[int, int]
    joker_used: tuple[bool, bool]
    discard: tuple[int, ...]
    recruit: tuple[int, ...]
    out: int
    known: tuple[int, int]


def _empty_table() -> _Table:
    """The stones, piles and per-round counters as a round starts (and before
    the first one): nothing played, claimed or known."""
    return {
        "sides": tuple(((), ()) for _ in range(STONES)),
        "modes": (0,) * STONES,
        "owner": (-1,) * STONES,
        "first_done": (-1,) * STONES,
        "first_three": (-1,) * STONES,
        "mode_by": (-1, -1),
        "played": False,
        "passes": 0,
        "tactics_played": (0, 0),
        "joker_used": (False, False),
        "discard": (),
        "recruit": (),
        "out": 0,
        "known": (0, 0),
    }


def _started(state: State | None, e: ev.GameStarted) -> State:
    return State(
        tactics=e.variant == "tactics",
        rounds=e.rounds,
        round=0,
        scores=(0, 0),
        rounds_won=(0, 0),
        starter=0,
        turn=0,
        phase=OVER,
        hands=((), ()),
        deck=(),
        tactics_deck=(),
        **_empty_table(),
    )


def _round_started(state: State, e: ev.RoundStarted) -> State:
    return replace(
        state,
        round=e.round,
        starter=e.starter,
        turn=e.starter,
        phase=PLAY,
        hands=(tuple(sorted(e.hands[0] or ())), tuple(sorted(e.hands[1] or ()))),
        deck=e.deck or (),
        tactics_deck=e.tactics_deck or (),
        **_empty_table(),
    )


def _to_side(state: State, card: int, stone: int, seat: int) -> State:
    """A clan card or an elite troop from `seat`'s hand to its side of
    `stone` (the most frequent event), set positionally in one list copy.
    Who completed first changes only when the side reaches 3 cards."""
    sides = state.sides
    pair = sides[stone]
    side = (*pair[seat], card)
    pair = (side, pair[1]) if seat == 0 else (pair[0], side)
    bit = 1 << card
    hands = state.hands
    hand = hands[seat]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    known = state.known
    if (known[0] | known[1]) & bit:
        known = (known[0] & ~bit, known[1] & ~bit)
    items: list[Any] = list(state)
    items[_HANDS] = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    items[_SIDES] = _set(sides, stone, pair)
    items[_OUT] = state.out | bit
    items[_KNOWN] = known
    items[_PHASE] = CLAIM
    items[_PLAYED] = True
    items[_PASSES] = 0
    if len(side) >= 3:
        n = need(state, stone)
        done = (len(pair[0]) >= n, len(pair[1]) >= n)
        first = first_after(state.first_done[stone], done, seat)
        items[_FIRST_DONE] = _set(state.first_done, stone, first)
        three = (len(pair[0]) >= 3, len(pair[1]) >= 3)
        first = first_after(state.first_three[stone], three, seat)
        items[_FIRST_THREE] = _set(state.first_three, stone, first)
    if card >= CLAN_COUNT:  # an elite troop
        items[_TACTICS_PLAYED] = _bump(state.tactics_played, seat)
        if card in JOKERS:
            items[_JOKER_USED] = _set(state.joker_used, seat, True)
    return _new(State, items)


def _card_played(state: State, e: ev.CardPlayed) -> State:
    card, stone, seat = e.card, e.stone, e.seat
    if card in MODE_OF_CARD:
        return _mode_on(_card_out(state, seat, card, True), stone, card, seat)
    return _to_side(state, card, stone, seat)


def _passed(state: State, e: ev.Passed) -> State:
    items = list(state)
    items[_PHASE] = CLAIM
    items[_PLAYED] = False
    items[_PASSES] = state.passes + 1
    return _new(State, items)


def _stone_claimed(state: State, e: ev.StoneClaimed) -> State:
    return replace(state, owner=_set(state.owner, e.stone, e.seat))


def _card_drawn(state: State, e: ev.CardDrawn) -> State:
    seat = e.seat
    deck = _DECK if e.deck == "clan" else _TDECK
    items: list[Any] = list(state)
    cards: tuple[int, ...] = items[deck]
    card = cards[0]
    items[deck] = cards[1:]
    items[_HANDS] = _set(state.hands, seat, tuple(sorted((*state.hands[seat], card))))
    if state.known[seat] >> card & 1:
        items[_KNOWN] = _set(state.known, seat, state.known[seat] & ~(1 << card))
    return _new(State, items)


def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    items = list(state)
    items[_TURN] = 1 - e.seat
    items[_PHASE] = PLAY
    items[_PLAYED] = False
    return _new(State, items)


def _recruiter_played(state: State, e: ev.RecruiterPlayed) -> State:
    seat = e.seat
    state = _card_out(state, seat, RECRUITER, True)
    deck, tdeck, drawn = state.deck, state.tactics_deck, []
    for d in e.decks:
        if d == "clan":
            drawn.append(deck[0])
            deck = deck[1:]
        else:
            drawn.append(tdeck[0])
            tdeck = tdeck[1:]
    known = _set(state.known, seat, state.known[seat] & ~mask(drawn))
    return replace(
        state,
        deck=deck,
        tactics_deck=tdeck,
        recruit=tuple(drawn),
        discard=(*state.discard, RECRUITER),
        known=known,
        phase=RECRUIT,
    )


def _cards_returned(state: State, e: ev.CardsReturned) -> State:
    seat, returned = e.seat, e.cards or ()
    kept = [c for c in state.recruit if c not in returned]
    deck = state.deck + tuple(c for c in returned if is_clan(c))
    tdeck = state.tactics_deck + tuple(c for c in returned if not is_clan(c))
    known = list(state.known)
    known[seat] |= mask(returned)
    known[1 - seat] &= ~mask(state.recruit)
    hands = _set(state.hands, seat, tuple(sorted((*state.hands[seat], *kept))))
    return replace(
        state,
        hands=hands,
        deck=deck,
        tactics_deck=tdeck,
        recruit=(),
        known=(known[0], known[1]),
        phase=CLAIM,
    )


def _strategist(state: State, e: ev.StrategistPlayed) -> State:
    seat, card = e.seat, e.card
    state = _card_out(state, seat, STRATEGIST, True)
    if card in MODE_OF_CARD:
        state = _mode_off(state, e.from_stone, card)
        if e.to_stone is not None:
            state = _mode_on(state, e.to_stone, card, seat)
    else:
        from_side = _without(state.sides[e.from_stone][seat], card)
        state = _with_side(state, e.from_stone, seat, from_side)
        if e.to_stone is not None:
            state = _with_side(state, e.to_stone, seat, (*state.sides[e.to_stone][seat], card))
    if e.to_stone is None:
        return replace(state, discard=(*state.discard, card, STRATEGIST))
    return replace(state, discard=(*state.discard, STRATEGIST))


def _banshee(state: State, e: ev.BansheePlayed) -> State:
    seat, card, other = e.seat, e.card, 1 - e.seat
    state = _card_out(state, seat, BANSHEE, True)
    if card in MODE_OF_CARD:
        state = _mode_off(state, e.stone, card)
    else:
        state = _with_side(state, e.stone, other, _without(state.sides[e.stone][other], card))
    return replace(state, discard=(*state.discard, card, BANSHEE))


def _traitor(state: State, e: ev.TraitorPlayed) -> State:
    seat, card, other = e.seat, e.card, 1 - e.seat
    state = _card_out(state, seat, TRAITOR, True)
    state = _with_side(state, e.from_stone, other, _without(state.sides[e.from_stone][other], card))
    state = _with_side(state, e.to_stone, seat, (*state.sides[e.to_stone][seat], card))
    return replace(state, discard=(*state.discard, TRAITOR))


def _round_ended(state: State, e: ev.RoundEnded) -> State:
    winner = -1 if e.winner is None else e.winner
    won = _bump(state.rounds_won, winner) if winner >= 0 else state.rounds_won
    scores = (state.scores[0] + e.points[0], state.scores[1] + e.points[1])
    return replace(
        state,
        phase=OVER,
        scores=scores,
        rounds_won=won,
        last_round=(winner, e.points[0], e.points[1]),
        over=e.round >= state.rounds,
    )


# Each handler takes its own event type; the dispatch on type(event) pairs them.
_HANDLERS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.RoundStarted: _round_started,
    ev.CardPlayed: _card_played,
    ev.Passed: _passed,
    ev.StoneClaimed: _stone_claimed,
    ev.CardDrawn: _card_drawn,
    ev.TurnEnded: _turn_ended,
    ev.RecruiterPlayed: _recruiter_played,
    ev.CardsReturned: _cards_returned,
    ev.StrategistPlayed: _strategist,
    ev.BansheePlayed: _banshee,
    ev.TraitorPlayed: _traitor,
    ev.RoundEnded: _round_ended,
}


def evolve(state: State | None, event: Event) -> State:
    if state is not None:
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            return handler(state, event)
    if isinstance(event, ev.GameStarted):
        return _started(state, event)
    if state is None:
        raise ValueError(f"a game starts with game_started, not {type(event).__name__}")
    return _HANDLERS[type(event)](state, event)
