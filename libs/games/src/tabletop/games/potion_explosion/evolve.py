"""`evolve`: the pure fold of one event into the state. Never random: every
chance outcome (refills, stacks) is inside the events.

This fold runs for every event of every playout and bot search, so records
are copied with their own `_replace` (what `tabletop.kernel.replace` calls,
without the wrapper's extra call), and the most frequent events (stash,
unstash, place, take, refill) rebuild a record from its changed leading
fields and the untouched rest (`State(players, turn, *s[2:])`): one
constructor call, several times cheaper than `_replace` on 16 fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel import Event

from . import events as ev
from .data import COLOUR_INDEX, TILES, TYPE_INDEX
from .dispenser import Tracks, add, remove
from .state import (
    NO_MARBLES,
    OVER,
    PLAY,
    REFILL,
    TIEBREAK,
    Burner,
    Marbles,
    Pending,
    Player,
    State,
    Turn,
    bump,
    burner,
    counts,
    plus,
)

# Positions of the fields for the positional rebuilds: `*s[:_PHASE]` keeps
# every field of a state before `phase`, `*s[_ROUND + 1 :]` every one after `round`.
_PHASE, _ROUND = State._fields.index("phase"), State._fields.index("round")
_STACKS, _ENDING = State._fields.index("stacks"), State._fields.index("ending")
_DRUNK, _HELPS = Player._fields.index("drunk"), Player._fields.index("helps")
_NEW_TURN = Turn()
_NO_PENDING = Pending(-1, -1)  # the defaults of `Pending`'s last fields
# `_new(Record, values)`: a record built from all its values in one C call,
# without the Python-level `__new__` of a NamedTuple's constructor (the hot
# folds below build two to four records per event).
_new = tuple.__new__


def _player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def _started(_: State | None, e: ev.Started) -> State:
    return State(
        players=tuple(Player() for _ in range(e.players)),
        turn=Turn(),
        types=tuple(TYPE_INDEX[t] for t in e.types),
        tracks=tuple(tuple(COLOUR_INDEX[c] for c in row) for row in e.tracks),
        reservoir=e.reservoir,
        stacks=e.stacks,
        offer=e.offer,
        clock=e.clock,
        supply=e.supply,
        max_rounds=e.max_rounds,
        tiebreak_marbles=(0,) * e.players,
    )


def _drafted(s: State, e: ev.Drafted) -> State:
    p = s.players[e.seat]
    burners = list(p.burners)
    burners[e.slot] = burner(e.tile)
    offer = tuple(t for t in s.offer if t != e.tile)
    player = p._replace(burners=(burners[0], burners[1]))
    return s._replace(players=_player(s, e.seat, player), offer=offer)


def turn_began(s: State, seat: int, round_: int) -> State:
    """`seat`'s turn of round `round_` begins: the fold of `turn_began`, which
    `decide` also calls with the values it has computed."""
    # s._replace(turn=Turn(), phase=PLAY, current=seat, round=round_), in one call
    return _new(State, (s.players, _NEW_TURN, *s[2:_PHASE], PLAY, seat, round_, *s[_ROUND + 1 :]))


def _turn_began(s: State, e: ev.TurnBegan) -> State:
    return turn_began(s, e.seat, e.round)


def _dispensed(s: State, e: ev.Dispensed) -> State:
    tracks, taken = remove(s.tracks, e.removals)
    got = counts(taken)
    source = e.source
    if source == "take" or source == "help":
        return into_hand(s, e.seat, source == "help", tracks, got)
    t = s.turn
    if source == "discard":
        pend = t.pending
        assert pend is not None
        pend = pend._replace(done=pend.done + len(taken), track=e.removals[0][0], colour=taken[0])
        return s._replace(
            tracks=tracks, reservoir=plus(s.reservoir, got), turn=t._replace(pending=pend)
        )
    if source == "tiebreak":
        marbles = list(s.tiebreak_marbles)
        marbles[e.seat] = len(taken)
        rest = s.tiebreak[1:]
        return s._replace(
            tracks=tracks,
            reservoir=plus(s.reservoir, got),
            tiebreak=rest,
            tiebreak_marbles=tuple(marbles),
            phase=TIEBREAK if rest else OVER,
            current=rest[0] if rest else s.current,
        )
    return s._replace(tracks=tracks, turn=t._replace(hand=plus(t.hand, got)))


def into_hand(s: State, seat: int, helped: bool, tracks: Tracks, got: Marbles) -> State:
    """Marbles `got` into the seat's hand from the regular take, or from Little
    Help (`helped`), leaving `tracks`: the fold of those `dispensed` events,
    which `decide` also calls with the values it has computed."""
    t = s.turn
    hand = plus(t.hand, got)
    if not helped:
        return _new(State, (s.players, _new(Turn, (hand, t.kept, True, *t[3:])), tracks, *s[3:]))
    p = s.players[seat]
    players = _player(s, seat, _new(Player, (*p[:_HELPS], p.helps + 1, *p[_HELPS + 1 :])))
    turn = _new(Turn, (hand, t.kept, t.taken, True, *t[4:]))
    return _new(State, (players, turn, tracks, *s[3:]))


def refilled(s: State, added: tuple[tuple[int, int], ...]) -> State:
    """`added` marbles, (track, colour) pairs, from the reservoir onto the tracks:
    the fold of `refilled`, which `decide` also calls with the colours it drew."""
    reservoir = list(s.reservoir)
    for _, c in added:
        reservoir[c] -= 1
    res = (reservoir[0], reservoir[1], reservoir[2], reservoir[3])
    return _new(State, (s.players, s.turn, add(s.tracks, added), res, *s[4:]))


def _refilled(s: State, e: ev.Refilled) -> State:
    return refilled(s, tuple((t, COLOUR_INDEX[c]) for t, c in e.marbles))


def _fill(p: Player, slot: int, hole: int, colour: int) -> Player:
    """A `colour` marble into a `hole`-coloured hole (the same but for Prismatic Joy)."""
    burners = list(p.burners)
    b = burners[slot]
    assert b is not None
    filled, marbles = bump(b.filled, hole, 1), bump(b.marbles, colour, 1)
    burners[slot] = _new(Burner, (b.tile, filled, marbles, bump(b.unfilled, hole, -1)))
    return _new(Player, ((burners[0], burners[1]), *p[1:]))


def place(s: State, seat: int, slot: int, colour: int) -> State:
    """A `colour` marble from the seat's hand into its burner `slot`: the fold of
    `placed`, which `decide` also calls with the values it has already checked."""
    t = s.turn
    kept = bump(t.kept, colour, -1) if t.kept[colour] else t.kept
    turn = _new(Turn, (bump(t.hand, colour, -1), kept, *t[2:]))
    players = list(s.players)  # `_player`, inline in the three hottest folds
    players[seat] = _fill(players[seat], slot, colour, colour)
    return _new(State, (tuple(players), turn, *s[2:]))


def _placed(s: State, e: ev.Placed) -> State:
    return place(s, e.seat, e.slot, COLOUR_INDEX[e.colour])


def _completed(s: State, e: ev.Completed) -> State:
    p = s.players[e.seat]
    burners = list(p.burners)
    b = burners[e.slot]
    assert b is not None and b.tile == e.tile
    burners[e.slot] = None
    player = _new(
        Player,
        ((burners[0], burners[1]), p.pool, (*p.completed, e.tile), (*p.drunk, False), *p[4:]),
    )
    t = s.turn
    turn = _new(Turn, (*t[:4], t.completed + 1, t.pending))
    players = _player(s, e.seat, player)
    return _new(State, (players, turn, s.tracks, plus(s.reservoir, b.marbles), *s[4:]))


def stash(s: State, seat: int, colour: int) -> State:
    """A `colour` marble from hand into the seat's pool (the fold of `stashed`)."""
    players, t = list(s.players), s.turn
    p = players[seat]
    players[seat] = _new(Player, (p.burners, bump(p.pool, colour, 1), *p[2:]))
    turn = _new(Turn, (bump(t.hand, colour, -1), *t[1:]))
    return _new(State, (tuple(players), turn, *s[2:]))


def unstash(s: State, seat: int, colour: int) -> State:
    """A `colour` marble from the seat's pool into hand (the fold of `unstashed`)."""
    players, t = list(s.players), s.turn
    p = players[seat]
    players[seat] = _new(Player, (p.burners, bump(p.pool, colour, -1), *p[2:]))
    turn = _new(Turn, (bump(t.hand, colour, 1), bump(t.kept, colour, 1), *t[2:]))
    return _new(State, (tuple(players), turn, *s[2:]))


def _stashed(s: State, e: ev.Stashed) -> State:
    return stash(s, e.seat, COLOUR_INDEX[e.colour])


def _unstashed(s: State, e: ev.Unstashed) -> State:
    return unstash(s, e.seat, COLOUR_INDEX[e.colour])


def _drunk(s: State, e: ev.Drunk) -> State:
    seat, potion = e.seat, e.potion
    p = s.players[seat]
    drunk = list(p.drunk)
    drunk[potion] = True
    player = _new(Player, (*p[:_DRUNK], tuple(drunk), *p[_DRUNK + 1 :]))  # p._replace(drunk=...)
    pending = _new(Pending, (TILES[p.completed[potion]].type, potion, *_NO_PENDING[2:]))
    return _new(State, (_player(s, seat, player), _new(Turn, (*s.turn[:5], pending)), *s[2:]))


def _reused(s: State, e: ev.Reused) -> State:
    tile = s.players[e.seat].completed[e.potion]
    return s._replace(turn=s.turn._replace(pending=Pending(TILES[tile].type, e.potion)))


def _stolen(s: State, e: ev.Stolen) -> State:
    victim = s.players[e.opponent]
    players = _player(s, e.opponent, victim._replace(pool=NO_MARBLES))
    t = s.turn
    return s._replace(players=players, turn=t._replace(hand=plus(t.hand, victim.pool)))


def _transmuted(s: State, e: ev.Transmuted) -> State:
    p = s.players[e.seat]
    colour = COLOUR_INDEX[e.colour]
    p = p._replace(pool=bump(p.pool, colour, -1))
    p = _fill(p, e.slot, COLOUR_INDEX[e.hole], colour)
    pend = s.turn.pending
    assert pend is not None
    turn = s.turn._replace(pending=pend._replace(done=pend.done + 1))
    return s._replace(players=_player(s, e.seat, p), turn=turn)


def _effect_finished(s: State, e: ev.EffectFinished) -> State:
    return _new(State, (s.players, _new(Turn, (*s.turn[:5], None)), *s[2:]))


def turn_ended(s: State) -> State:
    """The fold of `turn_ended` (it reads nothing of the event)."""
    # s._replace(turn=..., reservoir=..., phase=REFILL), in one call
    turn = Turn(completed=s.turn.completed) if s.turn.completed else _NEW_TURN
    reservoir = plus(s.reservoir, s.turn.hand)
    return _new(
        State, (s.players, turn, s.tracks, reservoir, *s[4:_PHASE], REFILL, *s[_PHASE + 1 :])
    )


def _turn_ended(s: State, e: ev.TurnEnded) -> State:
    return turn_ended(s)


def _burner_filled(s: State, e: ev.BurnerFilled) -> State:
    seat, tile, stack = e.seat, e.tile, e.stack
    stacks = list(s.stacks)
    assert stacks[stack][0] == tile
    stacks[stack] = stacks[stack][1:]
    p = s.players[seat]
    burners = list(p.burners)
    burners[e.slot] = burner(tile)
    player = _new(Player, ((burners[0], burners[1]), *p[1:]))
    ending = s.ending or ("" if any(stacks) else "stacks")
    # s._replace(players=..., stacks=..., ending=...), in one call
    return _new(
        State,
        (
            _player(s, seat, player),
            *s[1:_STACKS],
            tuple(stacks),
            *s[_STACKS + 1 : _ENDING],
            ending,
            *s[_ENDING + 1 :],
        ),
    )


def _skill_awarded(s: State, e: ev.SkillAwarded) -> State:
    p = s.players[e.seat]
    if e.reason == "variety":
        p = p._replace(variety=True)
    else:
        p = p._replace(mastered=tuple(sorted((*p.mastered, TYPE_INDEX[e.reason]))))
    p = p._replace(skills=p.skills + 1)
    clock, supply = (s.clock - 1, s.supply) if e.clock else (s.clock, s.supply - 1)
    ending = s.ending or ("clock" if e.clock and clock == 0 else "")
    return s._replace(players=_player(s, e.seat, p), clock=clock, supply=supply, ending=ending)


def _game_ended(s: State, e: ev.GameEnded) -> State:
    if e.tiebreak:
        return s._replace(
            phase=TIEBREAK, ending=e.reason, tiebreak=e.tiebreak, current=e.tiebreak[0]
        )
    return s._replace(phase=OVER, ending=e.reason)


_FOLD: dict[type[Event], Callable[[Any, Any], State]] = {
    ev.Started: _started,
    ev.Drafted: _drafted,
    ev.TurnBegan: _turn_began,
    ev.Dispensed: _dispensed,
    ev.Refilled: _refilled,
    ev.Placed: _placed,
    ev.Completed: _completed,
    ev.Stashed: _stashed,
    ev.Unstashed: _unstashed,
    ev.Drunk: _drunk,
    ev.Reused: _reused,
    ev.Stolen: _stolen,
    ev.Transmuted: _transmuted,
    ev.EffectFinished: _effect_finished,
    ev.TurnEnded: _turn_ended,
    ev.BurnerFilled: _burner_filled,
    ev.SkillAwarded: _skill_awarded,
    ev.GameEnded: _game_ended,
}


def evolve(state: State | None, event: Event) -> State:
    fold = _FOLD.get(type(event))
    if fold is None:
        raise TypeError(f"not a Potion Explosion event: {event!r}")
    if state is None and not isinstance(event, ev.Started):
        raise ValueError("a game starts with `started`")
    return fold(state, event)


def evolve_decided(state: State, event: Event) -> State:
    """`evolve` for the events `decide` records on a running game: they are
    this game's own and never the first, so the fold skips those checks."""
    return _FOLD[type(event)](state, event)
