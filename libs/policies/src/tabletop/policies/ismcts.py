"""`ismcts`: information-set Monte Carlo tree search (single-observer ISMCTS,
Cowling, Powley & Whitehouse 2012), for any number of seats and with chance.

Fairness by construction: `IsmctsPolicy.choose` reads the real state only to
list its own seat's legal commands and, through a closure, to sample worlds
with `sample_world(state, seat, seed)`. `search` never sees the state itself.

Each iteration samples a world (a determinization), walks the shared tree in
it by UCB over the commands legal *in that world* (ISMCTS' availability
counts: an opponent's command that exists in only some worlds is judged only
against the visits in which it was available), expands one node, plays a
short rollout, evaluates every seat with `Game.evaluate`, and backs up each
seat's value into the edges that seat chose: every seat maximises its own
result, so 3-4 players need nothing special.

Nodes are keyed by the sequence of commands (their wire form) from the root,
not by views: commands are public once played, cheap to hash, and the same
in every sampled world, whereas a view is a large dict to build per step.
The tree branches over moves, not over the ways of making one (`moves.py`:
the payments of one card are one move): below the root a move is made its
default way; at the root, the way greedy's prior evaluates best, and that
way is the command returned.
Chance outcomes inside `decide` are drawn from the iteration's generator, so
an edge's statistics average over them (open-loop chance), which is what the
acting seat knows when it chooses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from tabletop.kernel import Command, Game, IllegalCommand, SearchHints

from .budget import Budget
from .moves import is_variant, move_key
from .policy import Choice, command_key, step
from .rollout import Rollout, random_rollout

Sampler = Callable[[int], Any]  # seed -> a world the seat cannot tell from the real state
T = TypeVar("T")


class Node:
    """An edge into a node: the command's statistics for the seat that chose it."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


EXPLORATION = 0.3  # values are win shares in [0, 1]; moves differ by a few %
PRIOR_VISITS = 2  # root commands start as if visited this often at greedy's value


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How `search` searches. The four knobs a game may hint (`c`, `prior`,
    `expand`, `widen` in specs) are None until set: `resolved` fills each from,
    in order, the setting given (a spec's "prior=4"), the game's hints
    (`Game.search_hints`), the defaults for the number of seats (`for_seats`)."""

    budget: Budget
    exploration: float | None = None  # UCB's c; EXPLORATION by default
    prior_visits: int | None = None  # PRIOR_VISITS by default
    # Untried commands expanded at once (the actor's best is backed up), and
    # progressive widening below the root (at most widen * sqrt(visits) children,
    # 0: no limit). By default chosen by the number of seats (see `for_seats`).
    expand: int | None = None
    widen: float | None = None
    rollout_depth: int = 0  # steps played past the tree before evaluating
    rollout: Rollout = random_rollout

    def resolved(self, game: Game[Any], world: Any) -> SearchSettings:
        """Every knob filled for a search in `world` (any sampled world: hints
        and seats are public): set > the game's hints > the seat defaults."""
        return self.hinted(game.search_hints(world)).for_seats(game.seats(world))

    def hinted(self, hints: SearchHints) -> SearchSettings:
        """The knobs still unset taken from a game's `hints`."""
        unknown = hints.keys() - SearchHints.__optional_keys__
        if unknown:
            raise ValueError(f"unknown search hint(s) {sorted(unknown)}")
        return replace(
            self,
            exploration=_unless_set(self.exploration, hints.get("c")),
            prior_visits=_unless_set(self.prior_visits, hints.get("prior")),
            expand=_unless_set(self.expand, hints.get("expand")),
            widen=_unless_set(self.widen, hints.get("widen")),
        )

    def for_seats(self, seats: int) -> SearchSettings:
        """The knobs still unset filled with the defaults. Two seats: one random
        expansion, no widening. Three or four: the plies of the other seats
        would bury the root seat's next turn, so expand best-of-3 (opponents
        that pick their better replies) and widen progressively (tournament
        figures, docs/policies.md)."""
        many = seats > 2
        return replace(
            self,
            exploration=_unless_set(self.exploration, EXPLORATION),
            prior_visits=_unless_set(self.prior_visits, PRIOR_VISITS),
            expand=_unless_set(self.expand, 3 if many else 1),
            widen=_unless_set(self.widen, 1.0 if many else 0.0),
        )


def _unless_set(value: T | None, default: T | None) -> T | None:
    return value if value is not None else default


@dataclass(frozen=True, slots=True)
class IsmctsPolicy:
    settings: SearchSettings
    name: str = "ismcts"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Command:
        return self.deliberate(game, state, seat, seed).command

    def deliberate(self, game: Game[Any], state: Any, seat: int, seed: int) -> Choice:
        """The command and how many iterations the search ran for it (0: forced)."""
        legal = game.legal_commands(state, seat)
        if len(legal) == 1:
            return Choice(legal[0])

        def sample(world_seed: int) -> Any:
            return game.sample_world(state, seat, world_seed)

        result = search(game, sample, legal, self.settings, seed)
        return Choice(result.command, result.iterations)


@dataclass(frozen=True, slots=True)
class SearchResult:
    command: Command
    iterations: int
    visits: dict[Hashable, int]


def search(
    game: Game[Any], sample: Sampler, legal: list[Command], settings: SearchSettings, seed: int
) -> SearchResult:
    """Search from the root seat's information set; `legal` are its commands."""
    rng = random.Random(seed)
    deadline = settings.budget.deadline()
    first = sample(rng.getrandbits(63))
    settings = settings.resolved(game, first)  # every knob set from here on
    assert settings.prior_visits is not None and settings.exploration is not None
    root, ways = _seeded_root(game, first, legal, settings.prior_visits, rng)
    iterations = 0
    while not settings.budget.spent(iterations, deadline):
        _iterate(game, root, sample(rng.getrandbits(63)), rng, settings, ways)
        iterations += 1
    return _pick(root, legal, iterations, rng, ways)


def _seeded_root(
    game: Game[Any], world: Any, legal: list[Command], visits: int, rng: random.Random
) -> tuple[Node, dict[Hashable, Command]]:
    """A root whose moves carry a greedy prior (their one-step evaluation in
    one sampled world) worth `visits` visits: search starts where greedy ends
    and only has to find what looking further changes. Every way of making
    a move is evaluated; the move's prior is its best way's, and that way,
    when it is not the default, is returned by move key (the root's `ways`)."""
    root = Node()
    ways: dict[Hashable, Command] = {}
    if visits <= 0:
        return root, ways
    best: dict[Hashable, float] = {}
    for command in legal:
        seat = command.seat
        try:
            value = game.evaluate(step(game, world, command, rng), seat)
        except IllegalCommand:
            continue
        key = move_key(command)
        if key in best and value <= best[key] + 1e-12:
            continue  # another way must be strictly better than the default
        best[key] = value
        if is_variant(command):
            ways[key] = command
        child = Node()
        child.visits = child.available = visits
        child.total = value * visits
        root.children[key] = child
    return root, ways


def _pick(
    root: Node,
    legal: list[Command],
    iterations: int,
    rng: random.Random,
    ways: dict[Hashable, Command],
) -> SearchResult:
    """The most visited legal root move (mean value breaks ties), made the
    way the root chose for it."""
    best, best_rank = None, (-1, -1.0)
    visits: dict[Hashable, int] = {}
    for command in legal:
        if is_variant(command):
            continue
        key = command_key(command)
        node = root.children.get(key)
        if node is None:
            continue
        visits[key] = node.visits
        rank = (node.visits, node.total / node.visits if node.visits else 0.0)
        if rank > best_rank:
            best, best_rank = ways.get(key, command), rank
    if best is None:  # no iteration ran (a budget too small)
        best = rng.choice(legal)
    return SearchResult(best, iterations, visits)


def _iterate(
    game: Game[Any],
    root: Node,
    world: Any,
    rng: random.Random,
    settings: SearchSettings,
    ways: dict[Hashable, Command],
) -> None:
    node, state = root, world
    path: list[tuple[Node, int]] = []  # (edge taken, seat that took it)
    c = settings.exploration
    assert c is not None, "search() resolves the settings first"
    while True:
        acting = game.to_act(state)
        if not acting:
            break
        actor = acting[0] if len(acting) == 1 else rng.choice(acting)
        untried: list[tuple[Hashable, Command]] = []
        chosen: tuple[Node, Command] | None = None
        best = -math.inf
        children = node.children
        for command in game.legal_commands(state, actor):
            if is_variant(command):
                continue  # one node per move: its default way stands for it
            key = command_key(command)
            child = children.get(key)
            if child is None:
                untried.append((key, command))
                continue
            child.available += 1
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best:
                best, chosen = score, (child, command)
        if untried and (chosen is None or len(children) < _widest(node, root, settings)):
            if node is root and ways:
                untried = [(key, ways.get(key, command)) for key, command in untried]
            if settings.expand and settings.expand > 1:
                _expand_several(game, children, untried, actor, state, path, rng, settings)
                return
            key, command = untried[0] if len(untried) == 1 else rng.choice(untried)
            child = Node()
            child.available = 1
            children[key] = child
            path.append((child, actor))
            state = step(game, state, command, rng)
            break
        if chosen is None:
            raise RuntimeError(f"{game.id}: seat {actor} must act but has no legal command")
        if node is root and ways:  # the way the root chose for the move
            command = ways.get(command_key(chosen[1]), chosen[1])
        else:
            command = chosen[1]
        node = chosen[0]
        path.append((node, actor))
        state = step(game, state, command, rng)
    state = settings.rollout(game, state, settings.rollout_depth, rng)
    _back_up(path, game.evaluate_all(state))


def _widest(node: Node, root: Node, settings: SearchSettings) -> float:
    """How many children `node` may have (progressive widening below the root):
    with few visits, search goes deeper along the commands it has rather than
    wider, so with 3-4 seats it still reaches the root seat's next turn."""
    if node is root or not settings.widen:
        return math.inf
    return max(1.0, settings.widen * math.sqrt(node.visits))


def _back_up(path: list[tuple[Node, int]], values: tuple[float, ...]) -> None:
    for edge, actor in path:
        edge.visits += 1
        edge.total += values[actor]


def _expand_several(
    game: Game[Any],
    children: dict[Hashable, Node],
    untried: list[tuple[Hashable, Command]],
    actor: int,
    state: Any,
    path: list[tuple[Node, int]],
    rng: random.Random,
    settings: SearchSettings,
) -> None:
    """Expand up to `settings.expand` untried commands at once, each scored by
    its own (rolled-out) evaluation, and back up the best of them for the
    actor: a cheap model of a seat that picks its better replies, where one
    random expansion would assume it plays at random."""
    expand = settings.expand or 1
    if len(untried) > expand:
        untried = rng.sample(untried, expand)
    best: tuple[float, ...] | None = None
    for key, command in untried:
        after = settings.rollout(game, step(game, state, command, rng), settings.rollout_depth, rng)
        values = game.evaluate_all(after)
        child = Node()
        child.available = child.visits = 1
        child.total = values[actor]
        children[key] = child
        if best is None or values[actor] > best[actor]:
            best = values
    assert best is not None
    _back_up(path, best)
