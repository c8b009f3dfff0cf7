"""Moves and the ways of making them: how policies branch over commands that
differ only in a detail of how a move is made (a payment, in the gem games).

A command class may name such fields in `variant_fields` (a ClassVar, e.g.
`Buy.variant_fields = ("wild_for",)`). A command with one of them set is a
*way* of making the move that the same command with all of them None makes
by default; a game that lists such a variant must list the default too, first.
Policies branch over moves and choose the way apart (docs/policies.md):
`random` uniformly among the ways of the move it drew; search keeps one tree
node per move, below the root the default way, at the root the way greedy's
evaluation likes best.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from tabletop.kernel import Command

from .policy import command_key

_FIELDS: dict[type, tuple[str, ...]] = {}  # per command class, its variant fields


def variant_fields(cls: type) -> tuple[str, ...]:
    fields = _FIELDS.get(cls)
    if fields is None:
        fields = _FIELDS[cls] = tuple(getattr(cls, "variant_fields", ()))
    return fields


def is_variant(command: Command) -> bool:
    """Is this a way of making a move other than its default way?"""
    fields = _FIELDS.get(type(command))
    if fields is None:
        fields = variant_fields(type(command))
    if not fields:
        return False
    values = command.__dict__
    return any(values[f] is not None for f in fields)


def move_key(command: Command) -> Hashable:
    """The `command_key` of the move `command` makes (its default way's)."""
    fields = variant_fields(type(command))
    if not fields:
        return command_key(command)
    values: dict[str, Any] = command.__dict__
    return (type(command), *(None if k in fields else v for k, v in values.items()))


def moves(legal: list[Command]) -> list[list[Command]]:
    """The legal commands grouped by move, in the order the moves first appear;
    each group starts with the way listed first (the default)."""
    groups: dict[Hashable, list[Command]] = {}
    for command in legal:
        key = move_key(command)
        group = groups.get(key)
        if group is None:
            groups[key] = [command]
        else:
            group.append(command)
    return list(groups.values())


def random_move(legal: list[Command], rng: random.Random) -> Command:
    """Uniform over the moves, then over the ways of the one drawn: a card
    with five ways to pay is not bought five times as often."""
    group = rng.choice(moves(legal))
    return group[0] if len(group) == 1 else rng.choice(group)
