"""A tiny game with hidden information, used to test the kernel and the
conformance suite itself (including that its checks can fail).

Each of 2-3 players holds 3 cards from a 12-card deck (values 1..12). On
your turn you play one card face up; then you draw if the deck has cards.
When nobody holds a card, the highest total of played cards wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from pydantic import BaseModel

from tabletop.kernel import Code, Command, Event, Game, GameConfig, IllegalCommand, Outcome

DECK = tuple(range(1, 13))
HAND = 3


class Play(Command):
    type: Literal["play"] = "play"
    card: int


class Started(Event):
    type: Literal["started"] = "started"
    players: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]


class Played(Event):
    type: Literal["played"] = "played"
    seat: int
    card: int


class Drew(Event):
    type: Literal["drew"] = "drew"
    seat: int
    card: int | None  # None when redacted


class ToyView(BaseModel):
    seat: int | None
    hand: list[int] | None
    hand_sizes: list[int]
    played: list[list[int]]
    deck_size: int
    turn: int


@dataclass(frozen=True, slots=True)
class ToyState:
    hands: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    turn: int


class ToyGame(Game[ToyState]):
    id = "toy"
    title = "Toy high card"
    min_players = 2
    max_players = 3
    command_types = (Play,)
    event_types = (Started, Played, Drew)
    view_model = ToyView

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        deck = list(DECK)
        rng.shuffle(deck)
        n = config.players
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(n))
        return [Started(players=n, hands=hands, deck=tuple(deck[n * HAND :]))]

    def decide_move(self, state: ToyState, command: Command, rng: random.Random) -> list[Event]:
        assert isinstance(command, Play)
        if command.card not in state.hands[command.seat]:
            raise IllegalCommand(Code.ILLEGAL_MOVE, f"card {command.card} is not in your hand")
        events: list[Event] = [Played(seat=command.seat, card=command.card)]
        if state.deck:
            events.append(Drew(seat=command.seat, card=state.deck[0]))
        return events

    def evolve(self, state: ToyState | None, event: Event) -> ToyState:
        if isinstance(event, Started):
            return ToyState(event.hands, ((),) * event.players, event.deck, 0)
        assert state is not None
        if isinstance(event, Played):
            hands = list(state.hands)
            hands[event.seat] = tuple(c for c in hands[event.seat] if c != event.card)
            played = list(state.played)
            played[event.seat] = (*played[event.seat], event.card)
            turn = (event.seat + 1) % len(hands)  # hands shrink evenly, so plain rotation
            return replace(state, hands=tuple(hands), played=tuple(played), turn=turn)
        if isinstance(event, Drew):
            hands = list(state.hands)
            hands[event.seat] = tuple(sorted((*hands[event.seat], state.deck[0])))
            return replace(state, hands=tuple(hands), deck=state.deck[1:])
        raise TypeError(event)

    def seats(self, state: ToyState) -> int:
        return len(state.hands)

    def to_act(self, state: ToyState) -> list[int]:
        return [state.turn] if any(state.hands) else []

    def legal_commands(self, state: ToyState, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        return [Play(seat=seat, card=c) for c in state.hands[seat]]

    def view(self, state: ToyState, seat: int | None) -> dict:
        over = not self.to_act(state)
        return ToyView(
            seat=seat,
            hand=list(state.hands[seat]) if seat is not None else None,
            hand_sizes=[len(h) for h in state.hands],
            played=[list(p) for p in state.played],
            deck_size=len(state.deck),
            turn=state.turn if not over else -1,
        ).model_dump(mode="json")

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Drew) and event.seat != seat:
            return event.model_copy(update={"card": None})
        if isinstance(event, Started):
            hands = tuple(h if i == seat else () for i, h in enumerate(event.hands))
            return event.model_copy(update={"hands": hands, "deck": ()})
        return event

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.to_act(state):
            return None
        totals = [sum(p) for p in state.played]
        ranks = tuple(sorted(set(totals), reverse=True).index(t) for t in totals)
        return Outcome(ranks=ranks, scores=tuple(float(t) for t in totals))

    def sample_world(self, state: ToyState, seat: int, seed: int) -> ToyState:
        unseen = sorted(
            [c for i, h in enumerate(state.hands) if i != seat for c in h] + list(state.deck)
        )
        random.Random(seed).shuffle(unseen)
        hands = []
        for i, h in enumerate(state.hands):
            if i == seat:
                hands.append(h)
            else:
                hands.append(tuple(sorted(unseen[: len(h)])))
                unseen = unseen[len(h) :]
        return replace(state, hands=tuple(hands), deck=tuple(unseen))


class LeakyToyGame(ToyGame):
    """Shows the next deck card in every view: the leak check must catch it."""

    id = "toy-leaky"

    def view(self, state: ToyState, seat: int | None) -> dict:
        data = super().view(state, seat)
        data["deck_size"] = state.deck[0] if state.deck else 0
        return data


class PeekingToyGame(ToyGame):
    """Samples worlds from the true hidden state: the fairness check must catch it."""

    id = "toy-peeking"

    def sample_world(self, state: ToyState, seat: int, seed: int) -> ToyState:
        sampled = super().sample_world(state, seat, seed)
        # Depends on the real deck, which the seat cannot see.
        return sampled if sum(state.deck[:1]) % 2 else replace(sampled, deck=sampled.deck[::-1])


class Searched(Event):
    type: Literal["searched"] = "searched"
    seat: int
    card: int | None  # None when redacted


class SearchingToyGame(ToyGame):
    """After playing card c, a player takes c + 1 from the deck if the deck
    holds it. The event hides the card, but whether it happens at all tells the
    other players whether the deck held c + 1: the move check must catch it."""

    id = "toy-searching"
    event_types = (*ToyGame.event_types, Searched)

    def decide_move(self, state: ToyState, command: Command, rng: random.Random) -> list[Event]:
        events = super().decide_move(state, command, rng)
        assert isinstance(command, Play)
        wanted = command.card + 1
        if wanted in state.deck[1:]:  # the top card is drawn first
            events.append(Searched(seat=command.seat, card=wanted))
        return events

    def evolve(self, state: ToyState | None, event: Event) -> ToyState:
        if isinstance(event, Searched):
            assert state is not None and event.card is not None
            hands = list(state.hands)
            hands[event.seat] = tuple(sorted((*hands[event.seat], event.card)))
            deck = tuple(c for c in state.deck if c != event.card)
            return replace(state, hands=tuple(hands), deck=deck)
        return super().evolve(state, event)

    def to_act(self, state: ToyState) -> list[int]:
        # Hands no longer shrink evenly: the turn passes over empty hands.
        if not any(state.hands):
            return []
        seat = state.turn
        while not state.hands[seat]:
            seat = (seat + 1) % len(state.hands)
        return [seat]

    def redact(self, event: Event, seat: int | None) -> Event:
        if isinstance(event, Searched) and event.seat != seat:
            return event.model_copy(update={"card": None})
        return super().redact(event, seat)
