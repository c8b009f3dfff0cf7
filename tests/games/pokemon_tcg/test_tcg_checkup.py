"""Special conditions and Pokémon Checkup (after each turn, in this order):
Poisoned (1 counter), Burned (2 counters, then a flip: heads recovers),
Asleep (flip: heads wakes up), Paralyzed (recovers after its owner's turn),
then Knock Outs. Confused: flip to attack, tails → 3 counters on itself and
the attack fails. Asleep, Confused and Paralyzed replace each other."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.commands import EndTurn, Retreat, UseAttack
from tabletop.games.pokemon_tcg.events import ConditionChanged
from tabletop.games.pokemon_tcg.state import ASLEEP, CONFUSED, PARALYZED
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, coins, events_of, mon, play

P, G, D = "sve-5", "sve-1", "sve-7"


def _two() -> tuple[Table, object]:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), t.mon(1, "sv1-146")))
    return t, s


def _side(s, seat, **changes):  # type: ignore[no-untyped-def]
    sides = list(s.sides)
    sides[seat] = replace(sides[seat], **changes)
    return replace(s, sides=tuple(sides))


def test_poison_puts_one_counter_at_each_checkup() -> None:
    _, s = _two()
    s = _side(s, 1, poison=1)
    after = play(s, EndTurn(seat=0))
    assert mon(after, 60).damage == 10 and after.sides[1].poison == 1


def test_burn_puts_two_counters_then_heads_recovers() -> None:
    _, s = _two()
    s = _side(s, 1, burned=True)
    healed = play(s, EndTurn(seat=0), coins(True))
    assert mon(healed, 60).damage == 20 and not healed.sides[1].burned
    still = play(s, EndTurn(seat=0), coins(False))
    assert mon(still, 60).damage == 20 and still.sides[1].burned


def test_asleep_wakes_on_heads_only() -> None:
    _, s = _two()
    s = _side(s, 1, rotation=ASLEEP)
    assert play(s, EndTurn(seat=0), coins(True)).sides[1].rotation == 0
    assert play(s, EndTurn(seat=0), coins(False)).sides[1].rotation == ASLEEP


def test_checkup_order_poison_burn_sleep_then_knock_out() -> None:
    _, s = _two()
    s = _side(s, 1, poison=1, burned=True, rotation=ASLEEP)
    events = events_of(s, EndTurn(seat=0), coins(False, False))
    kinds = [(type(e).__name__, getattr(e, "amount", None)) for e in events]
    assert kinds[:4] == [
        ("TurnEnded", None),
        ("Damaged", 10),
        ("Damaged", 20),
        ("CoinFlipped", None),
    ]
    assert kinds[4:6] == [("CoinFlipped", None), ("CheckupDone", None)]


def test_checkup_damage_knocks_out_after_the_checkup() -> None:
    t = Table()
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146", damage=80)),
        benches=((), (t.mon(1, "sv1-84"),)),
    )
    s = _side(s, 1, poison=1)
    after = play(s, EndTurn(seat=0))
    assert after.sides[1].active is None and len(after.sides[0].prizes) == 5
    assert after.prompt is not None and after.prompt.kind == "promote"


def test_paralysis_lasts_through_its_owners_next_turn() -> None:
    t = Table()
    pawmi = t.mon(0, "sv1-73", energy=["sve-4"])  # Jolt: heads → Paralyzed
    s = t.state(actives=(pawmi, t.mon(1, "sv1-146", energy=[G])), turn=3)
    s = play(s, UseAttack(seat=0, attack=0), coins(True))
    assert s.sides[1].rotation == PARALYZED and s.current == 1
    with pytest.raises(IllegalCommand, match="Paralyzed Pokémon cannot attack"):
        play(s, UseAttack(seat=1, attack=0))
    s = play(s, EndTurn(seat=1))
    assert s.sides[1].rotation == 0  # recovered at the checkup after its owner's turn


def test_asleep_or_paralyzed_cannot_retreat() -> None:
    t = Table()
    active = t.mon(0, "sv1-146", energy=[G])
    s = t.state(actives=(active, t.mon(1, "sv1-146")), benches=((t.mon(0, "sv1-84"),), ()))
    for rotation in (ASLEEP, PARALYZED):
        stuck = _side(s, 0, rotation=rotation)
        with pytest.raises(IllegalCommand, match="cannot retreat"):
            play(stuck, Retreat(seat=0, to=s.sides[0].bench[0].card, discard=active.energy))


def test_confused_tails_puts_3_counters_on_itself_and_the_attack_fails() -> None:
    _, s = _two()
    s = _side(s, 0, rotation=CONFUSED)
    failed = play(s, UseAttack(seat=0, attack=0), coins(False))
    assert mon(failed, 0).damage == 30 and mon(failed, 60).damage == 0
    assert failed.current == 1  # the turn still ends
    worked = play(s, UseAttack(seat=0, attack=0), coins(True))
    assert mon(worked, 0).damage == 0 and mon(worked, 60).damage == 40


def test_asleep_confused_paralyzed_replace_each_other_poison_stacks() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")))
    s = _side(s, 1, rotation=ASLEEP, poison=1)
    s = play(s, EndTurn(seat=0), coins(False))  # still asleep, poisoned
    events = [ConditionChanged(seat=1, condition="confused", on=True)]
    from tabletop.games.pokemon_tcg import GAME

    s = GAME.fold(s, events)
    assert s.sides[1].rotation == CONFUSED and s.sides[1].poison == 1


def test_going_to_the_bench_cures_every_condition() -> None:
    t = Table()
    active = t.mon(0, "sv1-146", energy=[G])
    s = t.state(actives=(active, t.mon(1, "sv1-146")), benches=((t.mon(0, "sv1-84"),), ()))
    s = _side(s, 0, rotation=CONFUSED, poison=1, burned=True)
    after = play(s, Retreat(seat=0, to=s.sides[0].bench[0].card, discard=active.energy))
    side = after.sides[0]
    assert (side.rotation, side.poison, side.burned) == (0, 0, False)
