"""The decider contract every game implements, and the entry points built on it.

A game is a set of pure functions over an immutable state (see DESIGN.md):
`start`, `decide`, `evolve`, `to_act`, `legal_commands`, `view`, `redact`,
`outcome`, `sample_world`. Subclasses implement those; this base class adds the
checks every game shares (unknown command, seat out of range, game over, not
your turn) and the conveniences tools and tests use: `new`, `apply`, `replay`,
`parse_command`, `parse_event`, and `decide_and_fold`, the step every
playout, bot and the rules service take (a command's events and the state
they fold into, folded once). Bots need two optional extras, both found in
the game package's `evaluation` module: a heuristic (`evaluate_all`) and
defaults for their search (`search_hints`). Clients get the printed facts of
the cards from `card_catalog`, found in the package's `card_facts` module.

Nothing here does I/O or reads a clock. Chance comes in as a `random.Random`
and its outcomes leave in events, so `evolve` and `replay` never need one.
"""

from __future__ import annotations

import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from types import ModuleType
from typing import Annotated, Any, ClassVar, Generic, NoReturn, TypedDict, TypeVar, Union

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from .builder import EventBuilder
from .errors import Code, IllegalCommand
from .messages import Command, Event, GameConfig, Outcome

S = TypeVar("S")

JsonDict = dict[str, Any]


class SearchHints(TypedDict, total=False):
    """Defaults a game suggests for the bots' tree search (`Game.search_hints`),
    named as in the policy specs ("ismcts:1s:prior=4"): exploration `c`, `prior`
    (visits greedy's prior is worth), `expand` (untried commands expanded at
    once), `widen` (progressive widening below the root). A key left out keeps
    the search's own default."""

    c: float
    prior: int
    expand: int
    widen: float


M = TypeVar("M", bound=BaseModel)


def _union_adapter(types: tuple[type[M], ...]) -> TypeAdapter[M]:
    if len(types) == 1:
        return TypeAdapter(types[0])
    # A union built at run time is no static type: name it Any, the adapter is still M's.
    union: Any = Annotated[Union[types], Field(discriminator="type")]  # noqa: UP007
    adapter: TypeAdapter[M] = TypeAdapter(union)
    return adapter


class Game(ABC, Generic[S]):
    """Base class of every game. Subclasses set the class attributes and
    implement the abstract methods; instances are stateless and shared."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    config_model: ClassVar[type[GameConfig]] = GameConfig
    command_types: ClassVar[tuple[type[Command], ...]]
    event_types: ClassVar[tuple[type[Event], ...]]
    view_model: ClassVar[type[BaseModel]]
    # Option sets the conformance suite and `simulate` exercise (one per variant).
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)

    # ------------------------------------------------------------------ decider
    @abstractmethod
    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        """Set the game up. Every chance outcome (shuffles, deals) is decided
        here and recorded in the returned events."""

    @abstractmethod
    def decide_move(
        self, state: S, command: Command, rng: random.Random
    ) -> list[Event] | EventBuilder[S]:
        """Game-specific validation and consequences of a command that has
        already passed the shared checks of `decide`. Raise IllegalCommand.
        Return the events, or the `EventBuilder` that recorded them: its
        `state` is their fold already, so `decide_and_fold` does not fold
        them a second time."""

    @abstractmethod
    def evolve(self, state: S | None, event: Event) -> S:
        """Pure fold of one event. `state` is None for a game's first event."""

    @abstractmethod
    def seats(self, state: S) -> int:
        """How many seats the game has."""

    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that must act now; [] once the game is over."""

    @abstractmethod
    def legal_commands(self, state: S, seat: int) -> list[Command]:
        """Every legal command for `seat`, complete. [] when it may not act."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JsonDict:
        """What `seat` may know (None = a spectator), JSON-ready."""

    @abstractmethod
    def redact(self, event: Event, seat: int | None) -> Event:
        """The event as `seat` may see it."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Final ranking and scores, or None while the game goes on."""

    @abstractmethod
    def sample_world(self, state: S, seat: int, seed: int) -> S:
        """A full state `seat` cannot tell apart from `state`: everything hidden
        from `seat` re-dealt at random from what `seat` cannot see. Must depend
        only on what `seat` may know (its view) and `seed`."""

    # ---------------------------------------------------------------- evaluation
    def evaluate(self, state: S, seat: int) -> float:
        """How good `state` looks for `seat`: an estimate of its share of the
        win, in [0, 1]. Bots search with it (ADR 0014)."""
        return self.evaluate_all(state)[seat]

    def evaluate_all(self, state: S) -> tuple[float, ...]:
        """`evaluate` for every seat at once (search needs them all at each
        leaf, and a heuristic compares the players anyway). A finished game
        scores its outcome; otherwise the game's heuristic, found as `shares`
        in the `evaluation` module beside the game's class (a game adds one
        file and touches nothing else), or even shares when it has none.
        A game may override this method instead."""
        outcome = self.outcome(state)
        if outcome is not None:
            return tuple(outcome_value(outcome, seat) for seat in range(len(outcome.ranks)))
        heuristic = self.heuristic
        if heuristic is None:
            seats = self.seats(state)
            return (1.0 / seats,) * seats
        return heuristic(state)

    @cached_property
    def heuristic(self) -> Callable[[Any], tuple[float, ...]] | None:
        """`shares(state)` of the game package's `evaluation` module, if any."""
        return getattr(self._evaluation_module, "shares", None)

    def search_hints(self, state: S) -> SearchHints:
        """Defaults for the bots' tree search in this game (ADR 0014): where
        the seat-count defaults measure badly, a game names the settings its
        search starts from. Defaults only: a setting the policy spec gives
        explicitly ("ismcts:1s:prior=4") wins. Must depend only on public
        information (the variant, the seats): bots call it on a sampled world.
        Default: `search_hints(state)` of the game package's `evaluation`
        module, found like `shares`; without one, no hints. A game may
        override this method instead."""
        hints = getattr(self._evaluation_module, "search_hints", None)
        if hints is None:
            return {}
        result: SearchHints = hints(state)
        return result

    @cached_property
    def _evaluation_module(self) -> ModuleType | None:
        return self._package_module("evaluation")

    def _package_module(self, module: str) -> ModuleType | None:
        """A module of the game's package (beside the module that defines the
        game's class), or None when it has none."""
        name = type(self).__module__.rpartition(".")[0] + "." + module
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module exists but is broken: say so
            return None

    # ---------------------------------------------------------------- card facts
    def card_catalog(self) -> BaseModel | None:
        """The printed facts of every card, tile or noble id this game's views
        show, keyed by those ids, so a client never needs the rules document to
        decode an integer. A pydantic model with a `game` field (its schema is
        published in proto/), found as `card_catalog()` in the game package's
        `card_facts` module, read from the game's own data; None when the game
        has none. Pure: the same facts on every call. A game may override it."""
        hook = getattr(self._package_module("card_facts"), "card_catalog", None)
        if hook is None:
            return None
        facts: BaseModel = hook()
        return facts

    # ------------------------------------------------------------- shared checks
    def decide(self, state: S, command: Command, rng: random.Random) -> list[Event]:
        """Validate `command` against `state` and return the events it causes."""
        # The shared checks, settled inline in the usual case (see decide_and_fold).
        if type(command) not in self._command_type_set or command.seat not in self.to_act(state):
            self._refuse(state, command)
        made = self.decide_move(state, command, rng)
        return made.events if isinstance(made, EventBuilder) else made

    def decide_and_fold(
        self, state: S, command: Command, rng: random.Random
    ) -> tuple[list[Event], S]:
        """`decide`, and the state its events fold into (`fold(state, events)`),
        folded once: a `decide_move` that returns its `EventBuilder` folded
        each event as it recorded it. Playouts, bots, `apply` and the rules
        service step with this."""
        if self._overrides_decide:
            # The game's own `decide` may check more than the kernel: keep it.
            events = self.decide(state, command, rng)
            return events, self.fold(state, events)
        # The usual case settled inline (this runs once per command of every
        # playout and search): a command of this game from a seat that acts
        # now. An acting seat exists, and none acts once the game is over (the
        # conformance suite checks both of every game).
        if type(command) not in self._command_type_set or command.seat not in self.to_act(state):
            self._refuse(state, command)
        made = self.decide_move(state, command, rng)
        if isinstance(made, EventBuilder):
            return made.events, made.state
        return made, self.fold(state, made)

    @cached_property
    def _overrides_decide(self) -> bool:
        return type(self).decide is not Game.decide

    @cached_property
    def _command_type_set(self) -> frozenset[type[Command]]:
        return frozenset(self.command_types)

    def _refuse(self, state: S, command: Command) -> NoReturn:
        """The refusal the shared checks give a command that is not this
        game's, or whose seat may not act now, in their order: unknown
        command, wrong seat, game over, not your turn."""
        if type(command) not in self._command_type_set:
            raise IllegalCommand(
                Code.UNKNOWN_COMMAND, f"{type(command).__name__} is not a command of {self.id}"
            )
        acting = self.to_act(state)
        seats = self.seats(state)
        if not 0 <= command.seat < seats:
            raise IllegalCommand(
                Code.WRONG_SEAT, f"seat {command.seat} does not exist (seats 0..{seats - 1})"
            )
        if self.outcome(state) is not None:
            raise IllegalCommand(Code.GAME_OVER, "the game is over")
        raise IllegalCommand(
            Code.NOT_YOUR_TURN,
            f"seat {command.seat} may not act now; waiting for seat(s) "
            + ", ".join(map(str, acting)),
        )

    # ------------------------------------------------------------- entry points
    def make_config(self, players: int, /, **options: Any) -> GameConfig:
        # Options come from clients (a queue request, a start request): `players`
        # among them is a refusal, not a TypeError about a duplicate argument.
        if "players" in options:
            raise IllegalCommand(
                Code.INVALID_OPTIONS, "players is not an option: give it as the player count"
            )
        if not self.min_players <= players <= self.max_players:
            raise IllegalCommand(
                Code.INVALID_OPTIONS,
                f"{self.id} is played by {self.min_players}-{self.max_players} players, "
                f"not {players}",
            )
        try:
            return self.config_model(players=players, **options)
        except ValidationError as exc:
            raise IllegalCommand(Code.INVALID_OPTIONS, _first_error(exc)) from None

    def setup(self, players: int, seed: int | None = None, **options: Any) -> list[Event]:
        """The events that start a game (what the rules service commits first)."""
        return self.start(self.make_config(players, **options), random.Random(seed))

    def new(self, players: int, seed: int | None = None, **options: Any) -> S:
        """A fresh game: `start` folded through `evolve`."""
        return self.replay(self.setup(players, seed, **options))

    def apply(self, state: S, command: Command | Mapping[str, Any], seed: int | None = None) -> S:
        """`decide` then `evolve`: the state after a legal command."""
        if not isinstance(command, Command):
            command = self.parse_command(command)
        return self.decide_and_fold(state, command, random.Random(seed))[1]

    def fold(self, state: S | None, events: Iterable[Event]) -> S:
        for event in events:
            state = self.evolve(state, event)
        if state is None:
            raise ValueError("no events to fold")
        return state

    def replay(self, events: Iterable[Event | Mapping[str, Any]]) -> S:
        """Rebuild a state from stored events, with no random generator."""
        return self.fold(None, (e if isinstance(e, Event) else self.parse_event(e) for e in events))

    # ------------------------------------------------------------------- parsing
    @cached_property
    def command_adapter(self) -> TypeAdapter[Command]:
        return _union_adapter(self.command_types)

    @cached_property
    def event_adapter(self) -> TypeAdapter[Event]:
        return _union_adapter(self.event_types)

    @cached_property
    def command_tags(self) -> frozenset[str]:
        return frozenset(_type_tag(t) for t in self.command_types)

    def parse_command(self, data: Mapping[str, Any] | str | bytes) -> Command:
        """A command from its wire form; malformed input is an IllegalCommand."""
        if isinstance(data, str | bytes):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise IllegalCommand(Code.MALFORMED_COMMAND, f"not JSON: {exc}") from None
        if not isinstance(data, Mapping):
            raise IllegalCommand(Code.MALFORMED_COMMAND, "a command is a JSON object")
        if data.get("type") not in self.command_tags:
            known = ", ".join(sorted(self.command_tags))
            raise IllegalCommand(
                Code.UNKNOWN_COMMAND,
                f"unknown command type {data.get('type')!r} for {self.id}; known: {known}",
            )
        try:
            return self.command_adapter.validate_python(data)
        except ValidationError as exc:
            raise IllegalCommand(Code.MALFORMED_COMMAND, _first_error(exc)) from None

    def parse_event(self, data: Mapping[str, Any] | str | bytes) -> Event:
        if isinstance(data, str | bytes):
            return self.event_adapter.validate_json(data)
        return self.event_adapter.validate_python(data)

    def __repr__(self) -> str:
        return f"<game {self.id}>"


def outcome_value(outcome: Outcome, seat: int) -> float:
    """`seat`'s share of the win: 1 alone on top, 1/k among k tied winners, else 0."""
    if outcome.ranks[seat] != 0:
        return 0.0
    return 1.0 / sum(1 for rank in outcome.ranks if rank == 0)


def _type_tag(model: type[BaseModel]) -> str:
    return str(model.model_fields["type"].default)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "input"
    return f"{where}: {err['msg']}"
