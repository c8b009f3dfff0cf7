"""What a seat may know: the view and redacted events (the one place hidden
information is filtered; sample.py re-deals exactly what is filtered here).

Hidden from a seat: the opponent's hand (its size shows, and the cards both
players saw arrive in it), the order and content of both decks (counts, and
top cards both players saw put there), all prizes (nobody sees them until
taken), the opponent's face-down Pokémon during setup, and the options,
limits and picks of the opponent's choices among hidden cards. Deck lists are
open information (the game starts from them), so the view shows both.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from tabletop.kernel import Event

from .events import (
    ActiveSet,
    BasicBenched,
    CardsMoved,
    DeckShuffled,
    HandDealt,
    Picked,
    PromptOpened,
)
from .state import PHASE_NAMES, ROTATION_NAMES, SETUP, Mon, State

PUBLIC_ZONES = {"discard", "energy"}
USED_NAMES = (
    (1, "energy"),
    (2, "supporter"),
    (4, "stadium"),
    (8, "retreat"),
    (16, "stadium_effect"),
)


class MonView(BaseModel):
    card: int
    card_id: str
    below: list[int]
    energy: list[int]
    tool: int | None
    damage: int
    since: int


class SideView(BaseModel):
    hand: list[int] | None  # only to its owner
    hand_size: int
    known_hand: list[int]  # cards in the hand both players saw arrive there (public)
    deck_size: int
    deck_top_known: list[int]  # top cards of the deck both players saw put there, top first
    prize_count: int
    discard: list[int]
    active: MonView | None
    bench: list[MonView]
    bench_size: int
    face_down: bool  # setup: placed but not revealed (hidden from the other seat)
    conditions: list[str]
    poison_counters: int
    mulligans: int
    ready: bool


class PromptView(BaseModel):
    seat: int
    kind: str
    options: list[int] | None  # None: hidden from this seat
    option_count: int | None
    need: int
    most: int
    picked: list[int] | None


class MarkerView(BaseModel):
    kind: str
    target: int
    until: int
    amount: int


class PokemonTCGView(BaseModel):
    game: Literal["pokemon-tcg"] = "pokemon-tcg"
    seat: int | None
    phase: str
    to_act: list[int]
    chooser: int
    first: int | None
    turn: int
    current: int
    used: list[str]
    abilities_used: list[int]
    stadium: int | None
    decks: list[list[str]]  # card id per instance: the open deck lists
    sides: list[SideView]
    prompt: PromptView | None
    markers: list[MarkerView]
    extra_draws: list[int]
    prize_count: int  # prizes each player set aside (1 in Sudden Death)
    sudden_deaths: int
    winners: list[int]
    reason: str


def _mon(state: State, mon: Mon) -> MonView:
    return MonView(
        card=mon.card,
        card_id=state.cards[mon.card],
        below=list(mon.below),
        energy=list(mon.energy),
        tool=mon.tool if mon.tool >= 0 else None,
        damage=mon.damage,
        since=mon.since,
    )


def _side(state: State, seat: int, viewer: int | None) -> SideView:
    side = state.sides[seat]
    hidden_setup = state.phase == SETUP and viewer != seat
    conditions = [ROTATION_NAMES[side.rotation]] if side.rotation else []
    conditions += ["poisoned"] * bool(side.poison) + ["burned"] * side.burned
    return SideView(
        hand=list(side.hand) if viewer == seat else None,
        hand_size=len(side.hand),
        known_hand=sorted(side.known),
        deck_size=len(side.deck),
        deck_top_known=list(side.known_top),
        prize_count=len(side.prizes),
        discard=list(side.discard),
        active=None if hidden_setup or side.active is None else _mon(state, side.active),
        bench=[] if hidden_setup else [_mon(state, b) for b in side.bench],
        bench_size=len(side.bench),
        face_down=hidden_setup and side.active is not None,
        conditions=conditions,
        poison_counters=side.poison,
        mulligans=side.mulligans,
        ready=side.ready,
    )


def view(state: State, seat: int | None, to_act: list[int]) -> dict[str, Any]:
    prompt = None
    if state.prompt is not None:
        p = state.prompt
        sees = not p.hidden or seat == p.seat
        prompt = PromptView(
            seat=p.seat,
            kind=p.kind,
            options=list(p.options) if sees else None,
            option_count=len(p.options) if sees else None,
            need=p.need if sees else 0,
            most=p.most if sees else 0,
            picked=list(p.picked) if sees else None,
        )
    used = [name for bit, name in USED_NAMES if state.used & bit]
    result = PokemonTCGView(
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        to_act=to_act,
        chooser=state.chooser,
        first=state.first if state.first >= 0 else None,
        turn=state.turn,
        current=state.current,
        used=used,
        abilities_used=list(state.abilities_used),
        stadium=state.stadium if state.stadium >= 0 else None,
        decks=[list(state.cards[:60]), list(state.cards[60:])],
        sides=[_side(state, s, seat) for s in (0, 1)],
        prompt=prompt,
        markers=[
            MarkerView(kind=k.kind, target=k.target, until=k.until, amount=k.amount)
            for k in state.markers
        ],
        extra_draws=list(state.extra_draws),
        prize_count=state.prize_count,
        sudden_deaths=state.sudden_deaths,
        winners=list(state.winners),
        reason=state.reason,
    )
    return result.model_dump(mode="json")


def _moved_visible(e: CardsMoved, seat: int | None) -> bool:
    """Cards leaving or reaching a public pile are public; between hidden
    piles (hand, deck, prizes) only the owner sees those in their hand."""
    if e.revealed or e.source in PUBLIC_ZONES or e.dest in PUBLIC_ZONES:
        return True
    return seat == e.seat and "hand" in (e.source, e.dest)


def redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, HandDealt):
        hand = event.hand if seat == event.seat else None
        return event.model_copy(update={"hand": hand, "deck": None})
    if isinstance(event, ActiveSet | BasicBenched) and seat != event.seat:
        face_down = isinstance(event, ActiveSet) or event.face_down
        return event.model_copy(update={"card": None}) if face_down else event
    if isinstance(event, CardsMoved) and not _moved_visible(event, seat):
        return event.model_copy(update={"cards": None})
    if isinstance(event, DeckShuffled):
        return event.model_copy(update={"order": None})
    if isinstance(event, PromptOpened) and event.hidden and seat != event.seat:
        # A choice among hidden cards: its options, and the number of picks it
        # needs (at most the number of options), are the chooser's business.
        event = event.model_copy(update={"options": None, "need": 0, "most": 0})
    if isinstance(event, PromptOpened) and seat != event.controller:
        # The effect's variables are its controller's business.
        return event.model_copy(update={"vars": ()})
    if isinstance(event, Picked) and event.hidden and seat != event.seat:
        return event.model_copy(update={"option": None})
    return event
