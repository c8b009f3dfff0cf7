"""The card pool: every card whose text is fully implemented, with its code.

A Pokémon's attacks are effect scripts (a plain attack is just `hit()`); an
Ability is either a script used from the main phase or a passive; a Trainer
is a script plus the condition under which it can be played. Reprints (the
illustration rares) share the code of the card they reprint. A card that is
not registered here is not in the pool, and decks holding it are refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import Card, catalog
from .damage import PASSIVES, Passive
from .effects import Step, register_script
from .state import State

# (state, seat, card instance) -> may this Trainer be played / this Ability be used now?
Condition = Callable[[State, int, int], bool]


@dataclass(frozen=True)
class Entry:
    attacks: int = 0  # how many attack scripts are registered
    ability: bool = False  # an Ability used from the main phase
    repeatable: bool = False  # "as often as you like during your turn" (else once a turn)
    on_play: bool = False  # a script run when played from the hand (to the Bench / to evolve)
    ability_usable: Condition | None = None
    trainer: bool = False
    playable: Condition | None = None
    stadium_effect: bool = False  # a Stadium whose effect a player may use
    stadium_usable: Condition | None = None
    on_knock_out: bool = False  # a Tool's effect when its owner's Active is Knocked Out


POOL: dict[str, Entry] = {}


def _signature(c: Card) -> tuple:
    return (c.name, c.kind, c.subtypes, c.hp, c.attacks, c.abilities, c.text)


def _reprints(card_id: str) -> list[str]:
    """`card_id` and every other printing with the same text."""
    cards = catalog()
    wanted = _signature(cards[card_id])
    return [cid for cid, c in cards.items() if cid.startswith("sv1-") and _signature(c) == wanted]


def _check_attacks(card_id: str, attacks: tuple[tuple[Step, ...], ...]) -> None:
    printed = len(catalog()[card_id].attacks)
    if len(attacks) != printed:
        raise ValueError(f"{card_id} has {printed} attacks, {len(attacks)} registered")


def pokemon(
    card_id: str,
    *attacks: tuple[Step, ...],
    ability: tuple[Step, ...] | None = None,
    usable: Condition | None = None,
    passive: Passive | None = None,
    repeatable: bool = False,
    on_play: tuple[Step, ...] | None = None,
) -> None:
    _check_attacks(card_id, attacks)
    for cid in _reprints(card_id):
        for index, steps in enumerate(attacks):
            register_script(f"{cid}/attack/{index}", steps)
        if on_play is not None:
            register_script(f"{cid}/on_play", on_play)
        if ability is not None:
            register_script(f"{cid}/ability", ability)
        if passive is not None:
            PASSIVES[cid] = passive
        POOL[cid] = Entry(
            attacks=len(attacks),
            ability=ability is not None,
            repeatable=repeatable,
            ability_usable=usable,
            on_play=on_play is not None,
        )


def trainer(
    card_id: str,
    steps: tuple[Step, ...] = (),
    *,
    playable: Condition | None = None,
    passive: Passive | None = None,
    stadium_effect: tuple[Step, ...] | None = None,
    stadium_usable: Condition | None = None,
    on_knock_out: tuple[Step, ...] | None = None,
) -> None:
    for cid in _reprints(card_id):
        register_script(f"{cid}/trainer", steps)
        if on_knock_out is not None:
            register_script(f"{cid}/on_knock_out", on_knock_out)
        if stadium_effect is not None:
            register_script(f"{cid}/stadium", stadium_effect)
        if passive is not None:
            PASSIVES[cid] = passive
        POOL[cid] = Entry(
            trainer=True,
            playable=playable,
            stadium_effect=stadium_effect is not None,
            stadium_usable=stadium_usable,
            on_knock_out=on_knock_out is not None,
        )


def implemented() -> frozenset[str]:
    """Card ids a deck may hold: the registered cards and every basic Energy."""
    from . import pool  # noqa: F401  (registers the cards)

    energy = {cid for cid, c in catalog().items() if c.is_basic_energy}
    return frozenset(POOL) | energy
