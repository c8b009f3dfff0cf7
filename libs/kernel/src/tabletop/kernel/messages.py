"""Base models for what crosses the kernel's edge: commands, events, outcomes.

Commands and events are frozen pydantic models discriminated by a `type`
literal and carrying a schema version `v`. A game's commands form one
discriminated union (likewise its events); `Game.command_adapter` parses them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    v: int = 1


class Command(Message):
    """Something a seat asks to do. `seat` is 0-based in turn order; the
    gateway fills it from the caller's identity, never from the body."""

    seat: int = Field(ge=0)


class Event(Message):
    """Something that happened. Chance outcomes are always inside events, so
    folding events never needs a random generator."""


class Outcome(BaseModel):
    """The end of a game: `ranks[seat]` is 0 for the winner(s); tied seats
    share a rank. `scores[seat]` is the game's own score for that seat."""

    model_config = ConfigDict(frozen=True)

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""
    # Set by the platform (tabletop.kernel.table), never by a game: who left early.
    resigned: tuple[int, ...] = ()
    timed_out: tuple[int, ...] = ()

    @model_serializer(mode="wrap")
    def _without_empty_platform_fields(self, handler: SerializerFunctionWrapHandler) -> Any:
        # A game's own outcome dumps as it did before the platform's fields.
        data = handler(self)
        if isinstance(data, dict):
            for name in ("resigned", "timed_out"):
                if not data.get(name, True):
                    del data[name]
        return data

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 0)


class GameConfig(BaseModel):
    """Options a game is started with. Games subclass it with their own
    options (variant, rounds, decks…); unknown options are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int
