"""The gem-market engine: the rules Splendor and Splendor Pokémon share
(token supply, market rows, reserving, paying with bonuses and wild tokens,
the token limit, the end of the game) as a `tabletop.kernel.Game` base.

A game subclasses `GemsGame` with its `Rules` and its end-of-turn decision:
`pending` (is the decision open?), `auto_events` (what happens without a
decision), `choice_commands`, and extra command handlers / event folders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from tabletop.kernel import Command, Event, Game, GameConfig, IllegalCommand, JsonDict, Outcome

from . import fold, legal, views
from .afford import Affordability
from .errors import GemsCode
from .fast import maker
from .messages import (
    COMMANDS,
    EVENTS,
    Buy,
    CardBought,
    CardReserved,
    GameStarted,
    Pass,
    Passed,
    Reserve,
    ReserveTop,
    ReturnTokens,
    TakeDifferent,
    TakeSame,
    TokensReturned,
    TokensTaken,
    TurnEnded,
)
from .payment import chosen, cost_items, payment
from .rules import N_COLORS, WILD, Rules
from .state import ACTION, CHOOSE, EMPTY, ENDING, OVER, RETURN, Player, State

_STEP_NAMES = {ACTION: "action", RETURN: "return_tokens", OVER: "over"}
_NO_RNG = random.Random(0)  # decide draws nothing: the start shuffle fixed every chance
_game_started = maker(GameStarted)
_card_reserved = maker(CardReserved)
_card_bought = maker(CardBought)
_tokens_taken = maker(TokensTaken)
_tokens_returned = maker(TokensReturned)
_passed = maker(Passed)
_turn_ended = maker(TurnEnded)


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
        self._take_idx: dict[tuple[str, ...], tuple[int, ...]] = {}
        self._take_names: dict[tuple[int, ...], tuple[str, ...]] = {}
        self.token_limit = r.token_limit
        self.card_count = len(r.cards)
        self.ids_in_rows = tuple(r.cards.ids_in_row(i) for i in range(len(r.rows)))
        self.books = tuple(legal.CommandBook(self, s) for s in range(self.max_players))
        self.step_names = {**_STEP_NAMES, CHOOSE: self.choice_step}
        self.vecs: dict[tuple[str, ...], tuple[int, ...]] = {}
        self._names: dict[tuple[int, ...], tuple[str, ...]] = {}
        self._taken: dict[tuple[int, tuple[str, ...]], Event] = {}
        self._wild_for: dict[tuple[str, ...], tuple[int, ...]] = {}  # Buy.wild_for per colour
        self.turn_ended = tuple(_turn_ended(seat=i) for i in range(self.max_players))
        self.handlers: dict[type, Callable[[State, Any], list[Event]]] = {
            TakeDifferent: self._take_different,
            TakeSame: self._take_same,
            Reserve: self._reserve,
            ReserveTop: self._reserve_top,
            Buy: self._buy,
            ReturnTokens: self._return,
            Pass: self._pass,
            **self.extra_handlers(),
        }
        # `decide` trusts a handler's presence as the kernel's command-type check.
        if set(self.handlers) != set(self.command_types):
            raise TypeError(f"{self.id}: command_types and handlers differ")
        self.folders: dict[type, Callable[..., State]] = {**fold.FOLDERS, **self.extra_folders()}
        self.fold_turn_ended = self.folders[TurnEnded]

    # ------------------------------------------------------ the game's hooks
    def deal_extras(self, players: int, rng: random.Random) -> tuple[int, ...]:
        """Extra setup recorded in GameStarted.nobles (Splendor's nobles)."""
        return ()

    def pending(self, p: Player, market: tuple, nobles: tuple) -> bool:
        """Is the end-of-turn decision open for this player?"""
        return False

    def auto_events(self, s: State) -> list[Event]:
        """Events at the end of a turn that need no decision."""
        return []

    def choice_commands(self, s: State, seat: int) -> list[Command]:
        return []

    def extra_handlers(self) -> Mapping[type, Callable[[State, Any], list[Event]]]:
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

    # ---------------------------------------------------------- the decider
    def start(self, config: GameConfig, rng: random.Random) -> list[Event]:
        market, decks = [], []
        for ids_in_row, row in zip(self.ids_in_rows, self.rules.rows, strict=True):
            ids = list(ids_in_row)
            rng.shuffle(ids)
            face_up = ids[: row.slots]
            market.append(tuple(face_up) + (EMPTY,) * (row.slots - len(face_up)))
            decks.append(tuple(ids[row.slots :]))
        return [
            _game_started(  # from the rule set's own tables: valid by construction
                players=config.players,
                market=tuple(market),
                decks=tuple(decks),
                deck_sizes=tuple(len(d) for d in decks),
                nobles=self.deal_extras(config.players, rng),
            )
        ]

    def decide(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        # The kernel's checks answer "is it this seat's move in a running game?",
        # which this engine's state says in two fields: when it is, go straight
        # to the handler; otherwise let the kernel refuse in its own words.
        handler = self.handlers.get(type(command))
        if handler is not None and command.seat == state.seat and state.step != OVER:
            return handler(state, command)
        return super().decide(state, command, rng)

    def decide_move(self, state: State, command: Command, rng: random.Random) -> list[Event]:
        return self.handlers[type(command)](state, command)

    def evolve(self, state: State | None, event: Event) -> State:
        return self.folders[type(event)](self, state, event)

    def fold(self, state: State | None, events: Iterable[Event]) -> State:
        # `decide` already folded its events to find the turn's end: reuse it.
        if state is not None and isinstance(events, (list, tuple)):
            hit = state.__dict__.get("fold")  # the memo, without the property call
            # Tuple equality tries identity first (in C): the same events are cheap.
            if hit is not None and hit[0] == tuple(events):
                return hit[1]
        return super().fold(state, events)

    def apply(self, state: State, command: Command | Mapping[str, Any], seed: int | None = None):
        # Same result as Game.apply; skips seeding a generator decide never draws from.
        if not isinstance(command, Command):
            command = self.parse_command(command)
        return self.fold(state, self.decide(state, command, _NO_RNG))

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
        stalled = state.passes >= len(state.players)
        return Outcome(
            ranks=ranks,
            scores=tuple(float(p.points) for p in state.players),
            reason="no player could act for a whole round" if stalled else "points",
        )

    def view(self, state: State, seat: int | None) -> JsonDict:
        return views.view(self, state, seat)

    def redact(self, event: Event, seat: int | None) -> Event:
        return views.redact(event, seat)

    def sample_world(self, state: State, seat: int, seed: int) -> State:
        return views.sample_world(self, state, seat, seed)

    # ------------------------------------------------------------- helpers
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
        n = self._names.get(vec)
        if n is None:
            colors = self.rules.colors
            n = self._names[vec] = tuple(colors[i] for i in range(len(vec)) for _ in range(vec[i]))
        return n

    def color(self, name: str, what: str = "token") -> int:
        i = self.rules.index.get(name)
        if i is None:
            raise IllegalCommand(
                GemsCode.UNKNOWN_COLOR,
                f"unknown {what} colour {name!r}; colours: {', '.join(self.rules.colors)}",
            )
        return i

    def expect(self, s: State, step: int) -> None:
        if s.step != step:
            raise IllegalCommand(
                GemsCode.WRONG_STEP,
                f"seat {s.seat} must now {self.step_names[s.step].replace('_', ' ')}, "
                f"not {self.step_names[step].replace('_', ' ')}",
            )

    def close(self, s: State, events: list[Event], auto: bool = True) -> list[Event]:
        """Fold the command's events; if the turn has no decision left, end it
        (with the game's automatic events first). Memoizes the fold."""
        t = s
        folders = self.folders
        for e in events:
            t = folders[type(e)](self, t, e)
        if t.step == ENDING:
            extra = self.auto_events(t) if auto else None
            if extra:
                for e in extra:
                    t = folders[type(e)](self, t, e)
                events.extend(extra)
            end = self.turn_ended[s.seat]
            t = self.fold_turn_ended(self, t, end)
            events.append(end)
        s.__dict__["fold"] = (tuple(events), t)
        return events

    def _tokens_taken(self, seat: int, names: tuple[str, ...]) -> Event:
        event = self._taken.get((seat, names))
        if event is None:
            event = self._taken[seat, names] = _tokens_taken(seat=seat, tokens=names)
        return event

    def refill(self, s: State, row: int) -> int | None:
        deck = s.decks[row]
        return deck[0] if deck else None

    # ------------------------------------------------------------- actions
    def _take_different(self, s: State, cmd: TakeDifferent) -> list[Event]:
        if s.step != ACTION:
            self.expect(s, ACTION)
        idx = self._take_idx.get(cmd.colors)
        if idx is None:
            idx = tuple(sorted(self.color(c) for c in cmd.colors))
            if WILD in idx:
                raise IllegalCommand(
                    GemsCode.WILD_NOT_TAKEABLE,
                    f"{self.rules.wild} is only taken by reserving a card",
                )
            if len(set(idx)) != len(idx):
                raise IllegalCommand(GemsCode.COLORS_NOT_DIFFERENT, "the colours must all differ")
            self._take_idx[cmd.colors] = idx
        supply = s.supply
        for i in idx:
            if not supply[i]:
                raise IllegalCommand(
                    GemsCode.TOKEN_UNAVAILABLE, f"no {self.rules.colors[i]} token is left"
                )
        if len(idx) != 3 or not idx:
            avail = sum(1 for i in range(N_COLORS) if supply[i])
            if avail >= 3 or self.rules.short_take_exact:
                ok = len(idx) == min(3, avail)
            else:
                ok = 1 <= len(idx) <= avail
            if not ok or not idx:
                raise IllegalCommand(
                    GemsCode.TAKE_COUNT,
                    f"take 3 different colours (or as many as remain: {avail}), not {len(idx)}",
                )
        names = self._take_names.get(idx)
        if names is None:
            names = self._take_names[idx] = tuple(self.rules.colors[i] for i in idx)
        event = self._taken.get((cmd.seat, names))
        if event is None:
            event = self._tokens_taken(cmd.seat, names)
        return self.close(s, [event])

    def _take_same(self, s: State, cmd: TakeSame) -> list[Event]:
        if s.step != ACTION:
            self.expect(s, ACTION)
        i = self.color(cmd.color)
        if i == WILD:
            raise IllegalCommand(
                GemsCode.WILD_NOT_TAKEABLE, f"{self.rules.wild} is only taken by reserving a card"
            )
        if s.supply[i] < 4:
            raise IllegalCommand(
                GemsCode.TAKE_TWO_NEEDS_FOUR,
                f"two {cmd.color} need at least 4 in the supply; there are {s.supply[i]}",
            )
        tokens = (cmd.color, cmd.color)
        return self.close(s, [self._tokens_taken(cmd.seat, tokens)])

    def _check_reserve(self, s: State, row: int) -> None:
        self.expect(s, ACTION)
        if not self.rules.rows[row].reservable:
            raise IllegalCommand(
                GemsCode.NOT_RESERVABLE, f"{self.rules.rows[row].name} cards cannot be reserved"
            )
        if len(s.players[s.seat].reserved) >= self.rules.max_reserved:
            raise IllegalCommand(
                GemsCode.RESERVE_LIMIT, f"at most {self.rules.max_reserved} reserved cards"
            )

    def _reserve(self, s: State, cmd: Reserve) -> list[Event]:
        card = self._card(cmd.card)
        row = self.rules.cards.row[card]
        self._check_reserve(s, row)
        if card not in s.market[row]:
            raise IllegalCommand(GemsCode.CARD_NOT_AVAILABLE, f"card {card} is not face up")
        event = _card_reserved(
            seat=cmd.seat,
            card=card,
            level=row + 1,
            from_deck=False,
            wild=s.supply[WILD] > 0,
            refill=self.refill(s, row),
        )
        return self.close(s, [event])

    def _reserve_top(self, s: State, cmd: ReserveTop) -> list[Event]:
        row = cmd.level - 1
        if not 0 <= row < len(self.rules.rows):
            raise IllegalCommand(GemsCode.UNKNOWN_LEVEL, f"there is no level {cmd.level}")
        self._check_reserve(s, row)
        if not s.decks[row]:
            raise IllegalCommand(GemsCode.DECK_EMPTY, f"the level {cmd.level} deck is empty")
        event = _card_reserved(
            seat=cmd.seat,
            card=s.decks[row][0],
            level=cmd.level,
            from_deck=True,
            wild=s.supply[WILD] > 0,
            refill=None,
        )
        return self.close(s, [event])

    def _buy(self, s: State, cmd: Buy) -> list[Event]:
        if s.step != ACTION:
            self.expect(s, ACTION)
        card = cmd.card
        if not 0 <= card < self.card_count:
            self._card(card)  # refuses
        p = s.players[cmd.seat]
        t = self.rules.cards
        row = t.row[card]
        if card in p.reserved:
            refill = None
        elif card in s.market[row]:
            deck = s.decks[row]
            refill = deck[0] if deck else None  # the row's top card replaces it
        else:
            raise IllegalCommand(
                GemsCode.CARD_NOT_AVAILABLE, f"card {card} is neither face up nor reserved by you"
            )
        if cmd.wild_for is None:
            paid = payment(self.cost_items[card], t.wild_cost[card], p.bonus, p.tokens)
            if paid is None:
                raise IllegalCommand(GemsCode.CANNOT_AFFORD, f"you cannot afford card {card}")
        else:
            paid = self._chosen_payment(card, p, cmd.wild_for)
        event = _card_bought(seat=cmd.seat, card=card, paid=self.names(paid), refill=refill)
        return self.close(s, [event])

    def _chosen_payment(self, card: int, p: Player, wild_for: tuple[str, ...]) -> tuple[int, ...]:
        """The tokens paid for `card` when wild tokens stand in for the
        colours named in `wild_for` (one name per wild token)."""
        per_color = self._wild_for.get(wild_for)
        if per_color is None:
            counts = [0] * N_COLORS
            for name in wild_for:
                i = self.color(name)
                if i == WILD:
                    raise IllegalCommand(
                        GemsCode.BAD_PAYMENT,
                        f"{self.rules.wild} stands in for coloured tokens, not for itself",
                    )
                counts[i] += 1
            per_color = tuple(counts)
            if len(wild_for) <= self.rules.wild_tokens:  # keep the memo small
                self._wild_for[wild_for] = per_color
        t = self.rules.cards
        paid = chosen(self.cost_items[card], t.wild_cost[card], p.bonus, p.tokens, per_color)
        if paid == "excess":
            raise IllegalCommand(
                GemsCode.BAD_PAYMENT,
                f"wild_for replaces more tokens of a colour than card {card} costs you",
            )
        if paid == "short":
            raise IllegalCommand(
                GemsCode.CANNOT_AFFORD, f"you cannot pay card {card} that way (wild_for)"
            )
        if paid == "default":
            raise IllegalCommand(
                GemsCode.DEFAULT_PAYMENT,
                f"that is how card {card} is paid by default: buy it without wild_for",
            )
        assert not isinstance(paid, str)
        return paid

    def _return(self, s: State, cmd: ReturnTokens) -> list[Event]:
        if s.step != RETURN:
            self.expect(s, RETURN)
        p = s.players[cmd.seat]
        excess = sum(p.tokens) - self.rules.token_limit
        v = self.vecs.get(cmd.tokens)  # memoized only once every colour was known
        if v is None:
            for c in cmd.tokens:
                self.color(c)
        if len(cmd.tokens) != excess:  # before `vec`, whose memo must stay small
            raise IllegalCommand(
                GemsCode.RETURN_COUNT, f"return exactly {excess} token(s), not {len(cmd.tokens)}"
            )
        if v is None:
            v = self.vec(cmd.tokens)
        v0, v1, v2, v3, v4, v5 = v
        t0, t1, t2, t3, t4, t5 = p.tokens
        if v0 > t0 or v1 > t1 or v2 > t2 or v3 > t3 or v4 > t4 or v5 > t5:
            raise IllegalCommand(GemsCode.RETURN_NOT_HELD, "you do not hold those tokens")
        return self.close(s, [_tokens_returned(seat=cmd.seat, tokens=self.names(v))])

    def _pass(self, s: State, cmd: Pass) -> list[Event]:
        self.expect(s, ACTION)
        if legal.actions(self, s, cmd.seat):
            raise IllegalCommand(GemsCode.PASS_NOT_ALLOWED, "pass only when no action is possible")
        return self.close(s, [_passed(seat=cmd.seat)])

    def _card(self, card: int) -> int:
        if not 0 <= card < len(self.rules.cards):
            raise IllegalCommand(GemsCode.UNKNOWN_CARD, f"there is no card {card}")
        return card
