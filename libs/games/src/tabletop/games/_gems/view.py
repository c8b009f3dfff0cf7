"""Hidden information, filtered in one place: views, redacted events and
sampled worlds.

Hidden from everyone: the order of every deck. Hidden from the others: a card
reserved blind from a deck top (they see that one was reserved, and its
level). Everything else is on the table.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from tabletop.kernel import Event, JsonDict

from . import stall
from .events import CardReserved, GameStarted
from .state import EMPTY, OVER, Player, State

if TYPE_CHECKING:
    from .game import GemsGame


# ------------------------------------------------------------ the view model
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CardView(_Model):
    id: int | None = None  # None: a blind reservation seen by an opponent
    level: str
    hidden: bool = False
    bonus: str | None = None
    bonus_count: int = 0
    points: int = 0
    cost: dict[str, int] = {}
    name: str | None = None  # Pokémon
    evolves_to: str | None = None
    evolve_bonus: dict[str, int] | None = None


class NobleView(_Model):
    id: int
    points: int
    requires: dict[str, int]


class RowView(_Model):
    name: str
    deck: int  # cards left in the deck (their order is hidden)
    market: list[CardView | None]


class PlayerView(_Model):
    seat: int
    points: int
    tokens: dict[str, int]
    bonus: dict[str, int]
    cards: list[CardView]
    reserved: list[CardView]
    nobles: list[NobleView]
    under: list[CardView]  # Pokémon: evolved-from cards under the trainer tile


class OutcomeView(_Model):
    ranks: list[int]
    scores: list[float]
    reason: str


class GemsView(_Model):
    game: str
    seat: int | None
    turn: int
    step: str
    to_act: list[int]
    last_round: bool
    passes: int  # consecutive turns without an action (a whole round ends the game)
    # Rounds since a card last moved that ended on a token position seen
    # before; the stall guard ends the game at `stall_limit` (stall.py).
    stall_repeats: int
    stall_limit: int
    supply: dict[str, int]
    rows: list[RowView]
    nobles: list[NobleView]
    players: list[PlayerView]
    outcome: OutcomeView | None


# ---------------------------------------------------------------- the views
def view(g: GemsGame, s: State, seat: int | None) -> JsonDict:
    colors = g.rules.colors
    rows = [
        {
            "name": row.name,
            "deck": len(s.decks[r]),
            "market": [None if c == EMPTY else g.card_view(c) for c in s.market[r]],
        }
        for r, row in enumerate(g.rules.rows)
    ]
    outcome = g.outcome(s) if s.step == OVER else None
    return {
        "game": g.id,
        "seat": seat,
        "turn": s.turn,
        "step": g.step_names[s.step],
        "to_act": g.to_act(s),
        "last_round": s.ending,
        "passes": s.passes,
        "stall_repeats": s.stall.repeats,
        "stall_limit": stall.STALL_REPEATS,
        "supply": dict(zip(colors, s.supply, strict=True)),
        "rows": rows,
        "nobles": [g.noble_view(n) for n in s.nobles],
        "players": [_player(g, i, p, seat) for i, p in enumerate(s.players)],
        "outcome": None
        if outcome is None
        else {
            "ranks": list(outcome.ranks),
            "scores": list(outcome.scores),
            "reason": outcome.reason,
        },
    }


def _player(g: GemsGame, i: int, p: Player, seat: int | None) -> dict[str, Any]:
    colors = g.rules.colors
    rows = g.rules.rows
    table = g.rules.cards
    reserved = [
        {"id": None, "level": rows[table.row[c]].name, "hidden": True}
        if c in p.blind and seat != i
        else g.card_view(c)
        for c in p.reserved
    ]
    return {
        "seat": i,
        "points": p.points,
        "tokens": dict(zip(colors, p.tokens, strict=True)),
        "bonus": dict(zip(colors, p.bonus, strict=False)),
        "cards": [g.card_view(c) for c in p.cards],
        "reserved": reserved,
        "nobles": [g.noble_view(n) for n in p.nobles],
        "under": [g.card_view(c) for c in p.under],
    }


def card_view(g: GemsGame, c: int) -> dict[str, Any]:
    t = g.rules.cards
    colors = g.rules.colors
    cost = {colors[i]: n for i, n in enumerate(t.cost[c]) if n}
    if t.wild_cost[c]:
        cost[g.rules.wild] = t.wild_cost[c]
    return {
        "id": c,
        "level": g.rules.rows[t.row[c]].name,
        "bonus": colors[t.bonus[c]],
        "bonus_count": t.bonus_count[c],
        "points": t.points[c],
        "cost": cost,
    }


# --------------------------------------------------------- redacted events
def redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, GameStarted) and event.decks is not None:
        return event.model_copy(update={"decks": None})
    if isinstance(event, CardReserved) and event.from_deck and event.seat != seat:
        return event.model_copy(update={"card": None})
    return event


# ------------------------------------------------------------ sampled worlds
def sample_world(g: GemsGame, s: State, seat: int, seed: int) -> State:
    """Re-deal what `seat` cannot see: per row, the deck and the opponents'
    blind reservations from that row are pooled, sorted (so the result
    depends only on what `seat` knows), shuffled and dealt back in place."""
    rng = random.Random(seed)
    table = g.rules.cards
    decks = list(s.decks)
    players = list(s.players)
    blind_slots = [(i, c) for i, p in enumerate(players) if i != seat for c in p.blind]
    swap: dict[tuple[int, int], int] = {}
    for r in range(len(decks)):
        mine = [(i, c) for i, c in blind_slots if table.row[c] == r]
        pool = sorted([*decks[r], *(c for _, c in mine)])
        if not pool:
            continue
        rng.shuffle(pool)
        for k, (i, c) in enumerate(mine):
            swap[i, c] = pool[k]
        decks[r] = tuple(pool[len(mine) :])
    for i, p in enumerate(players):
        if i == seat or not p.blind:
            continue
        new = {c: swap[i, c] for c in p.blind}
        players[i] = p._replace(
            reserved=tuple(new.get(c, c) for c in p.reserved),
            blind=tuple(new[c] for c in p.blind),
        )
    return s._replace(players=tuple(players), decks=tuple(decks))
