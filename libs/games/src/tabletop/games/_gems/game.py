"""`GemsGame`, the `tabletop.kernel.Game` base of Splendor and Splendor Pokémon:
the wiring of the shared parts (`setup`, `decide`, `evolve`, `legal`, `view`)
and the hooks by which a game adds its end-of-turn decision.

A game subclasses `GemsGame` with its `Rules` and sets: `turn_end` (is the
decision open, or are automatic events due?), `auto_events` (what happens
without a decision),
`choice_commands`, and its extra command handlers and event folders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from tabletop.kernel import (
    Command,
    Event,
    EventBuilder,
    Game,
    GameConfig,
    IllegalCommand,
    JsonDict,
    Outcome,
)

from . import evolve, legal, setup, stall
from . import view as views
from .afford import Affordability
from .codes import GemsCode
from .commands import COMMANDS
from .decide import HANDLERS, Handler
from .events import EVENTS, CardBought, CardReserved, Passed, TokensReturned, TokensTaken, TurnEnded
from .payment import cost_items
from .ruleset import N_COLORS, Rules
from .state import ACTION, CHOOSE, ENDING, OVER, RETURN, Player, State

_STEP_NAMES = {ACTION: "action", RETURN: "return_tokens", OVER: "over"}
_NO_RNG = random.Random(0)  # decide draws nothing: the start shuffle fixed every chance
_PASSED_ROUND = "no player could act for a whole round"
_validate_reserved = CardReserved.__pydantic_validator__.validate_python
_validate_bought = CardBought.__pydantic_validator__.validate_python


class GemsConfig(GameConfig):
    """No options: the player count fixes the token supply and the nobles."""


class GemsGame(Game[State]):
    rules: ClassVar[Rules]
    config_model = GemsConfig
    command_types: ClassVar[tuple[type[Command], ...]] = COMMANDS
    event_types: ClassVar[tuple[type[Event], ...]] = EVENTS
    choice_step: ClassVar[str]  # the name of the end-of-turn decision in views
    view_model = views.GemsView

    def __init__(self) -> None:
        r = self.rules
        self.cost_items = cost_items(r.cards)
        bonus_held = max(
            sum(n for b, n in zip(r.cards.bonus, r.cards.bonus_count, strict=True) if b == i)
            for i in range(N_COLORS)
        )
        # Tables to a holding of 63: far above any reachable one (25 in Splendor).
        if bonus_held + max(r.per_color.values()) > 63:
            raise ValueError("holdings above 63 of a colour: widen the affordability tables")
        self.afford = Affordability(r.cards, 63)
        self.token_limit = r.token_limit
        self.card_count = len(r.cards)
        self.ids_in_rows = tuple(r.cards.ids_in_row(i) for i in range(len(r.rows)))
        self.books = tuple(legal.CommandBook(self, s) for s in range(self.max_players))
        self.step_names = {**_STEP_NAMES, CHOOSE: self.choice_step}
        # Memos of small domains: token names <-> counts, and the events and
        # command parts that recur (a take, a return, a pass, a turn's end).
        self.vecs: dict[tuple[str, ...], tuple[int, ...]] = {}
        self._names: dict[tuple[int, ...], tuple[str, ...]] = {}
        self.take_idx: dict[tuple[str, ...], tuple[int, ...]] = {}
        self._names_of: dict[tuple[int, ...], tuple[str, ...]] = {}
        self.wild_for: dict[tuple[str, ...], tuple[int, ...]] = {}  # Buy.wild_for per colour
        self._taken: dict[tuple[int, tuple[str, ...]], TokensTaken] = {}
        self._returned: dict[tuple[int, tuple[str, ...]], TokensReturned] = {}
        self.turn_ended = tuple(TurnEnded(seat=i) for i in range(self.max_players))
        self.passed = tuple(Passed(seat=i) for i in range(self.max_players))
        self.handlers: dict[type, Handler] = {**HANDLERS, **self.extra_handlers()}
        # `decide` trusts a handler's presence as the kernel's command-type check.
        if set(self.handlers) != set(self.command_types):
            raise TypeError(f"{self.id}: command_types and handlers differ")
        self.folders: dict[type, Callable[..., State]] = {**evolve.FOLDERS, **self.extra_folders()}
        self.closing = evolve.CLOSING
        self._fold_one = self._folder()

    def _folder(self) -> Callable[[State, Event], State]:
        """`evolve` as the builder calls it, per event: a closure reads the game
        and its folders faster than a method reads them from `self`."""
        folders, game = self.folders, self

        def fold_one(state: State, event: Event) -> State:
            return folders[type(event)](game, state, event)

        return fold_one

    # ------------------------------------------------------ the game's hooks
    def deal_extras(self, players: int, rng: random.Random) -> tuple[int, ...]:
        """Extra setup recorded in GameStarted.nobles (Splendor's nobles)."""
        return ()

    def turn_end(self, p: Player, market: tuple, nobles: tuple) -> int:
        """The step after this player's action (tokens within the limit):
        CHOOSE when the end-of-turn decision is open, AUTO when
        `auto_events` has events to add, else ENDING."""
        return ENDING

    def auto_events(self, s: State) -> tuple[Event, ...]:
        """Events at the end of a turn that need no decision (step AUTO)."""
        return ()

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        return []

    def extra_handlers(self) -> Mapping[type, Handler]:
        return {}

    def extra_folders(self) -> Mapping[type, Callable[..., State]]:
        return {}

    def card_view(self, c: int) -> JsonDict:
        return views.card_view(self, c)

    def noble_view(self, n: int) -> JsonDict:
        raise NotImplementedError("this game has no nobles")

    def rank_key(self, p: Player) -> tuple[int, ...]:
        """Higher is better: points first, then the game's tie-breaks."""
        return (p.points,)

    # ------------------------------------------------------------ the parts
    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        return setup.start(self, config, rng)

    def decide_and_fold(
        self, state: State, command: Command, rng: random.Random
    ) -> tuple[list[Event], State]:
        # The kernel's checks answer "is it this seat's move in a running game?",
        # which this engine's state says in two fields: when it is, go straight
        # to the handler; otherwise the kernel refuses in its own words.
        handler = self.handlers.get(type(command))
        if handler is None or command.seat != state.seat or state.step == OVER:
            self._refuse(state, command)
        b = EventBuilder(state, rng, self._fold_one)
        handler(self, b, command)
        return b.events, b.state

    def decide_move(
        self, state: State, command: Command, rng: random.Random
    ) -> EventBuilder[State]:
        b = EventBuilder(state, rng, self._fold_one)
        self.handlers[type(command)](self, b, command)
        return b

    def evolve(self, state: State | None, event: Event) -> State:
        return self.folders[type(event)](self, state, event)

    def apply(self, state: State, command: Command | Mapping[str, Any], seed: int | None = None):
        # Same result as Game.apply; skips seeding a generator decide never draws from.
        if not isinstance(command, Command):
            command = self.parse_command(command)
        return self.decide_and_fold(state, command, _NO_RNG)[1]

    def seats(self, state: State) -> int:
        return len(state.players)

    def to_act(self, state: State) -> list[int]:
        return [] if state.step == OVER else [state.seat]

    # (game, state, seat) -> commands, bound as the method itself: one call
    # less on the hottest path.
    legal_commands = legal.legal_commands  # type: ignore[assignment]  # (g, s, seat): same call

    def outcome(self, state: State) -> Outcome | None:
        if state.step != OVER:
            return None
        keys = [self.rank_key(p) for p in state.players]
        ranks = tuple(sum(1 for k in keys if k > mine) for mine in keys)
        if state.passes >= len(state.players):
            reason = _PASSED_ROUND
        elif stall.stalled(state.stall):
            reason = stall.STALL_REASON
        else:
            reason = "points"
        return Outcome(
            ranks=ranks, scores=tuple(float(p.points) for p in state.players), reason=reason
        )

    def view(self, state: State, seat: int | None) -> JsonDict:
        return views.view(self, state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return views.redact(event, seat)

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return views.sample_world(self, state, seat, seed)

    # ------------------------------------------------- tokens, by name and count
    def vec(self, names: tuple[str, ...]) -> tuple[int, ...]:
        """A token multiset by name -> counts per colour (wild last)."""
        v = self.vecs.get(names)
        if v is None:
            counts = [0] * (N_COLORS + 1)
            for n in names:
                counts[self.rules.index[n]] += 1
            v = self.vecs[names] = tuple(counts)
        return v

    def names(self, vec: tuple[int, ...]) -> tuple[str, ...]:
        """Counts per colour -> the multiset by name, in colour order."""
        n = self._names.get(vec)
        if n is None:
            colors = self.rules.colors
            n = self._names[vec] = tuple(colors[i] for i in range(len(vec)) for _ in range(vec[i]))
        return n

    def names_of(self, idx: tuple[int, ...]) -> tuple[str, ...]:
        """Colour indices -> their names."""
        n = self._names_of.get(idx)
        if n is None:
            n = self._names_of[idx] = tuple(self.rules.colors[i] for i in idx)
        return n

    def color(self, name: str, what: str = "token") -> int:
        i = self.rules.index.get(name)
        if i is None:
            raise IllegalCommand(
                GemsCode.UNKNOWN_COLOR,
                f"unknown {what} colour {name!r}; colours: {', '.join(self.rules.colors)}",
            )
        return i

    # ----------------------------------------------------------- the events
    # Taking, returning, passing and ending a turn recur: each distinct event
    # is built once and shared (events are immutable). A card's purchase or
    # reservation rarely recurs: validated as it is built.
    def tokens_taken(self, seat: int, names: tuple[str, ...]) -> TokensTaken:
        event = self._taken.get((seat, names))
        if event is None:
            event = self._taken[seat, names] = TokensTaken(seat=seat, tokens=names)
        return event

    def tokens_returned(self, seat: int, names: tuple[str, ...]) -> TokensReturned:
        event = self._returned.get((seat, names))
        if event is None:
            event = self._returned[seat, names] = TokensReturned(seat=seat, tokens=names)
        return event

    # (The model's validator called directly: the same validation as the
    # constructor, without its Python frame.)
    def card_reserved(
        self, seat: int, card: int, level: int, from_deck: bool, wild: bool, refill: int | None
    ) -> CardReserved:
        values = {
            "seat": seat,
            "card": card,
            "level": level,
            "from_deck": from_deck,
            "wild": wild,
            "refill": refill,
        }
        event: CardReserved = _validate_reserved(values)
        return event

    def card_bought(
        self, seat: int, card: int, paid: tuple[str, ...], refill: int | None
    ) -> CardBought:
        values = {"seat": seat, "card": card, "paid": paid, "refill": refill}
        event: CardBought = _validate_bought(values)
        return event
