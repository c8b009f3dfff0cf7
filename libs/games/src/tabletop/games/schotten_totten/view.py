"""What a seat may know: the view, redacted events and sampled worlds.

Hidden from a seat: the opponent's hand (its size and how many of it are
tactic cards show, as the backs differ), both deck orders, the cards the
opponent's Recruiter drew. A seat still knows where the cards it put under a
deck are (`known`), and which of its cards or deck places the opponent knows.
This module is the one place hidden information is filtered.
"""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import BaseModel

from tabletop.kernel import Event, replace

from . import events as ev
from .cards import MODE_BLIND, MODE_MUD, deck_of, is_clan, mask
from .round_end import PLATFORM_RULES
from .state import PHASE_NAMES, RECRUIT, STONES, State, need

Where = Literal["opponent_hand", "hand", "recruit", "clan_deck", "tactics_deck"]


class StoneView(BaseModel):
    stone: int
    owner: int | None
    sides: list[list[int]]
    modes: list[str]
    mode_seats: list[int]  # who placed each of `modes`
    need: int
    first_complete: int | None


class KnownCard(BaseModel):
    where: Where
    card: int | None  # None: a place the opponent knows, but this seat does not
    position: int | None = None  # in a deck, counted from the top


class SchottenTottenView(BaseModel):
    game: Literal["schotten-totten"] = "schotten-totten"
    variant: Literal["base", "tactics"]
    seat: int | None
    round: int
    rounds: int
    scores: list[int]
    rounds_won: list[int]
    last_round: list[int] | None  # [winner (-1: draw), points of seat 0, points of seat 1]
    starter: int
    turn: int
    to_act: list[int]
    phase: str
    hand: list[int] | None
    hand_sizes: list[int]
    hand_tactic_cards: list[int]
    deck_size: int
    tactics_deck_size: int
    stones: list[StoneView]
    discard: list[int]
    tactics_played: list[int]
    jokers_used: list[bool]
    played_this_turn: bool
    passes: int  # turns passed in a row (a pass ends the round only under platform_rules)
    platform_rules: list[str]  # rules of this engine that no rulebook has: ["exhaustion"]
    recruit: list[int] | None  # the Recruiter's drawn cards (to their player only)
    recruit_decks: list[str]
    known: list[KnownCard]  # hidden cards whose place this seat knows
    opponent_knows: list[KnownCard]  # this seat's cards / deck places the opponent knows
    over: bool


_MODES = ((MODE_BLIND, "blind-mans-bluff", 0), (MODE_MUD, "mud-fight", 1))  # bit, name, mode_by


def _recruiter(state: State) -> int:
    return state.turn if state.phase == RECRUIT else -1


def _deck_places(state: State, bits: int) -> list[KnownCard]:
    out = []
    decks: tuple[tuple[Where, tuple[int, ...]], ...] = (
        ("clan_deck", state.deck),
        ("tactics_deck", state.tactics_deck),
    )
    for where, deck in decks:
        out += [
            KnownCard(where=where, card=c, position=i) for i, c in enumerate(deck) if bits >> c & 1
        ]
    return out


def _knowledge(state: State, seat: int) -> tuple[list[KnownCard], list[KnownCard]]:
    other, mine, theirs = 1 - seat, state.known[seat], state.known[1 - seat]
    known = [KnownCard(where="opponent_hand", card=c) for c in state.hands[other] if mine >> c & 1]
    if _recruiter(state) == other:
        known += [
            KnownCard(where="recruit", card=c, position=i)
            for i, c in enumerate(state.recruit)
            if mine >> c & 1
        ]
    known += _deck_places(state, mine)
    they = [KnownCard(where="hand", card=c) for c in state.hands[seat] if theirs >> c & 1]
    if _recruiter(state) == seat:
        they += [KnownCard(where="recruit", card=c) for c in state.recruit if theirs >> c & 1]
    they += [k.model_copy(update={"card": None}) for k in _deck_places(state, theirs)]
    return known, they


def view(state: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    stones = [
        StoneView(
            stone=s,
            owner=None if state.owner[s] < 0 else state.owner[s],
            sides=[list(state.sides[s][0]), list(state.sides[s][1])],
            modes=[name for bit, name, _ in _MODES if state.modes[s] & bit],
            mode_seats=[state.mode_by[i] for bit, _, i in _MODES if state.modes[s] & bit],
            need=need(state, s),
            first_complete=None if state.first_done[s] < 0 else state.first_done[s],
        )
        for s in range(STONES)
    ]
    known, they = _knowledge(state, seat) if seat is not None else ([], [])
    result = SchottenTottenView(
        variant="tactics" if state.tactics else "base",
        seat=seat,
        round=state.round,
        rounds=state.rounds,
        scores=list(state.scores),
        rounds_won=list(state.rounds_won),
        last_round=list(state.last_round) if state.last_round else None,
        starter=state.starter,
        turn=state.turn,
        to_act=to_act,
        phase=PHASE_NAMES[state.phase],
        hand=list(state.hands[seat]) if seat is not None else None,
        hand_sizes=[len(h) for h in state.hands],
        hand_tactic_cards=[sum(1 for c in h if not is_clan(c)) for h in state.hands],
        deck_size=len(state.deck),
        tactics_deck_size=len(state.tactics_deck),
        stones=stones,
        discard=list(state.discard),
        tactics_played=list(state.tactics_played),
        jokers_used=list(state.joker_used),
        played_this_turn=state.played,
        passes=state.passes,
        platform_rules=list(PLATFORM_RULES),
        recruit=list(state.recruit) if seat is not None and _recruiter(state) == seat else None,
        recruit_decks=[deck_of(c) for c in state.recruit],
        known=known,
        opponent_knows=they,
        over=state.over,
    )
    return result.model_dump(mode="json")


def redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, ev.RoundStarted):
        hands = tuple(h if s == seat else None for s, h in enumerate(event.hands))
        return event.model_copy(update={"hands": hands, "deck": None, "tactics_deck": None})
    if (
        isinstance(event, ev.CardDrawn | ev.RecruiterPlayed | ev.CardsReturned)
        and event.seat != seat
    ):
        key = "card" if isinstance(event, ev.CardDrawn) else "cards"
        return event.model_copy(update={key: None})
    return event


def sample_world(state: State, seat: int, seed: int) -> State:
    """Re-deal every card `seat` cannot place: the opponent's hand (keeping its
    count of tactic cards), the opponent's Recruiter draw and both decks,
    except the cards `seat` knows the place of. Depends only on `seat`'s view."""
    other, mine, theirs = 1 - seat, state.known[seat], state.known[1 - seat]
    recruit_hidden = _recruiter(state) == other
    # Slots to fill, in a canonical order: (zone, index) per unknown card.
    hand_keep = [c for c in state.hands[other] if mine >> c & 1]
    hand_slots = [c for c in state.hands[other] if not mine >> c & 1]
    zones = {
        "hand": hand_slots,
        "recruit": list(state.recruit) if recruit_hidden else [],
        "deck": list(state.deck),
        "tactics_deck": list(state.tactics_deck),
    }
    pool = sorted(
        c for name, cards in zones.items() for c in cards if name == "hand" or not mine >> c & 1
    )
    clan = [c for c in pool if is_clan(c)]
    tactic = [c for c in pool if not is_clan(c)]
    rng = random.Random(seed)
    rng.shuffle(clan)
    rng.shuffle(tactic)
    fresh = {False: iter(clan), True: iter(tactic)}

    def redeal(cards: list[int], skip_known: bool) -> list[int]:
        return [c if skip_known and mine >> c & 1 else next(fresh[not is_clan(c)]) for c in cards]

    new_hand = redeal(sorted(hand_slots), False)
    new_recruit = redeal(zones["recruit"], True) if recruit_hidden else list(state.recruit)
    new_deck = redeal(zones["deck"], True)
    new_tdeck = redeal(zones["tactics_deck"], True)
    # The opponent's knowledge follows places, not cards.
    theirs_now = theirs & (mask(state.hands[seat]) | (0 if recruit_hidden else mask(state.recruit)))
    for old, new in ((state.deck, new_deck), (state.tactics_deck, new_tdeck)):
        for o, n in zip(old, new, strict=True):
            if theirs >> o & 1:
                theirs_now |= 1 << n
    hands = [state.hands[0], state.hands[1]]
    hands[other] = tuple(sorted((*hand_keep, *new_hand)))
    known = [mine, mine]
    known[other] = theirs_now
    return replace(
        state,
        hands=(hands[0], hands[1]),
        recruit=tuple(new_recruit),
        deck=tuple(new_deck),
        tactics_deck=tuple(new_tdeck),
        known=(known[0], known[1]),
    )
