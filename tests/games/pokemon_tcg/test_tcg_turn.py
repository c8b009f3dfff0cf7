"""A turn: draw, then bench Basics (5 at most), evolve (not on a player's
first turn, not a Pokémon that came into play or evolved this turn), attach
one Energy, play Trainers (one Supporter, not on the first player's first
turn; one Stadium, not one of the same name; one Tool per Pokémon), retreat
once paying the cost, then attack (not on the first player's first turn)."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.commands import (
    AttachEnergy,
    EndTurn,
    Evolve,
    PlayBasic,
    PlayTrainer,
    Retreat,
    UseAttack,
)
from tabletop.games.pokemon_tcg.legal import legal_commands
from tabletop.games.pokemon_tcg.state import MAIN, State
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, mon, play

F, G = "sve-6", "sve-1"


def test_the_turn_starts_with_a_draw() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")))
    top = s.sides[1].deck[0]
    after = play(s, EndTurn(seat=0))
    assert after.current == 1 and after.phase == MAIN and top in after.sides[1].hand


def test_bench_holds_five() -> None:
    t = Table()
    bench = tuple(t.mon(0, "sv1-146") for _ in range(5))
    (extra,) = t.cards_of(0, "sv1-84")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        benches=(bench, ()),
        hands=((extra,), ()),
    )
    with pytest.raises(IllegalCommand, match="Bench is full"):
        play(s, PlayBasic(seat=0, card=extra))


def test_evolution_rules() -> None:
    t = Table()
    mankey = t.mon(0, "sv1-107", damage=20, energy=[F])
    (primeape, fresh_basic) = t.cards_of(0, "sv1-108", "sv1-107")
    s = t.state(
        actives=(mankey, t.mon(1, "sv1-146")),
        hands=((primeape, fresh_basic), ()),
        turn=2,
        current=0,
        first=1,
    )
    with pytest.raises(IllegalCommand, match="first turn"):
        play(s, Evolve(seat=0, card=primeape, target=mankey.card))
    s = replace(s, turn=4)
    benched = play(s, PlayBasic(seat=0, card=fresh_basic))
    with pytest.raises(IllegalCommand, match="came into play or evolved this turn"):
        play(benched, Evolve(seat=0, card=primeape, target=fresh_basic))
    evolved = play(s, Evolve(seat=0, card=primeape, target=mankey.card))
    top = mon(evolved, primeape)
    # Evolving keeps damage and Energy.
    assert (top.damage, top.energy, top.below) == (20, mankey.energy, (mankey.card,))


def test_evolving_cures_special_conditions() -> None:
    t = Table()
    mankey = t.mon(0, "sv1-107")
    (primeape,) = t.cards_of(0, "sv1-108")
    s = t.state(actives=(mankey, t.mon(1, "sv1-146")), hands=((primeape,), ()), turn=5)
    s = replace(s, sides=(replace(s.sides[0], poison=1, rotation=1), s.sides[1]))
    after = play(s, Evolve(seat=0, card=primeape, target=mankey.card))
    assert (after.sides[0].poison, after.sides[0].rotation) == (0, 0)


def test_one_energy_from_hand_per_turn() -> None:
    t = Table()
    e1, e2 = t.cards_of(0, F, F)
    active = t.mon(0, "sv1-107")
    s = t.state(actives=(active, t.mon(1, "sv1-146")), hands=((e1, e2), ()))
    s = play(s, AttachEnergy(seat=0, card=e1, target=active.card))
    with pytest.raises(IllegalCommand, match="already attached an Energy"):
        play(s, AttachEnergy(seat=0, card=e2, target=active.card))


def _nemonas(turn: int) -> tuple[State, int, int]:
    t = Table()
    n1, n2 = t.cards_of(0, "sv1-180", "sv1-180")  # Nemona: draw 3
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((n1, n2), ()), turn=turn)
    return s, n1, n2


def test_supporter_once_per_turn_and_not_on_the_first_players_first_turn() -> None:
    s, n1, _ = _nemonas(turn=1)
    with pytest.raises(IllegalCommand, match="cannot play a Supporter on their first turn"):
        play(s, PlayTrainer(seat=0, card=n1))
    s, n1, n2 = _nemonas(turn=3)
    s = play(s, PlayTrainer(seat=0, card=n1))
    assert len(s.sides[0].hand) == 4  # Nemona: draw 3
    with pytest.raises(IllegalCommand, match="already played a Supporter"):
        play(s, PlayTrainer(seat=0, card=n2))


def test_the_second_player_may_play_a_supporter_on_their_first_turn() -> None:
    t = Table()
    (n1,) = t.cards_of(1, "sv1-180")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((), (n1,)), turn=2, current=1
    )
    assert len(play(s, PlayTrainer(seat=1, card=n1)).sides[1].hand) == 3


def test_stadium_once_per_turn_and_not_the_same_name() -> None:
    t = Table()
    court, court2 = t.cards_of(0, "sv1-167", "sv1-167")
    (theirs,) = t.cards_of(1, "sv1-167")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((court, court2), ()))
    s = play(s, PlayTrainer(seat=0, card=court))
    assert s.stadium == court
    with pytest.raises(IllegalCommand, match="already played a Stadium"):
        play(s, PlayTrainer(seat=0, card=court2))
    s = play(s, EndTurn(seat=0))
    s = replace(s, sides=(s.sides[0], replace(s.sides[1], hand=(*s.sides[1].hand, theirs))))
    with pytest.raises(IllegalCommand, match="Beach Court is already in play"):
        play(s, PlayTrainer(seat=1, card=theirs))


def test_one_tool_per_pokemon() -> None:
    t = Table()
    band, band2 = t.cards_of(0, "sv1-197", "sv1-197")
    active = t.mon(0, "sv1-146")
    s = t.state(actives=(active, t.mon(1, "sv1-146")), hands=((band, band2), ()))
    s = play(s, PlayTrainer(seat=0, card=band, target=active.card))
    assert mon(s, active.card).tool == band
    with pytest.raises(IllegalCommand, match="already has a Tool"):
        play(s, PlayTrainer(seat=0, card=band2, target=active.card))


def test_retreat_pays_the_cost_once_per_turn() -> None:
    t = Table()
    active = t.mon(0, "sv1-107", energy=[F, F])  # Mankey: Retreat Cost 1
    b1, b2 = t.mon(0, "sv1-146"), t.mon(0, "sv1-84")
    s = t.state(actives=(active, t.mon(1, "sv1-146")), benches=((b1, b2), ()))
    with pytest.raises(IllegalCommand, match="Retreat Cost is 1"):
        play(s, Retreat(seat=0, to=b1.card, discard=active.energy))
    after = play(s, Retreat(seat=0, to=b1.card, discard=active.energy[:1]))
    assert after.sides[0].active.card == b1.card
    assert active.energy[0] in after.sides[0].discard
    assert mon(after, active.card).energy == active.energy[1:]
    with pytest.raises(IllegalCommand, match="already retreated"):
        play(after, Retreat(seat=0, to=b2.card, discard=()))
    options = [c for c in legal_commands(s, 0) if isinstance(c, Retreat)]
    assert len(options) == 4  # 2 Energy to pay with x 2 Pokémon to promote


def test_the_first_player_cannot_attack_on_the_first_turn() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), t.mon(1, "sv1-146")), turn=1)
    with pytest.raises(IllegalCommand, match="cannot attack on their first turn"):
        play(s, UseAttack(seat=0, attack=0))
    assert not any(isinstance(c, UseAttack) for c in legal_commands(s, 0))
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146", energy=[G])), turn=2, current=1)
    assert mon(play(s, UseAttack(seat=1, attack=0)), 0).damage == 40
