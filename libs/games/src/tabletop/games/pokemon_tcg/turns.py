"""What happens between the players' decisions: Knock Outs and prizes,
promotion, winning, the end of a turn, Pokémon Checkup and the next turn.

`advance` runs after every command and goes on until a player must decide
(a prompt, or the main phase of a turn) or the game is over.
"""

from __future__ import annotations

from operator import attrgetter

from tabletop.kernel import EventBuilder

from . import chance
from .damage import hp, is_ex, is_marked
from .effects import resume, run
from .events import (
    CardsMoved,
    CheckupDone,
    ConditionChanged,
    Damaged,
    GameOver,
    KnockedOut,
    MarkerAdded,
    PromptClosed,
    PromptOpened,
    SuddenDeath,
    Switched,
    TurnEnded,
    TurnStarted,
)
from .interned import interned, made
from .registry import POOL, Entry
from .state import (
    ASLEEP,
    ATTACKED,
    BETWEEN,
    CARDS,
    CHECKUP,
    CHOOSE_FIRST,
    MAIN,
    PARALYZED,
    Mon,
    Side,
    State,
)

NO_ENTRY = Entry()
# The events of every turn, made positionally (interned).
_turn_ended = interned(TurnEnded, "seat")
_turn_started = interned(TurnStarted, "seat", "turn")
_prompt_closed = interned(PromptClosed, "seat")
_CHECKUP_DONE = CheckupDone()
_knocked_out = interned(KnockedOut, "seat", "pokemon", "by_attack", "by_damage")
_moved = made(CardsMoved, "seat", "cards", "count", "source", "dest")
_promote = made(PromptOpened, "seat", "kind", "options", "need", "most", "key")
_switched = interned(Switched, "seat", "to")
_counters = interned(Damaged, "target", "amount", "counters")


def advance(b: EventBuilder[State], before: State) -> None:
    """Run the game on after a command from `before` until a player must decide."""
    # Outside an attack, what `knockouts` does depends on the Pokémon in play and the
    # prizes alone, and once it has run on them it has nothing more to do there: a
    # draw, a Trainer, a turn's end need not ask again. A main-phase decision has had
    # it run on its own (every state that commands or their replay reach).
    settled = before.sides if before.phase == MAIN and before.prompt is None else None
    while True:
        s = b.state
        if s.winners or s.prompt is not None:
            return
        phase = s.phase
        if phase < MAIN:  # choosing who goes first, setting up
            return
        sides = s.sides
        if (
            phase == ATTACKED
            or settled is None
            or (sides is not settled and not _same_in_play(sides, settled))
        ):
            knockouts(b)
            s = b.state  # Knock Outs may have ended the game or started Sudden Death
            if s.winners or s.prompt is not None or s.phase == CHOOSE_FIRST:
                return
            settled, phase = s.sides, s.phase
        if phase == MAIN:
            return
        if phase == ATTACKED:
            b.emit(_turn_ended[s.current])
        elif phase == CHECKUP:
            checkup(b)
        elif phase == BETWEEN:
            start_turn(b)
        else:
            return


def _same_in_play(sides: tuple[Side, Side], settled: tuple[Side, Side]) -> bool:
    """The same Pokémon in play and prizes on both sides (records are immutable: the
    same objects)."""
    a, z = sides
    was, wz = settled
    return (
        a.active is was.active
        and a.bench is was.bench
        and a.prizes is was.prizes
        and z.active is wz.active
        and z.bench is wz.bench
        and z.prizes is wz.prizes
    )


def _order(s: State) -> tuple[int, int]:
    """The current player first (a decision: the rulebook does not say)."""
    return s.current, 1 - s.current


def knockouts(b: EventBuilder[State]) -> None:
    """Knock Out every Pokémon with damage >= HP; the other player takes 1
    prize for each (2 for a Pokémon ex); then check who won; then ask for
    new Active Pokémon."""
    if b.state.phase == ATTACKED and _knock_out_triggers(b):
        return  # a Tool asks its owner first (Exp. Share); Knock Outs follow once answered
    s = b.state
    if _nothing_to_do(s):
        return
    down = _down(s)
    if down:
        due = [0, 0]
        by_attack = s.phase == ATTACKED
        for seat, mon in down:
            by_damage = mon.card in s.downed_by_attack
            b.emit(_knocked_out[seat, mon.card, by_attack, by_damage])
            due[1 - seat] += 2 if is_ex(s, mon) else 1
        for seat in _order(s):
            prizes = b.state.sides[seat].prizes[: due[seat]]
            if prizes:
                b.emit(_moved(seat, prizes, len(prizes), "prizes", "hand"))
    if _check_winners(b):
        return
    for seat in _order(b.state):
        side = b.state.sides[seat]
        if side.active is None and side.bench:
            options = tuple(mon.card for mon in side.bench)
            b.emit(_promote(seat, "promote", options, 1, 1, "promote"))
            return


def _nothing_to_do(s: State) -> bool:
    """The usual case, asked before building anything: both Active Spots filled, both
    players with prizes left, and no Pokémon in play with damage >= its HP."""
    cards = s.cards
    for side in s.sides:
        active = side.active
        if active is None or not side.prizes:
            return False
        if active.damage and active.damage >= CARDS[cards[active.card]].hp:
            return False
        # An undamaged Bench (the usual case) asked in C, without a bytecode per Pokémon.
        if any(map(_DAMAGE, side.bench)):
            for mon in side.bench:
                if mon.damage and mon.damage >= CARDS[cards[mon.card]].hp:
                    return False
    return True


_DAMAGE = attrgetter("damage")


def _down(s: State) -> list[tuple[int, Mon]]:
    """The Pokémon in play whose damage reached their HP, the current player's first
    (every HP is > 0: an undamaged Pokémon needs no look-up)."""
    down: list[tuple[int, Mon]] = []
    for seat in _order(s):
        side = s.sides[seat]
        active = side.active
        if active is not None and active.damage and active.damage >= hp(s, active):
            down.append((seat, active))
        for mon in side.bench:
            if mon.damage and mon.damage >= hp(s, mon):
                down.append((seat, mon))
    return down


def _knock_out_triggers(b: EventBuilder[State]) -> bool:
    """Before an Active Pokémon Knocked Out by damage from the opponent's attack
    (not by damage counters, not by Doom Decree) leaves play,
    the Tools on its owner's Bench with a Knock Out effect run, each once (a
    marker on the Tool remembers it). True when one of them asks a question."""
    s = b.state
    if s.phase != ATTACKED:
        return False
    seat = 1 - s.current
    active = s.sides[seat].active
    if active is None or active.card not in s.downed_by_attack:
        return False
    for mon in s.sides[seat].bench:
        tool = mon.tool
        if tool < 0 or not POOL.get(s.cards[tool], NO_ENTRY).on_knock_out:
            continue
        if is_marked(b.state, "knock_out_effect_used", tool):
            continue
        b.emit(MarkerAdded(kind="knock_out_effect_used", target=tool, until=s.turn))
        variables = (("from", (active.card,)), ("to", (mon.card,)))
        run(b, f"{s.cards[tool]}/on_knock_out", seat, tool, variables)
        if b.state.prompt is not None:
            return True
    return False


def _check_winners(b: EventBuilder[State]) -> bool:
    s = b.state
    a, z = s.sides
    if a.prizes and z.prizes and (a.active or a.bench) and (z.active or z.bench):
        return False  # the usual case, without building the reasons
    met = [0, 0]
    why: list[list[str]] = [[], []]
    for seat in (0, 1):
        if not s.sides[seat].prizes:
            met[seat] += 1
            why[seat].append("took the last prize")
        if not s.sides[1 - seat].mons():
            met[seat] += 1
            why[seat].append("the opponent has no Pokémon in play")
    if not any(met):
        return False
    if met[0] != met[1]:
        winner = 0 if met[0] > met[1] else 1
        reason = f"seat {winner} " + " and ".join(why[winner])
        b.emit(GameOver(winners=(winner,), reason=reason))
    else:
        b.emit(SuddenDeath(chooser=b.rng.randrange(2)))
    return True


def answer_engine_prompt(
    b: EventBuilder[State], kind: str, picks: tuple[int, ...], seat: int
) -> None:
    if kind == "promote":
        b.emit(_switched[seat, picks[0]])


def close_prompt(b: EventBuilder[State]) -> None:
    """The pending prompt is complete: hand the picks to whoever asked."""
    prompt = b.state.prompt
    assert prompt is not None
    b.emit(_prompt_closed[prompt.seat])
    if prompt.resume is None:
        answer_engine_prompt(b, prompt.kind, prompt.picked, prompt.seat)
    else:
        resume(b, prompt.resume, prompt.key, prompt.picked)


def checkup(b: EventBuilder[State]) -> None:
    """Pokémon Checkup, for each Active Pokémon: Poisoned, Burned (then a
    flip: heads recovers), Asleep (flip: heads wakes up), Paralyzed (recovers
    after its owner's turn). Knock Outs follow (in `advance`)."""
    s = b.state
    a, z = s.sides
    if not (a.rotation or a.poison or a.burned or z.rotation or z.poison or z.burned):
        b.emit(_CHECKUP_DONE)  # the usual case: no special condition on either side
        return
    for seat in _order(s):
        side = b.state.sides[seat]
        active = side.active
        if active is None:
            continue
        if side.poison:
            b.emit(_counters[active.card, 10 * side.poison, True])
        if side.burned:
            b.emit(_counters[active.card, 20, True])
            if chance.flip(b, seat):
                b.emit(ConditionChanged(seat=seat, condition="burned", on=False))
        if side.rotation == ASLEEP and chance.flip(b, seat):
            b.emit(ConditionChanged(seat=seat, condition="asleep", on=False))
        if side.rotation == PARALYZED and seat == s.current and side.rotation_turn < s.turn:
            b.emit(ConditionChanged(seat=seat, condition="paralyzed", on=False))
    b.emit(_CHECKUP_DONE)


def start_turn(b: EventBuilder[State]) -> None:
    s = b.state
    seat = s.first if s.turn == 0 else 1 - s.current
    b.emit(_turn_started[seat, s.turn + 1])
    if not b.state.sides[seat].deck:
        b.emit(GameOver(winners=(1 - seat,), reason=f"seat {seat} could not draw a card"))
        return
    chance.draw(b, seat, 1)
