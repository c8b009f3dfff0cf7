"""Effects as scripts of steps, and prompts that pause them.

An effect (an attack, a Trainer, an Ability, the mulligan extra draws) is a
tuple of steps registered under a key ("sv1-63/attack/0", "sv1-188/trainer").
A step reads and changes the game only by emitting events through the
builder; it keeps what later steps need in `ctx.vars` (ints and tuples of
ints, so they travel in events). A step that needs a player's choice returns
an `Ask`: the script pauses, a prompt opens for the right player, and once the
picks are made the script resumes at the next step with the picks in
`ctx.vars[key]`. The engine never chooses for a player.

Cards in play modify or prevent what effects do through passives (damage.py).

Invariant: cards picked from a hidden pile (a deck search, a hand) are acted
on by the very next step, before any other prompt, so no hidden pick is ever
stored in a paused effect's variables (sample_world re-deals hidden piles
freely; tests/games/pokemon_tcg/test_tcg_hidden.py checks it). A step may run
another script (a copied attack, a when-played effect) only as its last step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.kernel import EventBuilder

from .events import PromptOpened
from .interned import made
from .state import Mon, Resume, State, Vars


class Stop:
    """Returned by a step to end its effect at once ("this attack does nothing")."""


STOP = Stop()


@dataclass(frozen=True)
class Ask:
    kind: str
    options: tuple[int, ...]
    key: str = "choice"
    need: int = 1
    most: int = 1
    seat: int | None = None  # None: the effect's controller
    hidden: bool = False  # options the other player may not see (cards of a deck)


@dataclass(slots=True)
class Ctx:
    b: EventBuilder[State]
    seat: int  # the effect's controller
    source: int  # the card whose effect this is (the attacking Pokémon, the Trainer...)
    vars: dict[str, Any] = field(default_factory=dict)

    @property
    def state(self) -> State:
        return self.b.state

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def me(self) -> Mon | None:
        """The source Pokémon, if still in play."""
        return self.state.sides[self.seat].find(self.source)

    def picks(self, key: str = "choice") -> tuple[int, ...]:
        return tuple(self.vars.get(key, ()))


Step = Callable[[Ctx], Ask | Stop | None]

SCRIPTS: dict[str, tuple[Step, ...]] = {}


def register_script(key: str, steps: tuple[Step, ...]) -> None:
    SCRIPTS[key] = steps


def _frozen(vars: dict[str, Any]) -> Vars:
    return tuple(
        sorted((k, tuple(v) if isinstance(v, list | tuple) else v) for k, v in vars.items())
    )


# Positional, unvalidated (made, not interned: a prompt's options and variables are
# those of one game, so a table of them would only grow).
_prompt_opened = made(
    PromptOpened,
    *("seat", "kind", "options", "need", "most", "key", "hidden"),
    *("script", "step", "source", "controller", "vars"),
)


def run(
    b: EventBuilder[State], key: str, seat: int, source: int, vars: Vars = (), start: int = 0
) -> None:
    """Run the script `key` from step `start` until it ends or asks."""
    steps = SCRIPTS[key]
    ctx = Ctx(b, seat, source, dict(vars))
    for index in range(start, len(steps)):
        if b.state.winners:
            return
        result = steps[index](ctx)
        if result is None:  # most steps
            continue
        if isinstance(result, Stop):
            return
        if isinstance(result, Ask):
            # Nothing to choose: an empty choice. Not for a choice among hidden
            # cards, though: whether it asks must not tell the other player
            # whether the hidden pile holds a match (a search that finds nothing
            # still asks, and the searcher answers "done").
            if result.most <= 0 or (not result.options and not result.hidden):
                ctx.vars[result.key] = ()
                continue
            b.emit(
                _prompt_opened(
                    seat if result.seat is None else result.seat,
                    result.kind,
                    result.options,
                    min(result.need, len(result.options)),
                    # A search's limit is its text's (it must not tell how many matched).
                    result.most if result.hidden else min(result.most, len(result.options)),
                    result.key,
                    result.hidden,
                    key,
                    index + 1,
                    source,
                    seat,
                    _frozen(ctx.vars),
                )
            )
            return


def resume(b: EventBuilder[State], where: Resume, key: str, picks: tuple[int, ...]) -> None:
    run(b, where.script, where.seat, where.source, (*where.vars, (key, picks)), where.step)
