"""`start` and `decide`: set a game up and turn commands into events.

The turn's own commands are here (draft, take, little help, place, stash,
unstash, end turn, choose stack); potion effects are in `effects`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command, Event

from . import messages as m
from .data import (
    BURNERS,
    CLOCK,
    COLOUR_INDEX,
    COLOURS,
    MARBLES_PER_COLOUR,
    POOL_LIMIT,
    SKILL_TOKENS,
    TILES,
    TRACK_LENGTH,
    TRACKS,
    TYPE_INDEX,
    TYPES,
    TYPES_IN_GAME,
)
from .dispenser import explode
from .effects import EFFECT_COMMANDS, decide_effect
from .errors import PotionCode
from .flow import Flow, check_completion_limit, check_phase, check_play, check_take, refuse
from .rules import (
    may_end_take,
    placeable,
    slots_for,
    stashable,
)
from .state import DRAFT, REFILL, TIEBREAK, State


def start(config: m.PotionExplosionConfig, rng: random.Random) -> list[Event]:
    n = config.players
    if config.excluded is None:
        excluded = set(rng.sample(range(len(TYPES)), len(TYPES) - TYPES_IN_GAME))
    else:
        excluded = {TYPE_INDEX[t] for t in config.excluded}
    types = tuple(t for t in range(len(TYPES)) if t not in excluded)
    marbles = [c for c in range(len(COLOURS)) for _ in range(MARBLES_PER_COLOUR)]
    rng.shuffle(marbles)
    on_tracks = TRACKS * TRACK_LENGTH
    tracks = tuple(
        tuple(COLOURS[c] for c in marbles[i * TRACK_LENGTH : (i + 1) * TRACK_LENGTH])
        for i in range(TRACKS)
    )
    rest = marbles[on_tracks:]
    counts = [rest.count(c) for c in range(len(COLOURS))]
    reservoir = (counts[0], counts[1], counts[2], counts[3])
    in_game = [t for t in TILES if t.type in types]
    offer = tuple(sorted(rng.sample([t.id for t in in_game if t.start], 2 * n)))
    others = [t.id for t in in_game if t.id not in offer]
    rng.shuffle(others)
    stacks = tuple(tuple(others[i::TRACKS]) for i in range(TRACKS))
    clock = config.clock or CLOCK[n]
    return [
        m.Started(
            players=n,
            types=tuple(TYPES[t] for t in types),
            tracks=tracks,
            reservoir=reservoir,
            offer=offer,
            stacks=stacks,
            clock=clock,
            supply=max(0, SKILL_TOKENS - clock),
            max_rounds=config.max_rounds,
        )
    ]


def _draft(f: Flow, c: m.Draft) -> None:
    s = f.state
    check_phase(s, DRAFT, "drafting")
    if c.tile not in s.offer:
        raise refuse(
            PotionCode.NOT_OFFERED, f"tile {c.tile} is not among the offered starting tiles"
        )
    n = len(s.players)
    slot = 0 if 2 * n - len(s.offer) < n else 1
    f.emit(m.Drafted(seat=c.seat, tile=c.tile, slot=slot))
    if not f.state.offer:
        f.emit(m.TurnBegan(seat=0, round=1))


def _take(f: Flow, c: m.Take) -> None:
    s = f.state
    if s.phase == TIEBREAK:
        check_take(s, c.track, c.pos)
        removals = explode(s.tracks[c.track], c.pos)
        f.emit(
            m.Dispensed(
                seat=c.seat, source="tiebreak", removals=tuple((c.track, p, k) for p, k in removals)
            )
        )
        f.refill()
        return
    check_play(s, "a regular take")
    if s.turn.taken:
        raise refuse(PotionCode.ALREADY_TAKEN, "you already took your marble this turn")
    check_take(s, c.track, c.pos)
    removals = explode(s.tracks[c.track], c.pos)
    f.emit(
        m.Dispensed(
            seat=c.seat, source="take", removals=tuple((c.track, p, k) for p, k in removals)
        )
    )
    f.refill()


def _little_help(f: Flow, c: m.LittleHelp) -> None:
    s = f.state
    check_play(s, "little help")
    if s.turn.helped:
        raise refuse(PotionCode.HELP_USED, "little help only once per turn")
    check_take(s, c.track, c.pos)
    f.emit(m.Dispensed(seat=c.seat, source="help", removals=((c.track, c.pos, 1),)))
    f.refill()


def _place(f: Flow, c: m.Place) -> None:
    s = f.state
    check_play(s, "placing a marble")
    colour = COLOUR_INDEX[c.colour]
    if not s.turn.hand[colour]:
        raise refuse(PotionCode.NOT_IN_HAND, f"no {c.colour} marble in hand")
    player = s.players[c.seat]
    if c.slot not in range(BURNERS) or player.burners[c.slot] is None:
        raise refuse(PotionCode.NO_POTION, f"no potion on burner {c.slot}")
    if c.slot not in slots_for(player, colour):
        raise refuse(
            PotionCode.NO_HOLE, f"the potion on burner {c.slot} has no open {c.colour} hole"
        )
    check_completion_limit(s, c.slot, colour)
    f.emit(m.Placed(seat=c.seat, colour=c.colour, slot=c.slot))
    f.complete_if_full(c.seat, c.slot)


def _stash(f: Flow, c: m.Stash) -> None:
    s = f.state
    check_play(s, "filling the pool")
    colour = COLOUR_INDEX[c.colour]
    hand, kept = s.turn.hand, s.turn.kept
    if not hand[colour]:
        raise refuse(PotionCode.NOT_IN_HAND, f"no {c.colour} marble in hand")
    if hand[colour] <= kept[colour]:
        raise refuse(
            PotionCode.FROM_POOL, f"your {c.colour} marbles in hand came from the pool this turn"
        )
    player = s.players[c.seat]
    if slots_for(player, colour):
        raise refuse(PotionCode.MUST_PLACE, f"a {c.colour} marble must go onto your potion first")
    if sum(player.pool) >= POOL_LIMIT:
        raise refuse(PotionCode.POOL_FULL, f"the pool holds at most {POOL_LIMIT} marbles")
    f.emit(m.Stashed(seat=c.seat, colour=c.colour))


def _unstash(f: Flow, c: m.Unstash) -> None:
    s = f.state
    check_play(s, "taking from the pool")
    if not s.players[c.seat].pool[COLOUR_INDEX[c.colour]]:
        raise refuse(PotionCode.NOT_IN_POOL, f"no {c.colour} marble in your pool")
    f.emit(m.Unstashed(seat=c.seat, colour=c.colour))


def _end_turn(f: Flow, c: m.EndTurn) -> None:
    s = f.state
    check_play(s, "ending the turn")
    if not may_end_take(s):
        raise refuse(PotionCode.TAKE_REQUIRED, "take a marble from the dispenser first")
    places = placeable(s)
    if places:
        colour, slot = places[0]
        raise refuse(
            PotionCode.MUST_PLACE, f"place your {COLOURS[colour]} marble on burner {slot} first"
        )
    spare = stashable(s)
    if spare:
        raise refuse(
            PotionCode.MUST_STASH,
            f"put your {COLOURS[spare[0]]} marble into the pool first: marbles go back"
            " to the dispenser only when the pool is full",
        )
    # What is left in hand now came from the pool this turn, or the pool is full:
    # those marbles go back into it while it has room (rulebook), the rest to the
    # dispenser with `turn_ended`.
    room = POOL_LIMIT - sum(s.players[c.seat].pool)
    for colour in range(len(COLOURS)):
        for _ in range(min(room, s.turn.hand[colour])):
            f.emit(m.Stashed(seat=c.seat, colour=COLOURS[colour]))
            room -= 1
    f.emit(m.TurnEnded(seat=c.seat))
    f.refill()
    if not needs_burner(f.state):
        f.finish_turn()


def needs_burner(state: State) -> bool:
    player = state.players[state.current]
    return None in player.burners and any(state.stacks)


def _choose_stack(f: Flow, c: m.ChooseStack) -> None:
    s = f.state
    check_phase(s, REFILL, "refilling a burner")
    if not 0 <= c.stack < len(s.stacks):
        raise refuse(PotionCode.NO_STACK, f"there is no stack {c.stack}")
    stack = s.stacks[c.stack]
    if not stack:
        raise refuse(PotionCode.EMPTY_STACK, f"stack {c.stack} is empty")
    slot = s.players[c.seat].burners.index(None)
    revealed = stack[1] if len(stack) > 1 else None
    f.emit(m.BurnerFilled(seat=c.seat, slot=slot, stack=c.stack, tile=stack[0], revealed=revealed))
    if not needs_burner(f.state):
        f.finish_turn()


# Each handler takes its own command type; the dispatch on type(command) pairs them.
_TURN: dict[type[Command], Callable[[Flow, Any], None]] = {
    m.Draft: _draft,
    m.Take: _take,
    m.LittleHelp: _little_help,
    m.Place: _place,
    m.Stash: _stash,
    m.Unstash: _unstash,
    m.EndTurn: _end_turn,
    m.ChooseStack: _choose_stack,
}


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    flow = Flow(state, rng)
    handler = _TURN.get(type(command))
    if handler is not None:
        handler(flow, command)
    else:
        assert type(command) in EFFECT_COMMANDS
        decide_effect(flow, command)
    return flow.events
