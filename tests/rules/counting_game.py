"""A throwaway 2-player counting game for testing the services before real
games are registered (never put in the registry).

Players take turns adding 1-3 to a shared total; whoever reaches `target`
wins. The first player is drawn at random in `start` (a chance outcome
recorded in the `started` event), so replays need no generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from pydantic import BaseModel, Field

from tabletop.kernel import Code, Command, Event, Game, GameConfig, IllegalCommand, Outcome


class CountingConfig(GameConfig):
    target: int = Field(default=21, ge=1, le=10_000)


class Add(Command):
    type: Literal["add"] = "add"
    amount: int


class Started(Event):
    type: Literal["started"] = "started"
    players: int
    target: int
    first: int


class Added(Event):
    type: Literal["added"] = "added"
    seat: int
    amount: int


class CountingView(BaseModel):
    total: int
    target: int
    turn: int


@dataclass(frozen=True, slots=True)
class CountingState:
    players: int
    target: int
    total: int
    turn: int
    winner: int | None = None


class CountingGame(Game[CountingState]):
    id = "counting"
    title = "Counting to a target"
    min_players = 2
    max_players = 2
    config_model = CountingConfig
    command_types = (Add,)
    event_types = (Started, Added)
    view_model = CountingView

    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        assert isinstance(config, CountingConfig)
        first = rng.randrange(config.players)
        return [Started(players=config.players, target=config.target, first=first)]

    def decide_move(
        self, state: CountingState, command: Command, rng: random.Random
    ) -> list[Event]:
        assert isinstance(command, Add)
        if not 1 <= command.amount <= 3:
            raise IllegalCommand(Code.ILLEGAL_MOVE, f"add 1 to 3, not {command.amount}")
        if state.total + command.amount > state.target:
            raise IllegalCommand(Code.ILLEGAL_MOVE, f"the total may not pass {state.target}")
        return [Added(seat=command.seat, amount=command.amount)]

    def evolve(self, state: CountingState | None, event: Event) -> CountingState:
        if isinstance(event, Started):
            return CountingState(event.players, event.target, 0, event.first)
        assert state is not None and isinstance(event, Added)
        total = state.total + event.amount
        return replace(
            state,
            total=total,
            turn=(state.turn + 1) % state.players,
            winner=event.seat if total == state.target else None,
        )

    def seats(self, state: CountingState) -> int:
        return state.players

    def to_act(self, state: CountingState) -> list[int]:
        return [] if state.winner is not None else [state.turn]

    def legal_commands(self, state: CountingState, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        room = state.target - state.total
        return [Add(seat=seat, amount=a) for a in (1, 2, 3) if a <= room]

    def view(self, state: CountingState, seat: int | None) -> dict[str, int]:
        return CountingView(total=state.total, target=state.target, turn=state.turn).model_dump()

    def redact(self, event: Event, seat: int | None) -> Event:
        return event

    def outcome(self, state: CountingState) -> Outcome | None:
        if state.winner is None:
            return None
        ranks = tuple(0 if s == state.winner else 1 for s in range(state.players))
        return Outcome(ranks=ranks, scores=tuple(float(1 - r) for r in ranks), reason="target")

    def sample_world(self, state: CountingState, seat: int, seed: int) -> CountingState:
        return state  # nothing is hidden


GAME = CountingGame()
